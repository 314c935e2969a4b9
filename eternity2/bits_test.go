package main

import (
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

// bitBoards are boards the bit walk searches, with pieces in several
// rotations in one pool (twins) and without, whole and as a block.
func bitBoards(t *testing.T) []*puzzle {
	var boards []*puzzle
	for _, name := range []string{"brendan/set1_06x06.txt", "brendan/set2_07x07.txt", "brendan/set1_07x07.txt", "clue3.json"} {
		p, err := readBoard([]string{"testdata/" + name}, nil, "")
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, p)
	}
	block, err := boards[0].cut("4x3+1+2", "-block")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(5))
	return append(boards, block, randomPuzzle(rng, 4, 4, 2, 0, true), randomPuzzle(rng, 5, 4, 3, 2, false))
}

// withoutBits is e searched by the candidate walk.
func withoutBits(e *engine) *engine {
	b := *e
	b.poolPieces = nil
	return &b
}

// The bit walk is the candidate walk, node for node: explored in slices
// of any size, a cursor stands at the same place after each (depth,
// position but at the end, placements, next positions, record, what it
// found), in both
// modes; and from any position a walk above a split leaves (in the middle
// of a pool, between a piece's rotations) the two go on alike.
func TestBitWalkAsCandidateWalk(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for _, p := range bitBoards(t) {
		e := mustEngine(t, p)
		if e.poolPieces == nil {
			t.Fatalf("%s: not searched by the bit walk", p.name)
		}
		for _, all := range []bool{false, true} {
			bits, cands := newCursor(e), newCursor(withoutBits(e))
			bits.i, cands.i = bits.poolAt(0), cands.poolAt(0)
			for slice := 0; slice < 300; slice++ {
				n := int64(1 + rng.Intn(1+rng.Intn(20000)))
				rb, rc := bits.explore(n, all), cands.explore(n, all)
				mb, mc := bits.mark(), cands.mark()
				if rb == exhausted { // a position past the end means nothing
					mb.Pos, mc.Pos = 0, 0
				}
				if rb != rc || !reflect.DeepEqual(mb, mc) {
					t.Fatalf("%s all %v slice %d: the bit walk stops (%v) at\n%+v\nthe candidate walk (%v) at\n%+v", p.name, all, slice, rb, mb, rc, mc)
				}
				if rb != paused {
					break
				}
			}
		}
		split := min(len(e.recs)/2, 12)
		w := newCursor(e)
		w.i = w.poolAt(0)
		for u := 0; u < 400 && w.walkAbove(split, func(d int) walkStep {
			if d == split {
				return stopHere
			}
			return descend
		}); u++ {
			w.d--
			w.unplace(w.d)
			w.i = w.a.next[w.d]
			m := w.mark()
			if got, want := searchFrom(e, m, 3000, false), searchFrom(withoutBits(e), m, 3000, false); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s from unit %d (depth %d, position %d): the bit walk finds\n%+v\nthe candidate walk\n%+v", p.name, u, m.Depth, m.Pos, got, want)
			}
		}
	}
}

// The Eternity II list's agreed answers on Brendan Owen's set 1 6x6
// (testdata/README.md): 69,284,103 nodes and 260 fillings, 65 up to
// rotation; with its first corner piece pinned, 14,518,615 nodes (the
// pinned placement one of them, as the list counts) and 65 solutions.
func TestAgreedAnswers(t *testing.T) {
	for _, tt := range []struct {
		pin       bool
		nodes     int64
		solutions string
	}{{false, 69_284_103, "260 (65 up to rotation)"}, {true, 14_518_615, "65"}} {
		p, err := readBoard([]string{"testdata/brendan/set1_06x06.txt"}, nil, "")
		if err == nil && tt.pin {
			err = p.pinCorner()
		}
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("nodes %d\nsolutions %s\n", tt.nodes, tt.solutions)
		if got := string(wholeRun(t, p, 0, true, 2)); !strings.Contains(got, want) {
			t.Errorf("pin %v: got\n%s\nwant\n%s", tt.pin, got, want)
		}
	}
}
