// Package all registers every translation: import it for its side effects
// (`import _ "github.com/tcp-project/tcp/translate/all"`) in tools that run
// translations by name. Keep all.go a list of blank imports.
package all
