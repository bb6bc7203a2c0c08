package play

import (
	"fmt"
	"strconv"
	"strings"

	"furlong/engine"
	ryb "furlong/engine/raceyourbets"
)

// Score is what score says of a game, finished or so far: every player's
// points with their breakdown, the races' medals and the winner. It
// implements engine.Verdict; the referee's Result is one, and so is what
// State.Result returns. A Score holds no reference to the state or the log
// it was made from.
type Score struct {
	Names   []string // seating order, the first player first
	Board   ryb.Board
	Finish  int
	Turns   int
	Over    bool     // a medal took a marker to the finish
	Players []Player // by seat
	Races   []Race   // every race that began, the first first
	// Leaders are the seats with the most points: the winner, or the
	// players tied for the win, once the game is over.
	Leaders []int
}

// Standings are the players' points and places: once the game is over,
// the most points first, players level on points sharing a place (the
// winners share first place); while it runs, no places yet.
func (r *Score) Standings() []engine.Standing {
	st := make([]engine.Standing, len(r.Players))
	pts := make([]int, len(r.Players))
	for i := range r.Players {
		pts[i] = r.Players[i].Points()
		st[i] = engine.Standing{Name: r.Names[i], Result: pts[i]}
	}
	if r.Over {
		for i, p := range engine.Places(pts) {
			st[i].Place = p
		}
	}
	return st
}

// Player is one player's points.
type Player struct {
	Passes, Gold, Silver int // points from passing, gold and silver medals
	Medals               []Share
}

// Points is the player's total.
func (p *Player) Points() int { return p.Passes + p.Gold + p.Silver }

// Share is a majority share of a medal the player took (zero shares
// included).
type Share struct {
	Race     int
	Medal    ryb.Medal
	Horse    int
	Counters int // the player's counters on the track
	Shared   int // k: players tied for the majority
	Points   int
}

// Race is the medals of one race: the horse that took each, 0 if not yet.
type Race struct {
	Gold, Silver int
}

// Breakdown writes the player's points on one line, for messages:
// "passes 3 + gold 8 + silver 0 (race 1 gold horse 6: 8)".
func (p *Player) Breakdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "passes %d + gold %d + silver %d", p.Passes, p.Gold, p.Silver)
	if len(p.Medals) > 0 {
		b.WriteString(" (")
		for i, m := range p.Medals {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "race %d %s horse %d: %d", m.Race, m.Medal, m.Horse, m.Points)
		}
		b.WriteString(")")
	}
	return b.String()
}

// Winner is the seat of the sole winner, or -1 when the game is tied or not
// over.
func (res *Score) Winner() int {
	if res.Over && len(res.Leaders) == 1 {
		return res.Leaders[0]
	}
	return -1
}

// leaderNames lists the leaders' names.
func (res *Score) leaderNames() []string {
	var ns []string
	for _, s := range res.Leaders {
		ns = append(ns, res.Names[s])
	}
	return ns
}

// Summary says what was played, for check's "ok" line: who leads a game
// that stops early, but not who won a finished one, which the command line
// says alike for every game.
func (res *Score) Summary() string {
	if res.Over {
		return res.head()
	}
	return res.heading()
}

// head says what was played: the table, the board and how long it ran.
func (res *Score) head() string {
	return fmt.Sprintf("Race Your Bets, %s, %s board, finish %d, %s, %s",
		engine.Count(len(res.Names), "player", "players"), res.Board, res.Finish,
		engine.Count(res.Turns, "turn", "turns"), engine.Count(len(res.Races), "race", "races"))
}

// heading is score's first line: what was played, and who won or leads.
func (res *Score) heading() string {
	head := fmt.Sprintf("Race Your Bets, %s, %s board, finish %d, %s, %s",
		engine.Count(len(res.Names), "player", "players"), res.Board, res.Finish,
		engine.Count(res.Turns, "turn", "turns"), engine.Count(len(res.Races), "race", "races"))
	if len(res.Leaders) == 0 {
		return head
	}
	best := res.Players[res.Leaders[0]].Points()
	names := engine.And(res.leaderNames())
	switch {
	case !res.Over && len(res.Leaders) == 1:
		return fmt.Sprintf("%s: unfinished, %s leads with %s", head, names, engine.Count(best, "point", "points"))
	case !res.Over:
		return fmt.Sprintf("%s: unfinished, %s lead with %s", head, names, engine.Count(best, "point", "points"))
	case len(res.Leaders) == 1:
		return fmt.Sprintf("%s: %s wins with %s", head, names, engine.Count(best, "point", "points"))
	}
	return fmt.Sprintf("%s: %s tie for the win with %s", head, names, engine.Count(best, "point", "points"))
}

// Text is score's report: each player's passes and medals race by race
// with the total, then a race-by-race table.
func (res *Score) Text() string {
	s := engine.Score{Heading: res.heading()}
	lead := map[int]bool{}
	for _, l := range res.Leaders {
		lead[l] = true
	}
	for seat, name := range res.Names {
		p := &res.Players[seat]
		ps := engine.PlayerScore{Name: name, Total: engine.Count(p.Points(), "point", "points")}
		switch {
		case res.Over && lead[seat] && len(res.Leaders) == 1:
			ps.Note = "(winner)"
		case res.Over && lead[seat]:
			ps.Note = "(tied for the win)"
		case lead[seat]:
			ps.Note = "(leading)"
		}
		if p.Passes > 0 {
			ps.Items = append(ps.Items, engine.Item{What: "passes", Detail: engine.Count(p.Passes/ryb.PassPoints, "pass", "passes"),
				Times: fmt.Sprintf("%d each", ryb.PassPoints), Amount: engine.Signed(p.Passes, "")})
		}
		for _, m := range p.Medals {
			times := "alone"
			if m.Shared > 1 {
				times = fmt.Sprintf("shared by %d", m.Shared)
			}
			ps.Items = append(ps.Items, engine.Item{
				What:   fmt.Sprintf("race %d %s", m.Race, m.Medal),
				Detail: fmt.Sprintf("horse %d, %s", m.Horse, engine.Count(m.Counters, "counter", "counters")),
				Times:  times, Amount: engine.Signed(m.Points, "")})
		}
		if len(ps.Items) == 0 {
			ps.Items = append(ps.Items, engine.Item{What: "nothing scored", Amount: "0"})
		}
		s.Players = append(s.Players, ps)
	}
	s.Notes = strings.Split(strings.TrimSuffix(res.Grid().Text(), "\n"), "\n")
	return s.Text()
}

// Grid is the game race by race: the horses that took gold and silver and
// each player's points from the race, then passes and totals.
func (res *Score) Grid() *engine.Grid {
	g := &engine.Grid{Header: append([]string{"race", "gold", "silver"}, res.Names...)}
	horse := func(h int) string {
		if h == 0 {
			return "-"
		}
		return "horse " + strconv.Itoa(h)
	}
	for i, r := range res.Races {
		row := []string{strconv.Itoa(i + 1), horse(r.Gold), horse(r.Silver)}
		for s := range res.Names {
			pts := 0
			for _, m := range res.Players[s].Medals {
				if m.Race == i+1 {
					pts += m.Points
				}
			}
			row = append(row, strconv.Itoa(pts))
		}
		g.Rows = append(g.Rows, row)
	}
	passes := []string{"passes", "", ""}
	total := []string{"total", "", ""}
	for s := range res.Names {
		passes = append(passes, strconv.Itoa(res.Players[s].Passes))
		total = append(total, strconv.Itoa(res.Players[s].Points()))
	}
	g.Rules = []int{len(g.Rows)}
	g.Rows = append(g.Rows, passes, total)
	return g
}

// JSON is the object of the spec (§8), with its fields in the spec's
// order, and the envelope every game's object carries: each player's
// result and place, and the winners.
func (res *Score) JSON() any {
	st := res.Standings()
	out := jsonResult{
		Players: make([]jsonPlayer, len(res.Names)),
		Winners: engine.Winners(st),
		Tie:     []string{},
		Over:    res.Over,
		Turns:   res.Turns,
		Races:   make([]jsonRace, len(res.Races)),
		Board:   res.Board.String(),
		Finish:  res.Finish,
	}
	for s, name := range res.Names {
		p := &res.Players[s]
		jp := jsonPlayer{Name: name, Points: p.Points(), Result: st[s].Result, Place: st[s].Place, Medals: make([]jsonMedal, len(p.Medals))}
		jp.Breakdown.Passes, jp.Breakdown.Gold, jp.Breakdown.Silver = p.Passes, p.Gold, p.Silver
		for i, m := range p.Medals {
			jp.Medals[i] = jsonMedal{Race: m.Race, Medal: m.Medal.String(), Horse: m.Horse, Counters: m.Counters, Shared: m.Shared, Points: m.Points}
		}
		out.Players[s] = jp
	}
	if w := res.Winner(); w >= 0 {
		out.Winner = &res.Names[w]
	}
	if res.Over && len(res.Leaders) > 1 {
		out.Tie = res.leaderNames()
	}
	for i, r := range res.Races {
		if r.Gold != 0 {
			out.Races[i].Gold = &res.Races[i].Gold
		}
		if r.Silver != 0 {
			out.Races[i].Silver = &res.Races[i].Silver
		}
	}
	return out
}

type jsonResult struct {
	Players []jsonPlayer `json:"players"`
	Winner  *string      `json:"winner"`
	Winners []string     `json:"winners"`
	Tie     []string     `json:"tie"`
	Over    bool         `json:"over"`
	Turns   int          `json:"turns"`
	Races   []jsonRace   `json:"races"`
	Board   string       `json:"board"`
	Finish  int          `json:"finish"`
}

type jsonPlayer struct {
	Name      string `json:"name"`
	Points    int    `json:"points"`
	Result    int    `json:"result"`
	Place     int    `json:"place"`
	Breakdown struct {
		Passes int `json:"passes"`
		Gold   int `json:"gold"`
		Silver int `json:"silver"`
	} `json:"breakdown"`
	Medals []jsonMedal `json:"medals"`
}

type jsonMedal struct {
	Race     int    `json:"race"`
	Medal    string `json:"medal"`
	Horse    int    `json:"horse"`
	Counters int    `json:"counters"`
	Shared   int    `json:"shared"`
	Points   int    `json:"points"`
}

type jsonRace struct {
	Gold   *int `json:"gold"`
	Silver *int `json:"silver"`
}
