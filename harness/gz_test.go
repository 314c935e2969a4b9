package main

import "testing"

func TestStripGo(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a := 1 // note\nb", "a := 1 \nb"},
		{"x /* block\n comment */ y", "x   y"},
		{`s := "// not a comment"`, `s := "// not a comment"`},
		{"r := '/' // c", "r := '/' "},
		{"q := `/* raw */` + \"\\\"//\"", "q := `/* raw */` + \"\\\"//\""},
	}
	for _, tt := range tests {
		if got := string(StripGo([]byte(tt.in))); got != tt.want {
			t.Errorf("StripGo(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestGzSizeIgnoresCommentsAndLayout(t *testing.T) {
	plain := []byte("package main\nfunc main() { println(1) }\n")
	commented := []byte("// Package doc.\npackage main\n\n/* long\n comment */\nfunc main() {\n\tprintln(1) // one\n}\n")
	if a, b := GzSize(plain), GzSize(commented); a != b {
		t.Errorf("gz sizes differ: %d vs %d", a, b)
	}
	if GzSize(plain) >= len(plain)+30 || GzSize(plain) <= 0 {
		t.Errorf("gz size %d is not plausible for %d bytes", GzSize(plain), len(plain))
	}
}
