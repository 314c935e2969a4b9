package main

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"
)

func TestFastaDraws(t *testing.T) {
	// The generator in integer form: s = 42, s = (s*3877 + 29573) mod 139968.
	r := &fasta{s: 42}
	s := int64(42)
	for i := 0; i < 1000; i++ {
		s = (s*3877 + 29573) % 139968
		if got, want := r.rnd(2509), int(s*2509/139968); got != want {
			t.Fatalf("draw %d: %d, want %d", i, got, want)
		}
	}
}

func runAcrostic(t *testing.T, wordList string, args ...string) (string, string, int) {
	t.Helper()
	in, err := os.Open("testdata/" + wordList)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	var out, errb bytes.Buffer
	status := run(args, in, &out, &errb)
	return out.String(), errb.String(), status
}

func TestExamples(t *testing.T) {
	want, err := os.ReadFile("../expected/acrostic/words4-n10.out")
	if err != nil {
		t.Fatal(err)
	}
	if out, _, _ := runAcrostic(t, "words4.txt", "10"); out != string(want) {
		t.Errorf("acrostic 10 < words4.txt differs from the contest's example:\n%s", out)
	}
	if out, _, _ := runAcrostic(t, "words4.txt", "-puzzles", "testdata/eras.txt"); out != "eras ceeiklmorstw 1\nlick more stew\n" {
		t.Errorf("eras: %q", out)
	}
	if out, _, _ := runAcrostic(t, "words5-wordle.txt", "-puzzles", "testdata/older.txt"); out != "older aaaaaddeeeelmmnrrrvv 1\nlarva dream evade ramen\n" {
		t.Errorf("older: %q", out)
	}
}

// TestSolverAgainstBruteForce checks the solver on generated puzzles by
// trying every choice of words for rows 2..4, pruned only by a plain set of
// column prefixes.
func TestSolverAgainstBruteForce(t *testing.T) {
	data, _ := os.ReadFile("testdata/words4.txt")
	d, err := readDictionary(data)
	if err != nil {
		t.Fatal(err)
	}
	prefixes := map[string]bool{}
	for _, w := range d.words {
		for k := 1; k <= len(w); k++ {
			prefixes[w[:k]] = true
		}
	}
	columnsOK := func(rows ...string) bool {
		for i := 0; i < 4; i++ {
			var c []byte
			for _, r := range rows {
				c = append(c, r[i])
			}
			if !prefixes[string(c)] {
				return false
			}
		}
		return true
	}
	out, _, _ := runAcrostic(t, "words4.txt", "12")
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) != 3 {
			continue
		}
		p := puzzle{f[0], f[1]}
		var candidates []string
		for _, w := range d.words {
			if subMultiset(w, p.letters) {
				candidates = append(candidates, w)
			}
		}
		var want []string
		for _, a := range candidates {
			if !columnsOK(p.seed, a) {
				continue
			}
			for _, b := range candidates {
				if !columnsOK(p.seed, a, b) {
					continue
				}
				for _, c := range candidates {
					if sortedLetters(a+b+c) == p.letters && columnsOK(p.seed, a, b, c) {
						want = append(want, a+" "+b+" "+c)
					}
				}
			}
		}
		got, _, _ := solve(d, p, nil, nil)
		if wantOut := p.seed + " " + p.letters + " " + strconv.Itoa(len(want)) + "\n" + joinLines(want); string(got) != wantOut {
			t.Errorf("puzzle %s %s:\ngot\n%s\nwant\n%s", p.seed, p.letters, got, wantOut)
		}
	}
}

func subMultiset(w, pool string) bool {
	var n [26]int
	for i := range pool {
		n[pool[i]-'a']++
	}
	for i := range w {
		if n[w[i]-'a']--; n[w[i]-'a'] < 0 {
			return false
		}
	}
	return true
}

func sortedLetters(s string) string {
	var n [26]int
	for i := range s {
		n[s[i]-'a']++
	}
	var b []byte
	for l, k := range n {
		b = append(b, bytes.Repeat([]byte{byte('a' + l)}, k)...)
	}
	return string(b)
}

func joinLines(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}

// Node counts pin the solver's search on the contest's check workloads.
func TestNodeCounts(t *testing.T) {
	tests := []struct {
		words string
		args  []string
		nodes int64
	}{
		{"words4.txt", []string{"10"}, 951},
		{"words5-wordle.txt", []string{"-puzzles", "testdata/older.txt"}, 41},
	}
	for _, tt := range tests {
		data, _ := os.ReadFile("testdata/" + tt.words)
		_, nodes, _, err := program(tt.args, bytes.NewReader(data))
		if err != nil || nodes != tt.nodes {
			t.Errorf("%s %v: nodes %d (%v), want %d", tt.words, tt.args, nodes, err, tt.nodes)
		}
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		words  string
		args   []string
		stderr string
	}{
		{"words4.txt", []string{"0"}, `N: expected a positive number of puzzles, got "0"`},
		{"words4.txt", []string{"x"}, `N: expected a positive number of puzzles, got "x"`},
		{"words4.txt", []string{}, `expected N or -puzzles FILE, got ""`},
		{"words4.txt", []string{"-puzzles"}, `-puzzles: expected a FILE after it`},
		{"bad/mixed.txt", []string{"1"}, `word list (stdin) line 2: "acids" has 5 letters; expected 4 like line 1`},
		{"bad/unsorted.txt", []string{"1"}, `word list (stdin) line 2: "able" is not sorted`},
		{"bad/duplicate.txt", []string{"1"}, `word list (stdin) line 2: "able" repeats line 1`},
		{"bad/uppercase.txt", []string{"1"}, `word list (stdin) line 2: "Acid" has a character outside a-z`},
		{"bad/empty.txt", []string{"1"}, `word list (stdin): empty`},
		{"bad/no-newline.txt", []string{"1"}, `word list (stdin) line 2: missing the final newline`},
		{"bad/short.txt", []string{"1"}, `word list (stdin) line 1: "ab" has 2 letters`},
		{"words4.txt", []string{"-puzzles", "testdata/bad/puzzle-letters.txt"}, `line 1: letters "ceeiklmorst": expected 12 letters`},
		{"words4.txt", []string{"-puzzles", "testdata/bad/puzzle-seed.txt"}, `line 1: seed "erase": expected 4 letters`},
		{"words4.txt", []string{"-puzzles", "testdata/bad/puzzle-unknown.txt"}, `line 1: seed "zzzz" is not in the word list`},
		{"words4.txt", []string{"-puzzles", "testdata/bad/puzzle-fields.txt"}, `line 1: expected "seed letters", got "eras"`},
		{"words4.txt", []string{"-puzzles", "testdata/none.txt"}, `puzzle file: open testdata/none.txt`},
	}
	for _, tt := range tests {
		out, stderr, status := runAcrostic(t, tt.words, tt.args...)
		if status != 2 || out != "" || !strings.HasPrefix(stderr, "acrostic: ") || !strings.Contains(stderr, tt.stderr) ||
			strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s %v: status %d, stdout %q, stderr %q; want status 2, one line containing %q", tt.words, tt.args, status, out, stderr, tt.stderr)
		}
	}
}
