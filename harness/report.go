package main

// report.go prints bench results: an aligned table (default), JSON, a
// Markdown table for the README, or Go benchmark format for benchstat. It
// also saves results and compares them with a saved baseline.

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Report is everything one bench run produced; -save writes it as JSON and
// -baseline reads it back.
type Report struct {
	Header  Header        `json:"header"`
	Results []Measurement `json:"results"`
}

// BaselineRatio is new over stored, by median.
type BaselineRatio struct {
	Elapsed            float64 `json:"elapsed_ratio"`
	CPU                float64 `json:"cpu_ratio"`
	ElapsedSignificant bool    `json:"elapsed_significant"`
	CPUSignificant     bool    `json:"cpu_significant"`
}

// SaveReport writes the report as JSON.
func SaveReport(path string, r Report) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// LoadReport reads a report saved with -save.
func LoadReport(path string) (Report, error) {
	var r Report
	b, err := os.ReadFile(path)
	if err != nil {
		return r, err
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return r, fmt.Errorf("%s: not a report saved by `harness bench -save`: %v", path, err)
	}
	return r, nil
}

// ApplyBaseline adds, for each case measured in both, the ratio of medians
// and whether the change is larger than the runs' own spread.
func ApplyBaseline(results []Measurement, base Report) {
	old := map[string]Measurement{}
	for _, m := range base.Results {
		old[m.Case] = m
	}
	for i := range results {
		m := &results[i]
		o, ok := old[m.Case]
		if !ok || m.Elapsed.N == 0 || o.Elapsed.N == 0 {
			continue
		}
		m.Base = &BaselineRatio{
			Elapsed:            Ratio(m.Elapsed, o.Elapsed),
			CPU:                Ratio(m.CPU, o.CPU),
			ElapsedSignificant: Significant(m.Elapsed, o.Elapsed),
			CPUSignificant:     Significant(m.CPU, o.CPU),
		}
	}
}

// column is one column of the table and the Markdown table.
type column struct {
	title string
	cell  func(m Measurement) string
}

func columns(results []Measurement) []column {
	cols := []column{
		{"case", func(m Measurement) string { return m.Case }},
		{"status", func(m Measurement) string { return m.Status }},
		{"elapsed s min", func(m Measurement) string { return secs(m.Elapsed.Min) }},
		{"median", func(m Measurement) string { return secs(m.Elapsed.Median) }},
		{"max", func(m Measurement) string { return secs(m.Elapsed.Max) }},
		{"cpu s", func(m Measurement) string { return secs(m.CPU.Median) }},
		{"load", func(m Measurement) string { return fixed(m.Load, 2) }},
		{"peak KiB", func(m Measurement) string { return count(m.MaxRSS) }},
		{"gz≈", func(m Measurement) string { return count(int64(m.Gz)) }},
	}
	if anyResult(results, func(m Measurement) bool { return m.RateWord != "" }) {
		cols = append(cols, column{"rate", func(m Measurement) string {
			if m.Rate == 0 {
				return "-"
			}
			return si(m.Rate) + " " + m.RateWord + "/s"
		}})
	}
	if anyResult(results, hasBase) {
		cols = append(cols,
			column{"elapsed ×base", func(m Measurement) string { return baseCell(m, true) }},
			column{"cpu ×base", func(m Measurement) string { return baseCell(m, false) }})
	}
	return cols
}

// baseCell shows a baseline ratio; '*' marks a change beyond the spread.
func baseCell(m Measurement, elapsed bool) string {
	if m.Base == nil {
		return "-"
	}
	r, sig := m.Base.CPU, m.Base.CPUSignificant
	if elapsed {
		r, sig = m.Base.Elapsed, m.Base.ElapsedSignificant
	}
	s := fixed(r, 3)
	if sig {
		s += " *"
	}
	return s
}

// WriteTable prints the aligned table: names left-aligned, figures right.
func WriteTable(w io.Writer, r Report) {
	fmt.Fprintln(w, "# "+r.Header.String())
	cols := columns(r.Results)
	rows := [][]string{make([]string, len(cols))}
	for i, c := range cols {
		rows[0][i] = c.title
	}
	for _, m := range r.Results {
		row := make([]string, len(cols))
		for i, c := range cols {
			row[i] = c.cell(m)
		}
		rows = append(rows, row)
	}
	width := make([]int, len(cols))
	for _, row := range rows {
		for i, cell := range row {
			width[i] = max(width[i], utf8.RuneCountInString(cell))
		}
	}
	for _, row := range rows {
		var line strings.Builder
		for i, cell := range row {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(cell))
			if i < 2 {
				line.WriteString(cell + pad + "  ")
			} else {
				line.WriteString(pad + cell + "  ")
			}
		}
		fmt.Fprintln(w, strings.TrimRight(line.String(), " "))
	}
	writeNotes(w, r.Results)
}

// WriteMarkdown prints a Markdown table for the README.
func WriteMarkdown(w io.Writer, r Report) {
	fmt.Fprintf(w, "Measured on %s.\n\n", r.Header.String())
	cols := columns(r.Results)
	var titles, rule []string
	for i, c := range cols {
		titles = append(titles, c.title)
		if i < 2 {
			rule = append(rule, "---")
		} else {
			rule = append(rule, "---:")
		}
	}
	fmt.Fprintf(w, "| %s |\n| %s |\n", strings.Join(titles, " | "), strings.Join(rule, " | "))
	for _, m := range r.Results {
		var cells []string
		for _, c := range cols {
			cells = append(cells, c.cell(m))
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
	}
	fmt.Fprintln(w)
	writeNotes(w, r.Results)
}

// writeNotes adds what the table cannot hold: the gz caveat, problems, and
// the pairwise comparisons of -vs.
func writeNotes(w io.Writer, results []Measurement) {
	fmt.Fprintln(w, "gz≈: source bytes after stripping comments and collapsing whitespace, gzip -1 (approximate). load: cpu s / elapsed s.")
	if anyResult(results, hasBase) {
		fmt.Fprintln(w, "×base: new median / baseline median; * marks a change beyond both runs' spread (the min-max ranges do not overlap).")
	}
	for _, m := range results {
		if m.Problem != "" {
			fmt.Fprintf(w, "%s: %s\n", m.Case, firstLine(m.Problem))
		}
		if v := m.Vs; v != nil {
			if v.Status != StatusOK || v.Ratio.N == 0 {
				fmt.Fprintf(w, "%s vs %s: %s: %s\n", m.Case, v.Command, v.Status, firstLine(v.Problem))
				continue
			}
			fmt.Fprintf(w, "%s vs %s: ours/theirs elapsed median %s (min %s, max %s) over %d alternating pairs; cpu median %s\n",
				m.Case, v.Command, fixed(v.Ratio.Median, 3), fixed(v.Ratio.Min, 3), fixed(v.Ratio.Max, 3), v.Ratio.N, fixed(v.CPURatio.Median, 3))
			for i := range v.OursElapsed {
				fmt.Fprintf(w, "  pair %d: ours %s s, theirs %s s, ratio %s\n", i+1,
					secs(v.OursElapsed[i]), secs(v.TheirElapsed[i]), fixed(v.OursElapsed[i]/v.TheirElapsed[i], 3))
			}
		}
	}
}

// anyResult says whether some result has the property; a column or a note
// appears only when it has something to show.
func anyResult(results []Measurement, has func(Measurement) bool) bool {
	for _, m := range results {
		if has(m) {
			return true
		}
	}
	return false
}

func hasBase(m Measurement) bool { return m.Base != nil }

// WriteJSON prints the report as JSON.
func WriteJSON(w io.Writer, r Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteBenchfmt prints Go benchmark format, one line a timed run, so that
// `benchstat old.txt new.txt` compares two runs with statistics.
func WriteBenchfmt(w io.Writer, r Report) {
	h := r.Header
	fmt.Fprintf(w, "goos: %s\ngoarch: %s\ncpu: %s\npkg: benchpuzzles\ncommit: %s\n", h.GOOS, h.GOARCH, h.CPUModel, h.Commit)
	for _, m := range r.Results {
		name := "Benchmark" + benchName(m.Case)
		for i := range m.ElapsedRun {
			fmt.Fprintf(w, "%s\t1\t%.0f ns/op\t%.0f cpu-ns/op\t%d peak-RSS-KiB", name, m.ElapsedRun[i]*1e9, m.CPURun[i]*1e9, m.RSSRun[i])
			if m.Work > 0 && m.ElapsedRun[i] > 0 {
				fmt.Fprintf(w, "\t%.0f %s/s", float64(m.Work)/m.ElapsedRun[i], m.RateWord)
			}
			fmt.Fprintln(w)
		}
	}
}

// benchName turns "meteor/2098" into "Meteor/2098" (no spaces allowed).
func benchName(id string) string {
	r := []rune(id)
	r[0] = unicode.ToUpper(r[0])
	return strings.Map(func(c rune) rune {
		if unicode.IsSpace(c) {
			return '_'
		}
		return c
	}, string(r))
}

func secs(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return fmt.Sprintf("%.3f", x)
}

func fixed(x float64, prec int) string {
	if math.IsNaN(x) || x == 0 {
		return "-"
	}
	return fmt.Sprintf("%.*f", prec, x)
}

// count prints an integer with thousands separators.
func count(n int64) string {
	if n == 0 {
		return "-"
	}
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// si prints a rate with an SI prefix: 85.3M, 1.20k.
func si(x float64) string {
	for _, u := range []struct {
		div    float64
		suffix string
	}{{1e9, "G"}, {1e6, "M"}, {1e3, "k"}} {
		if x >= u.div {
			return fmt.Sprintf("%.3g%s", x/u.div, u.suffix)
		}
	}
	return fmt.Sprintf("%.3g", x)
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
