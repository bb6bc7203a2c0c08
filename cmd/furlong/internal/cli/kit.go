package cli

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"furlong/cmd/furlong/internal/game"
	"furlong/layout"
	"furlong/templates"
)

func newKitCmd(s streams) *cobra.Command {
	f := &printFlags{}
	cmd := &cobra.Command{
		Use:   "kit [--game NAME] [-o DIR|FILE.pdf] [--paper a4|letter] [--players N] [--names A,B,...]",
		Short: "Print the whole print-and-play kit of every game",
		Long: `kit writes everything a table needs to play, a folder per game: the
rulebook, the sheets, boards, ledgers and cards, each as a PDF of its own
(GAME/NAME-PAPER.pdf), and all of them together as GAME/kit-PAPER.pdf with
an outline entry per part. Without --game it writes every game's kit. It
serves the games that have a kit: ` + serving(hasKit) + `.

Each kit is built in a temporary folder and put in place whole, so an
interrupted run never leaves a kit half written, mixes two papers or hides
the kit that was there. Every file written is named on standard output.
With --game, -o FILE.pdf (or - for standard output) writes the combined
kit alone, as one file.`,
		Example: "  furlong kit\n  furlong kit --game house --players 4 --paper letter -o print\n  furlong kit --game greatraces --names Ann,Ben,Cy\n  furlong kit --game raceyourbets -o raceyourbets-kit.pdf",
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			var games []game.Game
			for i := range registry {
				if hasKit(&registry[i]) {
					games = append(games, registry[i])
				}
			}
			if f.fs.Flags().Changed("game") || f.fs.Flags().Changed("variant") {
				g, mode, err := f.pick()
				if err != nil {
					return err
				}
				_, g, _, err = f.board(s, g, mode)
				if err != nil {
					return err
				}
				if !hasKit(g) {
					return fmt.Errorf("%s has no kit to print: kit serves %s", g.Title, serving(hasKit))
				}
				games = []game.Game{*g}
			}
			single := f.out == "-" || singleOut(f.out)
			switch {
			case f.out == "":
				return usagef("-o: an empty name; give a folder (or, with --game, a .pdf file or - for standard output)")
			case single && len(games) > 1:
				return usagef("-o %s names one file, but kit writes a folder for each of %d games: give a folder, or --game for one game's kit", argWord(f.out), len(games))
			}
			// Every game's parts are settled before anything is written, so
			// that a table one game cannot seat leaves no kit half made.
			type kit struct {
				g     *game.Game
				o     game.PrintOptions
				parts []game.Print
			}
			var kits []kit
			for i := range games {
				g := &games[i]
				o, err := f.options(g, "")
				if err == nil {
					o.Variant, _, _, err = f.board(s, g, "")
				}
				if err == nil {
					var parts []game.Print
					if parts, err = g.Kit(o); err == nil {
						kits = append(kits, kit{g, o, parts})
						continue
					}
					err = setupUsage(err, f.fs.Flags(), nil)
				}
				if len(games) > 1 {
					return fmt.Errorf("%s: %w (use --game to print one game's kit)", g.Name, err)
				}
				return err
			}
			for _, k := range kits {
				var err error
				if single {
					err = writeKitFile(s, k.g, k.parts, k.o.Paper, f.out)
				} else {
					err = writeKit(s, k.g, k.parts, k.o.Paper, filepath.Join(f.out, k.g.Name))
				}
				if err != nil {
					return err
				}
			}
			return nil
		},
	}
	f.add(cmd, "kit", "print one game's kit (default: every game)", true)
	return cmd
}

// combine draws every part into one document, an outline entry for each
// part that brings none of its own.
func combine(g *game.Game, parts []game.Print, p layout.Paper) ([]byte, error) {
	all := templates.NewDoc(p)
	for _, part := range parts {
		first := all.PageCount() + 1
		if err := part.Draw(all); err != nil {
			return nil, fmt.Errorf("kit: %s: %w", part.Name, err)
		}
		if !part.Book {
			// a rulebook brings its own outline; the rest get one entry each
			last := all.Page()
			all.SetPage(first)
			all.Bookmark(part.Title, 0, 0)
			all.SetPage(last)
		}
	}
	all.SetInfo(g.Title+": print-and-play kit", "The rulebook and everything a table needs to play "+g.Title)
	b, err := all.Bytes()
	if err != nil {
		return nil, fmt.Errorf("kit: %w", err)
	}
	return b, nil
}

// writeKitFile writes a game's combined kit alone, to one file.
func writeKitFile(s streams, g *game.Game, parts []game.Print, p layout.Paper, path string) error {
	b, err := combine(g, parts, p)
	if err != nil {
		return err
	}
	if err := writeFile(s, path, b); err != nil {
		return err
	}
	if path != "-" {
		_, err = fmt.Fprintln(s.out, quoteName(path))
	}
	return err
}

// writeKit writes a game's parts and the combined PDF into a temporary
// folder beside dir, then puts it in place as dir, replacing an older kit
// there whole.
func writeKit(s streams, g *game.Game, parts []game.Print, p layout.Paper, dir string) error {
	if err := os.MkdirAll(filepath.Dir(dir), 0o777); err != nil {
		return err
	}
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return fmt.Errorf("%s is a file, not a folder", quoteName(dir))
	}
	tmp, err := mkdirTemp(filepath.Dir(dir))
	if err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o777&^umask()); err != nil {
		discard(tmp)
		return err
	}
	at("kit")
	var names []string
	put := func(name string, b []byte) error {
		names = append(names, name)
		return os.WriteFile(filepath.Join(tmp, name), b, 0o666)
	}
	for _, part := range parts {
		b, err := part.PDF(p)
		if err == nil {
			err = put(fileName(g, part, p, true), b)
		}
		if err != nil {
			discard(tmp)
			return fmt.Errorf("kit: %w", err)
		}
	}
	b, err := combine(g, parts, p)
	if err == nil {
		err = put(fileName(nil, game.Print{Name: "kit"}, p, true), b)
	}
	if err != nil {
		discard(tmp)
		return err
	}
	at("written")
	if err := replaceDir(tmp, dir); err != nil {
		discard(tmp)
		return err
	}
	for _, n := range names {
		if _, err := fmt.Fprintln(s.out, quoteName(filepath.Join(dir, n))); err != nil {
			return err
		}
	}
	return nil
}
