package serve

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"net/http"
	"time"
)

// Stream tickets. A browser's EventSource sends no header of its own, so
// the page cannot send a seat's token as Authorization: Bearer on the
// event stream. It asks for a ticket instead (POST /api/rooms/ID/ticket,
// with its token in the header) and opens the stream with ?ticket=T. A
// ticket is worth less than the token in a URL, where a proxy's log or
// a browser's tools may keep it: it opens the stream alone (it plays
// nothing, takes no seat), for a few minutes, and only while its token
// still holds what it held. It is stateless, an HMAC under the room's
// key of the token's hash and the time it expires, so that every server
// sharing the store checks it, and a server started again too.

// ticketLife is how long a stream ticket opens a stream: long enough for
// the browser's own reconnection after a short loss, short enough that a
// ticket a log kept is soon worth nothing. The page asks for a new one
// whenever its stream is refused.
const ticketLife = 10 * time.Minute

// ticketLen is a ticket's length in bytes: the time it expires (8) and
// its MAC (32).
const ticketLen = 8 + sha256.Size

// ticketMAC is the MAC of a ticket of room r for the token whose hash is
// hash, expiring at exp (Unix seconds).
func (r *room) ticketMAC(hash []byte, exp int64) []byte {
	// A key of its own, from the room's: the chance key draws dice, this
	// one signs tickets.
	k := hmac.New(sha256.New, r.key[:])
	k.Write([]byte("furlong serve: stream tickets"))
	m := hmac.New(sha256.New, k.Sum(nil))
	m.Write([]byte(r.rec.ID))
	m.Write([]byte{0})
	m.Write(hash)
	var e [8]byte
	binary.BigEndian.PutUint64(e[:], uint64(exp))
	m.Write(e[:])
	return m.Sum(nil)
}

// ticket is a stream ticket of room r for the token whose hash is hash,
// expiring at exp.
func (r *room) ticket(hash []byte, exp time.Time) string {
	var b [ticketLen]byte
	binary.BigEndian.PutUint64(b[:8], uint64(exp.Unix()))
	copy(b[8:], r.ticketMAC(hash, exp.Unix()))
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// byTicket is the caller a stream ticket stands for: the holder of the
// host's token or of a seat's that the ticket was made for, while it has
// not expired and the token still holds its place in the room.
func (r *room) byTicket(t string, now time.Time) (caller, *apiError) {
	refused := &apiError{status: http.StatusUnauthorized, Field: "ticket",
		Message: "this stream ticket is not this room's, has expired, or its seat was given to another device: ask for another with the token (POST /api/rooms/ID/ticket), or watch without one"}
	b, err := base64.RawURLEncoding.DecodeString(t)
	if err != nil || len(b) != ticketLen {
		return caller{seat: -1}, refused
	}
	exp := int64(binary.BigEndian.Uint64(b[:8]))
	if exp < now.Unix() || exp > now.Add(2*ticketLife).Unix() {
		return caller{seat: -1}, refused
	}
	// The hashes the room knows, the host's and each seat's: a handful.
	hashes := [][]byte{r.rec.Host}
	for _, st := range r.rec.Seats {
		hashes = append(hashes, st.Token)
	}
	for _, h := range hashes {
		if len(h) > 0 && hmac.Equal(r.ticketMAC(h, exp), b[8:]) {
			return r.callerOf(h), nil
		}
	}
	return caller{seat: -1}, refused
}

// handleTicket is POST /api/rooms/ID/ticket: a stream ticket for the
// caller's token, {"ticket", "expires"} (seconds from now).
func (sv *Server) handleTicket(r *http.Request, body []byte) (*roomAnswer, *apiError) {
	var req struct{}
	rm, c, aerr := sv.roomCaller(r, body, &req)
	if aerr != nil {
		return nil, aerr
	}
	if c.hash == nil {
		return nil, &apiError{status: http.StatusUnauthorized, Field: "token",
			Message: "a stream ticket stands for a token (Authorization: Bearer TOKEN): a watcher opens the event stream without one"}
	}
	b, _ := json.Marshal(struct {
		Ticket  string `json:"ticket"`
		Expires int    `json:"expires"`
	}{rm.ticket(c.hash, time.Now().Add(ticketLife)), int(ticketLife / time.Second)})
	return &roomAnswer{status: http.StatusOK, body: b}, nil
}
