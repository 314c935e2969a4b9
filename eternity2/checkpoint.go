package main

// checkpoint.go: a search saved to a file and taken up again, node for
// node.

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"slices"
	"syscall"
)

const checkpointFormat = "eternity2 checkpoint 4"

// checkpoint is a saved search: the board, how it is cut and searched, and
// each part's position and what it found, with a checksum over all of it
// (Sum, FNV-64a of the JSON with Sum empty), so that an edited checkpoint
// is refused rather than printed as an answer.
type checkpoint struct {
	Format string      `json:"format"`
	Check  string      `json:"check"`
	Board  boardJSON   `json:"board"`
	All    bool        `json:"all"`
	Budget int64       `json:"budget"`
	Parts  int         `json:"parts"`
	Split  int         `json:"split"`
	Units  int         `json:"units"`
	Whole  bool        `json:"whole"` // every part: the run prints the output, not a record
	Runs   []partState `json:"runs"`
	Sum    string      `json:"sum"`
}

// partState is a part between two slices of its search.
type partState struct {
	Part      int      `json:"part"`
	Roots     int      `json:"roots"`
	InSubtree bool     `json:"in_subtree"`
	Done      bool     `json:"done"`
	Solved    bool     `json:"solved"`
	Depth     int      `json:"depth"`
	Pos       int32    `json:"pos"`    // the next pool position at Depth
	Placed    []uint32 `json:"placed"` // the candidate at each depth above
	Pools     []int32  `json:"pools"`  // the next pool position at each depth above
	Unit      int      `json:"unit"`
	Passed    int      `json:"passed"` // its own units begun
	Record    int      `json:"record_depth"`
	Found     found    `json:"found"`
}

func (p *part) state() partState {
	c := p.c
	f := c.found
	f.Board = slices.Clone(f.Board)
	return partState{
		Part: p.index, Roots: p.roots, InSubtree: p.inSubtree, Done: p.done, Solved: p.solved,
		Depth: c.d, Pos: c.i, Placed: slices.Clone(c.a.placed[:c.d]), Pools: slices.Clone(c.a.next[:c.d]),
		Unit: c.unit, Passed: p.passed, Record: c.a.recordDepth, Found: f,
	}
}

// restorePart rebuilds a part from its state, checking every placement
// against the board: a checkpoint that does not describe a position of
// this search is refused.
func restorePart(e *engine, pl plan, st partState, budget int64) (*part, error) {
	corrupt := func(what string) (*part, error) {
		return nil, fmt.Errorf("part %d: %s", st.Part, what)
	}
	end, f := len(e.recs), st.Found
	switch {
	case st.Part < 0 || st.Part >= pl.parts:
		return corrupt("no such part")
	case st.Roots < 0 || st.Roots > pl.units+1 || st.Unit < 0 || st.Unit > pl.units || st.Passed < 0 || st.Passed > st.Roots:
		return corrupt("unit out of range")
	case f.Nodes < 0 || f.Solutions < 0 || budget > 0 && f.Nodes > budget:
		return corrupt("negative counts or past the budget")
	case f.Unit < -1 || f.Unit > pl.units || len(f.Board) > end || (f.Unit < 0) != (len(f.Board) == 0) ||
		f.Unit >= 0 && f.Score != e.scoreAt[len(f.Board)]:
		return corrupt("best board out of range")
	case st.Record < len(f.Board) || st.Record > end:
		return corrupt("record depth out of range")
	case len(st.Placed) != st.Depth || len(st.Pools) != st.Depth || st.Depth < 0 || st.Depth > end:
		return corrupt("position out of range")
	case !replayable(e, f.Board):
		return corrupt("the best board is not one of the search's")
	}
	c := newCursor(e)
	p := &part{index: st.Part, pl: pl, c: c, roots: st.Roots, inSubtree: st.InSubtree, done: st.Done, solved: st.Solved, budget: budget, to: maxUnits, passed: st.Passed}
	c.unit, c.found, c.a.recordDepth = st.Unit, f, st.Record
	if p.done {
		return p, nil
	}
	if st.InSubtree != (st.Depth >= pl.split) || !st.InSubtree && (st.Depth != 0 || st.Roots != 0) {
		return corrupt("position neither above the split at the start nor in a subtree")
	}
	for d := 0; d < st.Depth; d++ {
		at := st.Pools[d] - 1
		if !inPool(e, c.poolAt(d), at) || e.candidates[at] != st.Placed[d] || c.a.used[pieceOf(st.Placed[d])] != 0 {
			return corrupt(fmt.Sprintf("depth %d: the placement is not in its pool", d))
		}
		c.place(d, st.Placed[d], st.Pools[d])
	}
	c.d, c.i = st.Depth, st.Pos
	if st.InSubtree {
		c.a.floor = pl.split
	}
	switch {
	case !st.InSubtree && c.i != c.poolAt(0),
		st.InSubtree && c.d < end && !inPool(e, c.poolAt(c.d), c.i),
		c.d == end && c.i != 0:
		return corrupt("the position is not in its pool")
	}
	return p, nil
}

// inPool says whether candidates[at] lies in the pool starting at start
// (the pool's sentinel included).
func inPool(e *engine, start, at int32) bool {
	if at < start || at >= int32(len(e.candidates)) {
		return false
	}
	for k := start; k < at; k++ {
		if e.candidates[k] == sentinel {
			return false
		}
	}
	return true
}

// replayable says whether the placements are a legal board of the search.
func replayable(e *engine, placed []uint32) bool {
	c := newCursor(e)
	for d, w := range placed {
		if d >= len(e.recs) || w == sentinel || c.a.used[pieceOf(w)] != 0 {
			return false
		}
		at := c.poolAt(d)
		for e.candidates[at] != sentinel && e.candidates[at] != w {
			at++
		}
		if e.candidates[at] != w {
			return false
		}
		c.place(d, w, at+1)
	}
	return true
}

// sum is the checkpoint's checksum.
func (c checkpoint) sum() string {
	c.Sum = ""
	data, _ := json.Marshal(c)
	h := fnv.New64a()
	h.Write(data)
	return fmt.Sprintf("%016x", h.Sum64())
}

// saveCheckpoint writes the checkpoint next to file, then renames it over
// file, so that file always holds a whole checkpoint; on failure it leaves
// no temporary file behind.
func saveCheckpoint(file string, c *checkpoint) error {
	c.Sum = c.sum()
	data, err := json.Marshal(c)
	if err != nil {
		return err
	}
	tmp := file + ".tmp"
	if err := writeSynced(tmp, append(data, '\n')); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, file); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// writeSynced writes a file and waits for the disk to have it.
func writeSynced(file string, data []byte) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if err2 := f.Close(); err == nil {
		err = err2
	}
	return err
}

// errLocked: another run saves to the same checkpoint.
var errLocked = errors.New("another run is saving to it (its FILE.lock is taken): give each run a file of its own")

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
			return nil, errLocked
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

// loadCheckpoint reads and checks a checkpoint, its format and checksum,
// its board and every part's position, and returns its search.
func loadCheckpoint(file string) (*search, error) {
	fail := func(format string, args ...any) (*search, error) {
		return nil, bad("checkpoint %s: "+format, append([]any{shown(file)}, args...)...)
	}
	data, err := readFile(file, maxBoard*4)
	if err != nil {
		return nil, err
	}
	var c checkpoint
	if err := json.Unmarshal(data, &c); err != nil {
		return fail("corrupt: %s", shorten(err.Error()))
	}
	if c.Format != checkpointFormat {
		return fail("format %s, expected %q", quote(c.Format), checkpointFormat)
	}
	if c.Sum != c.sum() {
		return fail("corrupt: its checksum does not match (edited or damaged)")
	}
	raw, _ := json.Marshal(c.Board)
	p, err := readPuzzle("board", raw)
	if err == nil && p.name == "" {
		err = bad("no board name")
	}
	if err != nil {
		return fail("corrupt: %v", err)
	}
	if p.fingerprint() != c.Check {
		return fail("corrupt: the board does not match its check %s", quote(c.Check))
	}
	if c.Parts < 1 || c.Parts > maxParts || c.Budget < 0 || c.Budget > 0 && c.Parts != 1 {
		return fail("corrupt: %d parts, budget %d", c.Parts, c.Budget)
	}
	e, err := newEngine(p)
	if err != nil {
		return fail("%v", err)
	}
	pl := makePlan(e, c.Parts, c.All)
	if pl.split != c.Split || pl.units != c.Units {
		return fail("cut at depth %d into %d units, but this program cuts this board at %d into %d", c.Split, c.Units, pl.split, pl.units)
	}
	if len(c.Runs) == 0 || c.Whole && len(c.Runs) != c.Parts || !c.Whole && len(c.Runs) != 1 {
		return fail("corrupt: %d parts saved", len(c.Runs))
	}
	s := &search{e: e, pl: pl, budget: c.Budget, whole: c.Whole}
	for k, st := range c.Runs {
		if c.Whole && st.Part != k {
			return fail("corrupt: part %d saved in place %d", st.Part, k)
		}
		p, err := restorePart(e, pl, st, c.Budget)
		if err != nil {
			return fail("corrupt: %v", err)
		}
		s.parts = append(s.parts, p)
	}
	return s, nil
}
