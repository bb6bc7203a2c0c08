package serve

import (
	"context"
	"net/http"
	"strings"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
)

// reviewRequest is POST /api/review.
type reviewRequest struct {
	Log string `json:"log"`
}

// reviewResponse is the answer to POST /api/review.
type reviewResponse struct {
	Game string `json:"game"`
	// Review is what review --json prints for the log: every decision
	// with its line, the choice played, the best one and what the
	// difference cost.
	Review any `json:"review"`
}

// handleReview weighs every decision of a log, as review --json does: a
// replay shows each decision's cost beside it. A log that stops before
// its end is reviewed as far as it goes. Reviews are long (a game's
// expert weighs every legal choice of every decision), so they are bounded
// as prints are, and never play a choice out.
func (sv *Server) handleReview(ctx context.Context, req *reviewRequest) (any, *apiError) {
	log := []byte(req.Log)
	if _, aerr := parseMeta(log); aerr != nil {
		return nil, aerr
	}
	g, _, aerr := sv.gameOf(log, func(*game.Game) bool { return true })
	if aerr != nil {
		return nil, aerr
	}
	if g.Review == nil {
		return nil, &apiError{status: http.StatusBadRequest, Message: g.Title + " has no review yet: " + sv.reviewed()}
	}
	if aerr := drawable(log); aerr != nil {
		return nil, aerr
	}

	rep, err := g.Review(strings.NewReader(req.Log), game.ReviewOptions{Partial: true, Flags: values{g}, Stop: ctx.Err})
	switch {
	case err != nil:
		if _, ok := engine.AsError(err); ok {
			return nil, fromError(err)
		}
		return nil, gameErr("%s: reviewing a log: %v", g.Title, err)
	}
	var js any
	if rep == nil || !returns(func() { js = rep.JSON() }) {
		return nil, gameErr("%s: the review gives no report and no error", g.Title)
	}
	return reviewResponse{Game: g.Name, Review: js}, nil
}

// reviewed says which games have a review.
func (sv *Server) reviewed() string {
	return sv.serving(func(g *game.Game) bool { return g.Review != nil })
}

// serving says which games have what has asks of them: "the games with
// one are ...", as a game that lacks it is told.
func (sv *Server) serving(has func(g *game.Game) bool) string {
	var ws []string
	for i := range sv.games {
		if has(&sv.games[i]) {
			ws = append(ws, sv.games[i].Title)
		}
	}
	if len(ws) == 0 {
		return "no game has one yet"
	}
	return "the games with one are " + strings.Join(ws, ", ")
}
