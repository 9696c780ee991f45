module github.com/tcp-project/tcp

go 1.26.8

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/google/go-cmp v0.7.0
	golang.org/x/tools v0.52.0
	google.golang.org/protobuf v1.36.12
)
