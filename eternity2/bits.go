package main

// bits.go: the walk of boards of at most 64 pieces (Brendan Owen's 4x4 to
// 8x8 boards, the sub-grid blocks). With few colours their pools are long
// and hold many pieces in use, so testing candidate after candidate costs
// a mispredicted branch a node or more. Here a pool is a word with a bit
// for each of its pieces, the pieces in use another, and the walk takes
// the lowest bit of one AND NOT the other: the next free candidate with no
// test at all. It walks the same tree, node for node, and leaves the
// cursor where the candidate walk would.

import "math/bits"

// Keys pack (group, up, left) with as few bits a colour as the colours
// need, so the tables stay small: poolPieces has a bit for each piece with
// a candidate in the key's pool, poolNumber says which pool it is; its
// slot p holds piece p's first candidate there: the word in slots, its
// right colour in rights (the next key's last part, one load sooner), its
// position in firsts. A slot row has 65 entries so that a count of
// trailing zeros (up to 64) indexes it unmasked, and the key tables 256
// past the keys so that a key of 16 bits plus a colour does. twins says a
// pool holds a piece in several rotations.
const (
	maxBitPieces = 64
	maxBitKeys   = 1 << 16
	maxBitPools  = 1 << 12
)

// buildBits lays out the pools as words of bits, when the board's pieces
// and keys fit them.
func (e *engine) buildBits() {
	shift := uint(bits.Len(uint(e.colours - 1)))
	keys := len(e.poolStart) >> (rowShift - shift)
	if len(e.p.pieces) > maxBitPieces || keys > maxBitKeys {
		return
	}
	pieces, numbers := make([]uint64, keys), make([]uint16, keys)
	slots, rights, firsts := make([][maxBitPieces + 1]uint32, 1), make([][maxBitPieces + 1]uint8, 1), make([][maxBitPieces + 1]int32, 1)
	for k, start := range e.poolStart {
		if start == 0 {
			continue
		}
		if len(slots) == maxBitPools {
			return
		}
		key, n := k>>rowShift<<shift+k&colourMask, len(slots)
		numbers[key] = uint16(n)
		slots, rights, firsts = append(slots, [maxBitPieces + 1]uint32{}), append(rights, [maxBitPieces + 1]uint8{}), append(firsts, [maxBitPieces + 1]int32{})
		for i := start; e.candidates[i] != sentinel; i++ {
			w := e.candidates[i]
			if p := pieceOf(w); pieces[key]>>p&1 == 0 {
				pieces[key] |= 1 << p
				slots[n][p], rights[n][p], firsts[n][p] = w, uint8(w), i
			} else {
				e.twins = true
			}
		}
	}
	e.poolPieces, e.poolNumber, e.slots, e.rights, e.firsts, e.keyShift = pieces, numbers, slots, rights, firsts, uint32(rowShift-shift)
}

// bitKey is the key of depth d's bit pool, given the board above it.
func (c *cursor) bitKey(d int) int {
	r, p := &c.a.recs[d], &c.a.placed
	return int((r.base+p[r.above]&(colourMask<<rowShift))>>c.e.keyShift + p[r.left]&colourMask)
}

// bitsFrom sets up the walk at the cursor's position and returns the
// pieces in use: for each depth from the floor to d, its pool, and the
// pieces left to try there: those of the candidates from its next
// position on (i at d) but the ones in use above it. In a pool with twins
// the walk takes a piece's candidate at its first position or at the next
// position, the later, and keeps its bit while another rotation follows.
func (c *cursor) bitsFrom() (used uint64) {
	a := c.a
	for p, u := range a.used[:maxBitPieces] {
		used |= uint64(u) << p
	}
	a.next[c.d] = c.i
	above := used
	for d := c.d; d >= a.floor; d-- {
		if d < c.d {
			above &^= 1 << pieceOf(a.placed[d])
		}
		a.rem[d], a.pool[d] = 0, a.poolNumber[c.bitKey(d)]
		for i := a.next[d]; a.cands[i] != sentinel; i++ {
			a.rem[d] |= 1 << pieceOf(a.cands[i]) &^ above
		}
	}
	return used
}

// bitsTo leaves the cursor as the candidate walk would at depth d: the
// pieces in use as bytes, the next position of each depth from the floor,
// and i at d: after its candidate when tried, else the start of its pool.
func (c *cursor) bitsTo(d int, used uint64, tried bool) {
	a := c.a
	for p := range a.used[:maxBitPieces] {
		a.used[p] = uint8(used >> p & 1)
	}
	last := d
	if tried {
		last = min(d+1, a.end)
	}
	for k := a.floor; k < last; k++ {
		i := c.poolAt(k)
		for a.cands[i] != a.placed[k] {
			i++
		}
		a.next[k] = i + 1
	}
	c.d, c.i = d, 0
	switch {
	case tried:
		c.i = a.next[last-1]
	case d < a.end:
		c.i = c.poolAt(d)
	}
}

// ones is the number of bits set in x, in a few instructions and no call.
//
//lint:ignore U1000 the program -emit writes calls it
func ones(x uint64) int64 {
	x -= x >> 1 & 0x5555555555555555
	x = x&0x3333333333333333 + x>>2&0x3333333333333333
	x = (x + x>>4) & 0x0f0f0f0f0f0f0f0f
	return int64(x * 0x0101010101010101 >> 56)
}
