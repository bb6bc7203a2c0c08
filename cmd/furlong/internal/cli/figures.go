package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"

	"furlong/engine"
)

// How the workbench's figures are added up, checked and written: the sums
// of a board's games, the words of a figure and its interval, and the
// tables of text they are printed in.

// sums are what one board's games add up, metric by metric: how many, and
// the sums of each metric's values and squares. Whole numbers, so that
// the shards of a run merge into the whole run's sums to the last digit.
type sums struct {
	N   int64   `json:"games"`
	Sum []int64 `json:"sum"`
	Sq  []int64 `json:"sq"`
}

func newSums(metrics int) *sums {
	return &sums{Sum: make([]int64, metrics), Sq: make([]int64, metrics)}
}

// add counts one game's values.
func (s *sums) add(v []int64) {
	s.N++
	for i, x := range v {
		s.Sum[i] += x
		s.Sq[i] += x * x
	}
}

// merge adds o's games.
func (s *sums) merge(o *sums) {
	s.N += o.N
	for i := range s.Sum {
		s.Sum[i] += o.Sum[i]
		s.Sq[i] += o.Sq[i]
	}
}

func (s *sums) reset() {
	s.N = 0
	clear(s.Sum)
	clear(s.Sq)
}

// mean is metric i's mean and 95% interval (engine.MeanInterval).
func (s *sums) mean(i int, m engine.Metric) (mean, lo, hi float64) {
	return engine.MeanInterval(s.N, s.Sum[i], s.Sq[i], m)
}

// check says what is wrong with sums a shard holds of games games of the
// metrics ms, or "": sums that no such games could add up to.
func (s *sums) check(games int, ms []engine.Metric) string {
	if why := countCheck(s.N, games, ms, s.Sum, s.Sq); why != "" {
		return why
	}
	for i, m := range ms {
		if why := sumCheck(s.N, s.Sum[i], s.Sq[i], m, false); why != "" {
			return m.Name + ": " + why
		}
	}
	return ""
}

// countCheck says what is wrong with the count of games and the number of
// sums of a tally of games games of the metrics ms, or "".
func countCheck(n int64, games int, ms []engine.Metric, lists ...[]int64) string {
	if n != int64(games) {
		return fmt.Sprintf("they count %d games, where the shard holds %d", n, games)
	}
	for _, l := range lists {
		if len(l) != len(ms) {
			return fmt.Sprintf("sums of %d figures, where the run measures %d", len(l), len(ms))
		}
	}
	return ""
}

// sumCheck says what is wrong with the sum and the sum of squares of n
// games' values of metric m, or "": squares below 0, a sum too large for
// its squares (the square of a sum is at most n times the sum of the
// squares), and for a bounded metric values outside 0 to its Per. A
// difference (diff) may be below 0, and its bounds are -Per to Per.
func sumCheck(n, sum, sq int64, m engine.Metric, diff bool) string {
	if sq < 0 {
		return fmt.Sprintf("a sum of squares below 0 (%d)", sq)
	}
	s := new(big.Int).SetInt64(sum)
	s.Mul(s, s)
	if s.Cmp(new(big.Int).Mul(big.NewInt(n), big.NewInt(sq))) > 0 {
		return fmt.Sprintf("a sum of %d whose squares add up to %d only, in %d games", sum, sq, n)
	}
	if m.Bounded() {
		per, lo := max(m.Per, 1), int64(0)
		if diff {
			lo = -per
		}
		if sum < lo*n || sum > n*per || sq > n*per*per {
			return fmt.Sprintf("a sum of %d, which %d games of values from %d to %d cannot give", sum, n, lo, per)
		}
		if !diff && sq > per*sum {
			return fmt.Sprintf("squares adding up to %d, which values from 0 to %d adding up to %d cannot give", sq, per, sum)
		}
	}
	return ""
}

// pairedCheck says what is wrong with paired sums a shard holds of games
// games of the metrics ms, or "": besides each board's sums, the
// differences must be B less A, and boards never apart differ in nothing.
func pairedCheck(p *engine.Paired, games int, ms []engine.Metric) string {
	if why := countCheck(p.N, games, ms, p.SumA, p.SumB, p.SumD, p.SqD, p.SqA, p.SqB); why != "" {
		return why
	}
	if p.Apart < 0 || p.Apart > p.N {
		return fmt.Sprintf("%d games apart of %d", p.Apart, p.N)
	}
	for i, m := range ms {
		switch {
		case p.SumD[i] != p.SumB[i]-p.SumA[i]:
			return fmt.Sprintf("%s: a difference B-A of %d, where B's sum less A's is %d", m.Name, p.SumD[i], p.SumB[i]-p.SumA[i])
		case p.Apart == 0 && p.SqD[i] != 0:
			return fmt.Sprintf("%s: the boards differ, in games that differ in nothing", m.Name)
		}
		for _, c := range []struct {
			board    string
			sum, sq  int64
			isDiffer bool
		}{{"A", p.SumA[i], p.SqA[i], false}, {"B", p.SumB[i], p.SqB[i], false}, {"B-A", p.SumD[i], p.SqD[i], true}} {
			if why := sumCheck(p.N, c.sum, c.sq, m, c.isDiffer); why != "" {
				return fmt.Sprintf("%s on %s: %s", m.Name, c.board, why)
			}
		}
	}
	return ""
}

// decodeStrict reads JSON into v, refusing a field v does not have and
// anything after the value.
func decodeStrict(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("more than one value")
	}
	return nil
}

// scale is what a metric's numbers are multiplied by as printed: the mean
// of a 0-or-1 metric, or a share, is a percentage.
func scale(unit string) float64 {
	if unit == "%" {
		return 100
	}
	return 1
}

// metricName is a metric's name with its unit where the name does not
// give it: "first roll moves (spaces)".
func metricName(m engine.Metric) string {
	if m.Unit == "" || m.Unit == "%" || m.Unit == "$" || strings.Contains(m.Name, m.Unit) {
		return m.Name
	}
	return m.Name + " (" + m.Unit + ")"
}

// number writes one of a metric's numbers: a percentage with its sign,
// dollars after theirs.
func number(v float64, unit string, signed bool) string {
	f := "%.3f"
	if signed {
		f = "%+.3f"
	}
	if unit == "%" {
		f = strings.Replace(f, "3", "2", 1) + "%%"
	}
	s := fmt.Sprintf(f, v*scale(unit))
	if unit == "$" {
		if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
			return s[:1] + "$" + s[1:]
		}
		return "$" + s
	}
	return s
}

// spanWords writes an interval: "-0.79% to +0.58%".
func spanWords(lo, hi float64, unit string, signed bool) string {
	return number(lo, unit, signed) + " to " + number(hi, unit, signed)
}

// formatTable writes rows as a table: the first column to the left, the
// others to the right, two spaces between, no space at a line's end.
func formatTable(rows [][]string) string {
	var w []int
	for _, r := range rows {
		for i, c := range r {
			if i >= len(w) {
				w = append(w, 0)
			}
			w[i] = max(w[i], len([]rune(c)))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		var l strings.Builder
		for i, c := range r {
			pad := strings.Repeat(" ", w[i]-len([]rune(c)))
			switch {
			case i == 0:
				l.WriteString(c + pad)
			case i == len(r)-1 && w[i] > 0 && i > 0 && allWords(rows, i):
				l.WriteString("  " + c + pad)
			default:
				l.WriteString("  " + pad + c)
			}
		}
		b.WriteString(strings.TrimRight(l.String(), " ") + "\n")
	}
	return b.String()
}

// allWords says column i of rows holds words and not numbers, to be set
// to the left.
func allWords(rows [][]string, i int) bool {
	for _, r := range rows[1:] {
		if c := r[i]; c != "" && (c[0] == '+' || c[0] == '-' || c[0] >= '0' && c[0] <= '9' || c[0] == '$') {
			return false
		}
	}
	return true
}

// termWidth is the width the workbench's tables keep within, a terminal's.
const termWidth = 80

// formatColumns writes a table whose first column names its rows and whose
// other columns (head[1:], and each row's cells after the first) are too
// many for one line: as several tables one under the other, each with the
// first column and as many of the others as keep its lines within
// termWidth (at least one).
func formatColumns(head []string, rows [][]string) string {
	var name, cell int
	for _, r := range append([][]string{head}, rows...) {
		for i, c := range r {
			if i == 0 {
				name = max(name, len([]rune(c)))
			} else {
				cell = max(cell, len([]rune(c)))
			}
		}
	}
	per := max(1, (termWidth-name)/(cell+2))
	var b strings.Builder
	for lo := 1; lo < len(head); lo += per {
		hi := min(lo+per, len(head))
		if lo > 1 {
			b.WriteString("\n")
		}
		part := [][]string{append([]string{head[0]}, head[lo:hi]...)}
		for _, r := range rows {
			part = append(part, append([]string{r[0]}, r[lo:hi]...))
		}
		b.WriteString(formatTable(part))
	}
	return b.String()
}

// clearWords says, under a report, what "clear" promises of the figures
// marked (what says what it is of a figure): Holm's step-down over the
// run's figures, at 5%, and nothing called clear below engine.MinGames
// games.
func clearWords(figures, games int, what string) string {
	if games < engine.MinGames {
		return wrap(fmt.Sprintf("Nothing is called clear at %s: under %d games a figure's spread is too little known for its interval to hold what it says.",
			engine.Count(games, "game", "games"), engine.MinGames))
	}
	return wrap(fmt.Sprintf("clear: %s, by Holm's method over the run's %s at 5%%: the chance that any figure marked clear does not truly differ is 5%% at most. The others may differ too, by less than %s can tell.",
		what, engine.Count(figures, "figure", "figures"), engine.Count(games, "game", "games")))
}

// intervalWords says how the intervals are made, under a report.
var intervalWords = wrap("95% intervals: Student's t over the games, a 0-or-1 figure or a share counting one more game, half at each end, so that its interval is never of no width by chance.")

// wrap breaks text into lines of at most termWidth characters at spaces,
// each ending in a newline.
func wrap(text string) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(text) {
		switch {
		case n == 0:
		case n+1+len([]rune(w)) > termWidth:
			b.WriteString("\n")
			n = 0
		default:
			b.WriteString(" ")
			n++
		}
		b.WriteString(w)
		n += len([]rune(w))
	}
	b.WriteString("\n")
	return b.String()
}

// clearRule is what the JSON of compare and simulate says "clear" is.
func clearRule() string {
	return fmt.Sprintf("Holm's step-down over the run's figures at 5%%: the chance that any figure called clear does not truly differ is 5%% at most; nothing is clear under %d games", engine.MinGames)
}

// intervalRule is what the JSON says the intervals are.
const intervalRule = "95%, Student's t over the games; a 0-or-1 figure or a share counts one more game, half at each end"
