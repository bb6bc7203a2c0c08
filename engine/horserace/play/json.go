package play

import (
	"strconv"

	"furlong/engine"
	"furlong/engine/horserace"
)

// JSON is the object score --json prints (spec §14).
func (res *Result) JSON() any {
	out := jsonResult{
		Game:     "horserace",
		Board:    res.Board.String(),
		Variants: res.Rules.Words(),
		Pot:      res.Pot,
		Players:  make([]jsonPlayer, len(res.Players)),
		Winners:  engine.Winners(res.Standings()),
		Races:    make([]jsonRace, len(res.Races)),
		Partial:  !res.Complete,
		Missing:  res.Missing,
	}
	if res.Bank > 0 {
		b := res.Bank
		out.Bank = &b
	}
	if v := res.Variant; v != nil {
		out.Variant = &jsonVariant{Name: v.Label, Digest: engine.Digest(v), Slots: v.Chips[:]}
		for h := horserace.Lowest; h <= horserace.Highest; h++ {
			out.Variant.Spaces.Add(strconv.Itoa(h), v.Spaces[h])
		}
	}
	standings := res.Standings()
	for i, p := range res.Players {
		jp := jsonPlayer{Name: p.Name, Chips: p.Chips, Result: p.Chips, Place: standings[i].Place, Breakdown: jsonItems(p.Items), Info: jsonInfo{Out: p.Out}}
		if res.Bank > 0 {
			s := p.Stack
			jp.Info.Stack = &s
		}
		out.Players[i] = jp
	}
	for i := range res.Races {
		r := &res.Races[i]
		jr := jsonRace{
			Race: r.Race, Dealer: r.Dealer, Decks: r.Decks,
			Players:      make([]string, len(r.Seats)),
			Scratched:    append([]int{}, r.Scratched...),
			ScratchRolls: r.ScratchRolls, Rolls: r.Rolls,
			PotIn: r.PotIn, Pot: r.Pot, Paid: r.Paid, Carry: r.Carry,
		}
		for j, s := range r.Seats {
			name := res.Players[s].Name
			jr.Players[j] = name
			jr.WinningCards.Add(name, r.WinningCards[j])
			jr.Chips.Add(name, jsonItems(r.Chips[j]))
		}
		for h := horserace.Lowest; h <= horserace.Highest; h++ {
			if r.Live[h] {
				jr.Positions.Add(strconv.Itoa(h), r.Positions[h])
				jr.ToFinish.Add(strconv.Itoa(h), r.ToFinish[h])
			}
		}
		if r.Finished() {
			w, s := r.Winner, r.Share
			jr.Winner, jr.Share = &w, &s
		}
		out.Races[i] = jr
	}
	return out
}

// jsonVariant is a board variant as score --json names it: its name, the
// digest of its numbers, and the numbers.
type jsonVariant struct {
	Name   string   `json:"name"`
	Digest string   `json:"digest"`
	Spaces horseMap `json:"spaces"`
	Slots  []int    `json:"slot_chips"`
}

type jsonResult struct {
	Game     string   `json:"game"`
	Board    string   `json:"board"`
	Variants []string `json:"variants"`
	// Variant is the board variant the log was played on, only for one.
	Variant *jsonVariant `json:"variant,omitempty"`
	Bank    *int         `json:"bank"`
	Pot     int          `json:"pot"`
	Players []jsonPlayer `json:"players"`
	// Winners are the players in first place, the most chips.
	Winners []string   `json:"winners"`
	Races   []jsonRace `json:"races"`
	// Partial and Missing appear only for a log scored with --partial
	// that stops before a race is over.
	Partial bool   `json:"partial,omitempty"`
	Missing string `json:"missing,omitempty"`
}

type jsonPlayer struct {
	Name  string `json:"name"`
	Chips int    `json:"chips"`
	// Result is the envelope every game's players carry: the chips won or
	// lost, and the place they give (1 for the most, ties sharing).
	Result    int       `json:"result"`
	Place     int       `json:"place"`
	Breakdown jsonItems `json:"breakdown"`
	Info      jsonInfo  `json:"info"`
}

type jsonItems struct {
	Scratches int `json:"scratches"`
	Rolls     int `json:"rolls"`
	EndPay    int `json:"endpay"`
	Shares    int `json:"shares"`
}

type jsonInfo struct {
	Out   bool `json:"out"`
	Stack *int `json:"stack,omitempty"`
}

type jsonRace struct {
	Race         int                 `json:"race"`
	Dealer       string              `json:"dealer"`
	Players      []string            `json:"players"`
	Decks        int                 `json:"decks"`
	Scratched    []int               `json:"scratched"`
	ScratchRolls int                 `json:"scratch_rolls"`
	Rolls        int                 `json:"rolls"`
	Winner       *int                `json:"winner"`
	Positions    horseMap            `json:"positions"`
	ToFinish     horseMap            `json:"to_finish"`
	PotIn        int                 `json:"pot_in"`
	Pot          int                 `json:"pot"`
	Share        *int                `json:"share"`
	Paid         int                 `json:"paid"`
	Carry        int                 `json:"carry"`
	WinningCards byPlayer[int]       `json:"winning_cards"`
	Chips        byPlayer[jsonItems] `json:"chips"`
}

// horseMap is a JSON object keyed by horse, in horse order.
type horseMap = engine.Object[int]

// byPlayer is a JSON object keyed by player, in seat order (a Go map
// would sort the names).
type byPlayer[T any] = engine.Object[T]
