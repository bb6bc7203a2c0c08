package cli

import (
	"errors"

	"github.com/spf13/cobra"
)

// newKitCmd is a placeholder until the command is built; it says so.
func newKitCmd(s streams) *cobra.Command {
	return &cobra.Command{
		Use:   "kit",
		Short: "(not built yet)",
		RunE: func(*cobra.Command, []string) error {
			return errors.New("kit is not built yet")
		},
	}
}
