package serve

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"furlong/cmd/furlong/internal/game"
	"furlong/layout"
)

// rulebookPath is where a game's rulebook is served: rulebookPath +
// "GAME-PAPER.pdf", PAPER "a4" or "letter".
const rulebookPath = "/rulebook/"

// rulebookPapers are the papers a rulebook is served on.
var rulebookPapers = []string{"a4", "letter"}

// rulebooks are the games' rulebooks as PDFs, each drawn the first time it
// is asked for and then kept: a game's rulebook is the same for every
// table, and drawing one takes a second.
type rulebooks struct {
	mu   sync.Mutex
	pdfs map[string]*rulebookPDF // by file name
}

// rulebookPDF is one rulebook, drawn once.
type rulebookPDF struct {
	once sync.Once
	pdf  asset
	err  *apiError
}

// rulebookLinks are the addresses of g's rulebook, by paper; none when the
// game has no rulebook.
func rulebookLinks(g *game.Game) map[string]string {
	if g.Rulebook == nil {
		return nil
	}
	m := map[string]string{}
	for _, p := range rulebookPapers {
		m[p] = rulebookPath + rulebookFile(g, p)
	}
	return m
}

func rulebookFile(g *game.Game, paper string) string {
	return fmt.Sprintf("%s-%s.pdf", g.Name, paper)
}

// handleRulebook answers GET /rulebook/GAME-PAPER.pdf with the game's
// rulebook, as furlong rulebook draws it.
func (sv *Server) handleRulebook(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, rulebookPath)
	var g *game.Game
	paper := ""
	for i := range sv.games {
		for _, p := range rulebookPapers {
			if sv.games[i].Rulebook != nil && name == rulebookFile(&sv.games[i], p) {
				g, paper = &sv.games[i], p
			}
		}
	}
	if g == nil {
		writeErr(w, &apiError{status: http.StatusNotFound, Message: fmt.Sprintf("no rulebook %s: a rulebook is GAME-a4.pdf or GAME-letter.pdf, for a game with one (%s)", name, sv.rulebookGames())})
		return
	}
	sv.rulebooks.mu.Lock()
	if sv.rulebooks.pdfs == nil {
		sv.rulebooks.pdfs = map[string]*rulebookPDF{}
	}
	rb := sv.rulebooks.pdfs[name]
	if rb == nil {
		rb = &rulebookPDF{}
		sv.rulebooks.pdfs[name] = rb
	}
	sv.rulebooks.mu.Unlock()
	rb.once.Do(func() {
		// Drawn as the sheets are, in the prints' pool.
		_, rb.err = sv.work(r, sv.print, func(context.Context) (func(), *apiError) {
			pdf, aerr := drawRulebook(g, paper)
			if aerr == nil {
				rb.pdf = newAsset(pdf, "application/pdf")
			}
			return func() {}, aerr
		})
	})
	if rb.err != nil {
		if rb.err.status == http.StatusServiceUnavailable {
			// Not drawn for want of a place or of time: the next request
			// tries again.
			sv.rulebooks.mu.Lock()
			if sv.rulebooks.pdfs[name] == rb {
				delete(sv.rulebooks.pdfs, name)
			}
			sv.rulebooks.mu.Unlock()
		} else if rb.err.internal {
			sv.log.Printf("furlong serve: %s %s: %s", r.Method, r.URL.Path, rb.err.Message)
		}
		writeErr(w, rb.err)
		return
	}
	h := w.Header()
	// A PDF, not a page: the page's policy would keep a browser's PDF
	// viewer from showing it.
	h.Del("Content-Security-Policy")
	h.Set("Content-Disposition", fmt.Sprintf("inline; filename=%q", g.Name+"-rulebook-"+paper+".pdf"))
	rb.pdf.serve(w, r)
}

// drawRulebook draws g's rulebook on paper.
func drawRulebook(g *game.Game, paper string) ([]byte, *apiError) {
	p, err := layout.ParsePaper(paper)
	if err != nil {
		return nil, internalErr("the paper %s: %v", paper, err)
	}
	pr, err := g.Rulebook(game.PrintOptions{Paper: p, Flags: values{g}})
	if err != nil {
		return nil, gameErr("%s: the rulebook: %v", g.Title, err)
	}
	pdf, err := pr.PDF(p)
	if err != nil {
		return nil, gameErr("%s: drawing the rulebook: %v", g.Title, err)
	}
	return pdf, nil
}

// rulebookGames names the games with a rulebook.
func (sv *Server) rulebookGames() string {
	var ws []string
	for _, g := range sv.games {
		if g.Rulebook != nil {
			ws = append(ws, g.Name)
		}
	}
	if len(ws) == 0 {
		return "no game has one"
	}
	return strings.Join(ws, ", ")
}
