package main

import (
	"bytes"
	"math/rand"
	"testing"
)

// A budget on any number of workers is the single core's search, node for
// node: the cut inside a unit, a budget past the end of the tree, the first
// solution before the budget, and -all.
func TestBudgetOnEveryCore(t *testing.T) {
	hard, _ := readPuzzle("hard", mustRead(t, "testdata/bench-hard.json"))
	clue3, _ := readPuzzle("clue3", mustRead(t, "testdata/clue3.json"))
	top10, _ := readPuzzle("top10", mustRead(t, "testdata/clue1-top10.json"))
	rng := rand.New(rand.NewSource(23))
	small := randomPuzzle(rng, 5, 4, 3, 1, true)
	small.name = "small"
	tests := []struct {
		p      *puzzle
		budget int64
		all    bool
	}{
		{hard, 2_000_000, false}, {hard, 65_536, true}, {hard, 1_234_567, true},
		{clue3, 3_000_000, false}, {clue3, 1_045_600, false}, {clue3, 1_045_599, false}, {clue3, 3_000_000, true},
		{top10, 5_000_000, true}, {small, 1 << 30, true}, {small, 1 << 30, false},
	}
	for _, tt := range tests {
		want := wholeRun(t, tt.p, tt.budget, tt.all, 1)
		e := mustEngine(t, tt.p)
		for _, workers := range []int{1, 2, 8} {
			f := searchBudget(e, tt.budget, tt.all, workers, nil)
			if got := e.output(f, tt.all && f.Nodes < tt.budget); !bytes.Equal(got, want) {
				t.Errorf("%s -nodes %d all %v on %d workers:\n%s\nwant\n%s", tt.p.name, tt.budget, tt.all, workers, got, want)
			}
		}
	}
}
