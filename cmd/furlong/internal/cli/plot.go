package cli

import (
	"fmt"
	"path/filepath"
	"strings"

	"furlong/layout"
)

// plotName checks a --plot FILE before anything is played: a PDF file's
// name, not standard output (which takes the figures) nor a folder. set
// says the command line gave the flag.
func plotName(path string, set bool) error {
	switch {
	case !set:
		return nil
	case path == "-":
		return usagef("--plot -: standard output takes the figures; give a PDF file name for the chart")
	case path == "" || strings.HasSuffix(path, string(filepath.Separator)):
		return usagef("--plot %s: give a PDF file name", argWord(path))
	}
	return nil
}

// chartMade, when not nil, is handed every chart of the designer's
// commands as they hand it to templates, its title and its panels
// ([]templates.IntervalPanel, BandPanel or HeatPanel, or
// []templates.SimTable): what the tests read each drawn value from, by
// name, beside the command's JSON.
var chartMade func(title string, panels any)

// made hands a chart to chartMade, when it is set.
func made(title string, panels any) {
	if chartMade != nil {
		chartMade(title, panels)
	}
}

// writePlot draws a chart into the PDF file path, on paper with even
// margins. what names the text already printed, which the message of a
// chart that could not be written says is complete.
func writePlot(s streams, path, what string, paper layout.Paper, draw func(d *layout.Doc) error) error {
	d := layout.New(paper, layout.Uniform(15))
	err := draw(d)
	var b []byte
	if err == nil {
		b, err = d.Bytes()
	}
	if err == nil {
		err = writeFile(s, path, b)
	}
	if err != nil {
		return fmt.Errorf("--plot: the chart could not be written (%v); %s is complete", err, what)
	}
	return nil
}
