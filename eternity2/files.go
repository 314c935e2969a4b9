package main

// files.go: the program's messages and the files it reads: bad input in
// one line, names and lines quoted short, reads bounded, checksums.

import (
	"cmp"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// inputError is bad input: one line for stderr, exit status 2.
type inputError struct{ msg string }

func (e *inputError) Error() string { return e.msg }

func bad(format string, args ...any) error { return &inputError{fmt.Sprintf(format, args...)} }

// quote shows a bad line or argument in at most about 60 bytes.
func quote(s string) string {
	q := strconv.Quote(s)
	for n := min(len(s), 60); len(q) > 62; n-- {
		q = strconv.Quote(s[:n]) + "..."
	}
	return q
}

// shown is a file name as messages show it: at most 48 bytes, its end,
// quoted when it holds anything but printable UTF-8.
func shown(name string) string {
	if len(name) > 48 {
		name = "..." + name[len(name)-45:]
	}
	if !utf8.ValidString(name) || strings.ContainsFunc(name, func(r rune) bool { return !unicode.IsPrint(r) }) {
		return quote(name)
	}
	return name
}

// unwrapPath is an error without the path that os puts in it (the
// message names the file once, shortened).
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// openFile opens a file for reading: a directory, a device (which may
// never end) or an unreadable file is bad input; a pipe is read as far as
// the reader's bound.
func openFile(name string) (*os.File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, bad("%s: %v", shown(name), unwrapPath(err))
	}
	info, err := f.Stat()
	switch {
	case err != nil || info.IsDir():
		err = bad("%s: a directory, expected a file", shown(name))
	case info.Mode()&os.ModeDevice != 0:
		err = bad("%s: a device, expected a file", shown(name))
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// readFile reads a whole file of at most limit bytes, refusing a larger
// one before reading it.
func readFile(name string, limit int64) ([]byte, error) {
	f, err := openFile(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.Size() > limit {
		return nil, bad("%s: larger than %d MiB", shown(name), limit>>20)
	}
	return readAll(shown(name), f, limit)
}

// readAll reads at most limit bytes; more, or a failed read, is bad input.
func readAll(name string, r io.Reader, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	switch {
	case err != nil:
		return nil, bad("%s: %v", name, unwrapPath(err))
	case int64(len(data)) > limit:
		return nil, bad("%s: larger than %d MiB", name, limit>>20)
	}
	return data, nil
}

// nameOf is the board name a file gives: its base name without the
// extension, with anything but printable non-space UTF-8 made '_'.
func nameOf(file string) string {
	base := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	base = strings.Map(func(r rune) rune {
		if r == utf8.RuneError || !unicode.IsPrint(r) || unicode.IsSpace(r) {
			return '_'
		}
		return r
	}, strings.ToValidUTF8(base, "_"))
	if len(base) > maxName {
		base = base[:maxName]
	}
	return cmp.Or(strings.ToValidUTF8(base, ""), "board")
}

// checksum is FNV-64a in hex: a board's fingerprint, a record's and a
// checkpoint's sum.
func checksum(data string) string {
	h := fnv.New64a()
	io.WriteString(h, data)
	return fmt.Sprintf("%016x", h.Sum64())
}
