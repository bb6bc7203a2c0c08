package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"furlong/engine"
)

// The page's tests drive Debian's chromium, headless, through chromedp.
// They skip when it is not installed; CI installs it. Screenshots go to
// the folder FURLONG_SHOTS names, when set, to be looked at.

// tab is one browser tab on a page of the server.
type tab struct {
	t   *testing.T
	ctx context.Context
	url string
	dl  string // the folder downloads land in
}

// browserFor starts chromium with a fresh profile and opens a tab.
func browserFor(t *testing.T) *tab {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("the browser tests need Debian's chromium package (apt-get install chromium): it is not installed")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelA() })
	tb := &tab{t: t, ctx: ctx, dl: t.TempDir()}
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("chromium does not start: %v", err)
	}
	_, err = chromedp.Run(ctx, func(ctx context.Context, _ *chromedp.Target) (cdp.Empty, error) {
		on := true
		return cdp.Call(ctx, chromedp.FromContext(ctx).Browser, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
			Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: tb.dl, EventsEnabled: &on,
		})
	})
	if err != nil {
		t.Fatalf("downloads: %v", err)
	}
	return tb
}

// serveAt serves the test games on a port of the loopback: a server can
// be stopped and another started at the same address, so the page keeps
// its storage.
func serveAt(t *testing.T, addr string) (*http.Server, string) {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	srv := HTTPServer(ln.Addr().String(), newTestServer(t))
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return srv, ln.Addr().String()
}

func (b *tab) do(steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		b.t.Fatalf("browser: %v", err)
	}
}

func eval[T any](b *tab, expr string) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// wait polls expr until it is true.
func (b *tab) wait(expr string) {
	b.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !eval[bool](b, "!!("+expr+")") {
		if time.Now().After(deadline) {
			b.shot("timeout")
			b.t.Fatalf("waited 20s for %s; the page says %q", expr, eval[string](b, "document.getElementById('status').textContent + ' | ' + document.getElementById('refusal').textContent + ' | ' + document.getElementById('notice').textContent"))
		}
		time.Sleep(15 * time.Millisecond)
	}
}

func (b *tab) open(addr string) {
	b.t.Helper()
	b.url = "http://" + addr + "/"
	b.do(chromedp.Navigate(b.url))
	b.wait(`document.body.dataset.ready === 'true'`)
}

func (b *tab) click(sel string) {
	b.t.Helper()
	b.do(chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible))
}

func (b *tab) size(w, h int64) { b.do(chromedp.EmulateViewport(w, h)) }

// shot saves a screenshot of the whole page as NAME.png in FURLONG_SHOTS.
func (b *tab) shot(name string) {
	dir := os.Getenv("FURLONG_SHOTS")
	if dir == "" {
		return
	}
	ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Logf("screenshot %s: %v", name, err)
		return
	}
	os.MkdirAll(dir, 0o755)
	if err := os.WriteFile(filepath.Join(dir, b.t.Name()+"-"+name+".png"), png, 0o644); err != nil {
		b.t.Log(err)
	}
}

// setUp fills the setup form: the seats' names and who plays them, and a
// seed, with the bots' pause set first.
func (b *tab) setUp(pause int, seed int, who ...string) {
	b.t.Helper()
	eval[bool](b, fmt.Sprintf(`(() => { const s = document.getElementById('speed'); s.value = '%d'; s.dispatchEvent(new Event('input')); return true; })()`, pause))
	b.click("#nav-setup")
	b.do(chromedp.SetValue(chromedp.ID("game"), "toy"))
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
	b.do(chromedp.SetValue(chromedp.ID("seed"), fmt.Sprint(seed)))
	b.click("#start")
	b.wait(`document.body.dataset.view === 'play'`)
}

func (b *tab) logText() string {
	return eval[string](b, `[...document.querySelectorAll('#log li')].map(l => l.textContent).join('\n') + '\n'`)
}

// playOn plays the game to its end by pressing the page's buttons: the
// first choice by a click, the second with the keyboard (Tab to the
// choice, Enter), the third by a click on the board, the rest by clicks.
func (b *tab) playOn(shotAt int) {
	b.t.Helper()
	for move := 0; ; move++ {
		if move > 300 {
			b.t.Fatal("the game has not ended after 300 moves")
		}
		b.wait(`document.body.dataset.turn === 'person' || document.body.dataset.turn === 'over'`)
		if eval[string](b, `document.body.dataset.turn`) == "over" {
			return
		}
		if move == shotAt {
			b.shot("mid-game")
		}
		before := eval[string](b, `document.getElementById('log').textContent`)
		switch move {
		case 1:
			// Start from the top of the table, as a keyboard user would.
			eval[bool](b, `(document.activeElement && document.activeElement.blur(), true)`)
			for tabs := 0; ; tabs++ {
				if tabs > 40 {
					b.t.Fatal("Tab never reaches a choice")
				}
				b.do(chromedp.KeyEvent(kb.Tab))
				if eval[bool](b, `!!document.activeElement.closest('#choices')`) {
					break
				}
			}
			if !eval[bool](b, `document.activeElement.matches(':focus-visible') && getComputedStyle(document.activeElement).outlineStyle !== 'none'`) {
				b.t.Error("a choice reached by Tab shows no focus")
			}
			b.do(chromedp.KeyEvent(kb.Enter))
		case 2:
			if eval[int](b, `document.querySelectorAll('#board rect.part[data-tag="die 1"]').length`) > 0 {
				b.click(`#board rect.part[data-tag="die 1"]`)
				break
			}
			fallthrough
		default:
			b.click("#choices button")
		}
		b.wait(fmt.Sprintf(`document.getElementById('log').textContent !== %q || document.body.dataset.turn === 'over'`, before))
	}
}

// press clicks sel and waits for the log to change, or the game to end.
func (b *tab) press(sel string) {
	b.t.Helper()
	before := eval[string](b, `document.getElementById('log').textContent`)
	b.click(sel)
	b.wait(fmt.Sprintf(`document.getElementById('log').textContent !== %q || document.body.dataset.over === 'true'`, before))
}

// download presses "Download log" and returns the file.
func (b *tab) download() []byte {
	b.t.Helper()
	name := eval[string](b, `(document.getElementById('play-h'), 'toy-' + (JSON.parse(localStorage.getItem('furlong.game')).log.match(/seed (\d+)/) || [0, ''])[1] + '.log')`)
	b.click("#download")
	return b.file(name)
}

// file waits for a download called name and returns it.
func (b *tab) file(name string) []byte {
	b.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		data, err := os.ReadFile(filepath.Join(b.dl, name))
		if err == nil && len(data) > 0 {
			return data
		}
		if time.Now().After(deadline) {
			entries, _ := os.ReadDir(b.dl)
			b.t.Fatalf("no download %s (the folder has %v)", name, entries)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func judgeToy(t *testing.T, log []byte, partial bool) engine.Verdict {
	t.Helper()
	v, err := newTestServer(t).byMode("toy").Judge(strings.NewReader(string(log)), engine.JudgeOptions{Partial: partial})
	if err != nil {
		t.Fatalf("the referee refuses the downloaded log: %v\n%s", err, log)
	}
	return v
}

// TestBrowserPlay sets up a table of one person and two bots, plays the
// whole game by pressing the page's buttons, downloads the log and has the
// referee check it.
func TestBrowserPlay(t *testing.T) {
	b := browserFor(t)
	_, addr := serveAt(t, "127.0.0.1:0")
	b.size(1280, 900)
	b.open(addr)
	// A setup the game refuses says why, at the field.
	b.click("#nav-setup")
	b.do(chromedp.SetValue(chromedp.ID("seat-1-name"), "ana"))
	b.click("#start")
	b.wait(`document.getElementById('setup-error').textContent !== ''`)
	if have := eval[string](b, `document.getElementById('setup-error').textContent`); !strings.Contains(have, `two players are called "ana"`) {
		t.Errorf("a setup with two names alike: %q", have)
	}
	if !eval[bool](b, `document.getElementById('seat-0-name').getAttribute('aria-invalid') === 'true' && document.activeElement.id === 'seat-0-name'`) {
		t.Error("the names field is not marked and focused")
	}
	b.setUp(0, 7, "Ana:", "Ben:greedy", "Cal:random")
	// A move the rules do not know is refused in check's words.
	b.wait(`document.body.dataset.turn === 'person'`)
	b.do(chromedp.SetValue(chromedp.ID("write"), "Ana flies"))
	b.click("#write-form button")
	b.wait(`document.getElementById('refusal').textContent !== ''`)
	if have := eval[string](b, `document.getElementById('refusal').textContent`); !strings.Contains(have, `"Ana flies" is not a statement of the toy race (rulebook: Writing it down)`) {
		t.Errorf("refusal: have %q", have)
	}
	b.playOn(1)
	b.shot("end")
	log := b.download()
	v := judgeToy(t, log, false)
	b.click("#print")
	if pdf := b.file("toy-race-sheet-a4.pdf"); !strings.HasPrefix(string(pdf), "%PDF-") {
		t.Errorf("Print gives %.20q", pdf)
	}
	if shown := b.logText(); shown != string(log) {
		t.Errorf("the log shown:\n%s\nthe log downloaded:\n%s", shown, log)
	}
	winners := strings.Join(engine.Winners(v.Standings()), " and ")
	if have := eval[string](b, `document.getElementById('status').textContent`); !strings.Contains(have, winners) {
		t.Errorf("status at the end: %q, want the winners %s", have, winners)
	}
	b.size(375, 800)
	b.shot("end-375")
	if w := eval[int](b, `document.documentElement.scrollWidth`); w > 375 {
		t.Errorf("at 375 px the finished game is %d px wide", w)
	}
}

// TestBrowserWatch watches a game of bots: pause, a step at a time, then
// on to the end.
func TestBrowserWatch(t *testing.T) {
	b := browserFor(t)
	_, addr := serveAt(t, "127.0.0.1:0")
	b.size(1280, 900)
	b.open(addr)
	b.setUp(150, 3, "Ana:greedy", "Ben:random", "Cal:greedy", "Dee:random")
	b.wait(`document.querySelectorAll('#log li').length > 16`)
	b.click("#pause")
	time.Sleep(400 * time.Millisecond) // an answer on its way lands
	n := eval[int](b, `document.querySelectorAll('#log li').length`)
	time.Sleep(500 * time.Millisecond)
	if m := eval[int](b, `document.querySelectorAll('#log li').length`); m != n {
		t.Fatalf("paused, the log grew from %d to %d lines", n, m)
	}
	b.shot("paused")
	for i := 1; i <= 3; i++ {
		b.click("#step")
		b.wait(fmt.Sprintf(`document.querySelectorAll('#log li').length >= %d || document.body.dataset.over === 'true'`, n+i))
	}
	b.click("#pause") // resume
	b.wait(`document.body.dataset.over === 'true'`)
	b.shot("end")
	judgeToy(t, []byte(b.logText()), false)
	if eval[string](b, `localStorage.getItem('furlong.record') || '{}'`) != "{}" {
		t.Error("a watched game changed the record")
	}
}

// TestBrowserReplay opens a finished log by pasting it and steps through
// it back and forth, by move and by turn.
func TestBrowserReplay(t *testing.T) {
	b := browserFor(t)
	_, addr := serveAt(t, "127.0.0.1:0")
	h := newTestServer(t)
	st := post(t, h, "/api/new", map[string]any{"game": "toy", "seats": seats(3, 0, "greedy"), "seed": 5})
	st = post(t, h, "/api/step", map[string]any{"log": st.Log})
	idx := post(t, h, "/api/state", map[string]any{"log": st.Log, "moves": true})
	moves := len(idx.Moves)
	b.size(1280, 900)
	b.open(addr)
	b.click("#nav-replay")
	b.do(chromedp.SetValue(chromedp.ID("paste"), st.Log))
	b.click("#paste-open")
	b.wait(`document.body.dataset.replayAt === '` + fmt.Sprint(moves-1) + `'`)
	at := func() int { return eval[int](b, `Number(document.body.dataset.replayAt)`) }
	turnOf := func(i int) int {
		var m move
		json.Unmarshal(idx.Moves[i], &m)
		return m.Turn
	}
	step := func(button string, want int) {
		t.Helper()
		b.click(button)
		b.wait(`document.body.dataset.replayAt === '` + fmt.Sprint(want) + `'`)
	}
	step("#r-back", moves-2)
	step("#r-back", moves-3)
	// Back a turn lands on the last move of the turn before.
	i := moves - 3
	for i >= 0 && turnOf(i) >= turnOf(moves-3) {
		i--
	}
	step("#r-turn-back", i)
	b.shot("mid-replay")
	step("#r-first", -1)
	if have := eval[string](b, `document.getElementById('r-where').textContent`); !strings.HasPrefix(have, "At the start") {
		t.Errorf("at the start the replay says %q", have)
	}
	step("#r-next", 0)
	j := 0
	for j+1 < moves && turnOf(j+1) == turnOf(1) {
		j++
	}
	step("#r-turn-next", j)
	// The keyboard steps too.
	b.do(chromedp.Focus(chromedp.ID("r-next")), chromedp.KeyEvent(kb.ArrowRight))
	b.wait(`document.body.dataset.replayAt === '` + fmt.Sprint(j+1) + `'`)
	// A click on a line of the log goes there.
	var m move
	json.Unmarshal(idx.Moves[4], &m)
	b.click(fmt.Sprintf(`#r-log li[value="%d"] button`, m.Line))
	b.wait(`document.body.dataset.replayAt === '4'`)
	step("#r-last", moves-1)
	if have := at(); have != moves-1 {
		t.Errorf("at the end: %d", have)
	}
	b.shot("end")
	// A log dropped on the page, and one opened with the file picker,
	// open as the pasted one did.
	other := post(t, h, "/api/step", map[string]any{"log": post(t, h, "/api/new", map[string]any{"game": "toy", "seats": seats(2, 0, "random"), "seed": 6}).Log})
	eval[bool](b, fmt.Sprintf(`(() => {
		const dt = new DataTransfer();
		dt.items.add(new File([%q], 'race.log', {type: 'text/plain'}));
		document.getElementById('drop').dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
		return true;
	})()`, other.Log))
	b.wait(`document.getElementById('r-log').textContent.includes('# furlong serve: seed 6')`)
	file := filepath.Join(t.TempDir(), "race.log")
	if err := os.WriteFile(file, []byte(st.Log), 0o644); err != nil {
		t.Fatal(err)
	}
	b.do(chromedp.SetUploadFiles(chromedp.ID("file"), []string{file}))
	b.wait(`document.getElementById('r-log').textContent.includes('# furlong serve: seed 5')`)
	// A broken log is refused with its line.
	b.do(chromedp.SetValue(chromedp.ID("paste"), "game toy\nplayers Ana\nfirst Bob\n"))
	b.click("#paste-open")
	b.wait(`document.getElementById('replay-error').textContent !== ''`)
	if have := eval[string](b, `document.getElementById('replay-error').textContent`); !strings.HasPrefix(have, `line 3: "Bob" is not at the table`) {
		t.Errorf("a broken log: %q", have)
	}
}

// TestBrowserRecord rides a solo race and wants the record to keep its
// result; the rule of what counts is a pure function the test calls.
func TestBrowserRecord(t *testing.T) {
	b := browserFor(t)
	_, addr := serveAt(t, "127.0.0.1:0")
	b.size(1280, 900)
	b.open(addr)
	for _, c := range []struct{ call, want string }{
		{`outcome('house', 'solo', [{name: 'Sol'}], [{name: 'Sol', result: 210, place: 1}])`, `[{"name":"Sol","game":"house","mode":"solo","kind":"solo","result":210,"rungs":3}]`},
		{`outcome('house', 'solo', [{name: 'Sol'}], [{name: 'Sol', result: -65, place: 1}])`, `[{"name":"Sol","game":"house","mode":"solo","kind":"solo","result":-65,"rungs":0}]`},
		{`outcome('house', 'duel', [{name: 'Ana'}, {name: 'Ben'}], [{name: 'Ana', result: 5, place: 1}, {name: 'Ben', result: 2, place: 2}])`, `[]`},
		{`outcome('toy', 'toy', [{name: 'Ana', bot: 'greedy'}, {name: 'Ben', bot: 'random'}], [{name: 'Ana', place: 1}, {name: 'Ben', place: 2}])`, `[]`},
		{`outcome('toy', 'toy', [{name: 'Ana'}, {name: 'Ben', bot: 'greedy'}], [{name: 'Ana', place: 2}, {name: 'Ben', place: 1}])`, `[{"name":"Ana","game":"toy","mode":"toy","kind":"loss"}]`},
		{`outcome('toy', 'toy', [{name: 'Ana'}, {name: 'Ben'}, {name: 'Cal', bot: 'greedy'}], [{name: 'Ana', place: 1}, {name: 'Ben', place: 1}, {name: 'Cal', place: 3}])`, `[{"name":"Ana","game":"toy","mode":"toy","kind":"win"},{"name":"Ben","game":"toy","mode":"toy","kind":"win"}]`},
		{`add(add({}, outcome('house', 'solo', [{name: 'Sol'}], [{name: 'Sol', result: 130, place: 1}])), outcome('house', 'solo', [{name: 'Sol'}], [{name: 'Sol', result: 90, place: 1}]))`, `{"Sol":{"games":{},"solo":{"house/solo":{"rides":2,"best":130,"last":90,"rungs":1}}}}`},
	} {
		have := eval[string](b, `import('/record.js').then(({outcome, add}) => JSON.stringify(`+c.call+`))`)
		if have != c.want {
			t.Errorf("%s:\nhave %s\nwant %s", c.call, have, c.want)
		}
	}
	b.setUp(0, 11, "Sol:")
	b.playOn(-1)
	v := judgeToy(t, []byte(b.logText()), false)
	result := v.Standings()[0].Result
	b.click("#nav-record")
	b.wait(`document.querySelector('.record-player[data-name="Sol"]')`)
	if have, want := eval[string](b, `document.querySelector('.record-player[data-name="Sol"]').textContent`), fmt.Sprintf("The toy race: 1 ride, best %d, last %d.", result, result); !strings.Contains(have, want) {
		t.Errorf("the record: have %q, want %q", have, want)
	}
	b.shot("record")
	// A reload does not count the same race twice.
	b.do(chromedp.Reload())
	b.wait(`document.body.dataset.ready === 'true'`)
	if have := eval[int](b, `JSON.parse(localStorage.getItem('furlong.record')).Sol.solo['toy/toy'].rides`); have != 1 {
		t.Errorf("after a reload the record has %d rides", have)
	}
}

// TestBrowserResume reloads the page mid-game, and restarts the server,
// and wants the game to go on where it was.
func TestBrowserResume(t *testing.T) {
	b := browserFor(t)
	srv, addr := serveAt(t, "127.0.0.1:0")
	b.size(1280, 900)
	b.open(addr)
	b.setUp(0, 21, "Ana:", "Ben:")
	for range 3 {
		b.wait(`document.body.dataset.turn === 'person'`)
		b.press("#choices button")
	}
	b.wait(`document.body.dataset.turn === 'person'`)
	mid := b.logText()
	choices := eval[string](b, `[...document.querySelectorAll('#choices button')].map(b => b.dataset.text).join('|')`)
	b.do(chromedp.Reload())
	b.wait(`document.body.dataset.ready === 'true' && document.body.dataset.turn === 'person'`)
	if have := b.logText(); have != mid {
		t.Fatalf("after a reload the log is\n%s\nwant\n%s", have, mid)
	}
	if have := eval[string](b, `[...document.querySelectorAll('#choices button')].map(b => b.dataset.text).join('|')`); have != choices {
		t.Errorf("after a reload the choices are %q, want %q", have, choices)
	}
	// The server stops; another starts at the same address.
	srv.Close()
	serveAt(t, addr)
	b.do(chromedp.Reload())
	b.wait(`document.body.dataset.ready === 'true' && document.body.dataset.turn === 'person'`)
	if have := b.logText(); have != mid {
		t.Fatalf("after a restart the log is\n%s\nwant\n%s", have, mid)
	}
	// Undo takes back a move, and the game plays on.
	b.press("#choices button")
	b.click("#undo")
	b.wait(fmt.Sprintf(`[...document.querySelectorAll('#log li')].map(l => l.textContent).join('\n') + '\n' === %q`, mid))
	b.playOn(-1)
	judgeToy(t, []byte(b.logText()), false)
	if eval[string](b, `localStorage.getItem('furlong.record') || '{}'`) != "{}" {
		t.Error("a two-player game at one screen changed the record")
	}
}

// TestBrowserNarrow shows every view at 375 px wide and wants no sideways
// scrolling.
func TestBrowserNarrow(t *testing.T) {
	b := browserFor(t)
	_, addr := serveAt(t, "127.0.0.1:0")
	b.size(375, 740)
	b.open(addr)
	wide := func(view string) {
		t.Helper()
		if w := eval[int](b, `document.documentElement.scrollWidth`); w > 375 {
			t.Errorf("%s: the page is %d px wide at 375 px", view, w)
		}
	}
	b.wait(`document.body.dataset.view === 'setup'`)
	for range 3 {
		b.click("#add-seat")
	}
	wide("setup")
	b.shot("setup")
	b.setUp(0, 9, "Anastasia-Maximiliana:", "Ben:greedy", "Cal:random", "Dee:greedy")
	b.wait(`document.body.dataset.turn === 'person'`)
	wide("play")
	b.shot("mid-game")
	b.playOn(-1)
	wide("the end")
	b.shot("end")
	log := b.logText()
	b.click("#nav-replay")
	b.do(chromedp.SetValue(chromedp.ID("paste"), log))
	b.click("#paste-open")
	b.wait(`document.body.dataset.replayAt !== undefined`)
	wide("replay")
	b.shot("replay")
	b.click("#nav-record")
	wide("record")
}
