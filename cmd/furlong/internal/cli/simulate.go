package cli

import (
	"errors"

	"github.com/spf13/cobra"
)

// newSimulateCmd is a placeholder until the command is built; it says so.
func newSimulateCmd(s streams) *cobra.Command {
	return &cobra.Command{
		Use:   "simulate",
		Short: "(not built yet)",
		RunE: func(*cobra.Command, []string) error {
			return errors.New("simulate is not built yet")
		},
	}
}
