package main

import (
	"math"
	"testing"
)

func TestSummarize(t *testing.T) {
	tests := []struct {
		xs               []float64
		min, median, max float64
	}{
		{[]float64{3}, 3, 3, 3},
		{[]float64{5, 1, 3}, 1, 3, 5},
		{[]float64{4, 1, 3, 2}, 1, 2.5, 4},
		{[]float64{2, 2, 2, 9, 2}, 2, 2, 9},
	}
	for _, tt := range tests {
		s := Summarize(tt.xs)
		if s.Min != tt.min || s.Median != tt.median || s.Max != tt.max || s.N != len(tt.xs) {
			t.Errorf("Summarize(%v) = %+v", tt.xs, s)
		}
	}
	if s := Summarize(nil); !math.IsNaN(s.Median) || s.N != 0 {
		t.Errorf("Summarize(nil) = %+v", s)
	}
	if sp := Summarize([]float64{1, 2, 3}).Spread(); sp != 1 {
		t.Errorf("spread = %v, want 1", sp)
	}
}

func TestRatioAndSignificance(t *testing.T) {
	old := Summarize([]float64{1.0, 1.1, 1.2})
	tests := []struct {
		newer []float64
		ratio float64
		sig   bool
	}{
		{[]float64{0.5, 0.55, 0.6}, 0.5, true}, // every new run faster than every old one
		{[]float64{1.05, 1.1, 1.3}, 1, false},  // ranges overlap: noise
		{[]float64{2.0, 2.2, 2.4}, 2, true},    // slower beyond the spread
		{[]float64{0.9, 1.0, 1.15}, 0.909, false},
	}
	for _, tt := range tests {
		n := Summarize(tt.newer)
		if r := Ratio(n, old); math.Abs(r-tt.ratio) > 0.001 {
			t.Errorf("Ratio(%v) = %v, want %v", tt.newer, r, tt.ratio)
		}
		if s := Significant(n, old); s != tt.sig {
			t.Errorf("Significant(%v) = %v, want %v", tt.newer, s, tt.sig)
		}
	}
}
