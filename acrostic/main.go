// Acrostic: dense acrostics (word squares from a seed word and a pool of
// letters), generated and solved; and every word square of a list.
//
// The puzzle. A dense acrostic of size n: given a seed word (the top row)
// and a pool of n*(n-1) letters, arrange the letters into rows 2..n so that
// every row and every column, read top to bottom, is a word of the list.
//
//	seed  e r a s      pool: c e e i k l m o r s t w
//	      l i c k      one solution: rows "lick more stew";
//	      m o r e      columns "elms", "riot", "acre", "skew"
//	      s t e w
//
// Usage:
//
//	acrostic [FLAGS] N < WORDLIST              generate N puzzles, solve each
//	acrostic [FLAGS] -puzzles FILE < WORDLIST  solve the puzzles in FILE
//	acrostic [FLAGS] -squares < WORDLIST       print every n x n word square of the list
//	acrostic -h                                print the usage
//
// Flags, in any order: -v adds, on stderr, the nodes of the searches.
// -progress shows a status line on stderr (tasks done of all, the lines
// so far, their rate, the time and the time left), the default when
// stderr is a terminal; -progress=false turns it off. -parts K -part I
// (with -puzzles or -squares) prints part I (0..K-1) of K: the puzzles
// cut into K consecutive runs of about equal expected work, so that the
// K outputs, in order, are the whole run's bytes.
//
// WORDLIST: one word a line, lowercase a-z, all of one length n (3..8),
// sorted ascending in byte order, no duplicates, "\n" line ends, at most
// 250,000 words; D[i] is the i-th word. N: 1 to 2^63-1, digits only. A
// puzzle line is "seed letters", or "seed *": any letters, each any number
// of times. Anything else gets one line on stderr naming the line (quoting
// at most 40 bytes of it), exit status 2 and nothing on stdout.
//
// Generating puzzle t = 1..N: with the Benchmarks Game's fasta generator in
// integer form (s = 42 at the start of the run; rnd(k): s = (s*3877 +
// 29573) mod 139968, result s*k/139968), draw o[k] = rnd(m) for k =
// 0..n-1. Then search depth first for rows r[0..n-1]: level k tries
// D[(o[k]+j) mod m] for j = 0..m-1, accepting a word when every column read
// so far, extended by it, is a prefix of some word. The first full square
// is the puzzle: seed r[0], letters those of r[1..n-1] sorted.
//
// Output, for each puzzle: "seed letters count" ("seed * count"), then
// count lines, each rows 2..n separated by single spaces, in ascending
// byte order. A solution may repeat words and may use the seed again.
// -squares prints every square, rows 1..n separated by spaces, in ascending
// byte order: the "seed *" blocks of every word in turn, each line led by
// its seed. Squares and their transposes, symmetric or not, all count.
//
// Rules kept: one file, standard library only, no tables of results: every
// puzzle is generated and solved by search. The output does not depend on
// the number of cores.
//
// The data model. The words form a trie; a node's children are numbered
// consecutively. A node at depth k < n is one record of 40 bytes:
//
//	link   bits 0-25   the letters that have a child
//	       bits 26-31  zero: the low half is the letters alone
//	       bits 32-63  its first child (at depth n-1: the first word's index)
//	below  for each position q, the letters the node's words have there
//	       (every letter at q < k and q >= n), as lanes:
//
//	lanes word q/2:  63 ..... 58 57 ............ 32 31 ..... 26 25 ............ 0
//	                 [  zero   ][ letters at q+1  ][  zero    ][  letters at q   ]
//
// so that "does some word below fit the letters allowed at every
// position" is four ANDs and four adds (allMeet). Child by letter l: first
// + the number of the node's letters below l.
//
// The searches:
//  1. Rows: a row is a word whose letters its columns' trie nodes allow.
//     The candidates for a row are listed in one iterative walk of the trie
//     pruned by the lanes, over the words read forwards or backwards,
//     whichever end allows fewer pairs of letters. Generation stops at the
//     first square (its first two rows are walked from the offset instead,
//     since the first candidate usually succeeds; deeper rows are tried in
//     the order their walk lists them, not sorted, keeping the first from
//     the offset that has a square) and remembers first rows, and pairs of
//     them for lists of up to 8192 words, that start no square; "seed *"
//     and -squares list every square, in the candidates' order.
//  2. Letters: the solver fills cells row by row, letters in order, so
//     solutions come out sorted; each letter must leave every later cell of
//     its row and column a letter the pool still has. From 6 letters on it
//     searches tries of only the words the pool can spell.
//  3. Work goes to the cores in chunks, written in order as soon as each and
//     all before it are done, at most four chunks a core ahead, so memory
//     does not grow with N. The limit: a puzzle's lines are held until its
//     first line, which gives their count, is written (about n*n bytes a
//     solution, so millions of solutions take hundreds of megabytes); a
//     chunk's answers go over in parts of about 1 MiB between puzzles.
//     Generating fewer than four puzzles a core, each puzzle's search is
//     split over the cores instead, by pairs of first rows: the puzzle is
//     the square of the earliest pair that has one, as on one core. Split
//     over two cores, SOWPODS-7 N=3 places about 3.97 M rows against one
//     core's 3,941,927 (under 1% more); a long puzzle's cost, as measured,
//     is in the README.
//
// Tricks that pay, in machine-independent figures (times: README): walking
// a row from its more constrained end halves the lane tests at 6 and 7
// letters; own tries cut the solver's nodes on SOWPODS-6 N=100 from
// 5,060,219 to 2,755,291; dead first rows and pairs cut the rows generation
// places on words4 N=20000 from 621,589 to 535,843; enumerating, the last
// row's candidates are written with the rows above copied once, and the
// rows are placed without the generation's bookkeeping (the 100 words4
// seeds: 455 M to 378 M instructions).
package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// ----------------------------------------------------------- the word list

const (
	minLength  = 3
	maxLength  = 8
	alphabet   = 26
	maxWords   = 250_000
	quoteBytes = 40 // how much of a bad line an error message quotes
)

type lanes [maxLength / 2]uint64

const (
	laneBits   = 32
	allLetters = 1<<alphabet - 1
	anyLetters = allLetters | allLetters<<laneBits // every letter at both positions of a lane word
	// Adding anyLetters to a lane word carries into laneHigh's bit of each
	// lane exactly when the lane's set is not empty.
	laneHigh = 1<<alphabet | 1<<(alphabet+laneBits)
)

func (l *lanes) set(q int, letters uint32) {
	shift := uint(q%2) * laneBits
	l[uint(q)/2%(maxLength/2)] = l[uint(q)/2%(maxLength/2)]&^(allLetters<<shift) | uint64(letters)<<shift
}

// allMeet says whether a and b share a letter at every position.
func allMeet(a, b *lanes) bool {
	return ((a[0]&b[0])+anyLetters)&((a[1]&b[1])+anyLetters)&((a[2]&b[2])+anyLetters)&((a[3]&b[3])+anyLetters)&laneHigh == laneHigh
}

type dictionary struct {
	n, count int
	flat     []byte // the words end to end: word w is flat[w*n : (w+1)*n]
	nodes    []node // the trie's nodes, the root first, a node's children consecutive
	// backwards is the dictionary of the words read backwards;
	// fromBackwards[i] is the index here of its word i.
	backwards     *dictionary
	fromBackwards []uint32
	pad           [maxLength + 1]lanes // pad[k]: every letter at the positions a node at depth k does not constrain
}

const linkFirst = 32

// node is a trie node's record (drawn in the header): its lanes and its
// link side by side, so that a walk reads both from one place (on an Intel
// Xeon, CPU 0.93 of two arrays' on the 8-letter long case, 0.94 on
// SOWPODS-7 N=3, 1.02 on SOWPODS-5 N=1000).
type node struct {
	below lanes
	link  uint64
}

func (d *dictionary) word(w uint32) []byte { return d.flat[int(w)*d.n:][:d.n] }

func (d *dictionary) letters(n uint32) uint32 { return uint32(d.nodes[n].link) }

// children is a node's letters and its first child.
func (d *dictionary) children(n uint32) (letters, first uint32) {
	link := d.nodes[n].link
	return uint32(link), uint32(link >> linkFirst)
}

// childOf is the child by letter b ('a'..'z') of the node whose link is
// given, which must have one.
func childOf(link uint64, b byte) uint32 {
	return uint32(link>>linkFirst) + rank(uint32(link), 1<<((b-'a')%32))
}

// build lays out the trie of the n-letter words in flat (sorted,
// distinct), reusing d's arrays.
func (d *dictionary) build(n int, flat []byte) {
	d.n, d.flat, d.count = n, flat, len(flat)/n
	for k := range d.pad {
		d.pad[k] = lanes{}
		for q := range maxLength {
			if q < k || q >= n {
				d.pad[k].set(q, allLetters)
			}
		}
	}
	nodes := 1 // the root; a word opens a node at each depth past the prefix it shares with the word before
	for w := range d.count {
		shared := 0
		for w > 0 && d.flat[(w-1)*n+shared] == d.flat[w*n+shared] {
			shared++
		}
		nodes += n - 1 - shared
	}
	d.nodes = append(slices.Grow(d.nodes[:0], nodes), node{below: d.pad[n]})
	if d.count > 0 {
		d.subtree(0, 0, d.count, 0)
	}
}

// subtree fills the records of node nd, whose words are lo..hi-1 (sharing
// their first depth letters), and of the nodes below it; it returns the
// letters its words have at each position from depth on.
func (d *dictionary) subtree(nd uint32, lo, hi, depth int) (letters lanes) {
	var runs [alphabet + 1]int // where each child's words start
	children, present := 0, uint32(0)
	for w := lo; w < hi; w++ {
		l := d.flat[w*d.n+depth] - 'a'
		if present&(1<<l) == 0 {
			runs[children], present = w, present|1<<l
			children++
		}
	}
	runs[children] = hi
	first := uint32(lo)
	if depth < d.n-1 {
		first = uint32(len(d.nodes))
		d.nodes = append(d.nodes, make([]node, children)...)
		for i := range children {
			below := d.subtree(first+uint32(i), runs[i], runs[i+1], depth+1)
			for q := range letters {
				letters[q] |= below[q]
			}
		}
	}
	letters.set(depth, present)
	d.nodes[nd].link = uint64(first)<<linkFirst | uint64(present)
	for q := range letters {
		d.nodes[nd].below[q] = letters[q] | d.pad[depth][q]
	}
	return letters
}

// buildBackwards makes d.backwards from d's words read backwards.
func (d *dictionary) buildBackwards() {
	n, rev := d.n, slices.Clone(d.flat)
	for w := 0; w < len(rev); w += n {
		slices.Reverse(rev[w : w+n])
	}
	word := (&dictionary{n: n, flat: rev}).word
	order := make([]uint32, d.count)
	for w := range order {
		order[w] = uint32(w)
	}
	slices.SortFunc(order, func(a, b uint32) int { return bytes.Compare(word(a), word(b)) })
	flat := make([]byte, 0, len(rev))
	for _, w := range order {
		flat = append(flat, word(w)...)
	}
	d.backwards, d.fromBackwards = &dictionary{}, order
	d.backwards.build(n, flat)
}

// find is the index of w (any bytes) and whether it is a word.
func (d *dictionary) find(w []byte) (uint32, bool) {
	i, found := sort.Find(d.count, func(i int) int { return bytes.Compare(w, d.word(uint32(i))) })
	return uint32(i), found
}

// quote is a bad line as an error message shows it: quoted in ASCII, cut
// to quoteBytes inside the quotes.
func quote(line []byte) string {
	q := strconv.QuoteToASCII(string(line))
	if len(q) > quoteBytes+2 {
		q = q[:quoteBytes+1] + `"...`
	}
	return q
}

// badLine makes the messages of a bad line of a file; crlf is the one of
// a line ended in a carriage return.
func badLine(file string, line int) func(format string, args ...any) error {
	return func(format string, args ...any) error {
		return fmt.Errorf("%s line %d: "+format, append([]any{file, line}, args...)...)
	}
}

const crlf = "%s ends in a carriage return (CRLF line ends)"

// readDictionary reads and checks the word list a line at a time: a line
// longer than a word is refused when it is read, not stored.
func readDictionary(in io.Reader) (*dictionary, error) {
	r := bufio.NewReaderSize(in, 1<<16)
	var flat []byte
	n, expected := 0, fmt.Sprintf("expected words of %d to %d letters", minLength, maxLength)
	for lineNo := 1; ; lineNo++ {
		line, err := r.ReadSlice('\n')
		bad := badLine("word list (stdin)", lineNo)
		line = bytes.TrimSuffix(line, []byte("\n"))
		prev := flat[max(len(flat)-n, 0):]
		switch {
		case err == io.EOF && len(line) == 0:
			if n == 0 {
				return nil, errors.New("word list (stdin): empty; expected one lowercase word a line")
			}
			d := &dictionary{}
			d.build(n, flat)
			d.buildBackwards()
			return d, nil
		case err == bufio.ErrBufferFull:
			return nil, bad("%s has more than %d letters; %s", quote(line), len(line), expected)
		case err != nil && err != io.EOF:
			return nil, fmt.Errorf("word list (stdin): %v", err)
		case bytes.HasSuffix(line, []byte("\r")):
			return nil, bad(crlf, quote(line))
		case !lowercase(line):
			return nil, bad("%s has a character outside a-z", quote(line))
		case n == 0 && (len(line) < minLength || len(line) > maxLength) || n > 0 && len(line) != n:
			return nil, bad("%s has %d letters; %s", quote(line), len(line), expected)
		case err == io.EOF:
			return nil, bad("missing the final newline")
		case bytes.Equal(line, prev):
			return nil, bad("%s repeats line %d", quote(line), lineNo-1)
		case bytes.Compare(line, prev) < 0:
			return nil, bad("%s is not sorted: it comes before line %d, %s", quote(line), lineNo-1, quote(prev))
		case len(flat)/max(n, 1) == maxWords:
			return nil, bad("more than %d words", maxWords)
		}
		if n == 0 {
			n, expected = len(line), fmt.Sprintf("expected %d like line 1", len(line))
		}
		flat = append(flat, line...)
	}
}

func lowercase(w []byte) bool {
	for _, b := range w {
		if b < 'a' || b > 'z' {
			return false
		}
	}
	return true
}

// ------------------------------------------------------- random numbers

// fasta is the Benchmarks Game's generator (IM = 139968, IA = 3877, IC =
// 29573) in exact integer arithmetic; a run starts it at s = 42.
type fasta struct{ s int64 }

func (r *fasta) rnd(k int) int {
	r.s = (r.s*3877 + 29573) % 139968
	return int(r.s * int64(k) / 139968)
}

// ---------------------------------------------------------------- rows

// rowSearch places whole rows: what generating a puzzle and enumerating
// squares share, each level's search and the rows placed.
type rowSearch struct {
	d      *dictionary
	rows   [maxLength]uint32 // word index of each row
	levels [maxLength]level
	cands  [maxLength][]uint32 // each level's candidates, a buffer reused
	placed int64               // rows placed
}

func newRowSearch(d *dictionary) rowSearch {
	g := rowSearch{d: d}
	for k := range g.levels {
		lv := &g.levels[k]
		lv.k = k
		for c := range maxLength { // every letter past the end; setLevel writes the rest below row 0
			lv.allowed.at[c] = allLetters
			if c < d.n && k == 0 {
				lv.allowed.at[c] = d.letters(0)
			}
		}
		lv.allowed.pack()
	}
	return g
}

// rowLetters is the letters a row may have at each position, as a list
// and as lanes (every letter at q >= n, in both).
type rowLetters struct {
	at    [maxLength]uint32
	lanes lanes
}

// pack sets the lanes from the list.
func (a *rowLetters) pack() {
	at := &a.at
	a.lanes = lanes{uint64(at[0]) | uint64(at[1])<<laneBits, uint64(at[2]) | uint64(at[3])<<laneBits, uint64(at[4]) | uint64(at[5])<<laneBits, uint64(at[6]) | uint64(at[7])<<laneBits}
}

// level is the search at one row: the columns' trie nodes above it (at
// depth k) and the letters each column can take in this row.
type level struct {
	k       int
	cols    [maxLength]uint32
	allowed rowLetters
}

// rank is the number of letters in mask below the lowest letter of m.
func rank(mask, m uint32) uint32 { return uint32(bits.OnesCount32(mask & (m&-m - 1))) }

// setLevel makes lv the search for its row, k > 0, below columns above
// (at depth k-1) and row k-1 = word w.
func (g *rowSearch) setLevel(lv *level, above *[maxLength]uint32, w uint32) {
	nodes, word := g.d.nodes, g.d.word(w) // held: past lv's stores d.nodes is read again (2.6-2.8% of the square jobs' instructions)
	for c := range word {
		node := childOf(nodes[above[c]].link, word[c])
		lv.cols[c], lv.allowed.at[c] = node, uint32(nodes[node].link)
	}
	lv.allowed.pack()
}

// list is row k's candidates, its level set.
func (g *rowSearch) list(k int, how listing) []uint32 {
	cands := g.d.rowsFitting(&g.levels[k].allowed, g.cands[k][:0], how)
	if cap(cands) > cap(g.cands[k]) {
		g.cands[k] = cands // stored only when it grew: a pointer stored while the collector marks costs a write barrier (2.7% of SOWPODS-7 N=3's instructions)
	}
	return cands
}

// candidates appends to list, in index order, every word whose letter at
// each position the row allows: an iterative walk, a frame a depth holding
// the letters still to try there. The frame at hand is held in locals and
// only those above it on the stack (2-4% of the CPU of the 6- and 7-letter
// jobs and of the squares, against all of them on the stack).
func (d *dictionary) candidates(a *rowLetters, list []uint32) []uint32 {
	type frame struct{ todo, letters, first uint32 }
	var stack [maxLength]frame
	nodes := d.nodes
	allowed := &a.at
	beforeLast := uint(d.n - 2) // up to here, children are tested against the lanes
	lastAllowed := allowed[(beforeLast+1)%maxLength]
	depth := uint(0)
	letters, first := d.children(0)
	todo := letters & allowed[0]
	for {
		if todo == 0 {
			if depth == 0 {
				return list
			}
			depth--
			f := &stack[depth%maxLength]
			todo, letters, first = f.todo, f.letters, f.first
			continue
		}
		child := first + rank(letters, todo)
		todo &= todo - 1
		if depth < beforeLast {
			if allMeet(&nodes[child].below, &a.lanes) {
				stack[depth%maxLength] = frame{todo, letters, first}
				depth++
				link := nodes[child].link
				letters, first = uint32(link), uint32(link>>linkFirst)
				todo = letters & allowed[depth%maxLength]
			}
			continue
		}
		// child is at depth n-1: its children are words.
		link := nodes[child].link
		childLetters := uint32(link)
		for todo, first := childLetters&lastAllowed, uint32(link>>linkFirst); todo != 0; todo &= todo - 1 {
			list = append(list, first+rank(childLetters, todo))
		}
	}
}

// listing is how a row's candidates are listed: in index order, walking
// the cheaper trie (inOrder) or the forward one (forwards: no list to sort
// back), or in the cheaper walk's order (anyOrder).
type listing int

const (
	inOrder listing = iota
	forwards
	anyOrder
)

// rowsFitting is candidates, walked from the end of the words or (when
// forwards, or cheaper) from their start: the trie whose first two
// positions allow fewer pairs of letters cuts the walk sooner. A list
// walked from the end is put back in index order unless anyOrder.
func (d *dictionary) rowsFitting(a *rowLetters, list []uint32, how listing) []uint32 {
	n := d.n
	count := func(q int) int { return bits.OnesCount32(a.at[q]) }
	if how == forwards || count(0)*count(1) <= count(n-1)*count(n-2) {
		return d.candidates(a, list)
	}
	back := *a
	for q := range n {
		back.at[q] = a.at[n-1-q]
	}
	back.pack()
	list = d.backwards.candidates(&back, list)
	for i, w := range list {
		list[i] = d.fromBackwards[w]
	}
	if how == inOrder {
		slices.Sort(list)
	}
	return list
}

// ---------------------------------------------------------- generating

// The dead starts: first rows, and pairs of first rows, that start no
// square, a bit each (first row w: bit w; pair u, w: bit (u+1)*count + w);
// that does not depend on the order in which words are tried, so a start
// found dead in one puzzle is skipped in every later one. Pairs are kept
// for lists of up to maxDensePairs words, in a bit table of 8 MiB at most
// (a map of them saved 0.2% of the rows at 5 letters and grew to tens of
// megabytes at 8). Every worker of a run shares them.
const maxDensePairs = 8192

// generator finds puzzles: a puzzle's square is the first in the
// contest's order.
type generator struct {
	rowSearch
	deadStarts []atomic.Uint64 // shared
	offsets    [maxLength]uint32
	rnd        fasta // the draws, at those of puzzle nextPuzzle
	nextPuzzle int64
	letters    []byte       // the last puzzle's letters
	split      *splitSearch // the search this core takes part in
	pair, mine int64        // the pairs of first rows passed, and the one this core searches or takes next
}

// splitSearch is one puzzle's search on the cores that share it (one, or
// every core). Each core tries the first and second rows in the search's
// order, counting the pairs, and searches below the pairs it takes, each
// the next not taken; the puzzle is the square of the earliest pair that
// has one: the one-core search's, whatever the scheduling. A core whose
// pair comes after a square's stops. Shared, no core searches all of a
// first row, so none is found dead.
type splitSearch struct {
	shared bool
	taken  atomic.Int64 // pairs taken
	best   atomic.Int64 // the earliest pair with a square so far
	mu     sync.Mutex   // guards square
	square [maxLength]uint32
}

// start makes sp a new search, no pair taken.
func (sp *splitSearch) start(shared bool) {
	sp.shared = shared
	sp.taken.Store(0)
	sp.best.Store(math.MaxInt64)
}

// generate takes part in sp, the search for puzzle t, whose offsets are
// its n draws: the generator goes on from the last puzzle g made, drawing
// past those other workers made (n draws a puzzle). t never goes back,
// since a worker takes its chunks in order.
func (g *generator) generate(t int64, sp *splitSearch) {
	for ; g.nextPuzzle <= t; g.nextPuzzle++ {
		g.offsets = g.rnd.draws(g.d)
	}
	var root [maxLength]uint32
	g.split, g.pair, g.mine = sp, 0, sp.taken.Add(1)-1
	g.firstSquare(0, &root, 0)
}

// draws are a puzzle's offsets, one a row.
func (r *fasta) draws(d *dictionary) (offsets [maxLength]uint32) {
	for k := range d.n {
		offsets[k] = uint32(r.rnd(d.count))
	}
	return offsets
}

// puzzle is the one the square's rows make, in g's buffer until the next.
func (g *generator) puzzle(rows *[maxLength]uint32) puzzle {
	d := g.d
	g.letters = g.letters[:0]
	for k := 1; k < d.n; k++ {
		g.letters = append(g.letters, d.word(rows[k])...)
	}
	slices.Sort(g.letters)
	return puzzle{d.word(rows[0]), g.letters}
}

// firstSquare tries as row k its candidates from the offset on, wrapping
// around, below rows whose columns end at the trie nodes above (at depth
// k-1), extended by the letters of word w (the row just placed; none at
// k = 0), until one says to stop.
func (g *generator) firstSquare(k int, above *[maxLength]uint32, w uint32) bool {
	if k == g.d.n {
		return true
	}
	d, lv := g.d, &g.levels[k]
	if k > 0 {
		g.setLevel(lv, above, w)
	}
	if k < 2 {
		// Words in index order from the offset, then those before it;
		// found as they are tried, since the first usually succeeds
		// (listing them all costs 2x the CPU at 4 letters).
		start := d.word(g.offsets[k])
		return g.walk(0, 0, lv, start, false) || g.walk(0, 0, lv, start, true)
	}
	// Deeper, nearly every row fails and all its candidates are tried:
	// list them in one pass, in any order, and keep the square of the
	// first from the offset on (wrapping around) that has one. Unsorted,
	// a row that succeeds tries some candidates past its square's (rows
	// placed on one core: SOWPODS-7 N=3 +0.4%, SOWPODS-6 N=100 +8%), which
	// costs less than sorting every list walked backwards (CPU: README).
	var square [maxLength]uint32
	first := uint64(math.MaxUint64) // past every candidate's place, which is below 2^32
	for _, w := range g.list(k, anyOrder) {
		if from := uint64(w - g.offsets[k]); from < first && g.try(lv, w) {
			first, square = from, g.rows
		}
	}
	if first == math.MaxUint64 {
		return false
	}
	g.rows = square
	return true
}

// fits says whether a word has at each position a letter the row allows.
func (a *rowLetters) fits(w []byte) bool {
	for q, b := range w {
		if a.at[q]&(1<<(b-'a')) == 0 {
			return false
		}
	}
	return true
}

// walk tries as row k, in index order, the words below node (at depth)
// whose letter at each position the level allows, and stops when one says
// to; a subtree with no word that fits is skipped whole. On the path of
// the start word (start not nil) it tries the words from it on, or those
// before it.
func (g *generator) walk(node uint32, depth int, lv *level, start []byte, before bool) bool {
	d := g.d
	letters, first := d.children(node)
	m := letters & lv.allowed.at[depth]
	onPath := uint32(0) // the letter of the start word's path, when on it
	if start != nil {
		onPath = 1 << ((start[depth] - 'a') % 32)
		switch {
		case !before:
			m &^= onPath - 1
		case depth == d.n-1:
			m &= onPath - 1 // the start word itself was tried first
		default:
			m &= onPath | (onPath - 1)
		}
	}
	for ; m != 0; m &= m - 1 {
		c := first + rank(letters, m)
		childStart := start
		if m&-m != onPath {
			childStart = nil
		}
		switch {
		case depth == d.n-1:
			if g.try(lv, c) {
				return true
			}
		case allMeet(&d.nodes[c].below, &lv.allowed.lanes):
			if g.walk(c, depth+1, lv, childStart, before) {
				return true
			}
		}
	}
	return false
}

// try sets row k to word w and searches the rows below; it says whether
// to stop: a square found, or one found below an earlier pair. A first row
// or pair found to start no square is remembered.
func (g *generator) try(lv *level, w uint32) bool {
	sp, k := g.split, lv.k
	if g.mine > sp.best.Load() {
		return true
	}
	if k == 1 && g.pair != g.mine {
		g.pair++ // another core's pair
		return false
	}
	g.rows[k] = w
	g.placed++
	if k > 1 {
		return g.firstSquare(k+1, &lv.cols, w)
	}
	bit := uint64(w) + uint64(k)*uint64(g.rows[0]+1)*uint64(g.d.count)
	known := bit/64 < uint64(len(g.deadStarts))
	dead := known && g.deadStarts[bit/64].Load()&(1<<(bit%64)) != 0
	ok := !dead && g.firstSquare(k+1, &lv.cols, w)
	if known && !dead && !ok && (k == 1 || !sp.shared) {
		g.deadStarts[bit/64].Or(1 << (bit % 64))
	}
	if k == 1 {
		if g.pair++; !ok {
			g.mine = sp.taken.Add(1) - 1
			return false
		}
		sp.mu.Lock()
		if g.mine < sp.best.Load() {
			sp.best.Store(g.mine)
			sp.square = g.rows
		}
		sp.mu.Unlock()
	}
	return ok
}

// --------------------------------------------------------- enumerating

// enumerator hands every square below a first row to lines, each line
// showing the rows from from on.
type enumerator struct {
	rowSearch
	lines *block
	from  int
}

// enumerate hands every square whose first row is seed to lines.
func (e *enumerator) enumerate(seed uint32, lines *block, from int) {
	var root [maxLength]uint32
	e.lines, e.from = lines, from
	e.rows[0] = seed
	if !e.levels[0].allowed.fits(e.d.word(seed)) {
		return // a column would start with a letter no word starts with
	}
	e.everySquare(1, &root, seed)
}

// everySquare places as row k each of its candidates in order, below rows
// whose columns end at the trie nodes above, extended by word w.
func (e *enumerator) everySquare(k int, above *[maxLength]uint32, w uint32) {
	lv := &e.levels[k]
	e.setLevel(lv, above, w)
	if k == e.d.n-1 {
		e.lastRow(e.list(k, forwards))
		return
	}
	for _, c := range e.list(k, inOrder) {
		e.rows[k] = c
		e.placed++
		e.everySquare(k+1, &lv.cols, c)
	}
}

// lastRow writes the line of each candidate of the last row: every one
// completes a square. The rows above it are copied once, and then again
// from the first line for each.
func (e *enumerator) lastRow(cands []uint32) {
	if len(cands) == 0 {
		return
	}
	d, k := e.d, e.d.n-1
	lines := e.lines.lines // a local slice: a slice stored in the heap on each append costs a write barrier while the collector marks
	for _, row := range e.rows[e.from:k] {
		lines = append(append(lines, d.word(row)...), ' ')
	}
	prefix := lines[len(lines)-(k-e.from)*(d.n+1):]
	for i, w := range cands {
		if i > 0 {
			lines = append(lines, prefix...)
		}
		lines = append(append(lines, d.word(w)...), '\n')
	}
	e.lines.lines, e.lines.count = lines, e.lines.count+int64(len(cands))
}

// block is a puzzle's answer lines, kept until the puzzle's first line,
// which gives their count, is written: a puzzle's answers are held in
// memory whole (the limit of this design: about n*n bytes a solution).
type block struct {
	lines []byte
	count int64
}

// --------------------------------------------------------------- solving

// puzzle is a seed and its sorted pool of letters, or "*" for any.
type puzzle struct{ seed, letters []byte }

// solver finds every grid for one puzzle, letter by letter.
type solver struct {
	d *dictionary
	// The words for the rows and for the columns: d's, or those the pool
	// can spell (after their first letter, a letter of the seed, for the
	// columns) in ownRows and ownCols.
	rows, cols       *dictionary
	ownRows, ownCols dictionary
	pool             [32]int8 // letters left, by letter (a letter is a bit number of a mask)
	avail            uint32   // letters with pool > 0
	// The columns' nodes above each row (at depth r) and their letters.
	colNodes   [maxLength + 1][maxLength]uint32
	colLetters [maxLength + 1]lanes
	grid       [maxLength][maxLength]byte
	lines      *block // where the solutions go
	nodes      int64
}

// ownFrom: from this many letters on, the solver builds the tries of the
// words the pool can spell for each puzzle (it halves the solver's nodes
// at 6 letters); below it, the puzzles are so small that building them
// costs more than the whole search.
const ownFrom = 6

// fill places a letter at (r, c), r >= 1; row is the row's trie node so
// far (at depth c), the column's is colNodes[r][c] (at depth r). Before
// going on it looks ahead: the column, now at node below (depth r+1), must
// find each of its remaining letters in the pool, and the row, now at node
// next (depth c+1), each of its remaining letters among those its column
// can take there and the pool still has.
func (s *solver) fill(r, c int, row uint32) {
	n := s.d.n
	rows, cols := s.rows, s.cols
	colLetters, colFirst := cols.children(s.colNodes[r][c])
	rowLetters, rowFirst := rows.children(row)
	laterRows, laterCols := r+1 < n, c+1 < n
	colAllowed, through := &s.colLetters[r], &rows.pad[c+1] // pad[c+1]: every letter at positions 0..c, the row's letters so far
	for m := rowLetters & colLetters & s.avail; m != 0; m &= m - 1 {
		low := m & -m
		l := bits.TrailingZeros32(m) & 31
		below, next := colFirst+rank(colLetters, m), rowFirst+rank(rowLetters, m)
		avail := s.avail // the letters left once l is placed
		if s.pool[l] == 1 {
			avail &^= low
		}
		availAll := uint64(avail) | uint64(avail)<<laneBits
		pool := lanes{availAll, availAll, availAll, availAll}
		if laterRows && !allMeet(&cols.nodes[below].below, &pool) {
			continue
		}
		if laterCols {
			want := lanes{
				(colAllowed[0] | through[0]) & availAll,
				(colAllowed[1] | through[1]) & availAll,
				(colAllowed[2] | through[2]) & availAll,
				(colAllowed[3] | through[3]) & availAll,
			}
			if !allMeet(&rows.nodes[next].below, &want) {
				continue
			}
		}
		s.nodes++
		s.pool[l]--
		s.avail = avail
		s.colNodes[r+1][c] = below
		if laterRows {
			s.colLetters[r+1].set(c, cols.letters(below))
		}
		s.grid[r][c] = byte('a' + l)
		switch {
		case laterCols:
			s.fill(r, c+1, next)
		case laterRows:
			s.fill(r+1, 0, 0)
		default:
			for r := 1; r < n; r++ {
				s.lines.lines = append(append(s.lines.lines, s.grid[r][:n]...), ' ')
			}
			s.lines.lines[len(s.lines.lines)-1] = '\n'
			s.lines.count++
		}
		s.avail |= low
		s.pool[l]++
	}
}

// spellable appends to flat, in index order, the words below node (at
// depth) whose letters from depth on the pool holds, as many times as
// they have them: a walk of the trie that takes each letter from the pool
// on the way down and gives it back on the way up.
func (s *solver) spellable(node uint32, depth int, flat []byte) []byte {
	d := s.d
	letters, first := d.children(node)
	for m := letters & s.avail; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m) & 31
		if s.pool[l] == 0 {
			continue
		}
		c := first + rank(letters, m)
		s.pool[l]--
		if depth == d.n-1 {
			flat = append(flat, d.word(c)...)
		} else {
			flat = s.spellable(c, depth+1, flat)
		}
		s.pool[l]++
	}
	return flat
}

// restrict builds the tries of the words the pool can spell, for the
// rows, and of the words with a seed letter first that it can spell after
// it, for the columns.
func (s *solver) restrict(seed []byte) {
	d := s.d
	rows := s.spellable(0, 0, s.ownRows.flat[:0]) // the last puzzle's arrays, reused
	seedLetters := uint32(0)
	for _, b := range seed {
		seedLetters |= 1 << (b - 'a')
	}
	cols := s.ownCols.flat[:0]
	root, first := d.children(0)
	for m := root & seedLetters; m != 0; m &= m - 1 {
		cols = s.spellable(first+rank(root, m), 1, cols)
	}
	s.ownRows.build(d.n, rows)
	s.ownCols.build(d.n, cols)
	s.rows, s.cols = &s.ownRows, &s.ownCols
}

// solve fills rows 2..n below the seed with the pool's letters, each
// solution a line of lines.
func (s *solver) solve(p puzzle, lines *block) {
	d := s.d
	s.pool, s.avail, s.rows, s.cols, s.lines = [32]int8{}, 0, d, d, lines
	for _, b := range p.letters {
		s.pool[b-'a']++
		s.avail |= 1 << (b - 'a')
	}
	if d.n >= ownFrom {
		s.restrict(p.seed)
	}
	s.below(p.seed)
}

// below fills the rows below the seed from the row and column tries.
func (s *solver) below(seed []byte) {
	for r := range s.colLetters {
		s.colLetters[r] = lanes{anyLetters, anyLetters, anyLetters, anyLetters}
	}
	for c, b := range seed {
		if s.cols.letters(0)&(1<<(b-'a')) == 0 {
			return // no column starts with this letter
		}
		s.colNodes[1][c] = childOf(s.cols.nodes[0].link, b)
		s.colLetters[1].set(c, s.cols.letters(s.colNodes[1][c]))
	}
	s.fill(1, 0, 0)
}

// ------------------------------------------------------------ the puzzles

// maxPuzzleFile is the largest puzzle file read (about 3 million puzzles
// of 8 letters).
const maxPuzzleFile = 256 << 20

// readPuzzles reads and checks a puzzle file against the dictionary.
func readPuzzles(name string, d *dictionary) ([]puzzle, error) {
	file := name // as the messages show it: a long or unprintable name is quoted, cut
	if q := quote([]byte(name)); q != `"`+name+`"` {
		file = q
	}
	f, err := os.Open(name)
	var info os.FileInfo
	if err == nil {
		defer f.Close()
		info, err = f.Stat()
	}
	var data []byte
	if err == nil && info.Mode().IsRegular() && info.Size() <= maxPuzzleFile { // nothing read of a device, a pipe or a larger file
		data, err = io.ReadAll(io.LimitReader(f, maxPuzzleFile+1))
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		pe.Path = file
	}
	switch {
	case err != nil:
		return nil, fmt.Errorf("puzzle file: %v", err)
	case !info.Mode().IsRegular():
		return nil, fmt.Errorf("puzzle file %s: not a regular file: give a file", file)
	case info.Size() > maxPuzzleFile || len(data) > maxPuzzleFile:
		return nil, fmt.Errorf("puzzle file %s: larger than %d MiB", file, maxPuzzleFile>>20)
	}
	if bytes.HasPrefix(data, []byte("\ufeff")) {
		return nil, fmt.Errorf("puzzle file %s: starts with a byte-order mark: save it as UTF-8 without one", file)
	}
	n, poolSize := d.n, d.n*(d.n-1)
	var puzzles []puzzle
	for i, line := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
		bad := badLine(file, i+1)
		fields := bytes.Fields(line)
		switch {
		case bytes.HasSuffix(line, []byte("\r")):
			return nil, bad(crlf, quote(line))
		case len(fields) != 2:
			return nil, bad("expected \"seed letters\", got %s", quote(line))
		}
		p := puzzle{fields[0], fields[1]}
		switch _, known := d.find(p.seed); {
		case len(p.seed) != n || !lowercase(p.seed):
			return nil, bad("seed %s: expected %d letters a-z, like the word list", quote(p.seed), n)
		case string(p.letters) != "*" && (len(p.letters) != poolSize || !lowercase(p.letters)):
			return nil, bad("letters %s: expected %d letters a-z (n*(n-1) for n = %d)", quote(p.letters), poolSize, n)
		case !known:
			return nil, bad("seed %s is not in the word list", quote(p.seed))
		}
		slices.Sort(p.letters)
		puzzles = append(puzzles, p)
	}
	return puzzles, nil
}

// ---------------------------------------------------------- running them

// worker is what one core keeps from task to task: its searches by rows
// and by letters, and the answer lines of the puzzle at hand.
type worker struct {
	gen    generator
	enum   enumerator
	letter solver
	lines  block
	split  splitSearch // the search of the puzzle at hand, shared with the helpers
}

// answer adds the puzzle's block to a chunk: its first line ("seed letters
// count", none for -squares, whose from is 0) and its lines, each showing
// rows from+1..n: its solutions, or, for any letters, the squares below
// its seed.
func (w *worker) answer(p puzzle, from int, out []byte) []byte {
	w.lines = block{lines: w.lines.lines[:0]}
	if string(p.letters) == "*" {
		seed, _ := w.enum.d.find(p.seed)
		w.enum.enumerate(seed, &w.lines, from)
	} else {
		w.letter.solve(p, &w.lines)
	}
	if from > 0 {
		out = append(append(append(append(out, p.seed...), ' '), p.letters...), ' ')
		out = append(strconv.AppendInt(out, w.lines.count, 10), '\n')
	}
	return append(out, w.lines.lines...)
}

// team is one run's workers, a core each (their generators share the memo
// of dead starts), and its output.
type team struct {
	idle        chan *worker // a core's worker while no chunk has it
	spare       chan []byte  // chunk buffers written out, to be used again
	out         io.Writer
	nodes, rows int64        // solver nodes, rows placed by the row searches
	done, lines atomic.Int64 // tasks done and their lines, for the status line
	err         error
	// halt: no square at all (then every puzzle fails, the first one
	// included, so nothing has been written when it is said), or err.
	halt atomic.Bool
}

const (
	maxChunk        = 64      // puzzles a chunk at most: enough to amortise the hand-off
	chunksPerWorker = 32      // fewer puzzles a chunk when there are few, so the cores stay balanced
	windowPerWorker = 4       // chunks a worker may be ahead of the output
	partSize        = 1 << 20 // a chunk's answers past this go to the writer in parts
	// splitUnder: generating fewer puzzles than this a core, each puzzle's
	// search is split over the cores; more share the cores in chunks.
	splitUnder = 4
)

func newTeam(d *dictionary, workers int, out io.Writer) *team {
	tm := &team{out: out, idle: make(chan *worker, workers), spare: make(chan []byte, windowPerWorker*workers+1)}
	starts := d.count
	if d.count <= maxDensePairs {
		starts += d.count * d.count
	}
	dead := make([]atomic.Uint64, starts/64+1)
	for range workers {
		tm.idle <- &worker{gen: generator{rowSearch: newRowSearch(d), deadStarts: dead, rnd: fasta{42}}, enum: enumerator{rowSearch: newRowSearch(d)}, letter: solver{d: d}}
	}
	return tm
}

// gather takes every worker back (no chunk is then still running) and adds
// up their nodes.
func (tm *team) gather() {
	for range cap(tm.idle) {
		w := <-tm.idle
		tm.nodes, tm.rows = tm.nodes+w.letter.nodes, tm.rows+w.gen.placed+w.enum.placed
	}
}

// chunks does tasks [0, count) in chunks, each on an idle worker, and
// writes their answers in order, each as soon as it and all before it are
// done; at most windowPerWorker chunks a core are out at once, so memory
// stays bounded however many tasks there are. Between tasks, a chunk's
// answers past partSize go to the writer as a part, which waits for its
// turn: a chunk holds at most one part waiting and the one being filled.
// Once the run halts, no task starts and what is queued is dropped.
func (tm *team) chunks(count int64, task func(w *worker, t int64, out []byte) []byte) {
	workers := cap(tm.idle)
	size := min(maxChunk, max(1, count/int64(chunksPerWorker*workers)))
	queue := make(chan chan []byte, windowPerWorker*workers)
	go func() { // starts the chunks in order, queueing where their parts will come
		for first := int64(0); first < count && !tm.halt.Load(); first += size {
			parts := make(chan []byte, 1)
			queue <- parts
			w := <-tm.idle
			go func() {
				out := tm.fresh()
				for t := first; t < min(first+size, count) && !tm.halt.Load(); t++ {
					out = task(w, t, out)
					tm.done.Add(1)
					tm.lines.Add(w.lines.count)
					if len(out) > partSize {
						parts <- out
						out = tm.fresh()
					}
				}
				parts <- out
				close(parts)
				tm.idle <- w
			}()
		}
		close(queue)
	}()
	for parts := range queue {
		for part := range parts {
			tm.write(part)
		}
	}
}

// generate generates and solves puzzles 0..count-1. With few a core,
// each puzzle's search is on every core: one worker takes the chunks and
// the others help it.
func (tm *team) generate(count int64) {
	var helpers []*worker
	if workers := cap(tm.idle); workers > 1 && count < int64(splitUnder*workers) {
		for range workers - 1 {
			helpers = append(helpers, <-tm.idle)
		}
		defer func() {
			for _, h := range helpers {
				tm.idle <- h
			}
		}()
	}
	tm.chunks(count, func(w *worker, t int64, out []byte) []byte {
		sp := &w.split
		sp.start(helpers != nil)
		var wg sync.WaitGroup
		for _, h := range helpers {
			wg.Add(1)
			go func() {
				h.gen.generate(t, sp)
				wg.Done()
			}()
		}
		w.gen.generate(t, sp)
		wg.Wait()
		if sp.best.Load() == math.MaxInt64 {
			tm.halt.Store(true)
			return out
		}
		return w.answer(w.gen.puzzle(&sp.square), 1, out)
	})
}

// fresh is an empty buffer for answers, a spare one if there is one.
func (tm *team) fresh() []byte {
	select {
	case out := <-tm.spare:
		return out
	default:
		return nil
	}
}

// write writes a part of the answers, unless the run has halted; a
// failed write halts it.
func (tm *team) write(part []byte) {
	if tm.halt.Load() {
		return
	}
	if _, tm.err = tm.out.Write(part); tm.err != nil {
		tm.halt.Store(true)
	}
	if cap(part) <= 4*partSize { // a part and a seed
		select {
		case tm.spare <- part[:0]:
		default:
		}
	}
}

// status writes the status line to out until work is closed, then the
// last one: a line every few seconds, or on a terminal one redrawn in
// place four times a second. A
// failed write stops nothing, nor does SIGPIPE.
func (tm *team) status(what string, of int64, out io.Writer, work chan bool) {
	signal.Ignore(syscall.SIGPIPE)
	terminal, start, every := isTerminal(out), time.Now(), 5*time.Second
	if terminal {
		every = time.Second / 4
	}
	tick := time.Tick(every)
	for last := false; !last; {
		select {
		case <-tick:
		case <-work:
			last = true
		}
		done, lines, s := tm.done.Load(), tm.lines.Load(), time.Since(start).Seconds()
		line := fmt.Sprintf("status: %s %d of %d, %d lines (%.0f/s), %.1f s", what, done, of, lines, float64(lines)/s, s)
		if done > 0 && !last {
			line += fmt.Sprintf(", %.0f s left", s*float64(of-done)/float64(done))
		}
		if terminal {
			line = "\r" + line + "\x1b[K"
		}
		if !terminal || last {
			line += "\n"
		}
		io.WriteString(out, line)
	}
}

// isTerminal says whether w is a terminal (a character device other than
// /dev/null).
func isTerminal(w io.Writer) bool {
	f, _ := w.(*os.File)
	info, err := f.Stat()
	null, _ := os.Stat(os.DevNull)
	return err == nil && info.Mode()&os.ModeCharDevice != 0 && !os.SameFile(info, null)
}

// share is part I of K of tasks of the weights given, [first, end):
// consecutive, each part about a Kth of the weight.
func share(weights []float64, part, parts int64) (first, end int64) {
	total, before := 0.0, 0.0
	for _, w := range weights {
		total += w
	}
	for _, w := range weights {
		p := min(int64(before/total*float64(parts)), parts-1)
		if p < part {
			first++
		}
		if p <= part {
			end++
		}
		before += w
	}
	return first, end
}

// work is what a puzzle is expected to cost: 1, and for any letters, over
// the seed's second rows the product of the letters each column can go on
// with.
func (g *rowSearch) work(p puzzle) float64 {
	var root [maxLength]uint32
	d, lv, sum := g.d, &g.levels[1], 1.0
	w, _ := d.find(p.seed)
	if !g.levels[0].allowed.fits(p.seed) || string(p.letters) != "*" {
		return sum
	}
	g.setLevel(lv, &root, w)
	for _, second := range g.list(1, anyOrder) {
		product := 1.0
		for c, b := range d.word(second) {
			product *= float64(bits.OnesCount32(d.letters(childOf(d.nodes[lv.cols[c]].link, b))))
		}
		sum += product
	}
	return sum
}

// ------------------------------------------------------------ the program

const usage = `usage: acrostic [-v] [-progress] N < WORDLIST
       acrostic [-v] [-progress] (-puzzles FILE | -squares) [-parts K -part I] < WORDLIST
N: generate N dense acrostics and solve each; -puzzles: solve FILE's "seed letters"
(or "seed *": any letters) lines; -squares: every word square. WORDLIST: one
lowercase word a line, all of 3 to 8 letters alike, sorted, no duplicates.
-v: the nodes on stderr. -progress: a status line on stderr (the default on a
terminal; -progress=false for none). -parts K -part I: the I-th of K runs of
consecutive answers of about equal work, which together, in order, are the whole.
`

// options is the command line.
type options struct {
	verbose, squares, progress, quiet bool
	file                              string
	count, parts, part                int64
}

var errHelp = errors.New("help")

// parseArgs reads the command line: flags in any order, and one of N,
// -puzzles FILE and -squares. A number is decimal digits, nothing else.
func parseArgs(args []string) (o options, err error) {
	jobs, seen := 0, map[string]bool{}
	o.parts, o.part = 1, -1
	args = append(args[:len(args):len(args)], "") // the value of a last flag that takes one
	for i := 0; i < len(args)-1; i++ {
		a, next := args[i], args[i+1]
		name, _, _ := strings.Cut(a, "=")
		if seen[name] && strings.Contains(" -v -progress -squares -puzzles -parts -part ", " "+name+" ") {
			return o, fmt.Errorf("%s given twice: give it once", name)
		}
		seen[name] = true
		switch a {
		case "-h", "-help", "--help":
			return o, errHelp
		case "-v":
			o.verbose = true
		case "-progress", "-progress=true", "-progress=false":
			o.progress, o.quiet = a != "-progress=false", a == "-progress=false"
		case "-squares":
			o.squares, jobs = true, jobs+1
		case "-puzzles":
			if o.file, jobs, i = next, jobs+1, i+1; next == "" {
				return o, errors.New("-puzzles: expected a FILE after it (acrostic -h for the usage)")
			}
		case "-parts":
			o.parts, i = number(next), i+1
		case "-part":
			o.part, i = number(next), i+1
		default:
			if len(a) > 1 && a[0] == '-' && (a[1] < '0' || a[1] > '9') {
				return o, fmt.Errorf("unknown flag %s (acrostic -h for the usage)", quote([]byte(a)))
			}
			if o.count, jobs = number(a), jobs+1; o.count < 1 {
				//lint:ignore ST1005 the message starts with the argument's name, N
				return o, fmt.Errorf("N: expected a number of puzzles from 1 to 9223372036854775807, got %s (acrostic -h for the usage)", quote([]byte(a)))
			}
		}
	}
	switch {
	case jobs > 1:
		return o, errors.New("only one of N, -puzzles FILE and -squares (acrostic -h for the usage)")
	case jobs != 1:
		return o, errors.New("expected N, -puzzles FILE or -squares (acrostic -h for the usage)")
	case seen["-parts"] != seen["-part"]:
		return o, errors.New("-parts K and -part I go together")
	case o.parts > maxParts:
		return o, fmt.Errorf("-parts %d: expected at most %d", o.parts, maxParts)
	case o.parts < 1 || o.part >= o.parts || o.part < 0 && o.parts > 1 || o.parts > 1 && o.count > 0:
		return o, errors.New("-parts K -part I: expected 0 <= I < K in decimal, with -squares or -puzzles")
	}
	o.part = max(o.part, 0)
	return o, nil
}

// maxParts is the most parts a run is cut into: more than a cluster runs.
const maxParts = 1 << 16

// number is a decimal argument, or -1.
func number(s string) int64 {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || s != strconv.FormatInt(n, 10) {
		return -1
	}
	return n
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the program: it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := parseArgs(args)
	if err == errHelp {
		if _, err := io.WriteString(stdout, usage); err != nil {
			fmt.Fprintf(stderr, "acrostic: writing the usage: %v\n", err)
			return 1
		}
		return 0
	}
	var tm *team
	if err == nil {
		tm, err = program(o, stdin, stdout, stderr)
	}
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "acrostic: %v\n", err)
		return 2
	case tm.err != nil:
		fmt.Fprintf(stderr, "acrostic: writing the answers: %v\n", tm.err)
		return 1
	case o.verbose:
		fmt.Fprintf(stderr, "solver nodes %d\nrows placed %d\n", tm.nodes, tm.rows)
	}
	return 0
}

// program reads the input, then generates or reads the puzzles and solves
// them, writing as it goes.
func program(o options, stdin io.Reader, stdout, stderr io.Writer) (*team, error) {
	d, err := readDictionary(stdin)
	if err != nil {
		return nil, err
	}
	var puzzles []puzzle
	from, what := 1, "puzzles"
	switch {
	case o.count > 0:
	case o.squares:
		for w := range d.count {
			puzzles = append(puzzles, puzzle{d.word(uint32(w)), []byte("*")})
		}
		from, what = 0, "seeds"
	default:
		if puzzles, err = readPuzzles(o.file, d); err != nil {
			return nil, err
		}
	}
	first, end := int64(0), int64(len(puzzles))
	if o.parts > 1 { // weighed only for parts: the weights cost 7% of the Wordle squares' instructions
		g, weights := newRowSearch(d), make([]float64, len(puzzles))
		for t, p := range puzzles {
			weights[t] = g.work(p)
		}
		first, end = share(weights, o.part, o.parts)
	}
	tm, work := newTeam(d, runtime.GOMAXPROCS(0), stdout), make(chan bool)
	go func() {
		if o.count > 0 {
			tm.generate(o.count)
		} else {
			tm.chunks(end-first, func(w *worker, t int64, out []byte) []byte {
				return w.answer(puzzles[first+t], from, out)
			})
		}
		close(work)
	}()
	if o.progress || !o.quiet && isTerminal(stderr) {
		tm.status(what, max(o.count, end-first), stderr, work)
	}
	<-work
	tm.gather()
	if tm.halt.Load() && tm.err == nil {
		return nil, errors.New("word list (stdin): no word square can be made from these words, so no puzzle can be generated")
	}
	return tm, nil
}
