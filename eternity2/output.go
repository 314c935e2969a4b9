package main

// output.go: the contest's output, and the public viewer's link to a
// board.

import (
	"bytes"
	"fmt"
	"net/url"
	"strings"
)

// output is the program's output for a run that found f, its best board
// given as rows: the one place the format is written. A count of the
// whole tree (whole) on a square board of side 2 or more with no hints,
// not a block or pinned (no "@" in its name), says its classes under
// rotation: a solution turned a quarter is another, and never itself.
func output(header string, f found, maxScore int, rows []string, whole bool) []byte {
	var b bytes.Buffer
	var name string
	var w, h, hints int
	fmt.Sscanf(header, "board %s %dx%d pieces %d hints %d", &name, &w, &h, new(int), &hints)
	fmt.Fprintf(&b, "%s\nnodes %d\nsolutions %d", header, f.Nodes, f.Solutions)
	if whole && w == h && w > 1 && hints == 0 && !strings.Contains(name, "@") {
		fmt.Fprintf(&b, " (%d up to rotation)", f.Solutions/4)
	}
	fmt.Fprintf(&b, "\nbest %d/%d\n", f.Score, maxScore)
	for _, row := range rows {
		b.WriteString(row)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// output is the output of a run of e that found f (in the whole tree).
func (e *engine) output(f found, whole bool) []byte {
	f.Score = e.scoreAt[len(f.Board)]
	return output(e.p.header(), f, e.maxScore, e.boardRows(f.Board), whole)
}

// cells is the board with the hints and the placements (depth by depth):
// each cell's piece and rotation, or piece -1 when it is empty.
func (e *engine) cells(placed []uint32) [][2]int {
	cells := make([][2]int, len(e.hintAt))
	for i := range cells {
		cells[i][0] = -1
	}
	for _, h := range e.p.hints {
		cells[h.Pos] = [2]int{h.Piece, h.Rot}
	}
	for d, c := range placed {
		cells[e.recs[d].cell] = [2]int{pieceOf(c), rotOf(c)}
	}
	return cells
}

// boardRows is the board as the output shows it, a line a row.
func (e *engine) boardRows(placed []uint32) []string {
	var cells []string
	for _, c := range e.cells(placed) {
		cell := "-"
		if c[0] >= 0 {
			cell = fmt.Sprintf("%d/%d", c[0], c[1])
		}
		cells = append(cells, cell)
	}
	rows := make([]string, e.p.height)
	for r := range rows {
		rows[r] = strings.Join(cells[r*e.p.width:(r+1)*e.p.width], " ")
	}
	return rows
}

const viewer = "https://e2.bucas.name/#"

// viewerURL is a link to the public Eternity II viewer showing the board,
// or "" when a colour is past 'z' or a piece number past 999: four edge
// letters a cell and three-digit 1-based piece numbers, "aaaa" and 000
// when empty.
func (e *engine) viewerURL(placed []uint32) string {
	p := e.p
	var edges, pieces strings.Builder
	for _, c := range e.cells(placed) {
		colours := [4]int{}
		if c[0] >= 0 {
			colours = rotated(p.pieces[c[0]], c[1])
		}
		for _, colour := range colours {
			if colour > 'z'-'a' || len(p.pieces) > 999 {
				return ""
			}
			edges.WriteByte(byte('a' + colour))
		}
		fmt.Fprintf(&pieces, "%03d", c[0]+1)
	}
	return fmt.Sprintf(viewer+"puzzle=%s&board_w=%d&board_h=%d&board_edges=%s&board_pieces=%s",
		url.QueryEscape(p.name), p.width, p.height, edges.String(), pieces.String())
}
