package cli

import (
	"errors"

	"github.com/spf13/cobra"
)

// newCardsCmd is a placeholder until the command is built; it says so.
func newCardsCmd(s streams) *cobra.Command {
	return &cobra.Command{
		Use:   "cards",
		Short: "(not built yet)",
		RunE: func(*cobra.Command, []string) error {
			return errors.New("cards is not built yet")
		},
	}
}
