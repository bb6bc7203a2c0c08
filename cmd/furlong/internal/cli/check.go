package cli

import (
	"errors"

	"github.com/spf13/cobra"
)

// newCheckCmd is a placeholder until the command is built; it says so.
func newCheckCmd(s streams) *cobra.Command {
	return &cobra.Command{
		Use:   "check",
		Short: "(not built yet)",
		RunE: func(*cobra.Command, []string) error {
			return errors.New("check is not built yet")
		},
	}
}
