package raceyourbets

import (
	"fmt"
	"slices"
	"strings"

	"furlong/engine"
)

// Game is a game of Race Your Bets in progress: the board, every horse's
// space, every counter on the tracks, the score markers and whose turn it
// is. Its zero value is not a game; start one with New.
//
// A Game is a plain value: copy it to look ahead.
type Game struct {
	t       *Tables // the board's numbers, shared and never changed
	finish  int8
	players int8
	turn    int8  // the seat to act
	over    bool  // a medal took a marker to the finish
	gold    int8  // the horse that took gold in this race; 0 before
	race    int16 // the race under way, from 1
	turns   int32 // turns played

	pos      [Horses]int8             // spaces moved: 0 on the start box, Spaces+1 across
	counters [Horses]int8             // counters on each track, all players together
	bets     [Horses][MaxPlayers]int8 // each player's counters on each track
	down     [MaxPlayers]int8         // each player's counters on the board

	passes [MaxPlayers]int16 // points from passing
	golds  [MaxPlayers]int16 // points from gold medals
	silver [MaxPlayers]int16 // points from silver medals
}

// New starts a game on board with the given finish and number of players:
// every horse on its start box, every marker on 0, every counter in hand,
// the first seat to play.
func New(board Board, finish, players int) (Game, error) {
	if int(board) >= len(standard) {
		return Game{}, fmt.Errorf("no board %d", board)
	}
	return NewOn(&standard[board], finish, players)
}

// NewOn starts a game as New does, on the board of tables t: a standard
// board's (Board.Tables) or a variant's (Variant.Tables).
func NewOn(t *Tables, finish, players int) (Game, error) {
	switch {
	case t == nil:
		return Game{}, fmt.Errorf("no board: the tables are nil")
	case !CheckFinish(finish):
		return Game{}, fmt.Errorf("finish %d: the score track is %d to %d long", finish, MinFinish, MaxFinish)
	case !CheckPlayers(players):
		return Game{}, fmt.Errorf("Race Your Bets is for %d to %d players, not %d", MinPlayers, MaxPlayers, players)
	}
	return Game{t: t, finish: int8(finish), players: int8(players), race: 1}, nil
}

// Board returns the game's board: the standard board its tables come
// from, for a variant the board it starts from.
func (g *Game) Board() Board { return g.t.base }

// Tables returns the numbers of the game's board, shared and never to be
// changed.
func (g *Game) Tables() *Tables { return g.t }

// Track returns the track of horse h (1-6) on the game's board.
func (g *Game) Track(h int) Track { return g.t.tracks[h-1] }

// Finish returns the score track's length: the points that end the game.
func (g *Game) Finish() int { return int(g.finish) }

// Players returns the number of players.
func (g *Game) Players() int { return int(g.players) }

// Turn returns the seat whose turn it is (0 plays first).
func (g *Game) Turn() int { return int(g.turn) }

// Turns returns the number of turns played.
func (g *Game) Turns() int { return int(g.turns) }

// Race returns the number of the race under way (from 1), or of the last
// race once the game is over.
func (g *Game) Race() int { return int(g.race) }

// Over reports whether a medal has taken a marker to the finish.
func (g *Game) Over() bool { return g.over }

// GoldHorse returns the horse that took gold in the race under way, or 0.
func (g *Game) GoldHorse() int { return int(g.gold) }

// Pos returns horse h's space: 0 on the start box, Spaces+1 once across.
func (g *Game) Pos(h int) int { return int(g.pos[h-1]) }

// Left returns the moves horse h still needs to cross (0 once across).
func (g *Game) Left(h int) int { return int(g.t.tracks[h-1].Spaces) + 1 - int(g.pos[h-1]) }

// Crossed reports whether horse h has crossed the line in this race.
func (g *Game) Crossed(h int) bool { return g.pos[h-1] > g.t.tracks[h-1].Spaces }

// Counters returns the number of counters on track h, all players together.
func (g *Game) Counters(h int) int { return int(g.counters[h-1]) }

// Bets returns the counters seat has on track h.
func (g *Game) Bets(h, seat int) int { return int(g.bets[h-1][seat]) }

// InHand returns the bet counters seat still holds.
func (g *Game) InHand(seat int) int { return Counters - int(g.down[seat]) }

// Points returns seat's points: passes, gold and silver together.
func (g *Game) Points(seat int) int {
	return int(g.passes[seat]) + int(g.golds[seat]) + int(g.silver[seat])
}

// Breakdown returns seat's points from passing, gold and silver medals.
func (g *Game) Breakdown(seat int) (passes, gold, silver int) {
	return int(g.passes[seat]), int(g.golds[seat]), int(g.silver[seat])
}

// Leaders returns the seats with the most points, as bits (bit s for seat
// s): once the game is over, its winner or the players tied for the win.
func (g *Game) Leaders() uint8 {
	best, set := -1, uint8(0)
	for s := range int(g.players) {
		switch p := g.Points(s); {
		case p > best:
			best, set = p, 1<<s
		case p == best:
			set |= 1 << s
		}
	}
	return set
}

// NextSpace returns the space a bet on horse h would take: the empty space
// nearest the finish. It is legal only when it is ahead of the horse.
func (g *Game) NextSpace(h int) int { return int(g.t.tracks[h-1].Spaces - g.counters[h-1]) }

// CanBet reports whether seat may bet on horse h: a counter in hand and an
// empty space strictly ahead of the horse (§3).
func (g *Game) CanBet(seat, h int) bool {
	return g.down[seat] < Counters && int(g.counters[h-1])+int(g.pos[h-1]) < int(g.t.tracks[h-1].Spaces)
}

// CanPass reports whether seat may pass: a pass never brings a marker to
// the finish (§3).
func (g *Game) CanPass(seat int) bool { return g.Points(seat)+PassPoints < int(g.finish) }

// Legal appends the actions open to seat now to buf and returns it: a bet
// on each horse with a space, the pass when it is allowed, a cheer for
// each horse, and the turn with no action only when a pass is not allowed
// (§3). It appends nothing once the game is over.
func (g *Game) Legal(seat int, buf []Action) []Action {
	if g.over {
		return buf
	}
	for h := 1; h <= Horses; h++ {
		if g.CanBet(seat, h) {
			buf = append(buf, BetOn(h))
		}
	}
	canPass := g.CanPass(seat)
	if canPass {
		buf = append(buf, PassTurn())
	}
	for h := 1; h <= Horses; h++ {
		buf = append(buf, CheerFor(h))
	}
	if !canPass {
		buf = append(buf, EarlyRoll())
	}
	return buf
}

// Check says whether seat may take action a now, and if not, why. The
// violation names seats with engine.SeatName.
func (g *Game) Check(seat int, a Action) *engine.Violation {
	if g.over {
		return g.overViolation()
	}
	if seat != int(g.turn) {
		v := engine.Violate(RuleOrder, "it is %s's turn, not %s's", engine.SeatName(g.turn), engine.SeatName(seat))
		switch {
		case g.turns > 0 && g.fresh():
			v.Hint = "the next player in seating order starts a new race"
		case g.turns > 0 && seat == (int(g.turn)+1)%int(g.players):
			v.Hint = "a line may be missing above"
		}
		return v
	}
	switch a.Kind {
	case Bet:
		h := int(a.Horse)
		if h < 1 || h > Horses {
			return engine.Violate(RuleNotation, "no horse %d: the horses are 1 to %d", h, Horses)
		}
		if g.down[seat] >= Counters {
			return engine.Violate(RuleBet, "no bet counter in hand (all %s are on the board)", word(Counters))
		}
		t := g.t.tracks[h-1]
		if g.pos[h-1] > t.Spaces {
			return engine.Violate(RuleBet, "horse %d has crossed the line: its track has no space ahead of it", h)
		}
		if int(g.counters[h-1])+int(g.pos[h-1]) >= int(t.Spaces) {
			return engine.Violate(RuleBet, "track %d has no empty space ahead of the horse (%s, horse on %s, %d spaces)",
				h, engine.Count(int(g.counters[h-1]), "counter", "counters"), spaceName(int(g.pos[h-1])), t.Spaces)
		}
	case Pass:
		if !g.CanPass(seat) {
			return engine.Violate(RulePass, "a pass would bring the marker to the finish (%d points, finish %d): bet or cheer instead",
				g.Points(seat), g.finish)
		}
	case Cheer:
		if h := int(a.Horse); h < 1 || h > Horses {
			return engine.Violate(RuleNotation, "no horse %d: the horses are 1 to %d", h, Horses)
		}
	case Early:
		if g.CanPass(seat) {
			return engine.Violate(RuleEarly, "a turn with no action is allowed only when a pass is not, and a pass was legal (%d points, finish %d): write the pass",
				g.Points(seat), g.finish)
		}
	default:
		return engine.Violate(RuleNotation, "no action of kind %d", a.Kind)
	}
	return nil
}

// fresh reports whether the race under way is a new one in which no turn
// has been played: every horse on its start box, after a first race.
func (g *Game) fresh() bool { return g.race > 1 && g.pos == [Horses]int8{} }

// overViolation is the violation of a turn after the end: when and how
// the game ended, the winners named by seat.
func (g *Game) overViolation() *engine.Violation {
	format := "a turn after the end: the game ended at turn %d, in race %d, with "
	args := []any{g.turns, g.race}
	var lead []any
	best := 0
	for s := range int(g.players) {
		if g.Leaders()&(1<<s) != 0 {
			lead = append(lead, engine.SeatName(s))
			best = g.Points(s)
		}
	}
	if len(lead) == 1 {
		format += "%s's win"
	} else {
		format += "a tie for the win between " + engine.And(slices.Repeat([]string{"%s"}, len(lead)))
	}
	args = append(append(args, lead...), engine.Count(best, "point", "points"))
	return engine.Violate(RuleOver, format+" with %s", args...)
}

// word writes a number below ten as a word, as prose does: "nine", and
// "none" for zero.
func word(n int) string {
	if n == 0 {
		return "none"
	}
	return engine.Words(n)
}

// spaceName writes a horse's place: "the start box" or "space 5".
func spaceName(pos int) string {
	if pos == 0 {
		return "the start box"
	}
	return fmt.Sprintf("space %d", pos)
}

// Award is a medal scored: which, on which horse, in which race, and who
// took it.
type Award struct {
	Race    int16
	Medal   Medal
	Horse   int8
	Top     int8  // the counters each majority holder has on the track; 0: nobody bet
	Shared  int8  // k: the number of players tied for the majority
	Each    int8  // the points each of them scores
	Holders uint8 // the majority holders, as bits (bit s for seat s)
}

// Outcome is what a turn's roll did: the medals scored, in order, whether
// a race ended (and the board was reset) and whether the game ended.
type Outcome struct {
	Awards   [2]Award
	N        int8 // medals scored: 0, 1 or 2
	RaceOver bool
	Over     bool
}

// Play takes seat's turn: action a, then roll d. An illegal action leaves
// the game as it was and returns why. Each move of the roll is finished,
// with its medal scored and the end tested, before the next (§4-§6).
func (g *Game) Play(seat int, a Action, d Dice) (Outcome, *engine.Violation) {
	var out Outcome
	if v := g.Check(seat, a); v != nil {
		return out, v
	}
	if !d.Valid() {
		return out, engine.Violate(RuleNotation, "no roll %d%d: each die shows 1 to 6", d[0], d[1])
	}
	return g.Roll(seat, a, d), nil
}

// Roll plays seat's turn without checking it: the bots' fast path, for
// actions they know are legal. It is Play less the checks.
func (g *Game) Roll(seat int, a Action, d Dice) Outcome {
	var out Outcome
	switch a.Kind {
	case Bet:
		g.bets[a.Horse-1][seat]++
		g.counters[a.Horse-1]++
		g.down[seat]++
	case Pass:
		g.passes[seat] += PassPoints
	}
	g.turns++
	if !g.move(int(d[0]), &out) && !g.move(int(d[1]), &out) &&
		a.Kind == Cheer && a.Horse != d[0] && a.Horse != d[1] {
		g.move(int(a.Horse), &out)
	}
	g.turn++
	if g.turn == g.players {
		g.turn = 0
	}
	return out
}

// move moves horse h one space, scoring its medal if it crosses, and
// reports whether the roll stops there: the race or the game ended. A horse
// already across does not move (the move is lost).
func (g *Game) move(h int, out *Outcome) (stop bool) {
	t := &g.t.tracks[h-1]
	if g.pos[h-1] > t.Spaces {
		return false
	}
	g.pos[h-1]++
	if g.pos[h-1] <= t.Spaces {
		return false
	}
	m := Silver
	if g.gold == 0 {
		m = Gold
		g.gold = int8(h)
	}
	aw := g.award(h, m)
	out.Awards[out.N] = aw
	out.N++
	for s := range int(g.players) {
		if g.Points(s) >= int(g.finish) {
			g.over, out.Over = true, true
			return true
		}
	}
	if m == Silver {
		out.RaceOver = true
		g.reset()
		return true
	}
	return false
}

// award scores medal m of horse h to the majority on its track.
func (g *Game) award(h int, m Medal) Award {
	aw := Award{Race: g.race, Medal: m, Horse: int8(h)}
	bets := &g.bets[h-1]
	for s := range int(g.players) {
		switch n := bets[s]; {
		case n == 0:
		case n > aw.Top:
			aw.Top, aw.Holders, aw.Shared = n, 1<<s, 1
		case n == aw.Top:
			aw.Holders |= 1 << s
			aw.Shared++
		}
	}
	if aw.Shared == 0 {
		return aw
	}
	aw.Each = int8(Share(g.t.tracks[h-1].Pays(m), int(aw.Shared)))
	for s := range int(g.players) {
		if aw.Holders&(1<<s) == 0 {
			continue
		}
		if m == Gold {
			g.golds[s] += int16(aw.Each)
		} else {
			g.silver[s] += int16(aw.Each)
		}
	}
	return aw
}

// reset ends the race: every horse back on its start box, every counter
// back in hand; markers stay (§5).
func (g *Game) reset() {
	g.pos = [Horses]int8{}
	g.counters = [Horses]int8{}
	g.bets = [Horses][MaxPlayers]int8{}
	g.down = [MaxPlayers]int8{}
	g.gold = 0
	g.race++
}

// String describes the position for tests and debugging: the race, each
// horse's space and counters, and the points.
func (g *Game) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "race %d turn %d seat %d;", g.race, g.turns, g.turn)
	for h := 1; h <= Horses; h++ {
		fmt.Fprintf(&b, " h%d@%d", h, g.pos[h-1])
		if g.counters[h-1] > 0 {
			b.WriteString("[")
			for s := range int(g.players) {
				if s > 0 {
					b.WriteString(",")
				}
				fmt.Fprint(&b, g.bets[h-1][s])
			}
			b.WriteString("]")
		}
	}
	b.WriteString("; points")
	for s := range int(g.players) {
		fmt.Fprintf(&b, " %d", g.Points(s))
	}
	if g.over {
		b.WriteString("; over")
	}
	return b.String()
}
