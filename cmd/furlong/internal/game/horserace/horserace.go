package horserace

import (
	"fmt"
	"strconv"
	"strings"

	"furlong/cmd/furlong/internal/game"
	content "furlong/content/horserace"
	"furlong/engine/horserace"
	"furlong/engine/horserace/notation"
	"furlong/engine/horserace/play"
	"furlong/engine/horserace/referee"
	"furlong/engine/horserace/sim"
	"furlong/layout"
	tmpl "furlong/templates/horserace"
)

// Game is Horse Race as the command line knows it.
func Game() game.Game {
	return game.OneModeGame(notation.Game, play.Options, play.Table, play.New, play.Read, referee.Judge, game.Game{
		Title:      "Horse Race",
		Summary:    "the betting game of cards, two dice and a pot: shares in eleven horses, four of them scratched",
		Review:     review,
		SheetsFrom: sheetsFrom,
		Board:      board,
		Guide:      game.GuideOf(content.FS),
		Flags: []game.Flag{
			{Name: "board", Usage: "the board: A (standard), B, C or D", Default: "A", Choices: []string{"A", "B", "C", "D"},
				Commands: []string{"sheets", "kit", "simulate"}},
			{Name: "rules", Usage: "optional rules, comma-separated: evendeal, noendpay, reroll", Default: "",
				Choices: []string{"evendeal", "noendpay", "reroll"}, Commands: []string{"sheets", "kit", "simulate"}},
			{Name: "bank", Usage: fmt.Sprintf("chips each player starts with, 1-%d (0: no limit)", horserace.MaxBank), Default: "0",
				Commands: []string{"sheets", "kit", "simulate"}},
			{Name: "rounds", Usage: fmt.Sprintf("races in each simulated game, the deal passing left (1-%d)", sim.MaxRounds), Default: "1",
				Commands: []string{"simulate"}},
		},
		Sheets:    sheets,
		Rulebook:  rulebook,
		Kit:       game.KitOf(rulebook, sheets),
		Simulate:  game.SimulateWith(simTable, run),
		Commands:  Commands,
		Bases:     horserace.Bases(),
		Variant:   variant,
		Measures:  game.MeasuresWith(checked, sim.Metrics, sim.NewMeasure),
		Tally:     game.TallyWith(simTable, count, newTally),
		ReadTally: game.ReadTallyWith(simTable, readCount, func(_ sim.Table, _ game.SimOptions, t *tally) game.Tally { return t }),
		// Nobody chooses anything in Horse Race: the deal and the dice
		// play every seat, so it has no bots (Bot, Bots and DefaultBot
		// stay empty).
	})
}

// options reads the game's own flags.
type options struct {
	board  horserace.Board
	rules  horserace.Rules
	bank   int
	rounds int
}

func readFlags(v game.Values) (options, error) {
	o := options{rounds: 1}
	if v == nil {
		return o, nil
	}
	var err error
	if o.board, err = horserace.ParseBoard(strings.TrimSpace(v.String("board"))); err != nil {
		return o, game.Usagef("--board %q: the boards are A, B, C and D", v.String("board"))
	}
	if o.rules, err = ParseRules(v.String("rules")); err != nil {
		return o, game.Usagef("--rules: %v", err)
	}
	if o.bank, err = number(v.String("bank"), 0, horserace.MaxBank); err != nil {
		return o, game.Usagef("--bank %q: a bank is 1 to %d chips, or 0 for no limit", v.String("bank"), horserace.MaxBank)
	}
	if v.Changed("rounds") || v.String("rounds") != "" {
		if o.rounds, err = number(v.String("rounds"), 1, sim.MaxRounds); err != nil {
			return o, game.Usagef("--rounds %q: a game is 1 to %d races", v.String("rounds"), sim.MaxRounds)
		}
	}
	return o, nil
}

// ParseRules reads a comma- or space-separated list of optional rules
// (the variants of a log's variant line); an empty list is none.
func ParseRules(s string) (horserace.Rules, error) {
	var v horserace.Rules
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		x, err := horserace.ParseRule(strings.ToLower(w))
		if err != nil {
			return 0, err
		}
		if v.Has(x) {
			return 0, fmt.Errorf("%s named twice", w)
		}
		v |= x
	}
	return v, nil
}

func number(s string, lo, hi int) (int, error) {
	if s == "" {
		return lo, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("out of range")
	}
	return n, nil
}

// printOptions turns what sheets and kit were given into the templates'
// options.
func printOptions(o game.PrintOptions) (tmpl.Options, error) {
	f, err := readFlags(o.Flags)
	if err != nil {
		return tmpl.Options{}, err
	}
	v, err := variantOf(o.Variant, o.Flags, f.board)
	if err != nil {
		return tmpl.Options{}, err
	}
	if v != nil {
		f.board = v.From
	}
	t := tmpl.Options{Board: f.board, Rules: f.rules, Bank: f.bank, Players: o.Players, Names: o.Names, Variant: v}
	if o.Players == 0 && len(o.Names) > 0 {
		t.Players = len(o.Names)
	}
	if t.Players != 0 && (t.Players < horserace.MinPlayers || t.Players > horserace.MaxPlayers) {
		return t, game.Usagef("Horse Race seats %d to %d players, not %d", horserace.MinPlayers, horserace.MaxPlayers, t.Players)
	}
	if len(t.Names) > 0 && len(t.Names) != t.Players {
		return t, game.Usagef("%d names for %d players", len(t.Names), t.Players)
	}
	return t, nil
}

func boardPrint(t tmpl.Options) game.Print {
	title := "Horse Race board " + t.Board.String()
	if t.Variant != nil && !t.Variant.Standard() {
		title = "Horse Race board " + t.Variant.Label + ", a variant of board " + t.Board.String()
	}
	return game.Print{
		Name:  "board",
		Title: title,
		Draw:  func(d *layout.Doc) error { return tmpl.BoardSheet(d, t) },
	}
}

func ledgerPrint(t tmpl.Options) game.Print {
	return game.Print{
		Name:  "ledger",
		Title: "Horse Race race record and pot ledger",
		Draw:  func(d *layout.Doc) error { return tmpl.LedgerSheets(d, t) },
	}
}

// sheets are what a table needs: the board with its odds card, and the
// scorekeeper's race record and pot ledger.
func sheets(o game.PrintOptions) ([]game.Print, error) {
	t, err := printOptions(o)
	if err != nil {
		return nil, err
	}
	return []game.Print{boardPrint(t), ledgerPrint(t)}, nil
}

func rulebook(o game.PrintOptions) (game.Print, error) {
	v, err := variantOf(o.Variant, nil, 0)
	if err != nil {
		return game.Print{}, err
	}
	return game.Book("Horse Race rulebook", tmpl.RulebookOn, v), nil
}

// simTable is the one table o names: its players, the game's own flags,
// and the variant to play. The game has no choices, so it takes no bots:
// naming one is a mistake of the command line, in the play protocol's
// words.
func simTable(o game.SimOptions) (sim.Table, error) {
	f, err := readFlags(o.Flags)
	if err != nil {
		return sim.Table{}, err
	}
	players := o.Players
	if players == 0 {
		players = horserace.DefaultPlayers
	}
	t, _ := play.Table("")
	if _, err := t.SeatBots(o.Bots, players); len(o.Bots) > 0 && err != nil {
		return sim.Table{}, game.UsageError{Err: err}
	}
	if players < horserace.MinPlayers || players > horserace.MaxPlayers {
		return sim.Table{}, game.Usagef("Horse Race seats %d to %d players, not %d", horserace.MinPlayers, horserace.MaxPlayers, players)
	}
	v, err := variantOf(o.Variant, o.Flags, f.board)
	if err != nil {
		return sim.Table{}, err
	}
	tb := sim.Table{Players: players, Board: f.board, Rules: f.rules, Bank: f.bank, Rounds: f.rounds, Variant: v}
	if v != nil {
		tb.Board = v.From
	}
	return tb, nil
}

// run plays races for statistics, o's games at table tb: their figures
// and how many were played.
func run(tb sim.Table, o game.SimOptions) (game.Figures, int, error) {
	r, err := sim.Run(sim.Options{Table: tb, RunOptions: o.RunOptions(), Log: o.Log})
	if err != nil || r.Games == 0 {
		return nil, 0, err
	}
	return r, int(r.Games), nil
}
