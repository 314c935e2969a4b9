// Acrostic: dense acrostics (word squares from a seed word and a pool of
// letters), generated and solved.
//
// The puzzle. A dense acrostic of size n: given a seed word (the top row) and
// a pool of n*(n-1) letters, arrange the letters into rows 2..n so that every
// row and every column, read top to bottom, is a word of the dictionary.
//
// Usage:
//
//	acrostic N < WORDLIST             generate N puzzles, solve each
//	acrostic -puzzles FILE < WORDLIST solve the puzzles in FILE ("seed letters" a line)
//	acrostic -v ...                   also print timing on stderr
//
// WORDLIST: one word a line, lowercase a-z, all of one length n (3..8),
// sorted ascending in byte order, no duplicates, "\n" line ends; D[i] is the
// i-th word. Anything else, a bad puzzle line or a bad N gets one line on
// stderr naming the line, exit status 2 and nothing on stdout.
//
// Generating puzzle t = 1..N: with the Benchmarks Game's fasta generator in
// integer form (s = 42 at the start of the run; rnd(k): s = (s*3877 + 29573)
// mod 139968, result s*k/139968), draw o[k] = rnd(m) for k = 0..n-1. Then
// search depth first for rows r[0..n-1]: level k tries D[(o[k]+j) mod m] for
// j = 0..m-1, accepting a word when every column read so far, extended by
// it, is a prefix of some word (a word, at the last level). The first full
// square is the puzzle: seed r[0], letters those of r[1..n-1] sorted.
//
// Output, for each puzzle: "seed letters count", then count lines, each
// rows 2..n separated by single spaces, in ascending byte order. A solution
// may repeat words and may use the seed again.
//
// Rules kept: one file, standard library only, no tables of results: every
// puzzle is generated and solved by search.
//
// How it works, in five lines:
//  1. The words form a trie laid out breadth first, one record a node: the
//     letters that follow it, its first child, and for each later position
//     the letters its words have there.
//  2. Generation walks the trie from the start index with the columns' masks,
//     so it only meets words that fit, and stops at the first square; first
//     rows (and pairs of them) that start no square are remembered for the run.
//  3. The solver fills cells row by row; a cell's letters are the AND of the
//     row node's mask, the column node's mask and the pool's non-empty
//     letters, tried in ascending order, so solutions come out sorted.
//  4. Look-ahead: a letter is placed only if its column can still take a pool
//     letter at every later row, and its row one at every later column.
//  5. All random draws are made first (a puzzle takes exactly n), so puzzles
//     are generated and solved on every core and printed in order.
//
// Measured (go1.26.8, AMD EPYC, 2 cores; README, acrostic section), `make
// bench` elapsed against a tuned C solver's CPU time: words4 N=20000 0.113 s
// (C 0.77 s), Wordle N=5000 0.145 s (1.01 s), SOWPODS-5 N=1000 0.187 s
// (1.16 s), SOWPODS-6 N=100 0.474 s (2.70 s): 0.15, 0.14, 0.16, 0.18 of C.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// ----------------------------------------------------------- the word list

const (
	minLength = 3
	maxLength = 8
	alphabet  = 26
)

// dictionary holds the words and their trie. Node 0 is the root; a node at
// depth n is a whole word. Each node is one record of `stride` words in
// nodes, so that what the search reads of a node sits in one cache line:
//
//	[0]        mask: the letters that have a child
//	[1]        the first child's number; children are numbered consecutively
//	           in letter order, so child l is first + (letters in mask below l)
//	[2, 2+n)   below: for each position q, the letters the node's words have at q
//	[2+n]      lo, [3+n] hi: the node's words are words[lo:hi]
type dictionary struct {
	n      int
	words  []string
	nodes  []uint32
	stride int
}

func (d *dictionary) mask(node int32) uint32 { return d.nodes[int(node)*d.stride] }

// child is node's child by letter l, which must be in its mask.
func (d *dictionary) child(node int32, l int) int32 {
	at := int(node) * d.stride
	return int32(d.nodes[at+1]) + int32(bits.OnesCount32(d.nodes[at]&(1<<l-1)))
}

// childIfAny is child, or 0 when the node has no child by l.
func (d *dictionary) childIfAny(node int32, l int) int32 {
	if d.mask(node)&(1<<l) == 0 {
		return 0
	}
	return d.child(node, l)
}

func (d *dictionary) below(node int32) []uint32 {
	at := int(node)*d.stride + 2
	return d.nodes[at : at+d.n]
}

func (d *dictionary) lo(node int32) int32 { return int32(d.nodes[int(node)*d.stride+2+d.n]) }
func (d *dictionary) hi(node int32) int32 { return int32(d.nodes[int(node)*d.stride+3+d.n]) }

// inputError is bad input: one line for stderr.
type inputError struct{ msg string }

func (e *inputError) Error() string { return e.msg }

func badInput(format string, args ...any) error {
	return &inputError{fmt.Sprintf(format, args...)}
}

// readDictionary validates and loads the word list.
func readDictionary(data []byte) (*dictionary, error) {
	if len(data) == 0 {
		return nil, badInput("word list (stdin): empty; expected one lowercase word a line")
	}
	if data[len(data)-1] != '\n' {
		return nil, badInput("word list (stdin) line %d: missing the final newline", bytes.Count(data, []byte("\n"))+1)
	}
	lines := strings.Split(string(data[:len(data)-1]), "\n")
	d := &dictionary{n: len(lines[0]), words: lines}
	if d.n < minLength || d.n > maxLength {
		return nil, badInput("word list (stdin) line 1: %q has %d letters; expected words of 3 to 8 letters", lines[0], d.n)
	}
	for i, w := range lines {
		switch {
		case len(w) != d.n:
			return nil, badInput("word list (stdin) line %d: %q has %d letters; expected %d like line 1", i+1, w, len(w), d.n)
		case !lowercase(w):
			return nil, badInput("word list (stdin) line %d: %q has a character outside a-z", i+1, w)
		case i > 0 && w == lines[i-1]:
			return nil, badInput("word list (stdin) line %d: %q repeats line %d", i+1, w, i)
		case i > 0 && w < lines[i-1]:
			return nil, badInput("word list (stdin) line %d: %q is not sorted: it comes before line %d, %q", i+1, w, i, lines[i-1])
		}
	}
	d.buildTrie()
	return d, nil
}

func lowercase(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

// buildTrie lays the trie out breadth first straight from the sorted
// words: the nodes at depth k are the distinct prefixes of length k, in
// order, each a range of words; a node's children are the runs of equal
// letters at position k within its range.
func (d *dictionary) buildTrie() {
	d.stride = 4 + d.n
	d.nodes = make([]uint32, 0, (len(d.words)*d.n+1)*d.stride) // at most a node a letter
	type span struct{ lo, hi int32 }
	level := []span{{0, int32(len(d.words))}}
	for depth := 0; depth <= d.n; depth++ {
		var next []span
		firstOfNextLevel := len(d.nodes)/d.stride + len(level)
		for _, sp := range level {
			d.nodes = append(d.nodes, make([]uint32, d.stride)...)
			rec := d.nodes[len(d.nodes)-d.stride:]
			rec[1] = uint32(firstOfNextLevel + len(next))
			rec[2+d.n], rec[3+d.n] = uint32(sp.lo), uint32(sp.hi)
			for i := sp.lo; i < sp.hi; i++ {
				w := d.words[i]
				for q := depth; q < d.n; q++ {
					rec[2+q] |= 1 << (w[q] - 'a')
				}
				if depth == d.n {
					continue
				}
				l := w[depth] - 'a'
				if rec[0]&(1<<l) == 0 {
					rec[0] |= 1 << l
					next = append(next, span{i, i + 1})
				} else {
					next[len(next)-1].hi = i + 1
				}
			}
		}
		level = next
	}
}

// fits says whether some word below node has, at every position from
// `from` on, a letter in allowed[position].
func (d *dictionary) fits(node int32, from int, allowed *[maxLength]uint32) bool {
	b := d.below(node)
	for q := from; q < d.n; q++ {
		if b[q]&allowed[q] == 0 {
			return false
		}
	}
	return true
}

func (d *dictionary) contains(w string) bool {
	node := int32(0)
	for i := 0; i < len(w); i++ {
		if node = d.childIfAny(node, int(w[i]-'a')); node == 0 {
			return false
		}
	}
	return len(w) == d.n
}

// ------------------------------------------------------- random numbers

// fasta is the Benchmarks Game's generator in exact integer arithmetic.
type fasta struct{ s int64 }

func (r *fasta) rnd(k int) int {
	r.s = (r.s*3877 + 29573) % 139968
	return int(r.s * int64(k) / 139968)
}

// ------------------------------------------------------------ generation

// generator finds a puzzle's square.
type generator struct {
	d    *dictionary
	rows [maxLength]int32 // word index of each row
	// Whether a square can start with given first rows does not depend on
	// the order in which words are tried, so a start found dead in one
	// puzzle is skipped in every later one.
	deadFirst []atomic.Bool   // by the first row's index, shared by the workers
	deadPairs []atomic.Uint64 // a bit per pair of first rows, shared, for lists of up to 8192 words
	deadPair  map[uint64]bool // by the first two rows' indices, one per worker, for longer lists
}

// level is the search state at one row of the square.
type level struct {
	k        int
	cols     [maxLength]int32  // each column's trie node above this row
	allowed  [maxLength]uint32 // letters each column can take next
	from, to int32             // the index range being walked
}

// walk visits, in index order, the words in [lv.from, lv.to) whose letter at
// each position is allowed, by a trie walk that skips subtrees outside the
// range and letters not allowed; it tries each as row k and stops at the
// first that leads to a full square.
func (g *generator) walk(node int32, depth int, lv *level, offsets []int) bool {
	d := g.d
	if depth == d.n {
		return g.try(lv, d.lo(node), offsets)
	}
	for m := d.mask(node) & lv.allowed[depth]; m != 0; m &= m - 1 {
		c := d.child(node, trailingZeros(m))
		if d.hi(c) <= lv.from {
			continue
		}
		if d.lo(c) >= lv.to {
			return false
		}
		if !d.fits(c, depth+1, &lv.allowed) {
			continue
		}
		if g.walk(c, depth+1, lv, offsets) {
			return true
		}
	}
	return false
}

// try sets row k to word w and searches the next rows.
func (g *generator) try(lv *level, w int32, offsets []int) bool {
	g.rows[lv.k] = w
	switch lv.k {
	case 0:
		if g.deadFirst[w].Load() {
			return false
		}
		if !g.square(1, &lv.cols, offsets, g.d.words[w]) {
			g.deadFirst[w].Store(true)
			return false
		}
		return true
	case 1:
		if g.deadPairs != nil {
			bit := uint64(g.rows[0])*uint64(len(g.d.words)) + uint64(w)
			word, mask := &g.deadPairs[bit/64], uint64(1)<<(bit%64)
			if word.Load()&mask != 0 {
				return false
			}
			if !g.square(2, &lv.cols, offsets, g.d.words[w]) {
				word.Or(mask)
				return false
			}
			return true
		}
		pair := uint64(g.rows[0])<<32 | uint64(w)
		if g.deadPair[pair] {
			return false
		}
		if !g.square(2, &lv.cols, offsets, g.d.words[w]) {
			g.deadPair[pair] = true
			return false
		}
		return true
	}
	return g.square(lv.k+1, &lv.cols, offsets, g.d.words[w])
}

// square searches row k below rows whose columns end at the trie nodes
// cols, extended by the letters of word (the row just placed; "" at k = 0).
// It stops at the first full square.
func (g *generator) square(k int, above *[maxLength]int32, offsets []int, word string) bool {
	d := g.d
	if k == d.n {
		return true
	}
	lv := level{k: k}
	for c := 0; c < d.n; c++ {
		node := above[c]
		if word != "" {
			node = d.child(node, int(word[c]-'a'))
		}
		lv.cols[c], lv.allowed[c] = node, d.mask(node)
	}
	// Words in index order from the offset, wrapping around.
	start := int32(offsets[k])
	lv.from, lv.to = start, int32(len(d.words))
	if g.walk(0, 0, &lv, offsets) {
		return true
	}
	lv.from, lv.to = 0, start
	return g.walk(0, 0, &lv, offsets)
}

// puzzle is a seed and its sorted pool of letters.
type puzzle struct {
	seed, letters string
}

func (g *generator) generate(offsets []int) (puzzle, bool) {
	var root [maxLength]int32
	if !g.square(0, &root, offsets, "") {
		return puzzle{}, false
	}
	var letters []byte
	for k := 1; k < g.d.n; k++ {
		letters = append(letters, g.d.words[g.rows[k]]...)
	}
	sort.Slice(letters, func(i, j int) bool { return letters[i] < letters[j] })
	return puzzle{g.d.words[g.rows[0]], string(letters)}, true
}

// --------------------------------------------------------------- solving

// solver finds every grid for one puzzle.
type solver struct {
	d     *dictionary
	n     int
	pool  [alphabet]int8 // letters left
	avail uint32         // letters with pool > 0
	cols  [maxLength + 1][maxLength]int32
	grid  [maxLength][maxLength]byte
	out   []byte
	count int
	nodes int64
}

func (s *solver) take(l int) {
	s.pool[l]--
	if s.pool[l] == 0 {
		s.avail &^= 1 << l
	}
}

func (s *solver) give(l int) {
	s.pool[l]++
	s.avail |= 1 << l
}

// fill places a letter at (r, c), r >= 1; row is the row's trie node so far.
func (s *solver) fill(r, c int, row int32) {
	d := s.d
	col := s.cols[r][c]
	last := r == s.n-1
	n := s.n
	for m := d.mask(row) & d.mask(col) & s.avail; m != 0; m &= m - 1 {
		l := trailingZeros(m)
		below := d.child(col, l)
		next := d.child(row, l)
		s.take(l)
		if s.fits(r, c, below, next) {
			s.nodes++
			s.cols[r+1][c] = below
			s.grid[r][c] = byte('a' + l)
			switch {
			case c+1 < n:
				s.fill(r, c+1, next)
			case !last:
				s.fill(r+1, 0, 0)
			default:
				s.emit()
			}
		}
		s.give(l)
	}
}

// fits is the look-ahead after a letter at (r, c): the column, now at trie
// node below, must find each of its remaining letters in the pool, and the
// row, now at node next, must find each of its remaining letters among
// those its column can take there and the pool still has.
func (s *solver) fits(r, c int, below, next int32) bool {
	d, n, avail := s.d, s.n, s.avail
	b := d.below(below)
	for q := r + 1; q < n; q++ {
		if b[q]&avail == 0 {
			return false
		}
	}
	b = d.below(next)
	for q := c + 1; q < n; q++ {
		if b[q]&d.mask(s.cols[r][q])&avail == 0 {
			return false
		}
	}
	return true
}

func (s *solver) emit() {
	s.count++
	for r := 1; r < s.n; r++ {
		if r > 1 {
			s.out = append(s.out, ' ')
		}
		s.out = append(s.out, s.grid[r][:s.n]...)
	}
	s.out = append(s.out, '\n')
}

// solve appends the puzzle's answer block to out. s may be a solver used
// before (its buffers are reused) or nil.
func solve(d *dictionary, p puzzle, out []byte, s *solver) ([]byte, int64, *solver) {
	if s == nil {
		s = &solver{}
	}
	*s = solver{d: d, n: d.n}
	for i := 0; i < len(p.letters); i++ {
		s.give(int(p.letters[i] - 'a'))
	}
	seedFits := true
	for c := 0; c < d.n; c++ {
		s.cols[1][c] = d.childIfAny(0, int(p.seed[c]-'a'))
		seedFits = seedFits && s.cols[1][c] != 0
	}
	if seedFits && d.n > 1 {
		s.fill(1, 0, 0)
	}
	out = append(out, p.seed...)
	out = append(out, ' ')
	out = append(out, p.letters...)
	out = append(out, ' ')
	out = strconv.AppendInt(out, int64(s.count), 10)
	out = append(out, '\n')
	return append(out, s.out...), s.nodes, s
}

func trailingZeros(m uint32) int { return bits.TrailingZeros32(m) }

// ------------------------------------------------------------ the puzzles

// readPuzzles validates a puzzle file against the dictionary.
func readPuzzles(name string, data []byte, d *dictionary) ([]puzzle, error) {
	if len(data) > 0 && data[len(data)-1] == '\n' {
		data = data[:len(data)-1]
	}
	if len(data) == 0 {
		return nil, badInput("%s: no puzzles; expected lines \"seed letters\"", name)
	}
	var puzzles []puzzle
	for i, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		where := fmt.Sprintf("%s line %d", name, i+1)
		switch {
		case len(f) != 2:
			return nil, badInput("%s: expected \"seed letters\", got %q", where, line)
		case len(f[0]) != d.n || !lowercase(f[0]):
			return nil, badInput("%s: seed %q: expected %d letters a-z, like the word list", where, f[0], d.n)
		case len(f[1]) != d.n*(d.n-1) || !lowercase(f[1]):
			return nil, badInput("%s: letters %q: expected %d letters a-z (n*(n-1) for n = %d)", where, f[1], d.n*(d.n-1), d.n)
		case !d.contains(f[0]):
			return nil, badInput("%s: seed %q is not in the word list", where, f[0])
		}
		letters := []byte(f[1])
		sort.Slice(letters, func(a, b int) bool { return letters[a] < letters[b] })
		puzzles = append(puzzles, puzzle{f[0], string(letters)})
	}
	return puzzles, nil
}

// ------------------------------------------------------------- the driver

// job is one puzzle to generate (offsets set) or just solve.
type job struct {
	offsets []int
	puzzle  puzzle
}

// maxDensePairs is the longest word list whose dead pairs of first rows are
// kept as a shared bit table (8 MiB at most); longer lists use a map per
// worker.
const maxDensePairs = 8192

// maxChunk puzzles at most go to a worker at a time: enough to amortise the
// hand-off; fewer when there are few puzzles, so the cores stay balanced.
const maxChunk = 64

// runJobs generates and solves every job on every core and returns the
// answers in order.
func runJobs(d *dictionary, jobs []job) ([]byte, int64, error) {
	workers := runtime.GOMAXPROCS(0)
	chunkSize := min(maxChunk, max(1, len(jobs)/(8*workers)))
	results := make([][]byte, (len(jobs)+chunkSize-1)/chunkSize)
	nodes := make([]int64, len(results))
	failed := make([]bool, len(results))
	var next int
	var mu sync.Mutex
	var wg sync.WaitGroup
	deadFirst := make([]atomic.Bool, len(d.words))
	var deadPairs []atomic.Uint64
	if m := len(d.words); m <= maxDensePairs {
		deadPairs = make([]atomic.Uint64, (m*m+63)/64)
	}
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := &generator{d: d, deadFirst: deadFirst, deadPairs: deadPairs, deadPair: map[uint64]bool{}}
			var s *solver
			for {
				mu.Lock()
				chunk := next
				next++
				mu.Unlock()
				if chunk >= len(results) {
					return
				}
				var out []byte
				for _, j := range jobs[chunk*chunkSize : min((chunk+1)*chunkSize, len(jobs))] {
					p := j.puzzle
					if j.offsets != nil {
						var ok bool
						if p, ok = g.generate(j.offsets); !ok {
							failed[chunk] = true
							break
						}
					}
					var n int64
					out, n, s = solve(d, p, out, s)
					nodes[chunk] += n
				}
				results[chunk] = out
			}
		}()
	}
	wg.Wait()
	var all []byte
	var total int64
	for i, r := range results {
		if failed[i] {
			return nil, 0, badInput("word list (stdin): no word square can be made from these words, so no puzzle can be generated")
		}
		all = append(all, r...)
		total += nodes[i]
	}
	return all, total, nil
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = "usage: acrostic [-v] N < WORDLIST, or acrostic [-v] -puzzles FILE < WORDLIST"

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out, nodes, elapsed, err := program(args, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "acrostic: %v\n", err)
		var bad *inputError
		if errors.As(err, &bad) {
			return 2
		}
		return 1
	}
	w := bufio.NewWriterSize(stdout, 1<<16)
	w.Write(out)
	w.Flush()
	if len(args) > 0 && args[0] == "-v" {
		fmt.Fprintf(stderr, "nodes %d\nelapsed %.3f ms\n", nodes, float64(elapsed.Microseconds())/1000)
	}
	return 0
}

// program parses the arguments and input, then generates and solves.
func program(args []string, stdin io.Reader) ([]byte, int64, time.Duration, error) {
	if len(args) > 0 && args[0] == "-v" {
		args = args[1:]
	}
	var puzzleFile string
	count := 0
	switch {
	case len(args) == 2 && args[0] == "-puzzles":
		puzzleFile = args[1]
	case len(args) == 1 && args[0] == "-puzzles":
		return nil, 0, 0, badInput("-puzzles: expected a FILE after it (%s)", usage)
	case len(args) == 1:
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 {
			return nil, 0, 0, badInput("N: expected a positive number of puzzles, got %q (%s)", args[0], usage)
		}
		count = n
	default:
		return nil, 0, 0, badInput("expected N or -puzzles FILE, got %q (%s)", strings.Join(args, " "), usage)
	}
	data, err := io.ReadAll(stdin)
	if err != nil {
		return nil, 0, 0, fmt.Errorf("reading the word list: %v", err)
	}
	start := time.Now()
	d, err := readDictionary(data)
	if err != nil {
		return nil, 0, 0, err
	}
	var jobs []job
	if puzzleFile != "" {
		text, err := os.ReadFile(puzzleFile)
		if err != nil {
			return nil, 0, 0, badInput("puzzle file: %v", err)
		}
		puzzles, err := readPuzzles(puzzleFile, text, d)
		if err != nil {
			return nil, 0, 0, err
		}
		for _, p := range puzzles {
			jobs = append(jobs, job{puzzle: p})
		}
	} else {
		// Every puzzle takes exactly n draws, so all of them can be made first.
		r := &fasta{s: 42}
		offsets := make([]int, count*d.n)
		for i := range offsets {
			offsets[i] = r.rnd(len(d.words))
		}
		for t := 0; t < count; t++ {
			jobs = append(jobs, job{offsets: offsets[t*d.n : (t+1)*d.n]})
		}
	}
	out, nodes, err := runJobs(d, jobs)
	return out, nodes, time.Since(start), err
}
