// Package all registers every dialect: import it for its side effects
// (`import _ "github.com/tcp-project/tcp/dialect/all"`) in tools that must
// understand all ops. Keep this file a list of blank imports.
package all
