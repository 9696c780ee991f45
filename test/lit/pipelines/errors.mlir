// The named pipeline's refusals: used where its module passes cannot be
// scheduled, with options, or misspelled.
// RUN: not tcp-opt --pass-pipeline='builtin.module(func.func(frontends-to-tcp-pipeline))' %s 2>&1 | FileCheck %s --check-prefix=NEST
// RUN: not tcp-opt --pass-pipeline='builtin.module(frontends-to-tcp-pipeline{x=1})' %s 2>&1 | FileCheck %s --check-prefix=OPTS
// RUN: not tcp-opt --frontends-to-tcp-pipeline=x=1 %s 2>&1 | FileCheck %s --check-prefix=FLAGOPTS
// RUN: not tcp-opt --frontends-to-tcp-pipelin %s 2>&1 | FileCheck %s --check-prefix=MISS

// NEST: error: invalid pass pipeline:1:26: in pipeline 'frontends-to-tcp-pipeline' ({{.*}}): unable to schedule pass 'refine-func-result-types' on a PassManager intended to run on 'func.func'!
// OPTS: error: invalid pass pipeline:1:42: pipeline 'frontends-to-tcp-pipeline' takes no options
// FLAGOPTS: pipeline 'frontends-to-tcp-pipeline' takes no options
// MISS: Did you mean '--frontends-to-tcp-pipeline'?
func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
