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

// saving is where and how often a coordinator saves its search.
type saving struct {
	file  string        // "" for never
	every time.Duration // and on SIGINT/SIGTERM
	write func(file string, c *checkpoint) error
	warn  io.Writer // where a failed save is told; the search goes on
}

// coordinator runs the parts of a search, each on its own goroutine, in
// slices of sliceNodes nodes, each part leaving its state after every
// slice for the saves (the parts are independent: any state of each makes
// a checkpoint). Without -all, a part that finds its solution stops the
// parts after it: they cannot matter.
type coordinator struct {
	s          *search
	sv         saving
	sliceNodes int64
	progress   *progress // nil: no status line

	mu     sync.Mutex
	states []partState    // each part's state after its last slice
	stop   atomic.Bool    // a signal: stop every part
	cancel []atomic.Bool  // a part before it found the solution
	parts  sync.WaitGroup // the parts still searching
}

// sliceNodes is how many nodes explore places between looks at the clock,
// the signals and the other parts: about 10-20 ms.
const sliceNodes = 1 << 20

func newCoordinator(s *search, sv saving, slice int64, pr *progress) *coordinator {
	co := &coordinator{s: s, sv: sv, sliceNodes: slice, progress: pr, cancel: make([]atomic.Bool, len(s.parts))}
	for _, p := range s.parts {
		co.states = append(co.states, p.state())
	}
	return co
}

// errStopped: a signal stopped the search, after saving it (to file, if
// there is one).
type errStopped struct {
	sig   syscall.Signal
	file  string
	saved error // why it could not be saved, or nil
}

func (e errStopped) Error() string {
	name := "SIGTERM"
	if e.sig == syscall.SIGINT {
		name = "SIGINT"
	}
	switch {
	case e.file == "":
		return name + ": stopped; nothing was kept"
	case e.saved != nil:
		return fmt.Sprintf("%s: not saved (%v); %s holds the last save", name, unwrapPath(e.saved), shown(e.file))
	}
	return fmt.Sprintf("%s: saved; resume with -resume %s -checkpoint %[2]s", name, shown(e.file))
}

// run searches every part to its end and returns when they are done, or
// when a signal stops them.
func (co *coordinator) run() error {
	signals := make(chan os.Signal, 1)
	if file := co.sv.file; file != "" {
		// Caught before the first save: a signal is never the default
		// action once the file exists.
		signal.Notify(signals, syscall.SIGINT, syscall.SIGTERM)
		defer signal.Stop(signals)
		// A checkpoint that cannot be written is bad input, found now and
		// not after the search.
		if info, err := os.Stat(file); err == nil && info.IsDir() {
			return bad("-checkpoint %s: a directory, expected a file", shown(file))
		}
		unlock, err := lockCheckpoint(file)
		if err == nil {
			defer unlock()
			err = co.sv.write(file, co.checkpoint())
		}
		if err != nil {
			return bad("-checkpoint %s: %v", shown(file), unwrapPath(err))
		}
	}
	co.parts.Add(len(co.s.parts))
	for k := range co.s.parts {
		go co.searchPart(k)
	}
	return co.wait(signals)
}

// searchPart runs part k in slices, leaving its state after each.
func (co *coordinator) searchPart(k int) {
	defer co.parts.Done()
	p := co.s.parts[k]
	for !p.done && !co.stop.Load() {
		p.done = co.cancel[k].Load() // a slice of none: its state says so
		nodes, passed := p.c.found.Nodes, p.passed
		p.advance(co.sliceNodes)
		co.progress.publish(p.c.found.Nodes-nodes, int64(p.passed-passed), &p.c.found)
		co.mu.Lock()
		co.states[k] = p.state()
		co.mu.Unlock()
	}
	if p.solved && !co.s.pl.all {
		for j, q := range co.s.parts {
			if q.index > p.index {
				co.cancel[j].Store(true)
			}
		}
	}
}

// checkpoint is the search as the parts left it.
func (co *coordinator) checkpoint() *checkpoint {
	co.mu.Lock()
	defer co.mu.Unlock()
	return co.s.checkpoint(slices.Clone(co.states))
}

// wait saves every so often and on a signal until the parts are done. A
// save that fails is told and the search goes on: the file still holds
// the last one saved.
func (co *coordinator) wait(signals <-chan os.Signal) error {
	ticks := (<-chan time.Time)(nil)
	file := co.sv.file
	if file != "" {
		ticker := time.NewTicker(co.sv.every)
		defer ticker.Stop()
		ticks = ticker.C
	}
	done := make(chan struct{})
	go func() {
		co.parts.Wait()
		close(done)
	}()
	for {
		select {
		case <-done:
			if file != "" {
				co.saved(co.sv.write(file, co.checkpoint()))
			}
			return nil
		case <-ticks:
			co.saved(co.sv.write(file, co.checkpoint()))
		case sig := <-signals:
			co.stop.Store(true)
			<-done
			return errStopped{sig.(syscall.Signal), file, co.sv.write(file, co.checkpoint())}
		}
	}
}

// saved tells of a save that failed.
func (co *coordinator) saved(err error) {
	if err != nil {
		fmt.Fprintf(co.sv.warn, "eternity2: -checkpoint %s: %v; searching on, the file holds the last save\n", shown(co.sv.file), unwrapPath(err))
	}
}
