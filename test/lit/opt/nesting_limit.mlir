// Input that nests deeper than --max-nesting-depth is a located error.
// RUN: tcp-opt %s --max-nesting-depth=2 --allow-unregistered-dialect -verify-diagnostics
// RUN: tcp-opt %s --max-nesting-depth=3 --allow-unregistered-dialect | FileCheck %s

// CHECK: "x.inner"
func.func @f() {
  "x.outer"() ({
    // expected-error@+1 {{nesting is deeper than 2 levels of regions, types and attributes (see --max-nesting-depth)}}
    "x.inner"() ({
    }) : () -> ()
  }) : () -> ()
  return
}
