package mapfile

import (
	"fmt"
	"io"
	"os"
)

// MinMapSize is the smallest file that Read maps instead of reading.
const MinMapSize = 64 << 20

// Contents is a file's contents.
type Contents struct {
	Data   []byte
	Mapped bool // Data is a mapping, outside the Go heap
	unmap  func()
}

// Release unmaps a mapped file; Data must not be used after it. It does
// nothing for a file that was read.
func (c *Contents) Release() {
	if c.unmap != nil {
		c.unmap()
		c.unmap, c.Data = nil, nil
	}
}

// Read returns the contents of the named file. Errors are those of
// os.Open and the read.
func Read(name string) (*Contents, error) { return read(name, MinMapSize, -1) }

// ReadLimited is Read for a file of at most max bytes: a longer one (by
// its size, or by what a growing file or a stream yields while it is read)
// is a *TooLargeError, found without reading more than max+1 bytes.
func ReadLimited(name string, max int64) (*Contents, error) { return read(name, MinMapSize, max) }

// TooLargeError is a file longer than ReadLimited's limit.
type TooLargeError struct{ Limit int64 }

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("the file is larger than %d bytes", e.Limit)
}

// read is Read with the smallest mapped size and the byte limit (-1:
// none) as parameters.
func read(name string, minMap, max int64) (*Contents, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err == nil && fi.Mode().IsRegular() && max >= 0 && fi.Size() > max {
		return nil, &TooLargeError{Limit: max}
	}
	if err == nil && fi.Mode().IsRegular() && fi.Size() > 0 && fi.Size() >= minMap && int64(int(fi.Size())) == fi.Size() {
		if data, unmap, ok := mmap(f, int(fi.Size())); ok {
			return &Contents{Data: data, Mapped: true, unmap: unmap}, nil
		}
	}
	data, err := readAll(f, max)
	if err != nil {
		return nil, err
	}
	return &Contents{Data: data}, nil
}

// readAll reads f to its end with one buffer sized from its length (like
// os.ReadFile), failing once more than max bytes come (max < 0: no limit).
func readAll(f *os.File, max int64) ([]byte, error) {
	size := 512
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		if n := fi.Size(); n > 0 && int64(int(n)) == n && int(n) < int(^uint(0)>>1)-1 {
			size = int(n) + 1
		}
	}
	if max >= 0 && int64(size) > max+1 {
		size = int(max + 1)
	}
	data := make([]byte, 0, size)
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if max >= 0 && int64(len(data)) > max {
			return nil, &TooLargeError{Limit: max}
		}
		if err != nil {
			if err == io.EOF {
				return data, nil
			}
			return nil, err
		}
		if len(data) >= cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
}
