package main

// budget.go: a node budget searched on every core, node for node the
// single core's search.

import (
	"slices"
	"sync"
	"sync/atomic"
)

// A budget cuts the search at its Nth node in search order. On several
// cores, the pilot picks a depth, the split, deep enough that the first N
// nodes span thousands of subtrees. One walker goes through the tree
// above the split in order and hands out chunks: runs of consecutive
// units (a unit: the nodes above a root since the root before, then the
// root's subtree), as many as make about chunkNodes nodes. A worker
// searches its chunk as a part, up to what the budget can leave it, and
// marks its position at every slice. The results are taken in chunk
// order; in the chunk where the Nth node falls, the search goes on from
// the last mark before it for exactly the nodes left, and the chunks
// after it are dropped. So the counts and the best board are the single
// core's, whatever the scheduling.
type budgetQueue struct {
	e      *engine
	pl     plan // one part, cut at the split, its units unbounded
	budget int64
	pr     *progress

	stop atomic.Bool // the answer is known: stop every worker
	mu   sync.Mutex
	// The walker above the split, and what it has handed out.
	walker   *cursor
	units    int   // units handed out
	walked   int64 // nodes it passed
	chunks   int   // chunks handed out
	lastSize int   // units in the last chunk handed out
	ended    bool  // the tree, or the budget, ends in the last chunk handed out
	// The chunks handed out and not taken, and what is taken.
	out        map[int]*chunk
	taken      int
	total      found
	takenUnits int    // units in the chunks taken, for the chunks' size
	cut        *chunk // the chunk the budget ends in
	done       chan struct{}
}

// chunk is a run of consecutive units and its search.
type chunk struct {
	index    int
	p        *part  // its search, on its worker's cursor until it is searched
	marks    []mark // its position at the start and after every slice
	searched int64  // its nodes so far, for the chunks after it
	// What its search found: complete, when it searched the chunk to its
	// end or to a solution, else up to what the budget could leave it.
	found            found
	units            int // units it passed
	complete, solved bool
	last             bool // the tree ends in it
	delivered        bool
}

// pilotSamples is how often the pilot looks at its path; of those looks,
// one unit may hold at most pilotUnit, the tree above the split (which
// one walker goes through) pilotAbove.
const (
	pilotSamples = 256
	pilotUnit    = pilotSamples / 4
	pilotAbove   = pilotSamples / 8
)

// pilot searches the first budget/256 nodes, looking at its path 256
// times, and returns the shallowest depth at which no unit holds more
// than a quarter of those looks and at most an eighth are above it (or 0:
// no such depth, search on one core). When the search ends in those
// nodes, it returns what it found as done.
func pilot(e *engine, budget int64, all bool) (split int, done *found) {
	c := newCursor(e)
	c.i = c.poolAt(0)
	var paths [][]int32
	for range pilotSamples {
		if c.explore(budget/pilotSamples/pilotSamples, all) != paused {
			return 0, &c.found
		}
		paths = append(paths, slices.Clone(c.a.next[:c.d]))
	}
	for depth := 1; depth < len(e.recs); depth++ {
		run, longest, above := 0, 0, 0
		for s, path := range paths {
			switch {
			case len(path) < depth:
				above++
				run = 0
			case s > 0 && len(paths[s-1]) >= depth && slices.Equal(path[:depth], paths[s-1][:depth]):
				run++
			default:
				run = 1
			}
			longest = max(longest, run)
		}
		if above > pilotAbove {
			return 0, nil
		}
		if longest <= pilotUnit {
			return depth, nil
		}
	}
	return 0, nil
}

// searchBudget is a budgeted whole run on the given number of workers.
func searchBudget(e *engine, budget int64, all bool, workers int, pr *progress) found {
	if len(e.recs) == 0 { // the hints fill the board: no node, and a solution if they are legal
		f := nothingFound()
		if e.hintsLegal {
			f.Solutions = 1
		}
		return f
	}
	split := 0
	if budget >= pilotSamples*pilotSamples && len(e.recs) >= 2 {
		var done *found
		if split, done = pilot(e, budget, all); done != nil {
			return *done
		}
	}
	if split == 0 {
		return searchFrom(e, mark{Found: nothingFound()}, budget, all)
	}
	q := &budgetQueue{e: e, pl: plan{parts: 1, split: split, units: maxUnits, all: all}, budget: budget, pr: pr,
		walker: newCursor(e), out: map[int]*chunk{}, total: nothingFound(), done: make(chan struct{})}
	q.walker.i = q.walker.poolAt(0)
	for range workers {
		go q.work(newCursor(e))
	}
	<-q.done
	q.mu.Lock() // workers still stopping read the total
	total, ch := q.total, q.cut
	q.mu.Unlock()
	if ch != nil {
		left := budget - total.Nodes
		from := ch.marks[0]
		for _, m := range ch.marks {
			if m.Found.Nodes <= left {
				from = m
			}
		}
		total.add(searchFrom(e, from, left, all))
	}
	return total
}

// maxUnits bounds the units of a budgeted search: no tree it can search
// has more.
const maxUnits = 1 << 40

// chunkNodes is how many nodes a chunk should hold: small enough that the
// search a budget cuts short, and the one workers do past the end, are
// noise, large enough that handing a chunk out costs nothing (on the
// centre clue, units of one root averaged 2,100 nodes and cost 1.05x the
// CPU of one core).
func chunkNodes(budget int64) int64 { return max(budget/1024, 1<<16) }

// searchFrom searches on one core from a mark for at most limit nodes in
// all (the mark's included).
func searchFrom(e *engine, m mark, limit int64, all bool) found {
	c := newCursor(e)
	c.restore(m)
	if m.Depth == 0 && m.Pos == 0 {
		c.i = c.poolAt(0)
	}
	c.explore(limit-m.Found.Nodes, all)
	return c.found
}

// work searches chunks until they run out or the answer is known.
func (q *budgetQueue) work(c *cursor) {
	for {
		ch, ok := q.nextChunk(c)
		if !ok {
			return
		}
		q.searchChunk(ch)
		q.deliver(ch)
		if ch.solved || !ch.complete {
			return // the chunks after it cannot matter
		}
	}
}

// nextChunk walks above the split over the next chunk's roots, and sets
// c at its start; ok is false when the chunks have run out or the answer
// is known.
func (q *budgetQueue) nextChunk(c *cursor) (ch *chunk, ok bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.ended || q.stop.Load() {
		return nil, false
	}
	w, split := q.walker, q.pl.split
	start, from := w.mark(), q.units
	// As many units as make chunkNodes by the units taken so far, and at
	// most twice the last chunk's: units early in the tree can be far
	// smaller than later ones.
	size := 1
	if q.takenUnits > 0 {
		size = int(min(max(chunkNodes(q.budget)*int64(q.takenUnits)/max(q.total.Nodes, 1), 1), 2*int64(q.lastSize)))
	}
	q.lastSize = size
	for q.units < from+size {
		rootFound := w.walkAbove(split, func(d int) walkStep {
			q.walked++
			if d == split {
				return stopHere
			}
			return descend
		})
		if !rootFound || q.walked >= q.budget {
			q.ended = true // the tree, or the budget, ends in this chunk: it takes the rest
			break
		}
		q.units++
		w.d--
		w.unplace(w.d)
		w.i = w.a.next[w.d]
	}
	to := q.units
	if q.ended {
		to = maxUnits
	}
	for d := c.d - 1; d >= 0; d-- {
		c.unplace(d)
	}
	start.Found, start.Unit, start.Record = nothingFound(), from, q.total.depth()
	c.restore(start)
	ch = &chunk{index: q.chunks, p: &part{pl: q.pl, c: c, roots: from, to: to}}
	ch.marks = []mark{c.mark()}
	q.out[ch.index] = ch
	q.chunks++
	return ch, true
}

// searchChunk searches a chunk in slices, each up to what the budget can
// leave it given the nodes of the chunks before it so far; it stops there,
// or at the chunk's end.
func (q *budgetQueue) searchChunk(ch *chunk) {
	p := ch.p
	for !p.done && !q.stop.Load() {
		q.mu.Lock()
		ch.searched = p.c.found.Nodes
		n := q.budget - q.total.Nodes - ch.searched
		for j := q.taken; j < ch.index; j++ {
			n -= q.out[j].searched
		}
		q.mu.Unlock()
		if n <= 0 {
			break
		}
		before := p.c.found.Nodes
		p.advance(min(sliceNodes, n))
		q.pr.publish(p.c.found.Nodes-before, 0, &p.c.found)
		ch.marks = append(ch.marks, p.c.mark())
	}
	ch.found, ch.units = p.c.take(), p.roots-ch.marks[0].Unit
	ch.complete, ch.solved, ch.last = p.done, p.solved, p.done && p.to == maxUnits
}

// deliver takes a chunk's result, and every result after the ones taken.
func (q *budgetQueue) deliver(ch *chunk) {
	q.mu.Lock()
	defer q.mu.Unlock()
	ch.searched, ch.delivered = ch.found.Nodes, true
	for !q.stop.Load() {
		r, ok := q.out[q.taken]
		if !ok || !r.delivered {
			return
		}
		delete(q.out, q.taken)
		q.taken++
		if r.found.Nodes > q.budget-q.total.Nodes {
			q.cut = r
		} else {
			q.total.add(r.found)
			q.takenUnits += r.units
		}
		if q.cut != nil || q.total.Nodes == q.budget || r.solved || r.last {
			q.stop.Store(true)
			close(q.done)
			return
		}
	}
}
