package main

// report.go prints bench results: an aligned table (default), a Markdown
// table for the README, JSON, or Go benchmark format for benchstat. It also
// saves results for -baseline and reads them back. Every writer returns the
// first write error; nothing prints NaN (a missing figure is "-", or null
// in JSON).

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Report is everything one bench run produced; -save writes it as JSON and
// -baseline reads it back.
type Report struct {
	Header  Header        `json:"header"`
	Results []Measurement `json:"results"`
	// BaselineHeader is the header of the run compared with, if any.
	BaselineHeader *Header `json:"baseline_header,omitempty"`
	// Against names the revision -against ran in pairs with this tree.
	Against string `json:"against,omitempty"`
	// Warnings: the machine looked busy, or the baseline came from another.
	Warnings []string `json:"warnings,omitempty"`
	// Notes: what the table cannot say (a case the baseline lacks, ...).
	Notes []string `json:"notes,omitempty"`
	// Regressions found by -fail-over.
	Regressions []string `json:"regressions,omitempty"`
}

// format is a way bench prints its report.
type reportFormat struct {
	name, help string
	write      func(io.Writer, Report) error
	// forPeople formats carry the warnings in the report; the others,
	// read by programs, leave them to stderr.
	forPeople bool
}

// formats are bench's formats, the default first: -format takes their
// names, and each but the first is a flag of its own too (-md, -json, ...).
var formats = []reportFormat{
	{"table", "an aligned table", WriteTable, true},
	{"md", "a Markdown table, for the README", WriteMarkdown, true},
	{"json", "every run's figures and their summaries", WriteJSON, false},
	{"csv", "one row a run, with the summaries", WriteCSV, false},
	{"benchfmt", "Go benchmark lines, for benchstat", WriteBenchfmt, false},
}

// formatNamed is the format of that name; ok is false for none.
func formatNamed(name string) (reportFormat, bool) {
	for _, f := range formats {
		if f.name == name {
			return f, true
		}
	}
	return reportFormat{}, false
}

// formatNames is the names, for messages.
func formatNames() string {
	var names []string
	for _, f := range formats {
		names = append(names, f.name)
	}
	return strings.Join(names, ", ")
}

// WriteReport prints r in the named format.
func WriteReport(w io.Writer, name string, r Report) error {
	f, ok := formatNamed(name)
	if !ok {
		return fmt.Errorf("unknown format %q (want %s)", name, formatNames())
	}
	return f.write(w, r)
}

// SaveReport writes the report as JSON.
func SaveReport(path string, r Report) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return replaceFile(path, append(b, '\n'))
}

// LoadReport reads a report saved with -save.
func LoadReport(path string) (Report, error) {
	var r Report
	b, err := readFile(path)
	if err != nil {
		return r, err
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return r, fmt.Errorf("%s: not a report saved by `harness bench -save`: %v", path, err)
	}
	if r.Header.GoVersion == "" && len(r.Results) == 0 {
		return r, fmt.Errorf("%s: not a report saved by `harness bench -save` (no header, no results)", path)
	}
	for _, m := range r.Results {
		if len(m.Runs.Elapsed) > maxRuns {
			return r, fmt.Errorf("%s: case %q: %d runs, more than the %d a comparison takes", path, m.Case, len(m.Runs.Elapsed), maxRuns)
		}
		if !m.Runs.consistent() || m.Elapsed.N != len(m.Runs.Elapsed) || m.CPU.N != len(m.Runs.CPU) {
			return r, fmt.Errorf("%s: case %q: its summary counts %d runs but %d are recorded (a file edited by hand, or of an older harness)",
				path, m.Case, m.Elapsed.N, len(m.Runs.Elapsed))
		}
		for _, x := range append(slices.Clone(m.Runs.Elapsed), m.Runs.CPU...) {
			if !(x >= 0) || math.IsInf(x, 0) {
				return r, fmt.Errorf("%s: case %q: a time of %v", path, m.Case, x)
			}
		}
	}
	return r, nil
}

// errWriter keeps the first write error so a writer can print freely and
// check once.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
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
		{"sys s", func(m Measurement) string { return secs(m.Sys.Median) }},
		{"load", func(m Measurement) string { return fixed(float64(m.Load), 2) }},
		{"faults", func(m Measurement) string { return countF(m.Faults.Median) }},
		{"peak KiB", func(m Measurement) string { return count(m.MaxRSS) }},
	}
	if anyResult(results, func(m Measurement) bool { return m.Instructions.Known() || m.InstructionsProblem != "" }) {
		cols = append(cols, column{"instructions", func(m Measurement) string { return millions(int64(m.Instructions)) }})
	}
	cols = append(cols, column{"gz≈", func(m Measurement) string { return count(int64(m.Gz)) }})
	if anyResult(results, func(m Measurement) bool { return m.RateWord != "" }) {
		cols = append(cols, column{"rate", func(m Measurement) string {
			if !m.Rate.Known() {
				return "-"
			}
			return si(float64(m.Rate)) + " " + m.RateWord + "/s"
		}})
	}
	if anyResult(results, hasBase) {
		cols = append(cols,
			column{"elapsed ×base", func(m Measurement) string {
				return baseCell(m, func(b *BaselineComparison) Interval { return b.Elapsed })
			}},
			column{"cpu ×base", func(m Measurement) string { return baseCell(m, func(b *BaselineComparison) Interval { return b.CPU }) }},
			column{"faults ×base", func(m Measurement) string {
				return baseCell(m, func(b *BaselineComparison) Interval { return b.Faults })
			}})
		if anyResult(results, func(m Measurement) bool { return m.Base != nil && m.Base.Instructions.Known() }) {
			cols = append(cols, column{"instr ×base", func(m Measurement) string {
				if m.Base == nil || !m.Base.Instructions.Known() {
					return "-"
				}
				return fmt.Sprintf("%.4f", float64(m.Base.Instructions))
			}})
		}
	}
	return cols
}

func baseCell(m Measurement, pick func(*BaselineComparison) Interval) string {
	if m.Base == nil {
		return "-"
	}
	return ratioCell(pick(m.Base))
}

// rows renders the cells of every result under the titles.
func rows(r Report) (titles []string, cells [][]string) {
	cols := columns(r.Results)
	for _, c := range cols {
		titles = append(titles, c.title)
	}
	for _, m := range r.Results {
		row := make([]string, len(cols))
		for i, c := range cols {
			row[i] = c.cell(m)
		}
		cells = append(cells, row)
	}
	return titles, cells
}

// WriteTable prints the aligned table: names left-aligned, figures right.
func WriteTable(w io.Writer, r Report) error {
	ew := &errWriter{w: w}
	ew.printf("# %s\n", r.Header.String())
	titles, cells := rows(r)
	for _, line := range aligned(append([][]string{titles}, cells...), 2) {
		ew.printf("%s\n", line)
	}
	writeNotes(ew, r)
	return ew.err
}

// aligned lays rows out in columns: the first `left` left-aligned (names),
// the others right-aligned (figures).
func aligned(rows [][]string, left int) []string {
	var width []int
	for _, row := range rows {
		for i, cell := range row {
			if i == len(width) {
				width = append(width, 0)
			}
			width[i] = max(width[i], utf8.RuneCountInString(cell))
		}
	}
	var out []string
	for _, row := range rows {
		var line strings.Builder
		for i, cell := range row {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(cell))
			if i < left {
				line.WriteString(cell + pad + "  ")
			} else {
				line.WriteString(pad + cell + "  ")
			}
		}
		out = append(out, strings.TrimRight(line.String(), " "))
	}
	return out
}

// WriteMarkdown prints a Markdown table for the README.
func WriteMarkdown(w io.Writer, r Report) error {
	ew := &errWriter{w: w}
	ew.printf("Measured on %s.\n\n", r.Header.String())
	titles, cells := rows(r)
	rule := make([]string, len(titles))
	for i := range rule {
		rule[i] = "---:"
		if i < 2 {
			rule[i] = "---"
		}
	}
	ew.printf("| %s |\n| %s |\n", strings.Join(titles, " | "), strings.Join(rule, " | "))
	for _, row := range cells {
		ew.printf("| %s |\n", strings.Join(row, " | "))
	}
	ew.printf("\n")
	writeNotes(ew, r)
	return ew.err
}

// writeNotes adds what the table cannot hold: what the columns mean,
// warnings, problems, the -vs comparisons and regressions.
func writeNotes(ew *errWriter, r Report) {
	ew.printf("cpu s: user + system, median; sys s: the system part; faults: minor page faults (pages first touched), median; load: cpu s / elapsed s.\n")
	ew.printf("gz≈: source bytes after stripping comments and collapsing whitespace, gzip -1 (approximate).\n")
	if anyResult(r.Results, func(m Measurement) bool { return m.RSSFromRusage }) {
		ew.printf("peak KiB: from rusage, which counts the harness's own memory too (ptrace is not allowed here, so the programs' own peaks were not read).\n")
	}
	if anyResult(r.Results, func(m Measurement) bool { return m.Instructions.Known() }) {
		ew.printf("instructions: one run under callgrind (GOMAXPROCS=1 for Go programs); they do not depend on how busy the machine is.\n")
	}
	if anyResult(r.Results, hasBase) {
		method := "exact"
		if anyResult(r.Results, func(m Measurement) bool { return m.Base != nil && m.Base.Approximate }) {
			method = fmt.Sprintf("exact up to %d runs a side, from the normal approximation past them", exactLimit)
		}
		ew.printf("×base: this run / the baseline, Hodges-Lehmann estimate [95%% interval, %s]; * marks an interval that excludes 1; instructions exact.\n", method)
	}
	for _, s := range r.Warnings {
		ew.printf("%s\n", s)
	}
	for _, s := range r.Notes {
		ew.printf("note: %s\n", s)
	}
	for _, m := range r.Results {
		if m.Problem != "" {
			ew.printf("%s: %s\n", m.Case, firstLine(m.Problem))
		}
		if m.InstructionsProblem != "" {
			ew.printf("%s: no instruction count: %s\n", m.Case, m.InstructionsProblem)
		}
		for _, v := range []*VsResult{m.Vs, m.Against} {
			if v != nil {
				writeVs(ew, m, v)
			}
		}
	}
	for _, s := range r.Regressions {
		ew.printf("REGRESSION %s\n", s)
	}
}

func writeVs(ew *errWriter, m Measurement, v *VsResult) {
	if v.Status != StatusOK || len(v.Ours.Elapsed) == 0 {
		ew.printf("%s vs %s: %s: %s\n", m.Case, v.Command, v.Status, firstLine(v.Problem))
		return
	}
	ew.printf("%s vs %s: ours/theirs over %d alternating pairs: elapsed %s, cpu %s; minor faults %s / %s (%s)",
		m.Case, v.Command, len(v.Ours.Elapsed), ratioCell(v.Elapsed), ratioCell(v.CPU),
		countF(Summarize(v.Ours.Faults).Median), countF(Summarize(v.Theirs.Faults).Median), ratioCell(v.Faults))
	switch {
	case m.Instructions.Known() && v.TheirInstructions.Known():
		ew.printf("; instructions %.3f (%s / %s, exact)", float64(m.Instructions/v.TheirInstructions),
			millions(int64(m.Instructions)), millions(int64(v.TheirInstructions)))
	case v.InstructionsProblem != "":
		ew.printf("; theirs has no instruction count: %s", v.InstructionsProblem)
	}
	ew.printf("\n")
	if v.Elapsed.Known() {
		ew.printf("  (intervals: 95%%, Wilcoxon signed-rank on the pair ratios; * when they exclude 1)\n")
	} else {
		ew.printf("  (no 95%% interval from %d pairs: it needs 6; use -runs 6 or more)\n", len(v.Ours.Elapsed))
	}
	for i := range v.Ours.Elapsed {
		ew.printf("  pair %d: ours %s s, theirs %s s, ratio %s\n", i+1,
			secs(v.Ours.Elapsed[i]), secs(v.Theirs.Elapsed[i]), fixed(v.Ours.Elapsed[i]/v.Theirs.Elapsed[i], 3))
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
// `benchstat old.txt new.txt` compares two runs with statistics. The commit
// goes in a comment line, which benchstat ignores (as a "commit:" key it
// would split the two files into two tables); the one callgrind count is
// on the first run's line only, so that it is not taken for a sample.
func WriteBenchfmt(w io.Writer, r Report) error {
	ew := &errWriter{w: w}
	h := r.Header
	ew.printf("goos: %s\ngoarch: %s\ncpu: %s\npkg: benchpuzzles\n# commit %s, %s\n", h.GOOS, h.GOARCH, h.CPUModel, h.Commit, h.Date)
	for _, m := range r.Results {
		name := "Benchmark" + benchName(m.Case)
		for i := range m.Runs.Elapsed {
			ew.printf("%s\t1\t%.0f ns/op\t%.6g cpu-sec/op\t%.6g sys-sec/op\t%.0f minor-faults/op\t%d peak-RSS-KiB",
				name, m.Runs.Elapsed[i]*1e9, m.Runs.CPU[i], m.Runs.Sys[i], m.Runs.Faults[i], m.Runs.RSS[i])
			if m.Instructions.Known() && i == 0 {
				ew.printf("\t%.0f instructions/op", float64(m.Instructions))
			}
			if m.Work > 0 && m.Runs.Elapsed[i] > 0 {
				ew.printf("\t%.0f %s/s", float64(m.Work)/m.Runs.Elapsed[i], m.RateWord)
			}
			ew.printf("\n")
		}
	}
	return ew.err
}

// WriteCSV prints one row a case: every figure's summary (median, min,
// max, mean, standard deviation, 10th and 90th percentiles), and the
// ratios to a baseline or another program where there are any.
func WriteCSV(w io.Writer, r Report) error {
	cw := csv.NewWriter(w)
	head := []string{"case", "status", "runs"}
	for _, f := range []string{"elapsed_s", "cpu_s", "sys_s", "minor_faults"} {
		for _, st := range []string{"median", "min", "max", "mean", "sd", "p10", "p90"} {
			head = append(head, f+"_"+st)
		}
	}
	head = append(head, "peak_rss_kib", "instructions", "gz_bytes_approx", "rate_per_s", "rate_word",
		"base_elapsed_ratio", "base_elapsed_low", "base_elapsed_high", "base_cpu_ratio", "base_cpu_low", "base_cpu_high", "base_instructions_ratio",
		"vs_command", "vs_elapsed_ratio", "vs_elapsed_low", "vs_elapsed_high", "vs_cpu_ratio", "vs_cpu_low", "vs_cpu_high")
	cw.Write(head)
	num := func(x float64) string {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return ""
		}
		return strconv.FormatFloat(x, 'g', 8, 64)
	}
	for _, m := range r.Results {
		row := []string{m.Case, m.Status, strconv.Itoa(m.Elapsed.N)}
		for _, s := range []Summary{m.Elapsed, m.CPU, m.Sys, m.Faults} {
			row = append(row, num(s.Median), num(s.Min), num(s.Max), num(s.Mean), num(s.SD), num(s.P10), num(s.P90))
		}
		row = append(row, strconv.FormatInt(m.MaxRSS, 10), num(float64(m.Instructions)), strconv.Itoa(m.Gz), num(float64(m.Rate)), m.RateWord)
		iv := func(iv Interval) []string { return []string{num(iv.Ratio), num(iv.Low), num(iv.High)} }
		if b := m.Base; b != nil {
			row = append(append(append(row, iv(b.Elapsed)...), iv(b.CPU)...), num(float64(b.Instructions)))
		} else {
			row = append(row, "", "", "", "", "", "", "")
		}
		if v := m.Vs; v != nil {
			row = append(append(append(row, v.Command), iv(v.Elapsed)...), iv(v.CPU)...)
		} else {
			row = append(row, "", "", "", "", "", "", "")
		}
		cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
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
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "-"
	}
	return fmt.Sprintf("%.3f", x)
}

func fixed(x float64, prec int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 {
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

// countF is count for a median of counts, which may be missing or end in .5.
func countF(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return count(int64(math.Round(x)))
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
