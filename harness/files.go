package main

// files.go: how the harness reads and writes the files a user names
// (-baseline, -history, -readme, -save, -svg, -cases, compare's and
// history's arguments) and its own (expected files, sources). A read is
// bounded: a device, or a file past maxFileBytes, is refused before
// anything is read; a pipe is read up to that bound. A write never leaves
// a file half written: the new text goes to a temporary file beside it, is
// synced, and replaces the old file by a rename, so a full disk, a crash
// or a stop leaves the old file as it was (and a device or a pipe, which
// cannot be replaced, is refused).

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// maxFileBytes is the most the harness reads of any file: a history of
// thousands of runs, a README or the largest expected file fit many times.
const maxFileBytes = 32 << 20

// readFile reads a regular file of at most maxFileBytes.
func readFile(path string) ([]byte, error) {
	if err := regularFile(path); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxFileBytes+1))
	if err == nil && len(data) > maxFileBytes {
		err = fmt.Errorf("%s: past the %d MiB the harness reads of a file", path, maxFileBytes>>20)
	}
	return data, err
}

// regularFile refuses what is not a regular file of at most maxFileBytes,
// or a pipe (a missing file is the caller's to judge: its error is
// fs.ErrNotExist).
func regularFile(path string) error {
	info, err := os.Stat(path)
	switch {
	case err != nil:
		return err
	case info.Mode()&fs.ModeNamedPipe != 0:
		return nil
	case !info.Mode().IsRegular():
		return fmt.Errorf("%s: not a regular file (%s): give a file", path, fileKind(info.Mode()))
	case info.Size() > maxFileBytes:
		return fmt.Errorf("%s: %d bytes, past the %d MiB the harness reads of a file", path, info.Size(), maxFileBytes>>20)
	}
	return nil
}

func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a pipe"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a plain file"
}

// writeFileWith writes a file through a writer function, whole or not at
// all: into a temporary file in the same folder, synced, then renamed over
// the old one (whose permissions it keeps). Any error leaves the old file
// untouched and removes the temporary one. A symbolic link is written
// through: the file it names is replaced, the link kept.
func writeFileWith(path string, write func(io.Writer) error) error {
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	} else if info, lerr := os.Lstat(path); lerr == nil && info.Mode()&fs.ModeSymlink != 0 {
		return fmt.Errorf("%s: a link to nothing (%v)", path, err)
	}
	mode := fs.FileMode(0o644)
	if info, err := os.Stat(path); err == nil {
		if !info.Mode().IsRegular() {
			return fmt.Errorf("%s: not a regular file (%s)", path, fileKind(info.Mode()))
		}
		mode = info.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	err = write(tmp)
	if err == nil {
		err = tmp.Chmod(mode)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// replaceFile is writeFileWith for bytes at hand.
func replaceFile(path string, data []byte) error {
	return writeFileWith(path, func(w io.Writer) error { _, err := w.Write(data); return err })
}

// checkWritable fails early, before any case runs, when path cannot be
// written: a bench of minutes must not end in "permission denied". It
// tries what the write will do: a temporary file in the path's folder (a
// writeError when that fails, a plain one for a path that is no file).
func checkWritable(flagName, path string) error {
	if path == "" {
		return nil
	}
	if info, err := os.Stat(path); err == nil && !info.Mode().IsRegular() {
		return fmt.Errorf("%s %s: not a regular file (%s): give a file", flagName, path, fileKind(info.Mode()))
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return writeError{fmt.Errorf("%s %s: cannot write there: %v", flagName, path, err)}
	}
	tmp.Close()
	os.Remove(tmp.Name())
	return nil
}
