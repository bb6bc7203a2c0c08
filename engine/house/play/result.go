package play

import (
	"fmt"
	"strings"

	"furlong/engine"
	"furlong/engine/house"
)

// Result is a house race judged as it stands: what score prints of it,
// an engine.Verdict. The play protocol's Result and the referee's are one.
type Result struct {
	Mode     house.Mode
	Names    []string
	Layout   int
	Call     int
	Turns    int  // rolls made (0 for a transcript)
	Complete bool // the race reached its end
	Missing  string
	Purses   []house.Breakdown // by seat
	Winners  []int             // seats with the biggest purse
	Race     *house.Race       // the final state
	// Variant names the board's variant, "" for the standard board.
	Variant string
}

// ResultOf scores race r, its seats called names, as it stands.
func ResultOf(r *house.Race, names []string) *Result {
	o := r.Options()
	call := o.Call
	if call == 0 {
		call = house.DefaultCall
	}
	res := &Result{Mode: o.Mode, Names: names, Layout: o.Layout, Call: call, Turns: r.Turns(), Complete: r.Over(), Variant: r.Numbers().Name()}
	if !res.Complete {
		res.Missing = r.Missing().Msg(names)
	}
	res.Purses = make([]house.Breakdown, r.Players())
	for p := range res.Purses {
		res.Purses[p] = r.Score(p)
	}
	res.Winners = winners(res.Purses)
	final := *r
	res.Race = &final
	return res
}

func winners(purses []house.Breakdown) []int {
	var w []int
	for p, bd := range purses {
		switch {
		case len(w) == 0 || bd.Purse > purses[w[0]].Purse:
			w = []int{p}
		case bd.Purse == purses[w[0]].Purse:
			w = append(w, p)
		}
	}
	return w
}

// Breakdown writes a purse's breakdown on one line, for messages: the
// items the score table lists, those worth something, in the same words.
func Breakdown(mode house.Mode, bd house.Breakdown) string {
	var parts []string
	for _, it := range items(mode, bd, true) {
		if it.amount == 0 {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %s %s", it.what, it.detail, engine.Signed(it.amount, "$")))
	}
	if len(parts) == 0 {
		return "nothing scored"
	}
	return strings.Join(parts, "; ")
}

// numbers are the numbers of the board the race was played on.
func (r *Result) numbers() *house.Numbers {
	if r.Race == nil {
		return house.StandardNumbers
	}
	return r.Race.Numbers()
}

// Summary says in a few words what the judged race was: "The Duel, 2
// players, 4 turns", with what an unfinished race still owes.
func (r *Result) Summary() string {
	s := fmt.Sprintf("%s, %s", r.Mode.Title(), engine.Count(len(r.Names), "player", "players"))
	if r.Turns > 0 {
		s += ", " + engine.Count(r.Turns, "turn", "turns")
	}
	if !r.Complete {
		s += " (unfinished: " + r.Missing + ")"
	}
	return s
}

// Score is every player's purse, item by item in sheet order, with the
// winners marked (a solo purse is placed on the ladder instead).
func (r *Result) Score() *engine.Score {
	lay := r.numbers().Layout(r.Layout)
	s := &engine.Score{Heading: fmt.Sprintf("%s, layout %d (Carrot %s, Camera %s), called at %d home",
		r.Summary(), r.Layout, lay.Carrot, lay.Camera, r.Call)}
	if r.Variant != "" {
		s.Heading += ", on variant " + r.Variant
	}
	win := map[int]bool{}
	for _, p := range r.Winners {
		win[p] = true
	}
	for p, bd := range r.Purses {
		ps := engine.PlayerScore{Name: r.Names[p], Total: engine.Signed(bd.Purse, "$")}
		switch {
		case r.Mode == house.Solo:
			ps.Note = "(" + soloRung(bd.Purse) + ")"
		case win[p] && !r.Complete && len(r.Winners) > 1:
			ps.Note = "(shares the lead so far)"
		case win[p] && !r.Complete:
			ps.Note = "(leads so far)"
		case win[p] && len(r.Winners) > 1:
			ps.Note = "(shares the win)"
		case win[p]:
			ps.Note = "(winner)"
		}
		for _, it := range items(r.Mode, bd, r.Complete) {
			ps.Items = append(ps.Items, engine.Item{What: it.what, Detail: it.detail, Times: it.times, Amount: engine.Signed(it.amount, "$")})
		}
		s.Players = append(s.Players, ps)
	}
	return s
}

// Text is the score laid out as `furlong score` prints it.
func (r *Result) Text() string { return r.Score().Text() }

// Standings are the players' purses and places, the biggest purse first,
// ties sharing a place; no places before the race is over.
func (r *Result) Standings() []engine.Standing {
	st := make([]engine.Standing, len(r.Names))
	purses := make([]int, len(r.Names))
	for i, n := range r.Names {
		st[i] = engine.Standing{Name: n, Result: r.Purses[i].Purse}
		purses[i] = r.Purses[i].Purse
	}
	if r.Complete {
		for i, pl := range engine.Places(purses) {
			st[i].Place = pl
		}
	}
	return st
}

// soloRung says which rung of the solo purse ladder a purse reaches.
func soloRung(purse int) string {
	rung := "below the ladder"
	for _, l := range house.SoloLadder {
		if l.Name == rungOf(purse) {
			rung = fmt.Sprintf("%s, $%d+", l.Name, l.Purse)
		}
	}
	if purse > house.SoloRare {
		rung += ", rare: write it down"
	}
	return rung
}

// rungOf names the highest rung of the solo purse ladder a purse reaches,
// "" below the ladder.
func rungOf(purse int) string {
	rung := ""
	for _, l := range house.SoloLadder {
		if purse >= l.Purse {
			rung = l.Name
		}
	}
	return rung
}

type item struct {
	what, detail, times string
	amount              int
}

// items lists a breakdown's scoring items in sheet order.
func items(g house.Mode, bd house.Breakdown, complete bool) []item {
	var out []item
	dollars := func(v int) string { return engine.Plain(v, "$") }
	for _, l := range bd.Lanes {
		t := dollars(l.Value)
		var why []string
		if l.Bet {
			why = append(why, "BET")
		}
		if l.Jockey != house.NoJockey {
			why = append(why, l.Jockey.String())
		}
		if l.Times != 1 || len(why) > 0 {
			t += fmt.Sprintf(" x%d", l.Times)
			if len(why) > 0 {
				t += " (" + strings.Join(why, ", ") + ")"
			}
		}
		out = append(out, item{fmt.Sprintf("lane %d", l.Lane), l.Station.String(), t, l.Amount})
	}
	for _, st := range bd.Stakes {
		out = append(out, item{fmt.Sprintf("horse %d", st.Lane), st.Station.String(), fmt.Sprintf("%s x%d", dollars(st.Value), st.Times), st.Amount})
	}
	for _, ph := range bd.Photos {
		kind := house.PhotoSetName(ph.Count)
		t := ""
		if times := g.PhotoTimes(); times != 1 && ph.Amount != 0 {
			t = fmt.Sprintf("x%d", times)
		}
		out = append(out, item{"photos", fmt.Sprintf("%s of %d", kind, ph.Number), t, ph.Amount})
	}
	if bd.FirstBonus != 0 {
		lanes := make([]string, len(bd.FirstHome))
		for i, l := range bd.FirstHome {
			lanes[i] = fmt.Sprint(l)
		}
		what := "lane "
		if g.Stakes() {
			what = "horse "
		}
		out = append(out, item{"first home", what + strings.Join(lanes, ", "), "", bd.FirstBonus})
	}
	if bd.WagerResult != house.WagerNone {
		out = append(out, item{"side wager", fmt.Sprintf("lane %d, %s", bd.Wager, wagerWord(bd.WagerResult, complete)), "", bd.WagerAmount})
	}
	if bd.SpreadBonus != 0 {
		out = append(out, item{"spread", "all six lanes open", "", bd.SpreadBonus})
	}
	if bd.FalseStarts != 0 {
		d := fmt.Sprintf("%d", bd.FalseStarts)
		if bd.Scratched {
			d += ", scratched"
		}
		out = append(out, item{"false starts", d, fmt.Sprintf("$%d each", house.FalseStartCost), bd.FalsePay})
	}
	return out
}

// wagerWord says how a side wager stands: a wager is void only once a race
// is over with no horse home; before that it is pending.
func wagerWord(w house.WagerResult, complete bool) string {
	if w == house.WagerVoid && !complete {
		return "pending"
	}
	return w.String()
}

// JSON is the object `furlong score --json` prints for the race.
func (r *Result) JSON() any {
	out := jsonScore{Game: r.Mode.String(), Variant: r.Variant, Layout: r.Layout, Call: r.Call, Turns: r.Turns, Complete: r.Complete, Missing: r.Missing}
	win := map[int]bool{}
	for _, p := range r.Winners {
		win[p] = true
	}
	st := r.Standings()
	out.Winners = engine.Winners(st)
	if r.Mode == house.Solo {
		for _, l := range house.SoloLadder {
			out.Ladder = append(out.Ladder, jsonRung{l.Name, l.Purse})
		}
	}
	for p, bd := range r.Purses {
		jp := jsonPlayer{Standing: st[p], Purse: bd.Purse, Winner: win[p] && r.Complete, Leader: win[p] && !r.Complete, PhotoTotal: bd.PhotoTotal,
			FirstHome: append([]int{}, bd.FirstHome...), FirstBonus: bd.FirstBonus, SpreadBonus: bd.SpreadBonus,
			FalseStarts: bd.FalseStarts, FalsePay: bd.FalsePay, Scratched: bd.Scratched, Photos: []jsonPhoto{}}
		for _, l := range bd.Lanes {
			jl := jsonLane{Lane: l.Lane, Station: l.Station.String(), Value: l.Value, Times: l.Times, Bet: l.Bet, Amount: l.Amount}
			if l.Jockey != house.NoJockey {
				jl.Jockey = l.Jockey.String()
			}
			jp.Lanes = append(jp.Lanes, jl)
		}
		for _, st := range bd.Stakes {
			jp.Stakes = append(jp.Stakes, jsonLane{Horse: st.Lane, Station: st.Station.String(), Value: st.Value, Times: st.Times, Amount: st.Amount})
		}
		for _, ph := range bd.Photos {
			jp.Photos = append(jp.Photos, jsonPhoto{ph.Number, ph.Count, ph.Amount})
		}
		if bd.WagerResult != house.WagerNone {
			jp.Wager = &jsonWager{bd.Wager, wagerWord(bd.WagerResult, r.Complete), bd.WagerAmount}
		}
		if r.Mode == house.Solo {
			jp.Rung = rungOf(bd.Purse)
		}
		out.Players = append(out.Players, jp)
	}
	return out
}

// The JSON shape of `score --json`.
type jsonScore struct {
	Game     string       `json:"game"`
	Variant  string       `json:"variant,omitempty"` // the board's variant; none for the standard board
	Layout   int          `json:"layout"`
	Call     int          `json:"call"`
	Turns    int          `json:"turns,omitempty"`
	Complete bool         `json:"complete"`
	Missing  string       `json:"missing,omitempty"`
	Players  []jsonPlayer `json:"players"`
	Winners  []string     `json:"winners"`
	// Ladder is riding alone's purse ladder, its lowest rung first: the
	// purse each rung wants. None in the other modes.
	Ladder []jsonRung `json:"ladder,omitempty"`
}

// jsonRung is a rung of the solo ladder.
type jsonRung struct {
	Name  string `json:"name"`
	Purse int    `json:"purse"`
}

type jsonPlayer struct {
	engine.Standing             // the envelope: the purse, and the place (0 before the race is over)
	Purse           int         `json:"purse"`
	Winner          bool        `json:"winner"`
	Leader          bool        `json:"leader,omitempty"` // leads an unfinished race`
	Lanes           []jsonLane  `json:"lanes,omitempty"`
	Stakes          []jsonLane  `json:"stakes,omitempty"`
	Photos          []jsonPhoto `json:"photos"`
	PhotoTotal      int         `json:"photo_total"`
	FirstHome       []int       `json:"first_home"`
	FirstBonus      int         `json:"first_home_bonus"`
	Wager           *jsonWager  `json:"wager,omitempty"`
	SpreadBonus     int         `json:"spread_bonus,omitempty"`
	FalseStarts     int         `json:"false_starts"`
	FalsePay        int         `json:"false_start_pay"`
	Scratched       bool        `json:"scratched"`
	// Rung is the highest rung of the ladder a solo purse reaches, none
	// below the ladder and in the other modes.
	Rung string `json:"rung,omitempty"`
}

type jsonLane struct {
	Lane    int    `json:"lane,omitempty"`
	Horse   int    `json:"horse,omitempty"`
	Station string `json:"station"`
	Value   int    `json:"value"`
	Times   int    `json:"times"`
	Bet     bool   `json:"bet,omitempty"`
	Jockey  string `json:"jockey,omitempty"`
	Amount  int    `json:"amount"`
}

type jsonPhoto struct {
	Number int `json:"number"`
	Count  int `json:"count"`
	Amount int `json:"amount"`
}

type jsonWager struct {
	Lane   int    `json:"lane"`
	Result string `json:"result"`
	Amount int    `json:"amount"`
}
