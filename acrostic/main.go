// Acrostic: dense acrostics (word squares from a seed word and a pool of
// letters), generated and solved.
//
// The puzzle. A dense acrostic of size n: given a seed word (the top row) and
// a pool of n*(n-1) letters, arrange the letters into rows 2..n so that every
// row and every column, read top to bottom, is a word of the dictionary.
//
// Usage:
//
//	acrostic [-v] N < WORDLIST              generate N puzzles, solve each
//	acrostic [-v] -puzzles FILE < WORDLIST  solve the puzzles in FILE ("seed letters" a line)
//	acrostic -h                             print the usage
//
// -v adds, on stderr, the nodes of the search and the time taken.
//
// WORDLIST: one word a line, lowercase a-z, all of one length n (3..8),
// sorted ascending in byte order, no duplicates, "\n" line ends, at most
// 250,000 words; D[i] is the i-th word. N: 1 to 2^63-1; output streams, so
// any N runs in the same memory. Anything else, a bad puzzle line or a bad N
// gets one line on stderr naming the line (quoting at most 40 bytes of it),
// exit status 2 and nothing on stdout.
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
// puzzle is generated and solved by search. The output does not depend on
// the number of cores.
//
// How it works, in five lines:
//  1. The words form a trie numbered breadth first; a node is 8 bytes of
//     links (its letters, its first child) and 32 of lanes: the letters its
//     words have at every position, tested against the allowed letters at
//     every position in four ANDs and adds (allMeet).
//  2. Generation walks the trie with the columns' letters; from the third
//     row on, where nearly every row fails, it lists the candidates in one
//     iterative pass over the trie of the words, or of the words read
//     backwards when the row's last two letters are the more constrained,
//     then tries them from the offset. Dead first rows (and, for lists of
//     up to 8192 words, pairs) are remembered for the run.
//  3. The solver picks the words the pool can spell (rows) and those it
//     can spell after their first letter (columns), builds a small trie
//     of each in one pass, and fills cells row by row in letter order, so
//     solutions come out sorted; each letter must leave every later cell of
//     its row and column a letter from the pool.
//  4. Puzzles are generated and solved in chunks on every core, each
//     chunk's fasta state jumped to directly, and written in order as soon
//     as each and all before it are done, at most a few chunks ahead.
//  5. Puzzles of 7 letters and up, or fewer puzzles than cores, are split:
//     the cores take pairs of first rows in the search's order, and the
//     first pair that starts a square wins, the later ones being stopped.
//
// What the profile said (SOWPODS-6 and -7, one core): generation is a trie
// walk that mostly proves three-row starts dead. It was bound by branches
// the CPU guessed wrong (6-10% of them) and by bounds checks, not by
// memory once a node was 40 bytes: the branchless lane test, the iterative
// walk and the cheaper level set-up took a quarter off. Walking from the
// more constrained end halves the lane tests (one-core CPU: 0.45 -> 0.39 s
// on SOWPODS-6 N=100, 1.43 -> 0.93 s on SOWPODS-7 N=3); cutting the solver's tries to the pool halves its nodes. Tried and
// dropped: a branch-free test of all of a node's children at once (more
// instructions, no faster), a row-existence check at each row's end (cost
// what it pruned), a map of dead pairs for long lists (0.2% of the rows).
//
// Measured (go1.26.8, AMD EPYC, 2 cores; README, acrostic section), as
// ratios to the tuned C solver on one core in alternating pairs, elapsed /
// CPU: words4 N=20000 0.15 / 0.29, Wordle N=5000 0.14 / 0.27, SOWPODS-5
// N=1000 0.19 / 0.37, SOWPODS-6 N=100 0.19 / 0.36, SOWPODS-7 N=3 0.22 /
// 0.38 (load 1.71). Peak memory 3.5 MB for words4 at any N.
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
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// ----------------------------------------------------------- the word list

const (
	minLength = 3
	maxLength = 8
	alphabet  = 26
	maxWords  = 250_000
	// quoteBytes is how much of a bad line an error message quotes.
	quoteBytes = 40
)

// lanes holds a set of letters for each of maxLength positions, two to a
// word, so that a whole word's worth of sets is tested in four operations:
//
//	word q/2, q even:  63 ..... 58 57 ............ 32 31 ..... 26 25 ............ 0
//	                   [  zero   ][ letters at q+1  ][  zero    ][  letters at q   ]
type lanes [maxLength / 2]uint64

const (
	laneBits   = 32
	allLetters = 1<<alphabet - 1
	anyLetters = allLetters | allLetters<<laneBits // every letter at both positions of a word
	// Adding laneCarry to a word of two letter sets carries into laneHigh's
	// bit of each lane exactly when the lane's set is not empty.
	laneCarry = anyLetters
	laneHigh  = 1<<alphabet | 1<<(alphabet+laneBits)
)

func (l *lanes) set(q int, letters uint32) {
	shift := uint(q%2) * laneBits
	l[uint(q)/2%(maxLength/2)] = l[uint(q)/2%(maxLength/2)]&^(allLetters<<shift) | uint64(letters)<<shift
}

func (l *lanes) at(q int) uint32 {
	return uint32(l[uint(q)/2%(maxLength/2)]>>(uint(q%2)*laneBits)) & allLetters
}

// allMeet says whether a and b share a letter at every position.
func allMeet(a, b *lanes) bool {
	return ((a[0]&b[0])+laneCarry)&((a[1]&b[1])+laneCarry)&((a[2]&b[2])+laneCarry)&((a[3]&b[3])+laneCarry)&laneHigh == laneHigh
}

// dictionary holds words of one length and their trie, laid out for the
// walks the search makes. Nodes are numbered breadth first from the root,
// 0, so the nodes of one depth are consecutive and so are a node's
// children. Leaves (whole words, depth n) have no record: a leaf is named
// by its word index. A node at depth k < n has two records, both read on
// every visit:
//
//	link[node]   bits 0-25   letters: the letters that have a child
//	             bits 32-63  first: the first child (at depth n-1, its word index)
//	below[node]  for each position q, the letters the node's words have
//	             there (lanes); every letter at q < k and q >= n
//
// Child by letter l: first + (letters below l).
type dictionary struct {
	n     int
	count int    // words
	flat  []byte // the words end to end: word w is flat[w*n : (w+1)*n]
	link  []uint64
	below []lanes
	// spells[w] says which letters word w needs from a pool, for the
	// solver's choice of words: bits 0-25 the letters of the whole word,
	// 32-57 those after its first letter; bits 31 and 63 say that a letter
	// repeats there, so counts must be checked too.
	spells []uint64
	// backwards is the dictionary of the words read backwards, for rows
	// better walked from the end; fromBackwards[i] is the index here of
	// its word i.
	backwards     *dictionary
	fromBackwards []uint32
	// pastEnd has every letter at the positions q >= n, none before.
	pastEnd lanes
	// firstLetter[l] is the first word whose first letter is l or later.
	firstLetter [alphabet + 1]uint32
}

// Fields of a link and of a spells entry.
const (
	linkFirst   = 32
	spellsTail  = 32
	spellsTwice = 1 << 31
)

func (d *dictionary) word(w uint32) []byte { return d.flat[int(w)*d.n:][:d.n] }

func (d *dictionary) letters(node uint32) uint32 { return uint32(d.link[node]) & allLetters }

// child is node's child by letter l, which node must have.
func (d *dictionary) child(node uint32, l int) uint32 {
	link := d.link[node]
	return uint32(link>>linkFirst) + uint32(bits.OnesCount32(uint32(link)&(1<<(uint(l)%32)-1)))
}

// childIfAny is child, or false when node has no child by l.
func (d *dictionary) childIfAny(node uint32, l int) (uint32, bool) {
	if d.letters(node)&(1<<l) == 0 {
		return 0, false
	}
	return d.child(node, l), true
}

func (d *dictionary) contains(w []byte) bool {
	node := uint32(0)
	for i := range w {
		var ok bool
		if node, ok = d.childIfAny(node, int(w[i]-'a')); !ok {
			return false
		}
	}
	return len(w) == d.n
}

// build lays out the trie of the words in flat (n letters each, sorted,
// distinct) in one pass to count the nodes of each depth and one to fill
// them, reusing d's arrays. A word opens a node at each depth past the
// prefix it shares with the word before, and adds its letters to the lanes
// of every node on its path.
func (d *dictionary) build(n int, flat []byte) {
	d.n, d.flat, d.count = n, flat, len(flat)/n
	for q := n; q < maxLength; q++ {
		d.pastEnd.set(q, allLetters)
	}
	var perDepth [maxLength]int
	perDepth[0] = 1
	for w := 1; w < d.count; w++ {
		for k := sharedPrefix(d.word(uint32(w-1)), d.word(uint32(w))) + 1; k < n; k++ {
			perDepth[k]++
		}
	}
	if d.count > 0 {
		for k := 1; k < n; k++ {
			perDepth[k]++ // the first word opens every depth
		}
	}
	var levelStart [maxLength + 1]uint32
	for k := 0; k < n; k++ {
		levelStart[k+1] = levelStart[k] + uint32(perDepth[k])
	}
	internal := int(levelStart[n])
	d.link = slices.Grow(d.link[:0], internal)[:internal]
	d.below = slices.Grow(d.below[:0], internal)[:internal]
	// pad[k] holds every letter at the positions a node at depth k does
	// not constrain.
	var pad [maxLength]lanes
	for k := range n {
		for q := range maxLength {
			if q < k || q >= n {
				pad[k].set(q, allLetters)
			}
		}
	}
	var path [maxLength]uint32 // the current word's node at each depth
	next := levelStart         // the next free node of each depth
	next[0]++
	d.link[0], d.below[0] = 0, pad[0]
	for w := 0; w < d.count; w++ {
		word := d.word(uint32(w))
		from := 1
		if w > 0 {
			from = sharedPrefix(d.word(uint32(w-1)), word) + 1
		}
		for k := from; k < n; k++ {
			node := next[k]
			next[k]++
			d.below[node] = pad[k]
			d.link[node] = 0
			if k > from || w == 0 {
				// The parent was opened by this word too: this is its first child.
				d.link[path[k-1]] = uint64(node) << linkFirst
			}
			path[k] = node
		}
		if from <= n-1 {
			d.link[path[n-1]] = uint64(w) << linkFirst // its children are words from w on
		}
		var letters lanes
		for q := range uint(n) {
			letters[q/2%(maxLength/2)] |= uint64(1) << ((word[q]-'a')%32 + byte(q%2*laneBits))
		}
		for _, node := range path[:n] {
			below := &d.below[node]
			below[0] |= letters[0]
			below[1] |= letters[1]
			below[2] |= letters[2]
			below[3] |= letters[3]
		}
	}
	for k := 0; k < n; k++ {
		for node := levelStart[k]; node < levelStart[k+1]; node++ {
			d.link[node] |= uint64(d.below[node].at(k))
		}
	}
}

// buildBackwards makes d.backwards from d's words read backwards.
func (d *dictionary) buildBackwards() {
	n := d.n
	order := make([]uint32, d.count)
	flat := make([]byte, 0, len(d.flat))
	for w := range order {
		order[w] = uint32(w)
	}
	backwardsLess := func(a, b uint32) int {
		wa, wb := d.word(a), d.word(b)
		for q := n - 1; q >= 0; q-- {
			if wa[q] != wb[q] {
				return int(wa[q]) - int(wb[q])
			}
		}
		return 0
	}
	slices.SortFunc(order, backwardsLess)
	for _, w := range order {
		word := d.word(w)
		for q := n - 1; q >= 0; q-- {
			flat = append(flat, word[q])
		}
	}
	d.backwards = &dictionary{}
	d.backwards.build(n, flat)
	d.fromBackwards = order
}

func sharedPrefix(a, b []byte) int {
	k := 0
	for k < len(a) && a[k] == b[k] {
		k++
	}
	return k
}

// inputError is bad input: one line for stderr.
type inputError struct{ msg string }

func (e *inputError) Error() string { return e.msg }

func badInput(format string, args ...any) error {
	return &inputError{fmt.Sprintf(format, args...)}
}

// quote is a bad line as an error message shows it: quoted, and cut to
// quoteBytes.
func quote(line []byte) string {
	if len(line) > quoteBytes {
		return strconv.Quote(string(line[:quoteBytes])) + "..."
	}
	return strconv.Quote(string(line))
}

// readDictionary reads and validates the word list, a line at a time: a
// line longer than a word is refused when it is read, not stored.
func readDictionary(in io.Reader) (*dictionary, error) {
	const where = "word list (stdin)"
	r := bufio.NewReaderSize(in, 1<<16)
	var flat []byte
	n := 0
	for lineNo := 1; ; lineNo++ {
		line, err := r.ReadSlice('\n')
		if err == io.EOF && len(line) == 0 {
			break
		}
		if err == bufio.ErrBufferFull {
			expected := fmt.Sprintf("%d like line 1", n)
			if n == 0 {
				expected = fmt.Sprintf("words of %d to %d letters", minLength, maxLength)
			}
			return nil, badInput("%s line %d: %s has more than %d letters; expected %s", where, lineNo, quote(line), len(line), expected)
		}
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		if err == nil {
			line = line[:len(line)-1]
		}
		if n == 0 {
			n = len(line)
			if n < minLength || n > maxLength {
				return nil, badInput("%s line 1: %s has %d letters; expected words of %d to %d letters", where, quote(line), len(line), minLength, maxLength)
			}
		}
		if len(line) != n {
			return nil, badInput("%s line %d: %s has %d letters; expected %d like line 1", where, lineNo, quote(line), len(line), n)
		}
		if !lowercase(line) {
			return nil, badInput("%s line %d: %s has a character outside a-z", where, lineNo, quote(line))
		}
		if err == io.EOF {
			return nil, badInput("%s line %d: missing the final newline", where, lineNo)
		}
		if len(flat) > 0 {
			switch prev := flat[len(flat)-n:]; bytes.Compare(line, prev) {
			case 0:
				return nil, badInput("%s line %d: %s repeats line %d", where, lineNo, quote(line), lineNo-1)
			case -1:
				return nil, badInput("%s line %d: %s is not sorted: it comes before line %d, %s", where, lineNo, quote(line), lineNo-1, quote(prev))
			}
		}
		if len(flat)/n == maxWords {
			return nil, badInput("%s line %d: more than %d words", where, lineNo, maxWords)
		}
		flat = append(flat, line...)
	}
	if n == 0 {
		return nil, badInput("%s: empty; expected one lowercase word a line", where)
	}
	d := &dictionary{}
	d.build(n, flat)
	d.buildBackwards()
	d.spells = make([]uint64, d.count)
	for w := range d.count {
		var set, tail, twice uint64 // the letters of the word, of its tail, and which repeat
		for q, b := range d.word(uint32(w)) {
			bit := uint64(1) << ((b - 'a') % 32)
			twice |= set & bit
			set |= bit
			if q > 0 {
				twice |= tail & bit << spellsTail
				tail |= bit
			}
		}
		d.spells[w] = set | tail<<spellsTail
		if twice&allLetters != 0 {
			d.spells[w] |= spellsTwice
		}
		if twice>>spellsTail != 0 {
			d.spells[w] |= spellsTwice << spellsTail
		}
	}
	l := 0
	for w := range d.count {
		for first := int(d.word(uint32(w))[0] - 'a'); l <= first; l++ {
			d.firstLetter[l] = uint32(w)
		}
	}
	for ; l <= alphabet; l++ {
		d.firstLetter[l] = uint32(d.count)
	}
	return d, nil
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

// fasta is the Benchmarks Game's generator in exact integer arithmetic.
type fasta struct{ s int64 }

const (
	fastaMul, fastaAdd, fastaMod = 3877, 29573, 139968
	fastaSeed                    = 42
)

func (r *fasta) rnd(k int) int {
	r.s = (r.s*fastaMul + fastaAdd) % fastaMod
	return int(r.s * int64(k) / fastaMod)
}

// fastaJump is the state change of a number of draws, s -> (mul*s + add)
// mod fastaMod, so that a chunk of puzzles starts from its state at once.
type fastaJump struct{ mul, add int64 }

func jumpOf(draws int64) fastaJump {
	j := fastaJump{1, 0}
	for range draws {
		j = fastaJump{j.mul * fastaMul % fastaMod, (j.add*fastaMul + fastaAdd) % fastaMod}
	}
	return j
}

func (j fastaJump) apply(s int64) int64 { return (j.mul*s + j.add) % fastaMod }

// ------------------------------------------------------------ generation

// deadStarts remembers first rows, and pairs of first rows, that start no
// square. That does not depend on the order in which words are tried, so a
// start found dead in one puzzle is skipped in every later one. It is
// shared by every worker of a run.
type deadStarts struct {
	first []atomic.Bool   // by the first row's word index
	pairs []atomic.Uint64 // a bit per pair, for lists of up to maxDensePairs words
	words uint64
}

// maxDensePairs is the longest word list whose dead pairs are remembered,
// in a bit table of 8 MiB at most. Longer lists (SOWPODS from 5 letters)
// go without: a map of their pairs saved 0.2% of the rows at 5 letters
// and grew to tens of megabytes at 8.
const maxDensePairs = 8192

func newDeadStarts(words int) *deadStarts {
	s := &deadStarts{first: make([]atomic.Bool, words), words: uint64(words)}
	if words <= maxDensePairs {
		s.pairs = make([]atomic.Uint64, (words*words+63)/64)
	}
	return s
}

func (s *deadStarts) pairDead(a, b uint32) bool {
	if s.pairs == nil {
		return false
	}
	bit := uint64(a)*s.words + uint64(b)
	return s.pairs[bit/64].Load()&(1<<(bit%64)) != 0
}

func (s *deadStarts) markPair(a, b uint32) {
	if s.pairs != nil {
		bit := uint64(a)*s.words + uint64(b)
		s.pairs[bit/64].Or(1 << (bit % 64))
	}
}

// generator finds a puzzle's square.
type generator struct {
	d       *dictionary
	dead    *deadStarts
	offsets [maxLength]uint32
	rows    [maxLength]uint32   // word index of each row
	cands   [maxLength][]uint32 // each level's candidates, a buffer reused
	letters []byte              // the last puzzle's letters
	nodes   int64               // rows placed
	// In a split search, the task (a pair of first rows, by its place in
	// the search's order) and the first task known to succeed: a task after
	// it gives up, with aborted set, and proves nothing.
	task    int64
	winner  *atomic.Int64
	aborted bool
}

// rowLetters is the letters a row may have at each position, as a list
// and as lanes (every letter at q >= n).
type rowLetters struct {
	at    [maxLength]uint32
	lanes lanes
}

// reversed is the same letters for the row read backwards.
func (a *rowLetters) reversed(n int) rowLetters {
	var r rowLetters
	for q := n; q < maxLength; q++ {
		r.at[q] = allLetters
	}
	for q := range n {
		r.at[q] = a.at[n-1-q]
	}
	for q := 0; q < maxLength; q += 2 {
		r.lanes[q/2] = uint64(r.at[q]) | uint64(r.at[q+1])<<laneBits
	}
	return r
}

// level is the search state at one row of the square.
type level struct {
	k       int
	cols    [maxLength]uint32 // each column's trie node above this row, at depth k
	allowed rowLetters        // the letters each column can take in this row
}

// rank is the number of letters in mask below the lowest letter of m.
func rank(mask, m uint32) uint32 { return uint32(bits.OnesCount32(mask & (m&-m - 1))) }

// fits says whether some word below node, at depth, has at each position
// from depth on a letter the level allows there.
func (d *dictionary) fits(node uint32, depth int, lv *level) bool {
	if depth == d.n-1 {
		return d.letters(node)&lv.allowed.at[depth] != 0
	}
	return allMeet(&d.below[node], &lv.allowed.lanes)
}

// walkPart says which words below a node a walk tries: all of them, or,
// the node being on the path of the start word, those from it on or those
// before it.
type walkPart int

const (
	wholeSubtree walkPart = iota
	fromStart
	beforeStart
)

// walk tries as row k, in index order, the words of the part below node
// (at depth) whose letter at each position is allowed; it stops at the
// first that leads to a full square. Subtrees with no word that fits are
// skipped whole. Off the start word's path every subtree is walked whole.
func (g *generator) walk(node uint32, depth int, lv *level, start []byte, part walkPart) bool {
	d := g.d
	letters, first := d.letters(node), uint32(d.link[node]>>linkFirst)
	m := letters & lv.allowed.at[depth]
	onPath := uint32(0) // the letter of the start word's path, when on it
	if part != wholeSubtree {
		onPath = uint32(1) << ((start[depth] - 'a') % 32)
	}
	switch {
	case part == fromStart:
		m &^= onPath - 1
	case part == beforeStart && depth == d.n-1:
		m &= onPath - 1 // the start word itself comes in fromStart
	case part == beforeStart:
		m &= onPath | (onPath - 1)
	}
	for ; m != 0; m &= m - 1 {
		c := first + rank(letters, m)
		if depth == d.n-1 {
			if g.try(lv, c) {
				return true
			}
			continue
		}
		childPart := wholeSubtree
		if m&-m == onPath {
			childPart = part
		}
		if d.fits(c, depth+1, lv) && g.walk(c, depth+1, lv, start, childPart) {
			return true
		}
	}
	return false
}

// candidates appends to list, in index order, every word whose letter at
// each position the level allows. The walk is iterative: a frame a depth
// holds the letters still to try there.
func (d *dictionary) candidates(a *rowLetters, list []uint32) []uint32 {
	type frame struct{ todo, letters, first uint32 }
	var stack [maxLength]frame
	below, links := d.below, d.link
	allowed := &a.at
	beforeLast := uint(d.n - 2) // up to here, children are tested against the lanes
	lastAllowed := allowed[(beforeLast+1)%maxLength]
	depth := uint(0)
	stack[0] = frame{d.letters(0) & allowed[0], d.letters(0), uint32(links[0] >> linkFirst)}
	for {
		f := &stack[depth%maxLength]
		if f.todo == 0 {
			if depth == 0 {
				return list
			}
			depth--
			continue
		}
		low := f.todo & -f.todo
		f.todo ^= low
		child := f.first + uint32(bits.OnesCount32(f.letters&(low-1)))
		if depth < beforeLast {
			if !allMeet(&below[child], &a.lanes) {
				continue
			}
			link := links[child]
			letters := uint32(link) & allLetters
			depth++
			stack[depth%maxLength] = frame{letters & allowed[depth%maxLength], letters, uint32(link >> linkFirst)}
			continue
		}
		// child is at depth n-1: its children are words.
		link := links[child]
		letters := uint32(link) & allLetters
		for todo, first := letters&lastAllowed, uint32(link>>linkFirst); todo != 0; todo &= todo - 1 {
			list = append(list, first+rank(letters, todo))
		}
	}
}

// rowsFitting is candidates, from the end of the words or from their
// start: the trie whose first two positions allow fewer pairs of letters
// cuts the walk sooner (it halves the lane tests at 6 and 7 letters). A
// list walked from the end is put back in index order.
func (d *dictionary) rowsFitting(a *rowLetters, list []uint32) []uint32 {
	n := d.n
	count := func(q int) int { return bits.OnesCount32(a.at[q]) }
	if count(0)*count(1) <= count(n-1)*count(n-2) {
		return d.candidates(a, list)
	}
	back := a.reversed(n)
	list = d.backwards.candidates(&back, list)
	for i, w := range list {
		list[i] = d.fromBackwards[w]
	}
	slices.Sort(list)
	return list
}

// try sets row k to word w and searches the next rows.
func (g *generator) try(lv *level, w uint32) bool {
	g.rows[lv.k] = w
	g.nodes++
	switch lv.k {
	case 0:
		if g.dead.first[w].Load() {
			return false
		}
		if !g.square(1, &lv.cols, w) {
			g.dead.first[w].Store(true)
			return false
		}
		return true
	case 1:
		if g.dead.pairDead(g.rows[0], w) {
			return false
		}
		if !g.square(2, &lv.cols, w) {
			g.dead.markPair(g.rows[0], w)
			return false
		}
		return true
	}
	return g.square(lv.k+1, &lv.cols, w)
}

// square searches row k below rows whose columns end at the trie nodes
// above (at depth k-1), extended by the letters of word w (the row just
// placed; none at k = 0). It stops at the first full square.
func (g *generator) square(k int, above *[maxLength]uint32, w uint32) bool {
	d := g.d
	if k == d.n {
		return true
	}
	if g.winner != nil && g.winner.Load() < g.task {
		g.aborted = true
		return false
	}
	var lv level
	g.setLevel(&lv, k, above, w)
	if k < 2 {
		// Words in index order from the offset, wrapping around; found
		// as they are tried, since the first usually succeeds.
		start := d.word(g.offsets[k])
		return g.walk(0, 0, &lv, start, fromStart) || g.walk(0, 0, &lv, start, beforeStart)
	}
	// Deeper, nearly every row fails and all its candidates are tried:
	// list them in one pass, then try them from the offset.
	g.cands[k] = d.rowsFitting(&lv.allowed, g.cands[k][:0])
	for _, w := range rotated(g.cands[k], g.offsets[k]) {
		if g.try(&lv, w) {
			return true
		}
		if g.aborted {
			return false
		}
	}
	return false
}

// setLevel makes lv the state for row k below columns above (at depth
// k-1) and row k-1 = word w.
func (g *generator) setLevel(lv *level, k int, above *[maxLength]uint32, w uint32) {
	d := g.d
	lv.k = k
	lv.allowed.lanes = d.pastEnd
	if k == 0 {
		for c := range d.n {
			lv.cols[c], lv.allowed.at[c] = 0, d.letters(0)
			lv.allowed.lanes[c/2] |= uint64(d.letters(0)) << (uint(c%2) * laneBits)
		}
		return
	}
	// Two columns a lane word; an odd last column pairs with pastEnd's
	// every letter.
	word := d.word(w)
	link := d.link
	for c := 0; c < d.n; c += 2 {
		node := childOf(link[above[c]], word[c])
		even := uint32(link[node]) & allLetters
		lv.cols[c], lv.allowed.at[c] = node, even
		odd := uint32(allLetters)
		if c+1 < d.n {
			node = childOf(link[above[c+1]], word[c+1])
			odd = uint32(link[node]) & allLetters
			lv.cols[c+1], lv.allowed.at[c+1] = node, odd
		}
		lv.allowed.lanes[c/2%(maxLength/2)] = uint64(even) | uint64(odd)<<laneBits
	}
}

// childOf is the child by letter b ('a'..'z') of the node whose link is
// given.
func childOf(link uint64, b byte) uint32 {
	return uint32(link>>linkFirst) + uint32(bits.OnesCount32(uint32(link)&(1<<((b-'a')%32)-1)))
}

// rotated yields the candidates (ascending) from the first at or after
// offset, wrapping around.
func rotated(cands []uint32, offset uint32) func(func(int, uint32) bool) {
	return func(yield func(int, uint32) bool) {
		from, _ := slices.BinarySearch(cands, offset)
		for i := range cands {
			if !yield(i, cands[(from+i)%len(cands)]) {
				return
			}
		}
	}
}

// puzzle is a seed and its sorted pool of letters.
type puzzle struct {
	seed, letters []byte
}

// generate finds the puzzle of the given offsets, or false when the words
// make no square at all.
func (g *generator) generate(offsets *[maxLength]uint32) (puzzle, bool) {
	var root [maxLength]uint32
	g.offsets = *offsets
	if !g.square(0, &root, 0) {
		return puzzle{}, false
	}
	return g.puzzle(), true
}

// puzzle is the puzzle of the square in g.rows, in g's buffer: it lasts
// until the next.
func (g *generator) puzzle() puzzle {
	d := g.d
	letters := g.letters[:0]
	for k := 1; k < d.n; k++ {
		letters = append(letters, d.word(g.rows[k])...)
	}
	slices.Sort(letters)
	g.letters = letters
	return puzzle{d.word(g.rows[0]), letters}
}

// --------------------------------------------------------------- solving

// solver finds every grid for one puzzle.
type solver struct {
	d *dictionary
	n int
	// The words for the rows and for the columns: d's, or those the pool
	// can spell (after their first letter, a letter of the seed, for the
	// columns) in ownRows and ownCols.
	rows, cols       *dictionary
	ownRows, ownCols dictionary
	cutFrom          int // the tries are cut to the pool from this many letters on (0: restrictLength)
	rowFlat, colFlat []byte
	pool             [32]int8 // letters left, by letter (a letter is a bit number of a mask)
	avail            uint32   // letters with pool > 0
	// The columns' nodes above each row (at depth r) and their letters.
	colNodes   [maxLength + 1][maxLength]uint32
	colLetters [maxLength + 1]lanes
	grid       [maxLength][maxLength]byte
	out        []byte
	count      int
	nodes      int64
}

// throughColumn[c] has every letter at positions 0..c and none after.
var throughColumn = func() (t [maxLength]lanes) {
	for c := range maxLength {
		for q := 0; q <= c; q++ {
			t[c].set(q, allLetters)
		}
	}
	return t
}()

// fill places a letter at (r, c), r >= 1; row is the row's trie node so
// far (at depth c), the column's is colNodes[r][c] (at depth r). Before
// recursing it looks ahead: the column, now at node below (depth r+1),
// must find each of its remaining letters in the pool, and the row, now at
// node next (depth c+1), each of its remaining letters among those its
// column can take there and the pool still has.
func (s *solver) fill(r, c int, row uint32) {
	n := s.n
	rows, cols := s.rows, s.cols
	colLink, rowLink := cols.link[s.colNodes[r][c]], rows.link[row]
	colLetters, rowLetters := uint32(colLink)&allLetters, uint32(rowLink)&allLetters
	colFirst, rowFirst := uint32(colLink>>linkFirst), uint32(rowLink>>linkFirst)
	laterRows, laterCols := r+1 < n, c+1 < n
	// The letters the row's later columns can take, before the pool: any
	// at the columns up to c.
	colAllowed, through := &s.colLetters[r], &throughColumn[c%maxLength]
	for m := rowLetters & colLetters & s.avail; m != 0; m &= m - 1 {
		low := m & -m
		l := bits.TrailingZeros32(m) & 31
		below := colFirst + uint32(bits.OnesCount32(colLetters&(low-1)))
		next := rowFirst + uint32(bits.OnesCount32(rowLetters&(low-1)))
		s.pool[l]--
		avail := s.avail
		if s.pool[l] == 0 {
			avail &^= low
		}
		availAll := uint64(avail) | uint64(avail)<<laneBits
		pool := lanes{availAll, availAll, availAll, availAll}
		if laterRows && !allMeet(&cols.below[below], &pool) {
			s.pool[l]++
			continue
		}
		if laterCols {
			want := lanes{
				(colAllowed[0] | through[0]) & availAll,
				(colAllowed[1] | through[1]) & availAll,
				(colAllowed[2] | through[2]) & availAll,
				(colAllowed[3] | through[3]) & availAll,
			}
			if !allMeet(&rows.below[next], &want) {
				s.pool[l]++
				continue
			}
		}
		s.nodes++
		saved := s.avail
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
			s.emit()
		}
		s.avail = saved
		s.pool[l]++
	}
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

// countsAllow says whether the pool holds w's letters as many times as w
// has them.
func (s *solver) countsAllow(w []byte) bool {
	var used [32]int8
	for _, b := range w {
		l := (b - 'a') & 31
		if used[l]++; used[l] > s.pool[l] {
			return false
		}
	}
	return true
}

// restrictLength: from this many letters on, the solver builds the tries
// of the words the pool can spell for each puzzle (it halves the solver's
// nodes at 6 letters); below it, the puzzles are so small that the
// building costs more than the whole search.
const restrictLength = 6

// restrict builds the tries of the words the pool can spell, for the
// rows, and of the words with a seed letter first that it can spell after
// it, for the columns.
func (s *solver) restrict(seed []byte) {
	d := s.d
	s.rowFlat, s.colFlat = s.rowFlat[:0], s.colFlat[:0]
	for w, spells := range d.spells {
		if uint32(spells)&allLetters&^s.avail == 0 && (spells&spellsTwice == 0 || s.countsAllow(d.word(uint32(w)))) {
			s.rowFlat = append(s.rowFlat, d.word(uint32(w))...)
		}
	}
	var seedLetters uint32
	for _, b := range seed {
		seedLetters |= 1 << (b - 'a')
	}
	for m := seedLetters; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		for w := d.firstLetter[l]; w < d.firstLetter[l+1]; w++ {
			tail := d.spells[w] >> spellsTail
			if uint32(tail)&allLetters&^s.avail == 0 && (tail&spellsTwice == 0 || s.countsAllow(d.word(w)[1:])) {
				s.colFlat = append(s.colFlat, d.word(w)...)
			}
		}
	}
	s.ownRows.build(d.n, s.rowFlat)
	s.ownCols.build(d.n, s.colFlat)
	s.rows, s.cols = &s.ownRows, &s.ownCols
}

// solve appends the puzzle's answer block to out.
func (s *solver) solve(p puzzle, out []byte) []byte {
	d := s.d
	n := d.n
	s.n, s.count, s.out = n, 0, s.out[:0]
	s.pool, s.avail = [32]int8{}, 0
	for _, b := range p.letters {
		s.pool[b-'a']++
		s.avail |= 1 << (b - 'a')
	}
	s.rows, s.cols = d, d
	cutFrom := s.cutFrom
	if cutFrom == 0 {
		cutFrom = restrictLength
	}
	if n >= cutFrom {
		s.restrict(p.seed)
	}
	for r := range s.colLetters {
		s.colLetters[r] = lanes{anyLetters, anyLetters, anyLetters, anyLetters}
	}
	seedFits := true
	for c, b := range p.seed {
		node, ok := s.cols.childIfAny(0, int(b-'a'))
		s.colNodes[1][c] = node
		s.colLetters[1].set(c, s.cols.letters(node))
		seedFits = seedFits && ok
	}
	if seedFits {
		s.fill(1, 0, 0)
	}
	out = append(out, p.seed...)
	out = append(out, ' ')
	out = append(out, p.letters...)
	out = append(out, ' ')
	out = strconv.AppendInt(out, int64(s.count), 10)
	out = append(out, '\n')
	return append(out, s.out...)
}

// ------------------------------------------------------------ the puzzles

// maxPuzzleFile is the largest puzzle file read (about 3 million puzzles
// of 8 letters).
const maxPuzzleFile = 256 << 20

// readPuzzles validates a puzzle file against the dictionary; the puzzles
// point into data.
func readPuzzles(name string, data []byte, d *dictionary) ([]puzzle, error) {
	if len(data) > 0 && data[len(data)-1] == '\n' {
		data = data[:len(data)-1]
	}
	if len(data) == 0 {
		return nil, badInput("%s: no puzzles; expected lines \"seed letters\"", name)
	}
	n, poolSize := d.n, d.n*(d.n-1)
	var puzzles []puzzle
	for i, line := range bytes.Split(data, []byte("\n")) {
		f := bytes.Fields(line)
		where := fmt.Sprintf("%s line %d", name, i+1)
		switch {
		case len(f) != 2:
			return nil, badInput("%s: expected \"seed letters\", got %s", where, quote(line))
		case len(f[0]) != n || !lowercase(f[0]):
			return nil, badInput("%s: seed %s: expected %d letters a-z, like the word list", where, quote(f[0]), n)
		case len(f[1]) != poolSize || !lowercase(f[1]):
			return nil, badInput("%s: letters %s: expected %d letters a-z (n*(n-1) for n = %d)", where, quote(f[1]), poolSize, n)
		case !d.contains(f[0]):
			return nil, badInput("%s: seed %s is not in the word list", where, quote(f[0]))
		}
		slices.Sort(f[1])
		puzzles = append(puzzles, puzzle{f[0], f[1]})
	}
	return puzzles, nil
}

// ---------------------------------------------------------- running them

// inOrder runs work on each task next hands out, on `workers` goroutines,
// and passes the results to emit in the order the tasks were handed out,
// each as soon as it and all before it are done. At most `window` tasks
// are out at once, so memory stays bounded however many tasks there are.
// next runs under a lock, emit on the caller's goroutine; once emit
// returns false no task is handed out, and inOrder returns when the
// running ones end.
func inOrder[T, R any](workers, window int, next func() (T, bool), work func(worker int, task T) R, emit func(R) bool) {
	var (
		mu              sync.Mutex
		changed         = sync.NewCond(&mu)
		results         = make([]R, window)
		ready           = make([]bool, window)
		issued, emitted int
		closed          bool // no more tasks: next said so, or emit did
		wg              sync.WaitGroup
	)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			defer mu.Unlock()
			for {
				for !closed && issued-emitted == window {
					changed.Wait()
				}
				if closed {
					return
				}
				task, ok := next()
				if !ok {
					closed = true
					changed.Broadcast()
					return
				}
				slot := issued % window
				issued++
				mu.Unlock()
				r := work(w, task)
				mu.Lock()
				results[slot], ready[slot] = r, true
				changed.Broadcast()
			}
		}()
	}
	mu.Lock()
	for {
		slot := emitted % window
		for !ready[slot] && !(closed && emitted == issued) {
			changed.Wait()
		}
		if !ready[slot] {
			break
		}
		r := results[slot]
		var none R
		results[slot], ready[slot] = none, false
		emitted++
		changed.Broadcast()
		mu.Unlock()
		more := emit(r)
		mu.Lock()
		if !more {
			closed = true
			changed.Broadcast()
			break
		}
	}
	mu.Unlock()
	wg.Wait()
}

// worker is what one goroutine keeps from task to task.
type worker struct {
	gen generator
	sol solver
}

// run is one run of the program: the word list, the shared memos, a
// worker a core and the output.
type run struct {
	d       *dictionary
	dead    *deadStarts
	workers []worker
	out     *bufio.Writer
	nodes   atomic.Int64 // solver nodes
	rows    atomic.Int64 // rows placed by generation
	err     error
	flushed time.Time   // when the output was last flushed
	spare   chan []byte // chunk buffers written out, to be used again
}

func newRun(d *dictionary, workers int, out io.Writer) *run {
	r := &run{d: d, dead: newDeadStarts(d.count), workers: make([]worker, workers), out: bufio.NewWriterSize(out, 1<<16), flushed: time.Now(),
		spare: make(chan []byte, windowPerWorker*workers)}
	for i := range r.workers {
		r.workers[i].gen = generator{d: d, dead: r.dead}
		r.workers[i].sol = solver{d: d}
	}
	return r
}

// errNoSquare: with no square at all, every puzzle fails, the first one
// included, so nothing has been written when it is reported.
var errNoSquare = &inputError{"word list (stdin): no word square can be made from these words, so no puzzle can be generated"}

// maxChunk puzzles at most go to a worker at a time: enough to amortise the
// hand-off; fewer when there are few puzzles, so the cores stay balanced.
// windowPerWorker chunks a worker may be ahead of the output.
const (
	maxChunk        = 64
	windowPerWorker = 4
)

// chunk is puzzles [first, first+size) and the fasta state before them.
type chunk struct {
	first, size int64
	state       int64
}

type chunkResult struct {
	out         []byte
	nodes, rows int64
	noSquare    bool
}

// spareBuffer is a chunk buffer written out before, or nil.
func (r *run) spareBuffer() []byte {
	select {
	case b := <-r.spare:
		return b
	default:
		return nil
	}
}

// write writes a chunk's answers; the output is flushed when it has
// waited flushEvery, so that a slow run shows its answers as they come
// and a fast one makes few writes.
func (r *run) write(b []byte) bool {
	defer func() {
		select {
		case r.spare <- b[:0]:
		default:
		}
	}()
	if _, err := r.out.Write(b); err != nil {
		r.err = err
		return false
	}
	if now := time.Now(); now.Sub(r.flushed) > flushEvery {
		r.flushed = now
		if r.err = r.out.Flush(); r.err != nil {
			return false
		}
	}
	return true
}

const flushEvery = 50 * time.Millisecond

// generateChunks generates and solves puzzles 0..count-1, a chunk a task.
func (r *run) generateChunks(count int64) {
	workers := len(r.workers)
	size := min(maxChunk, max(1, count/int64(32*workers)))
	jump := jumpOf(size * int64(r.d.n))
	next := chunk{first: 0, state: fastaSeed}
	inOrder(workers, windowPerWorker*workers,
		func() (chunk, bool) {
			if next.first >= count {
				return chunk{}, false
			}
			c := next
			c.size = min(size, count-c.first)
			next.first += c.size
			next.state = jump.apply(next.state)
			return c, true
		},
		func(w int, c chunk) chunkResult {
			wk := &r.workers[w]
			res := chunkResult{out: r.spareBuffer()}
			rnd := fasta{c.state}
			var offsets [maxLength]uint32
			for range c.size {
				for k := range r.d.n {
					offsets[k] = uint32(rnd.rnd(r.d.count))
				}
				wk.gen.nodes, wk.sol.nodes = 0, 0
				p, ok := wk.gen.generate(&offsets)
				if !ok {
					res.noSquare = true
					break
				}
				res.out = wk.sol.solve(p, res.out)
				res.nodes += wk.sol.nodes
				res.rows += wk.gen.nodes
			}
			return res
		},
		func(res chunkResult) bool {
			if res.noSquare {
				r.err = errNoSquare
				return false
			}
			r.nodes.Add(res.nodes)
			r.rows.Add(res.rows)
			return r.write(res.out)
		})
}

// solveChunks solves the given puzzles, a chunk a task.
func (r *run) solveChunks(puzzles []puzzle) {
	workers := len(r.workers)
	size := min(maxChunk, max(1, len(puzzles)/(8*workers)))
	first := 0
	inOrder(workers, windowPerWorker*workers,
		func() ([]puzzle, bool) {
			if first >= len(puzzles) {
				return nil, false
			}
			c := puzzles[first:min(first+size, len(puzzles))]
			first += len(c)
			return c, true
		},
		func(w int, c []puzzle) chunkResult {
			sol := &r.workers[w].sol
			res := chunkResult{out: r.spareBuffer()}
			for _, p := range c {
				sol.nodes = 0
				res.out = sol.solve(p, res.out)
				res.nodes += sol.nodes
			}
			return res
		},
		func(res chunkResult) bool {
			r.nodes.Add(res.nodes)
			return r.write(res.out)
		})
}

// pairTask is a pair of first rows, by its place in the search's order.
type pairTask struct {
	index     int64
	first     uint32
	second    uint32
	lastOfRow bool // the last pair of its first row
}

type pairResult struct {
	pairTask
	found  bool
	puzzle puzzle
	rows   int64
}

// generateSplit generates and solves puzzles 0..count-1 one at a time,
// every core on each: the tasks are the pairs of first rows in the order
// the search tries them, and the first pair that starts a square (in that
// order) makes the puzzle, the same as one core's search would. Each
// puzzle is solved while the next is generated.
func (r *run) generateSplit(count int64) {
	d := r.d
	rnd := fasta{fastaSeed}
	lead := &generator{d: d, dead: r.dead} // lists the candidates for the first two rows
	var solved chan []byte                 // the answers of the puzzle before, when they come
	defer func() {
		if solved != nil {
			<-solved
		}
	}()
	for range count {
		var offsets [maxLength]uint32
		for k := range d.n {
			offsets[k] = uint32(rnd.rnd(d.count))
		}
		p, ok := r.splitPuzzle(lead, &offsets)
		if !ok {
			r.err = errNoSquare
			return
		}
		if solved != nil && !r.write(<-solved) {
			solved = nil
			return
		}
		solved = make(chan []byte, 1)
		go func(done chan<- []byte) {
			sol := &r.workers[0].sol
			sol.nodes = 0
			out := sol.solve(p, nil)
			r.nodes.Add(sol.nodes)
			done <- out
		}(solved)
	}
	r.write(<-solved)
	solved = nil
}

// splitPuzzle finds the puzzle of the given offsets with every core.
func (r *run) splitPuzzle(lead *generator, offsets *[maxLength]uint32) (puzzle, bool) {
	d := r.d
	var winner atomic.Int64
	winner.Store(math.MaxInt64)
	var root [maxLength]uint32
	lead.offsets = *offsets
	var level0, level1 level
	lead.setLevel(&level0, 0, &root, 0)
	var firsts []uint32 // the candidates for the first row, in order
	for _, w := range rotated(d.candidates(&level0.allowed, nil), offsets[0]) {
		firsts = append(firsts, w)
	}
	var (
		secondRows []uint32 // the current first row's candidates for the second, in order
		at         int      // the next of them
		firstAt    = -1     // the current first row, in firsts
		index      int64
	)
	var result puzzle
	found := false
	inOrder(len(r.workers), windowPerWorker*len(r.workers),
		func() (pairTask, bool) {
			if winner.Load() < index {
				return pairTask{}, false // the rest could only come after the square found
			}
			for at >= len(secondRows) {
				// The next live first row, and its second rows.
				firstAt++
				if firstAt >= len(firsts) {
					return pairTask{}, false
				}
				w := firsts[firstAt]
				if r.dead.first[w].Load() {
					continue
				}
				lead.setLevel(&level1, 1, &level0.cols, w)
				lead.cands[1] = d.candidates(&level1.allowed, lead.cands[1][:0])
				secondRows = secondRows[:0]
				for _, second := range rotated(lead.cands[1], offsets[1]) {
					if !r.dead.pairDead(w, second) {
						secondRows = append(secondRows, second)
					}
				}
				at = 0
				if len(secondRows) == 0 {
					r.dead.first[w].Store(true)
				}
			}
			t := pairTask{index: index, first: firsts[firstAt], second: secondRows[at], lastOfRow: at == len(secondRows)-1}
			index++
			at++
			return t, true
		},
		func(w int, t pairTask) pairResult {
			g := &r.workers[w].gen
			g.offsets, g.task, g.winner, g.aborted, g.nodes = *offsets, t.index, &winner, false, 0
			defer func() { g.winner = nil }()
			g.rows[0], g.rows[1] = t.first, t.second
			var lv0, lv1 level
			g.setLevel(&lv0, 0, &root, 0)
			g.setLevel(&lv1, 1, &lv0.cols, t.first)
			res := pairResult{pairTask: t}
			if g.square(2, &lv1.cols, t.second) {
				p := g.puzzle()
				res.found, res.puzzle = true, puzzle{slices.Clone(p.seed), slices.Clone(p.letters)}
				for {
					best := winner.Load()
					if best <= t.index || winner.CompareAndSwap(best, t.index) {
						break
					}
				}
			} else if !g.aborted {
				r.dead.markPair(t.first, t.second)
			}
			res.rows = g.nodes
			return res
		},
		func(res pairResult) bool {
			r.rows.Add(res.rows + 1) // the second row, placed by the list
			if res.found {
				result, found = res.puzzle, true
				return false
			}
			if res.lastOfRow {
				r.dead.first[res.first].Store(true)
			}
			return true
		})
	return result, found
}

// ------------------------------------------------------------ the program

// splitLength: puzzles of this many letters and more are generated by
// every core together, one at a time.
const splitLength = 7

const usage = `usage: acrostic [-v] N < WORDLIST
       acrostic [-v] -puzzles FILE < WORDLIST
Generate N dense acrostics from the word list (one lowercase word a line,
all of one length from 3 to 8, sorted, no duplicates) and print each with
every solution, or solve the puzzles in FILE ("seed letters" a line).
-v: also print the nodes searched and the time taken on stderr.
`

// options are the command line, parsed once.
type options struct {
	verbose    bool
	count      int64
	puzzleFile string
	help       bool
}

func parseArgs(args []string) (options, error) {
	var o options
	if len(args) > 0 && args[0] == "-v" {
		o.verbose, args = true, args[1:]
	}
	switch {
	case len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help"):
		o.help = true
	case len(args) == 2 && args[0] == "-puzzles":
		o.puzzleFile = args[1]
	case len(args) == 1 && args[0] == "-puzzles":
		return o, badInput("-puzzles: expected a FILE after it (acrostic -h for the usage)")
	case len(args) == 1:
		n, err := strconv.ParseInt(args[0], 10, 64)
		if err != nil || n < 1 {
			return o, badInput("N: expected a number of puzzles from 1 to %d, got %s (acrostic -h for the usage)", int64(math.MaxInt64), quote([]byte(args[0])))
		}
		o.count = n
	default:
		all := []byte(fmt.Sprint(args))
		return o, badInput("expected N or -puzzles FILE, got %s (acrostic -h for the usage)", quote(all[1:len(all)-1]))
	}
	return o, nil
}

func main() {
	os.Exit(runMain(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, 0))
}

// runMain is the program: it returns the exit status. workers 0 means one
// a core.
func runMain(args []string, stdin io.Reader, stdout, stderr io.Writer, workers int) int {
	start := time.Now()
	o, err := parseArgs(args)
	if err == nil && o.help {
		io.WriteString(stdout, usage)
		return 0
	}
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var r *run
	if err == nil {
		r, err = program(o, stdin, stdout, workers)
	}
	if err != nil {
		fmt.Fprintf(stderr, "acrostic: %v\n", err)
		var bad *inputError
		if errors.As(err, &bad) {
			return 2
		}
		return 1
	}
	if o.verbose {
		fmt.Fprintf(stderr, "solver nodes %d\ngeneration rows %d\nelapsed %.3f ms\n",
			r.nodes.Load(), r.rows.Load(), float64(time.Since(start).Microseconds())/1000)
	}
	return 0
}

// program reads the input, then generates and solves, writing as it goes.
func program(o options, stdin io.Reader, stdout io.Writer, workers int) (*run, error) {
	d, err := readDictionary(stdin)
	if err != nil {
		return nil, err
	}
	r := newRun(d, workers, stdout)
	switch {
	case o.puzzleFile != "":
		data, err := readFile(o.puzzleFile, maxPuzzleFile)
		if err != nil {
			return nil, err
		}
		puzzles, err := readPuzzles(o.puzzleFile, data, d)
		if err != nil {
			return nil, err
		}
		r.solveChunks(puzzles)
	case d.n >= splitLength || o.count < int64(workers):
		r.generateSplit(o.count)
	default:
		r.generateChunks(o.count)
	}
	if r.err == nil {
		r.err = r.out.Flush()
	}
	return r, r.err
}

// readFile reads a file of at most limit bytes.
func readFile(name string, limit int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, badInput("puzzle file: %v", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, badInput("puzzle file: %v", err)
	}
	if int64(len(data)) > limit {
		return nil, badInput("puzzle file %s: larger than %d MiB", name, limit>>20)
	}
	return data, nil
}
