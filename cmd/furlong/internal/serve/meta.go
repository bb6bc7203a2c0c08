package serve

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"furlong/engine"
)

// metaPrefix starts the comments in which the server keeps what the
// notation does not say: the game's seed, its dice and who plays each
// seat. The
// notation ignores comments, so check and score read the log as it is.
const metaPrefix = "# furlong serve:"

// meta is what a log's furlong serve comments say.
type meta struct {
	seed    uint64
	hasSeed bool
	// dice is the table's dice: diceFurlong, or diceTable when they are
	// thrown at the table and entered by hand; "" when the log does not
	// say (furlong's with a seed, the table's without).
	dice string
	// diceLine is the line of the dice comment.
	diceLine int
	bots     []seatBot // in the order the log gives them
	// options are the table's options, given while the log does not say
	// what the game holds yet (the house game's side wagers and chosen
	// jockeys before every seat has decided): the game is then the one
	// its setup starts, with the decisions of then.
	options []seatOption
	// key is a room's chance key, which no comment gives: the room keeps
	// it beside its log.
	key *[32]byte
	// then are the decisions made after the log's last statement that
	// the game does not write yet (The Book's "# Ana holds"), in order;
	// with options, every decision made since the setup.
	then []pendingChoice
}

// The table's dice, as the dice comment and POST /api/new name them.
const (
	// diceFurlong: furlong rolls the dice from the seed and the log so
	// far (the default).
	diceFurlong = "furlong"
	// diceTable: the dice are thrown at the table, and every chance event
	// waits for a person to enter it as the log writes it.
	diceTable = "table"
)

// seatOption is one "option NAME VALUE" comment.
type seatOption struct {
	name, value string
	line        int
}

// pendingChoice is one "then TEXT" comment after a log's last statement.
type pendingChoice struct {
	text string
	line int
}

// thenPrefix starts the comments, after a log's last statement, that give
// the decisions made since which the game does not write yet.
const thenPrefix = metaPrefix + " then "

// seatBot is one "NAME is the BOT bot" comment.
type seatBot struct {
	name, bot string
	line      int
}

// parseMeta reads the furlong serve comments above a log's first
// statement, and the "then" comments after its last. Other comments are
// left alone; a furlong serve comment that says something else, or stands
// elsewhere, is refused, with its line.
func parseMeta(log []byte) (meta, *apiError) {
	m, aerr := parseHead(log)
	if aerr != nil {
		return m, aerr
	}
	last := 0 // the line of the last statement
	var then []pendingChoice
	for i, l := range bytes.Split(log, []byte{'\n'}) {
		s := strings.TrimSpace(string(l))
		switch {
		case s == "":
		case strings.HasPrefix(s, thenPrefix):
			then = append(then, pendingChoice{text: strings.TrimSpace(strings.TrimPrefix(s, thenPrefix)), line: i + 1})
		case strings.HasPrefix(s, "#"):
		default:
			last = i + 1
		}
	}
	for _, p := range then {
		if p.line < last {
			return m, lineErr(p.line, "a decision the log does not write yet (%s) stands after the log's last statement, not before line %d", strings.TrimSpace(thenPrefix), last)
		}
		if p.text == "" {
			return m, lineErr(p.line, "%s names no choice", strings.TrimSpace(thenPrefix))
		}
	}
	m.then = then
	return m, nil
}

// parseHead reads the furlong serve comments above a log's first
// statement.
func parseHead(log []byte) (meta, *apiError) {
	var m meta
	line := 0
	for len(log) > 0 {
		line++
		var text []byte
		text, log, _ = bytes.Cut(log, []byte{'\n'})
		if line == 1 {
			text = bytes.TrimPrefix(text, []byte("\uFEFF"))
		}
		s := strings.TrimSpace(string(text))
		if s == "" {
			continue
		}
		if !strings.HasPrefix(s, "#") {
			break // the first statement: the header starts
		}
		rest, ok := strings.CutPrefix(s, metaPrefix)
		if !ok {
			continue
		}
		w := strings.Fields(rest)
		switch {
		case len(w) > 0 && w[0] == "then":
			// A decision not yet written, which parseMeta reads, and
			// refuses here: it must follow the log's last statement.
		case len(w) == 2 && w[0] == "seed":
			n, err := strconv.ParseUint(w[1], 10, 64)
			if err != nil {
				return m, lineErr(line, "the seed is a whole number from 0 to %d, not %s", uint64(1<<64-1), engine.Quote([]byte(w[1])))
			}
			if m.hasSeed {
				return m, lineErr(line, "a second seed: a game has one")
			}
			m.seed, m.hasSeed = n, true
		case len(w) == 2 && w[0] == "dice":
			if w[1] != diceFurlong && w[1] != diceTable {
				return m, lineErr(line, "the dice are %s (furlong rolls them) or %s (they are thrown at the table and entered), not %s", diceFurlong, diceTable, engine.Quote([]byte(w[1])))
			}
			if m.dice != "" {
				return m, lineErr(line, "a second dice comment: the first is on line %d", m.diceLine)
			}
			m.dice, m.diceLine = w[1], line
		case len(w) >= 3 && w[0] == "option":
			// The value is the rest of the line as written, spaces and all.
			after := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), "option"))
			value := strings.TrimSpace(strings.TrimPrefix(after, w[1]))
			for _, o := range m.options {
				if o.name == w[1] {
					return m, lineErr(line, "a second value of the option %s, given on line %d", engine.Quote([]byte(w[1])), o.line)
				}
			}
			m.options = append(m.options, seatOption{name: w[1], value: value, line: line})
		case len(w) == 5 && w[1] == "is" && w[2] == "the" && w[4] == "bot":
			for _, b := range m.bots {
				if b.name == w[0] {
					return m, lineErr(line, "%s has a bot already, on line %d", engine.Quote([]byte(w[0])), b.line)
				}
			}
			m.bots = append(m.bots, seatBot{name: w[0], bot: w[3], line: line})
		default:
			return m, lineErr(line, "a furlong serve comment gives the seed (seed 7) or a seat's bot (Ben is the greedy bot), the table's dice (dice table), or an option of the table (option wagers on), not %s", engine.Quote([]byte(rest)))
		}
	}
	if m.dice == diceFurlong && !m.hasSeed {
		return m, lineErr(m.diceLine, "furlong rolls the dice from the game's seed, and the log has none: give it one (%s seed 7), or enter the dice thrown at the table (%s dice %s)", metaPrefix, metaPrefix, diceTable)
	}
	return m, nil
}

// thrown reports whether the table's dice are thrown at the table and
// entered by hand: the dice comment says so, or the log has no seed (nor
// a room's key) to draw chance from.
func (m *meta) thrown() bool { return m.dice == diceTable || !m.hasSeed && m.key == nil }

// appendThen writes the comments that end a log with the decisions made
// since its last statement that the game does not write yet.
func appendThen(b []byte, then []string) []byte {
	for _, text := range then {
		b = fmt.Appendf(b, "%s%s\n", thenPrefix, text)
	}
	return b
}

// appendMeta writes the furlong serve comments that start a log: the
// seed, when the game has one, the dice when the log gave them or they
// are the table's, each bot's seat, and the options of a table whose log
// does not say what the game holds yet.
func appendMeta(b []byte, seed uint64, seeded bool, dice string, names, bots []string, options []seatOption) []byte {
	if seeded {
		b = fmt.Appendf(b, "%s seed %d\n", metaPrefix, seed)
	}
	if dice != "" {
		b = fmt.Appendf(b, "%s dice %s\n", metaPrefix, dice)
	}
	for i, bot := range bots {
		if bot != "" {
			b = fmt.Appendf(b, "%s %s is the %s bot\n", metaPrefix, names[i], bot)
		}
	}
	for _, o := range options {
		b = fmt.Appendf(b, "%s option %s %s\n", metaPrefix, o.name, o.value)
	}
	return b
}
