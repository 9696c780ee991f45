package interp

import "github.com/tcp-project/tcp/dialect/tf"

// The tf_executor graph form is not run by the interpreter (its regions
// read values from the enclosing function, which kernels do not see); run
// it after --convert-frontends-to-tcp, which inlines the graph.
func init() {
	why := "the tf_executor graph form runs after --convert-frontends-to-tcp inlines it"
	markUnsupported(map[string]string{tf.GraphName: why, tf.IslandName: why, tf.YieldName: why, tf.FetchName: why})
}
