package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"furlong/engine/house"
	"furlong/engine/house/bot"
	"furlong/engine/house/sim"
)

// simulateOptions are what `furlong simulate` was asked to do.
type simulateOptions struct {
	tables  []sim.Table // one table, or the seed's suite (--game all)
	suite   bool
	races   int
	seed    uint64
	workers int
	json    bool
	logs    string
	plot    string
}

func newSimulateCmd(s streams) *cobra.Command {
	o := &simulateOptions{}
	var (
		game, bots, jockeys string
		players, call       int
		wagers              bool
	)
	cmd := &cobra.Command{
		Use:   "simulate [--game duel|book|solo|all] [--players N] [--races N] [--bot NAME[,NAME...]]",
		Short: "Play races with bots and print their statistics beside the seed's figures",
		Long: `simulate plays races between bots (random, eager, greedy or expert) on every core
and prints their statistics: turns per race, horses home, dead turns, false
starts and scratches, the purse of every seat and the seat advantage both
when the round is finished and as the purses stood when the race was
called, win rates per bot and per jockey, the Five alike rate and the solo
ladder, with the seed's figures beside furlong's.

--game all plays the seed's suite (The Duel and The Book at 2-6 players,
riding alone, and a Duel with random jockeys), --races races each, and
prints the whole side-by-side table.

Every race has its own generator, seeded from --seed and its number, so a
run gives the same figures on any machine with any number of cores.
--logs DIR writes every race as a race log that 'furlong check' replays;
--plot FILE draws the purse and race-length distributions as a PDF.`,
		Example: "  furlong simulate --races 100000\n  furlong simulate --game solo --bot expert --wagers\n  furlong simulate --game duel --players 4 --bot greedy,expert --jockeys random --json\n  furlong simulate --game all --races 20000 --bot greedy --plot out/sim.pdf",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := o.fill(cmd, game, players, bots, jockeys, call, wagers); err != nil {
				return err
			}
			return runSimulate(s, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&game, "game", "duel", "duel, book, solo, or all for the seed's suite")
	f.IntVar(&players, "players", 0, "players at the table (default 2 for duel, 3 for book, 1 for solo)")
	f.IntVar(&o.races, "races", 10000, "races to play (per table with --game all)")
	f.Uint64Var(&o.seed, "seed", 1, "the run's seed; race i's dice come from it and i")
	f.StringVar(&bots, "bot", "greedy", "the bots: one name for every seat, or one per seat, comma-separated ("+strings.Join(bot.Names, ", ")+")")
	f.StringVar(&jockeys, "jockeys", "none", "The Duel's jockeys: none, random (drawn race by race), choose (the bots pick), or jockey ids, one for all or one per seat")
	f.IntVar(&call, "call", house.DefaultCall, "horses home that call the race: 2, 3 or 4")
	f.BoolVar(&wagers, "wagers", false, "the bots name side wagers (The Duel and solo)")
	f.BoolVar(&o.json, "json", false, "print the figures as JSON")
	f.StringVar(&o.logs, "logs", "", "write every race's log into this directory")
	f.StringVar(&o.plot, "plot", "", "draw the purse and race-length distributions into this PDF")
	f.IntVar(&o.workers, "workers", 0, "goroutines playing races (default: one per core)")
	return cmd
}

// fill checks the flags and fills o from them.
func (o *simulateOptions) fill(cmd *cobra.Command, game string, players int, bots, jockeys string, call int, wagers bool) error {
	if o.races < 1 {
		return usagef("--races: %d is not a number of races", o.races)
	}
	if call < 2 || call > 4 {
		return usagef("--call: the race is called at 2, 3 or 4 horses home, not %d", call)
	}
	names := strings.Split(bots, ",")
	for _, n := range names {
		if _, err := bot.New(n); err != nil {
			return usagef("--bot: %v", err)
		}
	}
	if game == "all" {
		if cmd.Flags().Changed("players") || cmd.Flags().Changed("jockeys") {
			return usagef("--game all plays its own tables: leave out --players and --jockeys")
		}
		if len(names) != 1 {
			return usagef("--game all seats one bot everywhere: give --bot one name")
		}
		o.suite = true
		o.tables = sim.Suite(names, wagers)
		for i := range o.tables {
			o.tables[i].Call = call
		}
		return nil
	}
	g, err := house.ParseMode(game)
	if err != nil {
		return usagef("--game: %v (or all)", err)
	}
	if players == 0 {
		switch g {
		case house.Duel:
			players = 2
		case house.Book:
			players = 3
		case house.Solo:
			players = 1
		}
	}
	if players < g.MinPlayers() || players > g.MaxPlayers() {
		return usagef("--players: %s takes %d to %d players, not %d", g.Title(), g.MinPlayers(), g.MaxPlayers(), players)
	}
	if len(names) != 1 && len(names) != players {
		return usagef("--bot: name one bot for all or one per seat (%d seats, %d bots)", players, len(names))
	}
	t := sim.Table{Mode: g, Players: players, Call: call, Bots: names, Wagers: wagers}
	if wagers && g == house.Book {
		return usagef("--wagers: The Book has no side wager")
	}
	switch jockeys {
	case "", "none":
	case "random":
		t.Jockeys = sim.JockeysRandom
	case "choose":
		t.Jockeys = sim.JockeysChoose
	default:
		t.Jockeys = sim.JockeysFixed
		for _, id := range strings.Split(jockeys, ",") {
			j, err := house.ParseJockey(id)
			if err != nil || j == house.NoJockey {
				return usagef("--jockeys: unknown jockey %q (want none, random, choose, or ids: countdown, ace, double, longslip, fivealike, turnaround, spread)", id)
			}
			t.Riders = append(t.Riders, j)
		}
		if len(t.Riders) != 1 && len(t.Riders) != players {
			return usagef("--jockeys: name one jockey for all or one per seat (%d seats, %d jockeys)", players, len(t.Riders))
		}
	}
	if t.Jockeys != sim.JockeysNone && g != house.Duel {
		return usagef("--jockeys: jockeys ride in The Duel only")
	}
	o.tables = []sim.Table{t}
	return nil
}

// simulateResult is what --json prints.
type simulateResult struct {
	Seed    uint64           `json:"seed"`
	Runs    []sim.Report     `json:"runs"`
	Compare []sim.Comparison `json:"compare"`
}

// runSimulate plays the races, then prints and draws what it was asked to.
func runSimulate(s streams, o *simulateOptions) error {
	var done atomic.Int64
	total := int64(o.races * len(o.tables))
	stop := startProgress(s.err, &done, total)
	res := simulateResult{Seed: o.seed}
	var stats []*sim.Stats
	start := time.Now()
	for _, t := range o.tables {
		dir := o.logs
		if dir != "" && o.suite {
			dir = filepath.Join(dir, fmt.Sprintf("%s-%dp", t.Mode, t.Players))
			if t.Jockeys != sim.JockeysNone {
				dir += "-jockeys"
			}
		}
		st, err := sim.Run(sim.Options{Table: t, Races: o.races, Seed: o.seed, Workers: o.workers, LogDir: dir, Done: &done})
		if err != nil {
			stop()
			return err
		}
		stats = append(stats, st)
		res.Runs = append(res.Runs, st.Report(t))
	}
	elapsed := time.Since(start)
	stop()
	res.Compare = sim.Compare(res.Runs)
	if o.plot != "" {
		if err := writeSimChart(o.plot, o.tables, stats, res.Runs); err != nil {
			return fmt.Errorf("--plot: %w", err)
		}
	}
	if o.json {
		enc := json.NewEncoder(s.out)
		enc.SetIndent("", "  ")
		return enc.Encode(res)
	}
	printSimulation(s.out, o, &res, elapsed)
	return nil
}

// startProgress draws a progress bar on w while races are played, when w
// is a terminal; it returns the function that stops and clears it.
func startProgress(w io.Writer, done *atomic.Int64, total int64) func() {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return func() {}
	}
	quit := make(chan struct{})
	finished := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(finished)
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-quit:
				fmt.Fprint(w, "\r\033[K")
				return
			case <-tick.C:
				d := done.Load()
				const width = 30
				fill := int(int64(width) * d / max(total, 1))
				rate := float64(d) / time.Since(start).Seconds()
				fmt.Fprintf(w, "\r[%s%s] %3d%% %d/%d races, %.0f races/s", strings.Repeat("#", fill), strings.Repeat(" ", width-fill), 100*d/max(total, 1), d, total, rate)
			}
		}
	}()
	return func() {
		close(quit)
		<-finished
	}
}

// printSimulation writes the summary: every run's figures, then the side
// by side table.
func printSimulation(w io.Writer, o *simulateOptions, res *simulateResult, elapsed time.Duration) {
	races := int64(0)
	for _, r := range res.Runs {
		races += r.Races
	}
	fmt.Fprintf(w, "furlong simulate: %d races, seed %d, %.1fs (%.0f races/s)\n", races, res.Seed, elapsed.Seconds(), float64(races)/elapsed.Seconds())
	for _, r := range res.Runs {
		fmt.Fprintln(w)
		printReport(w, &r)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "The seed's figures beside furlong's")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  figure\tseed\tfurlong")
	for _, c := range res.Compare {
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", c.Figure, c.Seed, c.Furlong)
	}
	tw.Flush()
}

func printReport(w io.Writer, r *sim.Report) {
	g, _ := house.ParseMode(r.Game)
	fmt.Fprintf(w, "%s, %d player(s), bots %s, jockeys %s, call %d, wagers %v: %d races", g.Title(), r.Players, strings.Join(r.Bots, ","), r.Jockeys, r.Call, onOff(r.Wagers), r.Races)
	fmt.Fprintln(w)
	fmt.Fprintf(w, "  turns per race      mean %.1f, median %d, sd %.1f, p10-p90 %d-%d (called on turn %.1f)\n", r.Turns.Mean, r.Turns.Median, r.Turns.Std, r.Turns.P10, r.Turns.P90, r.CalledTurn)
	fmt.Fprintf(w, "  horses home         %.2f\n", r.Horses)
	fmt.Fprintf(w, "  dead turns          %.2f per race, %.2f per player\n", r.DeadRace, r.DeadPlayer)
	fmt.Fprintf(w, "  false starts        %.2f per player, scratch rate %.2f%%\n", r.FalseStarts, 100*r.ScratchRate)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "  seat\tmean\tmedian\tsd\twins\t\twhen called: mean\twins\t")
	for _, st := range r.Seats {
		fmt.Fprintf(tw, "  %d\t$%.1f\t$%d\t%.1f\t%.1f%%\t\t$%.1f\t%.1f%%\t\n", st.Seat, st.Purse.Mean, st.Purse.Median, st.Purse.Std, 100*st.WinRate, st.CalledPurse, 100*st.CalledWin)
	}
	tw.Flush()
	if r.Players > 1 {
		fmt.Fprintf(w, "  seat advantage      %+.1f%% finishing the round, %+.1f%% stopping mid-round\n", 100*r.SeatAdvantage, 100*r.SeatAdvantageCalled)
	}
	if len(r.BotWins) > 1 {
		for _, b := range r.BotWins {
			fmt.Fprintf(w, "  bot %-8s        %d seat(s), wins %.1f%%, mean purse $%.1f\n", b.Bot, b.Seats, 100*b.WinRate, b.Purse)
		}
	}
	for _, j := range r.JockeyFigures {
		extra := ""
		if j.Jockey == house.FiveAlike.String() {
			extra = fmt.Sprintf(", comes off %.1f%%", 100*j.FiveAlike)
		}
		fmt.Fprintf(w, "  jockey %-10s   %d rides, wins %.1f%%, mean purse $%.1f%s\n", j.Jockey, j.Rides, 100*j.WinRate, j.Purse, extra)
	}
	if len(r.JockeyFigures) > 1 {
		fmt.Fprintf(w, "  jockeys' spread     $%.1f in mean purse, %.1f points in win rate\n", r.JockeySpread, 100*r.JockeyWinSpread)
	}
	if l := r.Ladder; l != nil {
		fmt.Fprintf(w, "  solo purse          p10 $%d, p25 $%d, median $%d, p75 $%d, p90 $%d\n", l.Quantiles["p10"], l.Quantiles["p25"], l.Quantiles["p50"], l.Quantiles["p75"], l.Quantiles["p90"])
		fmt.Fprint(w, "  solo ladder        ")
		for _, rung := range house.SoloLadder {
			fmt.Fprintf(w, " %s $%d: %.1f%%,", rung.Name, rung.Purse, 100*l.Clear[rung.Name])
		}
		fmt.Fprintf(w, " past $%d: %.1f%%\n", house.SoloRare, 100*l.Clear["rare"])
	}
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}
