package main

import (
	"bytes"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"sort"
	"strings"
	"testing"
)

// The counts pin the search: a change that moves them has changed what is
// searched, and must say so.
const (
	wantNodes  = 89854
	wantLists  = 7126
	wantStates = 69951
	wantLive   = 3026
)

// tables counts the lists, the memo's states and the live states, and the
// largest distance+1 a memo slot holds.
func (s *search) tables() (lists, states, lives int, farthest uint16) {
	for _, e := range s.index {
		lists += min(int(e), 1)
	}
	for _, k := range s.keys {
		states += min(int(k), 1)
		farthest = max(farthest, k&^live>>lowBits)
	}
	for _, state := range s.lives {
		lives += min(int(state), 1)
	}
	return lists, states, lives, farthest
}

func TestFullOutputMatchesBenchmarksGame(t *testing.T) {
	want, err := os.ReadFile("../expected/meteor/2098.out")
	if err != nil {
		t.Fatal(err)
	}
	got, s := solve(solutions)
	if !bytes.Equal(got, want) {
		t.Fatalf("output differs from expected/meteor/2098.out:\n%s", got)
	}
	lists, states, lives, _ := s.tables()
	if s.nodes != wantNodes || lists != wantLists || states != wantStates || lives != wantLive {
		t.Errorf("nodes, lists, memo states, live states = %d, %d, %d, %d; want %d, %d, %d, %d",
			s.nodes, lists, states, lives, wantNodes, wantLists, wantStates, wantLive)
	}
}

// The memo key leaves out every cell past f+20: a piece reaches at most 21
// cells past its first, and every piece on the board began before f.
func TestNoPieceReachesPastTheKey(t *testing.T) {
	for f, at := range placements() {
		for _, m := range at {
			if reach := 63 - bits.LeadingZeros64(m&cellMask) - f; reach > lookAhead+1 {
				t.Errorf("placement %#x at %d reaches %d cells on", m, f, reach)
			}
		}
	}
}

// hexCells and the rotations below are worked out from the axial
// coordinates, independently of the program's step arithmetic.
type hex struct{ q, r int }

var stepOf = map[byte]hex{'0': {1, 0}, '1': {0, 1}, '2': {-1, 1}, '3': {-1, 0}, '4': {0, -1}, '5': {1, -1}}

func hexCells(walk string) map[hex]bool {
	at := hex{}
	cells := map[hex]bool{at: true}
	for i := range walk {
		d := stepOf[walk[i]]
		at = hex{at.q + d.q, at.r + d.r}
		cells[at] = true
	}
	return cells
}

// shapeKey names a set of cells up to translation by a whole number of
// rows pairs (which keeps the offset layout): the sorted offsets from the
// first cell, in board coordinates.
func shapeKey(cells map[hex]bool) string {
	var rc [][2]int
	for h := range cells {
		rc = append(rc, [2]int{h.r, h.q + (h.r-h.r&1)/2})
	}
	sort.Slice(rc, func(i, j int) bool { return rc[i][0] < rc[j][0] || rc[i][0] == rc[j][0] && rc[i][1] < rc[j][1] })
	dr := rc[0][0] - rc[0][0]&1 // move by whole pairs of rows
	key := ""
	for _, p := range rc {
		key += fmt.Sprintf("%d,%d ", p[0]-dr, p[1]-rc[0][1])
	}
	return key + fmt.Sprint(rc[0][0]&1)
}

// shapesOf lists every shape of a piece: 6 turns, (q,r) -> (-r,q+r), of
// each side, (q,r) -> (q+r,-r).
func shapesOf(walk string) map[string]bool {
	shapes := map[string]bool{}
	cells := hexCells(walk)
	for side := 0; side < 2; side++ {
		for turn := 0; turn < 6; turn++ {
			next := map[hex]bool{}
			for h := range cells {
				next[hex{-h.r, h.q + h.r}] = true
			}
			cells = next
			for parity := 0; parity < 2; parity++ { // the same shape from an even and an odd row
				moved := map[hex]bool{}
				for h := range cells {
					moved[hex{h.q, h.r + parity}] = true
				}
				shapes[shapeKey(moved)] = true
			}
		}
		flipped := map[hex]bool{}
		for h := range cells {
			flipped[hex{h.q + h.r, -h.r}] = true
		}
		cells = flipped
	}
	return shapes
}

func TestEverySolutionIsAValidTiling(t *testing.T) {
	s := newSearch()
	if !s.solvable(0, 0, s.list(0, 0)) {
		t.Fatal("the empty board has no solution")
	}
	var shapes [pieces]map[string]bool
	for p, walk := range walks {
		shapes[p] = shapesOf(walk)
	}
	seen := map[string]bool{}
	s.walk(0, 0, new(board), func(b *board) bool {
		sol := string(b[:cells])
		var turned []byte
		for i := cells - 1; i >= 0; i-- {
			turned = append(turned, sol[i])
		}
		for _, sol := range []string{sol, string(turned)} {
			if seen[sol] {
				t.Fatalf("solution found twice: %s", sol)
			}
			seen[sol] = true
			for d := byte('0'); d <= '9'; d++ {
				piece := map[hex]bool{}
				for i := range sol {
					if sol[i] == d {
						r, c := i/width, i%width
						piece[hex{c - (r-r&1)/2, r}] = true
					}
				}
				if len(piece) != pieceCells || !shapes[d-'0'][shapeKey(piece)] {
					t.Fatalf("piece %c's cells in %s are not one of its shapes", d, sol)
				}
			}
		}
		return true
	})
	if len(seen) != solutions {
		t.Fatalf("distinct solutions = %d, want %d", len(seen), solutions)
	}
}

// Every piece has 12 distinct shapes, 5 cells each; the placements in the
// top two rows cover all of them but the half-turn piece's rotations 3-5,
// which a half turn makes of its rotations 0-2.
func TestPlacementsCoverEveryShape(t *testing.T) {
	at := placements()
	for p, walk := range walks {
		want := shapesOf(walk)
		if len(hexCells(walk)) != pieceCells || len(want) != 24 { // 12 shapes, from an even and an odd row
			t.Fatalf("piece %d: %d cells, %d shapes by row parity", p, len(hexCells(walk)), len(want))
		}
		got := map[string]bool{}
		for f := range at {
			for _, m := range at[f] {
				if m>>cells&(1<<pieces-1) != 1<<p {
					continue
				}
				piece := map[hex]bool{}
				for c := m & cellMask; c != 0; c &= c - 1 {
					i := bits.TrailingZeros64(c)
					r, col := i/width, i%width
					piece[hex{col - (r-r&1)/2, r}] = true
				}
				key := shapeKey(piece)
				if !want[key] {
					t.Fatalf("piece %d: placement %#x is not one of its shapes", p, m)
				}
				got[key] = true
			}
		}
		wantShapes := 24
		if p == halfTurn {
			wantShapes = 12
		}
		if len(got) != wantShapes {
			t.Errorf("piece %d: %d shapes placed; want %d", p, len(got), wantShapes)
		}
	}
}

// grow must add exactly the hex neighbours, worked out from the axial
// coordinates.
func TestGrowIsTheHexNeighbours(t *testing.T) {
	for i := 0; i < cells; i++ {
		r, c := i/width, i%width
		at := hex{c - (r-r&1)/2, r}
		want := uint64(1) << i
		for _, d := range stepOf {
			n := hex{at.q + d.q, at.r + d.r}
			nr, nc := n.r, n.q+(n.r-n.r&1)/2
			if nr >= 0 && nr < height && nc >= 0 && nc < width {
				want |= 1 << (nr*width + nc)
			}
		}
		if got := grow(1<<i) & cellMask; got != want {
			t.Errorf("cell %d: grow = %#x, want %#x", i, got, want)
		}
	}
}

// unfillable judges walled-off cells region by region: a region must be a
// multiple of five cells.
func TestUnfillable(t *testing.T) {
	piece0 := uint64(0b1111 | 1<<(width+3)) // 0 0 0 0 / . . . 0, as drawn in the header
	line := uint64(0b11111) << (4 * width)  // five in a row: no piece is straight
	cases := []struct {
		name      string
		walledOff uint64
		want      bool
	}{
		{"a piece's shape", piece0, false},
		{"the same moved down two rows", piece0 << (2 * 2 * width), false},
		{"five in a row", line, false},
		{"a piece and five in a row", piece0<<(6*width) | line, false},
		{"two pieces' shapes", piece0 | piece0<<(6*width), false},
		{"ten cells in one region", line | line<<width, false},
		{"three and seven", 0b111 | (0b11111|0b11<<width)<<(5*width), true},
		{"four", 0b1111, true},
	}
	for _, c := range cases {
		if got := unfillable(c.walledOff); got != c.want {
			t.Errorf("%s (%#x): unfillable = %v, want %v", c.name, c.walledOff, got, c.want)
		}
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

func TestArguments(t *testing.T) {
	long := strings.Repeat("7", 100)
	cases := []struct {
		args       []string
		status     int
		stdoutHead string
		stderr     string
	}{
		{[]string{"1"}, 0, "1 solutions found\n\n", ""},
		{[]string{"2097"}, 0, "2097 solutions found\n\n", ""},
		{[]string{"5000"}, 0, "2098 solutions found\n\n", ""},
		{[]string{"-v", "1"}, 0, "1 solutions found\n\n", "nodes 89854\n"},
		{[]string{"-h"}, 0, "usage: meteor", ""},
		{[]string{"-help"}, 0, "usage: meteor", ""},
		{[]string{"--help"}, 0, "usage: meteor", ""},
		{[]string{"0"}, 2, "", "meteor: expected N, a positive integer, got \"0\"\n"},
		{[]string{"-3"}, 2, "", "meteor: expected N, a positive integer, got \"-3\"\n"},
		{[]string{"+5"}, 2, "", "meteor: expected N, a positive integer, got \"+5\"\n"},
		{[]string{"0005"}, 2, "", "meteor: expected N, a positive integer, got \"0005\"\n"},
		{[]string{""}, 2, "", "meteor: expected N, a positive integer, got \"\"\n"},
		{[]string{"abc"}, 2, "", "meteor: expected N, a positive integer, got \"abc\"\n"},
		{[]string{"99999999999999999999"}, 2, "", "meteor: N \"99999999999999999999\" is too large: expected at most 9223372036854775807\n"},
		{[]string{long}, 2, "", "meteor: N \"" + long[:32] + "\"... is too large: expected at most 9223372036854775807\n"},
		{[]string{"1", "2"}, 2, "", "meteor: expected at most one argument, N (a positive integer), got 2\n"},
		{[]string{"-v", "-v", "10"}, 2, "", "meteor: -v given twice: give it once\n"},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		status := run(c.args, &out, &errb)
		if status != c.status || !strings.HasPrefix(out.String(), c.stdoutHead) || errb.String() != c.stderr {
			t.Errorf("meteor %q: status %d, stdout %.40q, stderr %q", c.args, status, out.String(), errb.String())
		}
		if c.status != 0 && out.Len() != 0 {
			t.Errorf("meteor %q: a failed run wrote to stdout", c.args)
		}
	}
	var errb bytes.Buffer
	if status := run([]string{"1"}, failingWriter{}, &errb); status != 1 || errb.String() != "meteor: writing the answer: no space left on device\n" {
		t.Errorf("meteor 1 > /dev/full: status %d, stderr %q", status, errb.String())
	}
	errb.Reset()
	if status := run([]string{"-h"}, failingWriter{}, &errb); status != 1 || errb.String() != "meteor: writing the usage: no space left on device\n" {
		t.Errorf("-h on a full disk: status %d, stderr %q", status, errb.String())
	}
}

// FuzzArguments: any argument list ends in exit 0, or in exit 2 with
// nothing on stdout and one short line on stderr.
func FuzzArguments(f *testing.F) {
	for _, seed := range []string{"1", "-v\x002097", "-h", "x", "1\x002", "99999999999999999999", "+5", "\xff"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, joined string) {
		args := strings.Split(joined, "\x00")
		var out, errb bytes.Buffer
		switch status := run(args, &out, &errb); {
		case status == 0:
		case status == 2:
			if out.Len() != 0 || strings.Count(errb.String(), "\n") != 1 || errb.Len() > 200 {
				t.Fatalf("meteor %q: exit 2 with stdout %q, stderr %q", args, out.String(), errb.String())
			}
		default:
			t.Fatalf("meteor %q: exit %d", args, status)
		}
	})
}

// solvableByCalls is solvable with the child's list looked up by a call
// to list, where solvable holds a copy of it.
func (s *search) solvableByCalls(state uint64, shifted int, e uint32) (found bool) {
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
		childEntry := s.list(child, childShifted)
		if uint64(childEntry)<<cells&^child&pieceBits == 0 {
			continue
		}
		s.nodes++
		j, held := s.slot(childEntry&^(1<<pieces-1) | uint32(child>>cells))
		if s.keys[j] == 0 {
			s.keys[j] = held
			if s.solvableByCalls(child, childShifted, childEntry) {
				s.keys[j] |= live
				*s.liveSlot(child) = child
			}
		}
		found = found || s.keys[j] >= live
	}
}

// The copy of list in solvable's loop agrees with list on every state the
// search meets: a search through calls to list builds the same lists in
// the same slots, and the same memo. The arena, index, memo and live set
// hold room to spare, and no memo slot lies 63 or more past its home (the
// slot has six bits for it).
func TestSolvablesListCopyAgreesWithList(t *testing.T) {
	inline, calls := newSearch(), newSearch()
	inline.solvable(0, 0, inline.list(0, 0))
	calls.solvableByCalls(0, 0, calls.list(0, 0))
	if inline.nodes != calls.nodes || inline.arena != calls.arena || inline.index != calls.index || inline.keys != calls.keys || inline.lives != calls.lives {
		t.Errorf("solvable's copy of list and list differ: nodes %d and %d", inline.nodes, calls.nodes)
	}
	lists, states, lives, farthest := inline.tables()
	if inline.arenaUsed+len(inline.placements[0]) >= len(inline.arena) || len(inline.bucketArena) > cap(inline.bucketArena)*3/4 || lists >= len(inline.index)*3/4 ||
		states >= len(inline.keys)*3/4 || lives >= len(inline.lives)*3/4 || farthest >= 63 {
		t.Errorf("%d arena words, %d lists, %d states, %d live, a slot %d past its home: past the tables' room",
			inline.arenaUsed, lists, states, lives, farthest-1)
	}
}
