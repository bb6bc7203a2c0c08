package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"furlong/cmd/furlong/internal/serve/store/storetest"
)

// The rooms' page: every device a browser context of its own, at an
// address of its own on the loopback (so that what each receives is
// recorded apart), all of one server.

// wire records every answer of the rooms' API and every byte of the event
// streams each device receives.
type wire struct {
	mu  sync.Mutex
	got []*received
	// cut are the devices whose event streams are cut: each is ended,
	// and a new one fails as a lost connection does.
	cut     map[string]bool
	cancels map[string]map[*received]func()
}

// received is one answer a device received: its path, the Last-Event-ID
// of an event stream, and its body as far as it came (an event stream's
// grows while it lasts).
type received struct {
	device, path, last string
	body               bytes.Buffer
}

// tee writes an answer through, and records it.
type tee struct {
	http.ResponseWriter
	w *wire
	r *received
}

func (t *tee) Write(b []byte) (int, error) {
	t.w.mu.Lock()
	t.r.body.Write(b)
	t.w.mu.Unlock()
	return t.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController flush a stream and set its
// deadlines through the tee.
func (t *tee) Unwrap() http.ResponseWriter { return t.ResponseWriter }

// wrap records what device receives from h's rooms' API.
func (w *wire) wrap(device string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/rooms") {
			h.ServeHTTP(rw, r)
			return
		}
		rec := &received{device: device, path: r.URL.Path, last: r.Header.Get("Last-Event-ID")}
		stream := strings.HasSuffix(r.URL.Path, "/events")
		w.mu.Lock()
		if stream && w.cut[device] {
			w.mu.Unlock()
			if c, _, err := http.NewResponseController(rw).Hijack(); err == nil {
				c.Close()
			}
			return
		}
		w.got = append(w.got, rec)
		if stream {
			ctx, cancel := context.WithCancel(r.Context())
			r = r.WithContext(ctx)
			if w.cancels[device] == nil {
				w.cancels[device] = map[*received]func(){}
			}
			w.cancels[device][rec] = cancel
			defer func() {
				w.mu.Lock()
				delete(w.cancels[device], rec)
				w.mu.Unlock()
				cancel()
			}()
		}
		w.mu.Unlock()
		h.ServeHTTP(&tee{ResponseWriter: rw, w: w, r: rec}, r)
	})
}

// cutStreams cuts device's event streams, or lets them be again.
func (w *wire) cutStreams(device string, cut bool) {
	w.mu.Lock()
	w.cut[device] = cut
	var cancels []func()
	for _, c := range w.cancels[device] {
		cancels = append(cancels, c)
	}
	w.mu.Unlock()
	if cut {
		for _, c := range cancels {
			c()
		}
	}
}

// resumed says device opened an event stream with Last-Event-ID.
func (w *wire) resumed(device string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.ContainsFunc(w.got, func(r *received) bool { return r.device == device && r.last != "" })
}

// states are the room states device received, in every answer and every
// event, in the order they came.
func (w *wire) states(t *testing.T, device string) []roomView {
	t.Helper()
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []roomView
	add := func(data []byte) {
		var st roomView
		if err := json.Unmarshal(data, &st); err != nil {
			t.Fatalf("%s received a state that does not read: %v\n%s", device, err, data)
		}
		out = append(out, st)
	}
	for _, r := range w.got {
		if r.device != device {
			continue
		}
		b := r.body.Bytes()
		if strings.HasSuffix(r.path, "/events") {
			for _, ev := range strings.Split(string(b), "\n\n") {
				if eventLine(ev, "event: ") == "state" {
					add([]byte(eventLine(ev, "data: ")))
				}
			}
			continue
		}
		var body map[string]json.RawMessage
		if json.Unmarshal(b, &body) != nil {
			continue // the QR code
		}
		switch {
		case body["state"] != nil:
			add(body["state"])
		case body["log"] != nil:
			add(b)
		}
	}
	return out
}

// eventLine is the value of the field that begins with prefix in one
// event of a stream.
func eventLine(ev, prefix string) string {
	for _, l := range strings.Split(ev, "\n") {
		if v, ok := strings.CutPrefix(l, prefix); ok {
			return v
		}
	}
	return ""
}

// device is one browser context: a phone, the host's screen or a watcher,
// at its own address of the server.
type roomDevice struct {
	*tab
	name string
	addr string
	// tableDice has hostRoom set the room up with dice thrown at the
	// table.
	tableDice bool
}

// roomTable serves one server with rooms at one address a device, and
// opens each device's browser context, at w px wide (the host's screen
// 1280, a phone 375).
func roomTable(t *testing.T, devices map[string]int64) (*Server, *wire, map[string]*roomDevice) {
	t.Helper()
	sv, _ := roomServer(t, storetest.SQLite(t))
	w := &wire{cut: map[string]bool{}, cancels: map[string]map[*received]func(){}}
	out := map[string]*roomDevice{}
	for name, width := range devices {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		srv := HTTPServer(ln.Addr().String(), w.wrap(name, sv))
		go srv.Serve(ln)
		t.Cleanup(func() {
			sv.EndStreams()
			srv.Close()
		})
		d := &roomDevice{tab: browserFor(t), name: name, addr: ln.Addr().String()}
		d.size(width, 900)
		d.failOnErrors()
		out[name] = d
	}
	return sv, w, out
}

// failOnErrors fails the test on any error the page's scripts throw, and
// leaves none uncaught.
func (d *roomDevice) failOnErrors() {
	var mu sync.Mutex
	var thrown []string
	err := chromedp.Listen(d.ctx, func(ev any) {
		if e, ok := ev.(*runtime.EventExceptionThrown); ok {
			msg := e.ExceptionDetails.Text
			if e.ExceptionDetails.Exception != nil {
				msg += " " + e.ExceptionDetails.Exception.Description
			}
			mu.Lock()
			thrown = append(thrown, msg)
			mu.Unlock()
		}
	})
	if err != nil {
		d.t.Fatal(err)
	}
	d.t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, m := range thrown {
			d.t.Errorf("%s: the page threw: %s", d.name, m)
		}
	})
}

// shots saves the device's page as its screenshots NAME.
func (d *roomDevice) shots(name string) {
	d.t.Helper()
	d.tab.shots(d.name + "-" + name)
}

// visit opens path on the device's address and waits for the page.
func (d *roomDevice) visit(path string) {
	d.t.Helper()
	d.url = "http://" + d.addr + path
	d.do(chromedp.Navigate(d.url))
	d.wait(`document.body.dataset.ready === 'true'`)
}

// version is the room's version the device's page shows.
func (d *roomDevice) version() int64 {
	return int64(eval[float64](d.tab, `Number(document.body.dataset.version || -1)`))
}

// token is the token the device keeps for room id, "" for none.
func (d *roomDevice) token(id string) string {
	return eval[string](d.tab, fmt.Sprintf(`((JSON.parse(localStorage.getItem('furlong.rooms') || '{}')[%q]) || {}).token || ''`, id))
}

// offers says what the device's page offers to do: its choices, and a
// throw.
func (d *roomDevice) offers() (choices int, throw bool) {
	choices = eval[int](d.tab, `document.getElementById('decide').hidden ? 0 : document.querySelectorAll('#choices button').length`)
	throw = eval[bool](d.tab, `!document.getElementById('decide').hidden && !document.getElementById('throw-box').hidden`)
	return
}

// forge posts a move for the device from its page, with its own token, as
// a script on the page could: the status it is answered.
func (d *roomDevice) forge(id string, body map[string]any) int {
	return eval[int](d.tab, fmt.Sprintf(`(async () => {
		const t = %q;
		const headers = {'Content-Type': 'application/json'};
		if (t) headers.Authorization = 'Bearer ' + t;
		const r = await fetch('/api/rooms/%s/play', {method: 'POST', headers, body: %q});
		return r.status;
	})()`, d.token(id), id, mustJSON(body)))
}

// hostRoom sets up a room from the host's page: gameMode, options and
// seats as setUp takes them ("Ana:" a player on their own device), and
// answers the room's id and join code.
func (d *roomDevice) hostRoom(gameMode string, who ...string) (id, code string) {
	d.t.Helper()
	d.visit("/")
	d.pick(gameMode)
	_, query, _ := strings.Cut(gameMode, "?")
	for _, kv := range strings.Split(query, "&") {
		if name, v, ok := strings.Cut(kv, "="); ok {
			if !eval[bool](d.tab, fmt.Sprintf(`(() => { const o = document.querySelector('#setup [data-option=%q]'); o.value = %q; o.dispatchEvent(new Event('change')); return o.value === %q; })()`, name, v, v)) {
				d.t.Fatalf("no option %s=%s", name, v)
			}
		}
	}
	if eval[bool](d.tab, `document.getElementById('where-box').hidden`) {
		d.t.Fatal("the setup does not offer to play with others on their own devices")
	}
	d.click("#where-room")
	if d.tableDice {
		d.click("#dice-table")
	}
	d.axe("the setup of a room")
	if s := eval[string](d.tab, `document.getElementById('start').textContent + '|' + document.querySelector('#seats option[value=""]').textContent + '|' + document.getElementById('seed-row').hidden`); s != "Open the room|a player on their own device|true" {
		t := d.t
		t.Errorf("the setup of a room: %s", s)
	}
	n := eval[int](d.tab, `document.querySelectorAll('#seats li').length`)
	for ; n < len(who); n++ {
		d.click("#add-seat")
	}
	for ; n > len(who); n-- {
		d.click("#drop-seat")
	}
	for i, w := range who {
		name, bot, _ := strings.Cut(w, ":")
		d.do(chromedp.SetValue(chromedp.ID(fmt.Sprintf("seat-%d-name", i)), name),
			chromedp.SetValue(chromedp.ID(fmt.Sprintf("seat-%d-who", i)), bot))
	}
	d.click("#start")
	d.wait(`document.body.dataset.view === 'play' && document.body.dataset.table === 'room' && !document.getElementById('room').hidden`)
	id = eval[string](d.tab, `new URLSearchParams(location.search).get('room') || ''`)
	code = strings.ReplaceAll(eval[string](d.tab, `document.getElementById('room-code').textContent`), " ", "")
	if len(id) < 16 || len(code) != 6 {
		d.t.Fatalf("the room: id %q, code %q", id, code)
	}
	if d.token(id) == "" {
		d.t.Fatal("the host's page keeps no token")
	}
	// The QR code is the server's, and drawn.
	d.wait(`(() => { const q = document.getElementById('room-qr'); return !q.hidden && q.complete && q.naturalWidth > 0 && q.getAttribute('src').endsWith('/qr.svg'); })()`)
	if link := eval[string](d.tab, `document.getElementById('room-link').href`); link != "http://"+d.addr+"/?room="+id {
		d.t.Errorf("the room's link: %s", link)
	}
	return id, code
}

// tap presses the button sel names once the page shows it, in one step
// of the page's own (a seat's buttons are drawn again when its seat
// changes hands, which may come between a search and a press).
func (d *roomDevice) tap(sel string) {
	d.t.Helper()
	d.wait(fmt.Sprintf(`(() => { const b = document.querySelector(%q); return !!b && !b.disabled && b.offsetParent !== null; })()`, sel))
	if !eval[bool](d.tab, fmt.Sprintf(`(() => { const b = document.querySelector(%q); if (!b) return false; b.click(); return true; })()`, sel)) {
		d.t.Fatalf("%s: no %s to press", d.name, sel)
	}
}

// takeSeat taps seat n's "Take this seat" and waits for the page to hold
// it.
func (d *roomDevice) takeSeat(n int) {
	d.t.Helper()
	d.wait(fmt.Sprintf(`!!document.querySelector('#room-seats .take[data-seat="%d"]')`, n))
	d.tap(fmt.Sprintf(`#room-seats .take[data-seat="%d"]`, n))
	d.wait(fmt.Sprintf(`document.body.dataset.you === '%d' && document.body.dataset.live === 'live'`, n))
}

// atVersion waits for every device's page to show version v at least,
// and answers how long the last took.
func atVersion(devices []*roomDevice, v int64) time.Duration {
	start := time.Now()
	for _, d := range devices {
		d.t.Helper()
		d.wait(fmt.Sprintf(`Number(document.body.dataset.version) >= %d`, v))
	}
	return time.Since(start)
}

// roomGame plays the room to its end from the devices' pages: before each
// move every device's page has the room's version, the device whose move
// it is (seated[seat], or host for a throw that is nobody's) offers it,
// and no other offers anything or may post it (403); the move is a throw
// or a choice at random. at, when not nil, is told each move's number
// first. It answers the room's last state.
func roomGame(t *testing.T, sv *Server, id string, host *roomDevice, seated []*roomDevice, all []*roomDevice, rng *rand.Rand, at func(move int, st roomView)) roomView {
	t.Helper()
	hostToken := host.token(id)
	get := func() roomView {
		var st roomView
		(&device{t: t, h: sv, room: id, token: hostToken}).must(200, "GET", "/api/rooms/"+id, nil, &st)
		return st
	}
	var lag []time.Duration
	forged := map[*roomDevice]bool{}
	for move := 0; ; move++ {
		st := get()
		atVersion(all, st.Version)
		if st.Over {
			slices.Sort(lag)
			if len(lag) > 0 {
				t.Logf("%d moves; a move reached every page in %s (median), %s at most", len(lag), lag[len(lag)/2], lag[len(lag)-1])
			}
			return st
		}
		if move > 600 {
			t.Fatalf("not over after %d moves", move)
		}
		if at != nil {
			at(move, st)
			st = get()
			atVersion(all, st.Version)
		}
		p := st.Pending
		who := host
		if !p.Chance {
			who = seated[p.Seat]
		} else if p.Thrower >= 0 {
			who = seated[p.Thrower]
		}
		// The device to act offers its move; no other offers anything.
		who.wait(`document.body.dataset.turn === 'person'`)
		for _, d := range all {
			n, throw := d.offers()
			if d == who {
				if p.Chance != throw || !p.Chance && n == 0 {
					t.Fatalf("move %d: %s's page offers %d choices, a throw %v, for %+v", move, d.name, n, throw, p)
				}
				continue
			}
			if n > 0 || throw || eval[string](d.tab, `document.body.dataset.turn`) == "person" {
				t.Fatalf("move %d: %s's page offers %d choices and a throw %v when it is %s's turn", move, d.name, n, throw, who.name)
			}
			// Once a device, the page's own token posts the move that is
			// another's: refused.
			if !forged[d] {
				forged[d] = true
				body := map[string]any{"version": st.Version, "throw": true}
				if !p.Chance {
					body = map[string]any{"version": st.Version, "choice": "x"}
					if len(p.Choices) > 0 {
						body["choice"] = p.Choices[0].Text
					}
				}
				if code := d.forge(id, body); code != http.StatusForbidden {
					t.Errorf("move %d: %s's page posted %s's move and was answered %d, not 403", move, d.name, who.name, code)
				}
			}
		}
		i := rng.IntN(1 << 10)
		press := func() {
			if p.Chance {
				who.click("#throw")
			} else {
				who.choice(i)
			}
		}
		press()
		start := time.Now()
		// A press the page never saw (the page moved under the pointer on
		// a loaded machine) leaves the same move offered, and nothing on
		// its way: it is made again.
		moved := fmt.Sprintf(`Number(document.body.dataset.version) > %d`, st.Version)
		for try := 0; try < 2 && who.waitFor(moved, 5*time.Second) != nil; try++ {
			if !eval[bool](who.tab, `document.body.dataset.turn === 'person' && document.body.dataset.flying !== 'true'`) {
				break
			}
			t.Logf("move %d: %s's page did not see the press; pressing again", move, who.name)
			press()
		}
		// The move reaches every page, without a reload.
		for _, d := range all {
			d.wait(fmt.Sprintf(`Number(document.body.dataset.version) > %d`, st.Version))
		}
		lag = append(lag, time.Since(start))
	}
}

// noHands checks every state each device received: none holds the hand
// of another player before its race is over. deals are each player's
// deal line in the final log.
func noHands(t *testing.T, w *wire, devices map[string]int, deals map[string]string) {
	t.Helper()
	for name, seat := range devices {
		states := w.states(t, name)
		if len(states) == 0 {
			t.Fatalf("%s received no state", name)
		}
		for _, st := range states {
			over := strings.Contains(st.Log, "chips ")
			if over {
				continue
			}
			b, _ := json.Marshal(st)
			for i, p := range st.Players {
				if i == seat || deals[p.Name] == "" {
					continue
				}
				ranks := strings.TrimPrefix(deals[p.Name], "deal "+p.Name)
				if strings.Contains(string(b), deals[p.Name]) || strings.Contains(string(b), ranks) {
					t.Fatalf("%s (seat %d) received %s's hand at version %d:\n%s", name, seat, p.Name, st.Version, st.Log)
				}
			}
		}
		t.Logf("%s received %d states, none with another's hand", name, len(states))
	}
}

// TestBrowserRoomDuel plays a three-player Duel in a room from three
// phones, one of them the host's, a fourth device watching: the host opens
// the room from the setup (its code, link and QR code), one phone joins
// with the code typed loosely and another with the link, each takes a
// seat; every move shows on every page without a reload, each page offers
// only its own seat's moves and its token is refused another's; a phone
// reloaded resumes its seat; the host's undo reaches every device with a
// notice; a seat the host frees tells its phone, which takes it again
// after losing its connection (its page had the seat free, and says
// plainly that it was taken meanwhile); the end shows on every page, and
// the final log is one the referee accepts.
func TestBrowserRoomDuel(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game played from four devices' browsers takes minutes on a loaded machine: not under -short")
	}
	sv, w, ds := roomTable(t, map[string]int64{"ana": 1280, "ben": 375, "cal": 375, "watcher": 375})
	ana, ben, cal, watcher := ds["ana"], ds["ben"], ds["cal"], ds["watcher"]
	id, code := ana.hostRoom("house/duel?call=2", "Ana:", "Ben:", "Cal:")
	ana.shots("host-room")
	ana.axe("the host's room")
	ana.takeSeat(0)

	// Ben types the code as he heard it.
	ben.visit("/")
	if eval[bool](ben.tab, `document.getElementById('join-form').hidden`) {
		t.Fatal("the first screen offers no way to join a table")
	}
	loose := strings.ToLower(code[:3]) + " - " + code[3:]
	ben.do(chromedp.SetValue(chromedp.ID("join-code"), "XXXXXX"))
	ben.click("#join")
	ben.wait(`document.getElementById('join-error').textContent.startsWith('No room plays with the code')`)
	ben.do(chromedp.SetValue(chromedp.ID("join-code"), loose))
	ben.shots("join-code")
	ben.click("#join")
	ben.wait(`document.body.dataset.table === 'room' && document.body.dataset.live === 'live'`)
	if got := eval[string](ben.tab, `[...document.querySelectorAll('#room-seats .take')].map(b => b.dataset.seat).join(' ')`); got != "1 2" {
		t.Errorf("Ben's page offers the seats %q to take, want 1 2", got)
	}
	ben.shots("join-seats")
	ben.axe("a phone that joined")
	ben.takeSeat(1)
	// Cal opens the link.
	cal.visit("/?room=" + id)
	cal.takeSeat(2)
	watcher.visit("/?room=" + id)
	watcher.wait(`document.body.dataset.live === 'live'`)
	if eval[int](watcher.tab, `document.querySelectorAll('#room-seats .take').length`) != 0 {
		t.Error("every seat is held, and the watcher is offered one")
	}
	// Every device sees every seat held and connected.
	for _, d := range []*roomDevice{ana, ben, cal, watcher} {
		d.wait(`[...document.querySelectorAll('#room-seats .seat-item')].every(s => s.dataset.connected === 'true')`)
	}
	all := []*roomDevice{ana, ben, cal, watcher}
	seated := []*roomDevice{ana, ben, cal}
	undone, freed, reloaded := false, false, false
	shot := map[string]bool{}
	last := roomGame(t, sv, id, ana, seated, all, rand.New(rand.NewPCG(7, 29)), func(move int, st roomView) {
		p := st.Pending
		person := !p.Chance && p.Bot == ""
		switch {
		case person && p.Seat != 0 && !shot["turn"]:
			// A phone when it is its turn, and when it is not.
			shot["turn"] = true
			seated[p.Seat].wait(`document.body.dataset.turn === 'person'`)
			seated[p.Seat].shots("phone-turn")
			seated[p.Seat].axe("a phone at its turn")
			other := seated[3-p.Seat]
			other.shots("phone-wait")
			watcher.shots("watcher")
		case move > 8 && !reloaded && person && p.Seat == 1:
			// Ben's phone is reloaded at his turn: it resumes his seat.
			reloaded = true
			ben.do(chromedp.Reload())
			ben.wait(`document.body.dataset.ready === 'true' && document.body.dataset.you === '1' && document.body.dataset.turn === 'person'`)
		case move > 12 && !undone && lastChoice(t, sv, id) && person:
			// The host takes back the last decision: every device is told.
			undone = true
			ana.click("#room-undo")
			for _, d := range all {
				d.wait(`!document.getElementById('room-notice').hidden && document.getElementById('room-notice-text').textContent.startsWith('The host took back')`)
			}
			ana.shots("host-undo")
		case move > 16 && !freed && person && p.Seat != 2:
			freed = true
			freeAndRetake(t, w, id, ana, cal, watcher)
		}
	})
	if !undone || !freed || !reloaded {
		t.Fatalf("the game ended before everything was tried: undo %v, free %v, reload %v", undone, freed, reloaded)
	}
	for _, d := range all {
		d.wait(`document.body.dataset.over === 'true' && !document.getElementById('end').hidden && document.getElementById('verdict').textContent !== ''`)
		if got := d.logText(); got != last.Log {
			t.Errorf("%s's page shows the log\n%s\nwant\n%s", d.name, got, last.Log)
		}
	}
	ana.shots("end")
	ben.shots("end")
	judge(t, []byte(last.Log), false)
	noHands(t, w, map[string]int{"ana": 0, "ben": 1, "cal": 2, "watcher": -1}, nil)

	// The finished room replays from its link: a device that never saw
	// it opens the link, sees the end and its log, and steps through it.
	late := &roomDevice{tab: browserFor(t), name: "late", addr: watcher.addr}
	late.size(375, 900)
	late.failOnErrors()
	late.visit("/?room=" + id)
	late.wait(`document.body.dataset.table === 'room' && document.body.dataset.over === 'true' && document.getElementById('verdict').textContent !== ''`)
	if got := late.logText(); got != last.Log {
		t.Errorf("the finished room's link shows the log\n%s\nwant\n%s", got, last.Log)
	}
	if n := eval[int](late.tab, `document.querySelectorAll('#room-seats .take').length`); n != 0 {
		t.Errorf("the finished room offers %d seats to take", n)
	}
	late.click("#review")
	late.wait(`document.body.dataset.view === 'replay' && Number(document.body.dataset.replayMoves) > 0`)
}

// lastChoice says a person's decision stands in the room to be taken
// back.
func lastChoice(t *testing.T, sv *Server, id string) bool {
	rm, aerr := sv.loadRoom(t.Context(), id)
	if aerr != nil {
		t.Fatal(aerr.Message)
	}
	_, _, ok, aerr := sv.undoable(t.Context(), rm)
	return ok && aerr == nil
}

// freeAndRetake has the host free Cal's seat: Cal's phone is told, and
// watches. The host seats a bot there (a notice for every device); Cal's
// phone loses its event stream, and the host takes the bot off and the
// watcher takes the seat meanwhile: back, its stream resumes with
// Last-Event-ID and brings what it missed. Its stream lost again while the
// seat is freed and taken, its page shows the seat free, and a tap on it
// says plainly that it was taken. The host frees the seat again, and Cal's
// phone takes it back.
func freeAndRetake(t *testing.T, w *wire, id string, host, cal, watcher *roomDevice) {
	t.Helper()
	host.tap(`#room-seats .free[data-seat="2"]`)
	cal.wait(`!document.getElementById('room-notice').hidden && document.getElementById('room-notice-text').textContent.startsWith("The host freed Cal's seat")`)
	cal.wait(`document.body.dataset.you === '-1' && document.body.dataset.live === 'live' && !!document.querySelector('#room-seats .take[data-seat="2"]')`)
	cal.shots("freed")
	if cal.token(id) != "" {
		t.Error("Cal's page keeps the token of the seat the host freed")
	}
	host.shots("host-controls")
	// A bot in Cal's seat: a step of the room, which every device hears of.
	v := host.version()
	host.do(chromedp.SetValue(chromedp.ID("room-bot-2"), "greedy"))
	host.tap(`#room-seats .bot[data-seat="2"]`)
	for _, d := range []*roomDevice{host, cal, watcher} {
		d.wait(fmt.Sprintf(`Number(document.body.dataset.version) === %d && document.querySelector('#room-seats [data-seat="2"]').dataset.holder === 'bot' && document.getElementById('room-notice-text').textContent === 'The host seated the greedy bot in Cal\'s place.'`, v+1))
	}
	// Cal's phone loses its stream; the bot goes, the watcher takes the
	// seat.
	w.cutStreams("cal", true)
	cal.wait(`document.body.dataset.live !== 'live'`)
	host.tap(`#room-seats .free[data-seat="2"]`)
	watcher.takeSeat(2)
	if cal.version() != v+1 {
		t.Fatalf("Cal's page, its stream cut, is at version %d", cal.version())
	}
	w.cutStreams("cal", false)
	cal.wait(fmt.Sprintf(`document.body.dataset.live === 'live' && Number(document.body.dataset.version) === %d && document.querySelector('#room-seats [data-seat="2"]').dataset.holder === 'device'`, v+2))
	if !w.resumed("cal") {
		t.Error("Cal's page came back without Last-Event-ID")
	}
	// Again, while the seat changes hands: a tap on the seat its page
	// still shows free is told it was taken.
	host.tap(`#room-seats .free[data-seat="2"]`)
	cal.wait(`!!document.querySelector('#room-seats .take[data-seat="2"]')`)
	watcher.wait(`document.body.dataset.you === '-1'`)
	w.cutStreams("cal", true)
	cal.wait(`document.body.dataset.live !== 'live'`)
	watcher.takeSeat(2)
	cal.tap(`#room-seats .take[data-seat="2"]`)
	cal.wait(`document.getElementById('room-error').textContent.startsWith("Cal's seat is taken")`)
	cal.wait(`!document.querySelector('#room-seats .take[data-seat="2"]')`)
	cal.shots("seat-taken")
	w.cutStreams("cal", false)
	cal.wait(`document.body.dataset.live === 'live'`)
	// The host hands it back to Cal's phone.
	host.tap(`#room-seats .free[data-seat="2"]`)
	watcher.wait(`document.body.dataset.you === '-1' && document.getElementById('room-notice-text').textContent.startsWith("The host freed Cal's seat")`)
	cal.takeSeat(2)
}

// TestBrowserRoomHorseRace plays a Horse Race of three in a room, from
// three phones, with the host's screen (which holds no seat) and a
// watcher: each phone throws its own throws; a phone
// shows its own hand and the others' as hidden counts, a watcher none,
// and no device receives another's hand, in any answer or event, before
// the race is over. The final log is one the referee accepts. The host
// closes the room, and every device is told; a code guessed too often is
// refused, plainly.
func TestBrowserRoomHorseRace(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game played from four devices' browsers takes minutes on a loaded machine: not under -short")
	}
	sv, w, ds := roomTable(t, map[string]int64{"host": 1280, "ana": 375, "ben": 375, "cal": 375, "watcher": 375})
	host, ana, ben, cal, watcher := ds["host"], ds["ana"], ds["ben"], ds["cal"], ds["watcher"]
	id, code := host.hostRoom("horserace", "Ana:", "Ben:", "Cal:")
	for i, d := range []*roomDevice{ana, ben, cal} {
		d.visit("/?room=" + id)
		d.takeSeat(i)
	}
	watcher.visit("/?room=" + id)
	watcher.wait(`document.body.dataset.live === 'live'`)
	all := []*roomDevice{host, ana, ben, cal, watcher}
	seated := []*roomDevice{ana, ben, cal}
	dealt := false
	last := roomGame(t, sv, id, host, seated, all, rand.New(rand.NewPCG(5, 11)), func(move int, st roomView) {
		if dealt || strings.Count(st.Log, "# deal ") < 3 {
			return
		}
		dealt = true
		// Each phone shows its own hand, the others' as counts; the
		// watcher and the host's screen (which holds no seat) none.
		for i, d := range seated {
			log := d.logText()
			for j, name := range names[:3] {
				own := strings.Contains(log, "\ndeal "+name+" ")
				hidden := strings.Contains(log, "\n# deal "+name+": ")
				if own != (i == j) || hidden != (i != j) {
					t.Errorf("%s's page shows %s's hand %v, hidden %v:\n%s", d.name, name, own, hidden, log)
				}
			}
		}
		for _, d := range []*roomDevice{host, watcher} {
			if log := d.logText(); strings.Contains(log, "\ndeal ") || strings.Count(log, "\n# deal ") != 3 {
				t.Errorf("%s's page shows a hand:\n%s", d.name, log)
			}
		}
		// A phone's hand stands apart from the log, as its own.
		for i, d := range all {
			own := eval[string](d.tab, `document.getElementById('private').hidden ? '' : document.getElementById('private-lines').textContent`)
			if want := i >= 1 && i <= 3; want != strings.HasPrefix(own, "deal "+names[max(0, i-1)]+" ") {
				t.Errorf("%s's page shows %q as its own", d.name, own)
			}
		}
		ana.shots("hand")
		ana.axe("a phone with its hand")
		watcher.shots("no-hands")
		host.shots("dealt")
	})
	if !dealt {
		t.Fatal("the game ended before the deal was seen")
	}
	for _, d := range all {
		d.wait(`document.body.dataset.over === 'true' && document.getElementById('verdict').textContent !== ''`)
	}
	ana.shots("end")
	host.shots("end")
	judge(t, []byte(last.Log), false)
	deals := map[string]string{}
	for _, l := range strings.Split(last.Log, "\n") {
		if f := strings.Fields(l); len(f) > 2 && f[0] == "deal" {
			deals[f[1]] = l
		}
	}
	if len(deals) != 3 {
		t.Fatalf("deals %v in\n%s", deals, last.Log)
	}
	noHands(t, w, map[string]int{"host": -1, "ana": 0, "ben": 1, "cal": 2, "watcher": -1}, deals)

	// The host closes the room: every device is told.
	host.click("#room-close")
	host.click("#room-close-yes")
	for _, d := range all {
		d.wait(`document.body.dataset.room === 'closed' && document.body.dataset.live === 'closed' && document.getElementById('room-notice-text').textContent === 'The host closed the room.' && document.getElementById('status').textContent.startsWith('The host closed the room')`)
	}
	ben.shots("closed")

	// A code guessed again and again is refused, and the page says so.
	watcher.visit("/")
	for i := 0; ; i++ {
		if i > 20 {
			t.Fatal("twenty wrong codes, and no refusal")
		}
		guess := fmt.Sprintf("%c%s", codeAlphabet[i%len(codeAlphabet)], code[1:])
		if guess == code {
			continue
		}
		watcher.do(chromedp.SetValue(chromedp.ID("join-code"), guess))
		eval[bool](watcher.tab, `(document.getElementById('join-error').textContent = '', true)`)
		watcher.click("#join")
		watcher.wait(`document.getElementById('join-error').textContent !== ''`)
		if msg := eval[string](watcher.tab, `document.getElementById('join-error').textContent`); strings.HasPrefix(msg, "Too many wrong codes from this address: try again in ") {
			break
		} else if !strings.HasPrefix(msg, "No room plays with the code") {
			t.Fatalf("a wrong code: %q", msg)
		}
	}
	watcher.shots("too-many")
}

// TestBrowserRoomThrownAtTable plays a Duel whose dice are thrown at the
// table in a room, from the host's screen and a phone, a bot in the third
// seat: the phone enters what its own dice show, in a list of faces a
// die, and makes its decisions; the host's screen enters the throws that
// are nobody's and the bot's; no other device offers to enter a throw;
// the final log, with every throw as entered, is one the referee accepts.
func TestBrowserRoomThrownAtTable(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game played from browsers takes minutes on a loaded machine: not under -short")
	}
	sv, _, ds := roomTable(t, map[string]int64{"host": 1280, "ana": 375, "watcher": 375})
	host, ana, watcher := ds["host"], ds["ana"], ds["watcher"]
	host.tableDice = true
	id, _ := host.hostRoom("house/duel?call=2", "Ana:", "Ben:", "Cal:greedy")
	ana.visit("/?room=" + id)
	ana.takeSeat(0)
	host.takeSeat(1)
	watcher.visit("/?room=" + id)
	watcher.wait(`document.body.dataset.live === 'live'`)
	all := []*roomDevice{host, ana, watcher}
	hostToken := host.token(id)
	rng := rand.New(rand.NewPCG(3, 7))
	var entered []string
	shot := false
	for move := 0; ; move++ {
		var st roomView
		(&device{t: t, h: sv, room: id, token: hostToken}).must(200, "GET", "/api/rooms/"+id, nil, &st)
		atVersion(all, st.Version)
		if st.Over {
			break
		}
		if move > 600 {
			t.Fatalf("not over after %d moves", move)
		}
		p := st.Pending
		if !p.Chance && p.Bot != "" {
			for _, d := range all {
				d.wait(fmt.Sprintf(`Number(document.body.dataset.version) > %d`, st.Version))
			}
			continue
		}
		who := host
		if !p.Chance && p.Seat == 0 || p.Chance && p.Thrower == 0 {
			who = ana
		}
		who.wait(`document.body.dataset.turn === 'person'`)
		for _, d := range all {
			entry := eval[bool](d.tab, `!document.getElementById('enter').hidden && !!document.getElementById('enter-ok')`)
			button := eval[bool](d.tab, `!document.getElementById('decide').hidden && !document.getElementById('throw').hidden && !document.getElementById('throw-box').hidden`)
			if button || entry != (d == who && p.Chance) {
				t.Fatalf("move %d: %s's page offers a throw to enter %v, a throw button %v, for %+v", move, d.name, entry, button, p)
			}
		}
		if p.Chance {
			if who == ana && !shot {
				shot = true
				ana.shots("enter-throw")
				ana.axe("a phone entering its throw")
			}
			// Each die a tap on its face, as at the table at one screen.
			slots := eval[int](who.tab, `document.querySelectorAll('#enter .slot').length`)
			for i := range slots {
				who.click(fmt.Sprintf(`#enter .slot[data-slot="%d"]`, i))
				faces := eval[int](who.tab, `document.querySelectorAll('#enter .faces button').length`)
				who.click(fmt.Sprintf(`#enter .faces button:nth-child(%d)`, 1+rng.IntN(faces)))
			}
			line := eval[string](who.tab, `document.getElementById('enter-line').textContent`)
			if slots == 0 || strings.Contains(line, "_") {
				t.Fatalf("move %d: the throw entered reads %q (%d dice)", move, line, slots)
			}
			entered = append(entered, line)
			who.click("#enter-ok")
		} else {
			who.choice(rng.IntN(1 << 10))
		}
		for _, d := range all {
			d.wait(fmt.Sprintf(`Number(document.body.dataset.version) > %d`, st.Version))
		}
	}
	var last roomView
	(&device{t: t, h: sv, room: id, token: hostToken}).must(200, "GET", "/api/rooms/"+id, nil, &last)
	judge(t, []byte(last.Log), false)
	if !strings.Contains(last.Log, "dice table") {
		t.Errorf("the log does not say its dice were thrown at the table:\n%s", last.Log)
	}
	for _, e := range entered {
		if !strings.Contains(last.Log, e) {
			t.Errorf("the log lacks the throw entered %q:\n%s", e, last.Log)
		}
	}
	t.Logf("%d throws entered from the pages", len(entered))
}
