package horserace

import (
	"fmt"
	"strings"
	"sync"

	"furlong/engine/horserace"
	"furlong/layout"
)

// averaged caches each board's figures averaged over the scratches: they
// take a few milliseconds to work out, and every printable and the
// rulebook ask for them. The key is the board's numbers, whatever they
// are called.
var averaged = struct {
	sync.Mutex
	m map[averageKey]horserace.Average
}{m: map[averageKey]horserace.Average{}}

type averageKey struct {
	spaces [horserace.Highest + 1]int
	chips  [horserace.Slots]int
}

// Averaged returns board b's exact figures averaged over the scratches.
func Averaged(b horserace.Board) horserace.Average { return AveragedOn(b.Variant()) }

// AveragedOn returns a variant's exact figures averaged over the
// scratches.
func AveragedOn(v *horserace.Variant) horserace.Average {
	k := averageKey{v.Spaces, v.Chips}
	averaged.Lock()
	defer averaged.Unlock()
	a, ok := averaged.m[k]
	if !ok {
		a = v.Averaged()
		averaged.m[k] = a
	}
	return a
}

// likeliest is how many scratch sets the odds card lists.
const likeliest = 10

// OddsCard appends a page of odds for o's board: every horse's chance
// with nothing scratched and averaged over the scratches, what one card
// takes of the pot, the likeliest sets of scratches with the chances they
// leave, and the hand sizes for every table.
func OddsCard(d *layout.Doc, o Options) error {
	b := o.numbers()
	c, y, err := page(d, o, "Horse Race · odds, "+o.boardName(), "furlong · exact chances, not sampled")
	if err != nil {
		return err
	}
	f := o.field()
	none := horserace.Chances(&f)
	avg := AveragedOn(b)

	cols := fill([]layout.Column{
		{Title: "Horse", W: 14, Align: layout.Center},
		{Title: "Card", W: 12, Align: layout.Center},
		{Title: "Spaces", W: 16, Align: layout.Center},
		{Title: "Rolls of 36", W: 22, Align: layout.Center},
		{Title: "Rolls alone", W: 22, Align: layout.Center},
		{Title: "Nothing scratched", W: 32, Align: layout.Right},
		{Title: "Over the scratches", W: 32, Align: layout.Right},
		{Title: "A card: 1 deck", W: 28, Align: layout.Right},
		{Title: "2 decks", Align: layout.Right},
	}, c.W)
	var rows [][]string
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		rows = append(rows, []string{
			fmt.Sprint(h), horserace.Rank(h), fmt.Sprint(b.Lane(h)), fmt.Sprint(horserace.Ways[h]),
			fmt.Sprintf("%.1f", b.MeanRolls(h)), pct(none[h]), pct(avg.Win[h]),
			pct(horserace.CardWorth(none[h], 1)), pct(horserace.CardWorth(none[h], 2)),
		})
	}
	y = oddsTable(d, c.X, y+4, "EVERY HORSE", "chances to finish first; one card takes a share of the pot, a quarter a deck",
		cols, rows, 8.5, 6.2)
	d.SetFont(layout.Sans, layout.Italic, 7)
	d.SetTextColor(faint)
	y = d.Paragraph(c.X, y+1, c.W, 3.3, layout.Left, fmt.Sprintf(
		"Rolls alone: the rolls a horse would need on average with the board to itself (spaces x 36 / its rolls). "+
			"Over the scratches: the chance before the scratch rolls, a scratched horse counting as a loss. "+
			"A card's share is for nothing scratched; with four scratched use the table below or furlong odds. "+
			"A race on this board lasts %.1f race rolls and %.1f scratch rolls on average.", avg.RaceRolls, avg.ScratchRolls))
	d.SetTextColor(ink)

	setCols := []layout.Column{{Title: "Scratched", W: 24, Align: layout.Left}, {Title: "Chance", W: 15, Align: layout.Right}}
	hw := (c.W - 39) / float64(horserace.Horses)
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		setCols = append(setCols, layout.Column{Title: fmt.Sprint(h), W: hw, Align: layout.Right})
	}
	y = oddsTable(d, c.X, y+5, "THE LIKELIEST SCRATCHES", "each live horse's chance once these four are out; a dash for a scratched horse",
		setCols, likeliestRows(o, likeliest), 8, 6)
	d.SetFont(layout.Sans, layout.Italic, 7)
	d.SetTextColor(faint)
	top := 0.0
	for _, s := range b.ScratchSets()[:likeliest] {
		top += s.Chance
	}
	if o.standard() {
		y = d.Paragraph(c.X, y+1, c.W, 3.3, layout.Left, fmt.Sprintf(
			"Chances in per cent. These %d sets come up in %.0f%% of races; every set of scratches, and any moment of a race, is a command away:", likeliest, 100*top))
		d.SetFont(layout.Mono, layout.Regular, 7.5)
		d.SetTextColor(ink)
		d.Text(c.X+4, y+2.8, oddsCommand(o.base()))
		y += 4
	} else {
		// furlong odds knows the standard boards' lanes only.
		y = d.Paragraph(c.X, y+1, c.W, 3.3, layout.Left, fmt.Sprintf(
			"Chances in per cent, on this variant's lanes. These %d sets come up in %.0f%% of races.", likeliest, 100*top))
		d.SetTextColor(ink)
	}

	handCols := fill([]layout.Column{
		{Title: "Players", W: 18, Align: layout.Center},
		{Title: "Decks", W: 14, Align: layout.Center},
		{Title: "Hands, from the dealer's left", W: 62, Align: layout.Left},
		{Title: "Shares", W: 16, Align: layout.Center},
		{Title: "Evendeal: each, set aside", Align: layout.Left},
	}, c.W)
	rows = nil
	for n := horserace.MinPlayers; n <= horserace.MaxPlayers; n++ {
		decks := horserace.Decks(n)
		cards := horserace.DeckCards * decks
		rows = append(rows, []string{
			fmt.Sprint(n), fmt.Sprint(decks), handWords(n),
			fmt.Sprint(horserace.RankCount(decks)),
			fmt.Sprintf("%d each, %d aside", cards/n, cards%n),
		})
	}
	oddsTable(d, c.X, y+5, "HANDS", "cards dealt from the dealer's left round to the dealer; every rank comes four times a deck",
		handCols, rows, 8, 5.6)
	return d.Err()
}

// oddsTable draws one table of the odds card from (x, y): its caption,
// head and note, then cols and rows in size-point type, rows rowH high.
// It returns the y below the table.
func oddsTable(d *layout.Doc, x, y float64, head, note string, cols []layout.Column, rows [][]string, size, rowH float64) float64 {
	caption(d, x, y, head, note)
	d.SetFont(layout.Sans, layout.Regular, size)
	return d.Table(x, y+2, cols, rows, rowH)
}

// handWords writes the hands of n players: "15 15 14", or for long rows
// "4 of 8, then 8 of 7".
func handWords(n int) string {
	var sizes []string
	for i := range n {
		sizes = append(sizes, fmt.Sprint(horserace.HandSize(n, i, false)))
	}
	if n <= 6 {
		return strings.Join(sizes, " ")
	}
	big := horserace.HandSize(n, 0, false)
	small := horserace.HandSize(n, n-1, false)
	k := 0
	for i := range n {
		if horserace.HandSize(n, i, false) == big {
			k++
		}
	}
	if big == small {
		return fmt.Sprintf("all %d get %d", n, big)
	}
	return fmt.Sprintf("%d get %d, then %d get %d", k, big, n-k, small)
}

// likeliestRows are the n likeliest sets of scratches on o's board, a
// row each: the set, its chance, and each horse's chance in per cent once
// they are out (a dash for a scratched horse).
func likeliestRows(o Options, n int) [][]string {
	var rows [][]string
	for _, s := range o.numbers().ScratchSets()[:n] {
		f := o.field()
		var hs []string
		for _, h := range s.Horses {
			f.Scratched[h] = true
			hs = append(hs, fmt.Sprint(h))
		}
		win := horserace.Chances(&f)
		row := []string{strings.Join(hs, " "), pct(s.Chance)}
		for h := horserace.Lowest; h <= horserace.Highest; h++ {
			if f.Scratched[h] {
				row = append(row, "–")
			} else {
				row = append(row, fmt.Sprintf("%.1f", 100*win[h]))
			}
		}
		rows = append(rows, row)
	}
	return rows
}

// oddsCommand is the odds command the odds card prints for board b.
func oddsCommand(b horserace.Board) string {
	return "furlong odds --board " + b.String() + " --scratched 5,6,8,9 --at 7:10"
}
