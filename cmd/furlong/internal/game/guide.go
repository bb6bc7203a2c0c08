package game

import (
	"bufio"
	"fmt"
	"io/fs"
	"strings"
)

// Guide is what the table on screen tells a new player about a game, in
// the game's own words (its content's table.md): how it is played, how a
// table sets up in each mode, what each decision and each throw of chance
// is about, and the unit its results count in.
type Guide struct {
	// HowTo are four or five lines on how the game is played.
	HowTo []string `json:"how_to"`
	// Setup are the steps of setting up a table, by mode keyword.
	Setup map[string][]Step `json:"setup"`
	// Decisions say what a seat decides, by its turn's kind
	// (engine.Turn.Kind), or by "MODE KIND" where a mode's words differ
	// from the game's (see Decision). Chance says the same of chance's
	// turns.
	Decisions map[string]Turn `json:"decisions"`
	Chance    map[string]Turn `json:"chance"`
	// Words explain the words of the notation that a choice's text or an
	// option's value ends with (the house game's jockeys): what the
	// table shows beside them.
	Words map[string]Word `json:"words,omitempty"`
	// Unit is what the game's results count.
	Unit Unit `json:"unit"`
}

// Step is one step of setting up a table.
type Step struct {
	Title string `json:"title"`
	Text  string `json:"text"`
	// Option is the game's option (engine.Option.Name) the step sets,
	// when one does: the table offers it there.
	Option string `json:"option,omitempty"`
}

// Turn is what a turn is about: Short, a few words after the name of who
// acts ("keeps two dice"; for chance, a whole phrase), and Says, one or
// two sentences on what is decided or drawn and what follows. Either may
// hold {player}, the name of who acts.
type Turn struct {
	Short string `json:"short"`
	Says  string `json:"says"`
}

// Word is a word of the notation as players know it: its name, and what
// it means.
type Word struct {
	Name string `json:"name"`
	Says string `json:"says"`
	Tip  string `json:"tip,omitempty"`
}

// Unit is what a game's results count: Symbol written before the number
// ("$"), or One and Many after it ("point", "points"); Signed results
// are gains and losses, written +$20 and −$10.
type Unit struct {
	Symbol string `json:"symbol,omitempty"`
	One    string `json:"one,omitempty"`
	Many   string `json:"many,omitempty"`
	Signed bool   `json:"signed,omitempty"`
}

// Decision is what g's guide says of a decision of kind in mode: the
// mode's own words when it has them, else the game's; ok is false when
// the guide says nothing of it.
func (g *Guide) Decision(mode, kind string) (Turn, bool) {
	if t, ok := g.Decisions[mode+" "+kind]; ok {
		return t, true
	}
	t, ok := g.Decisions[kind]
	return t, ok
}

// ReadGuide reads a guide from the file name of fsys:
//
//	---
//	symbol: $
//	signed: yes
//	---
//	# How to play
//	- a line
//	# Setting up duel
//	1. **The layout roll.** One die ... {option layout}
//	# Decision keep: keeps two dice
//	{player} keeps ...
//	# Decision cut (solo): cuts the four dice
//	...
//	# Chance roll: the dice are thrown
//	...
//
// The front matter gives the unit (symbol, one, many, signed); each
// heading starts a section, whose lines are joined into its text. Errors
// name the file and the line.
func ReadGuide(fsys fs.FS, name string) (*Guide, error) {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	g, err := ParseGuide(string(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return g, nil
}

// ParseGuide reads a guide's text, as ReadGuide describes it.
func ParseGuide(src string) (*Guide, error) {
	g := &Guide{Setup: map[string][]Step{}, Decisions: map[string]Turn{}, Chance: map[string]Turn{}}
	var (
		sc    = bufio.NewScanner(strings.NewReader(src))
		n     int
		front = 0 // 0 before the front matter, 1 in it, 2 after
		sec   heading
		says  []string // the lines of a turn's section
		seen  = map[string]int{}
	)
	sc.Buffer(nil, 1<<20)
	fail := func(format string, args ...any) error {
		return fmt.Errorf("line %d: %s", n, fmt.Sprintf(format, args...))
	}
	// done keeps the turn whose section has been read.
	done := func() {
		if sec.turns != nil {
			sec.turns[sec.key] = Turn{Short: sec.short, Says: strings.Join(says, " ")}
		}
		says = nil
	}
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		switch {
		case front == 0 && line == "":
			continue
		case front == 0 && line == "---":
			front = 1
			continue
		case front == 0:
			front = 2
		case front == 1 && line == "---":
			front = 2
			continue
		case front == 1:
			if err := g.Unit.set(line); err != nil {
				return nil, fail("%v", err)
			}
			continue
		}
		switch {
		case line == "":
		case strings.HasPrefix(line, "# "):
			done()
			head := strings.TrimSpace(line[2:])
			if at, ok := seen[head]; ok {
				return nil, fail("a second section %q (the first is on line %d)", head, at)
			}
			seen[head] = n
			h, err := g.heading(head)
			if err != nil {
				return nil, fail("%v", err)
			}
			sec = h
		case sec.kind == "":
			return nil, fail("text before the first heading: %q", line)
		case sec.kind == "howto":
			if l, ok := strings.CutPrefix(line, "- "); ok {
				g.HowTo = append(g.HowTo, strings.TrimSpace(l))
			} else if len(g.HowTo) > 0 {
				g.HowTo[len(g.HowTo)-1] += " " + line
			} else {
				return nil, fail("how to play is a list of lines, each starting with \"- \"")
			}
		case sec.kind == "setup":
			steps := g.Setup[sec.key]
			rest, ok := numbered(line)
			if !ok {
				if len(steps) == 0 {
					return nil, fail("a setup is a numbered list of steps: \"1. **Title.** what to do\"")
				}
				last := steps[len(steps)-1]
				rest = "**" + last.Title + "** " + last.Text + " " + line
				if last.Option != "" {
					rest += " {option " + last.Option + "}"
				}
				steps = steps[:len(steps)-1]
			}
			st, err := parseStep(rest)
			if err != nil {
				return nil, fail("%v", err)
			}
			g.Setup[sec.key] = append(steps, st)
		default:
			says = append(says, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	done()
	switch {
	case front == 1:
		return nil, fmt.Errorf("line %d: the front matter is not closed with ---", n)
	case len(g.HowTo) == 0:
		return nil, fmt.Errorf("no # How to play section")
	case len(g.Setup) == 0:
		return nil, fmt.Errorf("no # Setting up MODE section")
	case g.Unit.One == "" && g.Unit.Symbol == "":
		return nil, fmt.Errorf("no unit in the front matter (symbol: $, or one: point and many: points)")
	case g.Unit.One != "" && g.Unit.Many == "":
		return nil, fmt.Errorf("the unit's one has no many: one: point wants many: points")
	}
	for _, turns := range []map[string]Turn{g.Decisions, g.Chance} {
		for k, t := range turns {
			if t.Says == "" {
				return nil, fmt.Errorf("the turn %s says nothing: a sentence follows its heading", k)
			}
		}
	}
	return g, nil
}

// heading is a section as its heading names it.
type heading struct {
	kind string // "howto", "setup" or "turn"
	key  string // the mode a setup is of; the kind a turn is of ("KIND" or "MODE KIND")
	// turns and short are where a turn's words go, and its few words.
	turns map[string]Turn
	short string
}

// heading reads a section's heading.
func (g *Guide) heading(head string) (heading, error) {
	if strings.EqualFold(head, "how to play") {
		return heading{kind: "howto"}, nil
	}
	if m, ok := strings.CutPrefix(head, "Setting up "); ok {
		if m == "" || strings.ContainsAny(m, " \t") {
			return heading{}, fmt.Errorf("a setup's heading names one mode keyword: # Setting up duel")
		}
		return heading{kind: "setup", key: m}, nil
	}
	for _, k := range []string{"Decision", "Chance"} {
		rest, ok := strings.CutPrefix(head, k+" ")
		if !ok {
			continue
		}
		key, short, ok := strings.Cut(rest, ":")
		short = strings.TrimSpace(short)
		if !ok || short == "" {
			return heading{}, fmt.Errorf("a turn's heading is # %s KIND: a few words (# %s keep: keeps two dice)", k, k)
		}
		key = strings.TrimSpace(key)
		if kind, mode, ok := strings.Cut(key, " ("); ok {
			m, ok := strings.CutSuffix(mode, ")")
			if !ok || m == "" || strings.ContainsAny(m, " (") {
				return heading{}, fmt.Errorf("a mode's own words are headed # %s KIND (MODE): a few words", k)
			}
			key = m + " " + kind
		}
		if key == "" || strings.ContainsAny(key, "()\t") || strings.Count(key, " ") > 1 {
			return heading{}, fmt.Errorf("%q names no kind of turn", head)
		}
		h := heading{kind: "turn", key: key, turns: g.Decisions, short: short}
		if k == "Chance" {
			h.turns = g.Chance
		}
		return h, nil
	}
	return heading{}, fmt.Errorf("unknown section %q (want How to play, Setting up MODE, Decision KIND or Chance KIND)", head)
}

// numbered cuts the number off a numbered line: "1. text".
func numbered(line string) (string, bool) {
	i := 0
	for i < len(line) && line[i] >= '0' && line[i] <= '9' {
		i++
	}
	if i == 0 || !strings.HasPrefix(line[i:], ". ") {
		return "", false
	}
	return strings.TrimSpace(line[i+2:]), true
}

// parseStep reads a step: "**Title.** text {option NAME}".
func parseStep(s string) (Step, error) {
	rest, ok := strings.CutPrefix(s, "**")
	title, text, ok2 := strings.Cut(rest, "**")
	if !ok || !ok2 || strings.TrimSpace(title) == "" {
		return Step{}, fmt.Errorf("a step starts with its title in bold: **The layout roll.**")
	}
	st := Step{Title: strings.TrimSuffix(strings.TrimSpace(title), ".")}
	text = strings.TrimSpace(text)
	if i := strings.Index(text, "{option "); i >= 0 {
		j := strings.IndexByte(text[i:], '}')
		if j < 0 {
			return Step{}, fmt.Errorf("{option NAME} is not closed")
		}
		st.Option = strings.TrimSpace(text[i+len("{option ") : i+j])
		text = strings.TrimSpace(text[:i] + text[i+j+1:])
		if st.Option == "" || strings.ContainsAny(st.Option, " {") {
			return Step{}, fmt.Errorf("{option NAME} names one option")
		}
	}
	if strings.ContainsAny(text, "{}") {
		return Step{}, fmt.Errorf("a step's text holds a brace that is no {option NAME}: %q", text)
	}
	st.Text = text
	return st, nil
}

// set reads one line of the front matter into the unit.
func (u *Unit) set(line string) error {
	k, v, ok := strings.Cut(line, ":")
	if !ok {
		return fmt.Errorf("the front matter wants key: value, not %q", line)
	}
	v = strings.TrimSpace(v)
	switch strings.TrimSpace(k) {
	case "symbol":
		u.Symbol = v
	case "one":
		u.One = v
	case "many":
		u.Many = v
	case "signed":
		switch v {
		case "yes":
			u.Signed = true
		case "no":
			u.Signed = false
		default:
			return fmt.Errorf("signed is yes or no, not %q", v)
		}
	default:
		return fmt.Errorf("unknown front matter key %q (want symbol, one, many or signed)", k)
	}
	return nil
}

// GuideOf reads the guide of a game's content, its table.md. The guide
// is embedded in the binary: one that does not read is a bug, which the
// games' tests catch, and it panics.
func GuideOf(fsys fs.FS) *Guide {
	g, err := ReadGuide(fsys, "table.md")
	if err != nil {
		panic(fmt.Sprintf("the guide of the table on screen: %v", err))
	}
	return g
}
