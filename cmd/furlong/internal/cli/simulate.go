package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/layout"
)

// Bounds of simulate's numbers: enough for any study, small enough that a
// typing slip is a usage error and not a run that never ends.
const (
	maxRaces = 100_000_000
)

// simulateOptions are what `furlong simulate` was asked to do.
type simulateOptions struct {
	game    string
	players int
	races   int
	seed    uint64
	workers int
	bots    string
	json    bool
	logs    string
	plot    string
	values  *gameValues
}

func newSimulateCmd(s streams) *cobra.Command {
	o := &simulateOptions{}
	cmd := &cobra.Command{
		Use:   "simulate [--game NAME] [--players N] [--races N] [--bot NAME[,NAME...]]",
		Short: "Play games between bots and print their statistics",
		Long: `simulate plays games between bots on every core and prints their
statistics, with the figures of the game's original design notes beside
furlong's where there are any, and what explains the differences.

--game names a game or one of its modes ('furlong games' lists them; the
default is duel). For the house game, --game house (or all) plays the
whole suite of its design notes: The Duel and The Book at 2-6 players,
riding alone, and a Duel with random jockeys, --races races each.

Every game has its own generator, seeded from --seed and its number, so a
run gives the same figures on any machine with any number of cores.
--logs DIR writes every game as a log that 'furlong check' replays; --plot
FILE draws the distributions as a PDF, for games that have charts.
Interrupted (Ctrl-C), simulate prints the figures of the games finished so
far, marked as partial, and exits 130.`,
		Example: "  furlong simulate --races 20000\n  furlong simulate --game solo --bot expert --wagers --races 2000\n  furlong simulate --game duel --players 4 --bot greedy,expert,greedy,expert --jockeys random --races 2000 --json\n  furlong simulate --game all --races 2000 --bot greedy --plot out/sim.pdf",
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			return runSimulate(s, o)
		},
	}
	f := cmd.Flags()
	addGameFlag(cmd, &o.game, "the game or mode to play (default duel); house (or all) plays the house game's suite")
	f.IntVar(&o.players, "players", 0, "players at the table (default: the game's usual table)")
	f.IntVar(&o.races, "races", 10000, fmt.Sprintf("games to play (per table in a suite), 1 to %d", maxRaces))
	f.Uint64Var(&o.seed, "seed", 1, "the run's seed; game i's dice come from it and i")
	f.StringVar(&o.bots, "bot", "", "the bots: one name for every seat, or one per seat, comma-separated (default: the game's usual bot)")
	f.BoolVar(&o.json, "json", false, "print the figures as JSON")
	f.StringVar(&o.logs, "logs", "", "write every game's log into this folder")
	f.StringVar(&o.plot, "plot", "", "draw the figures' distributions into this PDF")
	f.IntVar(&o.workers, "workers", 0, fmt.Sprintf("goroutines playing games, 1 to %d (default: one per core)", engine.MaxWorkers))
	cmd.RegisterFlagCompletionFunc("bot", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		var names []string
		for _, g := range registry {
			names = append(names, g.Bots...)
		}
		return dedupe(names), cobra.ShellCompDirectiveNoFileComp
	})
	o.values = gameFlags(cmd, "simulate")
	return cmd
}

// fill checks the options for game g and builds what the game is handed.
func (o *simulateOptions) fill(s streams, g *game.Game, mode string) (game.SimOptions, error) {
	so := game.SimOptions{Games: o.races, Seed: o.seed, Workers: o.workers, Mode: mode, Players: o.players, Flags: o.values, Stop: s.stop}
	if g.Simulate == nil {
		return so, usagef("%s has no simulator", g.Title)
	}
	if err := o.values.bind(g); err != nil {
		return so, err
	}
	if o.races < 1 || o.races > maxRaces {
		return so, usagef("--races %d: play 1 to %d games", o.races, maxRaces)
	}
	if o.workers < 0 || o.workers > engine.MaxWorkers {
		return so, usagef("--workers %d: 1 to %d goroutines, or 0 for one per core", o.workers, engine.MaxWorkers)
	}
	if o.players < 0 {
		return so, usagef("--players %d: a table has players", o.players)
	}
	bots := o.bots
	if bots == "" {
		bots = g.DefaultBot
	}
	for _, b := range strings.Split(bots, ",") {
		b = strings.ToLower(strings.TrimSpace(b))
		ok := false
		for _, known := range g.Bots {
			ok = ok || known == b
		}
		if !ok {
			return so, usagef("--bot: unknown bot %q for %s (want %s)", b, g.Title, strings.Join(g.Bots, ", "))
		}
		so.Bots = append(so.Bots, b)
	}
	if o.logs != "" {
		if fi, err := os.Stat(o.logs); err == nil && !fi.IsDir() {
			return so, usagef("--logs %s is a file, not a folder", o.logs)
		}
		if err := os.MkdirAll(o.logs, 0o777); err != nil {
			return so, err
		}
		so.Log = func(i int, text []byte) error {
			return writeFile(s, filepath.Join(o.logs, fmt.Sprintf("race-%07d.log", i)), text)
		}
	}
	return so, nil
}

func runSimulate(s streams, o *simulateOptions) error {
	name := o.game
	if name == "all" {
		name = defaultGame
	}
	g, mode, err := pickGame(name, "duel")
	if err != nil {
		return err
	}
	so, err := o.fill(s, g, mode)
	if err != nil {
		return err
	}
	if o.plot != "" {
		if o.plot == "" || strings.HasSuffix(o.plot, string(filepath.Separator)) {
			return usagef("--plot %q: give a PDF file name", o.plot)
		}
	}
	bar := newProgress(s.err)
	so.Progress = bar.table
	s.catch.Store(true)
	figs, simErr := g.Simulate(so)
	bar.stop()
	s.catch.Store(false)
	if figs == nil {
		return simErr
	}
	if o.json {
		enc := json.NewEncoder(s.out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(figs.JSON()); err != nil {
			return err
		}
	} else if _, err := io.WriteString(s.out, figs.Text()); err != nil {
		return err
	}
	if simErr != nil {
		return simErr
	}
	if o.plot != "" {
		p, ok := figs.(game.Plotter)
		if !ok {
			return fmt.Errorf("--plot: %s's figures have no chart; the figures above are complete", g.Title)
		}
		d := layout.New(layout.A4, layout.Uniform(15))
		err := p.Plot(d)
		var b []byte
		if err == nil {
			b, err = d.Bytes()
		}
		if err == nil {
			err = writeFile(s, o.plot, b)
		}
		if err != nil {
			return fmt.Errorf("--plot: the chart could not be written (%v); the figures above are complete", err)
		}
	}
	if s.stop.Load() {
		fmt.Fprintln(s.err, "furlong: interrupted: the figures above are those of the games finished")
		return silentError{exitSignal}
	}
	return nil
}

// progress draws a bar on a terminal while games are played: the table
// being played, how far it is, the rate and the time left. It stays silent
// when standard error is not a terminal.
type progress struct {
	w       io.Writer
	on      bool
	mu      sync.Mutex
	label   string
	total   int64
	done    *atomic.Int64
	start   time.Time
	quit    chan struct{}
	stopped chan struct{}
}

func newProgress(w io.Writer) *progress {
	p := &progress{w: w}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		p.on = true
		p.quit = make(chan struct{})
		p.stopped = make(chan struct{})
		go p.run()
	}
	return p
}

// table starts the bar for a table of games and returns its counter.
func (p *progress) table(label string, games int) *atomic.Int64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.label, p.total, p.done, p.start = label, int64(games), new(atomic.Int64), time.Now()
	return p.done
}

func (p *progress) run() {
	defer close(p.stopped)
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-p.quit:
			fmt.Fprint(p.w, "\r\033[K")
			return
		case <-tick.C:
			p.mu.Lock()
			if p.done != nil {
				fmt.Fprint(p.w, "\r\033[K"+bar(p.label, p.done.Load(), p.total, time.Since(p.start)))
			}
			p.mu.Unlock()
		}
	}
}

// bar is one line of progress, kept under 80 columns.
func bar(label string, done, total int64, elapsed time.Duration) string {
	const width = 20
	total = max(total, 1)
	done = min(done, total)
	fill := int(int64(width) * done / total)
	left := "--"
	if done > 0 {
		rest := time.Duration(float64(elapsed) * float64(total-done) / float64(done))
		left = rest.Round(time.Second).String()
	}
	if len(label) > 28 {
		label = label[:28]
	}
	return fmt.Sprintf("%-28s [%s%s] %3d%%, %s left", label, strings.Repeat("#", fill), strings.Repeat(" ", width-fill), 100*done/total, left)
}

func (p *progress) stop() {
	if p.on {
		close(p.quit)
		<-p.stopped
	}
}
