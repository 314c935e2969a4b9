package main

// checkpoint.go: a search saved to a file and taken up again, node for
// node.

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"syscall"
)

const checkpointFormat = "eternity2 checkpoint 6"

// checkpoint is a saved search: the board, how it is cut and searched, and
// each part's position and what it found, with a checksum over all of it
// (Sum, FNV-64a of the JSON with Sum empty), so that an edited or damaged
// checkpoint is refused rather than searched on.
type checkpoint struct {
	Format, Check       string
	Board               boardJSON
	All                 bool
	Budget              int64
	Parts, Split, Units int
	Whole               bool // every part: the run prints the output, not a record
	Runs                []partState
	Sum                 string
}

// partState is a part between two slices of its search.
type partState struct {
	Part, Roots             int
	InSubtree, Done, Solved bool
	Passed                  int // its own units begun
	mark
}

func (p *part) state() partState {
	return partState{p.index, p.roots, p.inSubtree, p.done, p.solved, p.passed, p.c.mark()}
}

func (s *search) checkpoint(states []partState) *checkpoint {
	p := s.e.p
	return &checkpoint{
		Format: checkpointFormat, Check: p.fingerprint(), Board: p.toJSON(), All: s.pl.all, Budget: s.budget,
		Parts: s.pl.parts, Split: s.pl.split, Units: s.pl.units, Whole: s.whole, Runs: states,
	}
}

// sum is the checkpoint's checksum.
func (c checkpoint) sum() string {
	c.Sum = ""
	data, _ := json.Marshal(c)
	return checksum(string(data))
}

// saveCheckpoint writes the checkpoint to file.tmp, synced, then renames
// it over file, so that file always holds a whole checkpoint; on failure
// it leaves no temporary file behind.
func saveCheckpoint(file string, c *checkpoint) error {
	c.Sum = c.sum()
	data, _ := json.Marshal(c)
	tmp := file + ".tmp"
	f, err := os.Create(tmp)
	if err == nil {
		if _, err = f.Write(append(data, '\n')); err == nil {
			err = f.Sync()
		}
		if err = cmp.Or(err, f.Close()); err == nil {
			err = os.Rename(tmp, file)
		}
		os.Remove(tmp) // gone already after the rename
	}
	return err
}

// lockCheckpoint takes file.lock for as long as this run saves to file, so
// that a second run given the same file is refused at its start instead of
// overwriting this one's checkpoints. The lock goes with the process,
// kill -9 included; unlock also removes the lock file. A lock taken on a
// file that a run unlocking had removed meanwhile is a lock on nothing
// (the next run makes a new file and locks that): it is taken again, on
// the file the name holds.
func lockCheckpoint(file string) (unlock func(), err error) {
	name := file + ".lock"
	for {
		f, err := os.OpenFile(name, os.O_CREATE|os.O_RDWR, 0o644)
		if err != nil {
			return nil, err
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			f.Close()
			return nil, fmt.Errorf("another run saves to it (%s is taken)", shown(name))
		}
		held, errHeld := f.Stat()
		named, errNamed := os.Stat(name)
		if errHeld == nil && errNamed == nil && os.SameFile(held, named) {
			return func() {
				os.Remove(name)
				f.Close()
			}, nil
		}
		f.Close()
	}
}

// loadCheckpoint reads a checkpoint and returns its search. The checksum
// is its guard; besides, its board must be the one its check names, cut
// as this program cuts it (a checkpoint of another version is not), and
// its positions on the board (a forged one must not crash the program).
func loadCheckpoint(file string) (*search, error) {
	fail := func(format string, args ...any) (*search, error) {
		return nil, bad("checkpoint %s: "+format, append([]any{shown(file)}, args...)...)
	}
	data, err := readFile(file, maxBoard*4)
	if err != nil {
		return nil, err
	}
	var c checkpoint
	switch err := json.Unmarshal(data, &c); {
	case err != nil:
		return fail("corrupt: %.100s", err)
	case c.Format != checkpointFormat:
		return fail("format %s, expected %q", quote(c.Format), checkpointFormat)
	case c.Sum != c.sum():
		return fail("corrupt: its checksum does not match (edited or damaged)")
	}
	raw, _ := json.Marshal(c.Board)
	p, err := readPuzzle("board", raw)
	var e *engine
	if err == nil {
		p, err = p.cut(p.block, "checkpoint's block")
	}
	if err == nil {
		e, err = newEngine(p)
	}
	switch {
	case err != nil || p.fingerprint() != c.Check:
		return fail("corrupt: the board does not match its check %s", quote(c.Check))
	case c.Parts < 1 || c.Parts > maxParts || len(c.Runs) == 0:
		return fail("corrupt: %d parts, %d saved", c.Parts, len(c.Runs))
	}
	s := &search{e: e, pl: makePlan(e, c.Parts, c.All), budget: c.Budget, whole: c.Whole}
	if s.pl.split != c.Split || s.pl.units != c.Units {
		return fail("cut at depth %d into %d units, but this program cuts this board at %d into %d", c.Split, c.Units, s.pl.split, s.pl.units)
	}
	for _, st := range c.Runs {
		ok := st.Depth >= 0 && st.Depth <= len(e.recs) && len(st.Placed) == st.Depth && len(st.Pools) == st.Depth && len(st.Found.Board) <= len(e.recs)
		for _, w := range append(st.Placed, st.Found.Board...) {
			ok = ok && pieceOf(w) < len(p.pieces)
		}
		if !ok {
			return fail("corrupt: part %d: position out of range", st.Part)
		}
		pt := &part{index: st.Part, pl: s.pl, c: newCursor(e), roots: st.Roots, inSubtree: st.InSubtree, done: st.Done, solved: st.Solved,
			budget: c.Budget, to: maxUnits, passed: st.Passed}
		pt.c.restore(st.mark)
		if st.InSubtree {
			pt.c.a.floor = s.pl.split
		}
		s.parts = append(s.parts, pt)
	}
	return s, nil
}
