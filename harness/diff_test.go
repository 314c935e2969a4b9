package main

import "testing"

func TestDiff(t *testing.T) {
	tests := []struct {
		name, want, got, diff string
	}{
		{"equal", "a\nb\n", "a\nb\n", ""},
		{"trailing space lost", "0 0 1 \n", "0 0 1\n",
			"line 1, column 6: lines differ\n  expected: 0 0 1·$\n  actual:   0 0 1$\n                 ^"},
		{"tab for space", "a b\n", "a\tb\n",
			"line 1, column 2: lines differ\n  expected: a b$\n  actual:   a→b$\n             ^"},
		{"missing final newline", "a\nb\n", "a\nb",
			"line 2, column 2: lines differ\n  expected: b$\n  actual:   b   (no newline at end of output)\n             ^"},
		{"extra lines", "a\n", "a\nb\nc\n",
			"line 2: expected end of output, got an extra line (2 extra in all)\n  actual:   b$"},
		{"missing lines", "a\nb\n", "a\n",
			"line 2: expected another line, got end of output (1 missing in all)\n  expected: b$"},
		{"empty output", "x\n", "",
			"line 1: expected another line, got end of output (1 missing in all)\n  expected: x$"},
		{"control character", "ab\n", "a\rb\n",
			"line 1, column 2: lines differ\n  expected: ab$\n  actual:   a\\rb$\n             ^"},
	}
	for _, tt := range tests {
		if d := Diff([]byte(tt.want), []byte(tt.got)); d != tt.diff {
			t.Errorf("%s:\ngot\n%s\nwant\n%s", tt.name, d, tt.diff)
		}
	}
}
