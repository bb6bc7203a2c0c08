package greatraces

import (
	"fmt"
	"strings"

	content "furlong/content/greatraces"
	gr "furlong/engine/greatraces"
	"furlong/engine/greatraces/notation"
	"furlong/layout"
	"furlong/layout/markdown"
	"furlong/templates"
)

// newBook is the rulebook, on variant v when it is not nil: the chapters
// of content/greatraces, with the board tables and numbers read from the
// engine, the figures of furlong's simulator (expect.go) and the review
// of an example game (reviewtable.go). A variant's board comes first
// among the boards.
func newBook(v *gr.Variant) *templates.Book {
	note := "Print at 100 % (actual size). The game sheet comes with this book in the kit, or from furlong sheets --game greatraces."
	if v != nil && !v.Plain() {
		note += fmt.Sprintf(" This book is printed for variant %s: its board is in The two boards.", v.Name())
	}
	return &templates.Book{
		Chapters: content.FS,
		Glob:     "rulebook/*.md",
		Tables: map[string]func() string{
			"standard":        func() string { return boardTable(gr.Standard) },
			"length":          func() string { return boardTable(gr.Length) },
			"variant":         func() string { return variantSection(v) },
			"reach":           reachTable,
			"gamelength":      gameLengthTable,
			"seats":           seatsTable,
			"races":           racesTable,
			"bots":            botsTable,
			"reviewplayers":   rbReviewPlayers,
			"reviewcostliest": rbReviewCostliest,
		},
		Values: map[string]func() string{
			"short":           templates.Num(gr.Standard.Track(gr.FirstRace).Spaces),
			"long":            templates.Num(gr.Standard.Track(7).Spaces),
			"minplayers":      templates.Num(gr.MinPlayers),
			"maxplayers":      templates.Num(gr.MaxPlayers),
			"throws":          func() string { return "1,296" },
			"firstseven":      templates.Num(gr.Standard.Track(7).First),
			"secondseven":     templates.Num(gr.Standard.Track(7).Second),
			"needseven":       templates.Num(gr.Standard.Track(7).Need()),
			"stdlow":          templates.Num(gr.Standard.Track(gr.FirstRace).First),
			"stdhigh":         templates.Num(gr.Standard.Track(7).First),
			"perspacetwo":     func() string { return perSpace(gr.FirstRace) },
			"perspaceseven":   func() string { return perSpace(7) },
			"keywords":        keywords,
			"expectgames":     func() string { return thousands(expected.Games) },
			"expectseed":      templates.Num(int(expected.Seed)),
			"botgames":        func() string { return thousands(expected.BotGames) },
			"maxtrack":        templates.Num(gr.MaxTrack),
			"maxbeside":       templates.Num(gr.MaxBeside),
			"maxprize":        templates.Num(gr.MaxPrize),
			"variantline":     variantLine,
			"reviewturns":     rbReviewValue("turns"),
			"reviewdecisions": rbReviewValue("decisions"),
			"reviewdecided":   rbReviewValue("decided"),
			"reviewdecidedat": rbReviewValue("decidedat"),
		},
		Options: markdown.Options{
			Title:    "The Great Races",
			Subtitle: "Eleven races on one sheet, four dice and a pencil, for two to six players",
			Note:     note,
			Contents: true,
			Figure:   figure,
		},
		Title:   "The Great Races: rulebook",
		Subject: "The rules of The Great Races, a pencil-and-paper race of eleven races with four dice",
	}
}

// book is the rulebook of the standard boards.
var book = newBook(nil)

// Rulebook appends the rulebook to d: a title page, the contents and every
// chapter, set in the rulebooks' margins.
func Rulebook(d *layout.Doc) (*markdown.Result, error) { return book.Render(d) }

// RulebookOn is Rulebook for a kit printed on variant v (nil, or a
// variant with a standard board's numbers, for the standard rulebook):
// the title page says so, and the chapter on the boards gives the
// variant's numbers first.
func RulebookOn(d *layout.Doc, v *gr.Variant) (*markdown.Result, error) {
	if v == nil || v.Plain() {
		return book.Render(d)
	}
	if err := v.Check(); err != nil {
		return nil, err
	}
	return newBook(v).Render(d)
}

// RulebookSource is the rulebook as one Markdown text, placeholders filled
// in.
func RulebookSource() ([]byte, error) { return book.Source() }

// Unused lists the tables and values no chapter quotes.
func Unused() ([]string, error) { return book.Unused() }

// variantSection is the chapter on the boards' first section on variant
// v: its name, its base, and its numbers race by race; nothing for a
// standard board.
func variantSection(v *gr.Variant) string {
	if v == nil || v.Plain() {
		return ""
	}
	var rows [][]string
	for _, t := range v.Tracks() {
		rows = append(rows, []string{fmt.Sprint(t.Race), fmt.Sprint(t.Spaces), fmt.Sprint(t.Line),
			fmt.Sprint(t.Need()), fmt.Sprint(t.First), fmt.Sprint(t.Second)})
	}
	return fmt.Sprintf("## This kit's board: variant %s\n\n"+
		"This kit is printed for variant %s, a board of its designer's made from board %s. Its numbers, below, are "+
		"the ones on the sheet; the examples in this book keep board standard's. Its logs begin with %s.\n\n",
		v.Name(), v.Name(), v.Base(), "`variant "+v.Name()+" "+v.Digest()+"`") +
		templates.GFM("crrrrr", []string{"Race", "Spaces", "Double line after", "Second needs", "1st pays", "2nd pays"}, rows)
}

// exampleVariant is the variant the chapter on the boards shows a log's
// variant line for: board standard with a race 7 of seventeen spaces.
func exampleVariant() *gr.Variant {
	v := gr.Standard.Variant()
	for _, p := range v.Params() {
		switch p.Key {
		case "race.7.spaces":
			p.SetInt(17)
		case "race.7.line":
			p.SetInt(12)
		}
	}
	v.SetName("long7")
	return v
}

// variantLine is the example variant's line in a log.
func variantLine() string {
	v := exampleVariant()
	return "variant " + v.Name() + " " + v.Digest()
}

// boardTable is a board's numbers, a line for each pair of races that
// mirror each other (2 and 12, 3 and 11, ...) and one for race 7.
func boardTable(b gr.Board) string {
	var rows [][]string
	for r := gr.FirstRace; r <= 7; r++ {
		t, m := b.Track(r), b.Track(gr.FirstRace+gr.LastRace-r)
		if t.Spaces != m.Spaces || t.Line != m.Line || t.First != m.First || t.Second != m.Second {
			panic(fmt.Sprintf("board %s: races %d and %d differ", b, r, m.Race))
		}
		rows = append(rows, []string{raceName(r), fmt.Sprint(t.Spaces), fmt.Sprint(t.Line),
			fmt.Sprint(t.Need()), fmt.Sprint(t.First), fmt.Sprint(t.Second)})
	}
	return templates.GFM("crrrrr", []string{"Races", "Spaces", "Double line after", "Second needs", "1st pays", "2nd pays"}, rows)
}

// raceName names race r with its mirror: "2 and 12", or "7".
func raceName(r int) string {
	if m := gr.FirstRace + gr.LastRace - r; m != r {
		return fmt.Sprintf("%d and %d", min(r, m), max(r, m))
	}
	return fmt.Sprint(r)
}

func reachTable() string {
	rc := gr.Reaches()
	some, marks := rc.Some, rc.Marks
	var rows [][]string
	for r := gr.FirstRace; r <= 7; r++ {
		i := r - gr.FirstRace
		t := gr.Standard.Track(r)
		rows = append(rows, []string{raceName(r), pct(some[i]), fmt.Sprintf("%.2f", marks[i]), fmt.Sprint(t.Spaces),
			fmt.Sprintf("%.1f", float64(t.Spaces)/marks[i])})
	}
	return templates.GFM("crrrr", []string{"Race", "Some pairing names it", "Marks per throw", "Spaces", "Throws to fill alone"}, rows)
}

func perSpace(race int) string {
	t := gr.Standard.Track(race)
	return fmt.Sprintf("%.1f", float64(t.First)/float64(t.Spaces))
}

// keywords lists the notation's keywords, as the rulebook quotes them.
func keywords() string {
	ks := make([]string, len(notation.Keywords))
	for i, k := range notation.Keywords {
		ks[i] = "`" + k + "`"
	}
	return templates.OrList(ks)
}

func pct(x float64) string { return fmt.Sprintf("%.0f %%", 100*x) }

func pct1(x float64) string { return fmt.Sprintf("%.1f %%", 100*x) }

func thousands(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

func gameLengthTable() string {
	var rows [][]string
	for _, t := range expected.Tables {
		rows = append(rows, []string{fmt.Sprint(t.Players), fmt.Sprintf("%.0f", t.Rolls),
			fmt.Sprintf("%d to %d", t.P10, t.P90), fmt.Sprintf("%.0f", t.Rounds), fmt.Sprintf("%.0f", t.DesignRolls)})
	}
	return templates.GFM("crrrr", []string{"Players", "Throws a game", "Most games (80 %)", "Rounds", "Design notes' throws"}, rows)
}

func seatsTable() string {
	var rows [][]string
	for _, t := range expected.Tables {
		var seats []string
		for _, s := range t.Seats {
			seats = append(seats, pct(s))
		}
		rows = append(rows, []string{fmt.Sprint(t.Players), strings.Join(seats, ", "), pct(t.Tied)})
	}
	return templates.GFM("clr", []string{"Players", "Games won, seat by seat from column 1", "Top score tied"}, rows)
}

func racesTable() string {
	var rows [][]string
	for _, r := range expected.Races {
		rows = append(rows, []string{fmt.Sprint(r.Race), pct(r.SecondPaid), fmt.Sprintf("%.1f", r.Points), pct(r.Decided), pct(r.LastOpen)})
	}
	return templates.GFM("crrrr", []string{"Race", "Second paid", "Points", "Decided", "Closed last"}, rows)
}

func botsTable() string {
	var rows [][]string
	for _, b := range expected.Bots {
		rows = append(rows, []string{fmt.Sprint(b.Players), fmt.Sprint(b.Seat), pct1(b.Expert), pct1(b.Greedy)})
	}
	return templates.GFM("ccrr", []string{"Players", "Expert's column", "Expert wins", "A greedy bot there wins"}, rows)
}
