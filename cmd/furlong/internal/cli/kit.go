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
		Use:   "kit [--game NAME] [-o DIR] [--paper a4|letter] [--players N] [--names A,B,...]",
		Short: "Print the whole print-and-play kit of every game",
		Long: `kit writes everything a table needs to play, a folder per game: the
rulebook, the sheets, boards, ledgers and cards, each as a PDF of its own,
and all of them together as kit-PAPER.pdf with an outline entry per part.
Without --game it writes every game's kit. Each kit is built in a temporary
folder and moved into place whole, so an interrupted run never leaves a kit
half written or mixes two papers. Every file written is named on standard
output.`,
		Example: "  furlong kit\n  furlong kit --game house --players 4 --paper letter -o print\n  furlong kit --game greatraces --names Ann,Ben,Cy",
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			games := registry
			if f.game != "" {
				g, _, err := pickGame(f.game, "")
				if err != nil {
					return err
				}
				games = []game.Game{*g}
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
					var parts []game.Print
					if parts, err = g.Kit(o); err == nil {
						kits = append(kits, kit{g, o, parts})
						continue
					}
				}
				if len(games) > 1 {
					return fmt.Errorf("%s: %w (use --game to print one game's kit)", g.Name, err)
				}
				return err
			}
			for _, k := range kits {
				if err := writeKit(s, k.g, k.parts, k.o.Paper, filepath.Join(f.out, k.g.Name)); err != nil {
					return err
				}
			}
			return nil
		},
	}
	f.add(cmd, "kit", "print one game's kit (default: every game)", true)
	return cmd
}

// writeKit writes a game's parts and the combined PDF into a temporary
// folder beside dir, then moves it into place as dir, replacing an older
// kit there.
func writeKit(s streams, g *game.Game, parts []game.Print, p layout.Paper, dir string) error {
	if err := os.MkdirAll(filepath.Dir(dir), 0o777); err != nil {
		return err
	}
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return fmt.Errorf("%s is a file, not a folder", dir)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".furlong-kit-*")
	if err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o777&^umask()); err != nil {
		return err
	}
	addTemp(tmp)
	defer func() {
		os.RemoveAll(tmp)
		dropTemp(tmp)
	}()
	all := templates.NewDoc(p)
	var names []string
	for _, part := range parts {
		b, err := render(part, p)
		if err != nil {
			return fmt.Errorf("kit: %w", err)
		}
		name := fileName(part, p)
		if err := os.WriteFile(filepath.Join(tmp, name), b, 0o666); err != nil {
			return err
		}
		names = append(names, name)

		first := all.PageCount() + 1
		if err := part.Draw(all); err != nil {
			return fmt.Errorf("kit: %s: %w", part.Name, err)
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
		return fmt.Errorf("kit: %w", err)
	}
	kit := fileName(game.Print{Name: "kit"}, p)
	if err := os.WriteFile(filepath.Join(tmp, kit), b, 0o666); err != nil {
		return err
	}
	names = append(names, kit)
	if err := replaceDir(tmp, dir); err != nil {
		return err
	}
	for _, n := range names {
		fmt.Fprintln(s.out, filepath.Join(dir, n))
	}
	return nil
}

// replaceDir moves the folder tmp to dir. An older dir is kept until the
// new one is in place, so a failure leaves one of the two whole.
func replaceDir(tmp, dir string) error {
	old := ""
	if _, err := os.Stat(dir); err == nil {
		o, err := os.MkdirTemp(filepath.Dir(dir), ".furlong-old-*")
		if err != nil {
			return err
		}
		os.Remove(o)
		if err := os.Rename(dir, o); err != nil {
			return err
		}
		old = o
	}
	if err := os.Rename(tmp, dir); err != nil {
		if old != "" {
			os.Rename(old, dir)
		}
		return err
	}
	if old != "" {
		return os.RemoveAll(old)
	}
	return nil
}
