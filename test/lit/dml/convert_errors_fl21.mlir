// RUN: tcp-opt %s --convert-tcp-to-dml=feature-level=2.1 -split-input-file -verify-diagnostics

// What feature level 2.1 lacks: signed and 64-bit indices, DimensionCount
// other than 4 (4 or 5 for SLICE1, IDENTITY, CAST), GATHER_ND1, 64-bit data.

func.func @wrap_negative(%x: tensor<3x4xf32>, %i: tensor<2x4xi32>) -> tensor<2x4xf32> {
  // expected-error@below {{mode "wrap_negative" needs signed indices, which DirectML reads from the end only from feature level 3.0, got 2.1}}
  %0 = tcp.gather %x, %i {dim = 0 : index, mode = "wrap_negative"} : tensor<3x4xf32>, tensor<2x4xi32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @i64_indices(%x: tensor<3x4xf32>, %i: tensor<2x4xi64>) -> tensor<2x4xf32> {
  // expected-error@below {{tensor<2x4xi64> indices need feature level 3.0 (UINT32 only before), got 2.1, and narrowing them needs a 64-bit DML_OPERATOR_CAST (4.1)}}
  %0 = tcp.gather %x, %i {dim = 0 : index} : tensor<3x4xf32>, tensor<2x4xi64> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @rank5(%x: tensor<1x1x1x3x4xf32>, %i: tensor<1x1x1x2x4xi32>) -> tensor<1x1x1x2x4xf32> {
  // expected-error@below {{DML_OPERATOR_GATHER_ELEMENTS needs 5 dims, but feature level 2.1 allows only 4 (1 to 8 from 3.0)}}
  %0 = tcp.gather %x, %i {dim = 3 : index} : tensor<1x1x1x3x4xf32>, tensor<1x1x1x2x4xi32> -> tensor<1x1x1x2x4xf32>
  return %0 : tensor<1x1x1x2x4xf32>
}

// -----

func.func @slice_rank6(%x: tensor<1x1x1x1x1x4xf32>) -> tensor<1x1x1x1x1x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // expected-error@below {{DML_OPERATOR_SLICE1 needs 6 dims, but feature level 2.1 allows only 4 or 5 (1 to 8 from 3.0)}}
  %0 = tcp.slice %x starts(%c0, %c0, %c0, %c0, %c0, %c0) sizes(%c1, %c1, %c1, %c1, %c1, %c2) strides(%c1, %c1, %c1, %c1, %c1, %c1) : tensor<1x1x1x1x1x4xf32> -> tensor<1x1x1x1x1x2xf32>
  return %0 : tensor<1x1x1x1x1x2xf32>
}

// -----

func.func @batch_dims(%x: tensor<2x2x2xf32>, %i: tensor<2x1xi32>) -> tensor<2x2xf32> {
  // expected-error@below {{it needs DML_OPERATOR_GATHER_ND1, which needs feature level 3.0, got 2.1}}
  %0 = tcp.gather_nd %x, %i {batch_dims = 1 : index} : tensor<2x2x2xf32>, tensor<2x1xi32> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @f64_data(%x: tensor<3x4xf64>, %i: tensor<2x4xi32>) -> tensor<2x4xf64> {
  // expected-error@below {{FLOAT64 data in GATHER_ELEMENTS needs feature level 4.1, got 2.1}}
  %0 = tcp.gather %x, %i {dim = 0 : index} : tensor<3x4xf64>, tensor<2x4xi32> -> tensor<2x4xf64>
  return %0 : tensor<2x4xf64>
}
