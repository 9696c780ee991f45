// RUN: echo hello > %t
// RUN: cat %t | FileCheck %s --check-prefix=HELLO
// HELLO: hello
// RUN: not cat %t.missing 2> %t.err
// RUN: count 1 < %t.err
// RUN: echo one >> %t && echo two >> %t && count 3 < %t
// RUN: not cat %t.missing 2>&1 | count 1
// RUN: echo to-stderr >&2 2> /dev/null | count 0
// RUN: > %t.empty && count 0 < %t.empty
