package main

// plan is how the tree is cut into units: the nodes at depth split, in
// search order, are the roots of units 0..units-1; unit `units` holds the
// nodes after the last root. One part (parts = 1) takes the whole tree as
// unit 0, its root the empty board.
type plan struct {
	parts, split, units int
	all                 bool
}

// unitsPerPart is how many units a part gets at least: enough that parts
// come out even on bench-easy (the largest of 64 parts 1.21x the average
// with -all), few enough to walk to at once.
const unitsPerPart = 64

// makePlan cuts the tree for K parts at the first depth with at least
// unitsPerPart*K nodes (or, in a tree without one, the depth with the most).
func makePlan(e *engine, parts int, all bool) plan {
	pl := plan{parts: parts, all: all, units: 1}
	if parts == 1 || len(e.recs) == 0 {
		return pl
	}
	target := int64(unitsPerPart) * int64(parts)
	bestDepth, bestCount := 1, int64(-1)
	for depth := 1; depth <= len(e.recs); depth++ {
		count := countAtDepth(e, depth)
		if count >= target {
			bestDepth, bestCount = depth, count
			break
		}
		if count > bestCount {
			bestDepth, bestCount = depth, count
		}
		if count == 0 {
			break
		}
	}
	pl.split, pl.units = bestDepth, int(bestCount)
	return pl
}

// countAtDepth counts the nodes at a depth, walking the tree above it.
func countAtDepth(e *engine, depth int) int64 {
	c := newCursor(e)
	c.i = c.poolAt(0)
	var count int64
	c.walkAbove(depth, func(d int) walkStep {
		if d == depth {
			count++
			return skipBelow
		}
		return descend
	})
	return count
}

// owned is how many units part index searches.
func (pl plan) owned(index int) int {
	n := 0
	for u := 0; u <= pl.units; u++ {
		if pl.owner(u) == index {
			n++
		}
	}
	return n
}

// owner is the part that searches unit u.
func (pl plan) owner(u int) int {
	if pl.all {
		return u % pl.parts
	}
	if u >= pl.units {
		return pl.parts - 1
	}
	return int(int64(u) * int64(pl.parts) / int64(pl.units))
}

// part searches the units of one part, in order: the nodes above each of
// its roots (since the root before), then the root's subtree. The nodes
// above the roots are walked by every part; the ones before a root of
// another part are counted there, not here. Its cursor holds the position:
// above the split while walking, below it in a subtree.
type part struct {
	index     int
	pl        plan
	c         *cursor
	roots     int  // roots passed so far: the next root is unit `roots`
	inSubtree bool // the cursor is in unit c.unit's subtree
	to        int  // the unit it stops before: maxUnits but for a chunk of a budget
	passed    int  // its own units begun so far
	done      bool
	solved    bool  // without -all: it found its solution and stopped
	budget    int64 // nodes, 0 for none (one part only)
}

func newPart(e *engine, pl plan, index int, budget int64) *part {
	p := &part{index: index, pl: pl, c: newCursor(e), budget: budget, to: maxUnits}
	if pl.split > 0 {
		p.c.i = p.c.poolAt(0)
		return p
	}
	// One unit, the whole tree, its root the empty board.
	p.roots = 1
	if pl.owner(0) != index {
		p.done = true
		return p
	}
	p.passed, p.inSubtree = 1, true
	p.enterSubtree()
	return p
}

// enterSubtree sets the cursor at the first candidate below the root.
func (p *part) enterSubtree() {
	c := p.c
	c.d, c.a.floor = p.pl.split, p.pl.split
	if c.d < len(c.e.recs) {
		c.i = c.poolAt(c.d)
		return
	}
	// The root is a whole board: its subtree is itself, a solution when
	// the hints are legal.
	c.i = 0 // the shared sentinel: nothing below
	if c.e.hintsLegal {
		c.found.Solutions++
		if !p.pl.all {
			p.solved, p.done = true, true
		}
	}
}

// advance searches on for about limit nodes (a few more when it walks
// from one subtree to the next), or until the part is done.
func (p *part) advance(limit int64) {
	c := p.c
	stopAt := c.found.Nodes + limit
	for !p.done {
		if p.inSubtree {
			n := stopAt - c.found.Nodes
			if n <= 0 {
				return
			}
			if p.budget > 0 {
				n = min(n, p.budget-c.found.Nodes)
			}
			switch c.explore(n, p.pl.all) {
			case paused:
				if p.budget > 0 && c.found.Nodes == p.budget {
					p.done = true
				}
				return
			case solved:
				p.solved, p.done = true, true
				return
			}
			if p.pl.split == 0 {
				p.inSubtree, p.done = false, true
				return
			}
			p.leaveSubtree()
		}
		p.walkToRoot()
	}
}

// leaveSubtree goes back above the split from an exhausted subtree,
// taking back its root.
func (p *part) leaveSubtree() {
	c := p.c
	p.inSubtree = false
	c.d = p.pl.split - 1
	c.unplace(c.d)
	c.i = c.a.next[c.d]
}

// walkToRoot walks above the split from the cursor's position to the next
// root of this part, and enters its subtree, or to the end of the tree. The
// nodes it passes belong to the unit of the next root: each stretch up to a
// root is counted apart, and kept if that unit is this part's.
func (p *part) walkToRoot() {
	if p.roots >= p.to {
		p.done = true
		return
	}
	c, split := p.c, p.pl.split
	mine, kept := c.take(), c.a.recordDepth
	settle := func(u int) {
		stretch := c.take()
		if p.pl.owner(u) == p.index {
			mine.add(stretch)
			p.passed++
			kept = c.a.recordDepth
		} else {
			c.a.recordDepth = kept
		}
	}
	rootFound := c.walkAbove(split, func(d int) walkStep {
		c.found.Nodes++
		c.unit = p.roots
		if d > c.a.recordDepth {
			c.reached(d)
		}
		if d < split {
			return descend
		}
		// A root: unit p.roots.
		u := p.roots
		p.roots++
		settle(u)
		if p.pl.owner(u) == p.index {
			return stopHere
		}
		return skipBelow
	})
	if !rootFound {
		// The end of the tree: the last unit's nodes.
		settle(p.roots)
		p.done = true
	}
	c.found = mine
	if rootFound {
		p.inSubtree = true
		p.enterSubtree()
	}
}
