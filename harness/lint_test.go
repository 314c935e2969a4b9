package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLint(t *testing.T) {
	const good = "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(1) }\n"
	tests := []struct {
		name  string
		files map[string]string
		want  string // a problem that must be reported; "" for none
	}{
		{"clean", map[string]string{"main.go": good, "main_test.go": "package main\n"}, ""},
		{"third-party import", map[string]string{"main.go": "package main\n\nimport \"github.com/x/y\"\n\nfunc main() { y.Z() }\n"},
			`imports "github.com/x/y": only the standard library is allowed`},
		{"cgo", map[string]string{"main.go": "package main\n\nimport \"C\"\n\nfunc main() {}\n"}, `imports "C": cgo is not allowed`},
		{"two sources", map[string]string{"main.go": good, "util.go": "package main\n"}, "expected exactly one non-test source file, main.go; found main.go, util.go"},
		{"wrong package", map[string]string{"main.go": "package puzzle\n"}, "expected package main, got package puzzle"},
		{"not gofmt-clean", map[string]string{"main.go": "package main\nfunc main(){}\n"}, "not gofmt-clean"},
	}
	for _, tt := range tests {
		root := t.TempDir()
		dir := filepath.Join(root, "e")
		os.MkdirAll(dir, 0o755)
		for name, src := range tt.files {
			os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644)
		}
		r := Lint(root, "e", func() error { return nil })
		all := strings.Join(r.Problems, "\n")
		switch {
		case tt.want == "" && len(r.Problems) > 0:
			t.Errorf("%s: unexpected problems:\n%s", tt.name, all)
		case tt.want != "" && !strings.Contains(all, tt.want):
			t.Errorf("%s: problems\n%s\nlack %q", tt.name, all, tt.want)
		}
		if tt.want == "" && (r.Gz <= 0 || filepath.Base(r.File) != "main.go") {
			t.Errorf("%s: file %q gz %d", tt.name, r.File, r.Gz)
		}
	}
}
