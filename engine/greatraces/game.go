package greatraces

import (
	"fmt"
	"strings"

	"furlong/engine"
)

// Pair is two dice used together; its total names the race it feeds.
type Pair [2]int8

// Sum is the pair's total, 2 to 12 for real dice.
func (p Pair) Sum() int { return int(p[0]) + int(p[1]) }

// String writes the pair as the notation does: "25".
func (p Pair) String() string { return string([]byte{digit(p[0]), digit(p[1])}) }

// Move is a split of the four dice into two pairs, in the order the roller
// uses them: A first, then B.
type Move struct{ A, B Pair }

// String writes the move as the notation does: "25 36".
func (m Move) String() string { return m.A.String() + " " + m.B.String() }

// Splits returns the three ways to split dice into two pairs, each with
// its pairs in the order the dice are given: {d0 d1, d2 d3}, {d0 d2, d1
// d3}, {d0 d3, d1 d2}.
func Splits(d [Dice]int8) [3]Move {
	return [3]Move{
		{Pair{d[0], d[1]}, Pair{d[2], d[3]}},
		{Pair{d[0], d[2]}, Pair{d[1], d[3]}},
		{Pair{d[0], d[3]}, Pair{d[1], d[2]}},
	}
}

// Swap returns the move with its pairs used the other way round.
func (m Move) Swap() Move { return Move{m.B, m.A} }

func digit(d int8) byte {
	if d >= 0 && d <= 9 {
		return '0' + byte(d)
	}
	return '?'
}

// Result is what became of one pair of a turn.
type Result uint8

// The fates of a pair.
const (
	Marked     Result = iota + 1 // a space of the roller's track was marked
	Won                          // the mark filled the track: the race closed, the roller won it
	LostClosed                   // the race was already closed: nothing marked
	LostOver                     // the game had ended with the pair before: nothing marked
)

var resultNames = [...]string{"", "marked", "won", "lost (race closed)", "lost (game over)"}

// String says what became of the pair.
func (r Result) String() string { return engine.Named(resultNames[:], int(r), "Result") }

// PairOutcome is what one pair did.
type PairOutcome struct {
	Race   int8   // the pair's total
	Result Result // marked, won, or lost
	Second int8   // when Won: the seat that took 2nd place, or -1 for none
}

// Title is the game's name as players say it.
const Title = "The Great Races"

// Outcome is what a turn did, pair by pair, in the order they were used.
type Outcome struct {
	Pairs [2]PairOutcome
}

// Game is the state of one game: the sheet's marks, who won and placed in
// each closed race, whose turn it is. The zero value is not a game; use
// New or NewSheet.
type Game struct {
	n        *numbers // the board's numbers, shared and never changed
	players  int8
	next     int8   // the seat whose turn it is
	closed   int8   // races closed
	sheet    bool   // read from a finished sheet: turns and closing order unknown
	filled   uint16 // from a sheet: the races filled in so far, one bit per race index
	open     RaceSet
	turns    int16
	marks    [Races][MaxPlayers]int8
	winner   [Races]int8  // seat+1; 0 while the race is open
	second   [Races]int8  // seat+1; 0 for no 2nd place
	closedAt [Races]int16 // the turn that closed the race; 0 while open or from a sheet
	order    [Races]int8  // race indices in the order they closed
	first    [MaxPlayers]int16
	seconds  [MaxPlayers]int16
}

// New starts a game of players players on board b: column 1 rolls first.
func New(b Board, players int) (Game, error) {
	if players < MinPlayers || players > MaxPlayers {
		return Game{}, engine.About(RuleSetup, PartPlayers, -1, "the game is for %d to %d players, not %d", MinPlayers, MaxPlayers, players)
	}
	if int(b) >= len(boardNames) {
		return Game{}, engine.About(RuleSetup, PartBoard, -1, "there is no board %d: the boards are standard and length", b)
	}
	return Game{n: b.numbers(), players: int8(players), open: AllRaces}, nil
}

// newGame starts a game of players players on the numbers n.
func newGame(n *numbers, players int) (Game, error) {
	if players < MinPlayers || players > MaxPlayers {
		return Game{}, engine.About(RuleSetup, PartPlayers, -1, "the game is for %d to %d players, not %d", MinPlayers, MaxPlayers, players)
	}
	return Game{n: n, players: int8(players), open: AllRaces}, nil
}

// Restart starts the game over on the same board with the same players,
// nothing marked: from a sheet, every race blank again.
func (g *Game) Restart() { *g = Game{n: g.n, players: g.players, sheet: g.sheet, open: AllRaces} }

// Board is the standard board the game's numbers start from: the board
// itself, or a variant's base.
func (g *Game) Board() Board { return g.n.v.base }

// Variant is the board the game is played on, its numbers as a variant:
// for a standard board, that board's own. It belongs to the game and is
// shared by its copies: read it, never change it.
func (g *Game) Variant() *Variant { return &g.n.v }

// Track returns race's track on the game's board; race is 2 to 12.
func (g *Game) Track(race int) Track { return g.n.v.tracks[race-FirstRace] }

// Digest is the digest of the variant the game is played on, as its log's
// variant line writes it; "" on a standard board (and on a variant whose
// numbers are its base's, which is that board).
func (g *Game) Digest() string { return g.n.digest }

// Players is the number of players.
func (g *Game) Players() int { return int(g.players) }

// Next is the seat (0 for column 1) whose turn it is.
func (g *Game) Next() int { return int(g.next) }

// Turns is the number of rolls played.
func (g *Game) Turns() int { return int(g.turns) }

// Over reports whether every race is closed.
func (g *Game) Over() bool { return g.closed == Races }

// ClosedCount is the number of races closed.
func (g *Game) ClosedCount() int { return int(g.closed) }

// FromSheet reports whether the game was read from a finished sheet, so
// that its turns and the order its races closed in are unknown.
func (g *Game) FromSheet() bool { return g.sheet }

// Marks is the number of spaces seat has marked in race.
func (g *Game) Marks(race, seat int) int { return int(g.marks[race-FirstRace][seat]) }

// RaceMarks is the number of spaces each seat has marked in race, by seat
// (none beyond the players): Marks for every seat at once.
func (g *Game) RaceMarks(race int) [MaxPlayers]int8 { return g.marks[race-FirstRace] }

// Open reports whether race is still open.
func (g *Game) Open(race int) bool { return g.winner[race-FirstRace] == 0 }

// RaceWinner is the seat that won race, or -1 while it is open.
func (g *Game) RaceWinner(race int) int { return int(g.winner[race-FirstRace]) - 1 }

// RaceSecond is the seat that took 2nd place in race, or -1 when nobody
// did (or the race is open).
func (g *Game) RaceSecond(race int) int { return int(g.second[race-FirstRace]) - 1 }

// ClosedAt is the turn (1 for the first roll) that closed race, or 0 when
// it is open or the game was read from a sheet.
func (g *Game) ClosedAt(race int) int { return int(g.closedAt[race-FirstRace]) }

// Closing is the i-th race to close (i from 0 to ClosedCount()-1). A game
// read from a sheet has no closing order: it reports the races in the
// order they were filled in.
func (g *Game) Closing(i int) int { return int(g.order[i]) + FirstRace }

// Play is one turn: seat throws dice and uses the pairs of m in order. It
// checks that it is seat's turn, that the game is not over and that m
// splits exactly the dice thrown; on a violation the game is unchanged.
func (g *Game) Play(seat int, dice [Dice]int8, m Move) (Outcome, error) {
	if v := g.Check(seat, dice, m); v != nil {
		return Outcome{}, v
	}
	return g.Advance(m), nil
}

// badDie is kept out of Check's loop, where its arguments would move the
// loop's variable to the heap on every turn.
func badDie(d int8) *engine.Violation {
	return engine.Violate(RuleSplit, "%d is not a die (1-6)", d)
}

// Check says whether seat may throw dice and use the pairs of m, in the
// order Play checks them: a game from a sheet has no turns, nothing is
// played once the game is over, it must be seat's turn, the dice must be
// real and m must split exactly them. It returns nil, or the violation
// Play would return.
func (g *Game) Check(seat int, dice [Dice]int8, m Move) *engine.Violation {
	if g.sheet {
		return engine.Violate(RuleNotation, "a sheet transcript has no turns")
	}
	if g.Over() {
		return g.over()
	}
	if seat != int(g.next) {
		return g.notYourTurn(seat)
	}
	for i := range dice {
		if dice[i] < 1 || dice[i] > 6 {
			return badDie(dice[i])
		}
	}
	if !sameFaces(dice, m) {
		return badSplit(dice, m)
	}
	return nil
}

// sameFaces reports whether m's pairs are the dice d, in any order: each
// die adds one to its face's count, four bits a face.
func sameFaces(d [Dice]int8, m Move) bool {
	var a, b uint32
	for i := range d {
		a += 1 << (4 * uint(d[i]&7))
	}
	for _, x := range [4]int8{m.A[0], m.A[1], m.B[0], m.B[1]} {
		if x < 1 || x > 6 {
			return false
		}
		b += 1 << (4 * uint(x))
	}
	return a == b
}

// over is the violation of a turn played after the end.
func (g *Game) over() *engine.Violation {
	return engine.Violate(RuleOver, "the game is over: the last race closed on turn %d, and nothing is rolled after it", g.turns)
}

// notYourTurn is the violation of seat rolling out of turn. Its Seat is
// the seat whose turn it is.
func (g *Game) notYourTurn(seat int) *engine.Violation {
	next := int(g.next)
	v := engine.Violate(RuleOrder, "it is %s's turn (column %d), not %s's: turns go by column, 1 to %d and round again",
		engine.SeatName(next), next+1, engine.SeatName(seat), g.players)
	v.Seat = next
	return v
}

func badSplit(dice [Dice]int8, m Move) *engine.Violation {
	missing, extra, _ := sameDice(dice, m)
	return engine.Violate(RuleSplit, "split %s is not the four dice rolled, %s: %s", m, diceText(dice), diceDiff(dice, missing, extra))
}

// sameDice reports whether m's pairs are the dice d, and if not, the
// counts of each face that m lacks and has in excess.
func sameDice(d [Dice]int8, m Move) (missing, extra [7]int8, ok bool) {
	var c [7]int8
	for _, x := range d {
		c[x]++
	}
	for _, x := range [4]int8{m.A[0], m.A[1], m.B[0], m.B[1]} {
		if x < 1 || x > 6 {
			return missing, extra, false
		}
		c[x]--
	}
	ok = true
	for f := 1; f <= 6; f++ {
		switch {
		case c[f] > 0:
			missing[f], ok = c[f], false
		case c[f] < 0:
			extra[f], ok = -c[f], false
		}
	}
	return missing, extra, ok
}

func diceText(d [Dice]int8) string {
	return fmt.Sprintf("%d %d %d %d", d[0], d[1], d[2], d[3])
}

// diceDiff words what a split got wrong: "there is no 4 among them, and
// the 3 is left out".
func diceDiff(d [Dice]int8, missing, extra [7]int8) string {
	var rolled [7]int8
	for _, x := range d {
		rolled[x]++
	}
	var parts []string
	for f := 1; f <= 6; f++ {
		switch {
		case extra[f] > 0 && rolled[f] == 0:
			parts = append(parts, fmt.Sprintf("there is no %d among them", f))
		case extra[f] > 0:
			parts = append(parts, fmt.Sprintf("it uses %s %ds where %s rolled", engine.Words(int(rolled[f]+extra[f])), f, wasWere(rolled[f])))
		}
	}
	for f := 1; f <= 6; f++ {
		switch {
		case missing[f] == 1 && rolled[f] == 1:
			parts = append(parts, fmt.Sprintf("the %d is left out", f))
		case missing[f] > 0:
			parts = append(parts, fmt.Sprintf("%s of the %ds %s left out", engine.Words(int(missing[f])), f, isAre(missing[f])))
		}
	}
	return strings.Join(parts, ", and ")
}

func wasWere(n int8) string {
	if n == 1 {
		return "one was"
	}
	return engine.Words(int(n)) + " were"
}

func isAre(n int8) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// Advance plays move m for the seat whose turn it is, without checking it:
// the dice must be real (1-6) and the game not over. It is Play's second
// half, and what the bots use to look ahead on a copy.
func (g *Game) Advance(m Move) Outcome {
	var o Outcome
	g.advance(&m, &o)
	return o
}

// AdvanceTo is Advance for the move m points to, saying in o what became
// of the pairs: the play protocol keeps its moves and the outcome of the
// last turn in place, where copies of them would stall on the way.
func (g *Game) AdvanceTo(m *Move, o *Outcome) { g.advance(m, o) }

// advance is Advance, saying in o what became of the pairs (every field
// of both is set). It fills o rather than returning it, and Advance, small enough to
// inline, lets a bot that looks ahead and ignores the outcome drop it: an
// Outcome returned whole after its bytes were stored one by one costs a
// stalled copy.
func (g *Game) advance(m *Move, o *Outcome) {
	seat := g.next
	g.turns++
	g.next++
	if g.next == g.players {
		g.next = 0
	}
	// The races are read die by die: a move whose bytes were just stored
	// one by one, read back a pair or a move at once, stalls the read.
	races := [2]int8{m.A[0] + m.A[1], m.B[0] + m.B[1]}
	for i, race := range races {
		po := &o.Pairs[i]
		po.Race = race
		po.Second = -1
		r := po.Race - FirstRace
		switch {
		case g.closed == Races:
			po.Result = LostOver
		case g.winner[r] != 0:
			po.Result = LostClosed
		default:
			g.marks[r][seat]++
			po.Result = Marked
			if g.marks[r][seat] == g.n.spaces[r] {
				po.Result = Won
				po.Second = int8(g.close(int(r), seat))
			}
		}
	}
}

// close closes race index r, won by seat, and returns the seat that took
// 2nd place or -1.
func (g *Game) close(r int, seat int8) int {
	g.winner[r] = seat + 1
	g.open &^= 1 << r
	g.first[seat] += g.n.first[r]
	s := secondPlace(g.n.need[r], &g.marks[r], int(g.players), int(seat))
	if s >= 0 {
		g.second[r] = int8(s) + 1
		g.seconds[s] += g.n.second[r]
	}
	g.closedAt[r] = g.turns
	g.order[g.closed] = int8(r)
	g.closed++
	return s
}

// SecondPlace is the seat that takes 2nd place in race when winner fills
// its track with the other tracks at marks: among the other players whose
// tracks have passed the double line, the one with the most marks, the
// later seat on a tie; -1 when nobody else has passed the line.
func SecondPlace(b Board, race int, marks *[MaxPlayers]int8, players, winner int) int {
	return secondPlace(b.numbers().need[race-FirstRace], marks, players, winner)
}

// secondPlace is SecondPlace for a race whose tracks need n marks to pass
// the double line.
func secondPlace(n int8, marks *[MaxPlayers]int8, players, winner int) int {
	best, seat := int8(0), -1
	for s := range players {
		if s == winner || marks[s] < n {
			continue
		}
		if marks[s] >= best { // >=: a tie goes to the later seat
			best, seat = marks[s], s
		}
	}
	return seat
}
