package main

// gz.go measures source size the way the Benchmarks Game does, roughly:
// comments stripped, runs of whitespace collapsed to one space, then gzip at
// level 1. It is approximate (whitespace inside string literals is collapsed
// too), good for comparing versions of one entry, not for exact site figures.

import (
	"bytes"
	"compress/gzip"
	"strings"
)

// StripGo removes // and /* */ comments from Go source, leaving string, rune
// and raw-string literals intact.
func StripGo(src []byte) []byte {
	var out bytes.Buffer
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := bytes.Index(src[i+2:], []byte("*/"))
			if end < 0 {
				return out.Bytes()
			}
			out.WriteByte(' ')
			i += 2 + end + 2
		case c == '"' || c == '\'' || c == '`':
			j := i + 1
			for j < len(src) && src[j] != c {
				if src[j] == '\\' && c != '`' {
					j++
				}
				j++
			}
			j = min(j+1, len(src))
			out.Write(src[i:j])
			i = j
		default:
			out.WriteByte(c)
			i++
		}
	}
	return out.Bytes()
}

// GzSize is the gzip -1 size of the stripped, whitespace-collapsed source.
func GzSize(src []byte) int {
	collapsed := strings.Join(strings.Fields(string(StripGo(src))), " ")
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	zw.Write([]byte(collapsed))
	zw.Close()
	return buf.Len()
}
