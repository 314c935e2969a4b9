package main

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// A block is cut as the table's rules say: its sides on the board's frame
// closed, the others open; the hints in it pinned where they fall in it,
// the pieces hinted elsewhere taken.
func TestCut(t *testing.T) {
	board := &puzzle{name: "b", width: 4, height: 3, pieces: make([][4]int, 12),
		hints: []hint{{0, 1, 0}, {6, 2, 1}, {11, 3, 2}}}
	b, err := board.cut("2x2+1+1", "-block")
	if err != nil {
		t.Fatal(err)
	}
	want := &puzzle{name: "b@2x2+1+1", width: 2, height: 2, pieces: board.pieces, hints: []hint{{1, 2, 1}}, of: board,
		block: "2x2+1+1", open: [4]bool{true, true, false, true}, taken: []int{1, 3}}
	if b.name != want.name || b.width != 2 || b.height != 2 || b.open != want.open ||
		!slices.Equal(b.hints, want.hints) || !slices.Equal(b.taken, want.taken) {
		t.Errorf("cut 2x2+1+1: %+v\nwant %+v", b, want)
	}
	if whole, _ := board.cut("", "-block"); whole != board {
		t.Error("an empty block is not the whole board")
	}
	for spec, msg := range map[string]string{
		"3x2+2+0": "within the 4x3 board", "0x2+0+0": "within", "2x2": "within", "2x2+1+-1": "within",
		"02x2+0+0": "within", "9223372036854775807x1+1+0": "within",
	} {
		if _, err := board.cut(spec, "-block"); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("cut %q: %v; want an error with %q", spec, err, msg)
		}
	}
}

// On random boards, every block searched is the reference's search of that
// block, node for node, in both modes, whole and in parts, and as a JSON
// board with its "block" key.
func TestBlocksAgreeWithReference(t *testing.T) {
	rng := rand.New(rand.NewSource(47))
	for i := 0; i < 40; i++ {
		W, H := 3+rng.Intn(3), 3+rng.Intn(3)
		board := randomPuzzle(rng, W, H, 3+rng.Intn(3), rng.Intn(4), i%3 == 0)
		w, h := 1+rng.Intn(W), 1+rng.Intn(H)
		spec := strconv.Itoa(w) + "x" + strconv.Itoa(h) + "+" + strconv.Itoa(rng.Intn(W-w+1)) + "+" + strconv.Itoa(rng.Intn(H-h+1))
		p, err := board.cut(spec, "-block")
		if err != nil {
			continue // every cell a hint
		}
		for _, all := range []bool{true, false} {
			want := reference(p, 0, all)
			for _, parts := range []int{1, 3} {
				if got := wholeRun(t, p, 0, all, parts); !bytes.Equal(got, want) {
					t.Fatalf("board %d block %s all %v in %d parts:\ngot\n%s\nwant\n%s", i, spec, all, parts, got, want)
				}
			}
		}
		raw, _ := json.Marshal(p.toJSON())
		again, err := readPuzzle("json", raw)
		if err == nil {
			again, err = again.cut(again.block, "-block")
		}
		if err != nil || again.fingerprint() != p.fingerprint() {
			t.Fatalf("board %d block %s through JSON: %v", i, spec, err)
		}
	}
}

// The counts the community's table anchors on, each the same on 1, 2 and 8
// cores, from the table engine and from the program specialised to the
// block, and in 7 parts merged.
func TestBlockCounts(t *testing.T) {
	defer func(n int) { runtime.GOMAXPROCS(n) }(runtime.GOMAXPROCS(0))
	for _, tt := range []struct {
		block, board string
		solutions    string
	}{
		{"2x2+0+0", "testdata/e2pieces.txt", "1312"},
		{"2x2+0+0", "testdata/official_centreclue.json", "1307"},
		{"2x2+7+7", "testdata/e2pieces.txt", "4059952"},
		{"3x3+0+0", "testdata/e2pieces.txt", "2633221"},
	} {
		var outputs []string
		for _, procs := range []int{1, 2, 8} {
			runtime.GOMAXPROCS(procs)
			var out, errb bytes.Buffer
			if run([]string{"-all", "-block", tt.block, tt.board}, nil, &out, &errb) != 0 {
				t.Fatalf("%s of %s: %s", tt.block, tt.board, errb.String())
			}
			outputs = append(outputs, out.String())
		}
		board, _ := readBoard([]string{tt.board}, nil, tt.block)
		bin := specialise(t, board)
		for _, procs := range []string{"1", "2", "8"} {
			outputs = append(outputs, string(runProgram(t, []string{"GOMAXPROCS=" + procs}, bin, "-all")))
		}
		var records bytes.Buffer
		for k := range 7 {
			var errb bytes.Buffer
			run([]string{"-all", "-parts", "7", "-part", strconv.Itoa(k), "-block", tt.block, tt.board}, nil, &records, &errb)
		}
		var merged, errb bytes.Buffer
		run([]string{"-merge"}, &records, &merged, &errb)
		outputs = append(outputs, merged.String())
		for _, out := range outputs {
			if out != outputs[0] || !strings.Contains(out, "\nsolutions "+tt.solutions+"\n") {
				t.Errorf("%s of %s: printed\n%s\nwant solutions %s, and the same on 1, 2 and 8 cores and in parts", tt.block, tt.board, out, tt.solutions)
			}
		}
	}
}

// The published table's cells that take seconds (with ETERNITY2_LONG=1,
// every one of them), computed by the recipe and set against the table
// (testdata/subgrid-reference.json).
func TestSubgridTable(t *testing.T) {
	if testing.Short() {
		t.Skip("searches blocks for seconds")
	}
	bin := buildSelf(t)
	want := map[string][]string{}
	data, _ := os.ReadFile("testdata/subgrid-reference.json")
	var table struct {
		Rows []struct {
			Key               string
			Vide, Fixe, Fixe4 *int64
			CN                []int64
		}
	}
	if err := json.Unmarshal(data, &table); err != nil {
		t.Fatal(err)
	}
	for _, r := range table.Rows {
		row := []string{}
		for _, v := range []*int64{r.Vide, r.Fixe, r.Fixe4} {
			if v == nil {
				row = append(row, "-")
			} else {
				row = append(row, strconv.FormatInt(*v, 10))
			}
		}
		for _, c := range r.CN {
			row = append(row, strconv.FormatInt(c, 10))
		}
		want[r.Key] = row
	}
	wd, _ := os.Getwd()
	rel, err := filepath.Rel(wd, bin) // a program named by a path from here, as the README's command does
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("testdata/subgrid.sh", rel)
	if os.Getenv("ETERNITY2_LONG") == "" {
		cmd.Env = append(os.Environ(), "SUBGRID_QUICK=1")
	}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("testdata/subgrid.sh %s: %v", rel, err)
	}
	rows := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	for _, line := range rows {
		f := strings.Fields(line)
		if w, ok := want[f[0]]; !ok || !slices.Equal(f[1:], w[:len(f)-1]) {
			t.Errorf("%s: computed %q, published %q", f[0], f[1:], w)
		}
	}
	if len(rows) < 10 {
		t.Errorf("only %d rows computed", len(rows))
	}
}

// A count that fails stops the table, naming the block, with no row cut
// short.
func TestSubgridStopsOnFailure(t *testing.T) {
	out, err := exec.Command("testdata/subgrid.sh", "false").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "subgrid.sh: block 2x2+0+0 of e2pieces.txt: false failed") || strings.Contains(string(out), "2x2-tl") {
		t.Errorf("subgrid.sh false: %v\n%s", err, out)
	}
}

// A block whose every cell is hinted is answered as a board of hints only
// is: one solution when the hints keep the rules, none when they break
// them (here a hint's grey edge facing the rest of the board).
func TestBlockOfHintsOnly(t *testing.T) {
	for _, tt := range []struct{ board, block, solutions string }{
		{"2 1\n0 1 0 0\n0 0 0 1\nhint 0 0 1\n", "1x1+0+0", "solutions 0\n"},
		{"2 1\n0 1 0 0\n0 0 0 1\nhint 0 0 0\nhint 1 1 0\n", "2x1+0+0", "solutions 1\n"},
		{"2 1\n0 1 0 0\n0 0 0 1\nhint 0 1 0\n", "1x1+0+0", "solutions 0\n"},
		{"3 3\n" + strings.Repeat("1 1 1 1\n", 9) + "hint 4 4 0\n", "1x1+1+1", "solutions 1\n"},
	} {
		var out, errb bytes.Buffer
		if code := run([]string{"-all", "-block", tt.block, "-"}, strings.NewReader(tt.board), &out, &errb); code != 0 || !strings.Contains(out.String(), "nodes 0\n"+tt.solutions) {
			t.Errorf("-all -block %s %s: exit %d, %s%s", tt.block, tt.board, code, out.String(), errb.String())
		}
	}
}
