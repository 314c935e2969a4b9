package main

// progress.go keeps one status line on stderr while a long command runs, so
// a long bench never looks hung. On a terminal the line is rewritten in
// place; elsewhere (CI logs, files) each update is its own line.

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// Progress writes status lines and failure reports to w.
type Progress struct {
	w     io.Writer
	tty   bool
	quiet bool
	width int
}

// NewProgress writes to stderr; quiet turns status lines off (failures stay).
func NewProgress(quiet bool) *Progress {
	tty := false
	if fi, err := os.Stderr.Stat(); err == nil {
		tty = fi.Mode()&os.ModeCharDevice != 0
	}
	return &Progress{w: os.Stderr, tty: tty, quiet: quiet}
}

// Update replaces the status line.
func (p *Progress) Update(format string, args ...any) {
	if p.quiet {
		return
	}
	msg := fmt.Sprintf(format, args...)
	if !p.tty {
		fmt.Fprintln(p.w, msg)
		return
	}
	pad := max(p.width-len(msg), 0)
	fmt.Fprintf(p.w, "\r%s%s", msg, strings.Repeat(" ", pad))
	p.width = len(msg)
}

// Clear removes the status line before results are printed.
func (p *Progress) Clear() {
	if p.tty && p.width > 0 {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.width))
		p.width = 0
	}
}

// Failure reports a problem on its own lines.
func (p *Progress) Failure(format string, args ...any) {
	p.Clear()
	fmt.Fprintf(p.w, format+"\n", args...)
}

// Transient is an Update shown only on a terminal: for commands whose result
// lines already follow each step.
func (p *Progress) Transient(format string, args ...any) {
	if p.tty {
		p.Update(format, args...)
	}
}
