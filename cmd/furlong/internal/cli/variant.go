package cli

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"furlong/cmd/furlong/internal/game"
	"furlong/cmd/furlong/internal/variant"
	"furlong/engine"
)

// texts are the variant files a command read, by the name the command
// line gave them, in the order read: a shard carries them, so that merge
// reads the same boards without the files at hand. When from is set, the
// files are read from it and not from the disk (merge).
type texts struct {
	from  map[string][]byte
	names []string
	read  map[string][]byte
}

// load reads the variant file path, from the disk or from what a shard
// carried.
func (t *texts) load(s streams, path string) ([]byte, error) {
	if t != nil && t.from != nil {
		b, ok := t.from[path]
		if !ok {
			return nil, fmt.Errorf("%s: the shards carry no such variant file", quoteName(path))
		}
		return b, nil
	}
	if path == "-" {
		return nil, usagef("--variant -: give the variant's file (standard input is for the log)")
	}
	b, err := readNamed(s.in, path, variant.MaxBytes)
	if err != nil {
		return nil, err
	}
	if t != nil {
		if t.read == nil {
			t.read = map[string][]byte{}
		}
		if _, ok := t.read[path]; !ok {
			t.names = append(t.names, path)
		}
		t.read[path] = b
	}
	return b, nil
}

// parseVariant reads a variant file named on the command line (--variant
// FILE, or compare's and sweep's arguments). Its mistakes are the file's
// problems (exit 1), each FILE:LINE: key: message.
func parseVariant(s streams, path string) (*variant.File, error) {
	data, err := s.texts.load(s, path)
	if err != nil {
		return nil, err
	}
	stem := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	return variant.Parse(data, variant.Options{File: quoteName(path), Stem: stem, Games: registry})
}

// readVariant reads a variant file into its board, and its game.
func readVariant(s streams, path string) (engine.Variant, *game.Game, error) {
	f, err := parseVariant(s, path)
	if err != nil {
		return nil, nil, err
	}
	v, err := f.Variant()
	return v, f.Game, err
}

// hasVariants says whether a game reads variant files.
func hasVariants(g *game.Game) bool { return g.Variant != nil }

// noVariants is the problem of a game that has no variants: the same
// words for every command.
func noVariants(g *game.Game) error {
	return fmt.Errorf("%s has no variants yet: --variant serves %s", g.Title, serving(hasVariants))
}

// variantFor reads --variant FILE for a command that also took --game:
// the file's game must be the one --game named, or, when --game was not
// given, it names the game. g nil means --game was not given.
func variantFor(s streams, path string, g *game.Game, mode string) (engine.Variant, *game.Game, error) {
	if g != nil && g.Variant == nil {
		return nil, nil, noVariants(g)
	}
	v, vg, err := readVariant(s, path)
	if err != nil {
		return nil, nil, err
	}
	if g != nil && vg != g {
		return nil, nil, usagef("--variant %s is a board of %s, not of %s", argWord(path), vg.Title, gameTitle(g, mode))
	}
	return v, vg, nil
}

// variantOptions are what `furlong variant` was asked.
type variantOptions struct {
	game  string
	board string
	out   string
	cmd   *cobra.Command
}

func newVariantCmd(s streams) *cobra.Command {
	o := &variantOptions{}
	cmd := &cobra.Command{
		Use:   "variant --game NAME [--board BASE] [-o FILE]",
		Short: "Print a game's standard board as a variant file to copy and edit",
		Long: `variant prints one of a game's standard boards as a variant file: TOML
that names the game and the board it starts from, and then every number
of the board by its key, under its table, with a comment that says what
it is and the bounds it may take. Copy it, change the numbers to try, and
give the copy to sheets, rulebook, kit, simulate, check, score, review and
sheets --from with --variant FILE, or to compare and sweep.

A key may be written dotted (race.7.spaces = 15) or under its table
([race.7], then spaces = 15). A number left out keeps the board's own.
The variant is called after its file (long.toml is "long"), or after its
name line. Every mistake in a file is reported as FILE:LINE: key: message,
and a board the rules cannot play is refused with the reason.

variant serves the games that have variants: ` + serving(hasVariants) + `.`,
		Example: "  furlong variant --game greatraces\n  furlong variant --game greatraces -o mine.toml",
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			return runVariant(s, o)
		},
	}
	o.cmd = cmd
	addGameFlag(cmd, &o.game, "the game whose board to print (default "+defaultGame().Name+")")
	cmd.Flags().StringVar(&o.board, "board", "", "the standard board to print (default: the game's first)")
	cmd.Flags().StringVarP(&o.out, "output", "o", "-", "the file to write (- for standard output)")
	cmd.RegisterFlagCompletionFunc("board", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		var bs []string
		for _, g := range registry {
			bs = append(bs, g.Bases...)
		}
		return dedupe(bs), cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

func runVariant(s streams, o *variantOptions) error {
	fs := o.cmd.Flags()
	if fs.Changed("game") && strings.TrimSpace(o.game) == "" {
		return usagef(`--game "": an empty value; leave the flag out for the default game, %s`, defaultGame().Name)
	}
	g, _, err := pickGame(o.game)
	if err != nil {
		return err
	}
	if g.Variant == nil {
		return fmt.Errorf("%s has no variants yet: variant serves %s", g.Title, serving(hasVariants))
	}
	base := o.board
	switch {
	case fs.Changed("board") && !slices.Contains(g.Bases, base):
		return usagef("--board %s: %s's boards are %s", argWord(base), g.Title, orList(g.Bases))
	case base == "" && len(g.Bases) > 0:
		base = g.Bases[0]
	}
	v, err := g.Variant(base, "")
	if err != nil {
		return err
	}
	var b strings.Builder
	if err := variant.Write(&b, g, v); err != nil {
		return err
	}
	if o.out == "" {
		return usagef(`-o "": give a file name, or - for standard output`)
	}
	if err := writeFile(s, o.out, []byte(b.String())); err != nil {
		return err
	}
	if o.out != "-" {
		_, err = fmt.Fprintln(s.out, quoteName(o.out))
	}
	return err
}
