package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestParseCasesGoodLines(t *testing.T) {
	src := `# a comment
meteor/2098   bench  -v 2098   @rate=nodes

acrostic/eras check  -puzzles eras.txt < words4.txt
eternity2/bad check  broken.json @exit=2 @timeout=3s
eternity2/gen bench  -nodes 5 @emit=hard.json @expect=bad
pentomino/def long
acrostic/big  bench  -squares < w.txt @sha256=ce0dcc6c1b1f4a323bc1c6eb19514943641f5e69464cf94af299cc16acd5ee83
`
	cases, err := ParseCases("cases.txt", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []Case{
		{Entry: "meteor", Name: "2098", Class: ClassBench, Args: []string{"-v", "2098"}, Rate: "nodes", Timeout: defaultTimeout[ClassBench], Source: "cases.txt:2"},
		{Entry: "acrostic", Name: "eras", Class: ClassCheck, Args: []string{"-puzzles", "eras.txt"}, Stdin: "words4.txt", Timeout: defaultTimeout[ClassCheck], Source: "cases.txt:4"},
		{Entry: "eternity2", Name: "bad", Class: ClassCheck, Args: []string{"broken.json"}, Exit: 2, Timeout: 3 * time.Second, Source: "cases.txt:5"},
		{Entry: "eternity2", Name: "gen", Class: ClassBench, Args: []string{"-nodes", "5"}, Emit: []string{"hard.json"}, Expect: "bad", Timeout: defaultTimeout[ClassBench], Source: "cases.txt:6"},
		{Entry: "pentomino", Name: "def", Class: ClassLong, Timeout: defaultTimeout[ClassLong], Source: "cases.txt:7"},
		{Entry: "acrostic", Name: "big", Class: ClassBench, Args: []string{"-squares"}, Stdin: "w.txt", SHA256: "ce0dcc6c1b1f4a323bc1c6eb19514943641f5e69464cf94af299cc16acd5ee83",
			Timeout: defaultTimeout[ClassBench], Source: "cases.txt:8"},
	}
	if !reflect.DeepEqual(cases, want) {
		t.Fatalf("got  %+v\nwant %+v", cases, want)
	}
	if got := cases[0].ExpectedPath("/r"); got != "/r/expected/meteor/2098.out" {
		t.Errorf("ExpectedPath = %s", got)
	}
	if got := cases[3].ExpectedPath("/r"); got != "/r/expected/eternity2/bad.out" {
		t.Errorf("ExpectedPath with @expect = %s", got)
	}
}

func TestParseCasesBadLines(t *testing.T) {
	tests := []struct {
		line string
		want string
	}{
		{"meteor bench 2098", `cases.txt:2: expected ENTRY/CASE (lower-case letters, digits, '-', '_', '.') as the first field, got "meteor"`},
		{"Meteor/x bench", `cases.txt:2: expected ENTRY/CASE`},
		{"meteor/2098", `cases.txt:2: expected a class (check, bench or long) after meteor/2098`},
		{"meteor/2098 fast 2098", `cases.txt:2: expected a class (check, bench or long), got "fast"`},
		{"meteor/2098 bench 2098 <", `cases.txt:2: expected a file name after '<'`},
		{"meteor/2098 bench <in.txt", `cases.txt:2: expected a space between '<' and the file name in "<in.txt"`},
		{"meteor/2098 bench < a < b", `cases.txt:2: expected at most one '< FILE', got a second`},
		{"meteor/2098 bench < a extra", `cases.txt:2: expected only @options after '< a', got "extra"`},
		{"meteor/2098 bench @rate", `cases.txt:2: expected @KEY=VALUE, got "@rate"`},
		{"meteor/2098 bench @exit=0", `cases.txt:2: expected an exit status 1..255 after @exit=, got "0"`},
		{"meteor/2098 bench @timeout=soon", `cases.txt:2: expected a positive duration such as 30s after @timeout=, got "soon"`},
		{"meteor/2098 bench @speed=1", `cases.txt:2: expected an option @rate, @exit, @timeout, @emit, @expect or @sha256, got "@speed"`},
		{"meteor/2098 bench @sha256=ABC", `cases.txt:2: expected 64 lower-case hex digits after @sha256=, got "ABC"`},
		{"meteor/one check 1", `cases.txt:2: case meteor/one is already defined at cases.txt:1`},
		{"meteor/two check @expect=none", `cases.txt:2: @expect=none names no case of meteor (expected a case whose expected file this one shares)`},
		{"meteor/two check @expect=three\nmeteor/three check @expect=one", `cases.txt:2: @expect=three names a case that shares another's file; name one instead`},
		{"meteor/two check @expect=two", `cases.txt:2: @expect=two names the case itself: leave @expect out for its own file`},
	}
	for _, tt := range tests {
		_, err := ParseCases("cases.txt", strings.NewReader("meteor/one check 1\n"+tt.line+"\n"))
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want prefix %q", tt.line, err, tt.want)
		}
	}
	if _, err := ParseCases("cases.txt", strings.NewReader("\ufeffmeteor/one check 1\n")); err == nil || err.Error() != "cases.txt:1: starts with a byte-order mark: save it as UTF-8 without one" {
		t.Errorf("a byte-order mark: %v", err)
	}
}

// A case file that is a folder, or has a line past the limit, says so.
func TestLoadCasesUnreadable(t *testing.T) {
	dir := t.TempDir()
	if _, err := LoadCases(dir); err == nil || err.Error() != dir+": not a regular file (a folder): give a file" {
		t.Errorf("a folder: %v", err)
	}
	long := filepath.Join(dir, "cases.txt")
	os.WriteFile(long, []byte("a/b check "+strings.Repeat("x", maxCaseLine)+"\n"), 0o644)
	if _, err := LoadCases(long); err == nil || err.Error() != long+":1: a line longer than 1048576 bytes" {
		t.Errorf("a long line: %v", err)
	}
	pipe := filepath.Join(dir, "pipe") // a case file from a pipe, as <(grep meteor cases.txt) gives it
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Fatal(err)
	}
	go func() {
		if f, err := os.OpenFile(pipe, os.O_WRONLY, 0); err == nil {
			f.WriteString("meteor/one check 1\n")
			f.Close()
		}
	}()
	if cases, err := LoadCases(pipe); err != nil || len(cases) != 1 {
		t.Errorf("a case file from a pipe: %v, %d cases", err, len(cases))
	}
}

func TestSelect(t *testing.T) {
	cases, _ := ParseCases("c", strings.NewReader("a/x check\na/y bench\na/z long\nb/x check\n"))
	ids := func(cs []Case) string {
		var s []string
		for _, c := range cs {
			s = append(s, c.ID())
		}
		return strings.Join(s, " ")
	}
	tests := []struct {
		patterns []string
		classes  []Class
		want     string
	}{
		{nil, []Class{ClassCheck, ClassBench}, "a/x a/y b/x"},
		{[]string{"a"}, []Class{ClassBench}, "a/y"},
		{[]string{"a/z"}, []Class{ClassCheck}, "a/z"}, // named in full: runs whatever its class
		{[]string{"b", "a/y"}, []Class{ClassCheck}, "a/y b/x"},
	}
	for _, tt := range tests {
		got, err := Select(cases, tt.patterns, tt.classes...)
		if err != nil || ids(got) != tt.want {
			t.Errorf("Select(%v, %v) = %q, %v; want %q", tt.patterns, tt.classes, ids(got), err, tt.want)
		}
	}
	if _, err := Select(cases, []string{"c"}, ClassCheck); err == nil {
		t.Error("a pattern matching nothing must be an error")
	}
}

// FuzzParseCases: any case file is cases or one error naming the file and
// line, never a panic; a case read prints back (list) as a line that reads
// back as the same case.
func FuzzParseCases(f *testing.F) {
	for _, seed := range []string{"meteor/2098 bench 2098 @rate=nodes\n", "a/b check x < in.txt @exit=2\n", "a/b long @timeout=5m @emit=x @expect=c\n",
		"a/b check @sha256=" + strings.Repeat("0", 64) + "\n", "# c\n\n", "", "a/b\n", "a/b check @rate=x @rate=y\n", "a/b check <x\n"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		cases, err := ParseCases("cases.txt", strings.NewReader(text))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "cases.txt") || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q: want one line starting with the file name", err)
			}
			return
		}
		for _, c := range cases {
			line := c.ID() + " " + string(c.Class) + " " + c.Line()
			back, err := ParseCases("again", strings.NewReader(line+"\n"))
			if err != nil || len(back) != 1 || back[0].Line() != c.Line() || back[0].Timeout != c.Timeout {
				t.Fatalf("%q lists as %q, which reads back as %+v, %v", text, line, back, err)
			}
		}
	})
}
