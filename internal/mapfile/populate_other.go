//go:build darwin || freebsd || netbsd || openbsd

package mapfile

const mapPopulate = 0
