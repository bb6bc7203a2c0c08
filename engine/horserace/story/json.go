package story

import (
	"strconv"

	"furlong/engine"
)

// JSON is the object review --json prints: the table, and every race with
// its points, their chances and hands keyed by horse and by player.
func (st *Story) JSON() any {
	out := jsonStory{Game: "horserace", Board: st.Board, Players: st.Players, Complete: st.Complete, Missing: st.Missing, Races: []jsonRace{}}
	if st.Variant != "" {
		out.Variant = &st.Variant
	}
	for i := range st.Races {
		r := &st.Races[i]
		jr := jsonRace{Race: r.Race, Dealer: r.Dealer, Decks: r.Decks, Players: []string{}, Scratched: []int{}, Rolls: []jsonPoint{}}
		for _, s := range r.Seats {
			jr.Players = append(jr.Players, st.Players[s])
		}
		for _, h := range r.Scratched {
			if h != 0 {
				jr.Scratched = append(jr.Scratched, h)
			}
		}
		for _, h := range r.Live {
			jr.Lanes.Add(strconv.Itoa(h), float64(r.Lanes[h]))
		}
		if r.Winner != 0 {
			w := r.Winner
			jr.Winner = &w
		}
		if r.Swing > 0 {
			p := &r.Points[r.Swing]
			jr.Swing = &jsonSwing{Roll: p.Roll, Line: p.Line, Swing: p.Swing}
		}
		for j := range r.Points {
			p := &r.Points[j]
			jp := jsonPoint{Roll: p.Roll, Turn: p.Turn, Line: p.Line, Roller: p.Roller, Pot: p.Pot, Swing: p.Swing}
			if p.Roll > 0 {
				jp.Dice = []int8{p.Dice[0], p.Dice[1]}
				h, moved, cost := p.Horse, p.Moved, p.Cost
				jp.Horse, jp.Moved, jp.Cost = &h, &moved, &cost
			}
			for _, h := range r.Live {
				jp.Positions.Add(strconv.Itoa(h), float64(p.Pos[h]))
				jp.Chances.Add(strconv.Itoa(h), p.Chance[h])
			}
			for k, s := range r.Seats {
				jp.Worth.Add(st.Players[s], p.Worth[k])
			}
			jr.Rolls = append(jr.Rolls, jp)
		}
		out.Races = append(out.Races, jr)
	}
	return out
}

type jsonStory struct {
	Game     string     `json:"game"`
	Board    string     `json:"board"`
	Variant  *string    `json:"variant"`
	Players  []string   `json:"players"`
	Complete bool       `json:"complete"`
	Missing  string     `json:"missing,omitempty"`
	Races    []jsonRace `json:"races"`
}

type jsonRace struct {
	Race      int         `json:"race"`
	Dealer    string      `json:"dealer"`
	Decks     int         `json:"decks"`
	Players   []string    `json:"players"`
	Scratched []int       `json:"scratched"`
	Lanes     keyedMap    `json:"lanes"`
	Winner    *int        `json:"winner"`
	Swing     *jsonSwing  `json:"swing"`
	Rolls     []jsonPoint `json:"rolls"`
}

// jsonSwing is the roll that swung a race most.
type jsonSwing struct {
	Roll  int     `json:"roll"`
	Line  int     `json:"line"`
	Swing float64 `json:"swing"`
}

type jsonPoint struct {
	Roll      int      `json:"roll"`
	Turn      int      `json:"turn"`
	Line      int      `json:"line"`
	Roller    string   `json:"roller"`
	Dice      []int8   `json:"dice"`
	Horse     *int     `json:"horse"`
	Moved     *bool    `json:"moved"`
	Cost      *int     `json:"cost"`
	Pot       int      `json:"pot"`
	Positions keyedMap `json:"positions"`
	Chances   keyedMap `json:"chances"`
	Worth     keyedMap `json:"worth"`
	Swing     float64  `json:"swing"`
}

// keyedMap is a JSON object of numbers with its keys in the order given:
// horses lowest first, players in seat order.
type keyedMap = engine.Object[float64]
