package cli

import (
	"errors"

	"github.com/spf13/cobra"
)

// newRulebookCmd is a placeholder until the command is built; it says so.
func newRulebookCmd(s streams) *cobra.Command {
	return &cobra.Command{
		Use:   "rulebook",
		Short: "(not built yet)",
		RunE: func(*cobra.Command, []string) error {
			return errors.New("rulebook is not built yet")
		},
	}
}
