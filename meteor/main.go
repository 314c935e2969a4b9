// Meteor puzzle: the Computer Language Benchmarks Game's meteor-contest.
//
// The contest. Ten pieces, numbered 0 to 9, each made of five hexagonal
// cells, fill a board 5 cells wide and 10 rows high whose odd rows are
// shifted half a cell to the right. A piece may be turned (6 ways) and
// flipped (2 ways). Find every way to fill the board (there are 2098), then
// print how many were found and the smallest and the largest, comparing
// solutions as the string of their 50 piece digits read row by row.
//
// Usage: meteor [-v] [N]
//
//	N   stop after N solutions (default 2098). For N >= 2098 the output is the
//	    Benchmarks Game's expected file byte for byte; for N < 2098 it has the
//	    same layout for the solutions met first in this program's order.
//	-v  print the node count on stderr.
//	-h  print the usage.
//
// Output: "2098 solutions found", an empty line, then each of the two boards
// as 10 lines, every digit followed by a space and every odd row led by a
// space, each board followed by an empty line. A bad argument gets one line
// on stderr and exit status 2.
//
// The board, cell r*5+c at row r and column c, and the pieces as drawn by
// their walks (below), in the smallest solution:
//
//	 0  1  2  3  4          0 0 0 0 1
//	   5  6  7  8  9         2 2 2 0 1
//	10 11 12 13 14          2 6 6 1 1
//	  15 16 17 18 19         2 6 1 5 5
//	  ...                   8 6 5 5 5
//	                         8 6 3 3 3
//	0 0 0 0     1       2 2 2     3 3 3    4        5 5       4 8 8 9 3
//	       0     1     2            3     4 4     5 5 5        4 4 8 9 3
//	          1 1       2            3   4   4                4 7 4 7 9
//	         1                                                 7 7 7 9 9
//	6 6       7   7   8         9
//	 6       7 7 7     8         9
//	6                   8 8       9
//	 6                     8     9 9
//
// A cell touches two cells above, two below and one on each side. In axial
// coordinates (q, r), with q the column minus half the row, the six steps,
// turning clockwise from east, are E (1,0), SE (0,1), SW (-1,1), W (-1,0),
// NW (0,-1), NE (1,-1); a piece is a walk of such steps from one of its
// cells (a step may return to a cell already visited). Turning the piece
// adds one to every step, flipping it top to bottom maps step d to 6-d.
//
// How it works:
//  1. A state is one 64-bit word: the 50 cells of a window onto the board,
//     then the ten piece bits, so one AND asks both "does it overlap" and
//     "is the piece used". Once the window's top two rows are full it moves
//     down two rows (the rows below the board come in filled), which keeps
//     the hex geometry; so only placements starting in rows 0-1 are needed.
//  2. The search fills the first empty cell f. Its candidates come from a
//     list per (f, occupancy of the 20 cells after it, where the board
//     ends), built on first use: it keeps the placements that wall off no
//     region whose size is not a multiple of five.
//  3. A child whose own list offers no unused piece is not entered.
//  4. A memo holds every state entered, two bytes each, and whether it has
//     completions (is live); a set holds the live states.
//  5. Piece 3 keeps rotations 0-2 of each side: a half turn maps a solution
//     to another, its string reversed, so the search meets one of each pair;
//     a second pass follows the live states to every solution and takes it
//     and its half turn for the smallest and the largest.
//
// What it costs (`meteor 2098`; README for the times): 34.1 M instructions
// (callgrind) and 413 minor page faults, 206 of them Go's own (a hello
// world's). The pages are what a run pays most for where a first touch
// costs 20 µs, so the tables are kept small: the memo takes two bytes a
// state, 64 pages, where a 64-bit state and a 16-bit count took 320.
// Tricks that pay: the child's list looked up inside solvable's loop
// instead of through a call saves 3.5 M instructions (a call in the loop
// makes Go spill its registers); buckets of the placements at f by the next
// six cells save 1.7 M of list building for 23 pages. Nodes: 89,854; lists:
// 7,126; memo states: 69,951, 3,026 of them live.
package main

import (
	"io"
	"math/bits"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

const (
	width, height = 5, 10
	cells         = width * height
	pieces        = 10
	pieceCells    = 5
	cellMask      = 1<<cells - 1
	pieceBits     = (1<<pieces - 1) << cells
	topRows       = 1<<(2*width) - 1
	bottomRows    = topRows << (cells - 2*width)
	solutions     = 2098
)

// walks are the pieces, a digit a step (0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE).
var walks = [pieces]string{"0001", "1232", "3321", "0021", "12501", "0053", "3121", "2005", "1101", "1120"}

var steps = [6][2]int{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}

const halfTurn = 3 // the piece that keeps only rotations 0-2 of each side

// placements[f] holds every placement whose first cell is f (f in the top
// two rows): cell bits and the piece bit. A side of -1 flips the piece.
func placements() (at [2 * width][]uint64) {
	for p, walk := range walks {
		for _, side := range [2]int{1, -1} {
			for turn := 0; turn < 6; turn++ {
				hexes, top := [pieceCells + 1][2]int{}, 0
				for i, c := range walk {
					d := (6 + side*int(c-'0') + turn) % 6
					hexes[i+1] = [2]int{hexes[i][0] + steps[d][0], hexes[i][1] + steps[d][1]}
					top = min(top, hexes[i+1][1])
				}
				for dr := -top; dr < 2-top; dr++ {
					for dq := -width; dq < 2*width; dq++ {
						m := uint64(1) << (cells + p)
						for _, h := range hexes[:len(walk)+1] {
							r := h[1] + dr
							c := h[0] + dq + (r-r&1)/2
							if r >= height || c < 0 || c >= width {
								m = 0
								break
							}
							m |= 1 << (r*width + c)
						}
						if f := bits.TrailingZeros64(m); m != 0 && f < 2*width && (p != halfTurn || turn < 3) {
							at[f] = append(at[f], m)
						}
					}
				}
			}
		}
	}
	return at
}

// neighbours is the cells next to some cell of m (cells off the board may
// be set). Within a row a cell reaches one step left and right; above and
// below, itself and its left neighbour (even rows) or right one (odd rows).
const (
	firstColumn  = cellMask / (1<<width - 1)
	lastColumn   = firstColumn << (width - 1)
	evenRows     = (1<<width - 1) * (cellMask / (1<<(2*width) - 1))
	evenNotFirst = evenRows &^ firstColumn
	oddNotLast   = evenRows << width &^ lastColumn
)

func neighbours(m uint64) uint64 {
	row := (m&^firstColumn)>>1 | (m&^lastColumn)<<1
	vertical := m | (m&evenNotFirst)>>1 | (m&oddNotLast)<<1
	return row | vertical<<width | vertical>>width
}

func grow(m uint64) uint64 { return m | neighbours(m) }

// shiftUp moves the window down while its top two rows are full; shifted
// counts the moves.
func shiftUp(state uint64, shifted int) (uint64, int) {
	for state&topRows == topRows {
		state = state&cellMask>>(2*width) | bottomRows | state&pieceBits
		shifted++
	}
	return state, shifted
}

// A list lives in the arena, ended by a 0 word; its entry holds where it
// starts and the pieces it offers:
//
//	list entry: bits 31 ........ 10   9 ........ 0
//	            [ start in arena  ][ pieces offered ]
//
// The index maps a list key to its entry: key << 32 | entry, by open
// addressing. A key is the first empty cell f plus one (so no key is 0)
// plus 10 for each window past the third (only then do the known cells
// reach the board's bottom), above the occupancy of the 20 cells after f:
//
//	list key: bits 25 ...... 20   19 ............. 0
//	          [ f+1 + bottom  ][ the cells f+1..f+20 ]
const (
	lookAhead  = 20
	nextCells  = 6
	indexBits  = 14
	memoBits   = 17
	liveBits   = 13
	multiplier = 0x9E3779B97F4A7C15 // 2^64 / the golden ratio: a slot is the top bits of key * multiplier
)

type search struct {
	placements  [2 * width][]uint64
	buckets     [2 * width][1 << nextCells][]uint64
	bucketArena []uint64
	index       [1 << indexBits]uint64
	arena       [1 << 16]uint64 // indexed by a uint16: no bounds check
	arenaUsed   int
	// The memo: every state entered, by its key (below), 69,951 in 2^17
	// slots; and the live ones (those with completions), 3,026 in 2^13.
	keys  [1 << memoBits]uint16
	lives [1 << liveBits]uint64
	nodes int
}

// newSearch writes a zero in every page of the memo and of lives (a page
// of one, a quarter page of the other, a step): a probe reads slots before
// any state is stored there, and a page first read maps the kernel's page
// of zeros, which costs a second fault when it is written.
func newSearch() *search {
	s := &search{placements: placements(), bucketArena: make([]uint64, 0, 1<<14), arenaUsed: 1}
	for i := 0; i < len(s.keys); i += 2048 {
		s.keys[i], s.lives[i/4%len(s.lives)] = 0, 0
	}
	return s
}

func listKey(state uint64, shifted int) (key uint64, f int) {
	f = bits.TrailingZeros64(^state | 1<<63)
	return uint64(f+1+2*width*max(0, shifted-2))<<lookAhead | state>>f>>1&(1<<lookAhead-1), f
}

// list is the entry of a state's list, built on first use.
func (s *search) list(state uint64, shifted int) uint32 {
	key, f := listKey(state, shifted)
	i := key * multiplier >> (64 - indexBits)
	for s.index[i]>>32 != key {
		if s.index[i] == 0 {
			return s.newList(state, shifted, f, key, i)
		}
		i = (i + 1) % (1 << indexBits)
	}
	return uint32(s.index[i])
}

// newList builds the list of key at f and records it in index slot i.
// Known cells: those before f (filled), the lookAhead cells after it, and
// the rows below the board once the window shows them; any other cell may
// be open.
func (s *search) newList(state uint64, shifted, f int, key, i uint64) uint32 {
	known := uint64(1)<<(f+1+lookAhead) - 1
	if shifted > 2 {
		known |= cellMask &^ (1<<(cells-2*width*shifted) - 1)
	}
	filled := state & known
	nextToUnknown := grow(cellMask&^known) & known
	e := uint32(s.arenaUsed) << pieces
	for _, p := range s.bucket(f, state>>f>>1&(1<<nextCells-1)) {
		if p&filled != 0 {
			continue
		}
		empty := known &^ (filled | p)
		// Most walled-off regions are single cells: one step finds those.
		if empty&^(neighbours(empty)|nextToUnknown) != 0 {
			continue
		}
		open := nextToUnknown
		if p&cellMask&^known != 0 {
			open = grow(cellMask&^known&^p) & known
		}
		reached := empty & open
		for grown := grow(reached) & empty; grown != reached; grown = grow(reached) & empty {
			reached = grown
		}
		if walledOff := empty &^ reached; walledOff != 0 && (bits.OnesCount64(walledOff)%pieceCells != 0 || unfillable(walledOff)) {
			continue
		}
		s.arena[s.arenaUsed] = p
		s.arenaUsed++
		e |= uint32(p >> cells)
	}
	s.arenaUsed++ // the 0 that ends the list
	s.index[i] = key<<32 | uint64(e)
	return e
}

// bucket is the placements at f that leave alone the next nextCells cells
// where occupied has them filled, twins left out, filtered on first use.
func (s *search) bucket(f int, occupied uint64) []uint64 {
	b := &s.buckets[f][occupied]
	if *b == nil {
		start := len(s.bucketArena)
		for _, p := range s.placements[f] {
			if p>>f>>1&occupied == 0 {
				s.bucketArena = append(s.bucketArena, p)
			}
		}
		*b = s.bucketArena[start:]
	}
	return *b
}

// unfillable says whether the walled-off cells hold a region whose size is
// not a multiple of five.
func unfillable(walledOff uint64) bool {
	for walledOff != 0 {
		region := walledOff & -walledOff
		for grown := grow(region) & walledOff; grown != region; grown = grow(region) & walledOff {
			region = grown
		}
		if bits.OnesCount64(region)%pieceCells != 0 {
			return true
		}
		walledOff &^= region
	}
	return false
}

// A state's memo key is its list's start in the arena, which stands for
// f, the 20 cells after it (no piece placed before f reaches further: a
// test checks) and the bottom rows when the list sees them, above the
// pieces used, which tell how many windows have passed, so the bottom rows
// in every case. The memo keeps it in two bytes: the key times an odd
// number, modulo 2^26 (one to one), picks a home slot with its top 17 bits,
// and the slot holds its other 9 and how far past its home it lies (at
// most 62, a test checks), with a bit for a live state:
//
//	memo slot: bit 15   14 ............. 9   8 ......... 0
//	           [ live ][ distance + 1     ][ key's low bits ]
const (
	lowBits = 9
	live    = 1 << 15
)

// slot is where key is in the memo, or the free slot where it goes, and
// what that slot holds for it.
func (s *search) slot(key uint32) (uint32, uint16) {
	h := key * uint32(multiplier>>32) % (1 << (memoBits + lowBits))
	i, held := h>>lowBits, uint16(h%(1<<lowBits)+1<<lowBits)
	for s.keys[i] != 0 && s.keys[i]&^live != held {
		i = (i + 1) % (1 << memoBits)
		held += 1 << lowBits
	}
	return i, held
}

// liveSlot is where a live state is in lives, or the free slot where it goes.
func (s *search) liveSlot(state uint64) *uint64 {
	i := state * multiplier >> (64 - liveBits)
	for s.lives[i] != 0 && s.lives[i] != state {
		i = (i + 1) % (1 << liveBits)
	}
	return &s.lives[i]
}

// solvable says whether a state whose list entry is e has completions,
// storing every state it enters in the memo and the live ones in lives.
// Nodes: candidates that fit and complete the board or pass the look-ahead.
func (s *search) solvable(state uint64, shifted int, e uint32) (found bool) {
	for i := uint16(e >> pieces); ; i++ {
		p := s.arena[i]
		if p&state != 0 {
			continue
		}
		if p == 0 {
			return found
		}
		child := state | p
		if child&pieceBits == pieceBits {
			s.nodes++
			found = true
			continue
		}
		child, childShifted := shiftUp(child, shifted)
		// list, written out: as a call it costs the loop 3.8 M instructions
		// (Go spills the loop's registers around every call).
		key, f := listKey(child, childShifted)
		k := key * multiplier >> (64 - indexBits)
		for s.index[k]>>32 != key {
			if s.index[k] == 0 {
				s.newList(child, childShifted, f, key, k)
				break
			}
			k = (k + 1) % (1 << indexBits)
		}
		childEntry := uint32(s.index[k])
		if uint64(childEntry)<<cells&^child&pieceBits == 0 {
			continue // look-ahead: no unused piece can cover the child's first empty cell
		}
		s.nodes++
		j, held := s.slot(childEntry&^(1<<pieces-1) | uint32(child>>cells))
		if s.keys[j] == 0 {
			s.keys[j] = held
			if s.solvable(child, childShifted, childEntry) {
				s.keys[j] |= live
				*s.liveSlot(child) = child
			}
		}
		found = found || s.keys[j] >= live
	}
}

// board holds the digits placed so far, with room to 64 so that a cell
// index masked to 6 bits needs no bounds check.
type board [64]byte

// walk visits, in search order, every solution below a live state,
// handing each board to found, which returns false to stop.
func (s *search) walk(state uint64, shifted int, b *board, found func(*board) bool) bool {
	for i := uint16(s.list(state, shifted) >> pieces); s.arena[i] != 0; i++ {
		p := s.arena[i]
		if p&state != 0 {
			continue
		}
		child, childShifted := state|p, shifted
		complete := child&pieceBits == pieceBits
		if !complete {
			if child, childShifted = shiftUp(child, shifted); *s.liveSlot(child) != child {
				continue
			}
		}
		digit := byte('0' + bits.TrailingZeros64(p>>cells))
		for m := p & cellMask; m != 0; m &= m - 1 {
			b[(bits.TrailingZeros64(m)+2*width*shifted)&63] = digit
		}
		if complete {
			if !found(b) {
				return false
			}
		} else if !s.walk(child, childShifted, b, found) {
			return false
		}
	}
	return true
}

// solve searches, then visits up to limit solutions (each solution and then
// its half turn, its string read backwards) and renders the answer.
func solve(limit int) ([]byte, *search) {
	s := newSearch()
	s.solvable(0, 0, s.list(0, 0))
	n := 0
	var smallest, largest, half [cells]byte
	s.walk(0, 0, new(board), func(b *board) bool {
		solution := (*[cells]byte)(b[:cells])
		for turned := 0; turned < 2 && n < limit; turned++ {
			if turned == 1 {
				for i, d := range solution {
					half[cells-1-i] = d
				}
				solution = &half
			}
			if n == 0 || string(solution[:]) < string(smallest[:]) {
				smallest = *solution
			}
			if n == 0 || string(solution[:]) > string(largest[:]) {
				largest = *solution
			}
			n++
		}
		return n < limit
	})
	out := strconv.AppendInt(nil, int64(n), 10)
	out = append(out, " solutions found\n\n"...)
	for _, b := range [][cells]byte{smallest, largest} {
		for i, d := range b {
			if i%(2*width) == width {
				out = append(out, ' ')
			}
			out = append(out, d, ' ')
			if i%width == width-1 {
				out = append(out, '\n')
			}
		}
		out = append(out, '\n')
	}
	return out, s
}

const usage = "usage: meteor [-v] [N]: of the first N solutions (default 2098), how many, the smallest\nand the largest; -v: nodes on stderr\n"

func main() {
	// The program keeps all it allocates to the end: the collector would
	// only look for garbage that is not there.
	debug.SetGCPercent(-1)
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the program; it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	verbose := len(args) > 0 && args[0] == "-v"
	if verbose {
		args = args[1:]
	}
	limit, msg, help := uint64(solutions), "", len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help")
	if len(args) == 1 && !help {
		quoted := strconv.Quote(args[0][:min(len(args[0]), 32)]) + strings.Repeat("...", min(len(args[0])/33, 1))
		n, err := strconv.ParseUint(args[0], 10, 63)
		switch {
		case strings.Trim(args[0], "0123456789") != "" || strings.HasPrefix(args[0]+"0", "0"):
			msg = "expected N, a positive integer, got " + quoted
		case err != nil:
			msg = "N " + quoted + " is too large: expected at most 9223372036854775807"
		}
		limit = n
	} else if len(args) > 1 && verbose && args[0] == "-v" {
		msg = "-v given twice: give it once"
	} else if len(args) > 1 {
		msg = "expected at most one argument, N (a positive integer), got " + strconv.Itoa(len(args))
	}
	if msg != "" {
		io.WriteString(stderr, "meteor: "+msg+"\n")
		return 2
	}
	out, what := []byte(usage), "the usage"
	var s *search
	if !help {
		out, s = solve(int(limit))
		what = "the answer"
	}
	if _, err := stdout.Write(out); err != nil {
		io.WriteString(stderr, "meteor: writing "+what+": "+err.Error()+"\n")
		return 1
	}
	if verbose && !help {
		io.WriteString(stderr, "nodes "+strconv.Itoa(s.nodes)+"\n")
	}
	return 0
}
