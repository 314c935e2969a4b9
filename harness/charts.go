package main

// charts.go draws the two SVG charts, each one self-contained file.
//
// The report's (bench -svg FILE): a row per case with every timed run as a
// grey point, the median elapsed time as a dot on the min–max whisker, on
// a log scale (the cases span milliseconds to seconds); and, when the run
// was compared with a baseline, another program or another revision, a
// second panel with each ratio (elapsed and CPU with their 95% intervals,
// instructions exact) against a line at 1.0, also log-scaled, so that 0.5
// and 2 sit equally far from it. A case the baseline lacks says so; a busy
// run is marked.
//
// The history's (harness history -svg FILE): CPU seconds and instructions,
// a panel each, a line a case across the commits, each machine's points
// apart.

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
)

// Layout, in pixels.
const (
	svgWidth    = 1000
	svgMargin   = 16
	svgNameW    = 200 // the case-name column
	svgRowH     = 24
	svgTitleH   = 64 // title and header line
	svgAxisH    = 40 // axis labels under the panels
	svgPanelGap = 36
	svgLabelW   = 118 // room right of a panel for the value label
)

// logScale maps values in [lo, hi] onto pixels [x0, x1] logarithmically.
type logScale struct{ lo, hi, x0, x1 float64 }

func (s logScale) x(v float64) float64 {
	v = math.Min(math.Max(v, s.lo), s.hi)
	return s.x0 + (s.x1-s.x0)*math.Log(v/s.lo)/math.Log(s.hi/s.lo)
}

// ticks are 1-2-5 steps inside the scale.
func (s logScale) ticks() []float64 {
	var out []float64
	for e := math.Floor(math.Log10(s.lo)); e <= math.Ceil(math.Log10(s.hi)); e++ {
		for _, m := range []float64{1, 2, 5} {
			v := m * math.Pow(10, e)
			if v >= s.lo*(1-1e-9) && v <= s.hi*(1+1e-9) {
				out = append(out, v)
			}
		}
	}
	return out
}

// ratioTicks are the ratios worth a grid line on a ratio axis.
func (s logScale) ratioTicks() []float64 {
	var out []float64
	for _, v := range []float64{0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 0.67, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 2, 4, 5, 10, 20, 50, 100} {
		if v >= s.lo && v <= s.hi {
			out = append(out, v)
		}
	}
	return out
}

// decadeRange widens [lo, hi] to whole 1-2-5 steps, so the axis starts and
// ends on a labelled tick.
func decadeRange(lo, hi float64) (float64, float64) {
	down := func(v float64) float64 {
		e := math.Pow(10, math.Floor(math.Log10(v)))
		for _, m := range []float64{5, 2, 1} {
			if m*e <= v {
				return m * e
			}
		}
		return e
	}
	up := func(v float64) float64 {
		e := math.Pow(10, math.Floor(math.Log10(v)))
		for _, m := range []float64{1, 2, 5, 10} {
			if m*e >= v {
				return m * e
			}
		}
		return 10 * e
	}
	return down(lo), up(hi)
}

// comparison is one ratio drawn in the second panel: a source (the
// baseline, -vs, -against) and a metric, or a note where a source has none.
type comparison struct {
	iv     Interval
	exact  bool   // instructions: a point, no interval
	source string // "baseline", "vs", "against"
	metric string // "elapsed", "cpu", "instructions"
	note   string // instead of a ratio: "not in baseline"
}

// sourceColor and metricMark tell the comparisons apart.
var sourceColor = map[string]string{"baseline": "#1f6fb4", "vs": "#d9661f", "against": "#2a9d3b"}

func comparisons(r Report, m Measurement) []comparison {
	var out []comparison
	pair := func(source string, elapsed, cpu Interval, instr Figure) {
		if !math.IsNaN(elapsed.Ratio) {
			out = append(out, comparison{iv: elapsed, source: source, metric: "elapsed"})
		}
		if !math.IsNaN(cpu.Ratio) {
			out = append(out, comparison{iv: cpu, source: source, metric: "cpu"})
		}
		if instr.Known() {
			out = append(out, comparison{iv: Interval{Ratio: float64(instr), Low: math.NaN(), High: math.NaN()}, exact: true, source: source, metric: "instructions"})
		}
	}
	switch {
	case m.Base != nil:
		pair("baseline", m.Base.Elapsed, m.Base.CPU, m.Base.Instructions)
	case r.BaselineHeader != nil && m.Elapsed.N > 0:
		out = append(out, comparison{source: "baseline", note: "not in baseline"})
	}
	for _, v := range []struct {
		source string
		v      *VsResult
	}{{"vs", m.Vs}, {"against", m.Against}} {
		if v.v != nil && v.v.Status == StatusOK {
			instr := none
			if m.Instructions.Known() && v.v.TheirInstructions.Known() {
				instr = m.Instructions / v.v.TheirInstructions
			}
			pair(v.source, v.v.Elapsed, v.v.CPU, instr)
		}
	}
	return out
}

// rowHeight is a case's row: taller when it has many comparisons.
func rowHeight(cs []comparison) float64 { return math.Max(svgRowH, float64(12*len(cs)+6)) }

// chart is an SVG document being drawn.
type chart struct{ b bytes.Buffer }

func (c *chart) p(format string, args ...any) { fmt.Fprintf(&c.b, format, args...) }

// begin writes the preamble: the canvas, white, with a title and a line
// under it at y.
func (c *chart) begin(width, height int, x int, title string, y int, under string) {
	c.p(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Verdana, sans-serif" font-size="12">`+"\n",
		width, height, width, height)
	c.p(`<rect width="100%%" height="100%%" fill="#ffffff"/>` + "\n")
	c.p(`<text x="%d" y="%d" font-size="16" font-weight="bold">%s</text>`+"\n", x, y-20, esc(title))
	c.p(`<text x="%d" y="%d" font-size="11" fill="#444">%s</text>`+"\n", x, y, esc(under))
}

// end closes the document and writes it.
func (c *chart) end(w io.Writer) error {
	c.p("</svg>\n")
	_, err := w.Write(c.b.Bytes())
	return err
}

// reportLayout is where a report's chart puts things: each case's row,
// and the scales of its panels.
type reportLayout struct {
	rowsY       []float64 // each row's top, and the last one's bottom
	time, ratio logScale
	hasRatio    bool
	top, bottom float64
	height      int
}

func layoutReport(r Report) reportLayout {
	tlo, thi := math.Inf(1), math.Inf(-1)
	rlo, rhi := 1.0, 1.0
	l := reportLayout{rowsY: []float64{svgTitleH}}
	for _, m := range r.Results {
		if m.Elapsed.N > 0 {
			tlo, thi = math.Min(tlo, m.Elapsed.Min), math.Max(thi, m.Elapsed.Max)
		}
		cs := comparisons(r, m)
		for _, c := range cs {
			l.hasRatio = true
			for _, v := range []float64{c.iv.Ratio, c.iv.Low, c.iv.High} {
				if !math.IsNaN(v) && v > 0 {
					rlo, rhi = math.Min(rlo, v), math.Max(rhi, v)
				}
			}
		}
		l.rowsY = append(l.rowsY, l.rowsY[len(l.rowsY)-1]+rowHeight(cs))
	}
	if math.IsInf(tlo, 0) {
		tlo, thi = 0.01, 1
	}
	tlo, thi = decadeRange(tlo, thi)
	if thi/tlo < 10 {
		thi = tlo * 10
	}
	panelX := float64(svgMargin + svgNameW)
	timeW := float64(svgWidth-svgMargin) - panelX - svgLabelW
	if l.hasRatio {
		timeW = (timeW - svgPanelGap - svgLabelW) * 0.55
		rlo, rhi = math.Max(rlo/1.1, 0.01), math.Min(rhi*1.1, 100)
		x0 := panelX + timeW + svgLabelW + svgPanelGap
		l.ratio = logScale{rlo, rhi, x0, float64(svgWidth-svgMargin) - svgLabelW}
	}
	l.time = logScale{tlo, thi, panelX, panelX + timeW}
	l.top, l.bottom = l.rowsY[0], l.rowsY[len(l.rowsY)-1]
	l.height = int(l.bottom) + svgAxisH + 20
	if l.hasRatio {
		l.height += 32 // the legend
	}
	return l
}

// WriteSVG draws the report.
func WriteSVG(w io.Writer, r Report) error {
	l := layoutReport(r)
	var c chart
	c.begin(svgWidth, l.height, svgMargin, "make bench: elapsed seconds per case, every run (grey), median (dot), min–max", 42, r.Header.String())
	if len(BusyWarnings(r.Results)) > 0 {
		c.p(`<text x="%d" y="56" font-size="11" font-weight="bold" fill="#b00020">%s</text>`+"\n", svgMargin,
			esc("the machine looked busy during this run: its times are not to be trusted (marked rows)"))
	}
	c.drawRows(r, l)
	c.drawTimes(r, l)
	if l.hasRatio {
		c.drawRatios(r, l.rowsY, l.ratio, l.top, l.bottom, float64(l.height))
	}
	return c.end(w)
}

// drawRows draws each case's row: its background and name, marked when
// the machine was busy.
func (c *chart) drawRows(r Report, l reportLayout) {
	for i, m := range r.Results {
		y, h := l.rowsY[i], l.rowsY[i+1]-l.rowsY[i]
		if i%2 == 0 {
			c.p(`<rect x="%d" y="%.1f" width="%d" height="%.1f" fill="#f3f3f3"/>`+"\n", svgMargin, y, svgWidth-2*svgMargin, h)
		}
		c.p(`<text x="%d" y="%.1f">%s</text>`+"\n", svgMargin+4, y+h/2+4, esc(m.Case))
		if len(busyReasons(m)) > 0 {
			c.p(`<text x="%d" y="%.1f" font-size="10" font-weight="bold" fill="#b00020">busy</text>`+"\n", svgMargin+svgNameW-34, y+h/2+4)
		}
	}
}

// drawTimes is the time panel: grid, every run, whiskers, labels.
func (c *chart) drawTimes(r Report, l reportLayout) {
	s := l.time
	c.drawGrid(s, s.ticks(), l.top, l.bottom, func(v float64) string { return tickText(v) + " s" }, math.NaN())
	c.p(`<text x="%.1f" y="%.1f" text-anchor="middle" fill="#444">%s</text>`+"\n", (s.x0+s.x1)/2, l.bottom+34,
		esc("elapsed seconds (log scale)"))
	for i, m := range r.Results {
		y := (l.rowsY[i] + l.rowsY[i+1]) / 2
		if m.Elapsed.N == 0 {
			c.p(`<text x="%.1f" y="%.1f" fill="#b00020">%s</text>`+"\n", s.x0+4, y+4, esc(m.Status))
			continue
		}
		x0, x1, xm := s.x(m.Elapsed.Min), s.x(m.Elapsed.Max), s.x(m.Elapsed.Median)
		c.p(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#555" stroke-width="1.5"/>`+"\n", x0, y, x1, y)
		c.p(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#555"/>`+"\n", x0, y-5, x0, y+5)
		c.p(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#555"/>`+"\n", x1, y-5, x1, y+5)
		for _, e := range m.Runs.Elapsed {
			c.p(`<circle cx="%.1f" cy="%.1f" r="2.2" fill="#999" fill-opacity="0.8"/>`+"\n", s.x(e), y-7)
		}
		c.p(`<circle cx="%.1f" cy="%.1f" r="4.5" fill="#222"/>`+"\n", xm, y)
		c.p(`<text x="%.1f" y="%.1f" fill="#222">%s</text>`+"\n", s.x1+8, y+4, esc(secs(m.Elapsed.Median)+" s"))
	}
}

// drawRatios is the second panel: each comparison of each case on a line of
// its own, with its legend.
func (c *chart) drawRatios(r Report, rowsY []float64, s logScale, top, bottom, height float64) {
	c.drawGrid(s, s.ratioTicks(), top, bottom, tickText, 1)
	c.p(`<text x="%.1f" y="%.1f" text-anchor="middle" fill="#444">%s</text>`+"\n", (s.x0+s.x1)/2, bottom+34,
		esc("ratio with 95% interval (log scale; < 1 is faster or fewer)"))
	for i, m := range r.Results {
		cs := comparisons(r, m)
		y0 := (rowsY[i]+rowsY[i+1])/2 - float64(12*(len(cs)-1))/2
		for k, cmp := range cs {
			y, color := y0+float64(12*k), sourceColor[cmp.source]
			if cmp.note != "" {
				c.p(`<text x="%.1f" y="%.1f" font-size="11" fill="%s">%s</text>`+"\n", s.x0+4, y+4, color, esc(cmp.note))
				continue
			}
			if cmp.iv.Known() {
				c.p(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2"/>`+"\n", s.x(cmp.iv.Low), y, s.x(cmp.iv.High), y, color)
			}
			x := s.x(cmp.iv.Ratio)
			label := cmp.metric + " " + ratioCell(cmp.iv)
			switch cmp.metric {
			case "elapsed":
				c.p(`<rect x="%.1f" y="%.1f" width="7" height="7" fill="%s"/>`+"\n", x-3.5, y-3.5, color)
			case "cpu":
				c.p(`<circle cx="%.1f" cy="%.1f" r="4" fill="#fff" stroke="%s" stroke-width="2"/>`+"\n", x, y, color)
			default:
				c.p(`<path d="M %.1f %.1f l 5 5 l -5 5 l -5 -5 z" fill="%s"/>`+"\n", x, y-5, color)
				label = fmt.Sprintf("instructions %.3f (exact)", cmp.iv.Ratio)
			}
			c.p(`<text x="%.1f" y="%.1f" font-size="10" fill="%s">%s</text>`+"\n", s.x1+8, y+4, color, esc(label))
		}
	}
	lx, ly := float64(svgMargin), height-30
	for _, src := range []struct{ key, label string }{{"baseline", "this run / baseline"}, {"vs", "ours / theirs (-vs)"}, {"against", "ours / -against REV"}} {
		c.p(`<rect x="%.1f" y="%.1f" width="9" height="9" fill="%s"/>`+"\n", lx, ly-8, sourceColor[src.key])
		c.p(`<text x="%.1f" y="%.1f" font-size="11">%s</text>`+"\n", lx+14, ly, esc(src.label))
		lx += 150
	}
	c.p(`<text x="%.1f" y="%.1f" font-size="11" fill="#444">%s</text>`+"\n", float64(svgMargin), ly+16, esc("square: elapsed; ring: cpu; diamond: instructions (exact)"))
}

// drawGrid draws vertical grid lines with their labels under the panel; a
// reference value (1.0 for ratios) gets a darker line.
func (c *chart) drawGrid(s logScale, ticks []float64, top, bottom float64, label func(float64) string, ref float64) {
	for _, v := range ticks {
		x := s.x(v)
		stroke, width := "#d0d0d0", 1.0
		if v == ref {
			stroke, width = "#333", 1.5
		}
		c.p(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="%g"/>`+"\n", x, top, x, bottom, stroke, width)
		c.p(`<text x="%.1f" y="%.1f" text-anchor="middle" font-size="11" fill="#444">%s</text>`+"\n", x, bottom+15, esc(label(v)))
	}
}

// tickText prints a tick value without trailing zeros: 0.05, 1, 20.
func tickText(v float64) string {
	s := fmt.Sprintf("%.3f", v)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}

func esc(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

// WriteHistorySVG draws two panels, CPU seconds and instructions, each on
// a log scale, the runs in file order along the x axis named by commit.
func WriteHistorySVG(w io.Writer, hs []HistoryEntry, cases []string) error {
	panels := []historyPanel{
		{"CPU seconds, median (log scale)", func(c HistoryCase) Figure { return c.CPU }, func(v float64) string { return tickText(v) + " s" }},
		{"instructions (log scale)", func(c HistoryCase) Figure { return c.Instructions }, si},
	}
	height := historyTop + len(panels)*(historyPanelH+50) + 60
	var c chart
	c.begin(historyWidth, height, 16, "harness history: each case across commits", 44, "solid and dashed lines are different machines; a line never joins two machines")
	var machines []string
	for _, h := range hs {
		if !slices.Contains(machines, h.machine()) {
			machines = append(machines, h.machine())
		}
	}
	for k, panel := range panels {
		c.drawHistoryPanel(panel, float64(historyTop+k*(historyPanelH+50)+20), hs, cases, machines, k == 0)
	}
	for mi, mach := range machines {
		style := "solid"
		if mi > 0 {
			style = "dashed"
		}
		c.p(`<text x="16" y="%d" font-size="11" fill="#444">%s</text>`+"\n", height-40+mi*14, esc(style+": "+mach))
	}
	return c.end(w)
}

// The history chart's layout, in pixels.
const (
	historyWidth, historyPanelH, historyLeft, historyRight, historyTop = 1000, 260, 70, 230, 60
)

// historyPanel is a figure the history chart draws across the commits.
type historyPanel struct {
	title string
	pick  func(HistoryCase) Figure
	unit  func(float64) string
}

// drawHistoryPanel draws one figure's panel at y0: its scale, the commits,
// a line a case and machine, and with legend the cases' colours.
func (c *chart) drawHistoryPanel(panel historyPanel, y0 float64, hs []HistoryEntry, cases, machines []string, legend bool) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, h := range hs {
		for _, hc := range h.Cases {
			if v := panel.pick(hc); v.Known() && v > 0 && slices.Contains(cases, hc.Case) {
				lo, hi = math.Min(lo, float64(v)), math.Max(hi, float64(v))
			}
		}
	}
	c.p(`<text x="%d" y="%.1f" font-weight="bold">%s</text>`+"\n", historyLeft, y0-6, esc(panel.title))
	if math.IsInf(lo, 0) {
		c.p(`<text x="%d" y="%.1f" fill="#666">%s</text>`+"\n", historyLeft, y0+historyPanelH/2, esc("no figures"))
		return
	}
	lo, hi = decadeRange(lo, hi)
	if hi/lo < 10 {
		hi = lo * 10
	}
	yAt := func(v float64) float64 { return y0 + historyPanelH - historyPanelH*math.Log(v/lo)/math.Log(hi/lo) }
	for _, t := range (logScale{lo: lo, hi: hi}).ticks() {
		c.p(`<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#e0e0e0"/>`+"\n", historyLeft, yAt(t), historyWidth-historyRight, yAt(t))
		c.p(`<text x="%d" y="%.1f" text-anchor="end" font-size="10" fill="#444">%s</text>`+"\n", historyLeft-6, yAt(t)+3, esc(panel.unit(t)))
	}
	xAt := func(i int) float64 {
		if len(hs) == 1 {
			return historyLeft + (historyWidth-historyLeft-historyRight)/2
		}
		return historyLeft + float64(i)*(historyWidth-historyLeft-historyRight)/float64(len(hs)-1)
	}
	for i, h := range hs {
		c.p(`<text x="%.1f" y="%.1f" text-anchor="middle" font-size="10" fill="#444">%s</text>`+"\n", xAt(i), y0+historyPanelH+16, esc(h.Commit))
	}
	for ci, name := range cases {
		color := palette[ci%len(palette)]
		for mi, mach := range machines {
			var pts []string
			for i, h := range hs {
				for _, hc := range h.Cases {
					if v := panel.pick(hc); h.machine() == mach && hc.Case == name && v.Known() && v > 0 {
						x, y := xAt(i), yAt(float64(v))
						pts = append(pts, fmt.Sprintf("%.1f,%.1f", x, y))
						c.p(`<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>`+"\n", x, y, color)
					}
				}
			}
			if len(pts) > 1 {
				dash := ""
				if mi > 0 {
					dash = ` stroke-dasharray="5,3"`
				}
				c.p(`<polyline points="%s" fill="none" stroke="%s" stroke-width="1.5"%s/>`+"\n", strings.Join(pts, " "), color, dash)
			}
		}
		if legend {
			c.p(`<rect x="%d" y="%d" width="10" height="10" fill="%s"/>`+"\n", historyWidth-historyRight+16, historyTop+20+ci*16, color)
			c.p(`<text x="%d" y="%d" font-size="11">%s</text>`+"\n", historyWidth-historyRight+32, historyTop+29+ci*16, esc(name))
		}
	}
}

// palette colours the cases of a chart.
var palette = []string{"#1f6fb4", "#d9661f", "#2a9d3b", "#c0392b", "#8e44ad", "#7f5539", "#e377c2", "#555555", "#b5a000", "#17becf"}
