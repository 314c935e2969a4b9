package main

// svg.go draws a bench report as one self-contained SVG file (-svg FILE):
// a row per case with every timed run as a grey point, the median elapsed
// time as a dot on the min–max whisker, on a log scale (the cases span
// milliseconds to seconds); and, when the run was compared with a
// baseline, another program or another revision, a second panel with each
// ratio (elapsed and CPU with their 95% intervals, instructions exact)
// against a line at 1.0, also log-scaled, so that 0.5 and 2 sit equally
// far from it. A case the baseline lacks says so; a busy run is marked.

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
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

// WriteSVG draws the report.
func WriteSVG(w io.Writer, r Report) error {
	var b bytes.Buffer
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }

	// Scales and rows from the data.
	tlo, thi := math.Inf(1), math.Inf(-1)
	rlo, rhi := 1.0, 1.0
	hasRatio := false
	rowsY := []float64{svgTitleH}
	for _, m := range r.Results {
		if m.Elapsed.N > 0 {
			tlo, thi = math.Min(tlo, m.Elapsed.Min), math.Max(thi, m.Elapsed.Max)
		}
		cs := comparisons(r, m)
		for _, c := range cs {
			hasRatio = true
			for _, v := range []float64{c.iv.Ratio, c.iv.Low, c.iv.High} {
				if !math.IsNaN(v) && v > 0 {
					rlo, rhi = math.Min(rlo, v), math.Max(rhi, v)
				}
			}
		}
		rowsY = append(rowsY, rowsY[len(rowsY)-1]+rowHeight(cs))
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
	var ratioScale logScale
	if hasRatio {
		timeW = (timeW - svgPanelGap - svgLabelW) * 0.55
		rlo, rhi = math.Max(rlo/1.1, 0.01), math.Min(rhi*1.1, 100)
		x0 := panelX + timeW + svgLabelW + svgPanelGap
		ratioScale = logScale{rlo, rhi, x0, float64(svgWidth-svgMargin) - svgLabelW}
	}
	timeScale := logScale{tlo, thi, panelX, panelX + timeW}

	top, bottom := rowsY[0], rowsY[len(rowsY)-1]
	height := int(bottom) + svgAxisH + 20
	if hasRatio {
		height += 32 // the legend
	}
	busy := len(BusyWarnings(r.Results)) > 0

	p(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Verdana, sans-serif" font-size="12">`+"\n",
		svgWidth, height, svgWidth, height)
	p(`<rect width="100%%" height="100%%" fill="#ffffff"/>` + "\n")
	p(`<text x="%d" y="22" font-size="16" font-weight="bold">%s</text>`+"\n", svgMargin, esc("make bench: elapsed seconds per case, every run (grey), median (dot), min–max"))
	p(`<text x="%d" y="42" font-size="11" fill="#444">%s</text>`+"\n", svgMargin, esc(r.Header.String()))
	if busy {
		p(`<text x="%d" y="56" font-size="11" font-weight="bold" fill="#b00020">%s</text>`+"\n", svgMargin,
			esc("the machine looked busy during this run: its times are not to be trusted (marked rows)"))
	}

	// Row backgrounds and names.
	for i, m := range r.Results {
		y, h := rowsY[i], rowsY[i+1]-rowsY[i]
		if i%2 == 0 {
			p(`<rect x="%d" y="%.1f" width="%d" height="%.1f" fill="#f3f3f3"/>`+"\n", svgMargin, y, svgWidth-2*svgMargin, h)
		}
		p(`<text x="%d" y="%.1f">%s</text>`+"\n", svgMargin+4, y+h/2+4, esc(m.Case))
		if len(busyReasons(m)) > 0 {
			p(`<text x="%d" y="%.1f" font-size="10" font-weight="bold" fill="#b00020">busy</text>`+"\n", svgMargin+svgNameW-34, y+h/2+4)
		}
	}

	// The time panel: grid, every run, whiskers, labels.
	drawGrid(p, timeScale, timeScale.ticks(), top, bottom, func(v float64) string { return tickText(v) + " s" }, math.NaN())
	p(`<text x="%.1f" y="%.1f" text-anchor="middle" fill="#444">%s</text>`+"\n", (timeScale.x0+timeScale.x1)/2, bottom+34,
		esc("elapsed seconds (log scale)"))
	for i, m := range r.Results {
		y := (rowsY[i] + rowsY[i+1]) / 2
		if m.Elapsed.N == 0 {
			p(`<text x="%.1f" y="%.1f" fill="#b00020">%s</text>`+"\n", timeScale.x0+4, y+4, esc(m.Status))
			continue
		}
		x0, x1, xm := timeScale.x(m.Elapsed.Min), timeScale.x(m.Elapsed.Max), timeScale.x(m.Elapsed.Median)
		p(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#555" stroke-width="1.5"/>`+"\n", x0, y, x1, y)
		p(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#555"/>`+"\n", x0, y-5, x0, y+5)
		p(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#555"/>`+"\n", x1, y-5, x1, y+5)
		for _, e := range m.Runs.Elapsed {
			p(`<circle cx="%.1f" cy="%.1f" r="2.2" fill="#999" fill-opacity="0.8"/>`+"\n", timeScale.x(e), y-7)
		}
		p(`<circle cx="%.1f" cy="%.1f" r="4.5" fill="#222"/>`+"\n", xm, y)
		p(`<text x="%.1f" y="%.1f" fill="#222">%s</text>`+"\n", timeScale.x1+8, y+4, esc(secs(m.Elapsed.Median)+" s"))
	}

	if hasRatio {
		drawRatios(p, r, rowsY, ratioScale, top, bottom, float64(height))
	}
	p("</svg>\n")
	_, err := w.Write(b.Bytes())
	return err
}

// drawRatios is the second panel: each comparison of each case on a line of
// its own, with its legend.
func drawRatios(p func(string, ...any), r Report, rowsY []float64, s logScale, top, bottom, height float64) {
	drawGrid(p, s, s.ratioTicks(), top, bottom, tickText, 1)
	p(`<text x="%.1f" y="%.1f" text-anchor="middle" fill="#444">%s</text>`+"\n", (s.x0+s.x1)/2, bottom+34,
		esc("ratio with 95% interval (log scale; < 1 is faster or fewer)"))
	for i, m := range r.Results {
		cs := comparisons(r, m)
		y0 := (rowsY[i]+rowsY[i+1])/2 - float64(12*(len(cs)-1))/2
		for k, c := range cs {
			y, color := y0+float64(12*k), sourceColor[c.source]
			if c.note != "" {
				p(`<text x="%.1f" y="%.1f" font-size="11" fill="%s">%s</text>`+"\n", s.x0+4, y+4, color, esc(c.note))
				continue
			}
			if c.iv.Known() {
				p(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2"/>`+"\n", s.x(c.iv.Low), y, s.x(c.iv.High), y, color)
			}
			x := s.x(c.iv.Ratio)
			label := c.metric + " " + ratioCell(c.iv)
			switch c.metric {
			case "elapsed":
				p(`<rect x="%.1f" y="%.1f" width="7" height="7" fill="%s"/>`+"\n", x-3.5, y-3.5, color)
			case "cpu":
				p(`<circle cx="%.1f" cy="%.1f" r="4" fill="#fff" stroke="%s" stroke-width="2"/>`+"\n", x, y, color)
			default:
				p(`<path d="M %.1f %.1f l 5 5 l -5 5 l -5 -5 z" fill="%s"/>`+"\n", x, y-5, color)
				label = fmt.Sprintf("instructions %.3f (exact)", c.iv.Ratio)
			}
			p(`<text x="%.1f" y="%.1f" font-size="10" fill="%s">%s</text>`+"\n", s.x1+8, y+4, color, esc(label))
		}
	}
	lx, ly := float64(svgMargin), height-30
	for _, src := range []struct{ key, label string }{{"baseline", "this run / baseline"}, {"vs", "ours / theirs (-vs)"}, {"against", "ours / -against REV"}} {
		p(`<rect x="%.1f" y="%.1f" width="9" height="9" fill="%s"/>`+"\n", lx, ly-8, sourceColor[src.key])
		p(`<text x="%.1f" y="%.1f" font-size="11">%s</text>`+"\n", lx+14, ly, esc(src.label))
		lx += 150
	}
	p(`<text x="%.1f" y="%.1f" font-size="11" fill="#444">%s</text>`+"\n", float64(svgMargin), ly+16, esc("square: elapsed; ring: cpu; diamond: instructions (exact)"))
}

// drawGrid draws vertical grid lines with their labels under the panel; a
// reference value (1.0 for ratios) gets a darker line.
func drawGrid(p func(string, ...any), s logScale, ticks []float64, top, bottom float64, label func(float64) string, ref float64) {
	for _, v := range ticks {
		x := s.x(v)
		stroke, width := "#d0d0d0", 1.0
		if v == ref {
			stroke, width = "#333", 1.5
		}
		p(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="%g"/>`+"\n", x, top, x, bottom, stroke, width)
		p(`<text x="%.1f" y="%.1f" text-anchor="middle" font-size="11" fill="#444">%s</text>`+"\n", x, bottom+15, esc(label(v)))
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
