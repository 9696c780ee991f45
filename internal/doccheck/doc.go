// Package doccheck holds a test that keeps the repository's documents
// self-contained: every Markdown file, Go file (comments and messages) and
// lit test that names a .md file or a path inside the repository names one
// the repository has, and nothing names the design notes the project
// started from, which a clone does not contain.
package doccheck
