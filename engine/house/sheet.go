package house

import "furlong/engine"

// Sheet is what one seat's moves act on: the lanes it writes in (its own
// sheet, or in The Book the field card), what it keeps beside them (slips,
// photos, false starts, its jockey), and the race's Carrot and Camera.
//
// It is the engine's fast path. A Race plays every move on a Sheet and
// keeps it if the move is legal; a bot takes a copy with Race.Sheet and
// tries moves on it by the same rules, without touching the race. A Sheet
// is a plain value: copying it gives an independent sheet.
type Sheet struct {
	board  Board
	player Player
	course course
	mode   Mode
}

// Sheet returns a copy of seat p's sheet: its board (The Book: the field
// card) and its extras.
func (r *Race) Sheet(p int) Sheet {
	var s Sheet
	r.LoadSheet(p, &s)
	return s
}

// LoadSheet sets s to a copy of seat p's sheet, as Sheet returns it, part
// by part: a bot loads a sheet for every decision, and a Sheet built and
// then copied whole would be loaded just after its bytes were stored.
func (r *Race) LoadSheet(p int, s *Sheet) {
	s.board = *r.Board(p)
	s.player = r.players[p]
	s.course = r.course
	s.mode = r.mode
}

// keep stores s as seat p's sheet in the race.
func (r *Race) keep(p int, s *Sheet) {
	*r.Board(p) = s.board
	r.players[p] = s.player
}

// Board is the sheet's lanes.
func (s *Sheet) Board() *Board { return &s.board }

// Lane is lane (1-6) of the sheet.
func (s *Sheet) Lane(lane int) *Lane { return &s.board[lane-1] }

// Player is what the seat keeps beside the lanes.
func (s *Sheet) Player() *Player { return &s.player }

// Mode is the game the sheet is played in.
func (s *Sheet) Mode() Mode { return s.mode }

// Carrot is the station of the race's Carrot.
func (s *Sheet) Carrot() Station { return s.course.carrot }

// Camera is the station of the race's Camera.
func (s *Sheet) Camera() Station { return s.course.camera }

// Strides returns, as bits (bit s for stride s), the strides lane (1-6)
// takes now, declaring no jockey power: the one rule (rulings §2, §9).
func (s *Sheet) Strides(lane int) uint8 {
	return s.board.strides(int8(lane), s.player.jockey, false)
}

// Legal reports whether stride may be written in lane now, declaring no
// jockey power.
func (s *Sheet) Legal(lane, stride int8) bool {
	return s.board.legal(lane, stride, s.player.jockey, false)
}

// Goes reports whether dice a and b go: one way round or the other is
// legal without declaring a jockey power (rulings §6).
func (s *Sheet) Goes(a, b int8) bool { return s.board.goes(a, b, s.player.jockey) }

// goes is Goes on board b for a rider of jockey j.
func (b *Board) goes(x, y int8, j Jockey) bool {
	return b.legal(x, y, j, false) || b.legal(y, x, j, false)
}

// AnyGoes reports whether any of the pairs goes.
func (s *Sheet) AnyGoes(pairs [][2]int8) bool {
	for _, p := range pairs {
		if s.Goes(p[0], p[1]) {
			return true
		}
	}
	return false
}

// MaxMoves bounds the ways to write one pair: each way round, plain or
// with a jockey declaration.
const MaxMoves = 4

// Moves lists the moves that write dice a and b on the sheet now: each way
// round that is legal, and each with a jockey declaration where the rider
// may make one. Strikes are left for the caller.
func (s *Sheet) Moves(a, b int8, out *[MaxMoves]Move) int {
	n := 0
	j := s.player.jockey
	for k := 0; k < 2; k++ {
		lane, st := a, b
		if k == 1 {
			if a == b {
				break
			}
			lane, st = b, a
		}
		m := Move{Lane: lane, Stride: st}
		if s.board.legal(lane, st, j, false) {
			out[n] = m
			n++
			if d := (Move{Lane: lane, Stride: st, Double: true}); s.player.declaration(&d, s.mode) == declOK && doubles(&s.board[lane-1], st) {
				out[n] = d
				n++
			}
		}
		if t := (Move{Lane: lane, Stride: st, Turnaround: true}); s.player.declaration(&t, s.mode) == declOK && s.board.legal(lane, st, j, true) {
			out[n] = t
			n++
		}
	}
	return n
}

// check says whether m, a move and not a pass, may be written: the jockey
// powers it declares, the one rule, and Double up's repeated number. The
// violation's hint names the other way round when that one goes.
func (s *Sheet) check(m Move) *engine.Violation { return s.board.check(&s.player, s.mode, m) }

// check is Sheet.check on board b for rider pl in a game of mode g.
func (b *Board) check(pl *Player, g Mode, m Move) *engine.Violation {
	if d := pl.declaration(&m, g); d != declOK {
		return d.violation(pl, m)
	}
	j := pl.jockey
	if !b.legal(m.Lane, m.Stride, j, m.Turnaround) {
		v := b.refusal(m.Lane, m.Stride, j, m.Turnaround)
		if m.Lane != m.Stride && b.legal(m.Stride, m.Lane, j, m.Turnaround) {
			v.Hint = Move{Lane: m.Stride, Stride: m.Lane}.String() + " goes"
		}
		return v
	}
	if l := &b[m.Lane-1]; m.Double && !doubles(l, m.Stride) {
		if l.n == 0 {
			return violation(RuleJockey, "Double up repeats the lane's last number, and lane %d is empty", m.Lane)
		}
		return violation(RuleJockey, "Double up needs the number just written to equal lane %d's last (%d, not %d)", m.Lane, l.Last(), m.Stride)
	}
	return nil
}

// doubles reports whether Double up may be declared writing s in l: s
// equals the lane's last live number (rulings §9).
func doubles(l *Lane, s int8) bool { return l.n > 0 && l.nums[l.n-1] == s }

// Try returns lane m.Lane as it would stand after the legal move m, and
// what the move would do, leaving the sheet alone. The strike an arrow
// owes is not made.
func (s *Sheet) Try(m Move) (l Lane, e Effect) {
	s.TryInto(&l, &e, &m)
	return l, e
}

// TryInto is Try for a bot's inner loop: it sets x to lane m.Lane as it
// would stand after the legal move m, and e to what the move would do. It
// passes everything by pointer, so that trying a move copies nothing but
// the lane: a Move or an Effect copied whole just after its bytes were
// written one by one costs a stalled load.
func (s *Sheet) TryInto(x *Lane, e *Effect, m *Move) {
	*x = s.board[m.Lane-1]
	s.course.write(x, m, &s.player, e)
}

// Write writes the legal move m on the sheet: its numbers and free boxes,
// and the slip, photo and jockey power it brings. The strike an arrow owes
// is the caller's (Strike).
func (s *Sheet) Write(m Move) Effect {
	var e Effect
	s.course.write(&s.board[m.Lane-1], &m, &s.player, &e)
	s.player.record(m, e)
	return e
}

// Strike crosses out the last live number of lane (1-6), which must be
// running.
func (s *Sheet) Strike(lane int) { s.board[lane-1].strike() }

// FalseStart shades one False Start box; the seventh scratches.
func (s *Sheet) FalseStart() { s.player.falseStart() }

// anyRunning reports whether an arrow has a lane to strike.
func (b *Board) anyRunning() bool {
	for i := range b {
		if b[i].Running() {
			return true
		}
	}
	return false
}

// runningList names the running lanes, for messages.
func (b *Board) runningList() string {
	s := ""
	for i := range b {
		if b[i].Running() {
			if s != "" {
				s += ", "
			}
			s += string(rune('1' + i))
		}
	}
	return "lanes " + s
}
