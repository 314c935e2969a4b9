package main

// progress.go: a status line on stderr for the long searches, read from
// counters the searches publish between slices (every 2^20 nodes), never
// in the step.

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// progress is what a search has published so far, and the line that
// shows it.
type progress struct {
	e      *engine
	out    io.Writer
	redraw bool // a terminal: the line is redrawn in place
	url    bool // the best board's viewer link with each status
	start  time.Time
	budget int64 // nodes, 0 for none
	units  int64 // units of the parts searched here, when there is no budget

	nodes  atomic.Int64
	passed atomic.Int64 // units begun
	mu     sync.Mutex
	best   found // the best board published: its score and placements
	shown  int   // the depth of the best board whose link was shown
	stop   chan struct{}
	ended  chan struct{}
}

// Status lines: a terminal's is redrawn at most statusRedraw apart, a
// file's or pipe's written every statusEvery.
const (
	statusRedraw = 250 * time.Millisecond
	statusEvery  = 5 * time.Second
)

// isTerminal says whether w is a terminal (a character device other than
// /dev/null).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	null, errNull := os.Stat(os.DevNull)
	return err == nil && info.Mode()&os.ModeCharDevice != 0 && (errNull != nil || !os.SameFile(info, null))
}

// startProgress starts the status line of a search of e on out. A failed
// write to out (a closed stderr, a pipe with no reader) stops nothing.
func startProgress(e *engine, out io.Writer, url bool, budget int64, units int) *progress {
	signal.Ignore(syscall.SIGPIPE)
	pr := &progress{e: e, out: out, redraw: isTerminal(out), url: url, start: time.Now(), budget: budget, units: int64(units),
		best: nothingFound(), shown: -1, stop: make(chan struct{}), ended: make(chan struct{})}
	every := statusEvery
	if pr.redraw {
		every = statusRedraw
	}
	go func() {
		defer close(pr.ended)
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-pr.stop:
				return
			case <-tick.C:
				pr.mu.Lock()
				f := pr.best
				pr.mu.Unlock()
				pr.show(pr.nodes.Load(), f, false)
			}
		}
	}()
	return pr
}

// publish adds a slice's nodes and units begun, and takes the best board
// of what a search has found when it beats the best so far (by score).
func (pr *progress) publish(nodes, passed int64, f *found) {
	if pr == nil {
		return
	}
	pr.nodes.Add(nodes)
	pr.passed.Add(passed)
	if f.Unit < 0 {
		return
	}
	pr.mu.Lock()
	if pr.best.Unit < 0 || f.Score > pr.best.Score {
		pr.best.Score, pr.best.Unit = f.Score, f.Unit
		pr.best.Board = append(pr.best.Board[:0], f.Board...)
	}
	pr.mu.Unlock()
}

// end stops the status line and shows the answer's figures as its last.
func (pr *progress) end(answer found) {
	if pr == nil {
		return
	}
	close(pr.stop)
	<-pr.ended
	pr.show(answer.Nodes, answer, true)
}

// show writes a status line: nodes so far and their rate, the best board,
// the time, and for a budget or parts the share done and the time left.
func (pr *progress) show(nodes int64, best found, last bool) {
	elapsed := time.Since(pr.start).Seconds()
	line := fmt.Sprintf("status: nodes %d (%.1fM/s), best %d/%d at depth %d, %.1f s", nodes, float64(nodes)/max(elapsed, 1e-9)/1e6,
		pr.e.scoreAt[len(best.Board)], pr.e.maxScore, len(best.Board), elapsed)
	share := 0.0
	switch {
	case pr.budget > 0:
		share = float64(nodes) / float64(pr.budget)
	case pr.units > 0:
		share = float64(pr.passed.Load()) / float64(pr.units)
	}
	if share > 0 && !last {
		share = min(share, 0.999)
		line += fmt.Sprintf(", %.1f%% done, %.0f s left", 100*share, elapsed*(1-share)/share)
	}
	var b []byte
	if pr.url && len(best.Board) != pr.shown {
		pr.shown = len(best.Board)
		link := pr.e.viewerURL(best.Board)
		if pr.redraw {
			b = append(b, "\r\x1b[K"...)
		}
		b = fmt.Appendf(b, "url %s\n", cmp.Or(link, "-"))
	}
	switch {
	case pr.redraw && last:
		b = fmt.Appendf(b, "\r%s\x1b[K\n", line)
	case pr.redraw:
		b = fmt.Appendf(b, "\r%s\x1b[K", line)
	default:
		b = fmt.Appendf(b, "%s\n", line)
	}
	pr.out.Write(b)
}
