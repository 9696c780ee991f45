package cli

import (
	"runtime"
	"runtime/debug"
	"strings"
)

// BaseVersion is the release this tree is on its way to.
const BaseVersion = "0.1.0-dev"

// Version is the version line --version prints for the tool prog: the
// base version, and what the Go build recorded (the module version when
// installed with go install, else the VCS revision and whether the tree
// was modified), and the Go release, e.g.
//
//	tcp-opt (tcp) 0.1.0-dev, revision 1a2b3c4d5e6f, modified, go1.24.1
func Version(prog string) string {
	parts := []string{prog + " (tcp) " + BaseVersion}
	if bi, ok := debug.ReadBuildInfo(); ok {
		if v := bi.Main.Version; v != "" && v != "(devel)" {
			parts = append(parts, "module "+v)
		}
		var rev, modified string
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
		if rev != "" {
			parts = append(parts, "revision "+rev[:min(12, len(rev))])
			if modified == "true" {
				parts = append(parts, "modified")
			}
		}
	}
	parts = append(parts, runtime.Version())
	return strings.Join(parts, ", ")
}
