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
// "N solutions found". -v prints the node count on stderr; -h the usage.
// Any other argument gets one line on stderr and exit status 2.
//
// The pieces, and the first solution of 6x10:
//
//	 ##   #####  ####  ###.  ###  ###  #.#  #..  #..  .#.  ####  ##.
//	 ##.          #...  ..##  ##.  .#.  ###  #..  ##.  ###  .#..  .#.
//	 .#.                            .#.       ###  .##  .#.        .##
//	  F     I      L     N     P    T     U    V    W    X     Y    Z
//
//	FFIIIIILZZ    cells are numbered along the short side first:
//	VFFYLLLLZN    bit 0 1 2 ... 5 down the first column, 6 ... 11 down
//	VFYYYYXZZN    the second, and so on; a "line" is one column here (one
//	VVVTWXXXNN    row of 3x20), a cell's "row" its place in its line
//	PPPTWWXUNU
//	PPTTTWWUUU
//
// Why each class appears exactly once: no solution is its own image under
// a symmetry other than the identity (it would map every piece onto
// itself, and F has no symmetry), so a class has 4 (8) members. X is fixed
// by every symmetry, so the search places X first, with its centre in one
// quarter of the rectangle (rows <= (R-1)/2, columns <= (C-1)/2; on the
// square also column <= row). A centre strictly inside that region is met
// by exactly one member of each class. A centre on a mirror axis (the
// middle row of 5x12 and 3x20, the middle column of 4x15, the square's
// diagonal) is fixed by that mirror, which swaps two members with X there;
// F then keeps one orientation of each pair the mirror swaps, and so one
// of the two members.
//
// How it works:
//  1. The board is a 64-bit mask; cells past its end and the holes are set
//     (filled). The search fills the first empty cell f.
//  2. Candidates come from a list per (row of f, distance to the board's
//     end up to a cap, occupancy of the next few cells, F restricted), built
//     on first use: a set of the row's placements, counted from f (so every
//     line shares them), as bits of one word; a placement that walls off a
//     region whose size is not a multiple of five is left out.
//  3. The loop jumps to the groups of the unused pieces. A child is not
//     entered if its own list offers no unused piece (look-ahead), or if
//     its state (board, pieces) was searched before and led nowhere (the
//     dead states: more than half the states are met again by another
//     path, nearly all dead).
//  4. Each solution is stored as the text of its canonical form; they are
//     sorted and printed.
//
// Pages: minor faults (harness medians) 602 on 6x10, 418 on 5x12, 294 on
// 4x15, 246 on 3x20, 444 on the 8x8, of which a Go hello world takes 206;
// the dead states are most of the rest (2^deadBits 4-byte slots).
//
// Tricks that pay (callgrind instructions with GOMAXPROCS=1; README for the
// times): the dead states (6x10 makes 426,205 nodes without them, 191,113
// with), in 4-byte slots (half the pages of 8-byte ones; 6x10: 73.8 M ->
// 75.9 M instructions, 939 -> 683 faults, 0.88 of the CPU where a first
// touch of a page costs 11 µs); the list and dead-state lookups written
// out in the search's loop (Go spills the loop's registers around a
// call); buckets of each row's
// placements by the next 8 cells (6x10: 78.7 M -> 75.7 M instructions, 2%
// of CPU); a lone empty cell rejecting a placement before the flood (6x10:
// 76.9 M -> 75.7 M, 1% of CPU). One core: on two, the search paid more in
// sharing its tables than it gained.
package main

import (
	"bytes"
	"io"
	"math/bits"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
)

// ------------------------------------------------------------ the pieces

const (
	pieceCells = 5
	pieceX     = 9
	pieceF     = 0
	allPieces  = 1<<12 - 1
)

var pieceRows = [12][]string{
	{".##", "##.", ".#."}, {"#####"}, {"####", "#..."}, {"###.", "..##"}, {"###", "##."}, {"###", ".#.", ".#."},
	{"#.#", "###"}, {"#..", "#..", "###"}, {"#..", "##.", ".##"}, {".#.", "###", ".#."}, {"####", ".#.."}, {"##.", ".#.", ".##"},
}

const letters = "FILNPTUVWXYZ"

type cell struct{ r, c int }

// orientations are a piece's distinct shapes, cells sorted and moved to
// row and column 0, in the order of the eight symmetries of the grid: t
// quarter turns (r, c) -> (c, -r), after a mirror (r, c) -> (r, -c) when t
// >= 4.
func orientations(rows []string) (shapes [][]cell) {
	// At full size: slices grown step by step first touch a page for each
	// size (with the usage built only for -h: 3x20 294 -> 280 faults, CPU 0.94).
	shapes = make([][]cell, 0, 8)
	for t := 0; t < 8; t++ {
		shape := make([]cell, 0, pieceCells)
		for r, row := range rows {
			for c := range row {
				if row[c] == '#' {
					p := cell{r, c}
					if t >= 4 {
						p.c = -c
					}
					for range t % 4 {
						p = cell{p.c, -p.r}
					}
					shape = append(shape, p)
				}
			}
		}
		shape = normalized(shape)
		if !slices.ContainsFunc(shapes, func(s []cell) bool { return slices.Equal(s, shape) }) {
			shapes = append(shapes, shape)
		}
	}
	return shapes
}

func normalized(shape []cell) []cell {
	slices.SortFunc(shape, func(a, b cell) int { return (a.r-b.r)*64 + a.c - b.c })
	top, left := shape[0].r, shape[0].c
	for _, p := range shape {
		left = min(left, p.c)
	}
	for i := range shape {
		shape[i].r -= top
		shape[i].c -= left
	}
	return shape
}

// ------------------------------------------------------------ the board

// board is one contest board and the tables made from it once: cell (r,
// c) is bit bitOf(r, c), counting along the short side first.
type board struct {
	tuning
	rows, cols  int
	short       int
	holes       uint64            // cells of the mask that are not on the board (the 8x8's centre)
	past        uint64            // the bits past the board's end
	symmetries  int               // 4, or 8 for the square (see image)
	endCap      int               // the end distance past which lists cannot tell the board's end
	xMasks      []uint64          // X placed at each of its centres in the quarter (eighth) of the board, or 0 when it covers a hole
	xMirrors    []func(cell) cell // for each, the mirror that fixes it when it lies on an axis, or nil
	placements  [2][8][]placement // by F restricted or not and by row of the first cell
	masks       [16][64]uint64    // by 8*restricted + row, the same placements' masks: an array, read with no bounds check (6x10: 1.7 M fewer instructions than through the slices)
	groups      [16][16]uint64    // by 8*restricted + row and by piece, the bits of that piece's placements there
	lines       [8]lines          // by the row cells are counted from
	textBytes   int
	imageOfText [8][72]uint8 // for each symmetry and byte of a solution's text, the bit shown there (lineEnd for '\n')
}

// text is a solution as printed: its rows, each ended by '\n' (the 8x8's
// take 72 bytes); bytes past them are 0.
type text [72]byte

type placement struct {
	mask  uint64 // counted from the first cell, which is bit 0
	piece int
}

// tuning is a board's name and how its search is tuned: how many cells
// after the first empty one a list knows (a longer look-ahead filters more
// and shares less: 13 does best on 6x10, 10 on the 8x8, whose lines are 8
// long), whether lists see the board's end wherever a piece may reach it
// (exactEnd, the 8x8) or only within the cells they know, and how many
// lists and dead states the search makes, about, so that the tables are
// sized once.
type tuning struct {
	name                string
	lookAhead           int
	exactEnd            bool
	indexBits, deadBits int
}

// boards are the contest's boards, the default first (the usage and
// boardNames list them too: a test holds them to this).
var boards = []tuning{
	{"6x10", 13, false, 14, 18}, {"5x12", 11, false, 13, 17}, {"4x15", 9, false, 11, 15},
	{"3x20", 11, false, 10, 11}, {"8x8", 10, true, 14, 17},
}

// boardNames lists the boards for a message.
const boardNames = "6x10, 5x12, 4x15, 3x20 or 8x8"

const lineEnd = 64 // the grid byte after the 64 cells, always '\n'

func newBoard(name string) (*board, bool) {
	k := slices.IndexFunc(boards, func(t tuning) bool { return t.name == name })
	if k < 0 {
		return nil, false
	}
	b := &board{tuning: boards[k]}
	r, c, _ := strings.Cut(name, "x")
	b.rows, _ = strconv.Atoi(r)
	b.cols, _ = strconv.Atoi(c)
	b.short = min(b.rows, b.cols)
	b.endCap = b.lookAhead + b.short + 1
	if b.exactEnd {
		b.endCap = 4*b.short + 1 // a placement reaches 4 lines past its first cell
	}
	b.past, b.symmetries = ^uint64(0)<<(b.rows*b.cols), 4
	if name == "8x8" {
		b.holes, b.symmetries = 1<<b.bitOf(3, 3)|1<<b.bitOf(3, 4)|1<<b.bitOf(4, 3)|1<<b.bitOf(4, 4), 8
	}
	for row := range b.short {
		b.lines[row].short = b.short
		for i := 0; i < 64; i++ {
			switch (row + i) % b.short {
			case 0:
				b.lines[row].first |= 1 << i
			case b.short - 1:
				b.lines[row].last |= 1 << i
			}
		}
	}
	b.textBytes = b.rows * (b.cols + 1)
	for k := range b.symmetries {
		for i := range b.imageOfText[k] {
			b.imageOfText[k][i] = lineEnd
			if r, c := i/(b.cols+1), i%(b.cols+1); r < b.rows && c < b.cols {
				img := b.image(k, cell{r, c})
				b.imageOfText[k][i] = uint8(b.bitOf(img.r, img.c))
			}
		}
	}
	b.findXCentres()
	var fMirror func(cell) cell // at most one kind of axis on each board: one restricted F serves them all
	for _, m := range b.xMirrors {
		if m != nil {
			fMirror = m
		}
	}
	b.buildPlacements(fMirror)
	return b, true
}

// image is p under the board's symmetry k: the row mirrored when k&1 is
// set, the column when k&2 is, then on the square row and column swapped
// when k&4 is.
func (b *board) image(k int, p cell) cell {
	if k&1 != 0 {
		p.r = b.rows - 1 - p.r
	}
	if k&2 != 0 {
		p.c = b.cols - 1 - p.c
	}
	if k&4 != 0 {
		p.r, p.c = p.c, p.r
	}
	return p
}

func (b *board) bitOf(r, c int) int {
	if b.rows <= b.cols {
		return c*b.rows + r
	}
	return r*b.cols + c
}

// place is the mask of a shape with its corner at (r, c), or 0 when it
// leaves the board.
func (b *board) place(shape []cell, r, c int) (m uint64) {
	for _, p := range shape {
		rr, cc := r+p.r, c+p.c
		if rr < 0 || rr >= b.rows || cc < 0 || cc >= b.cols || b.holes>>b.bitOf(rr, cc)&1 != 0 {
			return 0
		}
		m |= 1 << b.bitOf(rr, cc)
	}
	return m
}

// lines is how the board's lines lie in a mask counted from a row: the
// cells with no neighbour before them in their line, those with none
// after, and the lines' length.
type lines struct {
	first, last uint64
	short       int
}

// grow adds to m the cells next to its cells (neighbours): along the line
// (not past its ends) and in the lines before and after.
func (l lines) grow(m uint64) uint64 { return m | l.neighbours(m) }

func (l lines) neighbours(m uint64) uint64 {
	return (m&^l.last)<<1 | (m&^l.first)>>1 | m<<(l.short&63) | m>>(l.short&63)
}

// findXCentres places X at each of its centres in the quarter (eighth) of
// the board, each with the mirror that fixes it when it lies on an axis
// (nil otherwise).
func (b *board) findXCentres() {
	x, R, C := orientations(pieceRows[pieceX])[0], b.rows-1, b.cols-1
	for r := 1; 2*r <= R; r++ {
		for c := 1; 2*c <= C && (b.holes == 0 || c <= r); c++ {
			var mirror func(cell) cell
			switch {
			case b.holes != 0 && r == c:
				mirror = func(p cell) cell { return cell{p.c, p.r} }
			case 2*r == R:
				mirror = func(p cell) cell { return cell{-p.r, p.c} }
			case 2*c == C:
				mirror = func(p cell) cell { return cell{p.r, -p.c} }
			}
			b.xMasks, b.xMirrors = append(b.xMasks, b.place(x, r-1, c-1)), append(b.xMirrors, mirror)
		}
	}
}

// buildPlacements makes, for each row, the placements whose first cell
// (along the short side first) is in that row, counted from it, piece by
// piece, X left out; placements[1] keeps of F only one orientation of each
// pair the mirror swaps (the one whose cells compare smaller; F has no
// mirror symmetry, so they pair up).
func (b *board) buildPlacements(mirror func(cell) cell) {
	lineRow := func(p cell) (int, int) {
		if b.rows <= b.cols {
			return p.c, p.r
		}
		return p.r, p.c
	}
	for k, rows := range pieceRows {
		for _, o := range orientations(rows) {
			kept := k != pieceF
			if mirror != nil && !kept {
				img := make([]cell, len(o))
				for i, p := range o {
					img[i] = mirror(p)
				}
				kept = slices.CompareFunc(o, normalized(img), func(a, b cell) int { return (a.r-b.r)*64 + a.c - b.c }) < 0
			}
			l0, r0 := lineRow(o[0])
			for _, p := range o {
				if l, r := lineRow(p); l < l0 || l == l0 && r < r0 {
					l0, r0 = l, r
				}
			}
			for row := 0; row < b.short && k != pieceX; row++ {
				m := uint64(0)
				for _, p := range o {
					l, r := lineRow(p)
					if r+row-r0 < 0 || r+row-r0 >= b.short {
						m = 0
						break
					}
					m |= 1 << ((l-l0)*b.short + r - r0)
				}
				for restricted := range 2 {
					if at := &b.placements[restricted][row]; m != 0 && (restricted == 0 || kept) {
						rr := 8*restricted + row
						b.masks[rr][len(*at)], b.groups[rr][k] = m, b.groups[rr][k]|1<<len(*at)
						*at = append(*at, placement{m, k})
					}
				}
			}
		}
	}
}

// ------------------------------------------------------- candidate lists

// A list's key, and its entry (where its placements are, its number and
// the pieces it offers):
//
//	list key:   bit 31  30          29 .... 24   23 .. 21   lookAhead-1 .. 0
//	            [ 1 ][ F restricted ][ end dist ][   row   ][ cells f+1 ... ]
//	list entry: bits 31 ........... 28   27 ........ 12   11 ............ 0
//	            [ 8*restricted + row ][  list number  ][ pieces offered ]
//
// The end distance is capped at lookAhead + short + 1 (4*short + 1 with
// exactEnd): past it no cell the list knows, nor any neighbour of one, is
// beyond the board, and a placement that runs off the board is one the
// overlap test rejects (the cells past the end are set). The index holds
// key << 32 | entry by open addressing; the dead states, theirs (below).
// A list keeps some of its row's placements (a row has at most 62), as
// bits over them; they come piece by piece, so piece k's are the bits of
// groups[k]. Lists repeat: 6x10's 7,919 keep 572 different sets, and the
// 8x8's 10,145 keep 442; a word a list instead of its placements (27,110
// words on 6x10, 40,979 on the 8x8) and 16 bytes of group starts saves
// 6x10 77 pages and the 8x8 107, and 2.1 M instructions on each.
const (
	keyRestricted = 1 << 30
	keyEnd        = 24
	keyRow        = 21
	entryRow      = 28
	pieceBits     = 12
	maxLists      = 1 << 16
	indexSlots    = 1 << 15
	deadSlots     = 1 << 19
	nextCells     = 8
	multiplier    = 0x9E3779B97F4A7C15 // 2^64 / the golden ratio: a home is the top bits of key * multiplier
	multiplier32  = 0x9E3779B1         // 2^32 / the golden ratio, for the 32-bit list keys
)

// search is one board's search and everything it writes.
type search struct {
	b          *board
	keyHigh    [64]uint32 // the key's bits above the occupancy, by f, with F restricted or not as at this root
	restrictF  uint32     // F's bit while F is restricted (X's centre is on a mirror), else 0
	lookMask   uint32     // the occupancy bits of a key
	indexShift uint32     // 32 - log2 of the index's size: a home is the top bits of a hash
	deadMask   uint64     // 2^(deadBits+deadRest) - 1: a dead state's key is hashed modulo its successor
	beyond     [64]uint64 // by f, the board's cells past those a dead state's key holds
	index      [indexSlots]uint64
	dead       [deadSlots]uint32
	lists      int
	kept       [maxLists]uint64 // by list, the placements it keeps, as bits of b.placements at its row
	buckets    [2][8][1 << nextCells]uint64
	placed     [16]uint64 // by piece, its cells where the path placed it last (at a solution, the solution's); 16 so that a mask replaces a bounds check
	nodes      int64
	texts      [][]text // the solutions found, as the text of their canonical forms, in chunks (adding one never copies the others)
	solutions  int
}

func newSearch(b *board) *search {
	s := &search{b: b, lists: 1, // no list is number 0, so no entry is 0
		lookMask: 1<<b.lookAhead - 1, indexShift: uint32(32 - b.indexBits),
		deadMask: 1<<(b.deadBits+deadRest) - 1}
	for f := range s.beyond {
		s.beyond[f] = ^(b.past | b.holes) & (^uint64(0) << (f + 1 + b.deadBits + deadRest - deadCells))
	}
	// A zero in every page the tables use: a probe reads slots before they
	// are written, and a page first read maps the kernel's page of zeros,
	// which costs a second fault when it is written.
	for i := 0; i < 1<<b.indexBits; i += 512 {
		s.index[i] = 0
	}
	for i := 0; i < 1<<b.deadBits; i += 1024 {
		s.dead[i] = 0
	}
	return s
}

// newList builds the list of key for a board whose first empty cell is f,
// records it in the index at slot i, and returns its entry. Known cells,
// counted from f: f itself, the lookAhead cells after it and, when the key
// tells the board's end, every cell past it (filled); any other cell may be
// open.
func (s *search) newList(key uint32, f int, boardMask uint64, i uint32) uint32 {
	b, restricted, row := s.b, int(key&keyRestricted>>30), f%s.b.short
	ln := b.lines[row]
	known := uint64(1)<<(b.lookAhead+1) - 1
	board := boardMask >> f
	if end := b.rows*b.cols - f; end < b.endCap {
		known |= ^uint64(0) << end
		board |= ^uint64(0) << end
	}
	filled := board & known
	nextToUnknown := ln.grow(^known) & known
	list, offered := s.lists, uint32(0)
	at := b.placements[restricted][row]
	for m := s.bucket(restricted, row, board>>1); m != 0; m &= m - 1 {
		j := bits.TrailingZeros64(m)
		p := at[j]
		if p.mask&filled != 0 {
			continue
		}
		empty := known &^ (filled | p.mask)
		// Most walled-off regions are single cells: one step finds those.
		if empty&^(ln.neighbours(empty)|nextToUnknown) != 0 {
			continue
		}
		open := nextToUnknown
		if p.mask&^known != 0 { // the piece covers unknown cells, which then wall off
			open = ln.grow(^known&^p.mask) & known
		}
		reached := empty & open
		for grown := ln.grow(reached) & empty; grown != reached; grown = ln.grow(reached) & empty {
			reached = grown
		}
		if walledOff := empty &^ reached; walledOff != 0 && unfillable(walledOff, ln) {
			continue
		}
		s.kept[list] |= 1 << j
		offered |= 1 << p.piece
	}
	s.lists++
	entry := uint32(8*restricted+row)<<entryRow | uint32(list)<<pieceBits | offered
	s.index[i] = uint64(key)<<32 | uint64(entry)
	return entry
}

// bucket is the placements at a first cell in row r (with F restricted or
// not) that leave alone the next nextCells cells where the board has them
// filled, as bits of b.placements, filtered on first use (the bit past
// them marks a bucket as made).
func (s *search) bucket(restricted, row int, after uint64) uint64 {
	w := &s.buckets[restricted][row][after&(1<<nextCells-1)]
	if *w == 0 {
		for j, p := range s.b.placements[restricted][row] {
			if p.mask>>1&after&(1<<nextCells-1) == 0 {
				*w |= 1 << j
			}
		}
		*w |= 1 << 63
	}
	return *w &^ (1 << 63)
}

// unfillable says whether the walled-off cells hold a region whose size is
// not a multiple of five.
func unfillable(walledOff uint64, ln lines) bool {
	if bits.OnesCount64(walledOff)%pieceCells != 0 {
		return true
	}
	for walledOff != 0 {
		region := walledOff & -walledOff
		for grown := ln.grow(region) & walledOff; grown != region; grown = ln.grow(region) & walledOff {
			region = grown
		}
		if bits.OnesCount64(region)%pieceCells != 0 {
			return true
		}
		walledOff &^= region
	}
	return false
}

// ------------------------------------------------------------ the search

// A dead state's key packs the state into a word. Every cell before the
// first empty cell f is filled, and no piece reaches far past the cell it
// was placed at, which was at most f; only X, placed first, may lie
// further on:
//
//	dead-state key: bits ... 18               17 .. 12   11 ........ 0
//	                [ cells f+1 ... f+w     ][    f     ][ pieces used ]
//
// The key times an odd number, modulo 2^(deadBits+deadRest), is a hash
// that maps keys one to one: its top deadBits bits are the state's home
// slot, and a slot of 32 bits holds its other deadRest bits under the
// slot's distance from home plus 1 (0 is a free slot; a state past 62
// slots from home is not kept). Half the bytes of a slot holding the key:
// 6x10's dead states take 1 MiB, not 2. So w = deadBits + 8 cells (26 on
// 6x10): a state with a cell filled further on (X early in the search, a
// piece standing four rows down on the 8x8) is not kept (6x10 makes 35
// more nodes, the 8x8 47); the cells past the end and the holes are the
// same for every state with this f, and need no place in the key.
//
// While F is restricted its bit is set among the pieces used: a state dead
// with F restricted may live without the restriction, and no real state
// has that board with F used (it would have five more cells filled).
const (
	deadF     = pieceBits
	deadCells = pieceBits + 6
	deadRest  = 26
	deadStep  = 1 << deadRest
)

// solve fills the first empty cell f of boardMask with every unused piece
// the list entry offers, recursing until every piece is used. A call is a
// node: the placement that made boardMask. board is boardMask as the
// list's words see it, from f, the cells past its end filled. The child's
// list and its dead-state probe are written out in the loop: calls would
// spill the loop's registers.
func (s *search) solve(boardMask uint64, f int, used uint32, entry uint32) {
	s.nodes++
	board := boardMask>>(f&63) | ^(^uint64(0) >> (f & 63))
	kept, masks, groups := s.kept[entry>>pieceBits%maxLists], &s.b.masks[entry>>entryRow%16], &s.b.groups[entry>>entryRow%16]
	for avail := entry & allPieces &^ used; avail != 0; avail &= avail - 1 {
		k := bits.TrailingZeros32(avail)
		childUsed := used | 1<<k
		for c := kept & groups[k%16]; c != 0; c &= c - 1 {
			if masks[bits.TrailingZeros64(c)%64]&board != 0 {
				continue
			}
			m := masks[bits.TrailingZeros64(c)%64] << (f & 63)
			child := boardMask | m
			if childUsed == allPieces {
				s.placed[k%len(s.placed)] = m
				s.record()
				continue
			}
			cf := bits.TrailingZeros64(^child | 1<<63)
			after := child >> (cf & 63) >> 1 // the cells after cf
			key := s.keyHigh[cf&63] | uint32(after)&s.lookMask
			i := key * multiplier32 >> (s.indexShift & 31)
			v := s.index[i%indexSlots]
			for uint32(v>>32) != key && v != 0 {
				i++
				v = s.index[i%indexSlots]
			}
			childEntry := uint32(v) // 0 for a free slot: no entry is 0
			if childEntry == 0 {
				childEntry = s.newList(key, cf, child, i%indexSlots)
			}
			if childEntry&allPieces&^childUsed == 0 {
				continue // look-ahead: no unused piece can fill the next empty cell
			}
			j, tag := uint64(0), uint64(1<<32) // no slot: a state wider than a key is not kept
			if child&s.beyond[cf&63] == 0 {
				h := (uint64(childUsed|s.restrictF) | uint64(cf)<<deadF | after<<deadCells) * multiplier & s.deadMask
				j, tag = h>>deadRest, h&(deadStep-1)|deadStep
				for uint64(s.dead[j%deadSlots]) != tag && s.dead[j%deadSlots] != 0 {
					j, tag = j+1, tag+deadStep
				}
				if s.dead[j%deadSlots] != 0 {
					continue // searched before, without a solution
				}
			}
			s.placed[k%len(s.placed)] = m
			before := s.solutions
			s.solve(child, cf, childUsed, childEntry)
			if s.solutions == before {
				for s.dead[j%deadSlots] != 0 { // states added meanwhile come after j in its run
					j, tag = j+1, tag+deadStep
				}
				if tag < 1<<32 { // else too far from home for its slot to say
					s.dead[j%deadSlots] = uint32(tag)
				}
			}
		}
	}
}

// record stores the solution on the board as the text of its canonical
// form: the smallest of its images, compared byte by byte as they are
// needed (two images usually part within the first few cells).
func (s *search) record() {
	s.nodes++          // the placement that completed it
	var grid [128]byte // letters by bit, and lineEnd; 128 so that a mask replaces a bounds check
	for m := s.b.holes; m != 0; m &= m - 1 {
		grid[bits.TrailingZeros64(m)] = '.'
	}
	grid[lineEnd] = '\n'
	for k, piece := range letters {
		for m := s.placed[k]; m != 0; m &= m - 1 {
			grid[bits.TrailingZeros64(m)] = byte(piece)
		}
	}
	images := s.b.imageOfText[:s.b.symmetries]
	best := &images[0]
	for k := range images[1:] {
		for i, at := range images[k+1][:s.b.textBytes] {
			if x, y := grid[at%128], grid[best[i]%128]; x != y {
				if x < y {
					best = &images[k+1]
				}
				break
			}
		}
	}
	if s.solutions%256 == 0 {
		s.texts = append(s.texts, make([]text, 256))
	}
	t := &s.texts[s.solutions/256][s.solutions%256]
	for i, at := range best[:s.b.textBytes] {
		t[i] = grid[at%128]
	}
	s.solutions++
}

// list is the entry of the list of a board whose first empty cell is f,
// built on first use. solve's loop holds a copy of it (see there).
func (s *search) list(boardMask uint64, f int) uint32 {
	key := s.keyHigh[f] | uint32(boardMask>>f>>1)&s.lookMask
	i := key * multiplier32 >> (s.indexShift & 31)
	for s.index[i%indexSlots] != 0 && uint32(s.index[i%indexSlots]>>32) != key {
		i++
	}
	if entry := uint32(s.index[i%indexSlots]); entry != 0 {
		return entry
	}
	return s.newList(key, f, boardMask, i%indexSlots)
}

// searchAll searches the board from each of X's centres, and returns the
// search with its solutions.
func (b *board) searchAll() *search {
	s := newSearch(b)
	for i := range b.xMasks {
		if boardMask := s.placeX(i); boardMask != 0 {
			f := bits.TrailingZeros64(^boardMask)
			s.solve(boardMask, f, 1<<pieceX, s.list(boardMask, f))
		}
	}
	return s
}

// placeX starts the search from X's centre i: the board with X placed,
// or 0 when X would cover a hole.
func (s *search) placeX(i int) uint64 {
	b, xMask := s.b, s.b.xMasks[i]
	if xMask == 0 {
		return 0
	}
	n, restricted := b.rows*b.cols, uint32(0)
	if s.restrictF = 0; b.xMirrors[i] != nil {
		s.restrictF, restricted = 1<<pieceF, keyRestricted
	}
	for f := 0; f < n; f++ {
		s.keyHigh[f] = 1<<31 | restricted | uint32(min(n-f, b.endCap))<<keyEnd | uint32(f%b.short)<<keyRow
	}
	s.placed[pieceX] = xMask
	return b.holes | xMask | b.past
}

// writeAnswer writes the solutions, sorted, and their count.
func (s *search) writeAnswer(out io.Writer) error {
	sorted := make([]*text, s.solutions)
	for i := range sorted {
		sorted[i] = &s.texts[i/256][i%256]
	}
	slices.SortFunc(sorted, func(a, b *text) int { return bytes.Compare(a[:], b[:]) })
	buf := make([]byte, 0, 1<<13) // a larger one only touches more pages
	for i, t := range sorted {
		buf = append(strconv.AppendInt(append(buf, "Answer No. "...), int64(i+1), 10), '\n')
		buf = append(append(buf, t[:s.b.textBytes]...), '\n')
		if len(buf) > cap(buf)-256 {
			if _, err := out.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	buf = append(strconv.AppendInt(buf, int64(s.solutions), 10), " solutions found\n"...)
	_, err := out.Write(buf)
	return err
}

func main() {
	// The program keeps nearly all it allocates to the end; the collector
	// would only walk it.
	debug.SetGCPercent(-1)
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		if _, err := io.WriteString(stdout, "usage: pentomino [-v] [BOARD]\n  BOARD  6x10 (default), 5x12, 4x15, 3x20 or 8x8 (the square without its centre)\n  -v     print the node count on stderr\n"); err != nil {
			io.WriteString(stderr, "pentomino: writing the usage: "+err.Error()+"\n")
			return 1
		}
		return 0
	}
	verbose := len(args) > 0 && args[0] == "-v"
	if verbose {
		args = args[1:]
	}
	name := "6x10"
	if len(args) == 1 {
		name = args[0]
	}
	b, ok := newBoard(name)
	if len(args) > 1 {
		io.WriteString(stderr, "pentomino: expected at most one argument, the board, got "+strconv.Itoa(len(args))+"\n")
		return 2
	}
	if !ok {
		quoted := strconv.Quote(name[:min(len(name), 32)]) + strings.Repeat("...", min(len(name)/33, 1))
		io.WriteString(stderr, "pentomino: expected a board "+boardNames+", got "+quoted+"\n")
		return 2
	}
	s := b.searchAll()
	if err := s.writeAnswer(stdout); err != nil {
		io.WriteString(stderr, "pentomino: writing the answer: "+err.Error()+"\n")
		return 1
	}
	if verbose {
		io.WriteString(stderr, "nodes "+strconv.FormatInt(s.nodes, 10)+"\n")
	}
	return 0
}
