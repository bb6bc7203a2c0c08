package serve

import (
	"encoding/base64"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"furlong/cmd/furlong/internal/serve/store/storetest"
)

// streamBy opens room id's event stream with ?ticket=ticket, as a
// browser's EventSource does (no header of its own): the stream, or nil
// and the answer's status and body when it is refused.
func streamBy(t *testing.T, base, id, ticket string) (*sse, int, string) {
	t.Helper()
	res, err := http.Get(base + "/api/rooms/" + id + "/events?ticket=" + ticket)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 200 {
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		return nil, res.StatusCode, string(b)
	}
	res.Body.Close()
	return openTicketStream(t, base, id, ticket), 200, ""
}

// openTicketStream is openStream with a ticket in place of a token.
func openTicketStream(t *testing.T, base, id, ticket string) *sse {
	t.Helper()
	return openStreamAt(t, base+"/api/rooms/"+id+"/events?ticket="+ticket, "", -1)
}

// ticketOf asks for d's stream ticket.
func ticketOf(t *testing.T, d *device) string {
	t.Helper()
	var out struct {
		Ticket  string
		Expires int
	}
	d.must(200, "POST", "/api/rooms/"+d.room+"/ticket", map[string]any{}, &out)
	if out.Ticket == "" || out.Expires != int(ticketLife/time.Second) {
		t.Fatalf("a ticket: %+v", out)
	}
	return out.Ticket
}

// TestRoomTicket opens event streams as a browser does, with a ticket in
// the URL: a seat's ticket streams that seat's view, the host's the
// host's; a ticket forged, of another room, expired, made for too far
// ahead, or whose seat was freed is 401 and opens nothing; a watcher, who
// needs none, is told so; and a ticket plays nothing.
func TestRoomTicket(t *testing.T) {
	sv, _ := roomServer(t, storetest.SQLite(t))
	srv := roomHTTP(t, sv)
	host, first := newRoom(t, sv, map[string]any{"game": "horserace", "seats": seats(3, 3, "")})
	ana, ben := join(t, sv, first.Code, 0), join(t, sv, first.Code, 1)
	_, otherFirst := newRoom(t, sv, map[string]any{"game": "horserace", "seats": seats(3, 3, "")})
	stranger := join(t, sv, otherFirst.Code, 0)

	// Ana's ticket streams Ana's seat, and makes her connected.
	s, code, body := streamBy(t, srv.URL, ana.room, ticketOf(t, ana))
	if s == nil {
		t.Fatalf("Ana's ticket: %d %s", code, body)
	}
	if _, st := s.state(t); st.You != 0 || st.Host {
		t.Fatalf("Ana's ticket streams you %d, host %v", st.You, st.Host)
	}
	for deadline := time.Now().Add(30 * time.Second); !host.state().Seats[0].Connected; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("Ana's stream by ticket does not make her connected")
		}
	}
	hs := openTicketStream(t, srv.URL, host.room, ticketOf(t, host))
	if _, st := hs.state(t); st.You != -1 || !st.Host {
		t.Fatalf("the host's ticket streams you %d, host %v", st.You, st.Host)
	}

	// A watcher has no ticket to ask for.
	watcher := &device{t: t, h: sv, room: host.room}
	watcher.must(401, "POST", "/api/rooms/"+host.room+"/ticket", map[string]any{}, nil)

	rm, aerr := sv.loadRoom(t.Context(), host.room)
	if aerr != nil {
		t.Fatal(aerr.Message)
	}
	benHash := tokenHash(ben.token)
	forged := base64.RawURLEncoding.EncodeToString(make([]byte, ticketLen))
	for _, c := range []struct{ name, ticket string }{
		{"forged", forged},
		{"not base64", "!!!"},
		{"short", ticketOf(t, ben)[:20]},
		{"of another room", ticketOf(t, stranger)},
		{"expired", rm.ticket(benHash, time.Now().Add(-time.Second))},
		{"made for too far ahead", rm.ticket(benHash, time.Now().Add(3*ticketLife))},
		{"the token itself", ben.token},
	} {
		if s, code, body := streamBy(t, srv.URL, host.room, c.ticket); s != nil || code != 401 || !strings.Contains(body, "ticket") {
			t.Errorf("a ticket %s: have %d %s, want 401", c.name, code, body)
		}
	}
	// A ticket signs its expiry: a later one on the same MAC is refused.
	b, _ := base64.RawURLEncoding.DecodeString(rm.ticket(benHash, time.Now().Add(time.Minute)))
	b[7]++
	if s, code, _ := streamBy(t, srv.URL, host.room, base64.RawURLEncoding.EncodeToString(b)); s != nil || code != 401 {
		t.Errorf("a ticket whose expiry was changed: %d, want 401", code)
	}

	// Ben's seat freed: the ticket he had is worth nothing, and so is
	// his token.
	benTicket := ticketOf(t, ben)
	host.must(200, "POST", "/api/rooms/"+host.room+"/seats", map[string]any{"seat": 1, "free": true}, nil)
	if s, code, _ := streamBy(t, srv.URL, host.room, benTicket); s != nil || code != 401 {
		t.Errorf("the ticket of a freed seat: %d, want 401", code)
	}
	ben.must(401, "POST", "/api/rooms/"+host.room+"/ticket", map[string]any{}, nil)

	// A ticket is not a token: it plays nothing.
	st := ana.state()
	w := (&device{t: t, h: sv, room: host.room, token: ticketOf(t, ana)}).send("POST", "/api/rooms/"+host.room+"/play", map[string]any{"throw": true, "version": st.Version})
	if w.Code != 401 {
		t.Errorf("a ticket sent as a token: %d %s, want 401", w.Code, w.Body)
	}
}
