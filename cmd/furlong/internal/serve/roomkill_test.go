package serve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"furlong/cmd/furlong/internal/serve/store/storetest"
)

// furlongBinary builds the furlong command into a folder of the test's.
func furlongBinary(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Dir(strings.TrimSpace(string(out)))
	bin := filepath.Join(t.TempDir(), "furlong")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/furlong")
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	return bin
}

// process is a furlong serve started as a process of its own.
type process struct {
	cmd  *exec.Cmd
	base string // http://127.0.0.1:PORT
}

// startServe starts furlong serve on a port of its own, its rooms in db.
func startServe(t *testing.T, bin, db string) *process {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db, "--pause", "0")
	cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+t.TempDir())
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &process{cmd: cmd}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if _, after, ok := strings.Cut(sc.Text(), "the table is at "); ok {
			p.base = strings.TrimSuffix(after, "/")
			break
		}
	}
	if p.base == "" {
		t.Fatal("furlong serve did not say where it listens")
	}
	go io.Copy(io.Discard, out)
	return p
}

// remote is a device talking to a server over HTTP.
type remote struct {
	base, room, token string
	client            *http.Client
}

func (d *remote) send(method, path string, body any) (int, []byte, error) {
	var r io.Reader
	if body != nil {
		r = strings.NewReader(mustJSON(body))
	}
	req, err := http.NewRequest(method, d.base+path, r)
	if err != nil {
		return 0, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if d.token != "" {
		req.Header.Set("Authorization", "Bearer "+d.token)
	}
	res, err := d.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res.StatusCode, b, err
}

// withoutBoard is a room's state up to its board, which an event of a
// version not the newest leaves out.
func withoutBoard(b []byte) []byte {
	if i := bytes.LastIndex(b, []byte(`,"svg":[`)); i >= 0 {
		return b[:i]
	}
	return b
}

// TestRoomKill plays rooms of every game on a furlong serve of its own,
// kills it with SIGKILL while moves are on their way, and starts it again
// on the same database, twice: every room is at its last acknowledged
// version or one past it (a move stored whose answer was lost), its
// state at that version byte for byte the state acknowledged, and it
// plays on.
func TestRoomKill(t *testing.T) {
	if testing.Short() {
		t.Skip("builds furlong and runs it: skipped under -short")
	}
	bin := furlongBinary(t)
	db := storetest.SQLite(t)
	p := startServe(t, bin, db)
	client := &http.Client{Timeout: 20 * time.Second}
	type table struct {
		host  *remote
		seats []*remote
		acked int64  // the version of the last move answered 200
		body  []byte // that answer, as the host sees the room
	}
	var tables []*table
	for i, g := range []string{"house", "greatraces", "horserace", "raceyourbets", "house", "greatraces"} {
		host := &remote{base: p.base, client: client}
		code, b, err := host.send("POST", "/api/rooms", map[string]any{"game": g, "mode": []string{"duel", "", "", "", "book", ""}[i], "seats": seats(3, 3, "")})
		if err != nil || code != 201 {
			t.Fatalf("a room of %s: %d %s %v", g, code, b, err)
		}
		var made struct {
			Room, Code, Host string
			State            json.RawMessage
		}
		json.Unmarshal(b, &made)
		host.room, host.token = made.Room, made.Host
		tb := &table{host: host}
		for s := range 3 {
			d := &remote{base: p.base, room: made.Room, client: client}
			code, b, err := d.send("POST", "/api/rooms/"+made.Room+"/seats", map[string]any{"seat": s})
			if err != nil || code != 200 {
				t.Fatalf("seat %d: %d %s %v", s, code, b, err)
			}
			var out struct{ Token string }
			json.Unmarshal(b, &out)
			d.token = out.Token
			tb.seats = append(tb.seats, d)
		}
		_, tb.body, _ = host.send("GET", "/api/rooms/"+made.Room, nil)
		var st roomView
		json.Unmarshal(tb.body, &st)
		tb.acked = st.Version
		tables = append(tables, tb)
	}
	// move makes the room's next move from the device whose move it is,
	// and reports whether it was answered.
	move := func(tb *table, rng *rand.Rand, base string) bool {
		tb.host.base = base
		code, b, err := tb.host.send("GET", "/api/rooms/"+tb.host.room, nil)
		if err != nil || code != 200 {
			return false
		}
		var st roomView
		json.Unmarshal(b, &st)
		if st.Over {
			return false
		}
		d, body := tb.host, map[string]any{"version": st.Version}
		if st.Pending.Chance {
			if st.Pending.Thrower >= 0 {
				d = tb.seats[st.Pending.Thrower]
			}
			body["throw"] = true
		} else {
			d = tb.seats[st.Pending.Seat]
			d.base = base
			code, b, err := d.send("GET", "/api/rooms/"+d.room, nil)
			if err != nil || code != 200 {
				return false
			}
			var mine roomView
			json.Unmarshal(b, &mine)
			body["choice"] = mine.Pending.Choices[rng.IntN(len(mine.Pending.Choices))].Text
		}
		d.base = base
		code, b, err = d.send("POST", "/api/rooms/"+d.room+"/play", body)
		if err != nil || code != 200 {
			return false
		}
		// The answer is the mover's view; the host's is read at once, and
		// must be of the same version (nobody else moves in this room).
		code, hb, err := tb.host.send("GET", "/api/rooms/"+tb.host.room, nil)
		if err != nil || code != 200 {
			// Killed between the two: the move is acknowledged all the
			// same, at the version the mover was told.
			var mv roomView
			json.Unmarshal(b, &mv)
			tb.acked, tb.body = mv.Version, nil
			return false
		}
		var hs roomView
		json.Unmarshal(hb, &hs)
		tb.acked, tb.body = hs.Version, hb
		return true
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for round := range 2 {
		var wg sync.WaitGroup
		for i, tb := range tables {
			wg.Go(func() {
				r := rand.New(rand.NewPCG(uint64(round), uint64(i)))
				for move(tb, r, p.base) {
				}
			})
		}
		time.Sleep(time.Duration(800+rng.IntN(700)) * time.Millisecond)
		p.cmd.Process.Signal(syscall.SIGKILL)
		p.cmd.Wait()
		wg.Wait()
		p = startServe(t, bin, db)
		for i, tb := range tables {
			tb.host.base = p.base
			code, b, err := tb.host.send("GET", "/api/rooms/"+tb.host.room, nil)
			if err != nil || code != 200 {
				t.Fatalf("room %d after the kill: %d %s %v", i, code, b, err)
			}
			var st roomView
			json.Unmarshal(b, &st)
			switch {
			case st.Version < tb.acked:
				t.Fatalf("room %d lost acknowledged moves: at version %d after %d was acknowledged", i, st.Version, tb.acked)
			case st.Version > tb.acked+1:
				t.Fatalf("room %d is at version %d, two past the %d acknowledged, with nobody to play it", i, st.Version, tb.acked)
			case tb.body == nil:
			case st.Version == tb.acked && !bytes.Equal(b, tb.body):
				t.Fatalf("room %d at version %d is not the room acknowledged:\nhave %.400s\nwant %.400s", i, st.Version, b, tb.body)
			case st.Version == tb.acked+1:
				// The state of the acknowledged version, from the events.
				at := stateAt(t, p.base, tb.host, tb.acked)
				if !bytes.Equal(withoutBoard(at), withoutBoard(tb.body)) {
					t.Fatalf("room %d at version %d is not the room acknowledged:\nhave %.400s\nwant %.400s", i, tb.acked, at, tb.body)
				}
			}
			if !st.Over && !move(tb, rng, p.base) {
				t.Fatalf("room %d does not play on after the kill", i)
			}
		}
		t.Logf("round %d: rooms at versions %v", round, func() (vs []int64) {
			for _, tb := range tables {
				vs = append(vs, tb.acked)
			}
			return vs
		}())
	}
}

// stateAt is the room's state at version v as host sees it, from its
// event stream.
func stateAt(t *testing.T, base string, host *remote, v int64) []byte {
	t.Helper()
	req, _ := http.NewRequest("GET", base+"/api/rooms/"+host.room+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+host.token)
	req.Header.Set("Last-Event-ID", fmt.Sprint(v-1))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	id := ""
	for sc.Scan() {
		l := sc.Text()
		if after, ok := strings.CutPrefix(l, "id: "); ok {
			id = after
		}
		if after, ok := strings.CutPrefix(l, "data: "); ok && id == fmt.Sprint(v) {
			return []byte(after)
		}
	}
	t.Fatalf("no event for version %d", v)
	return nil
}
