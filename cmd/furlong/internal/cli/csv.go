package cli

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"io"
	"slices"
	"strconv"

	"github.com/spf13/cobra"

	"furlong/engine"
)

// --csv FILE writes a run's figures game by game, for a designer's own
// tools: one row a game (simulate), a game and board (compare) or a game
// and value (sweep), in the order of the tables and games, each figure the
// game measures in a column of its own under its name (blank for a table
// that does not measure it), a share as a fraction. The rows stream into
// the file as the games finish, in the order of the games whatever the
// number of workers.

// addCSVFlag adds --csv to a command.
func addCSVFlag(cmd *cobra.Command, p *string) {
	cmd.Flags().StringVar(p, "csv", "", "write every game's figures into this CSV file, a row a game")
}

// csvName checks a --csv FILE before anything is played: a file name, not
// standard output, and a run played whole (a shard keeps no game's
// figures, and merge has none to write).
func csvName(path string, set bool, sh *shards) error {
	switch {
	case !set:
		return nil
	case sh.playing():
		return usagef("--csv goes with a whole run: a shard writes the sums of its games, not each game")
	case path == "-":
		return usagef("--csv -: standard output takes the figures; give a file name for the games")
	case path == "":
		return usagef(`--csv "": give a file name`)
	}
	return nil
}

// csvOut is the CSV file of a run being written: the columns of its
// figures, and the file.
type csvOut struct {
	w      *bufio.Writer
	done   func(error) error
	head   []string // the columns before the figures
	fig    []string // the figures' names, the columns after them
	err    error
	closed bool
}

// openCSV opens path for the rows of a run whose first columns are head
// and whose tables measure ms, each figure a column once, in the order
// the tables first measure it.
func openCSV(path string, head []string, ms ...[]engine.Metric) (*csvOut, error) {
	w, done, err := createOut(path)
	if err != nil {
		return nil, err
	}
	c := &csvOut{w: bufio.NewWriterSize(w, 1<<16), done: done, head: head}
	for _, list := range ms {
		for _, m := range list {
			if !slices.Contains(c.fig, m.Name) {
				c.fig = append(c.fig, m.Name)
			}
		}
	}
	cw := csv.NewWriter(c.w)
	c.err = cw.Write(append(slices.Clone(head), c.fig...))
	cw.Flush()
	return c, c.err
}

// columns are where each of a table's metrics ms goes among the file's
// figures.
func (c *csvOut) columns(ms []engine.Metric) []int {
	at := make([]int, len(ms))
	for i, m := range ms {
		at[i] = slices.Index(c.fig, m.Name)
	}
	return at
}

// close ends the file: in place when err is nil and every row was
// written, removed otherwise.
func (c *csvOut) close(err error) error {
	if c == nil || c.closed {
		return err
	}
	c.closed = true
	if err == nil {
		err = c.err
	}
	if err == nil {
		err = c.w.Flush()
	}
	if derr := c.done(err); err == nil {
		err = derr
	}
	return err
}

// csvRows are rows of a batch of games, written by a worker and handed to
// the file in the order of the batches: a part of a run's figures that
// (as engine.Stats) merges into the run's.
type csvRows struct {
	out  *csvOut
	buf  bytes.Buffer
	cw   *csv.Writer
	cell []string
}

func newCSVRows(out *csvOut) *csvRows {
	if out == nil {
		return nil
	}
	r := &csvRows{out: out}
	r.cw = csv.NewWriter(&r.buf)
	r.cell = make([]string, len(out.head)+len(out.fig))
	return r
}

// add writes one row: the first columns, then each metric's value of the
// game into its column (at, from columns).
func (r *csvRows) add(first []string, ms []engine.Metric, at []int, vals []int64) {
	if r == nil {
		return
	}
	clear(r.cell)
	copy(r.cell, first)
	n := len(r.out.head)
	for i, v := range vals {
		if at[i] < 0 {
			continue
		}
		if per := ms[i].Per; per > 1 {
			r.cell[n+at[i]] = strconv.FormatFloat(float64(v)/float64(per), 'g', -1, 64)
		} else {
			r.cell[n+at[i]] = strconv.FormatInt(v, 10)
		}
	}
	r.cw.Write(r.cell)
}

// flush hands the batch's rows to the file and empties the batch: called
// in the order of the batches (as a run merges them).
func (r *csvRows) flush() {
	if r == nil {
		return
	}
	r.cw.Flush()
	if r.out.err == nil {
		_, r.out.err = io.Copy(r.out.w, &r.buf)
	}
	r.buf.Reset()
}

// reset empties the batch without writing it.
func (r *csvRows) reset() {
	if r != nil {
		r.cw.Flush()
		r.buf.Reset()
	}
}
