package sim

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/bot"
	"furlong/engine/raceyourbets/notation"
	"furlong/engine/raceyourbets/play"
)

// MaxTurns bounds a game: one that has not ended after this many turns is
// an error (no game of bots comes near it).
const MaxTurns = 20000

// Table is what a run plays: the board, the finish and the bots in their
// seats.
type Table struct {
	Board   ryb.Board
	Finish  int
	Players int
	// Bots names a bot for every seat, or one for all of them.
	Bots []string
	// Variant, when not nil, is a designer's board to play instead: its
	// numbers and its finish stand in for Board's and Finish (see
	// Normal).
	Variant *ryb.Variant
}

// Normal is the table as it plays: a variant's board and finish in Board
// and Finish, and a variant whose tracks are its base board's own played
// as that board (Variant nil), so that a run on it gives, to the byte,
// the figures of the standard board.
func (t Table) Normal() Table {
	if v := t.Variant; v != nil {
		t.Board, t.Finish = v.Board(), v.Finish
		if v.StandardTracks() {
			t.Variant = nil
		}
	}
	return t
}

// Tables are the numbers of the table's board.
func (t *Table) Tables() *ryb.Tables {
	if t.Variant != nil {
		if tb, err := t.Variant.Tables(); err == nil {
			return tb
		}
	}
	if int(t.Board) < len(ryb.Boards) {
		return t.Board.Tables()
	}
	return ryb.Graded.Tables()
}

// BoardName names the table's board, for the report: "graded board", or
// "variant long-sixes (from the graded board)".
func (t *Table) BoardName() string {
	if t.Variant != nil {
		return fmt.Sprintf("variant %s (from the %s board)", t.Variant.Name(), t.Variant.Base())
	}
	return t.Board.String() + " board"
}

// setup is the table as the play protocol seats it: the seats named after
// their bots, the board and the finish as options, or the variant. play.New
// checks it.
func (t *Table) setup() (engine.Setup, error) {
	tb, _ := play.Table("")
	bots, err := tb.SeatBots(t.Bots, max(t.Players, 0))
	if err != nil {
		return engine.Setup{}, err
	}
	s := engine.Setup{Options: map[string]string{"board": t.Board.String(), "finish": fmt.Sprint(t.Finish)}}
	if t.Variant != nil {
		s = engine.Setup{Variant: t.Variant}
	}
	for i, b := range bots {
		s.Seats = append(s.Seats, engine.Seat{Name: fmt.Sprintf("%s%d", b, i+1), Bot: b})
	}
	return s, nil
}

// Names are the players' names in a logged game: the seat's bot and its
// number in the seating order, as "greedy1".
func (t *Table) Names() []string {
	s, _ := t.setup()
	names := make([]string, len(s.Seats))
	for i, seat := range s.Seats {
		names[i] = seat.Name
	}
	return names
}

// Options are a run: how many games, and the table they are played at;
// Log is given each game's log as text, with its points lines, i counting
// the games of this table from 0.
type Options engine.TableRun[Table]

// Run plays o.Games games at o.Table and returns their figures: fewer
// games when o.Stop was set, the report then marked partial.
func Run(o Options) (*Report, error) {
	st, n, err := Count(o)
	if err != nil {
		return nil, err
	}
	return st.Report(o.Games, n), nil
}

// Count plays o.Games games at o.Table, games o.First to
// o.First+o.Games-1 of the run seeded o.Seed, and returns what they add
// up, with the number played (fewer when o.Stop was set): the figures of
// a shard of a run spread over machines. Merged in any order, the counts
// of every shard are those of the whole run.
func Count(o Options) (*Stats, int, error) {
	o.Table = o.Table.Normal()
	newStats := func() *Stats { return NewStats(o.Table.Players) }
	st, n, err := engine.Simulate(o.RunOptions, o.Table, newStats, newPlayer, func(p *player, i int, rng *rand.Rand, st *Stats) error {
		if err := p.play(rng); err != nil {
			return err
		}
		st.add(p)
		if o.Log != nil {
			return o.Log(i, p.text())
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	st.Table = o.Table
	st.Seed = o.Seed
	return st, n, nil
}

// Report is the report of the games st counts: games asked for, of which
// played were played (the report is partial when fewer).
func (st *Stats) Report(games, played int) *Report {
	r := &Report{Games: games, Seed: st.Seed, Partial: played < games}
	if played > 0 {
		r.Tables = []*Stats{st}
	}
	return r
}

// player plays games at one table through the play protocol, keeping its
// state, bots and buffers from game to game.
type player struct {
	t    Table
	s    *play.State
	bots []engine.Bot
	// botIndex is each seat's bot as its place in bot.Names, for the
	// figures by bot
	botIndex []int
	// what the game did, for the statistics
	races      int
	raceStart  int                  // the turn the race under way began after
	raceRolls  [64]int16            // rolls of each finished race
	medals     [ryb.Horses][2]int32 // medals by horse: gold, silver
	paid       [ryb.Horses]int32    // points paid by each horse's medals
	nobody     int32                // medals nobody bet on
	sharedMeds int32                // medals shared by two or more
	acts       [ryb.Early + 1]int32 // actions by kind
	emptyHand  bool                 // someone had all 9 counters down
	buf        []byte
}

func newPlayer(t Table) (*player, error) {
	t = t.Normal()
	s, bots, err := engine.Seated(t.setup, play.New, bot.New)
	if err != nil {
		return nil, err
	}
	p := &player{t: t, s: s, bots: bots}
	for _, b := range bots {
		p.botIndex = append(p.botIndex, slices.Index(bot.Names, b.Name()))
	}
	return p, nil
}

// game is the game as the rules see it now.
func (p *player) game() *ryb.Game { return p.s.Game() }

// play plays one game to its end through the protocol: each seat's
// action by its bot, then the dice from rng.
func (p *player) play(rng *rand.Rand) error {
	s := p.s
	s.Restart()
	p.races, p.raceStart = 1, 0
	p.medals = [ryb.Horses][2]int32{}
	p.paid = [ryb.Horses]int32{}
	p.nobody, p.sharedMeds = 0, 0
	p.acts = [ryb.Early + 1]int32{}
	p.emptyHand = false
	for turns := 0; !s.Over(); turns++ {
		if turns >= MaxTurns {
			return fmt.Errorf("the game has not ended after %d turns", MaxTurns)
		}
		seat := s.Game().Turn() // a seat's: the dice roll in the same step
		b := p.bots[seat]
		x := b.Choose(s, rng)
		if err := s.Apply(x); err != nil {
			v, _ := engine.AsViolation(err)
			return fmt.Errorf("turn %d: %s bot's %s: %s", turns+1, b.Name(), s.Choice(x).Text, v.Describe(s.Players()))
		}
		if err := s.Chance(rng); err != nil {
			return err
		}
		a, _ := play.Decode(x)
		p.count(seat, a, s.Outcome())
	}
	return nil
}

// count adds one turn to the game's figures.
func (p *player) count(seat int, a ryb.Action, out *ryb.Outcome) {
	p.acts[a.Kind]++
	g := p.s.Game()
	if a.Kind == ryb.Bet && g.InHand(seat) == 0 {
		p.emptyHand = true
	}
	for i := range out.N {
		aw := &out.Awards[i]
		p.medals[aw.Horse-1][aw.Medal-1]++
		p.paid[aw.Horse-1] += int32(aw.Each) * int32(aw.Shared)
		switch {
		case aw.Shared == 0:
			p.nobody++
		case aw.Shared > 1:
			p.sharedMeds++
		}
	}
	if out.RaceOver {
		if p.races <= len(p.raceRolls) {
			p.raceRolls[p.races-1] = int16(g.Turns() - p.raceStart)
		}
		p.races++
		p.raceStart = g.Turns()
	}
}

// text is the game's log in the notation, with its points lines.
func (p *player) text() []byte {
	b := p.s.AppendLog(p.buf[:0])
	h := p.s.Header()
	g := p.s.Game()
	for s := range h.Players {
		b = notation.AppendStatement(b, h, &notation.Statement{Kind: notation.KindPoints, Seat: s, Points: g.Points(s)})
	}
	p.buf = b
	return b
}

// PlayOne plays game i of a run with table t and seed, and returns its log
// as text, with its points lines.
func PlayOne(t Table, seed uint64, i int) ([]byte, error) {
	return engine.PlayOne(t, seed, i, newPlayer, (*player).play, (*player).text)
}
