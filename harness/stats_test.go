package main

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"sort"
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

// An empty sample is null in JSON and comes back empty; a full one survives.
func TestSummaryJSON(t *testing.T) {
	b, err := json.Marshal(Summarize(nil))
	if err != nil || string(b) != "null" {
		t.Fatalf("empty summary as JSON: %s, %v", b, err)
	}
	var s Summary
	if err := json.Unmarshal(b, &s); err != nil || s.N != 0 || !math.IsNaN(s.Median) {
		t.Errorf("null read back as %+v, %v", s, err)
	}
	b, _ = json.Marshal(Summarize([]float64{1, 2, 4}))
	if err := json.Unmarshal(b, &s); err != nil || s != Summarize([]float64{1, 2, 4}) {
		t.Errorf("%s read back as %+v, %v", b, s, err)
	}
	b, err = json.Marshal(missing)
	if err != nil || string(b) != `{"ratio":null,"low":null,"high":null,"confidence":null}` {
		t.Errorf("missing interval as JSON: %s, %v", b, err)
	}
}

// The null distributions against values from published tables.
func TestRankDistributions(t *testing.T) {
	mw := mannWhitneyCounts(5, 5)
	sum := 0.0
	for _, c := range mw {
		sum += c
	}
	if sum != 252 || mw[0] != 1 || mw[1] != 1 || mw[2] != 2 || mw[3] != 3 || mw[12] != mw[13] {
		t.Errorf("Mann-Whitney 5,5: total %v, head %v", sum, mw[:4])
	}
	// Critical values for a two-sided 5% test (tables: U = 2 for 5 and 5,
	// 0 for 3 and 5, none for 3 and 4; T = 0 for 6 pairs, 2 for 7, 8 for 10).
	tests := []struct {
		counts []float64
		c      int
	}{
		{mannWhitneyCounts(5, 5), 3},
		{mannWhitneyCounts(3, 5), 1},
		{mannWhitneyCounts(3, 4), 0},
		{mannWhitneyCounts(8, 8), 14},
		{signedRankCounts(5), 0},
		{signedRankCounts(6), 1},
		{signedRankCounts(7), 3},
		{signedRankCounts(10), 9},
	}
	for _, tt := range tests {
		if c, conf := criticalRank(tt.counts); c != tt.c || (c > 0 && conf < Level) {
			t.Errorf("criticalRank over %d values = %d (coverage %v), want %d", len(tt.counts), c, conf, tt.c)
		}
	}
	if _, conf := criticalRank(mannWhitneyCounts(5, 5)); math.Abs(conf-(1-8.0/252)) > 1e-12 {
		t.Errorf("coverage for 5 and 5 = %v, want 1-8/252", conf)
	}
}

// Synthetic samples whose answer is known by hand.
func TestIntervalsKnownAnswers(t *testing.T) {
	y := []float64{1.0, 1.1, 1.2, 1.3, 1.4}
	half := []float64{0.5, 0.55, 0.6, 0.65, 0.7}
	iv := IndependentRatio(half, y)
	if math.Abs(iv.Ratio-0.5) > 1e-12 || !iv.Known() || iv.Low > 0.5 || iv.High < 0.5 || !iv.Excludes1() {
		t.Errorf("half against whole: %+v", iv)
	}
	// The interval runs from the 3rd smallest to the 3rd largest of the 25
	// pairwise ratios (Mann-Whitney, 5 and 5 runs: c = 3).
	var ratios []float64
	for _, a := range half {
		for _, b := range y {
			ratios = append(ratios, a/b)
		}
	}
	sort.Float64s(ratios)
	wantLow, wantHigh := ratios[2], ratios[22]
	if math.Abs(iv.Low-wantLow) > 1e-9 || math.Abs(iv.High-wantHigh) > 1e-9 {
		t.Errorf("interval [%v, %v], want [%v, %v]", iv.Low, iv.High, wantLow, wantHigh)
	}

	// Identical samples: ratio 1, the interval holds 1, no '*'.
	if iv := IndependentRatio(y, y); iv.Ratio != 1 || !iv.Known() || iv.Excludes1() {
		t.Errorf("same against same: %+v", iv)
	}
	// Too few runs for 95%: the interval is missing, the ratio is not: the
	// median of the 12 pairwise ratios, the 6th and 7th (1.0/1.1 and
	// 1.1/1.2 sorted among them), as the mean of their logarithms.
	var twelve []float64
	for _, a := range y[:3] {
		for _, b := range y[:4] {
			twelve = append(twelve, math.Log(a/b))
		}
	}
	sort.Float64s(twelve)
	if iv := IndependentRatio(y[:3], y[:4]); iv.Known() || math.Abs(iv.Ratio-math.Exp((twelve[5]+twelve[6])/2)) > 1e-12 {
		t.Errorf("3 against 4 runs: %+v", iv)
	}
	// Paired, every pair exactly 0.8: interval [0.8, 0.8].
	theirs := []float64{1, 2, 3, 4, 5, 6}
	ours := []float64{0.8, 1.6, 2.4, 3.2, 4.0, 4.8}
	if iv := PairedRatio(ours, theirs); math.Abs(iv.Ratio-0.8) > 1e-12 || math.Abs(iv.Low-0.8) > 1e-12 || math.Abs(iv.High-0.8) > 1e-12 {
		t.Errorf("paired 0.8: %+v", iv)
	}
	// Six pairs: the interval is the smallest to the largest Walsh average,
	// which here are the smallest and largest pair ratios.
	ours = []float64{0.9, 2.0, 2.7, 4.4, 4.5, 6.0}
	iv = PairedRatio(ours, theirs)
	if math.Abs(iv.Low-0.9) > 1e-12 || math.Abs(iv.High-1.1) > 1e-12 || iv.Excludes1() {
		t.Errorf("paired around 1: %+v", iv)
	}
	if iv := PairedRatio(ours[:5], theirs[:5]); iv.Known() {
		t.Errorf("5 pairs cannot give a 95%% interval: %+v", iv)
	}
	if iv := IndependentRatio(nil, y); iv.Known() || !math.IsNaN(iv.Ratio) {
		t.Errorf("empty sample: %+v", iv)
	}
}

// The intervals hold their level: over many synthetic samples with a known
// true ratio and log-normal noise, at least 95% of them contain it (the
// exact coverage is a little above, since the rank statistics are discrete),
// and not far above (a too-wide interval would also pass a plain ">= 95%").
func TestIntervalCoverage(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const trials, trueRatio = 4000, 0.9
	sample := func(n int, scale float64) []float64 {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = scale * math.Exp(0.1*rng.NormFloat64())
		}
		return xs
	}
	for _, n := range []int{5, 8, 60} {
		want := Level // the normal approximation aims at the level itself
		if n <= exactLimit {
			_, want = criticalRank(mannWhitneyCounts(n, n))
		}
		hit := 0
		for range trials {
			if iv := IndependentRatio(sample(n, trueRatio), sample(n, 1)); iv.Low <= trueRatio && trueRatio <= iv.High {
				hit++
			}
		}
		if got := float64(hit) / trials; got < want-0.015 || got > want+0.015 {
			t.Errorf("independent, %d runs: coverage %.3f, want %.3f", n, got, want)
		}
	}
	for _, n := range []int{6, 11, 60} {
		want := Level
		if n <= exactLimit {
			_, want = criticalRank(signedRankCounts(n))
		}
		hit := 0
		for range trials {
			theirs := sample(n, 1)
			ours := make([]float64, n)
			for i := range ours {
				ours[i] = theirs[i] * trueRatio * math.Exp(0.05*rng.NormFloat64())
			}
			if iv := PairedRatio(ours, theirs); iv.Low <= trueRatio && trueRatio <= iv.High {
				hit++
			}
		}
		if got := float64(hit) / trials; got < want-0.015 || got > want+0.015 {
			t.Errorf("paired, %d pairs: coverage %.3f, want %.3f", n, got, want)
		}
	}
}

// A thousand runs against a thousand take the normal approximation: no
// exact table of 16 GB.
func TestIntervalsOfLargeSamples(t *testing.T) {
	x, y := make([]float64, 1000), make([]float64, 1000)
	for i := range x {
		x[i], y[i] = 0.9+float64(i%7)/100, 1+float64(i%5)/100
	}
	if iv := IndependentRatio(x, y); !iv.Known() || !(iv.Low < iv.Ratio && iv.Ratio < iv.High) || !iv.Excludes1() {
		t.Errorf("1000 against 1000: %+v", iv)
	}
	if iv := PairedRatio(x, y); !iv.Known() || !iv.Excludes1() {
		t.Errorf("1000 pairs: %+v", iv)
	}
}

// The summary's figures, worked out by hand for 1..10: mean 5.5, standard
// deviation sqrt(82.5/9), 10th percentile at rank 0.9 (1.9), 90th at 8.1
// (9.1).
func TestSummaryFigures(t *testing.T) {
	s := Summarize([]float64{10, 9, 8, 7, 6, 5, 4, 3, 2, 1})
	for _, f := range []struct {
		name      string
		got, want float64
	}{{"min", s.Min, 1}, {"median", s.Median, 5.5}, {"max", s.Max, 10}, {"mean", s.Mean, 5.5},
		{"sd", s.SD, math.Sqrt(82.5 / 9)}, {"p10", s.P10, 1.9}, {"p90", s.P90, 9.1}} {
		if math.Abs(f.got-f.want) > 1e-12 {
			t.Errorf("%s = %v, want %v", f.name, f.got, f.want)
		}
	}
	if one := Summarize([]float64{3}); one.SD != 0 || one.P10 != 3 || one.P90 != 3 {
		t.Errorf("one value: %+v", one)
	}
}
