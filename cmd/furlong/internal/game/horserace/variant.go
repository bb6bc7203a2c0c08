package horserace

import (
	"bytes"
	"encoding/json"
	"fmt"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/engine/horserace"
	"furlong/engine/horserace/notation"
	"furlong/engine/horserace/sim"
)

// variant is a standard board as a variant called name (its base's when
// ""): the numbers furlong variant prints, and what a variant file is read
// into.
func variant(base, name string) (engine.Variant, error) {
	v, err := horserace.Standard(base)
	if err != nil {
		return nil, err
	}
	if name != "" {
		v.SetName(name) // Check refuses a name a log cannot write
	}
	return v, nil
}

// variantOf is the board a command was given with --variant, checked: nil
// when none was given. A --board flag that names another board than the
// variant's base is a usage error: the variant is the board.
func variantOf(v engine.Variant, flags game.Values, board horserace.Board) (*horserace.Variant, error) {
	if v == nil {
		return nil, nil
	}
	hv, ok := v.(*horserace.Variant)
	if !ok {
		return nil, game.Usagef("--variant: a board of %s is not a Horse Race board", v.Game())
	}
	if err := hv.Check(); err != nil {
		return nil, err
	}
	if flags != nil && flags.Changed("board") && board != hv.From {
		return nil, game.Usagef("--board %s with --variant: the variant %s starts from board %s, and is the board played", board, hv.Label, hv.From)
	}
	return hv, nil
}

// checked is the table o names, checked as the simulator checks it: the
// table of the measures.
func checked(o game.SimOptions) (sim.Table, error) {
	tb, err := simTable(o)
	if err != nil {
		return sim.Table{}, err
	}
	return tb, tb.Check()
}

// tally is what the games of one shard of a run add up: the simulator's
// statistics, whole numbers all, with the table and seed they belong to.
type tally struct {
	table sim.Table
	seed  uint64
	stats *sim.Stats
}

// tallyJSON is a tally as a shard writes it.
type tallyJSON struct {
	Game  string     `json:"game"`
	Table tallyTable `json:"table"`
	Seed  uint64     `json:"seed"`
	Stats *sim.Stats `json:"stats"`
}

// tallyTable says which table a tally counts, so that only the shards of
// one run merge.
type tallyTable struct {
	Players int      `json:"players"`
	Board   string   `json:"board"`
	Rules   []string `json:"variants"`
	Bank    int      `json:"bank"`
	Rounds  int      `json:"races_per_game"`
	// Variant is the digest of the board variant's numbers, "" for a
	// standard board.
	Variant string `json:"variant,omitempty"`
}

func tableOf(t sim.Table) tallyTable {
	tt := tallyTable{Players: t.Players, Board: t.Board.String(), Rules: t.Rules.Words(), Bank: t.Bank, Rounds: max(t.Rounds, 1)}
	if t.Variant != nil && !t.Variant.Standard() {
		tt.Variant = engine.Digest(t.Variant)
	}
	return tt
}

// Merge adds the tally of other games of the same table.
func (t *tally) Merge(o game.Tally) error {
	u, ok := o.(*tally)
	if !ok {
		return fmt.Errorf("a tally of another game than Horse Race")
	}
	a, b := tableOf(t.table), tableOf(u.table)
	if fmt.Sprint(a) != fmt.Sprint(b) || t.seed != u.seed {
		return fmt.Errorf("tallies of other runs: %+v with seed %d, and %+v with seed %d", a, t.seed, b, u.seed)
	}
	t.stats.Merge(u.stats)
	return nil
}

// Figures writes the figures of the games, as Simulate does.
func (t *tally) Figures(played int, partial bool) (game.Figures, error) {
	return sim.NewReport(t.table, t.seed, t.stats, partial), nil
}

// MarshalJSON writes the tally for readTally.
func (t *tally) MarshalJSON() ([]byte, error) {
	return json.Marshal(tallyJSON{Game: notation.Game, Table: tableOf(t.table), Seed: t.seed, Stats: t.stats})
}

// count plays the games o.First to o.First+o.Games-1 of table tb and
// returns their stats.
func count(tb sim.Table, o game.SimOptions) (*sim.Stats, int, error) {
	return sim.Play(sim.Options{Table: tb, RunOptions: o.RunOptions(), Log: o.Log})
}

// newTally is the tally of the stats st of table tb, which o names.
func newTally(tb sim.Table, o game.SimOptions, st *sim.Stats) game.Tally {
	return &tally{table: tb, seed: o.Seed, stats: st}
}

// readCount reads back a tally count wrote, for table tb.
func readCount(tb sim.Table, _ game.SimOptions, data []byte) (*tally, error) {
	var tj tallyJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&tj); err != nil {
		return nil, fmt.Errorf("a Horse Race tally: %v", err)
	}
	if tj.Game != notation.Game || tj.Stats == nil {
		return nil, fmt.Errorf("not a tally of Horse Race's simulator")
	}
	if want := tableOf(tb); fmt.Sprint(tj.Table) != fmt.Sprint(want) {
		return nil, fmt.Errorf("a tally of the table %+v, not of %+v", tj.Table, want)
	}
	if !tj.Stats.Valid() {
		return nil, fmt.Errorf("a Horse Race tally whose figures do not fit the simulator's")
	}
	return &tally{table: tb, seed: tj.Seed, stats: tj.Stats}, nil
}
