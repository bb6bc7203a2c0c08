package serve

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"furlong/engine"
)

// metaPrefix starts the comments in which the server keeps what the
// notation does not say: the game's seed and who plays each seat. The
// notation ignores comments, so check and score read the log as it is.
const metaPrefix = "# furlong serve:"

// meta is what a log's furlong serve comments say.
type meta struct {
	seed    uint64
	hasSeed bool
	bots    []seatBot // in the order the log gives them
}

// seatBot is one "NAME is the BOT bot" comment.
type seatBot struct {
	name, bot string
	line      int
}

// parseMeta reads the furlong serve comments above a log's first
// statement. Other comments are left alone; a furlong serve comment that
// says something else is refused, with its line.
func parseMeta(log []byte) (meta, *apiError) {
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
		case len(w) == 2 && w[0] == "seed":
			n, err := strconv.ParseUint(w[1], 10, 64)
			if err != nil {
				return m, lineErr(line, "the seed is a whole number from 0 to %d, not %s", uint64(1<<64-1), engine.Quote([]byte(w[1])))
			}
			if m.hasSeed {
				return m, lineErr(line, "a second seed: a game has one")
			}
			m.seed, m.hasSeed = n, true
		case len(w) == 5 && w[1] == "is" && w[2] == "the" && w[4] == "bot":
			for _, b := range m.bots {
				if b.name == w[0] {
					return m, lineErr(line, "%s has a bot already, on line %d", engine.Quote([]byte(w[0])), b.line)
				}
			}
			m.bots = append(m.bots, seatBot{name: w[0], bot: w[3], line: line})
		default:
			return m, lineErr(line, "a furlong serve comment gives the seed (seed 7) or a seat's bot (Ben is the greedy bot), not %s", engine.Quote([]byte(rest)))
		}
	}
	return m, nil
}

// appendMeta writes the furlong serve comments that start a log: the
// seed, when the game has one, and each bot's seat.
func appendMeta(b []byte, seed uint64, seeded bool, names, bots []string) []byte {
	if seeded {
		b = fmt.Appendf(b, "%s seed %d\n", metaPrefix, seed)
	}
	for i, bot := range bots {
		if bot != "" {
			b = fmt.Appendf(b, "%s %s is the %s bot\n", metaPrefix, names[i], bot)
		}
	}
	return b
}
