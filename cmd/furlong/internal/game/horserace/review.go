package horserace

import (
	"io"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/engine/horserace/story"
	"furlong/layout"
	tmpl "furlong/templates/horserace"
)

// review tells a log's story: Horse Race has no decisions to weigh, so
// its review is each race roll by roll, with every live horse's exact
// chance and what each hand was worth. The report is a game.Plotter:
// review --plot draws the chances.
func review(r io.Reader, o game.ReviewOptions) (engine.Report, error) {
	st, err := story.Tell(r, story.Options{Partial: o.Partial, Variant: o.Variant, Stop: o.Stop})
	if err != nil {
		return nil, err
	}
	return &storyReport{Story: st, rollouts: o.Rollouts}, nil
}

// storyReport is a story as review prints and plots it.
type storyReport struct {
	*story.Story
	rollouts int
}

// rolloutNote says why --rollouts changes nothing.
const rolloutNote = "(--rollouts plays nothing out: nobody decides anything in Horse Race, and the chances are exact.)\n"

// Text is the story, and a note when rollouts were asked for.
func (r *storyReport) Text() string {
	if r.rollouts > 0 {
		return r.Story.Text() + rolloutNote
	}
	return r.Story.Text()
}

// Plot draws the chart of the story's chances, a page a race.
func (r *storyReport) Plot(d *layout.Doc) error { return tmpl.StoryChart(d, r.Story) }

var _ game.Plotter = (*storyReport)(nil)
