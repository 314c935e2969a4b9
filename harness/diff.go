package main

// diff.go compares an output with its expected file byte for byte and, when
// they differ, renders the first difference so the invisible is visible:
// every line ends in '$' (like cat -A), a tab shows as '→', a trailing space
// as '·', and a missing final newline, a missing line or an extra line is
// said in words.

import (
	"bytes"
	"fmt"
	"strings"
)

// Diff returns "" when got equals want, else a few lines describing the first
// difference, naming the line number (1-based) and, when both lines exist,
// the column where they part.
func Diff(want, got []byte) string {
	return DiffLabeled(want, got, "expected", "actual")
}

// DiffLabeled is Diff with other names for the two sides ("was" and "now"
// when update shows what it changed).
func DiffLabeled(want, got []byte, wantLabel, gotLabel string) string {
	if bytes.Equal(want, got) {
		return ""
	}
	width := max(len(wantLabel), len(gotLabel)) + 1
	wantTag := fmt.Sprintf("%-*s", width, wantLabel+":")
	gotTag := fmt.Sprintf("%-*s", width, gotLabel+":")
	wl, gl := splitLines(want), splitLines(got)
	for i := 0; ; i++ {
		switch {
		case i >= len(wl) && i >= len(gl):
			// Unreachable: equal line lists mean equal bytes.
			return "outputs differ"
		case i >= len(wl):
			return fmt.Sprintf("line %d: expected end of output, got an extra line (%d extra in all)\n  %s %s",
				i+1, len(gl)-len(wl), gotTag, visible(gl[i]))
		case i >= len(gl):
			return fmt.Sprintf("line %d: expected another line, got end of output (%d missing in all)\n  %s %s",
				i+1, len(wl)-len(gl), wantTag, visible(wl[i]))
		case wl[i] != gl[i]:
			col := firstDifference(wl[i], gl[i])
			return fmt.Sprintf("line %d, column %d: lines differ\n  %s %s\n  %s %s\n  %s %s^",
				i+1, col+1, wantTag, visible(wl[i]), gotTag, visible(gl[i]), strings.Repeat(" ", width), strings.Repeat(" ", visibleWidth(wl[i][:col])))
		}
	}
}

// splitLines keeps each line's "\n", so a missing final newline is a difference
// within the last line.
func splitLines(b []byte) []string {
	var lines []string
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			lines = append(lines, string(b))
			break
		}
		lines = append(lines, string(b[:i+1]))
		b = b[i+1:]
	}
	return lines
}

func firstDifference(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

// visible renders one line with its invisible characters shown.
func visible(line string) string {
	body, hasNewline := strings.CutSuffix(line, "\n")
	trimmed := strings.TrimRight(body, " ")
	var sb strings.Builder
	for _, r := range trimmed {
		sb.WriteString(visibleRune(r))
	}
	sb.WriteString(strings.Repeat("·", len(body)-len(trimmed)))
	if hasNewline {
		sb.WriteString("$")
	} else {
		sb.WriteString("   (no newline at end of output)")
	}
	return sb.String()
}

func visibleRune(r rune) string {
	switch {
	case r == '\t':
		return "→"
	case r == '\r':
		return `\r`
	case r < 0x20 || r == 0x7f:
		return fmt.Sprintf(`\x%02x`, r)
	}
	return string(r)
}

// visibleWidth is the number of screen columns visible() uses for s, to place
// the caret under the first differing character.
func visibleWidth(s string) int {
	w := 0
	for _, r := range s {
		w += len([]rune(visibleRune(r)))
	}
	return w
}
