package racelog

import (
	"bytes"
	"io"

	"furlong/engine"
	"furlong/engine/horserace"
)

// GameWord is the word of a Horse Race log's game line.
const GameWord = "horserace"

// Decoder reads a log a statement at a time. It holds one statement and
// the header's names, never the whole log.
type Decoder struct {
	sc       engine.Scanner
	st       Statement
	err      error
	count    int // statements read
	players  []string
	once     [KindBank + 1]int // the line of each header statement seen
	variants horserace.Variant
	vline    [8]int // the line naming each variant
	dealt    bool   // a deal line has been read
}

// NewDecoder returns a decoder reading r.
func NewDecoder(r io.Reader) *Decoder {
	d := new(Decoder)
	d.Reset(r)
	return d
}

// Reset makes d read r from its start, keeping its buffers.
func (d *Decoder) Reset(r io.Reader) {
	d.sc.Reset(r)
	d.reset()
}

// ResetBytes makes d read src, without copying it.
func (d *Decoder) ResetBytes(src []byte) {
	d.sc.ResetBytes(src)
	d.reset()
}

func (d *Decoder) reset() {
	*d = Decoder{sc: d.sc}
}

// Next reads the next statement and reports whether there is one. It
// returns false at the end of the input and at the first statement that
// cannot be read; Err tells which.
func (d *Decoder) Next() bool {
	if d.err != nil {
		return false
	}
	if !d.sc.Next() {
		d.err = d.sc.Err()
		return false
	}
	if err := d.statement(); err != nil {
		d.err = err
		return false
	}
	d.count++
	return true
}

// Statement is the statement Next read. It is overwritten by the next
// call to Next.
func (d *Decoder) Statement() *Statement { return &d.st }

// Err is the problem that stopped the decoder: an *engine.Error for a
// statement that cannot be read, a line or a file too long, or a read
// error. It is nil at the end of a readable input.
func (d *Decoder) Err() error { return d.err }

// Line is the line of the current statement; after Next has returned
// false at the end of the input, the number of lines of the file.
func (d *Decoder) Line() int { return d.sc.Line() }

// Players are the names of the players line, once it has been read.
func (d *Decoder) Players() []string { return d.players }

func (d *Decoder) errorf(format string, args ...any) error {
	return engine.Errorf(d.sc.Line(), horserace.RuleNotation, format, args...)
}

func (d *Decoder) headerf(format string, args ...any) error {
	return engine.Errorf(d.sc.Line(), horserace.RuleHeader, format, args...)
}

// statement decodes the words of the current line into d.st.
func (d *Decoder) statement() error {
	f := d.sc.Words()
	line := d.sc.Line()
	kw := f[0]
	switch {
	case d.count == 0 && string(kw) != "game":
		return d.headerf("a Horse Race log begins with the line \"game %s\", not with %s (§12)", GameWord, engine.Quote(kw))
	case d.count == 1 && string(kw) != "players":
		return d.headerf("the second statement is the players line, \"players NAME...\" naming 2 to 12 players, not %s (§12)", engine.Quote(kw))
	}
	d.st = Statement{Line: line}
	st := &d.st
	var err error
	switch string(kw) {
	case "game":
		st.Kind = KindGame
		err = d.game(f)
	case "players":
		st.Kind = KindPlayers
		err = d.playersLine(f)
	case "dealer":
		st.Kind = KindDealer
		err = d.dealer(f)
	case "board":
		st.Kind = KindBoard
		err = d.board(f)
	case "variant":
		st.Kind = KindVariant
		err = d.variant(f)
	case "bank":
		st.Kind = KindBank
		err = d.bank(f)
	case "deal":
		st.Kind = KindDeal
		err = d.deal(f)
	case "scratch":
		st.Kind = KindScratch
		err = d.dice(f, "a scratch roll")
	case "roll":
		st.Kind = KindRoll
		err = d.dice(f, "a race roll")
	case "chips":
		st.Kind = KindChips
		err = d.chips(f)
	default:
		return d.errorf("unknown statement %s: a line of a race is deal, scratch, roll or chips, and the header's are game, players, dealer, board, variant and bank (§12)", engine.Quote(kw))
	}
	if err != nil {
		return err
	}
	if st.Kind.Header() {
		if d.dealt {
			return d.headerf("%s after the first deal: the header lines all come before the first race (§12)", st.Kind)
		}
		if st.Kind != KindVariant {
			if first := d.once[st.Kind]; first != 0 {
				return d.headerf("a second %s line (the first is on line %d): each header line comes at most once (§12)", st.Kind, first)
			}
			d.once[st.Kind] = line
		}
	}
	if st.Kind == KindDeal {
		d.dealt = true
	}
	return nil
}

func (d *Decoder) game(f [][]byte) error {
	if len(f) != 2 || string(f[1]) != GameWord {
		if len(f) >= 2 {
			return d.headerf("game %s: a Horse Race log is \"game %s\" (§12)", engine.Quote(f[1]), GameWord)
		}
		return d.headerf("the game line names the game: \"game %s\" (§12)", GameWord)
	}
	return nil
}

// name reads a player's name: the players line's own string when it is
// one of them, so that a statement costs no allocation.
func (d *Decoder) name(b []byte) (string, error) {
	for _, n := range d.players {
		if string(b) == n {
			return n, nil
		}
	}
	if msg := engine.CheckName(b, isKeyword); msg != "" {
		return "", d.errorf("%s (§11)", msg)
	}
	return string(b), nil
}

func (d *Decoder) playersLine(f [][]byte) error {
	n := len(f) - 1
	if n < horserace.MinPlayers || n > horserace.MaxPlayers {
		return d.headerf("%s on the players line: Horse Race seats %d to %d players (§2)",
			engine.Count(n, "player", "players"), horserace.MinPlayers, horserace.MaxPlayers)
	}
	names := make([]string, 0, n)
	for _, w := range f[1:] {
		if msg := engine.CheckName(w, isKeyword); msg != "" {
			return d.headerf("%s (§11)", msg)
		}
		for _, have := range names {
			if have == string(w) {
				return d.headerf("%s is named twice on the players line: names are unique (§11)", have)
			}
		}
		names = append(names, string(w))
	}
	d.players = names
	d.st.Names = names
	return nil
}

func (d *Decoder) dealer(f [][]byte) error {
	if len(f) != 2 {
		return d.headerf("the dealer line names one player: \"dealer NAME\" (§12)")
	}
	var err error
	d.st.Name, err = d.name(f[1])
	return err
}

func (d *Decoder) board(f [][]byte) error {
	if len(f) != 2 {
		return d.headerf("the board line names one board: \"board A\", B, C or D (§12)")
	}
	b, err := horserace.ParseBoard(string(f[1]))
	if err != nil || len(f[1]) != 1 {
		return d.headerf("board %s: the boards are A, B, C and D (§1, §12)", engine.Quote(f[1]))
	}
	d.st.Board = b
	return nil
}

func (d *Decoder) variant(f [][]byte) error {
	if len(f) < 2 {
		return d.headerf("the variant line names one or more variants: evendeal, noendpay, reroll (§9)")
	}
	for _, w := range f[1:] {
		v, err := horserace.ParseVariant(string(w))
		if err != nil {
			return d.headerf("unknown variant %s: the variants are evendeal, noendpay and reroll (§9)", engine.Quote(w))
		}
		i := vIndex(v)
		if d.variants.Has(v) {
			return d.headerf("variant %s is named twice (first on line %d): each variant is named at most once (§12)", w, d.vline[i])
		}
		d.variants |= v
		d.vline[i] = d.sc.Line()
		d.st.Variants |= v
	}
	return nil
}

func vIndex(v horserace.Variant) int {
	for i, w := range horserace.AllVariants {
		if w == v {
			return i
		}
	}
	return 0
}

func (d *Decoder) bank(f [][]byte) error {
	if len(f) != 2 {
		return d.headerf("the bank line gives one number: \"bank N\", the chips each player starts with (§12)")
	}
	n, ok := engine.Number(f[1], false)
	if !ok || n < 1 || n > horserace.MaxBank {
		return d.headerf("bank %s: a bank is a whole number of chips from 1 to %d (§8, §12)", engine.Quote(f[1]), horserace.MaxBank)
	}
	d.st.N = n
	return nil
}

func (d *Decoder) deal(f [][]byte) error {
	if len(f) < 2 {
		return d.errorf("a deal line names the player and their cards: \"deal NAME RANK...\" (§12)")
	}
	var err error
	if d.st.Name, err = d.name(f[1]); err != nil {
		return err
	}
	for _, w := range f[2:] {
		h := horserace.ParseRank(w)
		if h == 0 {
			return d.errorf("%s is not a card: the ranks are 2 to 10, J (or 11) and Q (or 12) (§1, §11)", engine.Quote(w))
		}
		d.st.Hand[h]++
	}
	return nil
}

func (d *Decoder) dice(f [][]byte, what string) error {
	if len(f) != 4 {
		return d.errorf("%s is written \"%s NAME D D\": the roller and two dice, each 1 to 6 (§12)", what, f[0])
	}
	var err error
	if d.st.Name, err = d.name(f[1]); err != nil {
		return err
	}
	d1, d2 := engine.Die(f[2]), engine.Die(f[3])
	if d1 == 0 || d2 == 0 {
		bad := f[2]
		if d1 != 0 {
			bad = f[3]
		}
		return d.errorf("%s is not a die: %s is two dice, each 1 to 6 (§11, §12)", engine.Quote(bad), what)
	}
	d.st.Dice = [2]int8{d1, d2}
	return nil
}

func (d *Decoder) chips(f [][]byte) error {
	if len(f) != 3 {
		return d.errorf("a chips line is \"chips NAME N\": the player and their net total so far (§12)")
	}
	var err error
	if d.st.Name, err = d.name(f[1]); err != nil {
		return err
	}
	n, ok := engine.Number(f[2], true)
	if !ok {
		return d.errorf("%s is not a number of chips: a total is a whole number such as -7, 0 or +12 (§11)", engine.Quote(f[2]))
	}
	d.st.N = n
	return nil
}

// UnmarshalText decodes a whole log into l, reusing the memory of
// l.Statements. On error l holds the statements before the bad one.
func (l *Log) UnmarshalText(src []byte) error {
	var d Decoder
	d.ResetBytes(src)
	return l.decode(&d)
}

func (l *Log) decode(d *Decoder) error {
	clear(l.Statements)
	l.Statements = l.Statements[:0]
	for d.Next() {
		st := *d.Statement()
		l.Statements = append(l.Statements, st)
	}
	l.Lines = d.Line()
	return d.Err()
}

// Decode reads a whole log from r.
func Decode(r io.Reader) (*Log, error) {
	l := new(Log)
	if err := l.decode(NewDecoder(r)); err != nil {
		return nil, err
	}
	return l, nil
}

// DecodeBytes decodes a whole log from src.
func DecodeBytes(src []byte) (*Log, error) { return Decode(bytes.NewReader(src)) }

// String writes the statement in the canonical form, without a line end.
func (st *Statement) String() string { return string(st.Append(nil)) }
