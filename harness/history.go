package main

// history.go keeps figures over commits: bench -history FILE appends one
// JSON line a run (its commit, date, machine and each case's medians), and
// harness history FILE prints each case's trend as a table, and with -svg
// as a chart: one line a case across the commits, CPU seconds and
// instructions, each machine's points drawn on their own (a line never
// joins two machines).

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
	"syscall"
)

// HistoryEntry is one bench run in a history file.
type HistoryEntry struct {
	Commit     string        `json:"commit"`
	Date       string        `json:"date"`
	CPU        string        `json:"cpu"`
	GoVersion  string        `json:"go"`
	GOMAXPROCS string        `json:"gomaxprocs"`
	Cases      []HistoryCase `json:"cases"`
}

// HistoryCase is one case's medians in a run.
type HistoryCase struct {
	Case         string `json:"case"`
	Elapsed      Figure `json:"elapsed_s"`
	CPU          Figure `json:"cpu_s"`
	Instructions Figure `json:"instructions"`
	Faults       Figure `json:"minor_faults"`
}

// machine names where a run was measured: runs of different machines are
// never compared or joined.
func (h HistoryEntry) machine() string {
	return fmt.Sprintf("%s, GOMAXPROCS=%s, %s", h.CPU, h.GOMAXPROCS, h.GoVersion)
}

// AppendHistory adds the report's figures to a history file as one line,
// under a lock on the file, so that benches ending together each add
// theirs: the line goes on in one write after the last whole line, and a
// write cut short (a full disk) is taken back. A file of any size can be
// appended to, and a link is written through.
func AppendHistory(path string, r Report) error {
	h := HistoryEntry{Commit: r.Header.Commit, Date: r.Header.Date, CPU: r.Header.CPUModel, GoVersion: r.Header.GoVersion, GOMAXPROCS: r.Header.GOMAXPROCS}
	med := func(s Summary) Figure {
		if s.N == 0 {
			return none
		}
		return Figure(s.Median)
	}
	for _, m := range r.Results {
		if m.Status == StatusOK {
			h.Cases = append(h.Cases, HistoryCase{m.Case, med(m.Elapsed), med(m.CPU), m.Instructions, med(m.Faults)})
		}
	}
	line, err := json.Marshal(h)
	if err != nil {
		return err
	}
	if info, err := os.Stat(path); err == nil && !info.Mode().IsRegular() {
		return fmt.Errorf("%s: not a regular file (%s): give a file", path, fileKind(info.Mode()))
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer f.Close() // and the lock with it
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		return err
	}
	info, err := f.Stat()
	if err != nil {
		return err
	}
	last := []byte{'\n'}
	if info.Size() > 0 {
		if _, err := f.ReadAt(last, info.Size()-1); err != nil {
			return err
		}
	}
	if last[0] != '\n' {
		return fmt.Errorf("%s: its last line is cut short (no newline at its end): mend or move the file first", path)
	}
	if _, err = f.Write(append(line, '\n')); err == nil {
		err = f.Sync()
	}
	if err != nil {
		f.Truncate(info.Size())
	}
	return err
}

// appendableHistory says whether a line can be appended to a history
// file: it is missing, empty, or ends in a whole line of history (a file
// cut short or of something else would be spoilt). Only its end is read.
func appendableHistory(path string) error {
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist) || err == nil && info.Size() == 0 && info.Mode().IsRegular():
		return nil
	case err != nil:
		return fmt.Errorf("-history %s: %v", path, unwrapPath(err))
	case !info.Mode().IsRegular():
		return fmt.Errorf("-history %s: not a regular file (%s): give a file", path, fileKind(info.Mode()))
	}
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("-history %s: %v", path, unwrapPath(err))
	}
	defer f.Close()
	tail := make([]byte, min(info.Size(), 1<<20))
	if _, err := f.ReadAt(tail, info.Size()-int64(len(tail))); err != nil {
		return fmt.Errorf("-history %s: %v", path, unwrapPath(err))
	}
	if tail[len(tail)-1] != '\n' {
		return fmt.Errorf("-history %s: its last line is cut short (no newline at its end): mend or move the file first", path)
	}
	lines := bytes.Split(bytes.TrimRight(tail, "\n"), []byte("\n"))
	if last := lines[len(lines)-1]; json.Unmarshal(last, new(HistoryEntry)) != nil || !bytes.Contains(last, []byte(`"commit"`)) {
		return fmt.Errorf("-history %s: its last line is not one bench -history writes, got %.60q", path, last)
	}
	return nil
}

// LoadHistory reads a history file; errors name the line.
func LoadHistory(path string) ([]HistoryEntry, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, err
	}
	return parseHistory(path, data)
}

func parseHistory(path string, data []byte) ([]HistoryEntry, error) {
	var out []HistoryEntry
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var h HistoryEntry
		if err := json.Unmarshal(sc.Bytes(), &h); err != nil || h.Commit == "" {
			return nil, fmt.Errorf("%s:%d: expected a line written by bench -history (a JSON object with a commit), got %.60q", path, line, sc.Text())
		}
		out = append(out, h)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no runs (bench -history %s appends one a run)", path, path)
	}
	return out, nil
}

// historyCases is every case in the history, in the order first seen, or
// the ones named.
func historyCases(hs []HistoryEntry, named []string) ([]string, error) {
	var all []string
	for _, h := range hs {
		for _, c := range h.Cases {
			if !slices.Contains(all, c.Case) {
				all = append(all, c.Case)
			}
		}
	}
	if len(named) == 0 {
		return all, nil
	}
	var out []string
	for _, n := range named {
		found := false
		for _, c := range all {
			if c == n || strings.HasPrefix(c, n+"/") {
				out, found = append(out, c), true
			}
		}
		if !found {
			return nil, fmt.Errorf("no case %q in the history", n)
		}
	}
	return out, nil
}

// WriteHistoryTable prints, case by case, a line a run.
func WriteHistoryTable(w io.Writer, hs []HistoryEntry, cases []string) error {
	ew := &errWriter{w: w}
	for k, name := range cases {
		if k > 0 {
			ew.printf("\n")
		}
		ew.printf("%s\n  %-12s %-10s %9s %9s %13s %9s  %s\n", name, "commit", "date", "elapsed s", "cpu s", "instructions", "faults", "machine")
		for _, h := range hs {
			for _, c := range h.Cases {
				if c.Case == name {
					ew.printf("  %-12s %-10s %9s %9s %13s %9s  %s\n", h.Commit, h.Date, secs(float64(c.Elapsed)), secs(float64(c.CPU)),
						millions(int64(orZero(c.Instructions))), countF(float64(c.Faults)), h.machine())
				}
			}
		}
	}
	return ew.err
}

func orZero(f Figure) float64 {
	if !f.Known() {
		return 0
	}
	return float64(f)
}
