// Package semdoc holds a test that runs the worked examples of
// docs/semantics.md through the interpreter: the tables of the index
// modes (section 2), tcp.gather (3.1), tcp.gather_nd (3.2), tcp.slice
// (3.4) and the scatters (3.9) are read from the document, each row becomes a function, and its
// result (or runtime error) must be what the row says. The document's
// numbers are therefore checked, not copied.
package semdoc
