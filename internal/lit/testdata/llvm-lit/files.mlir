// RUN: rm -rf %t && mkdir -p %t/sub
// RUN: echo 1 > %t/sub/a.txt && echo 2 > %t/sub/b.txt && echo 3 > %t/sub/c.log
// RUN: cat %t/sub/*.txt | FileCheck %s
// CHECK: 1
// CHECK: 2
// RUN: diff %t/sub/a.txt %t/sub/a.txt
// RUN: not diff %t/sub/a.txt %t/sub/b.txt > %t/diff.out
// RUN: cmp %t/sub/a.txt %t/sub/a.txt
// RUN: not cmp -s %t/sub/a.txt %t/sub/b.txt
// RUN: rm %t/sub/a.txt && not cat %t/sub/a.txt 2> /dev/null
