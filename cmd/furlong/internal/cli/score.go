package cli

import (
	"errors"

	"github.com/spf13/cobra"
)

// newScoreCmd is a placeholder until the command is built; it says so.
func newScoreCmd(s streams) *cobra.Command {
	return &cobra.Command{
		Use:   "score",
		Short: "(not built yet)",
		RunE: func(*cobra.Command, []string) error {
			return errors.New("score is not built yet")
		},
	}
}
