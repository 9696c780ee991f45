//go:build !linux

package atomicfile

import (
	"errors"
	"os"
)

func openTmpfile(dir string) (*os.File, bool) { return nil, false }

func linkTmpfile(f *os.File, dir, prefix string) (string, error) {
	return "", errors.New("anonymous temporary files are not supported")
}
