package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The first draws of the fasta generator from s = 42, for a list of 2509
// words, worked out by hand from the contest's formula: s = (s*3877 +
// 29573) mod 139968, then s*2509/139968.
func TestFastaDraws(t *testing.T) {
	r := &fasta{s: 42}
	for i, want := range []int{939, 1829, 1596, 1990, 1351, 372, 1452, 793} {
		if got := r.rnd(2509); got != want {
			t.Fatalf("draw %d: %d, want %d", i, got, want)
		}
	}
}

// A worker that starts at puzzle t draws the offsets of the puzzles before
// it first: puzzle t is the same whichever puzzle a worker did last.
func TestGenerateJumps(t *testing.T) {
	d := loadDictionary(t, "words4.txt")
	inOrder, jumping := <-newTeam(d, 1, io.Discard).idle, <-newTeam(d, 1, io.Discard).idle
	var want []string
	for p := range int64(12) {
		want = append(want, generate(&inOrder.gen, p))
	}
	for _, p := range []int64{3, 4, 9, 11} {
		if got := generate(&jumping.gen, p); got != want[p] {
			t.Errorf("puzzle %d after a jump: %s, want %s", p, got, want[p])
		}
	}
}

// generate is puzzle t as g generates it on its own, "seed letters".
func generate(g *generator, t int64) string {
	sp := &splitSearch{}
	sp.start(false)
	g.generate(t, sp)
	p := g.puzzle(&sp.square)
	return string(p.seed) + " " + string(p.letters)
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

// runAcrostic runs the program as the command line would.
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
	// The bench cases' puzzles: the first square in the contest's order on
	// every bench word list, thousands of times.
	for _, c := range []struct{ words, n, expected string }{
		{"words4.txt", "20000", "words4-n20000"}, {"words5-wordle.txt", "5000", "wordle-n5000"},
		{"words5-sowpods.txt", "1000", "sowpods5-n1000"}, {"words6-sowpods.txt", "100", "sowpods6-n100"},
		{"words7-sowpods.txt", "3", "puzzles7"},
	} {
		want, err := os.ReadFile("../expected/acrostic/" + c.expected + ".out")
		if err != nil {
			t.Fatal(err)
		}
		if out, _, _ := runAcrostic(t, c.words, c.n); out != string(want) {
			t.Errorf("acrostic %s < %s differs from expected/acrostic/%s.out", c.n, c.words, c.expected)
		}
	}
	if out, _, _ := runAcrostic(t, "words4.txt", "-puzzles", "testdata/eras.txt"); out != "eras ceeiklmorstw 1\nlick more stew\n" {
		t.Errorf("eras: %q", out)
	}
	if out, _, _ := runAcrostic(t, "words5-wordle.txt", "-puzzles", "testdata/older.txt"); out != "older aaaaaddeeeelmmnrrrvv 1\nlarva dream evade ramen\n" {
		t.Errorf("older: %q", out)
	}
}

// letterAt is the letter set of lanes l at position q.
func letterAt(l *lanes, q int) uint32 { return uint32(l[q/2]>>(q%2*laneBits)) & allLetters }

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
			if i, got := d.find(word); got != words[string(word)] || got && string(d.word(i)) != string(word) {
				t.Fatalf("trial %d: find(%s) = %d, %v", trial, word, i, got)
			}
		}
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
				if got := letterAt(&d.nodes[node].below, q); got != want[q] {
					t.Fatalf("trial %d: node %q: letters at %d %b, want %b", trial, prefix, q, got, want[q])
				}
			}
			if d.letters(node) != want[depth] {
				t.Fatalf("trial %d: node %q: letters %b, want %b", trial, prefix, d.letters(node), want[depth])
			}
			for l := byte('a'); l <= 'z'; l++ {
				if d.letters(node)&(1<<(l-'a')) == 0 {
					continue
				}
				child, next := childOf(d.nodes[node].link, l), append(slices.Clone(prefix), l)
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

// The candidate list is every word whose letters the columns allow, in
// order, walked from either end.
func TestCandidates(t *testing.T) {
	d := loadDictionary(t, "words6-sowpods.txt")
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		var a rowLetters
		for c := range maxLength {
			a.at[c] = allLetters
			if c < d.n {
				a.at[c] = rng.Uint32() & rng.Uint32() & allLetters
			}
		}
		a.pack()
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
		if got := d.rowsFitting(&a, nil, inOrder); !slices.Equal(got, want) {
			t.Fatalf("trial %d: rowsFitting gives %d candidates, want %d", trial, len(got), len(want))
		}
		back := a
		for q := range d.n {
			back.at[q] = a.at[d.n-1-q]
		}
		back.pack()
		got := d.backwards.candidates(&back, nil)
		for i, w := range got {
			got[i] = d.fromBackwards[w]
		}
		if slices.Sort(got); !slices.Equal(got, want) {
			t.Fatalf("trial %d: %d candidates walked from the end, want %d", trial, len(got), len(want))
		}
	}
}

// bruteSquares lists every square of the words (rows 2..n below seed, or
// whole squares when seed is ""), pruned only by a plain set of column
// prefixes, and pool (when not "") holding exactly the letters of rows
// 2..n.
func bruteSquares(words []string, seed, pool string) []string {
	prefixes := map[string]bool{}
	for _, w := range words {
		for k := 1; k <= len(w); k++ {
			prefixes[w[:k]] = true
		}
	}
	n := len(words[0])
	var out []string
	var rows []string
	var place func()
	place = func() {
		if len(rows) == n {
			if pool == "" || sortedLetters(strings.Join(rows[1:], "")) == pool {
				out = append(out, strings.Join(rows[min(len(seed), 1):], " "))
			}
			return
		}
		for _, w := range words {
			if len(rows) == 0 && seed != "" && w != seed || len(rows) > 0 && pool != "" && !subMultiset(w, pool) {
				continue
			}
			ok := true
			for c := range n {
				col := []byte{}
				for _, r := range rows {
					col = append(col, r[c])
				}
				ok = ok && prefixes[string(append(col, w[c]))]
			}
			if ok {
				rows = append(rows, w)
				place()
				rows = rows[:len(rows)-1]
			}
		}
	}
	place()
	return out
}

func sortedLetters(s string) string {
	b := []byte(s)
	slices.Sort(b)
	return string(b)
}

func wordsOf(d *dictionary) (words []string) {
	for w := range d.count {
		words = append(words, string(d.word(uint32(w))))
	}
	return words
}

// The solver against the brute force, on the first puzzles words4
// generates.
func TestSolverAgainstBruteForce(t *testing.T) {
	d := loadDictionary(t, "words4.txt")
	out, _, _ := runAcrostic(t, "words4.txt", "12")
	lines := strings.Split(out, "\n")
	for i := 0; i < len(lines)-1; {
		f := strings.Fields(lines[i])
		count, _ := strconv.Atoi(f[2])
		want := bruteSquares(wordsOf(d), f[0], f[1])
		if got := lines[i+1 : i+1+count]; !slices.Equal(got, want) {
			t.Errorf("puzzle %s %s: %d solutions, the brute force finds %d", f[0], f[1], len(got), len(want))
		}
		i += 1 + count
	}
}

// From 6 letters the solver searches tries of the words the pool can
// spell: they hold exactly those words, and give the answers the whole
// tries give, in fewer nodes.
func TestOwnTries(t *testing.T) {
	d := loadDictionary(t, "words6-sowpods.txt")
	out, _, _ := runAcrostic(t, "words6-sowpods.txt", "4")
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) != 3 {
			continue
		}
		pool := func() *solver {
			s := &solver{d: d, rows: d, cols: d, lines: &block{}}
			for _, b := range f[1] {
				s.pool[b-'a']++
				s.avail |= 1 << (b - 'a')
			}
			return s
		}
		own, whole := pool(), pool()
		own.restrict([]byte(f[0]))
		own.below([]byte(f[0]))
		whole.below([]byte(f[0]))
		if !bytes.Equal(own.lines.lines, whole.lines.lines) || own.nodes >= whole.nodes {
			t.Errorf("puzzle %s: %d solutions in %d nodes with own tries, %d in %d without", f[0], own.lines.count, own.nodes, whole.lines.count, whole.nodes)
		}
		var rows, cols []string
		for _, w := range wordsOf(d) {
			if subMultiset(w, f[1]) {
				rows = append(rows, w)
			}
			if strings.IndexByte(f[0], w[0]) >= 0 && subMultiset(w[1:], f[1]) {
				cols = append(cols, w)
			}
		}
		if !slices.Equal(wordsOf(own.rows), rows) || !slices.Equal(wordsOf(own.cols), cols) {
			t.Errorf("puzzle %s: own tries of %d and %d words, want %d and %d", f[0], own.rows.count, own.cols.count, len(rows), len(cols))
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

// -squares and "seed *" against the brute force on a small list.
func TestSquaresAgainstBruteForce(t *testing.T) {
	d := loadDictionary(t, "words4.txt")
	words := wordsOf(d)[:600]
	list := t.TempDir() + "/words.txt"
	os.WriteFile(list, []byte(strings.Join(words, "\n")+"\n"), 0o644)
	in, _ := os.Open(list)
	var out, errb bytes.Buffer
	if status := run([]string{"-squares"}, in, &out, &errb); status != 0 {
		t.Fatalf("-squares: status %d, %s", status, errb.String())
	}
	in.Close()
	want := bruteSquares(words, "", "")
	if got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n"); !slices.Equal(got, want) || len(want) < 100 {
		t.Fatalf("-squares: %d squares, the brute force finds %d", len(got), len(want))
	}
	puzzles := t.TempDir() + "/seeds.txt"
	seeds := []string{words[0], words[150], words[0]}
	os.WriteFile(puzzles, []byte(strings.Join(seeds, " *\n")+" *\n"), 0o644)
	in, _ = os.Open(list)
	out.Reset()
	run([]string{"-puzzles", puzzles}, in, &out, &errb)
	in.Close()
	var wantOut string
	for _, seed := range seeds {
		lines := bruteSquares(words, seed, "")
		wantOut += fmt.Sprintf("%s * %d\n", seed, len(lines))
		for _, l := range lines {
			wantOut += l + "\n"
		}
	}
	if out.String() != wantOut {
		t.Errorf("seed * blocks:\n%s\nwant\n%s", out.String(), wantOut)
	}
}

// Node counts pin the searches: the solver's nodes always, and the rows
// the row searches place on one core (with more, the shared memo of dead
// starts makes generation's depend on timing, never the output).
func TestNodeCounts(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	tests := []struct {
		words        string
		args         []string
		solver, rows int64
	}{
		{"words4.txt", []string{"10"}, 951, 549},
		{"words5-wordle.txt", []string{"-puzzles", "testdata/older.txt"}, 41, 0},
		{"words6-sowpods.txt", []string{"3"}, 43445, 71386},
		{"words7-sowpods.txt", []string{"-puzzles", "testdata/puzzles7.txt"}, 268401, 0},
		{"words5-wordle.txt", []string{"-puzzles", "testdata/seeds5.txt"}, 0, 3436},
		{"words5-wordle.txt", []string{"-squares"}, 0, 1367902},
	}
	for _, tt := range tests {
		_, stderr, status := runAcrostic(t, tt.words, append([]string{"-v"}, tt.args...)...)
		var solver, rows int64
		fmt.Sscanf(stderr, "solver nodes %d\nrows placed %d\n", &solver, &rows)
		if status != 0 || solver != tt.solver || rows != tt.rows {
			t.Errorf("%s %v: status %d, solver nodes %d, rows placed %d; want 0, %d, %d", tt.words, tt.args, status, solver, rows, tt.solver, tt.rows)
		}
	}
}

// The output is the same bytes whatever the number of cores: the chunks
// come back in order.
func TestSameOutputOnAnyCores(t *testing.T) {
	tests := []struct {
		words string
		args  []string
	}{
		{"words4.txt", []string{"3000"}},       // chunks of 46 and 9 puzzles
		{"words5-sowpods.txt", []string{"40"}}, // a chunk a puzzle
		{"words6-sowpods.txt", []string{"1"}},  // fewer puzzles than cores
		{"words4.txt", []string{"-puzzles", "testdata/eras.txt"}},
		{"words5-wordle.txt", []string{"-squares"}},
		{"words5-wordle.txt", []string{"-puzzles", "testdata/seeds5.txt"}},
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, tt := range tests {
		var first string
		for _, procs := range []int{1, 2, 8} {
			runtime.GOMAXPROCS(procs)
			out, stderr, status := runAcrostic(t, tt.words, tt.args...)
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

// Every square of words4 (4,508,089 lines, 90 MB) goes out in parts, in
// order on any number of cores, and on two the heap stays far below the
// output (16-18 MiB in use, also on a busy machine; without parts 38).
func TestSquaresStreamInParts(t *testing.T) {
	if testing.Short() {
		t.Skip("90 MB of output, three times")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, procs := range []int{2, 1, 8} { // two first: the heap only grows
		runtime.GOMAXPROCS(procs)
		in, err := os.Open("testdata/words4.txt")
		if err != nil {
			t.Fatal(err)
		}
		sum := &heapWatch{Writer: sha256.New()}
		runtime.GC()
		status := run([]string{"-squares"}, in, sum, io.Discard)
		in.Close()
		if got := hex.EncodeToString(sum.Writer.(hash.Hash).Sum(nil)); status != 0 || got != "ce0dcc6c1b1f4a323bc1c6eb19514943641f5e69464cf94af299cc16acd5ee83" {
			t.Errorf("-squares on %d cores: status %d, SHA-256 %s (harness/cases.txt has the expected one)", procs, status, got)
		}
		t.Logf("%d cores: heap in use at most %d MiB", procs, sum.peak>>20)
		if procs == 2 && sum.peak > 28<<20 {
			t.Errorf("-squares on 2 cores had %d MiB of heap in use for 90 MB of output", sum.peak>>20)
		}
	}
}

// heapWatch notes the heap in use at each write: the heap's current size,
// unlike HeapSys, which keeps the high-water mark of earlier tests.
type heapWatch struct {
	io.Writer
	peak uint64
}

func (w *heapWatch) Write(b []byte) (int, error) {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	w.peak = max(w.peak, m.HeapInuse)
	return w.Writer.Write(b)
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

// A huge N streams: the output starts at once, is the start of every run's
// output, and the run stops when the output does.
func TestHugeNStreams(t *testing.T) {
	want, _, _ := runAcrostic(t, "words4.txt", "1000")
	for _, n := range []string{"1000000000000", "4611686018427387904", "9223372036854775807"} {
		in, err := os.Open("testdata/words4.txt")
		if err != nil {
			t.Fatal(err)
		}
		var errb bytes.Buffer
		w := &failingWriter{limit: len(want)}
		status := run([]string{n}, in, w, &errb)
		in.Close()
		if status != 1 || !strings.Contains(errb.String(), errFull.Error()) || strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("N=%s: status %d, stderr %q; want 1 and one line naming the write error", n, status, errb.String())
		}
		if w.limit != 0 {
			t.Errorf("N=%s: stopped before the output did", n)
		}
	}
}

// Memory does not grow with N: the heap a run of 200,000 puzzles takes
// from the system is within a few MiB of what 10,000 took.
func TestMemoryFlatInN(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	heap := func(n string) uint64 {
		in, _ := os.Open("testdata/words4.txt")
		defer in.Close()
		runtime.GC()
		if status := run([]string{n}, in, io.Discard, io.Discard); status != 0 {
			t.Fatalf("N=%s: status %d", n, status)
		}
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapSys
	}
	small := heap("10000")
	if large := heap("200000"); large > small+4<<20 {
		t.Errorf("N=200000 took %d MiB of heap, N=10000 %d MiB", large>>20, small>>20)
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"-help"}, {"--help"}, {"-v", "-h"}} {
		out, stderr, status := runAcrostic(t, "words4.txt", args...)
		if status != 0 || !strings.HasPrefix(out, "usage: acrostic") || stderr != "" {
			t.Errorf("%v: status %d, stdout %q, stderr %q", args, status, out, stderr)
		}
	}
	var stderr bytes.Buffer // the usage on a full disk: a failed write, as the answers'
	if status := run([]string{"-h"}, nil, &failingWriter{}, &stderr); status != 1 || stderr.String() != "acrostic: writing the usage: the reader went away\n" {
		t.Errorf("-h on a full disk: status %d, stderr %q", status, stderr.String())
	}
}

func TestBadInput(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	dir := t.TempDir()
	os.WriteFile(dir+"/crlf.txt", []byte("eras ceeiklmorstw\r\n"), 0o644)
	os.WriteFile(dir+"/blank.txt", []byte("eras ceeiklmorstw\n\n"), 0o644)
	os.WriteFile(dir+"/empty.txt", nil, 0o644)
	os.WriteFile(dir+"/bom.txt", []byte("\ufefferas ceeiklmorstw\n"), 0o644)
	tests := []struct {
		words  string
		args   []string
		stderr string
	}{
		{"words4.txt", []string{"0"}, `N: expected a number of puzzles from 1 to 9223372036854775807, got "0"`},
		{"words4.txt", []string{"x"}, `got "x"`},
		{"words4.txt", []string{"+5"}, `got "+5"`},
		{"words4.txt", []string{"0005"}, `got "0005"`},
		{"words4.txt", []string{"9223372036854775808"}, `got "9223372036854775808"`},
		{"words4.txt", []string{"-4611686018427387904"}, `got "-4611686018427387904"`},
		{"words4.txt", []string{long}, `got "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"...`},
		{"words4.txt", []string{}, `expected N, -puzzles FILE or -squares (acrostic -h for the usage)`},
		{"words4.txt", []string{"1", "2"}, `only one of N, -puzzles FILE and -squares (acrostic -h for the usage)`},
		{"words4.txt", []string{"-squares", "x"}, `N: expected a number of puzzles from 1 to 9223372036854775807, got "x"`},
		{"words4.txt", []string{"-squares", "-puzzles", "f"}, `only one of N, -puzzles FILE and -squares (acrostic -h for the usage)`},
		{"words4.txt", []string{"-w"}, `unknown flag "-w" (acrostic -h for the usage)`},
		{"words4.txt", []string{"-puzzles", dir + "/bom.txt"}, `starts with a byte-order mark: save it as UTF-8 without one`},
		{"words4.txt", []string{"-squares", "-parts", "4"}, `-parts K and -part I go together`},
		{"words4.txt", []string{"-squares", "-part", "0"}, `-parts K and -part I go together`},
		{"words4.txt", []string{"-squares", "-part", "5"}, `-parts K and -part I go together`},
		{"words4.txt", []string{"-squares", "-parts", "4", "-part", "4"}, `-parts K -part I: expected 0 <= I < K`},
		{"words4.txt", []string{"-squares", "-parts", "0x4", "-part", "1"}, `-parts K -part I: expected 0 <= I < K in decimal`},
		{"words4.txt", []string{"-squares", "-parts", "4", "-part", "-1"}, `-parts K -part I: expected 0 <= I < K`},
		{"words4.txt", []string{"-squares", "-parts", "4", "-part"}, `-parts K -part I: expected 0 <= I < K`},
		{"words4.txt", []string{"5", "-parts", "4", "-part", "1"}, `-parts K -part I: expected 0 <= I < K in decimal, with -squares or -puzzles`},
		{"words4.txt", []string{"-puzzles"}, `-puzzles: expected a FILE after it`},
		{"words4.txt", []string{"-puzzles", ""}, `-puzzles: expected a FILE after it`},
		{"words4.txt", []string{"-puzzles", dir}, `not a regular file: give a file`},
		{"words4.txt", []string{"-puzzles", "/dev/zero"}, `puzzle file /dev/zero: not a regular file: give a file`},
		{"words4.txt", []string{"-squares", "-parts", "65537", "-part", "1"}, `-parts 65537: expected at most 65536`},
		{"words4.txt", []string{"-squares", "-parts", "4", "-part", "1", "-parts", "4"}, `-parts given twice: give it once`},
		{"words4.txt", []string{"-v", "-squares", "-v"}, `-v given twice: give it once`},
		{"words4.txt", []string{"-progress=false", "-squares", "-progress"}, `-progress given twice: give it once`},
		{"words4.txt", []string{"-puzzles", dir + "/empty.txt"}, `line 1: expected "seed letters", got ""`},
		{"words4.txt", []string{"-puzzles", dir + "/crlf.txt"}, `line 1: "eras ceeiklmorstw\r" ends in a carriage return (CRLF line ends)`},
		{"words4.txt", []string{"-puzzles", dir + "/blank.txt"}, `line 2: expected "seed letters", got ""`},
		{"bad/mixed.txt", []string{"1"}, `word list (stdin) line 2: "acids" has 5 letters; expected 4 like line 1`},
		{"bad/unsorted.txt", []string{"1"}, `word list (stdin) line 2: "able" is not sorted`},
		{"bad/duplicate.txt", []string{"1"}, `word list (stdin) line 2: "able" repeats line 1`},
		{"bad/uppercase.txt", []string{"1"}, `word list (stdin) line 2: "Acid" has a character outside a-z`},
		{"bad/crlf.txt", []string{"1"}, `word list (stdin) line 1: "able\r" ends in a carriage return (CRLF line ends)`},
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
		{"words4.txt", []string{"-puzzles", "testdata/none.txt"}, `puzzle file: open testdata/none.txt: no such file or directory`},
		{"words4.txt", []string{"-puzzles", "testdata/" + long}, `puzzle file: open "testdata/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"...: file name too long`},
		{"words4.txt", []string{"-puzzles", "no\nsuch"}, `puzzle file: open "no\nsuch": no such file or directory`},
		{"bad/aa.txt", []string{"-puzzles", "testdata/bad/puzzle-seed-long.txt"}, `line 1: seed "aazzz": expected 3 letters`}, // a seed past the trie's words
	}
	for _, tt := range tests {
		out, stderr, status := runAcrostic(t, tt.words, tt.args...)
		if status != 2 || out != "" || !strings.HasPrefix(stderr, "acrostic: ") || !strings.Contains(stderr, tt.stderr) ||
			strings.Count(stderr, "\n") != 1 || len(stderr) > 300 {
			t.Errorf("%s %.40q: status %d, stdout %q, stderr %.300q; want status 2, one short line containing %q", tt.words, tt.args, status, out, stderr, tt.stderr)
		}
	}
	// A puzzle file past the limit is refused by its size, not read.
	huge := dir + "/huge.txt"
	if err := os.WriteFile(huge, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(huge, 300<<20); err != nil { // sparse: no disk taken
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, stderr, status := runAcrostic(t, "words4.txt", "-puzzles", huge)
	runtime.ReadMemStats(&after)
	if read := after.TotalAlloc - before.TotalAlloc; status != 2 || !strings.Contains(stderr, "larger than 256 MiB") || read > 4<<20 {
		t.Errorf("a 300 MB puzzle file: status %d, stderr %q, %d bytes allocated; want 2, refused by its size", status, stderr, read)
	}
	// A directory as stdin is bad input too.
	d, _ := os.Open(dir)
	defer d.Close()
	var out, errb bytes.Buffer
	if status := run([]string{"1"}, d, &out, &errb); status != 2 || !strings.Contains(errb.String(), "is a directory") {
		t.Errorf("a directory as stdin: status %d, stderr %q", status, errb.String())
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
			if strings.Contains(err.Error(), "\n") {
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
			if i, ok := d.find(d.word(uint32(w))); !ok || i != uint32(w) {
				t.Fatalf("accepted %q: the trie lacks word %d", data, w)
			}
		}
	})
}

// FuzzRun: any arguments and any puzzle file, over a small word list, end
// in exit 0 with the answers, or in exit 2 with nothing on stdout and one
// short line on stderr.
func FuzzRun(f *testing.F) {
	for _, seed := range []struct{ args, puzzles string }{
		{"1", ""}, {"-puzzles\x00PUZZLES", "eras ceeiklmorstw\n"}, {"-puzzles\x00PUZZLES", "eras *\n"}, {"-squares", ""},
		{"-puzzles\x00", ""}, {"-v\x00-h", ""}, {"0005", ""}, {"-puzzles\x00PUZZLES", "eras  ceeiklmorstw \n"},
		{"-puzzles\x00PUZZLES", "eras ceeiklmorstW\n\n"}, {"-puzzles\x00PUZZLES", "zzzz *\nerase ceeiklmorstw\n"},
		{"-squares\x00-parts\x003\x00-part\x001", ""}, {"-progress\x00-parts\x002\x00-puzzles\x00PUZZLES\x00-part\x000", "able *\nacid *\n"},
	} {
		f.Add(seed.args, []byte(seed.puzzles))
	}
	all, err := os.ReadFile("testdata/words4.txt")
	if err != nil {
		f.Fatal(err)
	}
	var words []byte // every 8th word: squares and puzzles in microseconds, so that the fuzzer tries many
	for i, w := range strings.SplitAfter(string(all), "\n") {
		if i%8 == 0 {
			words = append(words, w...)
		}
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, joined string, puzzles []byte) {
		args := strings.Split(joined, "\x00")
		for i := range args {
			if args[i] == "PUZZLES" {
				args[i] = dir + "/puzzles.txt"
				os.WriteFile(args[i], puzzles, 0o644)
			}
		}
		for _, a := range args {
			if n, err := strconv.ParseInt(a, 10, 64); err == nil && n > 20 {
				return // a valid N over 20 only takes long
			}
		}
		var out, errb bytes.Buffer
		status := run(args, bytes.NewReader(words), &out, &errb)
		endsCleanly(t, fmt.Sprintf("acrostic %q", args), status, &out, &errb)
	})
}

// endsCleanly fails t unless a run ended in exit 0, or in exit 2 with
// nothing on stdout and one short line on stderr.
func endsCleanly(t *testing.T, run string, status int, out, errb *bytes.Buffer) {
	t.Helper()
	switch {
	case status == 0:
	case status == 2:
		if out.Len() != 0 || strings.Count(errb.String(), "\n") != 1 || errb.Len() > 200 {
			t.Fatalf("%s: exit 2 with stdout %.80q, stderr %q", run, out.String(), errb.String())
		}
	default:
		t.Fatalf("%s: exit %d, stderr %q", run, status, errb.String())
	}
}

// FuzzPuzzleFile: any word list with any puzzle file ends in exit 0 with
// the answers, or in exit 2 with nothing on stdout and one short line on
// stderr (a seed longer than the list's words once walked past the trie).
func FuzzPuzzleFile(f *testing.F) {
	aa, _ := os.ReadFile("testdata/bad/aa.txt") // the 26 words aaa..aaz: more words than nodes
	f.Add(aa, []byte("aazzz *\n"))
	f.Add([]byte("able\nacid\nbake\n"), []byte("able *\nacid aaaabbbcccdd\n"))
	file := f.TempDir() + "/puzzles.txt"
	f.Fuzz(func(t *testing.T, words, puzzles []byte) {
		os.WriteFile(file, puzzles, 0o644)
		var out, errb bytes.Buffer
		status := run([]string{"-puzzles", file}, bytes.NewReader(words), &out, &errb)
		endsCleanly(t, fmt.Sprintf("words %.80q, puzzles %.80q", words, puzzles), status, &out, &errb)
	})
}

// One puzzle's search split over the cores finds the one-core search's
// square on every bench word list (8 letters take minutes: the long
// harness case covers them), with 2 and 8 generators on the cores at once.
func TestSplitSearchFindsTheOneCoreSquare(t *testing.T) {
	lists := map[string]int64{"words4.txt": 20, "words5-wordle.txt": 8, "words5-sowpods.txt": 8, "words6-sowpods.txt": 4, "words7-sowpods.txt": 2}
	if testing.Short() {
		delete(lists, "words7-sowpods.txt")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(8))
	for list, count := range lists {
		d := loadDictionary(t, list)
		alone, want := <-newTeam(d, 1, io.Discard).idle, []string{}
		for p := range count {
			want = append(want, generate(&alone.gen, p))
		}
		for _, cores := range []int{2, 8} {
			tm := newTeam(d, cores, io.Discard)
			var workers []*worker
			for range cores {
				workers = append(workers, <-tm.idle)
			}
			for p := range count {
				sp := &splitSearch{}
				sp.start(true)
				done := make(chan bool)
				for _, w := range workers {
					go func() {
						w.gen.generate(p, sp)
						done <- true
					}()
				}
				for range workers {
					<-done
				}
				var got string
				for _, w := range workers {
					if w.gen.mine == sp.best.Load() {
						q := w.gen.puzzle(&sp.square)
						got = string(q.seed) + " " + string(q.letters)
					}
				}
				if got != want[p] {
					t.Errorf("%s puzzle %d on %d cores: %q, want the one-core search's %q", list, p, cores, got, want[p])
				}
			}
		}
	}
}

// A core whose pair comes after one with a square stops at its next try,
// placing no row; a core on an earlier pair goes on.
func TestSplitSearchStops(t *testing.T) {
	d := loadDictionary(t, "words4.txt")
	w := <-newTeam(d, 1, io.Discard).idle
	sp := &splitSearch{}
	sp.start(true)
	sp.best.Store(3)
	sp.taken.Store(5) // this core takes pair 5
	w.gen.generate(0, sp)
	if w.gen.placed != 0 || sp.best.Load() != 3 {
		t.Errorf("a core past the best pair placed %d rows, best pair %d; want 0, 3", w.gen.placed, sp.best.Load())
	}
	sp = &splitSearch{}
	sp.start(true)
	sp.best.Store(1 << 40)
	w.gen.generate(0, sp)
	if w.gen.placed == 0 || sp.best.Load() >= 1<<40 {
		t.Errorf("a core before the best pair placed %d rows, best pair %d; want rows and a better pair", w.gen.placed, sp.best.Load())
	}
}

// share cuts any weights into K consecutive runs that cover every task once
// and follow the weights: part I starts where I/K of the weight is done.
func TestShare(t *testing.T) {
	weights := []float64{1, 1, 1, 1, 10, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	for _, parts := range []int64{1, 2, 3, 5, 14, 20} {
		var total float64
		for _, w := range weights {
			total += w
		}
		end := int64(0)
		for part := range parts {
			first, last := share(weights, part, parts)
			if first != end || last < first {
				t.Fatalf("%d parts: part %d is [%d, %d), want it to start at %d", parts, part, first, last, end)
			}
			end = last
		}
		if end != int64(len(weights)) {
			t.Errorf("%d parts end at task %d, want %d", parts, end, len(weights))
		}
	}
	if first, end := share(weights, 1, 2); first != 5 || end != 14 {
		t.Errorf("the second half of the weight is tasks [%d, %d), want [5, 14)", first, end)
	}
}

// The K parts of a run, in order, are the run's bytes: every square of
// words4 in 16 parts (the case's SHA-256), a seed file in 5; and the parts
// are about equal in work (rows placed, one core): the largest at most 1.5
// times the mean.
func TestPartsConcatenate(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	for _, tt := range []struct {
		words string
		args  []string
		parts int
		sum   string
	}{
		{"words4.txt", []string{"-squares"}, 16, "ce0dcc6c1b1f4a323bc1c6eb19514943641f5e69464cf94af299cc16acd5ee83"},
		{"words4.txt", []string{"-puzzles", "testdata/seeds4.txt"}, 5, "17a44588662d6e5711732435fd703b8694993d3f28ac11f1f240e04c357b03d5"},
	} {
		sum, most, all := sha256.New(), int64(0), int64(0)
		for part := range tt.parts {
			out, stderr, status := runAcrostic(t, tt.words, append([]string{"-v", "-parts", strconv.Itoa(tt.parts), "-part", strconv.Itoa(part)}, tt.args...)...)
			var nodes, rows int64
			fmt.Sscanf(stderr, "solver nodes %d\nrows placed %d\n", &nodes, &rows)
			if status != 0 || rows == 0 {
				t.Fatalf("%v part %d of %d: status %d, stderr %q", tt.args, part, tt.parts, status, stderr)
			}
			sum.Write([]byte(out))
			most, all = max(most, rows), all+rows
		}
		if got := hex.EncodeToString(sum.Sum(nil)); got != tt.sum {
			t.Errorf("%v in %d parts: SHA-256 %s, want the whole run's %s", tt.args, tt.parts, got, tt.sum)
		}
		if ratio := float64(most) * float64(tt.parts) / float64(all); ratio > 1.5 {
			t.Errorf("%v in %d parts: the largest part places %.2f times the mean's rows, want at most 1.5", tt.args, tt.parts, ratio)
		}
	}
}

// The status line: on stderr only, the last one agreeing with the output
// (tasks done of all, its lines); stdout the same bytes without it; and a
// run whose stderr is closed still writes its answer.
func TestProgress(t *testing.T) {
	closed, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	closed.Close()
	for _, tt := range []struct {
		args []string
		last string
	}{
		{[]string{"-squares"}, "status: seeds 2315 of 2315, %d lines"},
		{[]string{"-puzzles", "testdata/seeds5.txt"}, "status: puzzles 5 of 5, %d lines"},
		{[]string{"3"}, "status: puzzles 3 of 3, %d lines"},
	} {
		want, _, _ := runAcrostic(t, "words5-wordle.txt", append([]string{"-progress=false"}, tt.args...)...)
		out, stderr, status := runAcrostic(t, "words5-wordle.txt", append([]string{"-progress"}, tt.args...)...)
		lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
		if status != 0 || out != want || !strings.HasSuffix(stderr, "\n") || !strings.HasPrefix(lines[len(lines)-1], fmt.Sprintf(tt.last, answerLines(want, tt.args[0] != "-squares"))) {
			t.Errorf("-progress %v: status %d, stdout the same %v, last status %q; want %q", tt.args, status, out == want, lines[len(lines)-1], fmt.Sprintf(tt.last, answerLines(want, tt.args[0] != "-squares")))
		}
		in, _ := os.Open("testdata/words5-wordle.txt")
		var outb bytes.Buffer
		status = run(append([]string{"-progress"}, tt.args...), in, &outb, closed)
		in.Close()
		if status != 0 || outb.String() != want {
			t.Errorf("-progress %v with stderr closed: status %d, stdout the same %v", tt.args, status, outb.String() == want)
		}
	}
}

// answerLines is the lines of an answer below the puzzles' first lines.
func answerLines(out string, firstLines bool) int {
	lines := strings.Count(out, "\n")
	if firstLines {
		for _, line := range strings.Split(out, "\n") {
			if f := strings.Fields(line); len(f) == 3 {
				lines--
			}
		}
	}
	return lines
}

// The README's recipe that puts the parts of a Slurm array together fails,
// and writes no whole file, when a part is missing; with every part it
// writes them in order.
func TestPartsRecipe(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	start := bytes.Index(readme, []byte("```sh\ncat $(seq -f part-%g.txt 0 63)"))
	if start < 0 {
		t.Fatal("README: no recipe putting part-0.txt ... part-63.txt together")
	}
	start += len("```sh\n")
	recipe := string(readme[start : start+bytes.Index(readme[start:], []byte("```"))])
	dir := t.TempDir()
	var whole []byte
	for k := range 64 {
		line := fmt.Appendf(nil, "part %d\n", k)
		whole = append(whole, line...)
		if k != 17 {
			os.WriteFile(filepath.Join(dir, fmt.Sprintf("part-%d.txt", k)), line, 0o644)
		}
	}
	sh := func() error {
		cmd := exec.Command("sh", "-c", recipe)
		cmd.Dir = dir
		return cmd.Run()
	}
	if err := sh(); err == nil {
		t.Error("the recipe succeeded with part 17 missing")
	}
	if _, err := os.Stat(filepath.Join(dir, "squares6.txt")); err == nil {
		t.Error("the recipe wrote squares6.txt with part 17 missing")
	}
	os.WriteFile(filepath.Join(dir, "part-17.txt"), []byte("part 17\n"), 0o644)
	if err := sh(); err != nil {
		t.Fatalf("the recipe with every part: %v", err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "squares6.txt")); !bytes.Equal(got, whole) {
		t.Errorf("the recipe wrote\n%s\nwant the parts in order", got)
	}
}
