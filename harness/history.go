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
	"slices"
	"strings"
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
// writing the file anew (see writeFileWith): an append cut short by a full
// disk would spoil the file.
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
	old, err := readFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return replaceFile(path, append(append(old, line...), '\n'))
}

// appendableHistory says whether a line can be appended to a history
// file: it is missing, empty, or whole lines of history (a file cut short
// or of something else would be spoilt).
func appendableHistory(path string) error {
	data, err := readFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist) || err == nil && len(data) == 0:
		return nil
	case err != nil:
		return fmt.Errorf("-history %s: %v", path, err)
	case data[len(data)-1] != '\n':
		return fmt.Errorf("-history %s: its last line is cut short (no newline at its end): mend or move the file first", path)
	}
	_, err = parseHistory(path, data)
	return err
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
