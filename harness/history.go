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
	"fmt"
	"io"
	"math"
	"os"
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

// AppendHistory adds the report's figures to a history file as one line.
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
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(append(line, '\n')); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// LoadHistory reads a history file; errors name the line.
func LoadHistory(path string) ([]HistoryEntry, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
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

// WriteHistorySVG draws two panels, CPU seconds and instructions, each on
// a log scale, the runs in file order along the x axis named by commit.
func WriteHistorySVG(w io.Writer, hs []HistoryEntry, cases []string) error {
	var b bytes.Buffer
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	const width, panelH, left, right, top = 1000, 260, 70, 230, 60
	n := len(hs)
	xAt := func(i int) float64 {
		if n == 1 {
			return left + (width-left-right)/2
		}
		return left + float64(i)*(width-left-right)/float64(n-1)
	}
	panels := []struct {
		title string
		pick  func(HistoryCase) Figure
		unit  func(float64) string
	}{
		{"CPU seconds, median (log scale)", func(c HistoryCase) Figure { return c.CPU }, func(v float64) string { return tickText(v) + " s" }},
		{"instructions (log scale)", func(c HistoryCase) Figure { return c.Instructions }, func(v float64) string { return si(v) }},
	}
	height := top + len(panels)*(panelH+50) + 60
	p(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Verdana, sans-serif" font-size="12">`+"\n", width, height, width, height)
	p(`<rect width="100%%" height="100%%" fill="#ffffff"/>` + "\n")
	p(`<text x="16" y="24" font-size="16" font-weight="bold">%s</text>`+"\n", esc("harness history: each case across commits"))
	p(`<text x="16" y="44" font-size="11" fill="#444">%s</text>`+"\n", esc("solid and dashed lines are different machines; a line never joins two machines"))
	machines := []string{}
	for _, h := range hs {
		if !slices.Contains(machines, h.machine()) {
			machines = append(machines, h.machine())
		}
	}
	for k, panel := range panels {
		y0 := float64(top + k*(panelH+50) + 20)
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, h := range hs {
			for _, c := range h.Cases {
				if v := panel.pick(c); v.Known() && v > 0 && slices.Contains(cases, c.Case) {
					lo, hi = math.Min(lo, float64(v)), math.Max(hi, float64(v))
				}
			}
		}
		p(`<text x="%d" y="%.1f" font-weight="bold">%s</text>`+"\n", left, y0-6, esc(panel.title))
		if math.IsInf(lo, 0) {
			p(`<text x="%d" y="%.1f" fill="#666">%s</text>`+"\n", left, y0+panelH/2, esc("no figures"))
			continue
		}
		lo, hi = decadeRange(lo, hi)
		if hi/lo < 10 {
			hi = lo * 10
		}
		yAt := func(v float64) float64 { return y0 + panelH - panelH*math.Log(v/lo)/math.Log(hi/lo) }
		for _, t := range (logScale{lo: lo, hi: hi}).ticks() {
			p(`<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#e0e0e0"/>`+"\n", left, yAt(t), width-right, yAt(t))
			p(`<text x="%d" y="%.1f" text-anchor="end" font-size="10" fill="#444">%s</text>`+"\n", left-6, yAt(t)+3, esc(panel.unit(t)))
		}
		for i, h := range hs {
			p(`<text x="%.1f" y="%.1f" text-anchor="middle" font-size="10" fill="#444">%s</text>`+"\n", xAt(i), y0+panelH+16, esc(h.Commit))
		}
		for ci, name := range cases {
			color := palette[ci%len(palette)]
			for mi, mach := range machines {
				var pts []string
				flush := func() {
					if len(pts) > 1 {
						dash := ""
						if mi > 0 {
							dash = ` stroke-dasharray="5,3"`
						}
						p(`<polyline points="%s" fill="none" stroke="%s" stroke-width="1.5"%s/>`+"\n", strings.Join(pts, " "), color, dash)
					}
					pts = nil
				}
				for i, h := range hs {
					if h.machine() != mach {
						continue
					}
					for _, c := range h.Cases {
						if v := panel.pick(c); c.Case == name && v.Known() && v > 0 {
							x, y := xAt(i), yAt(float64(v))
							pts = append(pts, fmt.Sprintf("%.1f,%.1f", x, y))
							p(`<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>`+"\n", x, y, color)
						}
					}
				}
				flush()
			}
			if k == 0 {
				p(`<rect x="%d" y="%d" width="10" height="10" fill="%s"/>`+"\n", width-right+16, top+20+ci*16, color)
				p(`<text x="%d" y="%d" font-size="11">%s</text>`+"\n", width-right+32, top+29+ci*16, esc(name))
			}
		}
	}
	for mi, mach := range machines {
		style := "solid"
		if mi > 0 {
			style = "dashed"
		}
		p(`<text x="16" y="%d" font-size="11" fill="#444">%s</text>`+"\n", height-40+mi*14, esc(style+": "+mach))
	}
	p("</svg>\n")
	_, err := w.Write(b.Bytes())
	return err
}

// palette colours the cases of a chart.
var palette = []string{"#1f6fb4", "#d9661f", "#2a9d3b", "#c0392b", "#8e44ad", "#7f5539", "#e377c2", "#555555", "#b5a000", "#17becf"}
