// Package all registers every pass and conversion: import it for its side
// effects (`import _ "github.com/tcp-project/tcp/passes/all"`) in tools
// that accept pass pipelines. Keep this file a list of blank imports.
package all
