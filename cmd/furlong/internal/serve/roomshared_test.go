package serve

import (
	"context"
	"strings"
	"testing"
	"time"

	"furlong/cmd/furlong/internal/serve/store/storetest"
	"furlong/engine"
)

// TestRoomTwoServers runs two servers on one Postgres database: a move
// posted to one reaches a device streaming from the other, and so do the
// seats it takes; bots driven by both play each of their moves once, the
// game ending with a log the referee accepts.
func TestRoomTwoServers(t *testing.T) {
	db := storetest.Postgres(t)
	a, st := roomServer(t, db)
	b, _ := roomServer(t, db)
	srvB := roomHTTP(t, b)
	host, first := newRoom(t, a, map[string]any{"game": "greatraces", "seats": seats(2, 2, "")})
	ana := join(t, a, first.Code, 0)
	// Ben finds the room, and streams it, on the other server.
	ben := join(t, b, first.Code, 1)
	bs := openStream(t, srvB.URL, ben.room, ben.token, -1)
	v, _ := bs.state(t)
	start := time.Now()
	ana.must(200, "POST", "/api/rooms/"+ana.room+"/play", map[string]any{"throw": true, "version": v}, nil)
	if w, st := bs.state(t); w != v+1 || st.You != 1 {
		t.Fatalf("on the other server: event %d, you %d", w, st.You)
	}
	t.Logf("a move on one server reached the other's stream in %s", time.Since(start))
	// A seat freed on the first server ends Ben's stream on the second.
	host.must(200, "POST", "/api/rooms/"+host.room+"/seats", map[string]any{"seat": 1, "free": true}, nil)
	bs.next(t, "gone")

	// Two bots, driven by both servers.
	botHost, _ := newRoom(t, a, map[string]any{"game": "greatraces", "seats": seats(3, 0, "greedy")})
	ws := openStream(t, srvB.URL, botHost.room, "", -1)
	for {
		_, s := ws.state(t)
		if s.Over {
			if _, err := a.byName("greatraces").Judge(strings.NewReader(s.Log), engine.JudgeOptions{}); err != nil {
				t.Fatalf("%v\n%s", err, s.Log)
			}
			steps, err := st.Steps(context.Background(), botHost.room, 0)
			if err != nil {
				t.Fatal(err)
			}
			for i, step := range steps {
				if step.Version != int64(i+1) {
					t.Fatalf("step %d is version %d", i, step.Version)
				}
			}
			if int64(len(steps)) != s.Version {
				t.Fatalf("%d steps for version %d", len(steps), s.Version)
			}
			break
		}
	}
}
