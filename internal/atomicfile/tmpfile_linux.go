package atomicfile

import (
	"errors"
	"os"
	"strconv"
	"syscall"
	"unsafe"
)

// oTmpfile is Linux's O_TMPFILE (__O_TMPFILE | O_DIRECTORY).
const oTmpfile = 0x400000 | syscall.O_DIRECTORY

const atSymlinkFollow = 0x400

// openTmpfile opens an anonymous file in dir, or reports that the file
// system cannot.
func openTmpfile(dir string) (*os.File, bool) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		return nil, false // linkTmpfile needs /proc to name the file
	}
	fd, err := syscall.Open(dir, oTmpfile|syscall.O_WRONLY|syscall.O_CLOEXEC, 0o600)
	if err != nil {
		return nil, false
	}
	return os.NewFile(uintptr(fd), dir+"/(anonymous)"), true
}

// linkTmpfile gives the anonymous file f a fresh name in dir.
func linkTmpfile(f *os.File, dir, prefix string) (string, error) {
	src, err := syscall.BytePtrFromString("/proc/self/fd/" + strconv.Itoa(int(f.Fd())))
	if err != nil {
		return "", err
	}
	for i := 0; ; i++ {
		name := tmpName(dir, prefix, i)
		dst, err := syscall.BytePtrFromString(name)
		if err != nil {
			return "", err
		}
		_, _, errno := syscall.Syscall6(syscall.SYS_LINKAT, uintptr(atFDCWD), uintptr(unsafe.Pointer(src)),
			uintptr(atFDCWD), uintptr(unsafe.Pointer(dst)), atSymlinkFollow, 0)
		if errno == 0 {
			return name, nil
		}
		if !errors.Is(errno, syscall.EEXIST) || i > 100 {
			return "", errno
		}
	}
}

var atFDCWD = -100 // AT_FDCWD (a variable: negative, converted to uintptr)
