// Package house fills in the command line's description of the house
// game (The Duel, The Book, riding alone and the jockeys) from its engine,
// templates and content.
package house

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"furlong/cmd/furlong/internal/game"
	content "furlong/content/house"
	"furlong/engine"
	"furlong/engine/house"
	"furlong/engine/house/bot"
	"furlong/engine/house/notation"
	"furlong/engine/house/play"
	"furlong/engine/house/referee"
	"furlong/engine/house/sim"
	"furlong/layout"
	"furlong/templates"
	housetpl "furlong/templates/house"
)

// Game describes the house game to the command line.
func Game() game.Game {
	g := game.Game{
		Name:       "house",
		Title:      "furlong",
		Heading:    "The house game (furlong)",
		Summary:    "the house roll-and-write race: The Duel, The Book, riding alone, seven jockeys",
		Judge:      judge,
		Review:     reviewRace,
		Flags:      flags,
		Sheets:     sheets,
		SheetsFrom: sheetsFrom,
		Entry:      &game.Entry{Facts: notation.EntryFacts, Boxes: notation.EntryBoxes, Text: notation.EntryText, Read: notation.EntryRead},
		Rulebook: func(o game.PrintOptions) (game.Print, error) {
			num, err := numbersOf(o.Variant)
			if err != nil {
				return game.Print{}, err
			}
			return game.Print{Name: "rulebook", Title: "Rulebook", Book: true, Draw: func(d *layout.Doc) error {
				_, err := housetpl.RulebookOn(d, num)
				return err
			}}, nil
		},
		Kit:        kit,
		Cards:      cards,
		Simulate:   game.SimulateWith(simTable, run),
		Summarize:  summarize,
		Extra:      suiteExtra,
		Aliases:    []string{"all"},
		Bots:       bot.Names,
		DefaultBot: "greedy",
		Options:    play.Options,
		Table:      play.Table,
		New:        start,
		Read:       read,
		Bot:        bot.New,
		Bases:      house.Bases,
		Variant:    game.VariantWith(house.StandardVariant),
		Measures:   game.MeasuresWith(simTable, sim.Metrics, sim.NewMeasure),
		Tally:      game.TallyWith(simTable, game.CountWith(runTally, (*sim.Tally).Races), counted),
		ReadTally:  game.ReadTallyWith(simTable, readCount, counted),
		Board:      drawBoard,
		Guide:      guide(),
	}
	for _, m := range house.Modes {
		g.Modes = append(g.Modes, game.ModeOf(play.Table, m.String()))
	}
	return g
}

// judge, start and read are the referee's and the play package's entries,
// which return the game's own types, seen as the seam's interfaces, with
// nothing beside an error.
func judge(r io.Reader, o engine.JudgeOptions) (engine.Verdict, error) {
	res, err := referee.Judge(r, o)
	if err != nil {
		return nil, err
	}
	return res, nil
}

func start(su engine.Setup) (engine.State, error) {
	s, err := play.New(su)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func read(r io.Reader) (engine.State, error) {
	s, err := play.Read(r)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// guide is what the table on screen tells a new player, from the
// content: its table.md, and the jockeys' cards as they are printed, by
// the id a choice and an option name them with.
func guide() *game.Guide {
	g := game.GuideOf(content.FS)
	cards, err := housetpl.Cards()
	if err != nil {
		panic(fmt.Sprintf("the jockey cards: %v", err))
	}
	g.Words = map[string]game.Word{}
	for _, c := range cards {
		g.Words[c.ID] = game.Word{Name: c.Name, Says: c.Rule, Tip: c.Tip}
	}
	return g
}

var flags = []game.Flag{
	{Name: "layout", Usage: "the layout roll to print on the sheets, 1-6 or random (default: leave it to the table)",
		Choices: []string{"1", "2", "3", "4", "5", "6", "random"}, Commands: []string{"sheets", "kit"}},
	{Name: "seed", Usage: "seed for --layout random (default: the clock)", Commands: []string{"sheets", "kit"}},
	{Name: "call", Usage: "horses home that call the race, " + house.CallWords(), Default: strconv.Itoa(house.DefaultCall),
		Choices: callChoices(), Commands: []string{"sheets", "kit", "simulate"}},
	{Name: "backs", Usage: "add card backs, for printing both sides (flip on the long edge)", Bool: true,
		Commands: []string{"cards", "kit"}},
	{Name: "jockeys", Usage: "The Duel's jockeys: none, random (drawn race by race), choose (the bots pick), or jockey ids (" + jockeyIDs() + "), one for all or one per seat",
		Default: "none", Choices: append([]string{"none", "random", "choose"}, strings.Split(jockeyIDs(), ", ")...), Commands: []string{"simulate"}},
	{Name: "wagers", Usage: "the bots name side wagers (The Duel and riding alone)", Bool: true, Commands: []string{"simulate"}},
}

// callChoices are the race calls as --call takes them.
func callChoices() []string {
	var cs []string
	for _, c := range house.Calls {
		cs = append(cs, strconv.Itoa(c))
	}
	return cs
}

// readCall reads --call and checks it against the engine's calls.
func readCall(o game.Values) (int, error) {
	v := o.String("call")
	call, err := strconv.Atoi(v)
	if err == nil {
		err = house.CheckCall(call)
	}
	if err != nil {
		return 0, game.Usagef("--call %s: a race is called at %s horses home", v, house.CallWords())
	}
	return call, nil
}

// jockeyIDs lists the jockeys' ids as a log writes them.
func jockeyIDs() string {
	var ids []string
	for _, j := range house.Jockeys {
		ids = append(ids, j.String())
	}
	return strings.Join(ids, ", ")
}

// sheetsFrom draws the sheets of a race log or transcript as they stand
// at its end or after turn o.Turn.
func sheetsFrom(r io.Reader, o game.FromOptions) ([]game.Print, error) {
	for _, f := range []string{"layout", "seed", "call"} {
		if o.Flags != nil && o.Flags.Changed(f) {
			return nil, game.Usagef("--%s is not for --from: the file says how its race was set up", f)
		}
	}
	jo, err := judgeOn(o.Variant, true)
	if err != nil {
		return nil, err
	}
	p, err := view(r, jo, o.Turn)
	if err != nil {
		if _, ok := engine.AsError(err); !ok {
			return nil, game.UsageError{Err: fmt.Errorf("--turn %d: %w", o.Turn, err)}
		}
		return nil, err
	}
	name, what := o.Stem+"-sheets", "as they stand at the end"
	if o.Turn > 0 {
		name, what = fmt.Sprintf("%s-turn%d-sheets", o.Stem, o.Turn), fmt.Sprintf("after turn %d of %d", o.Turn, p.Turns)
	}
	title := fmt.Sprintf("%s: the sheets of %s, %s", p.Mode.Title(), o.Stem, what)
	return []game.Print{{Name: name, Title: title, Draw: func(d *layout.Doc) error { return housetpl.FilledSheets(d, p) }}}, nil
}

// view reads a race log or a transcript and returns its paper, as it
// stands at the end or, for a log, after turn, judged with jo (a log so
// far: jo.Partial). Problems with the file are *engine.Error values; a
// turn the file does not have is a plain error.
func view(r io.Reader, jo engine.JudgeOptions, turn int) (*play.View, error) {
	src, err := io.ReadAll(io.LimitReader(r, engine.MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	d := notation.NewDecoder(bytes.NewReader(src))
	if _, err := d.Header(); err != nil {
		return nil, err
	}
	if d.File() == notation.FileTranscript {
		if turn != 0 {
			return nil, fmt.Errorf("a sheet transcript shows only the end of the race: a turn needs a race log")
		}
		res, err := referee.Judge(bytes.NewReader(src), jo)
		if err != nil {
			return nil, err
		}
		return play.ViewOf(res.Race, res.Names), nil
	}
	s, turns, err := play.ReadAtWith(bytes.NewReader(src), jo, turn)
	if err != nil {
		return nil, err
	}
	v := s.View().(*play.View)
	if turn > 0 {
		v.Turn = turn
	}
	v.Turns = turns
	return v, nil
}

// reviewRace weighs every decision of a race log with the expert bot, on
// the board the log was played on (--variant FILE).
func reviewRace(r io.Reader, o game.ReviewOptions) (engine.Report, error) {
	jo, err := judgeOn(o.Variant, o.Partial)
	if err != nil {
		return nil, err
	}
	rep, err := bot.Review(r, jo, engine.ReviewOptions{Costliest: o.Costliest, Rollouts: o.Rollouts, Seed: o.Seed, Stop: o.Stop})
	if err != nil {
		return nil, err
	}
	return rep, nil
}

// variantOf is the variant the command line read (--variant FILE), nil
// when it read none: it must be a board of the house game the rules can
// play.
func variantOf(v engine.Variant) (*house.Variant, error) {
	if v == nil {
		return nil, nil
	}
	hv, ok := v.(*house.Variant)
	if !ok || hv == nil {
		return nil, fmt.Errorf("the variant is a board of %s, not of the house game", v.Game())
	}
	if err := hv.Check(); err != nil {
		return nil, err
	}
	return hv, nil
}

// numbersOf are the numbers of variant v (nil: the standard board's).
func numbersOf(v engine.Variant) (*house.Numbers, error) {
	hv, err := variantOf(v)
	if err != nil || hv == nil {
		return house.StandardNumbers, err
	}
	return hv.Numbers()
}

// judgeOn are the judge's options for a file played on variant v (nil:
// the standard board).
func judgeOn(v engine.Variant, partial bool) (engine.JudgeOptions, error) {
	hv, err := variantOf(v)
	jo := engine.JudgeOptions{Partial: partial}
	if hv != nil {
		jo.Variant = hv
	}
	return jo, err
}

// drawBoard draws a race in progress as the table on screen shows it: the
// sheets filled in as they stand (The Book: the field card, then the
// slips), a page each on A4, as SVG, each lane of the sheet of the seat
// to act tagged "lane N" and each horse of the field card "horse N", as
// the protocol's choices name them (templates/house.BoardSheets).
func drawBoard(s engine.State) ([][]byte, error) {
	ps, ok := s.(*play.State)
	if !ok || ps == nil {
		return nil, fmt.Errorf("a %T is not a race of the house game", s)
	}
	v := ps.View().(*play.View)
	seat := -1
	if t := ps.Turn(); !t.Over() && !t.Chance() {
		seat = t.Seat
	}
	d := layout.NewSVG(layout.A4, layout.Uniform(templates.Margin))
	if err := housetpl.BoardSheets(d, v, seat); err != nil {
		return nil, err
	}
	return d.SVG(layout.SVGOptions{Fonts: layout.FontsHost})
}

// modes are the modes o names: the one --game gave, or all three.
func modes(mode string) []house.Mode {
	if mode == "" {
		return house.Modes
	}
	m, _ := house.ParseMode(mode)
	return []house.Mode{m}
}

// printOptions reads the house flags every printable takes.
func printOptions(o game.PrintOptions) (housetpl.SheetOptions, error) {
	var so housetpl.SheetOptions
	call, err := readCall(o.Flags)
	if err != nil {
		return so, err
	}
	so.Call = call
	if so.Numbers, err = numbersOf(o.Variant); err != nil {
		return so, err
	}
	lay := o.Flags.String("layout")
	seed := o.Flags.String("seed")
	switch lay {
	case "":
	case "random":
		s := uint64(time.Now().UnixNano())
		if o.Flags.Changed("seed") {
			if s, err = strconv.ParseUint(seed, 10, 64); err != nil {
				return so, game.Usagef("--seed %q: want a whole number", seed)
			}
		}
		so.Layout = rand.New(rand.NewPCG(s, 0x6675726c6f6e67)).IntN(6) + 1
	default:
		n, err := strconv.Atoi(lay)
		if err != nil || n < 1 || n > 6 {
			return so, game.Usagef("--layout %q: want a die roll 1-6 or random", lay)
		}
		so.Layout = n
	}
	if o.Flags.Changed("seed") && lay != "random" {
		return so, game.Usagef("--seed is only for --layout random")
	}
	return so, nil
}

// tableSize is the number of players to print for mode m.
func tableSize(o game.PrintOptions, m house.Mode) int {
	switch {
	case len(o.Names) > 0:
		return len(o.Names)
	case o.Players != 0:
		return o.Players
	}
	return m.DefaultPlayers()
}

// sheetSet is the printable of one mode's sheets for names.
func sheetSet(m house.Mode, names []string, so housetpl.SheetOptions, title string) game.Print {
	return game.Print{Name: m.String() + "-sheets", Title: title, Draw: func(d *layout.Doc) error {
		d.SetInfo("furlong: "+m.Title()+" sheets", fmt.Sprintf("%s sheets for %d", m.Title(), len(names)))
		return housetpl.SheetSet(d, m, names, so)
	}}
}

func sheets(o game.PrintOptions) ([]game.Print, error) {
	so, err := printOptions(o)
	if err != nil {
		return nil, err
	}
	ms := modes(o.Mode)
	if len(ms) > 1 && (o.Players != 0 || len(o.Names) > 0) {
		return nil, game.Usagef("--players and --names need --game duel, book or solo: the tables of the three modes differ")
	}
	if so.Layout != 0 {
		l := so.Numbers.Layout(so.Layout)
		fmt.Fprintf(o.Notes, "layout roll %d: Carrot at %s, Camera at %s\n", l.Roll, l.Carrot, l.Camera)
	}
	var out []game.Print
	for _, m := range ms {
		n := tableSize(o, m)
		if err := m.CheckPlayers(n); err != nil {
			return nil, game.UsageError{Err: err}
		}
		names := make([]string, n)
		copy(names, o.Names)
		out = append(out, sheetSet(m, names, so, m.Title()+" sheets"))
	}
	return out, nil
}

func cards(o game.PrintOptions) ([]game.Print, error) {
	draw := housetpl.JockeyCards
	if o.Flags.String("backs") == "true" {
		draw = housetpl.JockeyCardsWithBacks
	}
	return []game.Print{{Name: "jockey-cards", Title: "Jockey cards", Draw: func(d *layout.Doc) error {
		d.SetInfo("furlong: jockey cards", "Seven jockeys and the plain ride, poker size")
		return draw(d)
	}}}, nil
}

func kit(o game.PrintOptions) ([]game.Print, error) {
	so, err := printOptions(o)
	if err != nil {
		return nil, err
	}
	// The Duel's sheets and The Book's slips for the table asked for; left
	// to itself, two riders and three bettors, each game's own table.
	n, bettors := house.Duel.DefaultPlayers(), house.Book.DefaultPlayers()
	if o.Players != 0 {
		n, bettors = o.Players, o.Players
	}
	if len(o.Names) > 0 {
		n, bettors = len(o.Names), len(o.Names)
	}
	if house.Duel.CheckPlayers(n) != nil {
		return nil, game.Usagef("--players %d: the house game's kit seats %d to %d players", n, house.Duel.MinPlayers(), house.Duel.MaxPlayers())
	}
	names := make([]string, n)
	copy(names, o.Names)
	slips := make([]string, bettors)
	copy(slips, o.Names)
	book, _ := Game().Rulebook(o)
	jc, _ := cards(o)
	solo := make([]string, 1)
	if len(o.Names) > 0 {
		solo[0] = o.Names[0]
	}
	return []game.Print{
		book,
		sheetSet(house.Duel, names, so, "The Duel: score sheets"),
		sheetSet(house.Solo, solo, so, "Riding alone: solo sheet"),
		sheetSet(house.Book, slips, so, "The Book: field card and bettor's slips"),
		jc[0],
	}, nil
}
