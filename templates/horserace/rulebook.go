package horserace

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	content "furlong/content/horserace"
	"furlong/engine/horserace"
	"furlong/layout"
	"furlong/layout/markdown"
	"furlong/templates"
)

// book is Horse Race's rulebook: the chapters of content/horserace and
// the rule data they quote, read from the engine.
var book = newBook(nil)

// newBook is the rulebook with the rule data of variant v: its slots'
// chips wherever the rules quote them, and its lanes and odds beside the
// standard boards'. Nil is the standard rulebook.
func newBook(v *horserace.Variant) *templates.Book {
	rb := &rbData{v: v}
	return &templates.Book{
		Chapters: content.FS,
		Glob:     "rulebook/*.md",
		Tables:   rb.tables(),
		Values:   rb.values(),
		Options:  bookOptions,
		Title:    "Horse Race rulebook",
		Subject:  "The rules of Horse Race, with furlong's boards, odds and log notation",
	}
}

var bookOptions = markdown.Options{
	Title:    "Horse Race",
	Subtitle: "The betting game of cards, two dice and a pot, for two to twelve players",
	Note:     "Print at 100 % (actual size). The board, its odds card, the race record and the pot ledger come with this book in the kit.",
	Contents: true,
	Figure:   rbFigure,
}

// Rulebook appends the rulebook to d: a title page, the contents, and
// every chapter with its tables filled in from the engine.
func Rulebook(d *layout.Doc) (*markdown.Result, error) { return book.Render(d) }

// RulebookOn appends the rulebook of a table that plays variant v: its
// slots' chips in the rules, and its lanes and odds in the tables of the
// boards. A standard board's numbers give the standard rulebook.
func RulebookOn(d *layout.Doc, v *horserace.Variant) (*markdown.Result, error) {
	if v == nil || v.Standard() {
		return book.Render(d)
	}
	if err := v.Check(); err != nil {
		return nil, fmt.Errorf("templates: variant %s: %w", v.Label, err)
	}
	return newBook(v).Render(d)
}

// RulebookSource returns the rulebook as one Markdown text, placeholders
// expanded.
func RulebookSource() ([]byte, error) { return book.Source() }

// Commands lists every command line the rulebook and the printables
// show a player, in order and each once: what a test of the command line
// runs, so that a printed example is exactly what works.
func Commands() ([]string, error) {
	src, err := book.Source()
	if err != nil {
		return nil, err
	}
	var out []string
	seen := map[string]bool{}
	add := func(c string) {
		c = strings.Join(strings.Fields(c), " ")
		if strings.HasPrefix(c, "furlong ") && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	text := string(src)
	for {
		i := strings.Index(text, "```")
		if i < 0 {
			break
		}
		j := strings.Index(text[i+3:], "```")
		if j < 0 {
			break
		}
		for _, l := range strings.Split(text[i+3:i+3+j], "\n") {
			add(strings.SplitN(l, "#", 2)[0])
		}
		text = text[:i] + text[i+3+j+3:]
	}
	for _, m := range inlineCode.FindAllStringSubmatch(text, -1) {
		add(m[1])
	}
	for _, b := range horserace.AllBoards {
		add(oddsCommand(b))
	}
	return out, nil
}

var inlineCode = regexp.MustCompile("`([^`]+)`")

// RulebookUnused lists the tables and values no chapter quotes.
func RulebookUnused() ([]string, error) { return book.Unused() }

// rbData is the rule data a rulebook quotes: the standard board's, or a
// variant's where the variant changes it.
type rbData struct {
	v *horserace.Variant // nil for the standard rulebook
}

// chips are the slots' prices.
func (rb *rbData) chips() [horserace.Slots]int {
	if rb.v != nil {
		return rb.v.Chips
	}
	return horserace.SlotChips
}

// slot is slot k's price, in words: "1 chip".
func (rb *rbData) slot(k int) func() string {
	return func() string { return chipWord(rb.chips()[k-1]) }
}

func (rb *rbData) tables() map[string]func() string {
	return map[string]func() string{
		"ways":         rbWays,
		"slots":        rb.slots,
		"hands":        rbHands,
		"variants":     rbVariants,
		"boards":       rb.boards,
		"oddsavg":      func() string { return rb.odds(true) },
		"oddsnone":     func() string { return rb.odds(false) },
		"likeliest":    rbLikeliest,
		"expectlength": rbExpectLength,
		"expectpot":    rbExpectPot,
		"expectcards":  rbExpectCards,
	}
}

func (rb *rbData) values() map[string]func() string {
	return map[string]func() string{
		"minplayers":   templates.Num(horserace.MinPlayers),
		"maxplayers":   templates.Num(horserace.MaxPlayers),
		"onedeck":      templates.Num(horserace.OneDeckPlayers),
		"twodeckfrom":  templates.Num(horserace.OneDeckPlayers + 1),
		"deckcards":    templates.Num(horserace.DeckCards),
		"twodeckcards": templates.Num(horserace.DeckCards * horserace.MaxDecks),
		"slot1":        rb.slot(1),
		"slot2":        rb.slot(2),
		"topslot":      func() string { return fmt.Sprint(rb.chips()[horserace.Slots-1]) },
		"slotsum":      rb.slotSum,
		"endpay":       templates.Num(horserace.EndPay),
		"sharesone":    templates.Num(horserace.RankCount(1)),
		"sharestwo":    templates.Num(horserace.RankCount(horserace.MaxDecks)),
		"bankmax":      func() string { return thousands(horserace.MaxBank) },
		"scratchchips": func() string { return fmt.Sprint(scratchChips(rb.chips())) },
		// The simulated figures are the standard boards', whatever the
		// variant.
		"expectscratchchips": func() string { return fmt.Sprint(scratchChips(horserace.SlotChips)) },
		"racerolls":          func() string { return fmt.Sprintf("%.1f", Averaged(horserace.BoardA).RaceRolls) },
		"rollchips": func() string {
			a := Averaged(horserace.BoardA)
			return fmt.Sprintf("%.0f", a.RepeatChips+a.RollChips)
		},
		"alonerange": rbAloneRange,
		"simraces":   func() string { return thousands(Expect.Races) },
		// simracesflag is the same number as a command line takes it.
		"simracesflag": templates.Num(Expect.Races),
		"simseed":      templates.Num(int(Expect.Seed)),
		"worth2":       func() string { return fmt.Sprintf("%+.2f", Expect.Cards[0].Worth) },
		"worth7":       func() string { return fmt.Sprintf("%.2f", -Expect.Cards[5].Worth) },
		"dealeredge":   func() string { return fmt.Sprintf("%.2f", math.Abs(Expect.DealerEdge)) },
		"three1":       func() string { return fmt.Sprintf("%+.2f", Expect.ThreePlaces[0]) },
		"three2":       func() string { return fmt.Sprintf("%+.2f", Expect.ThreePlaces[1]) },
		"three3":       func() string { return fmt.Sprintf("%+.2f", Expect.ThreePlaces[2]) },
	}
}

// slotSum is what the four slots make for one card of each scratched
// rank: "1 + 2 + 3 + 4 makes 10 chips".
func (rb *rbData) slotSum() string {
	var parts []string
	n := 0
	for _, c := range rb.chips() {
		parts = append(parts, fmt.Sprint(c))
		n += c
	}
	return strings.Join(parts, " + ") + " makes " + chipWord(n)
}

// scratchChips is what four scratched ranks bring from one full deck:
// every card of each, at its slot's price.
func scratchChips(chips [horserace.Slots]int) int {
	n := 0
	for _, c := range chips {
		n += c * horserace.RankPerDeck
	}
	return n
}

func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func rbWays() string {
	head := []string{"Horse"}
	row := []string{"Rolls of 36"}
	align := "l"
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		head = append(head, horserace.Rank(h))
		row = append(row, fmt.Sprint(horserace.Ways[h]))
		align += "c"
	}
	return templates.GFM(align, head, [][]string{row})
}

// slots is the slots' prices as a short list, which the book keeps
// whole and with the sentence that leads into it.
func (rb *rbData) slots() string {
	var b strings.Builder
	for k, c := range rb.chips() {
		fmt.Fprintf(&b, "- **Slot %d**: %s a card, %s a roll.\n", k+1, chipWord(c), chipWord(c))
	}
	return b.String()
}

func rbHands() string {
	var rows [][]string
	for n := horserace.MinPlayers; n <= horserace.MaxPlayers; n++ {
		decks := horserace.Decks(n)
		cards := horserace.DeckCards * decks
		rows = append(rows, []string{fmt.Sprint(n), fmt.Sprint(decks), handWords(n), fmt.Sprintf("%d each, %d aside", cards/n, cards%n)})
	}
	return templates.GFM("cclc", []string{"Players", "Decks", "Hands, from the dealer's left", "With evendeal"}, rows)
}

func rbVariants() string {
	rows := [][]string{
		{"`board A`, `B`, `C` or `D`", "the lanes' lengths", "A"},
		{"`variant evendeal`", "equal hands; the odd cards are set aside", "every card dealt"},
		{"`variant reroll`", "a repeat scratch roll is free and rolled again", "pay its slot, pass the dice"},
		{"`variant noendpay`", "no end pay at the settling", "end pay"},
		{"`bank N`", fmt.Sprintf("everyone starts with N chips (1 to %s), never goes below 0, and is out at 0", thousands(horserace.MaxBank)), "no limit"},
	}
	return templates.GFM("lll", []string{"Header line", "What it does", "Without it"}, rows)
}

func (rb *rbData) boards() string {
	head := []string{"Board"}
	align := "l"
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		head = append(head, horserace.Rank(h))
		align += "c"
	}
	head = append(head, "Race rolls")
	align += "r"
	var rows [][]string
	for _, b := range horserace.AllBoards {
		row := []string{b.String()}
		for h := horserace.Lowest; h <= horserace.Highest; h++ {
			row = append(row, fmt.Sprint(b.Lane(h)))
		}
		row = append(row, fmt.Sprintf("%.1f", Averaged(b).RaceRolls))
		rows = append(rows, row)
	}
	if v := rb.v; v != nil {
		row := []string{"*" + v.Label + "*"}
		for h := horserace.Lowest; h <= horserace.Highest; h++ {
			row = append(row, fmt.Sprint(v.Lane(h)))
		}
		rows = append(rows, append(row, fmt.Sprintf("%.1f", AveragedOn(v).RaceRolls)))
	}
	return templates.GFM(align, head, rows) + "\n*Race rolls*: the expected number of race rolls, exact, averaged over the scratches; about " +
		fmt.Sprintf("%.1f", Averaged(horserace.BoardA).ScratchRolls) + " scratch rolls come before them.\n"
}

func rbAloneRange() string {
	lo, hi := 1e9, 0.0
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		m := horserace.BoardA.MeanRolls(h)
		lo, hi = min(lo, m), max(hi, m)
	}
	return fmt.Sprintf("%.0f to %.0f rolls", lo, hi)
}

// odds is the chance of horses 2 to 7 on every board, averaged over the
// scratches or with nothing scratched; and for a variant, of horses 2 to
// 7 on its lanes (which need not mirror 8 to 12).
func (rb *rbData) odds(avg bool) string {
	head := []string{"Board", "2 and 12", "3 and 11", "4 and 10", "5 and 9", "6 and 8", "7"}
	var rows [][]string
	for _, b := range horserace.AllBoards {
		var win [horserace.Highest + 1]float64
		if avg {
			win = Averaged(b).Win
		} else {
			win = horserace.Chances(&horserace.Field{Board: b})
		}
		row := []string{b.String()}
		for h := 2; h <= 7; h++ {
			row = append(row, pct(win[h]))
		}
		rows = append(rows, row)
	}
	if v := rb.v; v != nil {
		o := Options{Variant: v, Board: v.From}
		win := AveragedOn(v).Win
		if !avg {
			f := o.field()
			win = horserace.Chances(&f)
		}
		row := []string{"*" + v.Label + "*"}
		for h := 2; h <= 7; h++ {
			row = append(row, pct(win[h]))
		}
		rows = append(rows, row)
	}
	return templates.GFM("lrrrrrr", head, rows)
}

func rbLikeliest() string {
	head := []string{"Scratched", "Chance"}
	align := "lr"
	for h := horserace.Lowest; h <= horserace.Highest; h++ {
		head = append(head, horserace.Rank(h))
		align += "r"
	}
	rows := likeliestRows(Options{}, 6)
	return templates.GFM(align, head, rows) + "\n*Chance*: how often the scratch rolls pick that set; the horses' chances are in per cent.\n"
}

func rbExpectLength() string {
	return expectBoards("lrrrrr", []string{"Board", "Scratch rolls", "exact", "Race rolls", "exact", "1 race in 10 lasts over"},
		func(e ExpectBoard, a horserace.Average) []string {
			return []string{fmt.Sprintf("%.2f", e.ScratchRolls), fmt.Sprintf("%.2f", a.ScratchRolls),
				fmt.Sprintf("%.2f", e.RaceRolls), fmt.Sprintf("%.2f", a.RaceRolls),
				fmt.Sprintf("%d", e.RaceRollsP90)}
		})
}

func rbExpectPot() string {
	return expectBoards("lrrrrrr", []string{"Board", "Scratched cards", "Repeats (exact)", "Race rolls (exact)", "End pay", "Pot", "Stays"},
		func(e ExpectBoard, a horserace.Average) []string {
			return []string{fmt.Sprintf("%.1f", e.Scratches), fmt.Sprintf("%.1f (%.1f)", e.Repeats, a.RepeatChips),
				fmt.Sprintf("%.1f (%.1f)", e.Rolls, a.RollChips), fmt.Sprintf("%.1f", e.EndPay),
				fmt.Sprintf("%.1f", e.Pot), fmt.Sprintf("%.2f", e.Carry)}
		})
}

// expectBoards is a "What to expect" table with a row a board: its name,
// then cells of what the simulator measured on it (e) and what the exact
// sums give (a).
func expectBoards(align string, head []string, cells func(e ExpectBoard, a horserace.Average) []string) string {
	var rows [][]string
	for i, b := range horserace.AllBoards {
		rows = append(rows, append([]string{b.String()}, cells(Expect.Boards[i], Averaged(b))...))
	}
	return templates.GFM(align, head, rows)
}

func rbExpectCards() string {
	var rows [][]string
	for _, c := range Expect.Cards {
		rows = append(rows, []string{c.Rank, fmt.Sprintf("%.2f", c.Scratches), fmt.Sprintf("%.2f", c.EndPay),
			fmt.Sprintf("%.2f", c.Shares), fmt.Sprintf("%+.2f", c.Worth)})
	}
	return templates.GFM("crrrr", []string{"Card", "Scratched", "End pay", "Shares", "In all"}, rows)
}
