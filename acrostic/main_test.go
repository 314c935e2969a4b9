package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
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

// A chunk's state is jumped to: the jump of k draws must land where k
// draws do.
func TestFastaJump(t *testing.T) {
	for _, k := range []int64{0, 1, 2, 7, 64, 512} {
		r := &fasta{s: 42}
		for range k {
			r.rnd(1)
		}
		if got := jumpOf(k).apply(42); got != r.s {
			t.Errorf("jump of %d draws from 42: %d, want %d", k, got, r.s)
		}
	}
}

func loadDictionary(t testing.TB, name string) *dictionary {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := readDictionary(f)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// runAcrostic runs the program as the command line would, with workers
// goroutines (0: one a core).
func runAcrostic(t *testing.T, workers int, wordList string, args ...string) (string, string, int) {
	t.Helper()
	in, err := os.Open("testdata/" + wordList)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	var out, errb bytes.Buffer
	status := runMain(args, in, &out, &errb, workers)
	return out.String(), errb.String(), status
}

func TestExamples(t *testing.T) {
	want, err := os.ReadFile("../expected/acrostic/words4-n10.out")
	if err != nil {
		t.Fatal(err)
	}
	if out, _, _ := runAcrostic(t, 0, "words4.txt", "10"); out != string(want) {
		t.Errorf("acrostic 10 < words4.txt differs from the contest's example:\n%s", out)
	}
	if out, _, _ := runAcrostic(t, 0, "words4.txt", "-puzzles", "testdata/eras.txt"); out != "eras ceeiklmorstw 1\nlick more stew\n" {
		t.Errorf("eras: %q", out)
	}
	if out, _, _ := runAcrostic(t, 0, "words5-wordle.txt", "-puzzles", "testdata/older.txt"); out != "older aaaaaddeeeelmmnrrrvv 1\nlarva dream evade ramen\n" {
		t.Errorf("older: %q", out)
	}
}

// The trie against the word list: every word is in it and nothing else,
// every node's lanes hold exactly the letters of its words, on the full
// lists and on random subsets (the solver builds those for each puzzle).
func TestTrie(t *testing.T) {
	full := loadDictionary(t, "words5-wordle.txt")
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 20 {
		var flat []byte
		keep := 1.0
		if trial > 0 {
			keep = rng.Float64() * rng.Float64()
		}
		for w := range full.count {
			if rng.Float64() < keep {
				flat = append(flat, full.word(uint32(w))...)
			}
		}
		var d dictionary
		d.build(full.n, flat)
		words := map[string]bool{}
		for w := range d.count {
			words[string(d.word(uint32(w)))] = true
		}
		for w := range full.count {
			word := full.word(uint32(w))
			if got := d.contains(word); got != words[string(word)] {
				t.Fatalf("trial %d: contains(%s) = %v", trial, word, got)
			}
		}
		// Walk every node, gathering its words' letters at each position.
		var walk func(node uint32, depth int, prefix []byte)
		walk = func(node uint32, depth int, prefix []byte) {
			var want [maxLength]uint32
			for q := range maxLength {
				if q < depth || q >= d.n {
					want[q] = allLetters
				}
			}
			for word := range words {
				if strings.HasPrefix(word, string(prefix)) {
					for q := depth; q < d.n; q++ {
						want[q] |= 1 << (word[q] - 'a')
					}
				}
			}
			for q := range maxLength {
				if got := d.below[node].at(q); got != want[q] {
					t.Fatalf("trial %d: node %q: letters at %d %b, want %b", trial, prefix, q, got, want[q])
				}
			}
			if d.letters(node) != want[depth] && len(words) > 0 {
				t.Fatalf("trial %d: node %q: letters %b, want %b", trial, prefix, d.letters(node), want[depth])
			}
			for m := d.letters(node); m != 0; m &= m - 1 {
				l := bitIndex(m)
				child := d.child(node, l)
				next := append(slices.Clone(prefix), byte('a'+l))
				if depth == d.n-1 {
					if got := string(d.word(child)); got != string(next) {
						t.Fatalf("trial %d: leaf %q names word %q", trial, next, got)
					}
					continue
				}
				walk(child, depth+1, next)
			}
		}
		if len(words) > 0 {
			walk(0, 0, nil)
		}
	}
}

func bitIndex(m uint32) int {
	for l := 0; ; l++ {
		if m&(1<<l) != 0 {
			return l
		}
	}
}

// The generator's candidate list is every word whose letters the columns
// allow, in order.
func TestCandidates(t *testing.T) {
	d := loadDictionary(t, "words6-sowpods.txt")
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		var a rowLetters
		a.lanes = d.pastEnd
		for c := range d.n {
			a.at[c] = rng.Uint32() & rng.Uint32() & allLetters
			a.lanes.set(c, a.at[c])
		}
		var want []uint32
		for w := range d.count {
			ok := true
			for c, b := range d.word(uint32(w)) {
				ok = ok && a.at[c]&(1<<(b-'a')) != 0
			}
			if ok {
				want = append(want, uint32(w))
			}
		}
		if got := d.candidates(&a, nil); !slices.Equal(got, want) {
			t.Fatalf("trial %d: %d candidates, want %d", trial, len(got), len(want))
		}
		if got := d.rowsFitting(&a, nil); !slices.Equal(got, want) {
			t.Fatalf("trial %d: rowsFitting gives %d candidates, want %d", trial, len(got), len(want))
		}
		back := a.reversed(d.n)
		got := d.backwards.candidates(&back, nil)
		for i, w := range got {
			got[i] = d.fromBackwards[w]
		}
		if slices.Sort(got); !slices.Equal(got, want) {
			t.Fatalf("trial %d: %d candidates walked from the end, want %d", trial, len(got), len(want))
		}
	}
}

// TestSolverAgainstBruteForce checks the solver on generated puzzles by
// trying every choice of words for rows 2..4, pruned only by a plain set of
// column prefixes, with and without the tries cut to the pool.
func TestSolverAgainstBruteForce(t *testing.T) {
	d := loadDictionary(t, "words4.txt")
	prefixes := map[string]bool{}
	var all []string
	for w := range d.count {
		word := string(d.word(uint32(w)))
		all = append(all, word)
		for k := 1; k <= len(word); k++ {
			prefixes[word[:k]] = true
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
	out, _, _ := runAcrostic(t, 1, "words4.txt", "12")
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) != 3 {
			continue
		}
		p := puzzle{[]byte(f[0]), []byte(f[1])}
		var candidates []string
		for _, w := range all {
			if subMultiset(w, f[1]) {
				candidates = append(candidates, w)
			}
		}
		var want []string
		for _, a := range candidates {
			if !columnsOK(f[0], a) {
				continue
			}
			for _, b := range candidates {
				if !columnsOK(f[0], a, b) {
					continue
				}
				for _, c := range candidates {
					if sortedLetters(a+b+c) == f[1] && columnsOK(f[0], a, b, c) {
						want = append(want, a+" "+b+" "+c)
					}
				}
			}
		}
		wantOut := f[0] + " " + f[1] + " " + strconv.Itoa(len(want)) + "\n" + joinLines(want)
		for _, restrict := range []bool{false, true} {
			s := &solver{d: d, cutFrom: map[bool]int{true: 1, false: maxLength + 1}[restrict]}
			if got := s.solve(p, nil); string(got) != wantOut {
				t.Errorf("puzzle %s %s (tries cut to the pool: %v):\ngot\n%s\nwant\n%s", f[0], f[1], restrict, got, wantOut)
			}
		}
	}
}

// Cutting the tries to the pool changes the nodes, never the answers: the
// six-letter puzzles solved both ways.
func TestRestrictedTries(t *testing.T) {
	d := loadDictionary(t, "words6-sowpods.txt")
	out, _, status := runAcrostic(t, 0, "words6-sowpods.txt", "4")
	if status != 0 {
		t.Fatal(status)
	}
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) != 3 {
			continue
		}
		p := puzzle{[]byte(f[0]), []byte(f[1])}
		cut := &solver{d: d}
		whole := &solver{d: d, cutFrom: maxLength + 1}
		a, b := cut.solve(p, nil), whole.solve(p, nil)
		if !bytes.Equal(a, b) {
			t.Errorf("puzzle %s: with the cut tries\n%s\nwith the whole ones\n%s", f[0], a, b)
		}
		if cut.nodes >= whole.nodes {
			t.Errorf("puzzle %s: %d nodes with the cut tries, %d without", f[0], cut.nodes, whole.nodes)
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
	b := []byte(s)
	slices.Sort(b)
	return string(b)
}

func joinLines(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}

// Node counts pin the search: the solver's nodes always, the rows the
// generation places on one core (with more, the shared memo of dead starts
// makes them depend on timing, though never the output).
func TestNodeCounts(t *testing.T) {
	tests := []struct {
		words      string
		args       []string
		solver     int64
		generation int64
	}{
		{"words4.txt", []string{"10"}, 951, 485},
		{"words5-wordle.txt", []string{"-puzzles", "testdata/older.txt"}, 41, 0},
		{"words6-sowpods.txt", []string{"3"}, 43445, 63913},
		{"words7-sowpods.txt", []string{"-puzzles", "testdata/puzzles7.txt"}, 268401, 0},
	}
	for _, tt := range tests {
		_, stderr, status := runAcrostic(t, 1, tt.words, append([]string{"-v"}, tt.args...)...)
		var solver, generation int64
		fmt.Sscanf(stderr, "solver nodes %d\ngeneration rows %d\n", &solver, &generation)
		if status != 0 || solver != tt.solver || generation != tt.generation {
			t.Errorf("%s %v: status %d, solver nodes %d, generation rows %d; want 0, %d, %d", tt.words, tt.args, status, solver, generation, tt.solver, tt.generation)
		}
	}
}

// The output is the same bytes whatever the number of cores: the chunks
// come back in order, and a split search finds the square one core finds.
func TestSameOutputOnAnyCores(t *testing.T) {
	tests := []struct {
		words string
		args  []string
	}{
		{"words4.txt", []string{"3000"}},       // chunks of 46 and 9 puzzles
		{"words5-sowpods.txt", []string{"40"}}, // a chunk a puzzle
		{"words6-sowpods.txt", []string{"1"}},  // fewer puzzles than cores: split
		{"words7-sowpods.txt", []string{"1"}},  // seven letters: split
		{"words4.txt", []string{"-puzzles", "testdata/eras.txt"}},
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, tt := range tests {
		var first string
		for _, procs := range []int{1, 2, 8} {
			runtime.GOMAXPROCS(procs)
			out, stderr, status := runAcrostic(t, 0, tt.words, tt.args...)
			if status != 0 {
				t.Fatalf("%s %v on %d: status %d, %s", tt.words, tt.args, procs, status, stderr)
			}
			if procs == 1 {
				first = out
			} else if out != first {
				t.Errorf("%s %v: output on %d cores differs from one core's", tt.words, tt.args, procs)
			}
		}
	}
}

// failingWriter takes limit bytes, then fails.
type failingWriter struct{ limit int }

var errFull = errors.New("the reader went away")

func (w *failingWriter) Write(b []byte) (int, error) {
	if len(b) > w.limit {
		n := w.limit
		w.limit = 0
		return n, errFull
	}
	w.limit -= len(b)
	return len(b), nil
}

// A huge N streams: the output starts at once and the run stops when the
// output does, in memory that does not grow with N.
func TestHugeNStreams(t *testing.T) {
	want, _, _ := runAcrostic(t, 0, "words4.txt", "1000")
	for _, n := range []string{"1000000000000", "4611686018427387904", "9223372036854775807"} {
		in, err := os.Open("testdata/words4.txt")
		if err != nil {
			t.Fatal(err)
		}
		var errb bytes.Buffer
		w := &failingWriter{limit: 1 << 20}
		status := runMain([]string{n}, in, w, &errb, 0)
		in.Close()
		if status != 1 || !strings.Contains(errb.String(), errFull.Error()) || strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("N=%s: status %d, stderr %q; want 1 and one line naming the write error", n, status, errb.String())
		}
		if w.limit != 0 {
			t.Errorf("N=%s: stopped before the output did", n)
		}
	}
	// What was written is the start of every run's output: check it
	// against a short run's.
	var out bytes.Buffer
	in, _ := os.Open("testdata/words4.txt")
	defer in.Close()
	runMain([]string{"1000000000000"}, in, &limitedBuffer{&out, len(want)}, io.Discard, 0)
	if got := out.String(); got != want {
		t.Errorf("the first %d bytes of N=10^12 differ from N=1000's output", len(want))
	}
}

// limitedBuffer keeps the first limit bytes, then fails.
type limitedBuffer struct {
	buf   *bytes.Buffer
	limit int
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	room := b.limit - b.buf.Len()
	if len(p) > room {
		b.buf.Write(p[:room])
		return room, errFull
	}
	return b.buf.Write(p)
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"-help"}, {"--help"}, {"-v", "-h"}} {
		out, stderr, status := runAcrostic(t, 0, "words4.txt", args...)
		if status != 0 || !strings.HasPrefix(out, "usage: acrostic") || stderr != "" {
			t.Errorf("%v: status %d, stdout %q, stderr %q", args, status, out, stderr)
		}
	}
}

func TestBadInput(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	os.WriteFile(t.TempDir()+"/x", nil, 0o644)
	tests := []struct {
		words  string
		args   []string
		stderr string
	}{
		{"words4.txt", []string{"0"}, `N: expected a number of puzzles from 1 to 9223372036854775807, got "0"`},
		{"words4.txt", []string{"x"}, `N: expected a number of puzzles from 1 to 9223372036854775807, got "x"`},
		{"words4.txt", []string{"9223372036854775808"}, `got "9223372036854775808"`},
		{"words4.txt", []string{"-4611686018427387904"}, `got "-4611686018427387904"`},
		{"words4.txt", []string{long}, `got "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"...`},
		{"words4.txt", []string{}, `expected N or -puzzles FILE, got ""`},
		{"words4.txt", []string{"1", "2"}, `expected N or -puzzles FILE, got "1 2"`},
		{"words4.txt", []string{"-puzzles"}, `-puzzles: expected a FILE after it`},
		{"bad/mixed.txt", []string{"1"}, `word list (stdin) line 2: "acids" has 5 letters; expected 4 like line 1`},
		{"bad/unsorted.txt", []string{"1"}, `word list (stdin) line 2: "able" is not sorted`},
		{"bad/duplicate.txt", []string{"1"}, `word list (stdin) line 2: "able" repeats line 1`},
		{"bad/uppercase.txt", []string{"1"}, `word list (stdin) line 2: "Acid" has a character outside a-z`},
		{"bad/empty.txt", []string{"1"}, `word list (stdin): empty`},
		{"bad/no-newline.txt", []string{"1"}, `word list (stdin) line 2: missing the final newline`},
		{"bad/short.txt", []string{"1"}, `word list (stdin) line 1: "ab" has 2 letters; expected words of 3 to 8 letters`},
		{"bad/long-line.txt", []string{"1"}, `word list (stdin) line 2: "abcdefghijabcdefghijabcdefghijabcdefghij"... has more than 65536 letters; expected 4 like line 1`},
		{"bad/no-square.txt", []string{"1"}, `no word square can be made from these words`},
		{"bad/no-square.txt", []string{"9"}, `no word square can be made from these words`},
		{"words4.txt", []string{"-puzzles", "testdata/bad/puzzle-letters.txt"}, `line 1: letters "ceeiklmorst": expected 12 letters`},
		{"words4.txt", []string{"-puzzles", "testdata/bad/puzzle-seed.txt"}, `line 1: seed "erase": expected 4 letters`},
		{"words4.txt", []string{"-puzzles", "testdata/bad/puzzle-unknown.txt"}, `line 1: seed "zzzz" is not in the word list`},
		{"words4.txt", []string{"-puzzles", "testdata/bad/puzzle-fields.txt"}, `line 1: expected "seed letters", got "eras"`},
		{"words4.txt", []string{"-puzzles", "testdata/bad/puzzle-long.txt"}, `line 2: expected "seed letters", got "eras ceeiklmorstw eras ceeiklmorstw eras"...`},
		{"words4.txt", []string{"-puzzles", "testdata/none.txt"}, `puzzle file: open testdata/none.txt`},
	}
	for _, tt := range tests {
		out, stderr, status := runAcrostic(t, 0, tt.words, tt.args...)
		if status != 2 || out != "" || !strings.HasPrefix(stderr, "acrostic: ") || !strings.Contains(stderr, tt.stderr) ||
			strings.Count(stderr, "\n") != 1 || len(stderr) > 300 {
			t.Errorf("%s %.40v: status %d, stdout %q, stderr %.300q; want status 2, one short line containing %q", tt.words, tt.args, status, out, stderr, tt.stderr)
		}
	}
}

// FuzzWordList: any input is a word list or one clean error, and a list
// that is accepted is sorted, distinct and of one length, and its trie
// holds its words.
func FuzzWordList(f *testing.F) {
	for _, seed := range []string{"able\nacid\n", "abc\n", "ab\n", "able\nable\n", "acid\nable\n", "able\nacids\n", "Able\n", "able", "", "\n",
		"abcdefgh\nabcdefgi\n", "abcdefghi\n", "able\r\nacid\r\n", "able\n\nacid\n"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := readDictionary(bytes.NewReader(data))
		if err != nil {
			var bad *inputError
			if !errors.As(err, &bad) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q: want one line of bad input", err)
			}
			return
		}
		if d.n < minLength || d.n > maxLength || d.count*d.n != len(data)-d.count {
			t.Fatalf("accepted %q as %d words of %d letters", data, d.count, d.n)
		}
		for w := range d.count {
			if w > 0 && bytes.Compare(d.word(uint32(w-1)), d.word(uint32(w))) >= 0 {
				t.Fatalf("accepted %q: words %d and %d out of order", data, w-1, w)
			}
			if !d.contains(d.word(uint32(w))) {
				t.Fatalf("accepted %q: the trie lacks word %d", data, w)
			}
		}
	})
}

// FuzzPuzzles: any puzzle file is puzzles or one clean error, and the
// puzzles accepted solve without trouble.
func FuzzPuzzles(f *testing.F) {
	for _, seed := range []string{"eras ceeiklmorstw\n", "eras ceeiklmorstw", "eras\n", "erase ceeiklmorstw\n", "zzzz ceeiklmorstw\n",
		"eras ceeiklmorst\n", "", "\n\n", "eras  ceeiklmorstw \n", "eras ceeiklmorstW\n", "eras ceeiklmorstw\neras ceeiklmorstw\n"} {
		f.Add([]byte(seed))
	}
	d := loadDictionary(f, "words4.txt")
	f.Fuzz(func(t *testing.T, data []byte) {
		puzzles, err := readPuzzles("fuzz", slices.Clone(data), d)
		if err != nil {
			var bad *inputError
			if !errors.As(err, &bad) || strings.Contains(err.Error(), "\n") || len(err.Error()) > 300 {
				t.Fatalf("error %q: want one short line of bad input", err)
			}
			return
		}
		s := &solver{d: d}
		for _, p := range puzzles {
			out := s.solve(p, nil)
			if !bytes.HasPrefix(out, append(append(slices.Clone(p.seed), ' '), p.letters...)) {
				t.Fatalf("puzzle %s %s: answer %q", p.seed, p.letters, out)
			}
		}
	})
}
