package cli

import (
	"errors"

	"github.com/spf13/cobra"
)

// newSheetsCmd is a placeholder until the command is built; it says so.
func newSheetsCmd(s streams) *cobra.Command {
	return &cobra.Command{
		Use:   "sheets",
		Short: "(not built yet)",
		RunE: func(*cobra.Command, []string) error {
			return errors.New("sheets is not built yet")
		},
	}
}
