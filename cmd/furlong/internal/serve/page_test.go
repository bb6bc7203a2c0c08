package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"net/http"
	"os"
	"path"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/examples"
)

// The tests of a table a new player understands (issue 30): the first
// screen, the decision in players' words, the page on a phone and on a
// desktop for every game and mode, the end's verdict, the replay of every
// example, the keyboard, and axe-core on every view.

// everyMode is every mode of every real game the server plays, as the
// first screen's buttons name them: "house/duel", "greatraces/greatraces".
func everyMode() []string {
	var out []string
	for _, g := range playing(realGames()) {
		for _, m := range g.Modes {
			out = append(out, g.Name+"/"+m.Keyword)
		}
	}
	return out
}

// gameMode is the game and mode of "GAME/MODE".
func gameMode(t testing.TB, gm string) (*game.Game, game.Mode) {
	t.Helper()
	name, mode, _ := strings.Cut(gm, "/")
	g := gameNamed(name)
	if g == nil {
		t.Fatalf("no game %s", name)
	}
	m, ok := g.Mode(mode)
	if !ok {
		t.Fatalf("%s has no mode %s", name, mode)
	}
	return g, m
}

// TestBrowserFirstScreen starts every mode of every game from the first
// screen in two clicks: its button, which opens its setup with the table
// it usually seats (a person first, bots where it has them), the game's
// own steps, how to play and the rulebook; then Start.
func TestBrowserFirstScreen(t *testing.T) {
	b := browserFor(t)
	_, addr := serveAt(t, "127.0.0.1:0")
	b.size(1280, 900)
	b.fresh(addr)
	// The bots wait: a game started here plays nothing more, whose answer
	// would keep it in the browser after the next subtest forgets it.
	eval[bool](b, `(localStorage.setItem('furlong.pause', '100000'), true)`)
	for _, gm := range everyMode() {
		t.Run(strings.ReplaceAll(gm, "/", "-"), func(t *testing.T) {
			b := b.on(t)
			g, m := gameMode(t, gm)
			name, mode, _ := strings.Cut(gm, "/")
			b.wait(`document.body.dataset.flying !== 'true'`)
			eval[bool](b, `(localStorage.removeItem('furlong.game'), true)`)
			b.open(addr)
			if have := eval[string](b, `document.body.dataset.view`); have != "pick" {
				t.Fatalf("the page opens on %q, want the first screen", have)
			}
			card := fmt.Sprintf(`#game-list li[data-game=%q]`, name)
			// The game as players call it: its Heading where its Title is
			// the program's own name (the house game).
			title := g.Title
			if g.Heading != "" {
				title = g.Heading
			}
			if have := eval[string](b, `document.querySelector('`+card+` h2').textContent`); have != title {
				t.Errorf("the card's title is %q, want the game's %q", have, title)
			}
			if have := eval[string](b, `document.querySelector('`+card+` .summary').textContent`); have != g.Summary {
				t.Errorf("the card's line is %q, want %q", have, g.Summary)
			}
			// Click one: the mode's button.
			b.click(fmt.Sprintf(`%s button[data-mode=%q]`, card, mode))
			b.wait(`document.body.dataset.view === 'setup'`)
			seats := eval[int](b, `document.querySelectorAll('#seats li').length`)
			if seats != m.Players {
				t.Errorf("the setup seats %d, want the usual table of %d", seats, m.Players)
			}
			tb := tableOf(t, g, mode)
			who := eval[[]string](b, `[...document.querySelectorAll('#seats select')].map(s => s.value)`)
			for i, w := range who {
				if i == 0 && w != "" || i > 0 && len(tb.Bots) > 0 && w == "" {
					t.Errorf("seat %d is played by %q: want a person first and bots after", i+1, w)
				}
			}
			steps := g.Guide.Setup[mode]
			if have := eval[[]string](b, `[...document.querySelectorAll('#steps h3')].map(h => h.textContent)`); len(have) != len(steps) {
				t.Errorf("the setup shows the steps %q, want the guide's %d", have, len(steps))
			}
			for _, st := range steps {
				if st.Option != "" && !eval[bool](b, fmt.Sprintf(`!!document.querySelector('#steps [data-option=%q]')`, st.Option)) {
					t.Errorf("the step %q does not offer its option %s", st.Title, st.Option)
				}
			}
			if have := eval[int](b, `document.querySelectorAll('#howto li').length`); have != len(g.Guide.HowTo) {
				t.Errorf("how to play shows %d lines, want %d", have, len(g.Guide.HowTo))
			}
			// The rulebook is one tap away, and served.
			for _, paper := range []string{"a4", "letter"} {
				href := fmt.Sprintf("/rulebook/%s-%s.pdf", name, paper)
				if !eval[bool](b, fmt.Sprintf(`!!document.querySelector('#rulebook a[href=%q]')`, href)) {
					t.Errorf("no link to %s", href)
				}
			}
			if !eval[bool](b, `document.getElementById('start').getBoundingClientRect().bottom <= innerHeight`) {
				t.Error("Start is not in sight")
			}
			// Click two: Start.
			b.click("#start")
			b.wait(`document.body.dataset.view === 'play' && document.body.dataset.game === '` + name + `'`)
			if have := eval[string](b, `JSON.parse(localStorage.getItem('furlong.game')).log.match(/^game (\w+)$/m)[1]`); have != mode {
				t.Errorf("the game started is %s, want %s", have, mode)
			}
		})
	}
	// The rulebook the page links to is the game's PDF.
	res, err := http.Get("http://" + addr + "/rulebook/house-letter.pdf")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/pdf" {
		t.Errorf("the rulebook: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
}

// logTo plays a game of mode gm through the API with Ana a person and the
// rest bots (people where the game has none), from seed: to the first
// decision of Ana's that is no jockey or side wager and comes after at
// least a roll (mid), or to its end (over). Ana picks the first choice
// offered, and random ones after her first move.
func logTo(t *testing.T, h http.Handler, gm string, seed uint64, options map[string]string, over bool) apiState {
	t.Helper()
	g, m := gameMode(t, gm)
	tb := tableOf(t, g, m.Keyword)
	n := m.Players
	ss := seats(n, 1, botOf(tb, int(seed)))
	if len(tb.Bots) == 0 {
		ss = seats(n, n, "")
	}
	st := post(t, h, "/api/new", map[string]any{"game": g.Name, "mode": m.Keyword, "seats": ss, "options": options, "seed": seed})
	rng := rand.New(rand.NewPCG(seed, 9))
	for i := 0; ; i++ {
		if i > 5000 {
			t.Fatalf("%s: no end after 5000 steps", gm)
		}
		if st.Over {
			return st
		}
		p := st.Pending
		if p.Chance || p.Bot != "" {
			st = post(t, h, "/api/step", map[string]any{"log": st.Log, "until": "one"})
			if !over && len(tb.Bots) == 0 && strings.Count(st.Log, "\n") > 30 {
				return st // a game of dice alone, under way
			}
			continue
		}
		if !over && p.Kind != "jockey" && p.Kind != "wager" && strings.Contains(st.Log, "roll") {
			return st
		}
		c := p.Choices[0]
		if i > 0 {
			c = p.Choices[rng.IntN(len(p.Choices))]
		}
		st = post(t, h, "/api/step", map[string]any{"log": st.Log, "choice": c.Text, "until": "one"})
	}
}

// resumeLog has the page open log as the game in progress, as a reload
// finds it kept in the browser, and play on to a person's decision; in a
// game of dice alone it stands still.
func (b *tab) resumeLog(log string) {
	b.t.Helper()
	eval[bool](b, fmt.Sprintf(`(localStorage.setItem('furlong.game', JSON.stringify({log: %q, undo: [], recorded: false})), localStorage.setItem('furlong.pause', '0'), true)`, log))
	b.do(chromedp.Reload())
	b.wait(`document.body.dataset.ready === 'true' && document.body.dataset.view === 'play'`)
	if eval[bool](b, `!document.getElementById('pause').hidden && document.getElementById('undo').hidden`) {
		b.click("#pause")
		b.wait(`document.body.dataset.flying !== 'true'`)
		return
	}
	b.wait(`document.body.dataset.turn === 'person' || document.body.dataset.turn === 'over'`)
}

// TestBrowserEveryMode shows every mode of every game mid-game (a
// person's decision) and at its end, at 375 and 1280 px: nothing wider
// than the screen; the decision said in a sentence from the game's guide,
// its choices in the players' words and in sight at 375 px however the
// board scrolls, the focus on them; the end naming the winners with the
// game's unit, and offering to play again with the same seats, review,
// print and download.
func TestBrowserEveryMode(t *testing.T) {
	b := browserFor(t)
	_, addr := serveAt(t, "127.0.0.1:0")
	h := newTestServer(t)
	b.size(1280, 900)
	b.fresh(addr)
	for i, gm := range everyMode() {
		t.Run(strings.ReplaceAll(gm, "/", "-"), func(t *testing.T) {
			b := b.on(t)
			g, m := gameMode(t, gm)
			opts := map[string]string{}
			if gm == "house/duel" {
				opts = map[string]string{"jockeys": "random", "wagers": "on"}
			}
			mid := logTo(t, h, gm, uint64(40+i), opts, false)
			b.size(1280, 900)
			b.resumeLog(mid.Log)
			b.shots("mid-game")
			person := mid.Pending != nil && !mid.Pending.Chance && mid.Pending.Bot == ""
			if person {
				b.decision(g, m, mid)
			}
			end := logTo(t, h, gm, uint64(40+i), opts, true)
			b.size(1280, 900)
			b.resumeLog(end.Log)
			b.waitOver()
			b.shots("end")
			b.verdict(g, end)
			for _, id := range []string{"again", "review", "download"} {
				if !eval[bool](b, fmt.Sprintf(`!document.getElementById(%q).hidden && document.getElementById(%q).getBoundingClientRect().height >= 44`, id, id)) {
					t.Errorf("the end offers no %s button a thumb can press", id)
				}
			}
			if g.SheetsFrom != nil && eval[bool](b, `document.getElementById('print-box').hidden`) {
				t.Error("the end offers no Print")
			}
		})
	}
}

// decision checks the decision the page shows for st at 375 px: the
// guide's sentence, the choices grouped under their games' headings with
// their labels, in sight as the board scrolls, and the focus on the
// first.
func (b *tab) decision(g *game.Game, m game.Mode, st apiState) {
	b.t.Helper()
	p := st.Pending
	words, ok := g.Guide.Decision(m.Keyword, p.Kind)
	if !ok {
		b.t.Fatalf("the guide says nothing of %s", p.Kind)
	}
	says := strings.ReplaceAll(words.Says, "{player}", p.Player)
	if have := eval[string](b, `document.getElementById('decide-says').textContent`); have != says {
		b.t.Errorf("the decision says %q, want the guide's %q", have, says)
	}
	if have, want := eval[string](b, `document.getElementById('decide-h').textContent`), p.Player+" "+words.Short; have != want {
		b.t.Errorf("the decision's heading is %q, want %q", have, want)
	}
	groups := map[string]bool{}
	for _, c := range p.Choices {
		if c.Group != "" {
			groups[c.Group] = true
		}
	}
	heads := eval[[]string](b, `[...document.querySelectorAll('#choices .group-h')].map(h => h.textContent)`)
	if len(heads) != len(groups) {
		b.t.Errorf("the choices are under the headings %q, want the %d groups of the game's choices", heads, len(groups))
	}
	labels := eval[[]string](b, `[...document.querySelectorAll('#choices button .label')].map(l => l.textContent)`)
	for i, l := range labels {
		if notationWords.MatchString(l) || l == "" {
			b.t.Errorf("choice %d reads %q, the notation's words", i+1, l)
		}
	}
	if !eval[bool](b, `!!document.activeElement.closest('#choices')`) {
		b.t.Error("the focus is not on the choices when a person must decide")
	}
	// At 375 px the decision stays in sight while the board scrolls.
	b.size(375, 740)
	eval[bool](b, `new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(true))))`)
	for _, at := range []string{"0", "document.getElementById('board').getBoundingClientRect().top + scrollY + document.getElementById('board').offsetHeight / 2 - innerHeight / 2"} {
		eval[bool](b, `(scrollTo(0, `+at+`), true)`)
		if !eval[bool](b, `(() => { const r = document.querySelector('#choices button').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight && r.height >= 44; })()`) {
			b.t.Errorf("at 375 px, scrolled to %s, the first choice is out of sight or smaller than a thumb", at)
		}
	}
	if eval[bool](b, `(() => { const x = document.getElementById('board'); return x.scrollWidth > x.clientWidth + 1; })()`) {
		b.t.Error("at 375 px the board scrolls sideways")
	}
	eval[bool](b, `(scrollTo(0, 0), true)`)
	b.shot("decision-375")
	b.size(1280, 900)
}

// verdict checks the end's verdict: the winners by name with their result
// in the game's unit; riding alone, the purse and the rung of the ladder
// it reached, as the engine's result says.
func (b *tab) verdict(g *game.Game, st apiState) {
	b.t.Helper()
	var res struct {
		Players []struct {
			Name   string `json:"name"`
			Result int    `json:"result"`
			Place  int    `json:"place"`
			Rung   string `json:"rung"`
		} `json:"players"`
		Ladder []struct {
			Name  string `json:"name"`
			Purse int    `json:"purse"`
		} `json:"ladder"`
	}
	if err := json.Unmarshal(st.Result, &res); err != nil {
		b.t.Fatal(err)
	}
	have := eval[string](b, `document.getElementById('verdict').textContent + ' ' + document.getElementById('verdict-more').textContent`)
	// The verdict is said once, in the end's box: the line above the
	// board says the game is over.
	if status := eval[string](b, `document.getElementById('status').textContent`); strings.Contains(status, strings.TrimSpace(eval[string](b, `document.getElementById('verdict').textContent`))) {
		b.t.Errorf("the status %q says the verdict %q again", status, have)
	}
	amount := func(n int) string { return unitAmount(g.Guide.Unit, n) }
	if len(res.Players) == 1 {
		p := res.Players[0]
		if !strings.Contains(have, amount(p.Result)) {
			b.t.Errorf("the verdict %q does not give the purse %s", have, amount(p.Result))
		}
		if len(res.Ladder) == 0 {
			return
		}
		want := "below the ladder"
		if p.Rung != "" {
			want = "the " + p.Rung + " rung"
		}
		if !strings.Contains(have, want) {
			b.t.Errorf("riding alone, the verdict %q does not say %q", have, want)
		}
		return
	}
	for _, p := range res.Players {
		if p.Place == 1 && (!strings.Contains(have, p.Name) || !strings.Contains(have, amount(p.Result))) {
			b.t.Errorf("the verdict %q does not name the winner %s with %s", have, p.Name, amount(p.Result))
		}
	}
}

// notationWords are the notation's words in a choice's label: "keep 3:5",
// "cut 35 and 55", "41 then 55", "split", "chooser", "leftover".
var notationWords = regexp.MustCompile(`^(keep|cut|roll|split|back|wager) |\d\d then \d\d|\d:\d|chooser|leftover|\bsplit\b`)

// unitAmount writes n in unit u as the page does.
func unitAmount(u game.Unit, n int) string {
	sign := ""
	switch {
	case n < 0:
		sign = "\u2212"
	case n > 0 && u.Signed:
		sign = "+"
	}
	a := max(n, -n)
	if u.Symbol != "" {
		return fmt.Sprintf("%s%s%d", sign, u.Symbol, a)
	}
	word := u.Many
	if a == 1 {
		word = u.One
	}
	return fmt.Sprintf("%s%d %s", sign, a, word)
}

// TestBrowserSoloRung rides alone to the end, with bots of both ends of
// the table so that some purses reach the ladder and some do not, and
// wants the verdict to name the rung reached, or say the purse is below
// the ladder (issue 30: a purse of -$30 "won").
func TestBrowserSoloRung(t *testing.T) {
	b := browserFor(t)
	_, addr := serveAt(t, "127.0.0.1:0")
	h := newTestServer(t)
	b.size(1280, 900)
	b.fresh(addr)
	g := gameNamed("house")
	seen := map[bool]bool{}
	for seed := uint64(1); seed < 40 && !(seen[true] && seen[false]); seed++ {
		bot := []string{"random", "expert"}[seed%2]
		if seen[bot == "expert"] {
			continue
		}
		st := post(t, h, "/api/new", map[string]any{"game": "house", "mode": "solo", "seats": []engine.Seat{{Name: "Sol", Bot: bot}}, "seed": seed})
		st = post(t, h, "/api/step", map[string]any{"log": st.Log})
		if !st.Over {
			t.Fatalf("a ride of the %s bot does not end", bot)
		}
		var res struct {
			Players []struct {
				Rung string `json:"rung"`
			} `json:"players"`
		}
		json.Unmarshal(st.Result, &res)
		reached := res.Players[0].Rung != ""
		if seen[reached] {
			continue
		}
		seen[reached] = true
		b.resumeLog(st.Log)
		b.waitOver()
		b.verdict(g, st)
	}
	if !seen[true] || !seen[false] {
		t.Errorf("no ride both on and below the ladder: %v", seen)
	}
}

// TestBrowserExamples replays every example log of every game in the
// page and wants as many moves as the log has statements after the line
// the replay starts at, the last move on the last statement, and the
// start a game yet to be played (issue 30: a Duel with jockeys replayed
// with no move, its end shown as its start).
func TestBrowserExamples(t *testing.T) {
	b := browserFor(t)
	_, addr := serveAt(t, "127.0.0.1:0")
	h := newTestServer(t)
	b.size(1280, 900)
	b.fresh(addr)
	b.click("#nav-replay")
	logs, err := fs.Glob(examples.FS, "*/*.log")
	if err != nil || len(logs) == 0 {
		t.Fatalf("no example logs: %v", err)
	}
	for _, name := range logs {
		t.Run(strings.TrimSuffix(path.Base(name), ".log"), func(t *testing.T) {
			b := b.on(t)
			text, err := fs.ReadFile(examples.FS, name)
			if err != nil {
				t.Fatal(err)
			}
			st := post(t, h, "/api/state", map[string]any{"log": string(text), "moves": true})
			if st.Start == 0 {
				t.Fatalf("the replay starts at no line")
			}
			var lines []int
			sc := engine.NewScanner(bytes.NewReader(text))
			for sc.Next() {
				if sc.Line() > st.Start {
					lines = append(lines, sc.Line())
				}
			}
			if len(lines) == 0 {
				t.Fatalf("no statement after line %d", st.Start)
			}
			opened := eval[string](b, `document.body.dataset.replayOpened || '0'`)
			b.paste(string(text))
			b.wait(`(document.body.dataset.replayOpened || '0') !== '` + opened + `' || document.getElementById('replay-error').textContent !== ''`)
			if e := eval[string](b, `document.getElementById('replay-error').textContent`); e != "" {
				t.Fatalf("the replay refuses the example: %s", e)
			}
			moves := eval[int](b, `Number(document.body.dataset.replayMoves)`)
			if moves != len(lines) {
				t.Errorf("the replay has %d moves, want one a statement after line %d: %d", moves, st.Start, len(lines))
			}
			if moves == 0 {
				return
			}
			if have := eval[int](b, `Number(document.querySelector('#r-log li.here').value)`); have != lines[len(lines)-1] {
				t.Errorf("the last move stands at line %d, want the last statement's, %d", have, lines[len(lines)-1])
			}
			b.click("#r-first")
			b.wait(`document.body.dataset.replayAt === '-1'`)
			if eval[string](b, `document.body.dataset.replayOver`) != "false" {
				t.Error("at the start the game is over")
			}
			b.click("#r-next")
			b.wait(`document.body.dataset.replayAt === '0'`)
			if have := eval[int](b, `Number(document.querySelector('#r-log li.here').value)`); have != lines[0] {
				t.Errorf("the first move stands at line %d, want %d", have, lines[0])
			}
		})
	}
}

// TestBrowserKeyboard plays a region of the board with the keyboard
// alone: Tab reaches it, Enter plays it (or offers the choices that
// concern it); the focus lands on the choices whenever a person must
// decide; the speed slider is a thumb's height; and once the game is over
// the menu no longer offers it as the game in progress.
func TestBrowserKeyboard(t *testing.T) {
	b := browserFor(t)
	_, addr := serveAt(t, "127.0.0.1:0")
	b.size(1280, 900)
	b.fresh(addr)
	b.setUp("raceyourbets", 0, 31, "Ana:", "Ben:random")
	b.wait(`document.body.dataset.turn === 'person'`)
	if !eval[bool](b, `!!document.activeElement.closest('#choices')`) {
		t.Error("the game starts with the focus away from the choices")
	}
	if h := eval[float64](b, `document.getElementById('speed').getBoundingClientRect().height`); h < 44 {
		t.Errorf("the speed slider is %.0f px tall, want a thumb's 44 at least", h)
	}
	parts := eval[int](b, `document.querySelectorAll('#board rect.part[tabindex="0"][role="button"][aria-label]').length`)
	if parts == 0 || parts != eval[int](b, `document.querySelectorAll('#board rect.part').length`) {
		t.Fatalf("%d of the board's regions in play can be reached with the keyboard", parts)
	}
	eval[bool](b, `(document.activeElement.blur(), true)`)
	for tabs := 0; !eval[bool](b, `document.activeElement.matches('#board rect.part')`); tabs++ {
		if tabs > 40 {
			t.Fatal("Tab never reaches a region of the board")
		}
		b.do(chromedp.KeyEvent(kb.Tab))
	}
	before := b.logText()
	tag := eval[string](b, `document.activeElement.getAttribute('data-tag')`)
	b.do(chromedp.KeyEvent(kb.Enter))
	b.wait(fmt.Sprintf(`%s !== %q || !document.getElementById('offer').hidden`, logJS, before))
	if !eval[bool](b, `document.getElementById('offer').hidden`) {
		// Several choices concern the region: the offer has the focus,
		// and Enter plays the first.
		if !eval[bool](b, `!!document.activeElement.closest('#offer')`) {
			t.Errorf("Enter on %s offers choices without the focus", tag)
		}
		b.do(chromedp.KeyEvent(kb.Enter))
	}
	b.wait(fmt.Sprintf(`%s !== %q`, logJS, before))
	b.wait(`document.body.dataset.turn === 'person' || document.body.dataset.turn === 'over'`)
	if eval[string](b, `document.body.dataset.turn`) == "person" && !eval[bool](b, `!!document.activeElement.closest('#choices')`) {
		t.Error("after a move, the next decision does not have the focus")
	}
	// The menu offers the game in progress while it is; over, it does not.
	b.click("#nav-record")
	if eval[bool](b, `document.getElementById('nav-play').hidden`) {
		t.Error("a game is in progress, and the menu does not offer it")
	}
	b.resumeLog(logTo(t, newTestServer(t), "raceyourbets/raceyourbets", 31, nil, true).Log)
	first := b.logText()
	b.click("#nav-record")
	if eval[bool](b, `!document.getElementById('nav-play').hidden`) {
		t.Error("the game is over, and the menu still offers it as the game in progress")
	}
	// Play again, from the finished game a reload opens: the same seats,
	// a game of its own.
	b.do(chromedp.Navigate(b.url))
	b.wait(`document.body.dataset.ready === 'true' && document.body.dataset.over === 'true'`)
	b.click("#again")
	b.wait(`document.body.dataset.over === 'false'`)
	again := b.logText()
	seatsOf := func(log string) string {
		for _, l := range strings.Split(log, "\n") {
			if strings.HasPrefix(l, "players ") || strings.Contains(l, " is the ") {
				return l
			}
		}
		return ""
	}
	if again == first || seatsOf(again) != seatsOf(first) {
		t.Errorf("play again gives\n%s\nafter\n%s", again, first)
	}
}

// axe runs axe-core on the page as it stands and reports every serious
// or critical violation.
func (b *tab) axe(view string) {
	b.t.Helper()
	src, err := os.ReadFile("testdata/axe/axe.min.js")
	if err != nil {
		b.t.Fatal(err)
	}
	if !eval[bool](b, `typeof axe !== 'undefined'`) {
		eval[any](b, string(src)+"\n;true")
	}
	type node struct {
		Target  []string `json:"target"`
		Summary string   `json:"failureSummary"`
	}
	type violation struct {
		ID     string `json:"id"`
		Impact string `json:"impact"`
		Help   string `json:"help"`
		Nodes  []node `json:"nodes"`
	}
	out := eval[string](b, `axe.run(document, {resultTypes: ['violations']}).then((r) => JSON.stringify(r.violations))`)
	var vs []violation
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		b.t.Fatalf("axe: %v", err)
	}
	for _, v := range vs {
		if v.Impact != "serious" && v.Impact != "critical" {
			b.t.Logf("%s: axe, %s: %s (%s)", view, v.Impact, v.ID, v.Help)
			continue
		}
		for _, n := range v.Nodes {
			b.t.Errorf("%s: axe, %s: %s: %s at %v\n%s", view, v.Impact, v.ID, v.Help, n.Target, n.Summary)
		}
	}
}

// TestBrowserAxe runs axe-core on the first screen, a setup, a game in
// progress with a person to decide, the end of a game, a replay and the
// record, at 1280 and 375 px: no serious or critical violation.
func TestBrowserAxe(t *testing.T) {
	b := browserFor(t)
	_, addr := serveAt(t, "127.0.0.1:0")
	h := newTestServer(t)
	for _, w := range []int64{1280, 375} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			b := b.on(t)
			b.size(w, 800)
			b.fresh(addr)
			b.axe("the first screen")
			b.pick("house/duel")
			eval[bool](b, `(() => { const o = document.getElementById('opt-jockeys'); o.value = 'countdown'; o.dispatchEvent(new Event('change')); document.getElementById('more-box').open = true; return true; })()`)
			b.axe("the setup")
			mid := logTo(t, h, "house/duel", 3, map[string]string{"jockeys": "choose"}, false)
			b.resumeLog(mid.Log)
			b.axe("a game in progress")
			end := logTo(t, h, "greatraces/greatraces", 3, nil, true)
			b.resumeLog(end.Log)
			b.axe("the end of a game")
			b.click("#review")
			b.wait(`document.body.dataset.view === 'replay' && document.body.dataset.review !== 'pending'`)
			b.axe("a replay")
			b.click("#nav-record")
			b.axe("the record")
		})
	}
}
