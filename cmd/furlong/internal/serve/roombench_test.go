package serve

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"furlong/cmd/furlong/internal/serve/store/storetest"
)

// BenchmarkRoomMove makes one move a time in rooms of each game (three
// people), on an SQLite store synced at every commit: the room read from
// the store and replayed, the move played and stored, and the mover's
// answer with its board. A room that ends is followed by a new one.
func BenchmarkRoomMove(b *testing.B) {
	for _, pg := range playing(realGames()) {
		g := pg.Name
		b.Run(g, func(b *testing.B) {
			sv, _ := roomServer(b, storetest.SQLite(b))
			rng := rand.New(rand.NewPCG(1, 1))
			var host *device
			var seated []*device
			fresh := func() {
				var first roomView
				host, first = newRoom(b, sv, map[string]any{"game": g, "seats": seats(3, 3, "")})
				seated = seated[:0]
				for i := range 3 {
					seated = append(seated, join(b, sv, first.Code, i))
				}
			}
			fresh()
			st := host.state()
			b.ResetTimer()
			for range b.N {
				if st.Over {
					b.StopTimer()
					fresh()
					st = host.state()
					b.StartTimer()
				}
				d, body := host, map[string]any{"version": st.Version}
				if st.Pending.Chance {
					if st.Pending.Thrower >= 0 {
						d = seated[st.Pending.Thrower]
					}
					body["throw"] = true
				} else {
					d = seated[st.Pending.Seat]
					if st.You != st.Pending.Seat {
						b.StopTimer()
						st = d.state()
						b.StartTimer()
					}
					body["choice"] = st.Pending.Choices[rng.IntN(len(st.Pending.Choices))].Text
				}
				w := d.send("POST", "/api/rooms/"+d.room+"/play", body)
				if w.Code != 200 {
					b.Fatalf("%d %s", w.Code, w.Body)
				}
				st = roomView{}
				json.Unmarshal(w.Body.Bytes(), &st)
			}
		})
	}
}
