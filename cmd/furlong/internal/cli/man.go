package cli

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

func newManCmd(s streams) *cobra.Command {
	return &cobra.Command{
		Use:   "man DIR",
		Short: "Write furlong's manual pages into a folder",
		Long: `man writes a manual page for furlong and for each of its commands into
DIR (furlong.1, furlong-check.1, ...), for 'man -l' or to install in a
man1 folder. Every file written is named on standard output.`,
		Example: "  furlong man out/man\n  man -l out/man/furlong-check.1",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := args[0]
			if dir == "" {
				return usagef("man needs a folder name")
			}
			if err := os.MkdirAll(dir, 0o777); err != nil {
				return err
			}
			root := cmd.Root()
			root.DisableAutoGenTag = true
			hdr := &doc.GenManHeader{Title: "FURLONG", Section: "1", Source: "furlong " + buildVersion(), Manual: "furlong manual"}
			if err := doc.GenManTree(root, hdr, dir); err != nil {
				return err
			}
			names, err := filepath.Glob(filepath.Join(dir, "furlong*.1"))
			if err != nil {
				return err
			}
			for _, n := range names {
				fmt.Fprintln(s.out, n)
			}
			return nil
		},
	}
}
