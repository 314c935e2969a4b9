package main

// stats.go summarises repeated measurements (min, median, max) and says how
// sure a comparison is: a 95% confidence interval on a ratio of times.
//
// The interval is the distribution-free one that goes with the
// Hodges–Lehmann estimator, computed on the logarithms of the times, so that
// a ratio of times is a shift of logs:
//
//   - two independent samples (a run against a saved baseline): the
//     differences log x_i − log y_j of every pair, sorted; the interval runs
//     from the c-th smallest to the c-th largest, c taken from the exact
//     Mann–Whitney distribution (the same as the rank-sum test);
//   - paired samples (-vs: ours and theirs run alternately): the Walsh
//     averages (d_i + d_j)/2, i ≤ j, of the pair log-ratios d, with c from the
//     exact Wilcoxon signed-rank distribution.
//
// The ratio shown is the estimator the interval belongs to: exp of the
// median of those differences (or Walsh averages), the Hodges–Lehmann
// estimate, not a ratio of medians. Past 50 observations a side the exact
// distributions give way to their normal approximations (the exact table
// of 1,000 against 1,000 runs would take 16 GB).
//
// Why this and not a bootstrap: with the 5 runs a bench makes, a bootstrap of
// the median has only a handful of distinct values and its intervals come
// out too narrow; these intervals hold their level exactly for any n under
// the one assumption that the two samples differ by a factor (noise
// multiplies times rather than adding to them). Their price is a minimum
// sample: a 95% interval needs 4 runs on each side against a baseline and 6
// pairs with -vs; below that the interval is reported as missing, never
// guessed.

import (
	"encoding/json"
	"math"
	"sort"
)

// Summary of a sample. An empty sample (N = 0) has no figures: it prints as
// "-" and is null in JSON.
type Summary struct {
	Min    float64 `json:"min"`
	Median float64 `json:"median"`
	Max    float64 `json:"max"`
	N      int     `json:"n"`
	Mean   float64 `json:"mean"`
	SD     float64 `json:"sd"`  // sample standard deviation (n-1); 0 for one value
	P10    float64 `json:"p10"` // 10th and 90th percentiles, interpolated
	P90    float64 `json:"p90"` // between the order statistics
}

// Summarize computes min, median (mean of the middle two for an even count),
// max, mean, standard deviation and the 10th and 90th percentiles. An empty
// sample gives NaNs and N = 0.
func Summarize(xs []float64) Summary {
	if len(xs) == 0 {
		nan := math.NaN()
		return Summary{nan, nan, nan, 0, nan, nan, nan, nan}
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	sum := Summary{Min: s[0], Median: median(s), Max: s[len(s)-1], N: len(s), P10: percentile(s, 0.1), P90: percentile(s, 0.9)}
	for _, x := range s {
		sum.Mean += x / float64(len(s))
	}
	for _, x := range s {
		if len(s) > 1 {
			sum.SD += (x - sum.Mean) * (x - sum.Mean) / float64(len(s)-1)
		}
	}
	sum.SD = math.Sqrt(sum.SD)
	return sum
}

// percentile of a sorted sample, interpolated linearly between order
// statistics at rank p(n-1).
func percentile(s []float64, p float64) float64 {
	r := p * float64(len(s)-1)
	i := int(r)
	if i+1 >= len(s) {
		return s[len(s)-1]
	}
	return s[i] + (r-float64(i))*(s[i+1]-s[i])
}

// median of a sorted sample.
func median(s []float64) float64 {
	n := len(s)
	if n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[n/2]
}

// MarshalJSON writes null for an empty sample (JSON has no NaN).
func (s Summary) MarshalJSON() ([]byte, error) {
	if s.N == 0 {
		return []byte("null"), nil
	}
	type plain Summary
	return json.Marshal(plain(s))
}

// UnmarshalJSON reads null back as an empty sample.
func (s *Summary) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*s = Summarize(nil)
		return nil
	}
	type plain Summary
	return json.Unmarshal(b, (*plain)(s))
}

// Spread is (max-min)/median: the runs' own noise, as a fraction.
func (s Summary) Spread() float64 {
	if s.N == 0 || s.Median == 0 {
		return 0
	}
	return (s.Max - s.Min) / s.Median
}

// Level is the confidence every interval aims for.
const Level = 0.95

// Interval is a ratio (ours over the other) with its confidence interval.
// Low and High are NaN when the samples are too small for the level; then
// the interval is missing and nothing is claimed.
type Interval struct {
	Ratio      float64 // the point figure: the Hodges–Lehmann estimate of the ratio
	Low, High  float64 // the interval's ends
	Confidence float64 // its exact coverage, at least Level when the ends exist
}

// Known says whether the interval exists.
func (iv Interval) Known() bool { return !math.IsNaN(iv.Low) && !math.IsNaN(iv.High) }

// Excludes1 says whether the interval lies wholly on one side of 1: a change
// this sure is marked with '*'.
func (iv Interval) Excludes1() bool { return iv.Known() && (iv.High < 1 || iv.Low > 1) }

// Above says whether the whole interval lies above x.
func (iv Interval) Above(x float64) bool { return iv.Known() && iv.Low > x }

type intervalJSON struct {
	Ratio      *float64 `json:"ratio"`
	Low        *float64 `json:"low"`
	High       *float64 `json:"high"`
	Confidence *float64 `json:"confidence"`
}

func finite(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}

func orNaN(p *float64) float64 {
	if p == nil {
		return math.NaN()
	}
	return *p
}

// MarshalJSON writes missing figures as null.
func (iv Interval) MarshalJSON() ([]byte, error) {
	return json.Marshal(intervalJSON{finite(iv.Ratio), finite(iv.Low), finite(iv.High), finite(iv.Confidence)})
}

// UnmarshalJSON reads null back as NaN.
func (iv *Interval) UnmarshalJSON(b []byte) error {
	var j intervalJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*iv = Interval{orNaN(j.Ratio), orNaN(j.Low), orNaN(j.High), orNaN(j.Confidence)}
	return nil
}

var missing = Interval{math.NaN(), math.NaN(), math.NaN(), math.NaN()}

// IndependentRatio compares two independent samples: the Hodges–Lehmann
// estimate of x/y with its interval from the Mann–Whitney distribution.
func IndependentRatio(x, y []float64) Interval {
	if len(x) == 0 || len(y) == 0 || !positive(x) || !positive(y) {
		return missing
	}
	var diffs []float64
	for _, a := range x {
		for _, b := range y {
			diffs = append(diffs, math.Log(a)-math.Log(b))
		}
	}
	sort.Float64s(diffs)
	iv := Interval{Ratio: math.Exp(median(diffs)), Low: math.NaN(), High: math.NaN(), Confidence: math.NaN()}
	m, n := float64(len(x)), float64(len(y))
	c, conf := normalRank(m*n/2, m*n*(m+n+1)/12)
	if len(x) <= exactLimit && len(y) <= exactLimit {
		c, conf = criticalRank(mannWhitneyCounts(len(x), len(y)))
	}
	if c > 0 {
		iv.Low, iv.High, iv.Confidence = math.Exp(diffs[c-1]), math.Exp(diffs[len(diffs)-c]), conf
	}
	return iv
}

// PairedRatio compares paired samples (ours[i] ran next to theirs[i]): the
// Hodges–Lehmann estimate of the pair ratio (exp of the median Walsh
// average) with its interval from the Wilcoxon signed-rank distribution.
func PairedRatio(ours, theirs []float64) Interval {
	n := min(len(ours), len(theirs))
	if n == 0 || !positive(ours[:n]) || !positive(theirs[:n]) {
		return missing
	}
	d := make([]float64, n)
	for i := range d {
		d[i] = math.Log(ours[i] / theirs[i])
	}
	var walsh []float64
	for i := range d {
		for j := i; j < n; j++ {
			walsh = append(walsh, (d[i]+d[j])/2)
		}
	}
	sort.Float64s(walsh)
	iv := Interval{Ratio: math.Exp(median(walsh)), Low: math.NaN(), High: math.NaN(), Confidence: math.NaN()}
	N := float64(n)
	c, conf := normalRank(N*(N+1)/4, N*(N+1)*(2*N+1)/24)
	if n <= exactLimit {
		c, conf = criticalRank(signedRankCounts(n))
	}
	if c > 0 {
		iv.Low, iv.High, iv.Confidence = math.Exp(walsh[c-1]), math.Exp(walsh[len(walsh)-c]), conf
	}
	return iv
}

func positive(xs []float64) bool {
	for _, x := range xs {
		if !(x > 0) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// exactLimit is the largest sample taken through the exact distributions.
const exactLimit = 50

// normalRank is criticalRank for a statistic approximately normal with
// this mean and variance.
func normalRank(mean, variance float64) (c int, confidence float64) {
	const z = 1.959963984540054 // the 97.5% point: a two-sided 95% interval
	c = int(math.Floor(mean - z*math.Sqrt(variance)))
	if c < 1 {
		return 0, math.NaN()
	}
	return c, Level
}

// criticalRank takes the null distribution of a rank statistic as counts of
// each value 0..K (symmetric) and returns the largest c with
// P(T <= c-1) <= (1-Level)/2, and the exact coverage 1 - 2 P(T <= c-1) of
// the interval from the c-th smallest to the c-th largest estimate. c = 0
// means the level cannot be reached with so few observations.
func criticalRank(counts []float64) (c int, confidence float64) {
	total := 0.0
	for _, n := range counts {
		total += n
	}
	tail := 0.0 // P(T <= c-1)
	for c = 0; c < len(counts); c++ {
		next := tail + counts[c]/total
		if next > (1-Level)/2 {
			break
		}
		tail = next
	}
	if c == 0 {
		return 0, math.NaN()
	}
	return c, 1 - 2*tail
}

// mannWhitneyCounts[u] is the number of orderings of m x's and n y's in
// which u (x, y) pairs have the x above: the rank-sum null distribution.
func mannWhitneyCounts(m, n int) []float64 {
	// f[j][u] for the current i: orderings of i x's and j y's.
	f := make([][]float64, n+1)
	for j := range f {
		f[j] = make([]float64, m*n+1)
		f[j][0] = 1 // no x's: one ordering, u = 0
	}
	for i := 1; i <= m; i++ {
		g := make([][]float64, n+1)
		for j := 0; j <= n; j++ {
			g[j] = make([]float64, m*n+1)
			for u := 0; u <= i*j; u++ {
				// The largest element is an x (above all j y's) or a y.
				v := 0.0
				if u >= j {
					v += f[j][u-j]
				}
				if j > 0 {
					v += g[j-1][u]
				}
				g[j][u] = v
			}
		}
		f = g
	}
	return f[n]
}

// signedRankCounts[t] is the number of subsets of {1..n} summing to t: the
// Wilcoxon signed-rank null distribution.
func signedRankCounts(n int) []float64 {
	counts := make([]float64, n*(n+1)/2+1)
	counts[0] = 1
	for k := 1; k <= n; k++ {
		for t := len(counts) - 1; t >= k; t-- {
			counts[t] += counts[t-k]
		}
	}
	return counts
}
