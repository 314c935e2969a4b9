package main

import (
	"bytes"
	"math/bits"
	"os"
	"strings"
	"testing"
)

// The node count pins the search: an optimisation that changes it has
// changed what is searched, and must say so.
const (
	wantNodes      = 89051
	wantMemoState  = 70578
	wantLiveStates = 3027
)

func TestFullOutputMatchesBenchmarksGame(t *testing.T) {
	want, err := os.ReadFile("../expected/meteor/2098.out")
	if err != nil {
		t.Fatal(err)
	}
	got, s := solve(totalSolutions)
	if !bytes.Equal(got, want) {
		t.Fatalf("output differs from expected/meteor/2098.out:\n%s", got)
	}
	if s.nodes != wantNodes {
		t.Errorf("nodes = %d, want %d", s.nodes, wantNodes)
	}
	if s.memo.used != wantMemoState {
		t.Errorf("memo states = %d, want %d", s.memo.used, wantMemoState)
	}
	// The states with completions are the ones whose live edges the count
	// recorded: each has a header holding its number of completions, and
	// its edges lead to states with completions or to complete boards.
	live := 0
	for slot, field := range s.memo.counts {
		if field >= 0 {
			continue
		}
		live++
		header := -int(field)
		if n := liveEdges[header].childSlot; n <= 0 {
			t.Fatalf("slot %d: header %d holds %d completions", slot, header, n)
		}
		for e := header + 1; liveEdges[e].candidate != 0; e++ {
			if c := liveEdges[e].childSlot; c != completeBoard && s.memo.counts[c] >= 0 {
				t.Fatalf("slot %d: live edge %d leads to slot %d, which has no completion", slot, e, c)
			}
		}
	}
	if live != wantLiveStates {
		t.Errorf("states with completions = %d, want %d", live, wantLiveStates)
	}
}

// pending holds the live edges of the states on the count's path: at most
// every candidate of every list on it.
func TestPendingEdgesFit(t *testing.T) {
	if pendingMask+1 < (pieceCount+1)*maxPlacements {
		t.Errorf("pending has %d slots, the path may need %d", pendingMask+1, (pieceCount+1)*maxPlacements)
	}
}

func TestEverySolutionIsAValidTiling(t *testing.T) {
	buildTables()
	// Each piece's shapes, up to translation.
	var shapesOf [pieceCount]map[uint64]bool
	for p, walk := range pieceWalks {
		shapesOf[p] = map[uint64]bool{}
		for _, o := range orientations(walkCells(walk)) {
			shapesOf[p][shapeKey(o.cells)] = true
		}
	}
	s := &search{memo: newMemo()}
	if n := s.count(); n != totalSolutions/2 {
		t.Fatalf("count = %d, want %d (one of each half-turn pair)", n, totalSolutions/2)
	}
	seen := map[string]bool{}
	s.solutions(func(board *[boardCells]byte) bool {
		turned := halfTurn(board)
		for _, sol := range []string{string(board[:]), string(turned[:])} {
			if seen[sol] {
				t.Fatalf("solution found twice: %s", sol)
			}
			seen[sol] = true
			for d := byte('0'); d <= '9'; d++ {
				var cells []hex
				for i := range sol {
					if sol[i] == d {
						r, c := i/boardWidth, i%boardWidth
						cells = append(cells, hex{c - (r-r&1)/2, r})
					}
				}
				if len(cells) != pieceCells {
					t.Fatalf("piece %c covers %d cells in %s", d, len(cells), sol)
				}
				if !shapesOf[d-'0'][shapeKey(cells)] {
					t.Fatalf("piece %c's cells in %s are not one of its shapes", d, sol)
				}
			}
		}
		return true
	})
	if len(seen) != totalSolutions {
		t.Fatalf("distinct solutions = %d, want %d", len(seen), totalSolutions)
	}
}

// Every piece has no symmetry at all, so 12 distinct shapes (6 turns, 2
// sides); the half turn piece keeps 6 of them, one of each pair.
func TestEveryPieceHasTwelveOrientations(t *testing.T) {
	for p, walk := range pieceWalks {
		cells := walkCells(walk)
		if len(cells) != pieceCells {
			t.Errorf("piece %d: walk visits %d cells, want %d", p, len(cells), pieceCells)
		}
		shapes := orientations(cells)
		half := 0
		for _, o := range shapes {
			if o.inHalf {
				half++
			}
		}
		if len(shapes) != 12 || half != 6 {
			t.Errorf("piece %d: %d orientations, %d in the half kept, want 12 and 6", p, len(shapes), half)
		}
	}
}

func TestLimitAndArguments(t *testing.T) {
	cases := []struct {
		args       []string
		status     int
		stdoutHead string
		stderr     string
	}{
		{[]string{"1"}, 0, "1 solutions found\n\n", ""},
		{[]string{"2097"}, 0, "2097 solutions found\n\n", ""},
		{[]string{"5000"}, 0, "2098 solutions found\n\n", ""},
		{[]string{"0"}, 2, "", "meteor: expected N, a positive integer, got \"0\"\n"},
		{[]string{"-3"}, 2, "", "meteor: expected N, a positive integer, got \"-3\"\n"},
		{[]string{"abc"}, 2, "", "meteor: expected N, a positive integer, got \"abc\"\n"},
		{[]string{"1", "2"}, 2, "", "meteor: expected at most one argument, N (a positive integer), got 2\n"},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		status := run(c.args, &out, &errb)
		if status != c.status || !strings.HasPrefix(out.String(), c.stdoutHead) || errb.String() != c.stderr {
			t.Errorf("meteor %v: status %d, stdout %q, stderr %q", c.args, status, out.String(), errb.String())
		}
		if c.status != 0 && out.Len() != 0 {
			t.Errorf("meteor %v: failed run wrote to stdout", c.args)
		}
	}
}

// grow must add exactly the hex neighbours (and neighbours give just them),
// worked out here from the axial coordinates the piece walks use.
func TestGrowAndNeighboursAreTheHexNeighbours(t *testing.T) {
	for i := 0; i < boardCells; i++ {
		r, c := i/boardWidth, i%boardWidth
		at := hex{c - (r-r&1)/2, r}
		want := uint64(1) << i
		for _, d := range directions {
			n := hex{at.q + d.q, at.r + d.r}
			nr, nc := n.r, n.q+(n.r-n.r&1)/2
			if nr >= 0 && nr < boardHeight && nc >= 0 && nc < boardWidth {
				want |= 1 << (nr*boardWidth + nc)
			}
		}
		if got := grow(1<<i) & cellMask; got != want {
			t.Errorf("cell %d: grow = %#x, want %#x", i, got, want)
		}
		if got := neighbours(1<<i) & cellMask; got != want&^(1<<i) {
			t.Errorf("cell %d: neighbours = %#x, want %#x", i, got, want&^(1<<i))
		}
	}
}

// isBadEnclosure judges walled-off cells region by region: a region must
// be a multiple of five cells, and one of five must be a piece's shape.
func TestIsBadEnclosure(t *testing.T) {
	buildTables()
	piece0 := placeRow(orientations(walkCells(pieceWalks[0]))[0].cells, 0)[0] // in the top rows, column 0
	if bits.OnesCount64(piece0) != pieceCells {
		t.Fatalf("piece 0 placed: %#x", piece0)
	}
	line := uint64(0b11111) << (4 * boardWidth) // five in a row: no piece is straight
	cases := []struct {
		name     string
		enclosed uint64
		want     bool
	}{
		{"a piece's shape", piece0, false},
		{"the same moved down two rows", piece0 << (2 * 2 * boardWidth), false},
		{"five in a row", line, true},
		{"a piece and five in a row", piece0<<(6*boardWidth) | line, true},
		{"two pieces' shapes", piece0 | piece0<<(6*boardWidth), false},
		{"ten cells in one region", line | line<<boardWidth, false},
		{"three and seven", 0b111 | (0b11111|0b11<<boardWidth)<<(5*boardWidth), true},
	}
	for _, c := range cases {
		if got := isBadEnclosure(c.enclosed); got != c.want {
			t.Errorf("%s (%#x): isBadEnclosure = %v, want %v", c.name, c.enclosed, got, c.want)
		}
	}
}
