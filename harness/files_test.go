package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// Every file a user names is read only when it is a regular file of at
// most maxFileBytes: a device, a pipe, a folder or a huge file is refused
// at once, in one line that names it, with exit 2 and nothing read (the
// reproducers read 14-24 GB of /dev/zero or /dev/full before).
func TestReadsAreBounded(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(dir, "huge.json")
	f, err := os.Create(huge)
	if err == nil {
		err = f.Truncate(maxFileBytes + 1) // sparse: no disk used
		f.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "good.json")
	writeFile(t, good, `{"header":{"go_version":"go1.26.8"},"results":[]}`)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"bench", "-root", root, "-history", "/dev/full", "meteor/2098"}, "-history /dev/full: not a regular file (a device)"},
		{[]string{"bench", "-root", root, "-history", "/dev/zero", "meteor/2098"}, "-history /dev/zero: not a regular file (a device)"},
		{[]string{"bench", "-root", root, "-history", fifo, "meteor/2098"}, "fifo: not a regular file (a pipe)"},
		{[]string{"bench", "-root", root, "-history", huge, "meteor/2098"}, "huge.json: its last line is cut short"},
		{[]string{"bench", "-root", root, "-readme", "/dev/zero", "meteor/2098"}, "-readme: /dev/zero: not a regular file (a device)"},
		{[]string{"bench", "-root", root, "-readme", dir, "meteor/2098"}, "not a regular file (a folder)"},
		{[]string{"bench", "-root", root, "-baseline", "/dev/zero", "meteor/2098"}, "-baseline: /dev/zero: not a regular file (a device)"},
		{[]string{"bench", "-root", root, "-baseline", huge, "meteor/2098"}, "past the 32 MiB"},
		{[]string{"bench", "-root", root, "-save", "/dev/full", "meteor/2098"}, "-save /dev/full: not a regular file (a device)"},
		{[]string{"bench", "-root", root, "-cases", "/dev/zero", "meteor/2098"}, "/dev/zero: not a regular file (a device)"},
		{[]string{"compare", "/dev/zero", good}, "/dev/zero: not a regular file (a device)"},
		{[]string{"compare", good, fifo}, "fifo: past the 32 MiB the harness reads of a file"},
		{[]string{"history", "/dev/full"}, "/dev/full: not a regular file (a device)"},
		{[]string{"history", huge}, "past the 32 MiB"},
	}
	for _, tt := range tests {
		if slices.Contains(tt.args, fifo) && tt.args[0] == "compare" { // a pipe is read up to the bound
			go func() {
				if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
					f.Write(make([]byte, maxFileBytes+2))
					f.Close()
				}
			}()
		}
		var stdout, stderr bytes.Buffer
		code := run(tt.args, &stdout, &stderr)
		if code != exitUsage || !strings.Contains(stderr.String(), tt.want) || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("harness %s: exit %d, stderr %q; want exit %d and one line with %q", strings.Join(tt.args, " "), code, stderr.String(), exitUsage, tt.want)
		}
	}
}

// A write replaces a file whole or not at all: a writer that fails
// midway, or a disk that fills (the file size limit stands in for it, in
// a child process), leaves the old file byte for byte and no temporary
// file beside it.
func TestWritesAreWholeOrNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "results.json")
	old := strings.Repeat("the old figures\n", 100)
	writeFile(t, path, old)
	os.Chmod(path, 0o600)
	err := writeFileWith(path, func(w io.Writer) error {
		w.Write([]byte("the new fig"))
		return errors.New("no space left on device")
	})
	if err == nil {
		t.Error("a failed write reported no error")
	}
	sameFiles(t, dir, map[string]string{"results.json": old})
	if err := replaceFile(path, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	sameFiles(t, dir, map[string]string{"results.json": "new\n"})
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
		t.Errorf("the new file has mode %v; want the old file's 0600", info.Mode().Perm())
	}
}

// A write to a symbolic link replaces the file it names and keeps the
// link (-save, -svg and -readme kept behind a link); a link to nothing is
// refused, not replaced.
func TestWritesGoThroughLinks(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "real.json"), "old\n")
	link := filepath.Join(dir, "results.json")
	if err := os.Symlink("real.json", link); err != nil {
		t.Fatal(err)
	}
	if err := replaceFile(link, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced by a file: %v", err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "real.json")); string(got) != "new\n" {
		t.Errorf("the file the link names holds %q, want the new bytes", got)
	}
	dangling := filepath.Join(dir, "dangling.json")
	os.Symlink("missing/none.json", dangling)
	if err := replaceFile(dangling, []byte("new\n")); err == nil || !strings.Contains(err.Error(), "a link to nothing") {
		t.Errorf("a link to nothing: %v", err)
	}
}

// sameFiles checks that dir holds exactly the files named, with their
// contents.
func sameFiles(t *testing.T, dir string, want map[string]string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	if len(entries) != len(want) {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("%s holds %q; want only %d files", dir, names, len(want))
	}
	for name, content := range want {
		if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(got) != content {
			t.Errorf("%s: %.40q (%v); want %.40q", name, got, err, content)
		}
	}
}

// On a disk that fills, every file bench writes (-save, -svg, -history,
// -readme) keeps its old bytes. A child process, the test binary as a
// helper, writes them with a file size limit of 4 KiB.
func TestFullDiskKeepsEveryOldFile(t *testing.T) {
	dir := t.TempDir()
	old := map[string]string{
		"base.json":     strings.Repeat("{}\n", 1000),
		"chart.svg":     strings.Repeat("<svg/>\n", 1000),
		"history.jsonl": strings.Repeat(`{"commit":"abc1234","cases":[]}`+"\n", 100),
		"README.md":     "# figures\n" + readmeStart + "\n" + strings.Repeat("| old |\n", 500) + readmeEnd + "\n",
	}
	for name, content := range old {
		writeFile(t, filepath.Join(dir, name), content)
	}
	cmd := exec.Command(os.Args[0], dir)
	cmd.Env = append(os.Environ(), "HARNESS_HELPER=full-disk")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("helper: %v\n%s", err, out)
	}
	for _, flag := range []string{"-save", "-svg", "-history", "-readme"} {
		if !strings.Contains(string(out), flag+": ") || strings.Contains(string(out), flag+": <nil>") {
			t.Errorf("%s: the write past the limit did not fail:\n%s", flag, out)
		}
	}
	sameFiles(t, dir, old)
}

// fullDisk is the helper's side of TestFullDiskKeepsEveryOldFile: each
// writer in turn, on the files in dir, with writes past 4 KiB refused.
func fullDisk(dir string) int {
	limit := syscall.Rlimit{Cur: 4 << 10, Max: 4 << 10}
	signal.Ignore(syscall.SIGXFSZ) // the write fails with EFBIG instead
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &limit); err != nil {
		fmt.Println("setrlimit:", err)
		return 1
	}
	rep := Report{Header: Header{GoVersion: "go1.26.8", Commit: "def5678"}}
	for i := range 200 {
		rep.Results = append(rep.Results, measured(fmt.Sprintf("e/case%d", i), []float64{1, 1.1, 1.2}, 100))
	}
	svg := filepath.Join(dir, "chart.svg")
	fmt.Println("-save:", SaveReport(filepath.Join(dir, "base.json"), rep))
	fmt.Println("-svg:", writeFileWith(svg, func(w io.Writer) error { return WriteSVG(w, rep) }))
	fmt.Println("-history:", AppendHistory(filepath.Join(dir, "history.jsonl"), rep))
	fmt.Println("-readme:", spliceReadme(filepath.Join(dir, "README.md"), rep, svg))
	return 0
}
