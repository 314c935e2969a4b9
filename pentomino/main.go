// Pentomino: pack the 12 pentominoes into a board, every solution once.
//
// The contest. The 12 free pentominoes, named by the letters they resemble
// and used in any rotation or reflection, fill a board with every cell
// covered once. BOARD is RxC, R rows of C columns: 6x10 (the default, 2339
// solutions), 5x12 (1010), 4x15 (368), 3x20 (2), or 8x8, the 8x8 square with
// its central 2x2 cells left empty (65). Solutions are counted up to the
// board's symmetries: 4 for a rectangle (identity, half turn, the two
// mirrors), 8 for the square.
//
// Usage: pentomino [-v] [BOARD]
//
// Output, byte for byte: the solutions in ascending order, each in its
// canonical form, the smallest of its images under the board's symmetries
// (comparing the R rows joined top to bottom as one string). Each solution
// is "Answer No. k" (k from 1), then R lines of C piece letters ('.' for the
// empty cells of the 8x8), then an empty line; the last line is
// "N solutions found". -v prints the node count and timing on stderr. Any
// other argument gets one line on stderr and exit status 2.
//
// Rules kept: one file, standard library only; piece shapes are drawn below
// and every placement is generated at start-up; every solution is found by
// the search, once.
//
// How it works, in five lines:
//  1. The board is a 64-bit mask, numbered along the short side first, and the
//     search always fills the first empty cell, so the frontier stays short.
//  2. Symmetry is broken at the root: X, the piece every symmetry fixes, is
//     placed first, only with its centre in one quarter of the rectangle (one
//     eighth of the square); where X sits on a mirror axis, F keeps only one
//     of each pair of orientations that mirror swaps. So each class is
//     reached once (the argument is in the README).
//  3. Candidates come from a list per (first empty cell, occupancy of the next
//     13 cells, F restricted or not), built on first use, a group per piece;
//     the list drops placements that overlap or wall off a region whose size
//     is not a multiple of five, so those checks are paid once per list.
//  4. The loop jumps to the groups of the unused pieces the list offers; a
//     placement is not entered if the next empty cell then has no unused piece
//     (look-ahead), or if its state (board, pieces used) was searched before
//     and led nowhere.
//  5. Solutions are turned into canonical form, sorted and printed.
//
// Measured (go1.26.8, AMD EPYC, 2 cores; README, pentomino section), callgrind
// instructions with printing, then `make bench` elapsed: 6x10 77.4 M,
// 0.071 s; 5x12 32.9 M, 0.059 s; 4x15 9.5 M, 0.033 s; 3x20 2.8 M, 0.023 s;
// 8x8 40.8 M, 0.053 s; at most 12 MB peak. The fastest public solver (Rust)
// takes 329 M on 6x10.
package main

import (
	"fmt"
	"io"
	"math/bits"
	"os"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"time"
)

// ------------------------------------------------------------ the pieces

const pieceCount = 12

// pieceShapes: the pentominoes as drawn in the contest, one string a row.
var pieceShapes = [pieceCount]struct {
	letter byte
	rows   []string
}{
	{'F', []string{".##", "##.", ".#."}},
	{'I', []string{"#####"}},
	{'L', []string{"####", "#..."}},
	{'N', []string{"###.", "..##"}},
	{'P', []string{"###", "##."}},
	{'T', []string{"###", ".#.", ".#."}},
	{'U', []string{"#.#", "###"}},
	{'V', []string{"#..", "#..", "###"}},
	{'W', []string{"#..", "##.", ".##"}},
	{'X', []string{".#.", "###", ".#."}},
	{'Y', []string{"####", ".#.."}},
	{'Z', []string{"##.", ".#.", ".##"}},
}

const (
	pieceF = 0
	pieceX = 9
)

type cell struct{ r, c int }

func shapeCells(rows []string) []cell {
	var cells []cell
	for r, row := range rows {
		for c := range row {
			if row[c] == '#' {
				cells = append(cells, cell{r, c})
			}
		}
	}
	return cells
}

// The eight symmetries of the square grid, as maps of (r, c): t = 0..3 turn
// a quarter turn t times; t = 4..7 mirror left-right first.
func transform(t int, p cell) cell {
	if t >= 4 {
		p = cell{p.r, -p.c}
	}
	for ; t%4 != 0; t-- {
		p = cell{p.c, -p.r}
	}
	return p
}

// normalized moves a shape so its smallest row and column are 0 and sorts it,
// so equal shapes compare equal.
func normalized(cells []cell) []cell {
	out := append([]cell(nil), cells...)
	minR, minC := out[0].r, out[0].c
	for _, p := range out {
		minR, minC = min(minR, p.r), min(minC, p.c)
	}
	for i := range out {
		out[i] = cell{out[i].r - minR, out[i].c - minC}
	}
	sort.Slice(out, func(i, j int) bool {
		return out[i].r < out[j].r || out[i].r == out[j].r && out[i].c < out[j].c
	})
	return out
}

func sameShape(a, b []cell) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// orientation is one distinct shape of a piece and the symmetries that give it.
type orientation struct {
	cells []cell
	from  []int // the transforms t that produce this shape
}

func orientations(cells []cell) []orientation {
	var out []orientation
	for t := 0; t < 8; t++ {
		img := make([]cell, len(cells))
		for i, p := range cells {
			img[i] = transform(t, p)
		}
		img = normalized(img)
		found := false
		for i := range out {
			if sameShape(out[i].cells, img) {
				out[i].from = append(out[i].from, t)
				found = true
			}
		}
		if !found {
			out = append(out, orientation{img, []int{t}})
		}
	}
	return out
}

// ------------------------------------------------------------ the board

// board describes one contest board and its numbering: cell (r, c) is bit
// bitOf[r][c], counting along the short side first.
type board struct {
	name        string
	rows, cols  int
	short, long int
	bitOf       [][]int
	holes       uint64 // cells of the mask that are not part of the board
	cells       uint64 // every bit in use (board and holes)
	square      bool
	firstLine   uint64 // cells with no neighbour before them along the short side
	lastLine    uint64 // cells with no neighbour after them along the short side
}

func newBoard(name string) (*board, error) {
	b := &board{name: name}
	if name == "8x8" {
		b.rows, b.cols, b.square = 8, 8, true
	} else {
		r, c, ok := strings.Cut(name, "x")
		rows, err1 := strconv.Atoi(r)
		cols, err2 := strconv.Atoi(c)
		if !ok || err1 != nil || err2 != nil || !validRectangle(rows, cols) {
			return nil, fmt.Errorf("expected a board 6x10, 5x12, 4x15, 3x20 or 8x8, got %q", name)
		}
		b.rows, b.cols = rows, cols
	}
	b.short, b.long = min(b.rows, b.cols), max(b.rows, b.cols)
	b.bitOf = make([][]int, b.rows)
	for r := range b.bitOf {
		b.bitOf[r] = make([]int, b.cols)
		for c := range b.bitOf[r] {
			if b.rows <= b.cols {
				b.bitOf[r][c] = c*b.rows + r
			} else {
				b.bitOf[r][c] = r*b.cols + c
			}
		}
	}
	n := b.rows * b.cols
	b.cells = ^uint64(0) >> (64 - n)
	if b.square {
		for _, p := range []cell{{3, 3}, {3, 4}, {4, 3}, {4, 4}} {
			b.holes |= 1 << b.bitOf[p.r][p.c]
		}
	}
	for i := 0; i < n; i++ {
		switch i % b.short {
		case 0:
			b.firstLine |= 1 << i
		case b.short - 1:
			b.lastLine |= 1 << i
		}
	}
	return b, nil
}

// validRectangle: the rectangles of 60 cells the contest names.
func validRectangle(rows, cols int) bool {
	switch [2]int{rows, cols} {
	case [2]int{6, 10}, [2]int{5, 12}, [2]int{4, 15}, [2]int{3, 20}:
		return true
	}
	return false
}

// grow adds the neighbours of the cells in m.
func (b *board) grow(m uint64) uint64 {
	return grow(m, b.firstLine, b.lastLine, uint(b.short))
}

// neighbours is the cells next to some cell of m.
func (b *board) neighbours(m uint64) uint64 {
	return neighbours(m, b.firstLine, b.lastLine, uint(b.short))
}

// neighbours and grow with the board's masks in registers: the flood's loop
// calls grow with them hoisted. (The mask on the shift tells the compiler it
// is below 64.)
func neighbours(m, firstLine, lastLine uint64, short uint) uint64 {
	return (m&^lastLine)<<1 | (m&^firstLine)>>1 | m<<(short&63) | m>>(short&63)
}

func grow(m, firstLine, lastLine uint64, short uint) uint64 {
	return m | neighbours(m, firstLine, lastLine, short)
}

// symmetries are the board's own: maps of (r, c) onto the board.
func (b *board) symmetries() []func(cell) cell {
	R, C := b.rows-1, b.cols-1
	syms := []func(cell) cell{
		func(p cell) cell { return p },
		func(p cell) cell { return cell{R - p.r, C - p.c} },
		func(p cell) cell { return cell{p.r, C - p.c} },
		func(p cell) cell { return cell{R - p.r, p.c} },
	}
	if b.square {
		syms = append(syms,
			func(p cell) cell { return cell{p.c, p.r} },
			func(p cell) cell { return cell{C - p.c, R - p.r} },
			func(p cell) cell { return cell{p.c, R - p.r} },
			func(p cell) cell { return cell{C - p.c, p.r} },
		)
	}
	return syms
}

// ------------------------------------------------------------ placements

// A placement is a mask of board cells. placementsByCell[f][k] holds piece
// k's placements whose first cell (lowest bit) is f; restrictedF[f] holds the
// F placements allowed when F is restricted.
type placements struct {
	byCell      [64][pieceCount][]uint64
	restrictedF [64][]uint64
}

// buildPlacements generates every placement of every piece. fMirror is the
// transform whose pairs F is restricted to one of (so that mirror images of a
// solution are not both found): F keeps the orientations produced by the
// transforms t with t < mirrorOf(t), taking one of each pair.
func (b *board) buildPlacements(fMirror func(cell) cell) *placements {
	pl := &placements{}
	for k, piece := range pieceShapes {
		for _, o := range orientations(shapeCells(piece.rows)) {
			allowed := k == pieceF && fAllowed(o, fMirror)
			for r := 0; r < b.rows; r++ {
				for c := 0; c < b.cols; c++ {
					m, ok := b.place(o.cells, r, c)
					if !ok {
						continue
					}
					f := bits.TrailingZeros64(m)
					pl.byCell[f][k] = append(pl.byCell[f][k], m)
					if allowed {
						pl.restrictedF[f] = append(pl.restrictedF[f], m)
					}
				}
			}
		}
	}
	return pl
}

// fAllowed picks one orientation of each pair the mirror swaps: F has 8
// distinct orientations and no mirror symmetry, so a mirror pairs them up;
// the one kept is the one whose normalized cells compare smaller.
func fAllowed(o orientation, mirror func(cell) cell) bool {
	img := make([]cell, len(o.cells))
	for i, p := range o.cells {
		img[i] = mirror(p)
	}
	img = normalized(img)
	for i := range img {
		if o.cells[i] != img[i] {
			return o.cells[i].r < img[i].r || o.cells[i].r == img[i].r && o.cells[i].c < img[i].c
		}
	}
	panic("F is never its own mirror image")
}

// place puts the shape with its top-left corner at (r, c).
func (b *board) place(shape []cell, r, c int) (uint64, bool) {
	var m uint64
	for _, p := range shape {
		rr, cc := r+p.r, c+p.c
		if rr < 0 || rr >= b.rows || cc < 0 || cc >= b.cols {
			return 0, false
		}
		bit := uint64(1) << b.bitOf[rr][cc]
		if bit&b.holes != 0 {
			return 0, false
		}
		m |= bit
	}
	return m, true
}

// -------------------------------------------------------- candidate lists

// The candidates at a state depend on its first empty cell f and the cells
// after it. A list is keyed by whether F is restricted, f, and the occupancy
// of the lookAhead cells after f, and is built the first time it is needed.
const lookAhead = 13

// The lists live back to back in one arena of words: each piece's
// placements in a group ended by a word with every "never free" bit of the
// board set (the holes and the bits past the board, which every board mask
// has set and no placement covers). The search loop's overlap test rejects
// that word like a placement that does not fit, and only then asks whether
// the group is over: the common path pays nothing for the grouping. A
// list's entry holds its number; listStart and groupOffset (a byte a
// piece) say where each group starts, so the loop jumps straight to the
// groups of the unused pieces. The arrays are fixed, so the loop indexes
// them with a mask instead of a bounds check.
const (
	arenaSize  = 1 << 18 // words; the 8x8 lists take 116,000
	arenaMask  = arenaSize - 1
	maxLists   = 1 << 16
	indexSize  = 2 * 64 << lookAhead
	entryStart = pieceCount // an entry is the list's number above the 12 bits of its pieces
)

var (
	arena       [arenaSize]uint64
	arenaUsed   int
	listStart   [maxLists]uint32
	groupOffset [maxLists * 16]uint8 // list<<4 | piece -> where the group starts, from listStart (a list is at most 11 groups of 8 placements and their end words)
	listsBuilt  int
	listIndex   [indexSize]uint32 // key -> entry, 0 until built
	builtKeys   []int             // to clear listIndex for the next board (in tests)
	keyBase     int               // 0, or the offset of the restricted lists' keys
	neverFree   uint64            // the holes and the bits past the board
	listsBoard  *board
	listsPl     *placements
)

// startLists empties the lists for a board.
func startLists(b *board, pl *placements) {
	for _, key := range builtKeys {
		listIndex[key] = 0
	}
	builtKeys = builtKeys[:0]
	nextBuckets = [2][64][1 << nextCells][]piecePlacement{}
	listsBoard, listsPl = b, pl
	neverFree = b.holes | ^b.cells
	arenaUsed = 0
	listsBuilt = 1 // so that no entry is 0
}

// listEntry returns the list's entry for a board mask, building the list on
// first use (the search loop has this written out, to keep it inline).
func listEntry(boardMask uint64) uint32 {
	f := bits.TrailingZeros64(^boardMask)
	key := keyBase | f<<lookAhead | int(boardMask>>(f+1))&(1<<lookAhead-1)
	if e := listIndex[key&(indexSize-1)]; e != 0 {
		return e
	}
	return addList(key, f, boardMask)
}

func addList(key, f int, boardMask uint64) uint32 {
	if listsBuilt >= maxLists {
		panic("pentomino: too many lists; raise maxLists")
	}
	list := listsBuilt
	listsBuilt++
	pieces := buildList(list, f, boardMask)
	e := uint32(list)<<entryStart | uint32(pieces)
	listIndex[key&(indexSize-1)] = e
	builtKeys = append(builtKeys, key&(indexSize-1))
	return e
}

// restrictF switches to the lists in which F keeps half its orientations.
func restrictF(on bool) {
	keyBase = 0
	if on {
		keyBase = 64 << lookAhead
	}
}

// groupStart is where piece k's group of a list begins.
func groupStart(list uint32, k int) uint32 {
	return listStart[list&(maxLists-1)] + uint32(groupOffset[(list<<4|uint32(k))&(maxLists*16-1)])
}

// buildList keeps the placements at f that fit the known cells and leave no
// walled-off region whose size is not a multiple of five, writing them to
// the arena a group per piece. Known cells: those before f (filled), the
// lookAhead cells after it, the holes and the cells past the board's end;
// any other cell counts as open.
func buildList(list, f int, boardMask uint64) (pieces uint16) {
	b := listsBoard
	known := (uint64(1)<<(f+1+lookAhead) - 1) | b.holes | ^b.cells
	filled := boardMask & known
	unknown := ^known
	// Known cells next to an unknown one: where the flood starts.
	nextToUnknown := b.grow(unknown) & known
	if arenaUsed+8*8*pieceCount+pieceCount > arenaSize {
		panic("pentomino: the list arena is full; make it larger")
	}
	start := arenaUsed
	listStart[list] = uint32(start)
	group, groupPiece := arenaUsed, -1
	endGroup := func() {
		if arenaUsed > group {
			arena[arenaUsed] = neverFree // the end of the group
			arenaUsed++
			groupOffset[list<<4|groupPiece] = uint8(group - start)
			pieces |= 1 << groupPiece
		}
	}
	for _, c := range placementsByNext(f, boardMask>>(f+1)&(1<<nextCells-1)) {
		m := c.mask
		if m&filled != 0 {
			continue
		}
		if int(c.piece) != groupPiece {
			endGroup()
			group, groupPiece = arenaUsed, int(c.piece)
		}
		empty := known &^ (filled | m)
		// Most walled-off regions are single cells: an empty cell with no
		// empty neighbour and none unknown. One step finds those (the
		// cells the piece covers past the known ones only make it stricter).
		if empty&^(b.neighbours(empty)|nextToUnknown) != 0 {
			continue
		}
		open := nextToUnknown
		if m&unknown != 0 { // the piece covers unknown cells, which then wall off
			open = b.grow(unknown&^m) & known
		}
		if b.wallsOffBadRegion(empty, open) {
			continue
		}
		arena[arenaUsed] = m
		arenaUsed++
	}
	endGroup()
	return pieces
}

// placementsByNext(f, occ) lists the placements at f (piece by piece, F's
// restricted when keyBase says so) that leave the next nextCells cells alone
// where occ has them filled, so building a list scans fewer. Each bucket is
// filtered the first time it is asked for.
const nextCells = 6

type piecePlacement struct {
	mask  uint64
	piece int
}

var (
	nextBuckets [2][64][1 << nextCells][]piecePlacement
	bucketArena []piecePlacement // the buckets' placements, back to back
)

func placementsByNext(f int, occ uint64) []piecePlacement {
	restricted := 0
	if keyBase != 0 {
		restricted = 1
	}
	bucket := &nextBuckets[restricted][f][occ]
	if *bucket == nil {
		if cap(bucketArena)-len(bucketArena) < pieceCount*8*8 {
			bucketArena = make([]piecePlacement, 0, 1<<14)
		}
		start := len(bucketArena)
		for k := 0; k < pieceCount; k++ {
			if k == pieceX {
				continue // placed first, so never offered by a list
			}
			candidates := listsPl.byCell[f][k]
			if k == pieceF && restricted == 1 {
				candidates = listsPl.restrictedF[f]
			}
			for _, m := range candidates {
				if m>>(f+1)&occ == 0 {
					bucketArena = append(bucketArena, piecePlacement{m, k})
				}
			}
		}
		*bucket = bucketArena[start:len(bucketArena):len(bucketArena)]
	}
	return *bucket
}

// wallsOffBadRegion reports whether some region of the empty known cells is
// walled off (reaches no unknown cell) with a size that is not a multiple of
// five. One flood from the empty cells next to an unknown one marks every
// open region. Regions are measured one by one only when the walled-off
// cells together are a multiple of five: otherwise one of them is not.
func (b *board) wallsOffBadRegion(empty, nextToUnknown uint64) bool {
	firstLine, lastLine, short := b.firstLine, b.lastLine, uint(b.short)
	open := empty & nextToUnknown
	for open != empty { // usually every empty cell is reached in a step or two
		grown := grow(open, firstLine, lastLine, short) & empty
		if grown == open {
			break
		}
		open = grown
	}
	enclosed := empty &^ open
	if enclosed == 0 {
		return false
	}
	if bits.OnesCount64(enclosed)%5 != 0 {
		return true
	}
	for enclosed != 0 {
		region := enclosed & -enclosed
		for {
			grown := grow(region, firstLine, lastLine, short) & enclosed
			if grown == region {
				break
			}
			region = grown
		}
		if bits.OnesCount64(region)%5 != 0 {
			return true
		}
		enclosed &^= region
	}
	return false
}

// ------------------------------------------------------------ the search

// deadStates remembers the states (board and used pieces) already searched
// that have no completion: more than half of the states the search enters
// were entered before by another path (two pieces swapped, say), and nearly
// all of those lead nowhere. States with completions are searched again each
// time, since each path to them makes new solutions. Open addressing, linear
// probing, a fixed size (the 6x10 search stores 170,992 states, under a
// third of the slots); a slot's board is 0 when free (a state's board never
// is).
const (
	deadSize = 1 << 19
	deadMask = deadSize - 1
	deadFull = deadSize * 3 / 4 // beyond this probing gets slow; never reached
)

type deadStates struct {
	boards [deadSize]uint64
	used   [deadSize]uint16
	count  int
}

// slot is where the state is, or the empty slot where it would go.
func (d *deadStates) slot(board uint64, used uint16) int {
	i := int((board^uint64(used)<<50)*0x9E3779B97F4A7C15>>40) & deadMask
	for d.boards[i] != 0 && (d.boards[i] != board || d.used[i] != used) {
		i = (i + 1) & deadMask
	}
	return i
}

// addAt stores a state that slot found missing at i; the states stored
// since may have taken slot i, and then its place is the next empty one.
func (d *deadStates) addAt(i int, board uint64, used uint16) {
	for d.boards[i] != 0 {
		i = (i + 1) & deadMask
	}
	d.boards[i], d.used[i] = board, used
	if d.count++; d.count > deadFull {
		panic("pentomino: the dead-state table is full; raise deadSize")
	}
}

type search struct {
	dead     *deadStates
	nodes    int64 // placements made, X's included
	stack    [pieceCount]uint64
	pieceAt  [pieceCount]int
	depth    int
	found    []string // canonical forms
	b        *board
	symCells [][]int // for each symmetry, the bit of the image of each cell in row-major order
}

const allPieces = 1<<pieceCount - 1

// solve fills the first empty cell of boardMask with every unused piece the
// list offers, recursing until every piece is used.
func (s *search) solve(boardMask uint64, used uint16, entry uint32) {
	list := entry >> entryStart // its number
	for avail := uint16(entry) & allPieces &^ used; avail != 0; avail &= avail - 1 {
		k := bits.TrailingZeros16(avail)
		childUsed := used | 1<<k
		for next := groupStart(list, k); ; {
			m := arena[next&arenaMask]
			next++
			if m&boardMask != 0 {
				if m&neverFree != 0 {
					break // the end of the group
				}
				continue
			}
			child := boardMask | m
			if childUsed == allPieces {
				s.nodes++
				s.stack[s.depth], s.pieceAt[s.depth] = m, k
				s.record(s.depth + 1)
				continue
			}
			// The child's list (listEntry, written out so it is inlined).
			f := bits.TrailingZeros64(^child | 1<<63) // the same when bit 63 is empty, and tells the compiler ^child is not 0
			key := keyBase | f<<lookAhead | int(child>>(uint(f)&63)>>1)&(1<<lookAhead-1)
			e := listIndex[key&(indexSize-1)]
			if e == 0 {
				e = addList(key, f, child)
			}
			if uint16(e)&allPieces&^childUsed == 0 {
				continue // look-ahead: no unused piece can fill the next empty cell
			}
			deadSlot := s.dead.slot(child, childUsed)
			if s.dead.boards[deadSlot] != 0 {
				continue // searched before, without a solution
			}
			s.nodes++
			s.stack[s.depth], s.pieceAt[s.depth] = m, k
			s.depth++
			before := len(s.found)
			s.solve(child, childUsed, e)
			if len(s.found) == before {
				s.dead.addAt(deadSlot, child, childUsed)
			}
			s.depth--
		}
	}
}

// record turns the placements on the stack into the solution's canonical
// form: the smallest of its images, rows joined.
func (s *search) record(n int) {
	b := s.b
	var grid [64]byte
	for m := b.holes; m != 0; m &= m - 1 {
		grid[bits.TrailingZeros64(m)] = '.'
	}
	for i := 0; i < n; i++ {
		letter := pieceShapes[s.pieceAt[i]].letter
		for m := s.stack[i]; m != 0; m &= m - 1 {
			grid[bits.TrailingZeros64(m)] = letter
		}
	}
	// Find the smallest image comparing cell by cell, without building the
	// images: two images usually part within the first few cells.
	cells := b.rows * b.cols
	best := s.symCells[0]
	for _, perm := range s.symCells[1:] {
		for i := 0; i < cells; i++ {
			if x, y := grid[perm[i]], grid[best[i]]; x != y {
				if x < y {
					best = perm
				}
				break
			}
		}
	}
	var img [64]byte
	for i, bit := range best[:cells] {
		img[i] = grid[bit&63]
	}
	s.found = append(s.found, string(img[:cells]))
}

// xCentres lists X's centre positions in the fundamental region: one quarter
// of the rectangle (rows <= (R-1)/2, columns <= (C-1)/2), one eighth of the
// square (also column <= row). mirror is the symmetry that fixes the centre
// when it is on an axis (nil when it is not).
func (b *board) xCentres() (centres []cell, mirrors []func(cell) cell) {
	R, C := b.rows-1, b.cols-1
	for r := 1; 2*r <= R; r++ {
		for c := 1; 2*c <= C; c++ {
			if b.square && c > r {
				continue
			}
			var mirror func(cell) cell
			switch {
			case b.square && r == c:
				mirror = func(p cell) cell { return cell{p.c, p.r} }
			case 2*r == R:
				mirror = func(p cell) cell { return cell{-p.r, p.c} }
			case 2*c == C:
				mirror = func(p cell) cell { return cell{p.r, -p.c} }
			}
			centres = append(centres, cell{r, c})
			mirrors = append(mirrors, mirror)
		}
	}
	return centres, mirrors
}

// solveBoard solves one board and returns the output and the node count.
func solveBoard(b *board) ([]byte, int64) {
	debug.SetGCPercent(-1) // a few megabytes, all kept to the end
	var fMirror func(cell) cell
	centres, mirrors := b.xCentres()
	for _, m := range mirrors {
		if m != nil {
			fMirror = m
		}
	}
	if fMirror == nil {
		fMirror = func(p cell) cell { return cell{p.r, -p.c} } // unused
	}
	// At most one kind of axis occurs on each board of the contest, so one
	// restricted F set serves every centre on an axis.
	pl := b.buildPlacements(fMirror)
	startLists(b, pl)
	s := &search{b: b, dead: new(deadStates)}
	for _, sym := range b.symmetries() {
		perm := make([]int, 0, b.rows*b.cols)
		for r := 0; r < b.rows; r++ {
			for c := 0; c < b.cols; c++ {
				img := sym(cell{r, c})
				perm = append(perm, b.bitOf[img.r][img.c])
			}
		}
		s.symCells = append(s.symCells, perm)
	}
	xShape := normalized(shapeCells(pieceShapes[pieceX].rows))
	for i, centre := range centres {
		xMask, ok := b.place(xShape, centre.r-1, centre.c-1)
		if !ok {
			continue
		}
		restrictF(mirrors[i] != nil)
		boardMask := b.holes | xMask | ^b.cells
		s.nodes++
		s.stack[0], s.pieceAt[0], s.depth = xMask, pieceX, 1
		e := listEntry(boardMask)
		s.solve(boardMask, 1<<pieceX, e)
	}
	sort.Strings(s.found)
	out := make([]byte, 0, len(s.found)*(b.rows*(b.cols+1)+20)+32)
	for i, sol := range s.found {
		out = append(out, "Answer No. "...)
		out = strconv.AppendInt(out, int64(i+1), 10)
		out = append(out, '\n')
		for r := 0; r < b.rows; r++ {
			out = append(out, sol[r*b.cols:(r+1)*b.cols]...)
			out = append(out, '\n')
		}
		out = append(out, '\n')
	}
	out = strconv.AppendInt(out, int64(len(s.found)), 10)
	out = append(out, " solutions found\n"...)
	return out, s.nodes
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	verbose := false
	if len(args) > 0 && args[0] == "-v" {
		verbose, args = true, args[1:]
	}
	name := "6x10"
	switch len(args) {
	case 0:
	case 1:
		name = args[0]
	default:
		fmt.Fprintf(stderr, "pentomino: expected at most one argument, the board, got %d\n", len(args))
		return 2
	}
	b, err := newBoard(name)
	if err != nil {
		fmt.Fprintf(stderr, "pentomino: %v\n", err)
		return 2
	}
	start := time.Now()
	out, nodes := solveBoard(b)
	stdout.Write(out)
	if verbose {
		fmt.Fprintf(stderr, "nodes %d\nelapsed %.3f ms\n", nodes, float64(time.Since(start).Microseconds())/1000)
	}
	return 0
}
