// RUN: tcp-opt %s -split-input-file -verify-diagnostics

func.func @init_rank(%x: tensor<3x2xi1>, %c: tensor<1xi1>) {
  // expected-error@+1 {{'stablehlo.reduce' op expects a 0-d init and a result of the input's element type i1, got tensor<1xi1> and tensor<3xi1>}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.and across dimensions = [1] : (tensor<3x2xi1>, tensor<1xi1>) -> tensor<3xi1>
  return
}

// -----

func.func @dims(%x: tensor<3x2xi1>, %c: tensor<i1>) {
  // expected-error@+1 {{'stablehlo.reduce' op dimensions [2] must be unique and in [0, 2)}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.and across dimensions = [2] : (tensor<3x2xi1>, tensor<i1>) -> tensor<3xi1>
  return
}

// -----

func.func @shape(%x: tensor<3x2xi1>, %c: tensor<i1>) {
  // expected-error@+1 {{'stablehlo.reduce' op expects result shape [3], got tensor<2xi1>}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.and across dimensions = [1] : (tensor<3x2xi1>, tensor<i1>) -> tensor<2xi1>
  return
}

// -----

func.func @body(%x: tensor<3x2xi1>, %c: tensor<i1>) {
  // expected-error@+1 {{'stablehlo.reduce' op supports only a body of one binary op (stablehlo.add, stablehlo.multiply, stablehlo.and, stablehlo.or, stablehlo.maximum, stablehlo.minimum) on the two block arguments, returned}}
  %0 = "stablehlo.reduce"(%x, %c) ({
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    "stablehlo.return"(%a) : (tensor<i1>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<3x2xi1>, tensor<i1>) -> tensor<3xi1>
  return
}

// -----

func.func @applies(%x: tensor<3x2xi1>, %c: tensor<i1>) {
  // expected-error@+1 {{expected one of stablehlo.add, stablehlo.multiply, stablehlo.and, stablehlo.or, stablehlo.maximum, stablehlo.minimum after 'applies'}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.xor across dimensions = [1] : (tensor<3x2xi1>, tensor<i1>) -> tensor<3xi1>
  return
}

