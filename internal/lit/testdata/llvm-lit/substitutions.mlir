// DEFINE: %{check} = FileCheck %s --check-prefix
// RUN: echo x | %{check}=X
// X: x
// REDEFINE: %{check} = FileCheck --check-prefix=Y %s
// RUN: echo y | %{check}
// Y: y
// RUN: echo %%s %(line) | FileCheck %s --check-prefix=LINE
// LINE: %s 7
// RUN: echo %if no-such-feature %{ yes %} %else %{ no %} | FileCheck %s --check-prefix=IF
// IF: no
// RUN: echo %t | FileCheck %s --check-prefix=TMP
// TMP: substitutions.mlir.tmp
