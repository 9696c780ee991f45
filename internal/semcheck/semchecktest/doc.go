// Package semchecktest registers deliberately wrong passes for tests of
// the semantic checker (semcheck, tcp-opt --verify-semantics). Only tests
// import it, so the passes never reach a product binary.
//
//	test-drop-gather-mode  removes mode and fill_value from every tcp.gather
//	                       (clip, wrap, fill become promise_in_bounds: an
//	                       out-of-range index now raises an error)
//	test-gather-to-wrap    sets mode = "wrap" on every tcp.gather whose mode
//	                       is clip (different values out of range)
package semchecktest
