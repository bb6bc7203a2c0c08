package cli

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
)

// A run spread over machines: simulate, compare and sweep take --shard
// K/N and play the K-th of N slices of every table's games, each slice
// whole batches of the engine's (engine.Batch), with the dice the whole
// run gives them; the shard writes what its games add up as JSON, with a
// digest of all it holds. merge reads the N shards back, checks each is
// whole and unchanged (its digest) and its sums such as games can give,
// that they are one run's, all there, none twice, and prints what the
// command prints without --shard, byte for byte: it parses the command's
// options again from the shards, and takes each table's tallies from
// them instead of playing.

// maxShards bounds N in --shard K/N: more machines than any batch system
// gives one run.
const maxShards = 100_000

// maxShardBytes bounds a shard file merge reads.
const maxShardBytes = 256 << 20

// shardSpec is --shard K/N: shard K (from 1) of N.
type shardSpec struct{ k, n int }

// parseShard reads --shard K/N strictly: two whole numbers in base 10,
// without sign or leading zero, 1 <= K <= N <= maxShards.
func parseShard(v string) (shardSpec, error) {
	bad := func(why string) error { return usagef("--shard %s: %s", argWord(v), why) }
	ks, ns, ok := strings.Cut(v, "/")
	if !ok {
		return shardSpec{}, bad("want K/N, the K-th of N shards, as 2/7")
	}
	k, kerr := shardNumber(ks)
	n, nerr := shardNumber(ns)
	switch {
	case kerr != nil || nerr != nil:
		return shardSpec{}, bad("want K/N, two whole numbers in base 10, as 2/7")
	case n == 0:
		return shardSpec{}, bad("a run has 1 shard or more")
	case n > maxShards:
		return shardSpec{}, bad(fmt.Sprintf("at most %d shards", maxShards))
	case k == 0:
		return shardSpec{}, bad("shards are counted from 1")
	case k > n:
		return shardSpec{}, bad(fmt.Sprintf("there is no shard %d of %d", k, n))
	}
	return shardSpec{k, n}, nil
}

// shardNumber reads one number of --shard: digits only, no leading zero
// but for 0 itself.
func shardNumber(s string) (int, error) {
	if s == "" || len(s) > 9 || (len(s) > 1 && s[0] == '0') {
		return 0, strconv.ErrSyntax
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, strconv.ErrSyntax
		}
	}
	return strconv.Atoi(s)
}

// slice is the games of a table of games a shard plays: whole batches,
// the K-th of N runs of them as even as can be.
func (sp shardSpec) slice(games int) (first, n int) {
	batches := (games + engine.Batch - 1) / engine.Batch
	lo := (sp.k - 1) * batches / sp.n
	hi := sp.k * batches / sp.n
	first = min(lo*engine.Batch, games)
	return first, min(hi*engine.Batch, games) - first
}

// shardFile is what a shard writes, and merge reads.
type shardFile struct {
	// Furlong marks the file as a shard of furlong's.
	Furlong string `json:"furlong"`
	// Version is the build of furlong that played the shard: merge takes
	// shards of one build only.
	Version string `json:"version"`
	// Command and Args are the command and its canonical options: every
	// option set, as --name=value in the order of their names, then its
	// arguments, without those that do not change the figures (--shard,
	// -o, --json, --plot, --paper, --csv, --workers).
	Command string   `json:"command"`
	Args    []string `json:"args"`
	// Files are the variant files the command read, which merge reads
	// instead of the disk.
	Files []shardText `json:"files"`
	// Shard is K of --shard K/N, counted from 1, and Of is N.
	Shard int `json:"shard"`
	Of    int `json:"of"`
	// Tables are what each table's slice of games added up, in the order
	// the command plays them.
	Tables []shardTable `json:"tables"`
	// Digest is "sha256:" and the SHA-256 of the shard's JSON written
	// compact without its digest: merge refuses a shard changed since.
	Digest string `json:"digest"`
}

// shardText is a variant file a shard carries.
type shardText struct {
	Name string `json:"name"` // the file's name as the command was given it
	Text string `json:"text"` // what it holds
}

// shardTable is one table's slice: what it is, its games, and their tally.
type shardTable struct {
	// Table names the table as the progress bar does, for merge's
	// messages and its check that the shards play the same tables.
	Table string `json:"table"`
	// First is the number of the slice's first game in the whole run,
	// and Games how many it played.
	First int `json:"first"`
	Games int `json:"games"`
	// Tally is what the games added up, as the game writes it (simulate)
	// or as the command does (compare, sweep).
	Tally json.RawMessage `json:"tally"`
	// Sums are what simulate adds up of every game alike, its figures'
	// sums and lengths (seats.go).
	Sums json.RawMessage `json:"sums,omitempty"`
}

// shards is how a command plays: whole (nil), one shard (spec set), or as
// merge, from every shard's tallies (set set).
type shards struct {
	spec *shardSpec
	out  string
	doc  shardFile
	// merge: the shards in order, their files, and what merge's own flags
	// ask for the output.
	set   []*shardFile
	names []string
	json  bool
	plot  string
	paper string
}

// playing says the command plays one shard.
func (sh *shards) playing() bool { return sh != nil && sh.spec != nil }

// merging says the command's tallies come from shards.
func (sh *shards) merging() bool { return sh != nil && sh.set != nil }

// shardFlags adds --shard and -o to a command that can play a shard.
func shardFlags(cmd *cobra.Command, shard, out *string) {
	cmd.Flags().StringVar(shard, "shard", "", "play the K-th of N slices of the games, K/N, and write what they add up as JSON, for 'furlong merge'")
	cmd.Flags().StringVarP(out, "output", "o", "-", "with --shard: the file to write the shard to (- for standard output)")
}

// startShards reads --shard and -o for command: nil when the command
// plays whole, and the shards given to merge when s comes from merge.
// json and plot say the command line asked for --json and --plot, which
// go to merge and not to a shard.
func startShards(s streams, cmd *cobra.Command, shard, out string, logs bool) (*shards, error) {
	fs := cmd.Flags()
	if s.merge != nil {
		// A shard records none of these: one that holds them was not
		// written by --shard.
		for _, name := range []string{"logs", "shard", "output", "json", "plot", "paper", "csv", "workers"} {
			if fs.Changed(name) {
				return nil, fmt.Errorf("the shard's options hold --%s, which no shard records: it was not written by --shard", name)
			}
		}
		return s.merge, nil
	}
	if !fs.Changed("shard") {
		if fs.Changed("output") {
			return nil, usagef("-o goes with --shard: without it the figures go to standard output")
		}
		return nil, nil
	}
	sp, err := parseShard(shard)
	if err != nil {
		return nil, err
	}
	switch {
	case fs.Changed("json"):
		return nil, usagef("--shard writes JSON for merge: give --json to 'furlong merge'")
	case fs.Changed("plot"):
		return nil, usagef("--shard plays a slice of the run: give --plot to 'furlong merge'")
	case fs.Changed("paper"):
		return nil, usagef("--shard draws no chart: give --plot and --paper to 'furlong merge'")
	case logs:
		return nil, usagef("--logs goes with a whole run, not with --shard")
	case out == "":
		return nil, usagef(`-o "": give a file name, or - for standard output`)
	}
	return &shards{spec: &sp, out: out, doc: shardFile{Furlong: "shard", Version: buildVersion(), Command: cmd.Name(), Args: canonicalArgs(fs), Shard: sp.k, Of: sp.n}}, nil
}

// canonicalArgs are a command's options as a shard records them: every
// flag set, --name=value in the order of their names, without those that
// leave the figures as they are, then the arguments.
func canonicalArgs(fs *pflag.FlagSet) []string {
	var args []string
	fs.Visit(func(f *pflag.Flag) {
		switch f.Name {
		case "shard", "output", "json", "plot", "paper", "csv", "workers":
			return
		}
		// A flag given several times (sweep's --set) is recorded as given,
		// once a value, in order.
		if sv, ok := f.Value.(pflag.SliceValue); ok && f.Value.Type() == "stringArray" {
			for _, v := range sv.GetSlice() {
				args = append(args, "--"+f.Name+"="+v)
			}
			return
		}
		args = append(args, "--"+f.Name+"="+f.Value.String())
	})
	return append(append(args, "--"), fs.Args()...)
}

// add records one table's slice in the shard being written: the tally,
// and simulate's sums when not nil.
func (sh *shards) add(table string, first, games int, tally, sums any) error {
	b, err := json.Marshal(tally)
	if err != nil {
		return err
	}
	st := shardTable{Table: table, First: first, Games: games, Tally: b}
	if sums != nil {
		if st.Sums, err = json.Marshal(sums); err != nil {
			return err
		}
	}
	sh.doc.Tables = append(sh.doc.Tables, st)
	return nil
}

// digest is the digest of a shard: the SHA-256 of its JSON written
// compact, without its digest.
func (d shardFile) digest() (string, error) {
	d.Digest = ""
	b, err := json.Marshal(d)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:]), nil
}

// write writes the shard, with the variant files the command read.
func (sh *shards) write(s streams) error {
	sh.doc.Files = []shardText{}
	if s.texts != nil {
		for _, n := range s.texts.names {
			sh.doc.Files = append(sh.doc.Files, shardText{n, string(s.texts.read[n])})
		}
	}
	if sh.doc.Tables == nil {
		sh.doc.Tables = []shardTable{}
	}
	var err error
	if sh.doc.Digest, err = sh.doc.digest(); err != nil {
		return err
	}
	b, err := json.MarshalIndent(sh.doc, "", "  ")
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if err := writeFile(s, sh.out, b); err != nil {
		return err
	}
	if sh.out != "-" {
		_, err = fmt.Fprintln(s.out, quoteName(sh.out))
	}
	return err
}

// take is table t of the run as merge reads it: each shard's slice of it,
// in the order of the shards, each checked to be the slice that shard
// plays of the table the command plays there.
func (sh *shards) take(t int, table string, games int) ([]*shardTable, error) {
	out := make([]*shardTable, len(sh.set))
	for i, d := range sh.set {
		if t >= len(d.Tables) {
			return nil, fmt.Errorf("%s: shard %d/%d holds %s, but the run plays more", quoteName(sh.names[i]), d.Shard, d.Of, engine.Count(len(d.Tables), "table", "tables"))
		}
		st := &d.Tables[t]
		first, n := shardSpec{d.Shard, d.Of}.slice(games)
		switch {
		case st.Table != table:
			return nil, fmt.Errorf("%s: shard %d/%d's table %d is %s, but the run plays %s there", quoteName(sh.names[i]), d.Shard, d.Of, t+1, argWord(st.Table), argWord(table))
		case st.First != first || st.Games > n:
			return nil, fmt.Errorf("%s: shard %d/%d holds games %d to %d of %s, but that shard plays games %d to %d", quoteName(sh.names[i]), d.Shard, d.Of, st.First, st.First+st.Games-1, table, first, first+n-1)
		case st.Games < n:
			return nil, fmt.Errorf("%s: shard %d/%d was interrupted: it holds %d of its %d games of %s; play it again", quoteName(sh.names[i]), d.Shard, d.Of, st.Games, n, table)
		}
		out[i] = st
	}
	return out, nil
}

// done checks that merge used every table of every shard.
func (sh *shards) done(tables int) error {
	for i, d := range sh.set {
		if len(d.Tables) != tables {
			return fmt.Errorf("%s: shard %d/%d holds %s, but the run plays %d", quoteName(sh.names[i]), d.Shard, d.Of, engine.Count(len(d.Tables), "table", "tables"), tables)
		}
	}
	return nil
}

// readShards reads the shard files given to merge and checks they are one
// run's: the same furlong, command, options and variant files, shards 1 to
// N each once. It returns them in the order of their shards.
func readShards(s streams, files []string) (*shards, error) {
	sh := &shards{}
	byK := map[int]int{}
	for _, name := range files {
		d, err := readShard(s, name)
		if err != nil {
			return nil, err
		}
		if len(sh.set) > 0 {
			first, fname := sh.set[0], sh.names[0]
			switch {
			case d.Command != first.Command:
				return nil, fmt.Errorf("%s is a shard of furlong %s, but %s one of furlong %s: merge the shards of one run", quoteName(name), d.Command, quoteName(fname), first.Command)
			case d.Version != first.Version:
				return nil, fmt.Errorf("%s was written by furlong %s, but %s by furlong %s: play every shard of a run with the same furlong", quoteName(name), d.Version, quoteName(fname), first.Version)
			case !slices.Equal(d.Args, first.Args):
				return nil, fmt.Errorf("%s is a shard of another run than %s (%s, not %s): merge the shards of one run", quoteName(name), quoteName(fname), runLine(d), runLine(first))
			case !sameTexts(d.Files, first.Files):
				return nil, fmt.Errorf("%s and %s were played on different variant files: %s; every shard of a run plays the same boards, so play them again from one copy of the files",
					quoteName(fname), quoteName(name), textsDiffer(first.Files, d.Files))
			case d.Of != first.Of:
				return nil, fmt.Errorf("%s is shard %d of %d, but %s is one of %d: merge the shards of one run", quoteName(name), d.Shard, d.Of, quoteName(fname), first.Of)
			}
		}
		if i, ok := byK[d.Shard]; ok {
			return nil, fmt.Errorf("shard %d/%d is given twice: %s and %s", d.Shard, d.Of, quoteName(sh.names[i]), quoteName(name))
		}
		byK[d.Shard] = len(sh.set)
		sh.set = append(sh.set, d)
		sh.names = append(sh.names, name)
	}
	n := sh.set[0].Of
	var missing []string
	for k := 1; k <= n && len(missing) < 10; k++ {
		if _, ok := byK[k]; !ok {
			missing = append(missing, strconv.Itoa(k))
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("the run has %d shards, and %s %s missing: merge every shard of the run", n, plural(len(missing), "shard "+andList(missing), "shards "+andList(missing)), plural(len(missing), "is", "are"))
	}
	order := make([]int, len(sh.set))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return sh.set[a].Shard - sh.set[b].Shard })
	set, names := make([]*shardFile, len(order)), make([]string, len(order))
	for i, j := range order {
		set[i], names[i] = sh.set[j], sh.names[j]
	}
	sh.set, sh.names = set, names
	return sh, nil
}

// runLine is a shard's command line, for a message.
func runLine(d *shardFile) string {
	args := slices.DeleteFunc(slices.Clone(d.Args), func(a string) bool { return a == "--" })
	return oneLine("furlong " + d.Command + " " + strings.Join(args, " "))
}

func sameTexts(a, b []shardText) bool {
	return slices.EqualFunc(a, b, func(x, y shardText) bool { return x == y })
}

// textsDiffer says how two shards' variant files differ: the first file
// whose text differs, with the first line where it does, or the files one
// has and the other not.
func textsDiffer(a, b []shardText) string {
	for i := range min(len(a), len(b)) {
		if a[i].Name != b[i].Name {
			return fmt.Sprintf("one read %s where the other read %s", quoteName(a[i].Name), quoteName(b[i].Name))
		}
		if a[i].Text != b[i].Text {
			la, lb := strings.Split(a[i].Text, "\n"), strings.Split(b[i].Text, "\n")
			line := 1
			for line <= min(len(la), len(lb)) && la[line-1] == lb[line-1] {
				line++
			}
			return fmt.Sprintf("%s differs from line %d (sha256 %s, then %s)", quoteName(a[i].Name), line, shortSum(a[i].Text), shortSum(b[i].Text))
		}
	}
	return fmt.Sprintf("one read %s, the other %s", engine.Count(len(a), "variant file", "variant files"), engine.Count(len(b), "variant file", "variant files"))
}

// shortSum is the first hex digits of a text's SHA-256, to tell two texts
// apart in a message.
func shortSum(t string) string {
	sum := sha256.Sum256([]byte(t))
	return hex.EncodeToString(sum[:6])
}

// readShard reads and checks one shard file.
func readShard(s streams, name string) (*shardFile, error) {
	b, err := readNamed(s.in, name, maxShardBytes)
	if err != nil {
		return nil, err
	}
	if len(b) > maxShardBytes {
		return nil, fmt.Errorf("%s: a shard is at most %d bytes; this is no shard of furlong's", quoteName(name), maxShardBytes)
	}
	var d shardFile
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&d); err != nil || d.Furlong != "shard" {
		if errors.Is(err, io.ErrUnexpectedEOF) && bytes.HasPrefix(bytes.TrimSpace(b), []byte(`{`)) && bytes.Contains(b, []byte(`"furlong": "shard"`)) {
			return nil, fmt.Errorf("%s is cut short: its JSON ends at byte %d, before the shard does; copy the whole file, or play the shard again", quoteName(name), len(b))
		}
		why := "it does not begin {\"furlong\": \"shard\""
		if err != nil {
			why = err.Error()
		}
		return nil, fmt.Errorf("%s is not a shard of furlong's (%s): merge reads what --shard writes", quoteName(name), oneLine(why))
	}
	if dec.More() {
		return nil, fmt.Errorf("%s holds more than one shard: give each shard's file", quoteName(name))
	}
	if d.Digest == "" {
		return nil, fmt.Errorf("%s holds no digest of what it holds: merge takes the shards --shard writes whole", quoteName(name))
	}
	if sum, err := d.digest(); err != nil || sum != d.Digest {
		return nil, fmt.Errorf("%s has been changed since furlong wrote it: what it holds no longer has its digest %s; play the shard again", quoteName(name), argWord(d.Digest))
	}
	switch d.Command {
	case "simulate", "compare", "sweep":
	default:
		return nil, fmt.Errorf("%s: a shard of %s, which merge does not know (simulate, compare and sweep play shards)", quoteName(name), argWord(d.Command))
	}
	if d.Of < 1 || d.Of > maxShards || d.Shard < 1 || d.Shard > d.Of {
		return nil, fmt.Errorf("%s: shard %d of %d cannot be", quoteName(name), d.Shard, d.Of)
	}
	if len(d.Args) == 0 || !slices.Contains(d.Args, "--") {
		return nil, fmt.Errorf("%s: a shard whose options are not recorded", quoteName(name))
	}
	return &d, nil
}

// mergeOptions are what `furlong merge` was asked.
type mergeOptions struct {
	json  bool
	plot  string
	paper string
	files []string
	cmd   *cobra.Command
}

func newMergeCmd(s streams) *cobra.Command {
	o := &mergeOptions{}
	cmd := &cobra.Command{
		Use:   "merge [--json] [--plot FILE] SHARD...",
		Short: "Merge the shards of a run played on several machines",
		Long: `merge reads the shards of one run of simulate, compare or sweep, each
written by the command with --shard K/N, checks each against the digest
it carries (a shard changed or cut short is refused) and its sums against
what games can give, checks that they are shards of the same run (the
same command, options, variant files and furlong), every one of them
there and none twice, and prints what the command prints played whole on
one machine, byte for byte: its text, or with --json its JSON. --plot
FILE draws the run's chart, as the command's --plot does, on the paper
--paper names. "-" reads one shard from standard input.`,
		Example: "  furlong simulate --game greatraces --players 3 --races 1000 --shard 1/2 -o shard-1.json\n  furlong simulate --game greatraces --players 3 --races 1000 --shard 2/2 -o shard-2.json\n  furlong merge shard-*.json\n  furlong merge --json shard-1.json shard-2.json",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("merge needs the shards to merge (the files --shard wrote)")
			}
			return nil
		},
		RunE: func(_ *cobra.Command, args []string) error {
			o.files = args
			return runMerge(s, o)
		},
	}
	o.cmd = cmd
	cmd.Flags().BoolVar(&o.json, "json", false, "print the run's JSON, as the command's --json does")
	cmd.Flags().StringVar(&o.plot, "plot", "", "draw the run's chart into this PDF file, as the command's --plot does")
	addPaperFlag(cmd, &o.paper)
	return cmd
}

func runMerge(s streams, o *mergeOptions) error {
	if err := plotName(o.plot, o.cmd.Flags().Changed("plot")); err != nil {
		return err
	}
	sh, err := readShards(s, o.files)
	if err != nil {
		return err
	}
	sh.json, sh.plot, sh.paper = o.json, o.plot, o.paper
	if _, err := parsePaper(o.paper); err != nil {
		return err
	}
	d := sh.set[0]
	from := map[string][]byte{}
	for _, f := range d.Files {
		from[f.Name] = []byte(f.Text)
	}
	sub := s
	sub.merge = sh
	sub.texts = &texts{from: from}
	var cmd *cobra.Command
	switch d.Command {
	case "simulate":
		cmd = newSimulateCmd(sub)
	case "compare":
		cmd = newCompareCmd(sub)
	case "sweep":
		cmd = newSweepCmd(sub)
	}
	cmd.SetOut(s.out)
	cmd.SetErr(s.err)
	if err := cmd.Flags().Parse(d.Args); err != nil {
		return fmt.Errorf("%s: the shard's options do not parse (%v): was it written by another furlong?", quoteName(sh.names[0]), err)
	}
	args := cmd.Flags().Args()
	if cmd.Args != nil {
		if err := cmd.Args(cmd, args); err != nil {
			return fmt.Errorf("%s: the shard's arguments do not parse (%v)", quoteName(sh.names[0]), err)
		}
	}
	err = cmd.RunE(cmd, args)
	var ue game.UsageError
	if errors.As(err, &ue) {
		// The shard's own options were refused: the shard, not merge's
		// command line, is at fault.
		return fmt.Errorf("%s: %v", quoteName(sh.names[0]), err)
	}
	return err
}
