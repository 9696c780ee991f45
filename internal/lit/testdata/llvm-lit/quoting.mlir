// RUN: echo 'a  b' "c\"d" e\ f 'it'\''s' "\$x" '%%' | FileCheck %s
// CHECK: a  b c"d e f it's $x %
