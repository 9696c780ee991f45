// RUN: echo first \
// RUN:      second \
// RUN:   | FileCheck %s
// CHECK: first second
