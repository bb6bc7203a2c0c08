package standin

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"furlong/engine"
)

// Trot's table: two to four seats, each running lane (seat mod 3)+1.
const (
	MinPlayers = 2
	MaxPlayers = 4
	// MaxRounds ends a game nobody finishes (an exact finish can bounce
	// for long): it has no winner.
	MaxRounds = 200
	lanes     = 3
)

// Lane is one of Trot's lanes: its length, and the spaces a 6 adds.
type Lane struct{ Spaces, Bonus int }

// Variant is a Trot board: three lanes and the finish rule. It
// implements engine.Variant.
type Variant struct {
	name, base string
	Lanes      [lanes]Lane
	// Finish is "past" (a lane is finished by reaching its end or going
	// past it) or "exact" (by landing on its end; a longer move stays put).
	Finish string
}

// Bases are Trot's standard boards, the default first.
var Bases = []string{"standard", "short"}

// Standard is a standard board as a variant called name ("" calls it
// after its base).
func Standard(base, name string) (*Variant, error) {
	v := &Variant{base: base, Finish: "past"}
	switch base {
	case "", "standard":
		v.base = "standard"
		v.Lanes = [lanes]Lane{{10, 0}, {12, 0}, {14, 0}}
	case "short":
		v.Lanes = [lanes]Lane{{5, 0}, {6, 0}, {7, 0}}
	default:
		return nil, fmt.Errorf("trot has no board %q (want standard, short)", base)
	}
	v.name = name
	if name == "" {
		v.name = v.base
	}
	return v, nil
}

// Game is the game's keyword.
func (v *Variant) Game() string { return "trot" }

// Base is the standard board the variant starts from.
func (v *Variant) Base() string { return v.base }

// Name names the variant.
func (v *Variant) Name() string { return v.name }

// Params are the lanes' numbers and the finish rule.
func (v *Variant) Params() []engine.Param {
	var ps []engine.Param
	for i := range v.Lanes {
		l := &v.Lanes[i]
		ps = append(ps,
			engine.Param{Key: fmt.Sprintf("lane.%d.spaces", i+1), Doc: fmt.Sprintf("spaces of lane %d", i+1), Int: &l.Spaces, Min: 1, Max: 40},
			engine.Param{Key: fmt.Sprintf("lane.%d.bonus", i+1), Doc: fmt.Sprintf("spaces a 6 adds on lane %d", i+1), Int: &l.Bonus, Min: 0, Max: 9})
	}
	return append(ps, engine.Param{Key: "finish", Doc: "how a lane is finished", Word: &v.Finish, Words: []string{"past", "exact"}})
}

// Check refuses a lane whose bonus reaches its end from the start.
func (v *Variant) Check() error {
	for i, l := range v.Lanes {
		if l.Bonus+6 > l.Spaces+5 {
			return engine.SetupErrorf(fmt.Sprintf("lane.%d.bonus", i+1), "lane %d's bonus of %d and a 6 go more than five spaces past its %d spaces", i+1, l.Bonus, l.Spaces)
		}
	}
	return nil
}

// board is the variant a game is played on: o's, or the standard board.
func board(v engine.Variant) (*Variant, error) {
	if v == nil {
		return Standard("", "")
	}
	tv, ok := v.(*Variant)
	if !ok {
		return nil, fmt.Errorf("a variant of %s, not of trot", v.Game())
	}
	return tv, nil
}

// seatNames are the names a simulated game's log gives its seats.
var seatNames = []string{"Ana", "Ben", "Cy", "Di"}

// log writes one game as Trot's notation.
func writeLog(v engine.Variant, n int, r result) []byte {
	var b bytes.Buffer
	b.WriteString("game trot\n")
	if v != nil {
		fmt.Fprintf(&b, "variant %s %s\n", v.Name(), engine.Digest(v))
	}
	fmt.Fprintf(&b, "players %s\n", strings.Join(seatNames[:n], " "))
	for i, row := range r.rolls {
		fmt.Fprintf(&b, "round %d:", i+1)
		for _, d := range row {
			fmt.Fprintf(&b, " %d", d)
		}
		b.WriteString("\n")
	}
	return b.Bytes()
}

// Verdict is what Trot's referee makes of a log.
type Verdict struct {
	Names  []string
	Rounds int
	Winner int // -1: nobody home yet
	Pos    []int
	Board  *Variant
}

// Summary says what was played.
func (v *Verdict) Summary() string {
	return fmt.Sprintf("Trot, %s, %s", engine.Count(len(v.Names), "player", "players"), engine.Count(v.Rounds, "round", "rounds"))
}

// Text is score's report.
func (v *Verdict) Text() string {
	var b strings.Builder
	b.WriteString(v.Summary() + "\n\n")
	for i, n := range v.Names {
		mark := ""
		if i == v.Winner {
			mark = " (winner)"
		}
		fmt.Fprintf(&b, "%s%s  %d spaces\n", n, mark, v.Pos[i])
	}
	return b.String()
}

// JSON is score --json's object.
func (v *Verdict) JSON() any {
	st := v.Standings()
	return map[string]any{"game": "trot", "rounds": v.Rounds, "players": st, "winners": engine.Winners(st)}
}

// Standings are the players' places: the winner first, the others
// second.
func (v *Verdict) Standings() []engine.Standing {
	st := make([]engine.Standing, len(v.Names))
	for i, n := range v.Names {
		st[i] = engine.Standing{Name: n, Result: v.Pos[i]}
		if v.Winner >= 0 {
			st[i].Place = 2
			if i == v.Winner {
				st[i].Place = 1
			}
		}
	}
	return st
}

// Judge replays a Trot log on the board o names.
func Judge(r io.Reader, o engine.JudgeOptions) (*Verdict, error) {
	want, err := board(o.Variant)
	if err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(io.LimitReader(r, engine.MaxFileBytes))
	line := 0
	var named string // the log's variant line: "NAME DIGEST"
	namedLine := 0
	v := &Verdict{Winner: -1, Board: want}
	for sc.Scan() {
		line++
		f := strings.Fields(sc.Text())
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		switch {
		case f[0] == "game":
		case f[0] == "variant" && len(f) == 3 && v.Names == nil:
			named, namedLine = f[1]+" "+f[2], line
		case f[0] == "players" && len(f) > 1 && v.Names == nil:
			if len(f)-1 < MinPlayers || len(f)-1 > MaxPlayers {
				return nil, engine.Errorf(line, nil, "Trot is for %d to %d players, not %d", MinPlayers, MaxPlayers, len(f)-1)
			}
			switch {
			case named != "" && o.Variant == nil:
				return nil, engine.Errorf(namedLine, nil, "the log was played on the variant %s: give its file with --variant FILE", strings.Fields(named)[0])
			case named == "" && o.Variant != nil:
				return nil, engine.Errorf(line, nil, "the log was played on the standard board, not on the variant %s given", o.Variant.Name())
			case named != "" && strings.Fields(named)[1] != engine.Digest(o.Variant):
				return nil, engine.Errorf(namedLine, nil, "the log's variant %s has other numbers than the variant %s given", strings.Fields(named)[0], o.Variant.Name())
			}
			v.Names = f[1:]
			v.Pos = make([]int, len(v.Names))
		case f[0] == "round" && v.Names != nil:
			if len(f) != len(v.Names)+2 || f[1] != strconv.Itoa(v.Rounds+1)+":" {
				return nil, engine.Errorf(line, nil, "want round %d: and a die for each of %s", v.Rounds+1, engine.Count(len(v.Names), "player", "players"))
			}
			if v.Winner >= 0 {
				return nil, engine.Errorf(line, nil, "the race is over: %s is home", v.Names[v.Winner])
			}
			v.Rounds++
			for s := range v.Names {
				d, err := strconv.Atoi(f[s+2])
				if err != nil || d < 1 || d > 6 {
					return nil, engine.Errorf(line, nil, "a die shows 1 to 6, not %s", f[s+2])
				}
				l := want.Lanes[s%lanes]
				if d == 6 {
					d += l.Bonus
				}
				if v.Pos[s]+d < l.Spaces || want.Finish == "past" || v.Pos[s]+d == l.Spaces {
					v.Pos[s] += d
				}
				if v.Pos[s] >= l.Spaces && v.Winner < 0 {
					v.Winner = s
				}
			}
		default:
			return nil, engine.Errorf(line, nil, "cannot read %s", engine.Quote([]byte(sc.Text())))
		}
	}
	if v.Names == nil {
		return nil, engine.Errorf(line, nil, "no players line")
	}
	if v.Winner < 0 && v.Rounds < MaxRounds && !o.Partial {
		return nil, &engine.Error{Line: line, Msg: "the race is not over: nobody is home", Unfinished: true}
	}
	return v, nil
}
