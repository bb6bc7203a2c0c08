package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"furlong/engine/house"
	"furlong/engine/house/referee"
)

type scoreOptions struct {
	files   []string
	json    bool
	partial bool
}

func newScoreCmd(s streams) *cobra.Command {
	o := &scoreOptions{}
	cmd := &cobra.Command{
		Use:   "score FILE...",
		Short: "Work out every player's purse with its breakdown",
		Long: `score checks a race log or sheet transcript and prints every player's
purse, item by item: each lane's station and value with BET or jockey
multipliers (The Book: each stake with its multiplier), photo sets,
first-home bonuses, the side wager and false starts. Winners are marked.

A file that breaks a rule is reported as check reports it (exit 1).`,
		Example: "  furlong score race.log\n  furlong score --json race.log",
		Args:    needFiles,
		RunE: func(_ *cobra.Command, args []string) error {
			o.files = args
			return runScore(s, o)
		},
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "print a JSON object per file")
	cmd.Flags().BoolVar(&o.partial, "partial", false, "score a log that stops before the race is over, as it stands")
	return cmd
}

func runScore(s streams, o *scoreOptions) error {
	bad := 0
	for i, j := range judgeFiles(s.in, o.files, referee.Options{Partial: o.partial}) {
		if j.err != nil {
			fmt.Fprintln(s.err, j.problem())
			bad++
			continue
		}
		var err error
		if o.json {
			err = writeScoreJSON(s.out, j)
		} else {
			if i > 0 {
				fmt.Fprintln(s.out)
			}
			err = writeScoreTable(s.out, j)
		}
		if err != nil {
			return err
		}
	}
	if bad > 0 {
		return silentError{exitProblem}
	}
	return nil
}

// writeScoreTable prints one race's purses as an aligned table: item and
// detail on the left, multipliers, and the amount on the right.
func writeScoreTable(w io.Writer, j judged) error {
	r := j.res
	lay := house.Layouts[r.Layout]
	fmt.Fprintf(w, "%s: %s, layout %d (Carrot %s, Camera %s), called at %d home\n",
		j.name, describe(r), r.Layout, lay.Carrot, lay.Camera, r.Call)
	win := map[int]bool{}
	for _, p := range r.Winners {
		win[p] = true
	}
	type row struct {
		cells  [3]string
		amount string
		head   bool
	}
	var rows []row
	for p, bd := range r.Purses {
		head := r.Names[p]
		if r.Mode == house.Solo {
			head += " (" + soloRung(bd.Purse) + ")"
		} else if win[p] {
			head += " (winner)"
			if len(r.Winners) > 1 {
				head = r.Names[p] + " (shares the win)"
			}
		}
		rows = append(rows, row{cells: [3]string{head}, amount: referee.Money(bd.Purse), head: true})
		for _, it := range items(r.Mode, bd) {
			rows = append(rows, row{cells: [3]string{"  " + it.what, it.detail, it.times}, amount: referee.Money(it.amount)})
		}
	}
	var wd [3]int
	wa := 0
	for _, rw := range rows {
		if !rw.head {
			for i, c := range rw.cells {
				wd[i] = max(wd[i], len(c))
			}
		}
		wa = max(wa, len(rw.amount))
	}
	total := wd[0] + wd[1] + wd[2] + 4
	var b strings.Builder
	for _, rw := range rows {
		if rw.head {
			fmt.Fprintf(&b, "\n%-*s  %*s\n", total, rw.cells[0], wa, rw.amount)
			continue
		}
		fmt.Fprintf(&b, "%-*s  %-*s  %-*s  %*s\n", wd[0], rw.cells[0], wd[1], rw.cells[1], wd[2], rw.cells[2], wa, rw.amount)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// soloRung names the highest rung of the solo purse ladder a purse reaches.
func soloRung(purse int) string {
	rung := "below the ladder"
	for _, l := range house.SoloLadder {
		if purse >= l.Purse {
			rung = fmt.Sprintf("%s, $%d+", l.Name, l.Purse)
		}
	}
	if purse > house.SoloRare {
		rung += ", rare: write it down"
	}
	return rung
}

// dollars writes an amount without a plus sign: $20, -$20.
func dollars(v int) string {
	if v < 0 {
		return fmt.Sprintf("-$%d", -v)
	}
	return fmt.Sprintf("$%d", v)
}

type item struct {
	what, detail, times string
	amount              int
}

// items lists a breakdown's scoring items in sheet order.
func items(g house.Mode, bd house.Breakdown) []item {
	var out []item
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
		kind := [...]string{"", "single", "pair", "three", "four", "five", "six"}[ph.Count]
		t := ""
		if g == house.Book && ph.Amount != 0 {
			t = fmt.Sprintf("x%d", house.BookPhotoTimes)
		}
		out = append(out, item{"photos", fmt.Sprintf("%s of %d", kind, ph.Number), t, ph.Amount})
	}
	if bd.FirstBonus != 0 {
		lanes := make([]string, len(bd.FirstHome))
		for i, l := range bd.FirstHome {
			lanes[i] = fmt.Sprint(l)
		}
		what := "lane "
		if g == house.Book {
			what = "horse "
		}
		out = append(out, item{"first home", what + strings.Join(lanes, ", "), "", bd.FirstBonus})
	}
	if bd.WagerResult != house.WagerNone {
		out = append(out, item{"side wager", fmt.Sprintf("lane %d, %s", bd.Wager, bd.WagerResult), "", bd.WagerAmount})
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

// The JSON shape of `score --json`.
type jsonScore struct {
	File     string       `json:"file"`
	Game     string       `json:"game"`
	Layout   int          `json:"layout"`
	Call     int          `json:"call"`
	Turns    int          `json:"turns,omitempty"`
	Complete bool         `json:"complete"`
	Missing  string       `json:"missing,omitempty"`
	Players  []jsonPlayer `json:"players"`
}

type jsonPlayer struct {
	Name        string      `json:"name"`
	Purse       int         `json:"purse"`
	Winner      bool        `json:"winner"`
	Lanes       []jsonLane  `json:"lanes,omitempty"`
	Stakes      []jsonLane  `json:"stakes,omitempty"`
	Photos      []jsonPhoto `json:"photos"`
	PhotoTotal  int         `json:"photo_total"`
	FirstHome   []int       `json:"first_home"`
	FirstBonus  int         `json:"first_home_bonus"`
	Wager       *jsonWager  `json:"wager,omitempty"`
	SpreadBonus int         `json:"spread_bonus,omitempty"`
	FalseStarts int         `json:"false_starts"`
	FalsePay    int         `json:"false_start_pay"`
	Scratched   bool        `json:"scratched"`
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

func writeScoreJSON(w io.Writer, j judged) error {
	r := j.res
	out := jsonScore{File: j.name, Game: r.Mode.String(), Layout: r.Layout, Call: r.Call, Turns: r.Turns, Complete: r.Complete, Missing: r.Missing}
	win := map[int]bool{}
	for _, p := range r.Winners {
		win[p] = true
	}
	for p, bd := range r.Purses {
		jp := jsonPlayer{Name: r.Names[p], Purse: bd.Purse, Winner: win[p], PhotoTotal: bd.PhotoTotal,
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
			jp.Wager = &jsonWager{bd.Wager, bd.WagerResult.String(), bd.WagerAmount}
		}
		out.Players = append(out.Players, jp)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
