package main

// stats.go summarises repeated measurements: min, median, max, and whether
// two sets of runs differ by more than their own spread.

import (
	"math"
	"sort"
)

// Summary of a sample.
type Summary struct {
	Min    float64 `json:"min"`
	Median float64 `json:"median"`
	Max    float64 `json:"max"`
	N      int     `json:"n"`
}

// Summarize computes min, median (mean of the middle two for an even count)
// and max. An empty sample gives NaNs.
func Summarize(xs []float64) Summary {
	if len(xs) == 0 {
		nan := math.NaN()
		return Summary{nan, nan, nan, 0}
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	med := s[n/2]
	if n%2 == 0 {
		med = (s[n/2-1] + s[n/2]) / 2
	}
	return Summary{Min: s[0], Median: med, Max: s[n-1], N: n}
}

// Spread is (max-min)/median: the runs' own noise, as a fraction.
func (s Summary) Spread() float64 {
	if s.Median == 0 {
		return 0
	}
	return (s.Max - s.Min) / s.Median
}

// Ratio is new median over old median.
func Ratio(newer, older Summary) float64 {
	if older.Median == 0 {
		return math.NaN()
	}
	return newer.Median / older.Median
}

// Significant says whether two samples differ by more than their spread: the
// ranges [min, max] do not overlap, so every new run is faster (or slower)
// than every old one.
func Significant(newer, older Summary) bool {
	if newer.N == 0 || older.N == 0 {
		return false
	}
	return newer.Max < older.Min || newer.Min > older.Max
}
