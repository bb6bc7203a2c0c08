package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"furlong/engine"
)

// TestLoad is a bounded load test on loopback: 50 clients at once finish
// 200 games of every game between them through the API, with no error,
// each log one the referee accepts; afterwards the server's memory is
// back where it started. It takes a while: -short skips it.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("the load test plays 200 games: skipped under -short")
	}
	const clients, games = 50, 200
	sv := newTestServer(t)
	srv := httptest.NewServer(sv)
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: clients}}
	heap := func() uint64 {
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	// One game first, so that what is made once (the assets' table, the
	// fonts of a print) is counted before.
	send := func(path string, req any) (apiState, error) {
		b, _ := json.Marshal(req)
		res, err := client.Post(srv.URL+path, "application/json", bytes.NewReader(b))
		if err != nil {
			return apiState{}, err
		}
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		if err != nil {
			return apiState{}, err
		}
		if res.StatusCode != 200 {
			return apiState{}, fmt.Errorf("%s: %d %s", path, res.StatusCode, body)
		}
		var st apiState
		return st, json.Unmarshal(body, &st)
	}
	gs := playing(testGames())
	play := func(i int) error {
		rng := rand.New(rand.NewPCG(uint64(i), 77))
		g := gs[i%len(gs)]
		m := g.Modes[i/len(gs)%len(g.Modes)]
		tb, err := g.Table(m.Keyword)
		if err != nil {
			return err
		}
		n := tb.MinPlayers + i%(tb.MaxPlayers-tb.MinPlayers+1)
		persons := n
		if len(tb.Bots) > 0 {
			persons = rng.IntN(min(n, 2) + 1)
		}
		st, err := send("/api/new", map[string]any{"game": g.Name, "mode": m.Keyword, "seats": seats(n, persons, botOf(tb, i)), "seed": i, "options": everyOption(g, m.Keyword, i)})
		if err != nil {
			return err
		}
		for steps := 0; !st.Over; steps++ {
			if steps > 5000 {
				return fmt.Errorf("game %d has not ended", i)
			}
			// Half the games a statement at a time, as the page steps
			// the bots; the others on to each person's turn.
			req := map[string]any{"log": st.Log}
			if i%2 == 0 {
				req["until"] = "one"
			}
			if p := st.Pending; p != nil && !p.Chance && p.Bot == "" {
				req["choice"] = p.Choices[rng.IntN(len(p.Choices))].Text
			}
			if st, err = send("/api/step", req); err != nil {
				return err
			}
		}
		if _, err := g.Judge(strings.NewReader(st.Log), engine.JudgeOptions{}); err != nil {
			return fmt.Errorf("game %d: the referee refuses its log: %v", i, err)
		}
		return nil
	}
	// What is made once is made before: the bots' tables of every board
	// (Race Your Bets' odds take some 50 MB a board, kept for the life of
	// the process), the faces of a board.
	for _, g := range gs {
		tb := tableOf(t, g, "")
		for _, o := range g.Options {
			for _, v := range o.Values {
				st, err := send("/api/new", map[string]any{"game": g.Name, "seats": seats(tb.MinPlayers, 0, botOf(tb, 0)), "seed": 1, "options": map[string]string{o.Name: v}})
				if err == nil {
					_, err = send("/api/step", map[string]any{"log": st.Log})
				}
				if err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if err := play(games); err != nil {
		t.Fatal(err)
	}
	before := heap()
	var next atomic.Int64
	var failed atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, clients)
	start := time.Now()
	for range clients {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= games || failed.Load() > 0 {
					return
				}
				if err := play(i); err != nil {
					failed.Add(1)
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	elapsed := time.Since(start)
	client.CloseIdleConnections()
	srv.Close()
	after := heap()
	t.Logf("%d clients finished %d games in %v; heap %d KiB before, %d KiB after", clients, games, elapsed.Round(time.Millisecond), before>>10, after>>10)
	if after > before+4<<20 {
		t.Errorf("the heap grew from %d KiB to %d KiB over %d games", before>>10, after>>10, games)
	}
}
