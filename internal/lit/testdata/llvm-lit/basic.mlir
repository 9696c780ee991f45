// RUN: echo "func.func @f()" | FileCheck %s
// CHECK: func.func @f
