package serve

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
	"furlong/examples"
)

// enterSheets sets up the sheets of setup on the scorekeeper's page (from
// the first screen: its button, the sheets' mode, the players' names).
func (b *tab) enterSheets(su engine.SheetSetup) {
	b.t.Helper()
	b.click("#nav-sheet")
	b.wait(`document.body.dataset.view === 'sheet' && document.getElementById('sheet-mode')`)
	b.do(chromedp.SetValue(chromedp.ID("sheet-mode"), su.Mode))
	eval[bool](b, `(document.getElementById('sheet-mode').dispatchEvent(new Event('change')), true)`)
	for len(su.Players) > eval[int](b, `document.querySelectorAll('.sheet-names input').length`) {
		b.click(".sheet-setup .buttons button:first-child")
	}
	for i, n := range su.Players {
		b.do(chromedp.SetValue(chromedp.ID(fmt.Sprintf("sheet-name-%d", i+1)), n))
	}
	b.shots("setup")
	b.click("#sheet-start")
	b.wait(`document.querySelector('.sheet-paper .sheet-box') && document.getElementById('sheet').dataset.checked !== 'false'`)
}

// fact chooses a fact of the sheets' header.
func (b *tab) fact(key, v string) {
	b.t.Helper()
	b.do(chromedp.SetValue(chromedp.ID("sheet-fact-"+key), v))
	eval[bool](b, fmt.Sprintf(`(document.getElementById('sheet-fact-%s').dispatchEvent(new Event('change')), true)`, key))
}

// box enters v in the box tagged tag as a scorekeeper does: a tap on it,
// then the number typed (a tick is the tap alone, a jockey picked from
// its list).
func (b *tab) box(tag, v string) {
	b.t.Helper()
	sel := fmt.Sprintf(`.sheet-box[data-tag=%q]`, tag)
	switch eval[string](b, fmt.Sprintf(`(() => { const c = document.querySelector(%q); return c ? c.tagName : ''; })()`, sel)) {
	case "BUTTON":
		b.do(chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible))
	case "SELECT":
		b.do(chromedp.SetValue(chromedp.CSS(sel), v))
		eval[bool](b, fmt.Sprintf(`(document.querySelector(%q).dispatchEvent(new Event('change')), true)`, sel))
	case "INPUT":
		b.do(chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible), chromedp.SendKeys(chromedp.CSS(sel), v))
	default:
		b.t.Fatalf("no box %q on the page", tag)
	}
}

// checked waits for the page's word on the boxes as they stand.
func (b *tab) checked() {
	b.t.Helper()
	eval[bool](b, `(document.activeElement && document.activeElement.blur && document.activeElement.blur(), true)`)
	b.wait(`document.getElementById('sheet').dataset.checked === 'true'`)
}

// sheetExample is an example transcript, read back into its boxes by the
// game's notation, in the order the page draws them.
func sheetExample(t *testing.T, name string) (engine.Verdict, engine.SheetSetup, []string, map[string]string) {
	t.Helper()
	sv := newTestServer(t)
	src, err := examples.FS.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	g, _, aerr := sv.gameOf(src, func(*game.Game) bool { return true })
	if aerr != nil {
		t.Fatal(aerr.Message)
	}
	v, err := g.Judge(bytes.NewReader(src), engine.JudgeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	su, values, err := g.Entry.Read(src)
	if err != nil {
		t.Fatal(err)
	}
	boxes, err := g.Entry.Boxes(su, values)
	if err != nil {
		t.Fatal(err)
	}
	var tags []string
	for _, bx := range boxes {
		if values[bx.Tag] != "" {
			tags = append(tags, bx.Tag)
		}
	}
	return v, su, tags, values
}

// TestBrowserSheet: at 375 px, a Duel's finished sheets, a Great Races
// sheet and a Book's field card and slips are entered on the
// scorekeeper's page by taps and typing, from the first screen: half
// entered they survive a reload, a box that breaks a rule is check's
// problem at that box and loses nothing, and entered whole they score to
// score's figures, the transcript downloaded being the file score reads.
// Screenshots at 375 and 1280 px, half entered, refused and scored; axe
// on the page.
func TestBrowserSheet(t *testing.T) {
	b := browserFor(t)
	_, addr := serveAt(t, "127.0.0.1:0")
	b.size(375, 800)
	b.fresh(addr)
	for _, c := range []struct{ name, file string }{
		{"duel", "house/duel_transcript.txt"},
		{"greatraces", "greatraces/transcript.txt"},
		{"book", "house/book_transcript.txt"},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := b.on(t)
			v, su, tags, values := sheetExample(t, c.file)
			b.open(addr)
			t.Cleanup(func() { eval[bool](b, `(localStorage.removeItem('furlong.sheet'), true)`) })
			b.enterSheets(su)
			for k, x := range su.Facts {
				b.fact(k, x)
			}
			half := len(tags) / 2
			for _, tag := range tags[:half] {
				b.box(tag, values[tag])
			}
			b.checked()
			b.shots(c.name + "-half")
			b.axe("half-entered sheets")
			// A reload keeps every box.
			b.open(addr)
			b.wait(`document.body.dataset.view === 'sheet' && document.querySelector('.sheet-paper .sheet-box')`)
			b.checked()
			for _, tag := range tags[:half] {
				have := eval[string](b, fmt.Sprintf(`(() => { const c = document.querySelector('.sheet-box[data-tag=%q]'); return c.tagName === 'BUTTON' ? (c.getAttribute('aria-pressed') === 'true' ? '1' : '') : c.value; })()`, tag))
				if have != values[tag] {
					t.Errorf("after a reload, box %q holds %q, want %q", tag, have, values[tag])
				}
			}
			// A box that breaks a rule: check's problem, at that box,
			// and nothing entered is lost.
			bad := map[string]string{"duel": "Ben false starts", "greatraces": "race 2 Ben", "book": "Cal false starts"}[c.name]
			b.box(bad, "9")
			b.checked()
			msg := eval[string](b, `document.getElementById('sheet-problem') ? document.getElementById('sheet-problem').textContent : ''`)
			if !strings.Contains(msg, "(rulebook: ") || !eval[bool](b, fmt.Sprintf(`document.querySelector('.sheet-box[data-tag=%q]').classList.contains('bad')`, bad)) {
				t.Errorf("box %q of 9: the page says %q", bad, msg)
			}
			b.shots(c.name + "-refused")
			eval[bool](b, fmt.Sprintf(`(() => { const c = document.querySelector('.sheet-box[data-tag=%q]'); c.value = ''; c.dispatchEvent(new Event('input')); return true; })()`, bad))
			if values[bad] != "" {
				b.box(bad, values[bad]) // what the sheet shows, typed again
			}
			for _, tag := range tags[half:] {
				if tag == bad {
					continue // entered after the refusal
				}
				b.box(tag, values[tag])
			}
			b.checked()
			b.wait(`document.getElementById('sheet-status').classList.contains('ok')`)
			// The transcript downloaded is the file score reads: it
			// scores as the example does (a Book slip lists its stakes
			// horse by horse, not in the order they were taken), and the
			// page's breakdown is score's of it.
			b.click("#sheet-download")
			file := b.file(su.Mode + "-transcript.txt")
			dv := judge(t, file, false)
			winners := engine.Winners(v.Standings())
			if have, want := mustJSON(dv.Standings()), mustJSON(v.Standings()); have != want || dv.Summary() != v.Summary() {
				t.Errorf("the downloaded transcript scores %s, %s\nwant %s, %s\n%s", dv.Summary(), have, v.Summary(), want, file)
			}
			if c.name != "book" && dv.Text() != v.Text() {
				t.Errorf("the downloaded transcript scores\n%s\nwant\n%s", dv.Text(), v.Text())
			}
			if have, want := eval[string](b, `document.querySelector('.sheet-score-head').textContent + '\n\n' + document.getElementById('sheet-score').textContent`), dv.Text(); have != want {
				t.Errorf("the page's breakdown\n%s\nwant score's\n%s", have, want)
			}
			if have := eval[string](b, `document.getElementById('sheet-status').textContent`); !strings.Contains(have, v.Summary()) || !strings.Contains(have, winners[0]) {
				t.Errorf("the page says %q, want check's %q and %q", have, v.Summary(), winners)
			}
			b.shots(c.name + "-scored")
			b.axe("scored sheets")
			if w := eval[int](b, `document.documentElement.scrollWidth`); w > 375 {
				t.Errorf("the page is %d px wide at 375 px", w)
			}
			small := eval[string](b, `[...document.querySelectorAll('.sheet-box')].filter((c) => { const r = c.getBoundingClientRect(); return r.width < 32 || r.height < 40; }).map((c) => c.dataset.tag).join(', ')`)
			if small != "" {
				t.Errorf("boxes too small for a thumb at 375 px: %s", small)
			}
		})
	}
}
