package main

// coordinator.go: the parts of one process searched on their own
// goroutines, saved every so often and on SIGINT/SIGTERM.

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// maxParts is the most parts a search is cut into.
const maxParts = 1 << 16

// search is one search as the command line asks for it: the board's
// engine, how its tree is cut, the budget, and the parts this process
// searches (every part of a whole run, which prints the output, or the one
// part of -part, which prints its record).
type search struct {
	e      *engine
	pl     plan
	budget int64 // nodes, 0 for none (one part only)
	whole  bool
	parts  []*part
}

// newSearch is the search of the parts indices of K parts.
func newSearch(e *engine, parts int, all bool, budget int64, indices []int, whole bool) *search {
	s := &search{e: e, pl: makePlan(e, parts, all), budget: budget, whole: whole}
	for _, k := range indices {
		s.parts = append(s.parts, newPart(e, s.pl, k, budget))
	}
	return s
}

// result is the run's output: the merged records of a whole run, or the
// record of its one part.
func (s *search) result() (record, error) {
	var records []record
	for _, p := range s.parts {
		records = append(records, s.e.record(s.pl, p.index, p.c.found))
	}
	if !s.whole {
		return records[0], nil
	}
	return merge(records)
}

func (s *search) checkpoint(states []partState) *checkpoint {
	p := s.e.p
	return &checkpoint{
		Format: checkpointFormat, Check: p.fingerprint(), Board: p.toJSON(), All: s.pl.all, Budget: s.budget,
		Parts: s.pl.parts, Split: s.pl.split, Units: s.pl.units, Whole: s.whole, Runs: states,
	}
}

// saving is where and how often a coordinator saves its search.
type saving struct {
	file  string        // "" for never
	every time.Duration // and on SIGINT/SIGTERM
	write func(file string, c *checkpoint) error
	warn  io.Writer // where a failed save is told; the search goes on
}

// coordinator runs the parts of a search, each on its own goroutine, in
// slices of sliceNodes nodes, saving them as sv says. Without -all, a
// part that finds its solution stops the parts after it: they cannot
// matter.
type coordinator struct {
	s          *search
	sv         saving
	sliceNodes int64
	progress   *progress // nil: no status line

	mu       sync.Mutex
	changed  *sync.Cond
	states   []partState // each part's last state
	answered []int       // the last save request each part answered
	finished []bool
	requests int // save requests made
	running  int
	stop     atomic.Bool   // a signal: stop every part
	cancel   []atomic.Bool // a part before it found the solution
}

// sliceNodes is how many nodes explore places between looks at the clock,
// the signals and the other parts: about 10-20 ms.
const sliceNodes = 1 << 20

func newCoordinator(s *search, sv saving, slice int64, pr *progress) *coordinator {
	n := len(s.parts)
	co := &coordinator{s: s, sv: sv, sliceNodes: slice, progress: pr,
		states: make([]partState, n), answered: make([]int, n), finished: make([]bool, n), running: n, cancel: make([]atomic.Bool, n)}
	co.changed = sync.NewCond(&co.mu)
	for k, p := range s.parts {
		co.states[k] = p.state()
	}
	return co
}

// errStopped: a signal stopped the search, after saving it.
type errStopped struct {
	sig   syscall.Signal
	file  string
	saved error // why it could not be saved, or nil
}

func (e errStopped) Error() string {
	name := map[syscall.Signal]string{syscall.SIGINT: "SIGINT", syscall.SIGTERM: "SIGTERM"}[e.sig]
	switch {
	case e.file == "":
		return name + ": stopped; nothing was kept"
	case e.saved != nil:
		return fmt.Sprintf("%s: the search could not be saved (%v); %s holds it as of its last save", name, unwrapPath(e.saved), shown(e.file))
	}
	return fmt.Sprintf("%s: the search is saved in %s; resume it with -resume %s", name, shown(e.file), shown(e.file))
}

// run searches every part to its end and returns when they are done, or
// when a signal stops them.
func (co *coordinator) run() error {
	if file := co.sv.file; file != "" {
		// A checkpoint that cannot be written is bad input, found now and
		// not after the search.
		if info, err := os.Stat(file); err == nil && info.IsDir() {
			return bad("-checkpoint %s: a directory, expected a file", shown(file))
		}
		unlock, err := lockCheckpoint(file)
		if err != nil {
			return bad("-checkpoint %s: %v", shown(file), unwrapPath(err))
		}
		defer unlock()
		if err := co.sv.write(file, co.s.checkpoint(co.states)); err != nil {
			return bad("-checkpoint %s: %v", shown(file), unwrapPath(err))
		}
	}
	for k := range co.s.parts {
		go co.searchPart(k)
	}
	return co.wait()
}

// searchPart runs part k in slices, answering save requests between them.
func (co *coordinator) searchPart(k int) {
	p := co.s.parts[k]
	for !p.done && !co.stop.Load() && !co.cancel[k].Load() {
		nodes, passed := p.c.found.Nodes, p.passed
		p.advance(co.sliceNodes)
		co.progress.publish(p.c.found.Nodes-nodes, int64(p.passed-passed), &p.c.found)
		co.mu.Lock()
		if co.answered[k] < co.requests {
			co.states[k], co.answered[k] = p.state(), co.requests
			co.changed.Broadcast()
		}
		co.mu.Unlock()
	}
	if co.cancel[k].Load() {
		p.done = true
	}
	co.mu.Lock()
	defer co.mu.Unlock()
	co.states[k], co.finished[k] = p.state(), true
	co.running--
	if p.solved && !co.s.pl.all {
		for j, q := range co.s.parts {
			if q.index > p.index {
				co.cancel[j].Store(true)
			}
		}
	}
	co.changed.Broadcast()
}

// wait saves every so often and on a signal until the parts are done. A
// save that fails is told and the search goes on: the file still holds
// the last one saved.
func (co *coordinator) wait() error {
	signals := make(chan os.Signal, 1)
	ticks := (<-chan time.Time)(nil)
	file := co.sv.file
	if file != "" {
		signal.Notify(signals, syscall.SIGINT, syscall.SIGTERM)
		defer signal.Stop(signals)
		ticker := time.NewTicker(co.sv.every)
		defer ticker.Stop()
		ticks = ticker.C
	}
	done := make(chan struct{})
	go func() {
		co.mu.Lock()
		for co.running > 0 {
			co.changed.Wait()
		}
		co.mu.Unlock()
		close(done)
	}()
	for {
		select {
		case <-done:
			if file != "" {
				co.saved(co.sv.write(file, co.s.checkpoint(co.states)))
			}
			return nil
		case <-ticks:
			co.saved(co.sv.write(file, co.collect()))
		case sig := <-signals:
			co.stop.Store(true)
			<-done
			return errStopped{sig.(syscall.Signal), file, co.sv.write(file, co.s.checkpoint(co.states))}
		}
	}
}

// saved tells of a save that failed.
func (co *coordinator) saved(err error) {
	if err != nil {
		fmt.Fprintf(co.sv.warn, "eternity2: -checkpoint %s: %v; the search goes on, and the file holds its last save\n", shown(co.sv.file), unwrapPath(err))
	}
}

// collect asks every running part for its state and waits for the answers.
func (co *coordinator) collect() *checkpoint {
	co.mu.Lock()
	defer co.mu.Unlock()
	co.requests++
	for k := 0; k < len(co.s.parts); {
		if co.finished[k] || co.answered[k] >= co.requests {
			k++
			continue
		}
		co.changed.Wait()
		k = 0
	}
	return co.s.checkpoint(slices.Clone(co.states))
}
