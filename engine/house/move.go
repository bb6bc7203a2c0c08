package house

// Move is a pair of dice as a player uses it: one action of the game, as
// the race log writes it and the engine plays it. Read as Lane:Stride, the
// Lane die picks the lane and the Stride die is the number written. A pass
// holds the two dice not written in Lane and Stride (both 0 for a bare
// pass of the roller's leftover).
type Move struct {
	Lane, Stride int8
	Pass         bool
	Strike       int8 // the lane an arrow slip strikes; 0 when none is owed
	Double       bool // declares jockey Double up
	Turnaround   bool // declares jockey Turnaround
}

// Write returns the move that writes stride in lane.
func Write(lane, stride int) Move { return Move{Lane: int8(lane), Stride: int8(stride)} }

// Pass returns the move that holds dice a and b and writes nothing.
func Pass(a, b int) Move { return Move{Lane: int8(a), Stride: int8(b), Pass: true} }

// power is the jockey whose power the move declares, or NoJockey.
func (m Move) power() Jockey {
	switch {
	case m.Double:
		return DoubleUp
	case m.Turnaround:
		return Turnaround
	}
	return NoJockey
}

// String writes the move in the race-log notation.
func (m Move) String() string { return string(m.AppendText(nil)) }

// AppendText appends the move in the race-log notation: "3:5 strike 2",
// "pass 66", "pass".
func (m Move) AppendText(b []byte) []byte {
	if m.Pass {
		b = append(b, "pass"...)
		if m.Lane != 0 || m.Stride != 0 {
			b = append(b, ' ', Digit(m.Lane), Digit(m.Stride))
		}
		return b
	}
	b = append(b, Digit(m.Lane), ':', Digit(m.Stride))
	if m.Strike != 0 {
		b = append(b, " strike "...)
		b = append(b, Digit(m.Strike))
	}
	if m.Double {
		b = append(b, " double"...)
	}
	if m.Turnaround {
		b = append(b, " turnaround"...)
	}
	return b
}

// Digit is the character for a die, lane or count of 0-9 in the notation;
// out of range it is '?', which no decoder accepts.
func Digit(n int8) byte {
	if n >= 0 && n <= 9 {
		return byte('0' + n)
	}
	return '?'
}

// Box is one number as it stands on paper in a lane, with its marks.
type Box struct {
	N          int8
	Struck     bool // crossed out by an arrow's strike
	Double     bool // the free box of jockey Double up
	Turnaround bool // the box on which jockey Turnaround was declared
}

// Stake is one stake on a bettor's slip.
type Stake struct {
	Horse int8 // 1-6
	Times int8 // the multiplier it was placed at
}

// Draw is one die of a draw for the rail or a roll-off: Who is a seat (the
// rail, first home in a lane) or a lane 1-6 (the race's first horse home).
type Draw struct {
	Who int8
	Die int8
}
