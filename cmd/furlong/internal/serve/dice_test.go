package serve

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"furlong/engine"
)

// The page's dice (dice.js): the pending throw drawn where a person
// decides, and the entry of each throw at a table whose dice are thrown.

// setUpThrown sets up gameMode from the first screen as setUp does, with
// its dice thrown at the table.
func (b *tab) setUpThrown(gameMode string, seed int, who ...string) {
	b.t.Helper()
	b.pick(gameMode)
	eval[bool](b, `(document.querySelector('#setup input[name="dice"][value="table"]').checked = true, true)`)
	n := eval[int](b, `document.querySelectorAll('#seats li').length`)
	for ; n < len(who); n++ {
		b.click("#add-seat")
	}
	for ; n > len(who); n-- {
		b.click("#drop-seat")
	}
	for i, w := range who {
		name, bot, _ := strings.Cut(w, ":")
		b.do(chromedp.SetValue(chromedp.ID(fmt.Sprintf("seat-%d-name", i)), name),
			chromedp.SetValue(chromedp.ID(fmt.Sprintf("seat-%d-who", i)), bot))
	}
	eval[bool](b, `(document.getElementById('more-box').open = true, true)`)
	b.do(chromedp.SetValue(chromedp.ID("seed"), fmt.Sprint(seed)))
	b.click("#start")
	b.wait(`document.body.dataset.view === 'play' && document.body.dataset.dice === 'table'`)
}

// pageState is the state the page holds, as the server last answered it.
func (b *tab) pageState(h http.Handler) apiState {
	b.t.Helper()
	log := eval[string](b, `JSON.parse(localStorage.getItem('furlong.game')).log`)
	return post(b.t, h, "/api/state", map[string]any{"log": log})
}

// inView reports whether the element sel is drawn, all of it, within the
// viewport.
func (b *tab) inView(sel string) bool {
	return eval[bool](b, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e || e.closest('[hidden]')) return false; const r = e.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; })()`, sel))
}

// enterThrow taps, for each die of the pending throw, the face rng draws
// (a face of its own list for a draw that is not a die), then confirms;
// it wants each face button a thumb's size and no face 0 or 7 to tap.
func (b *tab) enterThrow(t *engine.Throw, rng *rand.Rand) {
	b.t.Helper()
	for i, d := range t.Dice {
		if !eval[bool](b, fmt.Sprintf(`document.querySelector('#enter .slot[data-slot="%d"]').getAttribute('aria-pressed') === 'true'`, i)) {
			b.click(fmt.Sprintf(`#enter .slot[data-slot="%d"]`, i))
		}
		faces := d.Faces
		if faces == nil {
			faces = []string{"1", "2", "3", "4", "5", "6"}
			if have := eval[[]string](b, `[...document.querySelectorAll('#enter .faces button')].map((x) => x.dataset.face)`); strings.Join(have, " ") != "1 2 3 4 5 6" {
				b.t.Fatalf("a die offers the faces %q", have)
			}
			if !eval[bool](b, `[...document.querySelectorAll('#enter .faces button, #enter .slot')].every((x) => { const r = x.getBoundingClientRect(); return r.width >= 44 && r.height >= 44; })`) {
				b.t.Error("a face or a die of the entry is smaller than 44 px")
			}
		}
		b.click(fmt.Sprintf(`#enter .faces button[data-face=%q]`, faces[rng.IntN(len(faces))]))
	}
	before := eval[string](b, `JSON.parse(localStorage.getItem('furlong.game')).log`)
	b.click("#enter-ok")
	b.wait(fmt.Sprintf(`document.body.dataset.flying !== 'true' && (JSON.parse(localStorage.getItem('furlong.game')).log !== %q || document.getElementById('refusal').textContent !== '')`, before))
	if r := eval[string](b, `document.getElementById('refusal').textContent`); r != "" {
		b.t.Fatalf("the throw %s is refused: %s", eval[string](b, `document.getElementById('enter-line').textContent`), r)
	}
}

// TestBrowserThrownDuel plays a two-player Duel at 375 px whose dice are
// thrown at the table, every die entered with a tap on its face, from
// the layout die to the final purses: the entry is in sight at each
// throw, the dice drawn in sight at each decision; a throw for the wrong
// player, written, is refused in check's words and loses the taps
// entered; a throw taken back is entered again; the end shows the
// engine's purses for the log, with Print, the review and the log.
func TestBrowserThrownDuel(t *testing.T) {
	b := browserFor(t)
	_, addr := serveAt(t, "127.0.0.1:0")
	h := newTestServer(t)
	b.size(375, 740)
	b.fresh(addr)
	b.setUpThrown("house/duel", 12, "Ana:", "Ben:")
	rng := rand.New(rand.NewPCG(12, 28))
	refused, undone, decisions := false, false, 0
	rolls := map[string]bool{} // the logs at which a roll was to be entered
	for move := 0; ; move++ {
		if move > 300 {
			t.Fatal("the game has not ended after 300 entries")
		}
		b.wait(`document.body.dataset.flying !== 'true' && ['person', 'throw', 'over'].includes(document.body.dataset.turn)`)
		turn := eval[string](b, `document.body.dataset.turn`)
		if turn == "over" {
			break
		}
		st := b.pageState(h)
		if turn == "throw" {
			th := st.Pending.Throw
			if th == nil || !st.Pending.Chance {
				t.Fatalf("the page enters a throw where the game waits for %+v", st.Pending)
			}
			if !b.inView("#enter .faces") || !b.inView("#enter-ok") {
				t.Errorf("at 375 px the entry of %s is out of sight", th.Text)
			}
			if move == 0 {
				b.shots("layout-entry")
				b.axe("the entry of a throw")
			}
			if th.Kind == "roll" {
				rolls[st.Log] = true
			}
			if len(rolls) == 2 && !refused {
				// Two taps, then the throw written for the other player
				// (the first roll is anyone's: the second is not).
				refused = true
				b.click("#enter-clear")
				b.click(`#enter .faces button[data-face="6"]`)
				b.click(`#enter .faces button[data-face="2"]`)
				b.shots("roll-entry")
				other := st.Players[1-th.Thrower].Name
				wrong := "roll " + other + " 1 2 3 4 5 6"
				want := stepErr(t, h, st.Log, wrong)
				eval[bool](b, `(document.querySelector('#enter details').open = true, true)`)
				b.do(chromedp.SetValue(chromedp.ID("enter-write"), wrong))
				b.click(`#enter-write + button`)
				b.wait(`document.getElementById('refusal').textContent !== ''`)
				if have := eval[string](b, `document.getElementById('refusal').textContent`); !strings.Contains(have, want.Error.Message) || (want.Error.Chapter != "" && !strings.Contains(have, want.Error.Chapter)) {
					t.Errorf("a throw for %s is refused with %q, want check's %q (%s)", other, have, want.Error.Message, want.Error.Chapter)
				}
				if have := eval[string](b, `document.getElementById('enter-line').textContent`); !strings.HasSuffix(have, " 6 2 _ _ _ _") {
					t.Errorf("after the refusal the entry reads %q: the taps are lost", have)
				}
				if b.pageState(h).Log != st.Log {
					t.Error("a refused throw changed the game")
				}
				b.click("#enter-clear")
			}
			b.enterThrow(th, rng)
			if len(rolls) == 1 && !undone {
				// The throw taken back: the same throw waits again.
				undone = true
				b.click("#undo")
				b.wait(fmt.Sprintf(`document.body.dataset.flying !== 'true' && JSON.parse(localStorage.getItem('furlong.game')).log === %q`, st.Log))
				b.wait(`document.body.dataset.turn === 'throw'`)
			}
			continue
		}
		// A person decides: the dice are drawn, in sight, beside the choices.
		decisions++
		if th := st.Pending.Throw; th != nil && len(th.Dice) > 0 && th.Dice[0].Face > 0 {
			faces := eval[[]string](b, `[...document.querySelectorAll('#dice .die-box')].map((d) => d.dataset.face)`)
			var want []string
			for _, d := range th.Dice {
				want = append(want, fmt.Sprint(d.Face))
			}
			if strings.Join(faces, " ") != strings.Join(want, " ") {
				t.Errorf("the dice drawn are %q, want %q", faces, want)
			}
			if !b.inView("#dice .dice-row") {
				t.Errorf("at 375 px the dice of %s's decision are out of sight", st.Pending.Player)
			}
			if decisions == 1 {
				b.shots("dice-decision")
			}
		}
		n := eval[int](b, `document.querySelectorAll('#choices button').length`)
		before := eval[string](b, `document.getElementById('log').textContent`)
		b.choice(rng.IntN(n))
		b.played(before, func() { b.choice(0) })
	}
	if !refused || !undone || decisions == 0 {
		t.Fatalf("the game ended before a refusal (%v), an undo (%v) and a decision (%d)", refused, undone, decisions)
	}
	b.shots("end")
	log := b.download()
	if !strings.Contains(string(log), "# furlong serve: dice table\n") {
		t.Errorf("the log downloaded does not say its dice were thrown:\n%s", log)
	}
	v := judge(t, log, false)
	var res struct {
		Players []struct {
			Name   string `json:"name"`
			Result int    `json:"result"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(mustJSON(v.JSON())), &res); err != nil {
		t.Fatal(err)
	}
	shown := eval[string](b, `document.getElementById('result').textContent`)
	for _, p := range res.Players {
		if want := p.Name + dollars(p.Result); !strings.Contains(shown, want) {
			t.Errorf("the result shown %q has not %s", shown, want)
		}
	}
	verdict := eval[string](b, `document.getElementById('verdict').textContent`)
	winners := strings.Join(engine.Winners(v.Standings()), " and ")
	if !strings.Contains(verdict, winners) {
		t.Errorf("the verdict %q names not the winners %s", verdict, winners)
	}
	if strings.Contains(eval[string](b, `document.getElementById('status').textContent`), verdict) {
		t.Error("the end says its verdict twice, above the board and in the result")
	}
	for _, id := range []string{"print-box", "review", "download"} {
		if eval[bool](b, fmt.Sprintf(`document.getElementById(%q).hidden`, id)) {
			t.Errorf("the end of a game whose dice were thrown offers no %s", id)
		}
	}
	b.click("#review")
	b.wait(`document.body.dataset.view === 'replay' && document.body.dataset.review !== 'pending'`)
	if r := eval[string](b, `document.getElementById('replay-error').textContent`); r != "" {
		t.Errorf("the review of the game: %s", r)
	}
}

// stepErr is the refusal /api/step gives choice at log, which it wants a
// 400.
func stepErr(t *testing.T, h http.Handler, log, choice string) apiErr {
	t.Helper()
	w := call(h, "POST", "/api/step", mustJSON(map[string]any{"log": log, "choice": choice, "until": "one"}))
	if w.Code != http.StatusBadRequest {
		t.Fatalf("%s: have %d %s, want 400", choice, w.Code, w.Body)
	}
	var e apiErr
	if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
		t.Fatal(err)
	}
	return e
}

// TestBrowserThrownDeal enters Horse Race's deal at 375 px, each hand
// rank by rank: a rank runs out once the deck holds no more of it; a
// hand written with a card the deck does not hold is refused in check's
// words, keeping the ranks tapped; the race's dice are entered next.
func TestBrowserThrownDeal(t *testing.T) {
	b := browserFor(t)
	_, addr := serveAt(t, "127.0.0.1:0")
	h := newTestServer(t)
	b.size(375, 740)
	b.fresh(addr)
	b.setUpThrown("horserace", 5, "Ana:", "Ben:", "Cal:")
	rng := rand.New(rand.NewPCG(5, 28))
	for hand := 0; ; hand++ {
		b.wait(`document.body.dataset.flying !== 'true' && document.body.dataset.turn === 'throw'`)
		st := b.pageState(h)
		th := st.Pending.Throw
		if th.Hand == nil {
			if hand != len(st.Players) {
				t.Fatalf("%d hands entered, and the game waits for %s", hand, th.Text)
			}
			b.enterThrow(th, rng)
			break
		}
		if !b.inView("#enter .ranks") {
			t.Errorf("at 375 px the ranks of %s are out of sight", th.Text)
		}
		if hand == 0 {
			// Three cards tapped, then a hand the deck cannot hold written.
			b.click(`#enter .rank-add[data-rank="2"]`)
			b.click(`#enter .rank-add[data-rank="2"]`)
			b.click(`#enter .rank-add[data-rank="3"]`)
			b.shots("deal-entry")
			b.axe("the entry of a deal")
			top := th.Hand.Ranks[len(th.Hand.Ranks)-1]
			bad := strings.TrimSpace(strings.Repeat(top+" ", th.Hand.Size))
			bad = strings.Replace(th.Text, engine.Slot, bad, 1)
			want := stepErr(t, h, st.Log, bad)
			eval[bool](b, `(document.querySelector('#enter details').open = true, true)`)
			b.do(chromedp.SetValue(chromedp.ID("enter-write"), bad))
			b.click(`#enter-write + button`)
			b.wait(`document.getElementById('refusal').textContent !== ''`)
			if have := eval[string](b, `document.getElementById('refusal').textContent`); !strings.Contains(have, want.Error.Message) {
				t.Errorf("a hand of %d %ss is refused with %q, want check's %q", th.Hand.Size, top, have, want.Error.Message)
			}
			if have := eval[string](b, `document.getElementById('enter-held').textContent`); !strings.HasPrefix(have, "3 of ") {
				t.Errorf("after the refusal the hand holds %q: the taps are lost", have)
			}
			b.click("#enter-clear")
		}
		// The hand, a card at a time, from what the deck still holds.
		var pool []string
		for i, r := range th.Hand.Ranks {
			for range th.Hand.Left[i] {
				pool = append(pool, r)
			}
		}
		rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		for _, r := range pool[:th.Hand.Size] {
			b.click(fmt.Sprintf(`#enter .rank-add[data-rank=%q]`, r))
		}
		// A rank the deck holds no more of cannot be tapped.
		for i, r := range th.Hand.Ranks {
			if th.Hand.Left[i] == 0 && !eval[bool](b, fmt.Sprintf(`document.querySelector('#enter .rank-add[data-rank=%q]').disabled`, r)) {
				t.Errorf("%s: the deck holds no %s, and it can be tapped", th.Text, r)
			}
		}
		before := st.Log
		b.click("#enter-ok")
		b.wait(fmt.Sprintf(`document.body.dataset.flying !== 'true' && (JSON.parse(localStorage.getItem('furlong.game')).log !== %q || document.getElementById('refusal').textContent !== '')`, before))
		if r := eval[string](b, `document.getElementById('refusal').textContent`); r != "" {
			t.Fatalf("the hand %s is refused: %s", eval[string](b, `document.getElementById('enter-line').textContent`), r)
		}
	}
	if log := b.pageState(h).Log; strings.Count(log, "\ndeal ") != 3 {
		t.Errorf("the log has not the three hands entered:\n%s", log)
	}
}

// TestBrowserDiceInSight shows a person's decision about dice in each
// game whose decisions have them (furlong rolls the dice), at 375 px:
// the dice of the decision drawn as the state says them and in sight
// while the board scrolls,
// each choice marking on them the dice it plays while it has the focus.
func TestBrowserDiceInSight(t *testing.T) {
	b := browserFor(t)
	_, addr := serveAt(t, "127.0.0.1:0")
	h := newTestServer(t)
	b.size(1280, 900)
	b.fresh(addr)
	met := 0
	for i, gm := range everyMode() {
		t.Run(strings.ReplaceAll(gm, "/", "-"), func(t *testing.T) {
			b := b.on(t)
			mid := logTo(t, h, gm, uint64(70+i), nil, false)
			p := mid.Pending
			if p == nil || p.Chance || p.Bot != "" || p.Throw == nil || len(p.Throw.Dice) == 0 || p.Throw.Dice[0].Face == 0 {
				t.Skipf("%s decides nothing about dice", gm)
			}
			met++
			b.size(375, 740)
			b.resumeLog(mid.Log)
			faces := eval[[]string](b, `[...document.querySelectorAll('#dice .die-box')].map((d) => d.dataset.face)`)
			var want []string
			for _, d := range p.Throw.Dice {
				want = append(want, fmt.Sprint(d.Face))
			}
			if strings.Join(faces, " ") != strings.Join(want, " ") {
				t.Errorf("the dice drawn are %q, want %q", faces, want)
			}
			// In sight however the board scrolls, as the choices are.
			for _, at := range []string{"0", "document.getElementById('board').getBoundingClientRect().top + scrollY + document.getElementById('board').offsetHeight / 2 - innerHeight / 2"} {
				eval[bool](b, `(scrollTo(0, `+at+`), true)`)
				if !b.inView("#dice .dice-row") {
					t.Errorf("at 375 px, scrolled to %s, the dice are out of sight", at)
				}
			}
			eval[bool](b, `(scrollTo(0, 0), true)`)
			// The choice with the focus marks the dice it uses.
			for _, c := range p.Choices {
				if len(c.Uses) == 0 {
					continue
				}
				eval[bool](b, fmt.Sprintf(`(document.querySelector('#choices button[data-text=%q]').focus(), true)`, c.Text))
				marked := eval[[]string](b, `[...document.querySelectorAll('#dice .die-box')].map((d) => d.classList.contains('marked') ? d.querySelector('.use').textContent : '')`)
				if strings.Join(marked, "|") != strings.Join(c.Uses, "|") {
					t.Errorf("%s has the focus: the dice say %q, want %q", c.Text, marked, c.Uses)
				}
				break
			}
			b.shots("dice")
			b.axe("a decision with its dice")
		})
	}
	if met == 0 {
		t.Error("no game had a decision about dice")
	}
}

// TestHouseGameName wants the house game called so in the game list
// (and so in the record, which names each game by the list's title),
// never "furlong", the name of the program.
func TestHouseGameName(t *testing.T) {
	h := newPlainServer(t)
	w := call(h, "GET", "/api/games", "")
	var list struct {
		Games []struct {
			Name  string `json:"name"`
			Title string `json:"title"`
		} `json:"games"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &list); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, g := range list.Games {
		if strings.EqualFold(strings.TrimSpace(g.Title), "furlong") {
			t.Errorf("the game %s is listed as %q", g.Name, g.Title)
		}
		if g.Name == "house" {
			found = true
			if !strings.HasPrefix(g.Title, "The house game") {
				t.Errorf("the house game is listed as %q", g.Title)
			}
		}
	}
	if !found {
		t.Skip("no house game on this tree")
	}
}
