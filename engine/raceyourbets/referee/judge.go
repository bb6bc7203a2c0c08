package referee

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
	"furlong/engine/raceyourbets/racelog"
)

// Referee judges logs one after another, keeping its buffers. One value
// must not judge two logs at once.
type Referee struct {
	dec racelog.Decoder
}

// Judge reads a log from r and judges it. See Referee.Judge.
func Judge(r io.Reader, o engine.JudgeOptions) (*Result, error) {
	var rf Referee
	rf.dec.Reset(r)
	return rf.judge(o)
}

// JudgeBytes judges the log src. See Referee.Judge.
func JudgeBytes(src []byte, o engine.JudgeOptions) (*Result, error) {
	var rf Referee
	return rf.JudgeBytes(src, o)
}

// JudgeBytes judges the log src: every statement is decoded and played in
// file order, and the first problem comes back as an *engine.Error at its
// line. A log that stops before the game has ended is an error at the
// file's last line unless o.Partial is set.
func (rf *Referee) JudgeBytes(src []byte, o engine.JudgeOptions) (*Result, error) {
	rf.dec.ResetBytes(src)
	return rf.judge(o)
}

func (rf *Referee) judge(o engine.JudgeOptions) (*Result, error) {
	d := &rf.dec
	h, err := d.Header()
	if err != nil {
		return nil, err
	}
	if d.GameLine() == 0 {
		return nil, engine.Errorf(max(d.Lines(), 1), ryb.RuleHeader,
			"the file holds no statement: a log starts with %q (%s)", "game "+racelog.GameID, ryb.RuleHeader.Section())
	}
	if len(h.Players) == 0 {
		return nil, engine.Errorf(max(d.Lines(), 1), ryb.RuleHeader,
			"the log stops before its players line: a log names 2 to 5 players after the game line (%s)", ryb.RuleHeader.Section())
	}
	g, err := ryb.New(h.Board, h.Finish, len(h.Players))
	if err != nil {
		return nil, err // the decoder checked the header: cannot happen
	}
	res := newResult(h)
	var claimed [ryb.MaxPlayers]int // line of each player's points line
	for {
		st, err := d.Next()
		if err != nil {
			return nil, err
		}
		if st == nil {
			break
		}
		if st.Claim {
			if err := res.claim(&g, st, &claimed); err != nil {
				return nil, err
			}
			continue
		}
		if g.Over() {
			return nil, engine.Errorf(st.Line, ryb.RuleOver, "%s: a turn after the end: %s", written(h, st), res.ending(&g))
		}
		out, v := g.Play(st.Seat, st.Action, st.Dice)
		if v != nil {
			return nil, engine.Errorf(st.Line, v.Rule, "%s: %s", written(h, st), v.Message(h.Players))
		}
		res.record(&g, &out)
	}
	if !g.Over() && !o.Partial {
		return nil, engine.Errorf(max(d.Lines(), 1), ryb.RuleUnfinished,
			"the log stops before the game has ended: %s; no marker has reached the finish (%d) (%s); to score it as it stands, use --partial",
			res.standing(&g), g.Finish(), ryb.RuleUnfinished.Section())
	}
	res.finish(&g)
	return res, nil
}

// written is a turn as the log writes it, less its roll: "Ana bet 3",
// "Ana pass", "Ana cheer 4", or for an early roll "Ana 46".
func written(h *racelog.Header, st *racelog.Statement) string {
	name := h.Players[st.Seat]
	if st.Action.Kind == ryb.Early {
		return name + " " + st.Dice.String()
	}
	return name + " " + st.Action.String()
}

// claim checks a points line.
func (res *Result) claim(g *ryb.Game, st *racelog.Statement, claimed *[ryb.MaxPlayers]int) error {
	stmt := fmt.Sprintf("points %s %d", res.name(st), st.Points)
	sec := ryb.RulePoints.Section()
	switch {
	case !g.Over():
		return engine.Errorf(st.Line, ryb.RulePoints, "%s: a points line comes after the turn that ends the game, and the game has not ended (%s)", stmt, sec)
	case st.Seat < 0:
		return engine.Errorf(st.Line, ryb.RulePoints, "%s: %s is not a player (players: %s) (%s)", stmt, engine.Quote([]byte(st.Name)), strings.Join(res.Names, ", "), sec)
	case claimed[st.Seat] != 0:
		return engine.Errorf(st.Line, ryb.RulePoints, "%s: a second points line for %s (the first is on line %d) (%s)", stmt, res.Names[st.Seat], claimed[st.Seat], sec)
	}
	claimed[st.Seat] = st.Line
	p := &res.Players[st.Seat]
	p.Passes, p.Gold, p.Silver = g.Breakdown(st.Seat)
	if have := g.Points(st.Seat); have != st.Points {
		return engine.Errorf(st.Line, ryb.RulePoints, "%s: the engine makes it %d, not %d: %s (%s)", stmt, have, st.Points, p.Breakdown(), sec)
	}
	return nil
}

func (res *Result) name(st *racelog.Statement) string {
	if st.Seat < 0 {
		return st.Name
	}
	return res.Names[st.Seat]
}

// standing writes where an unfinished game stands: "race 2 under way after
// 14 turns; Ana 12, Ben 9".
func (res *Result) standing(g *ryb.Game) string {
	var b strings.Builder
	fmt.Fprintf(&b, "race %d under way after %s; ", g.Race(), engine.Count(g.Turns(), "turn", "turns"))
	for s, n := range res.Names {
		if s > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %d", n, g.Points(s))
	}
	return b.String()
}

// ending says how the game ended, for a turn written after it.
func (res *Result) ending(g *ryb.Game) string {
	return fmt.Sprintf("the game ended at turn %d, in race %d, with %s (%s)", g.Turns(), g.Race(), res.winnerPhrase(g), ryb.RuleOver.Section())
}

// winnerPhrase is "Ana's win with 21 points" or "a tie for the win between
// Ana and Ben with 21 points".
func (res *Result) winnerPhrase(g *ryb.Game) string {
	var names []string
	best := 0
	for s, n := range res.Names {
		if g.Leaders()&(1<<s) != 0 {
			names = append(names, n)
			best = g.Points(s)
		}
	}
	if len(names) == 1 {
		return fmt.Sprintf("%s's win with %s", names[0], engine.Count(best, "point", "points"))
	}
	return fmt.Sprintf("a tie for the win between %s with %s", and(names), engine.Count(best, "point", "points"))
}

// and joins names as "Ana, Ben and Cal".
func and(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// IsLog reports whether src's first statement is this game's game line.
func IsLog(src []byte) bool {
	sc := engine.NewScanner(bytes.NewReader(src))
	if !sc.Next() {
		return false
	}
	w := sc.Words()
	return len(w) == 2 && string(w[0]) == "game" && string(w[1]) == racelog.GameID
}
