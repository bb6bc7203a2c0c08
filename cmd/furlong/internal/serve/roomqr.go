package serve

import (
	"fmt"
	"net/http"
	"strings"

	qrcode "github.com/yeqown/go-qrcode/v2"
)

// handleQR is GET /api/rooms/ID/qr.svg: the QR code of the room's join
// link, drawn here as SVG (the page loads no image from another host).
// The link is the page's address as the caller reached it, with the room:
// a phone that scans it from the host's screen opens the room.
func (sv *Server) handleQR(w http.ResponseWriter, r *http.Request) {
	sv.roomGET(func(r *http.Request) (*roomAnswer, *apiError) {
		rm, aerr := sv.loadRoom(r.Context(), r.PathValue("id"))
		if aerr != nil {
			return nil, aerr
		}
		scheme := "http"
		if r.TLS != nil {
			scheme = "https"
		}
		svg, err := qrSVG(scheme + "://" + r.Host + "/?room=" + rm.rec.ID)
		if err != nil {
			return nil, gameErr("the room's QR code: %v", err)
		}
		return &roomAnswer{status: http.StatusOK, body: svg, header: map[string]string{"Content-Type": "image/svg+xml", "Cache-Control": "private, max-age=3600"}}, nil
	})(w, r)
}

// qrSVG draws the QR code of text as an SVG document: one path of dark
// modules on a light square, with the quiet zone of four modules the
// standard asks for.
func qrSVG(text string) ([]byte, error) {
	q, err := qrcode.NewWith(text, qrcode.WithErrorCorrectionLevel(qrcode.ErrorCorrectionMedium))
	if err != nil {
		return nil, err
	}
	var m matrixWriter
	if err := q.Save(&m); err != nil {
		return nil, err
	}
	const quiet = 4
	n := len(m.bits) + 2*quiet
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges">`, n, n)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, n, n)
	for y, row := range m.bits {
		for x := 0; x < len(row); x++ {
			if !row[x] {
				continue
			}
			run := 1
			for x+run < len(row) && row[x+run] {
				run++
			}
			fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", x+quiet, y+quiet, run, run)
			x += run - 1
		}
	}
	b.WriteString(`"/></svg>`)
	return []byte(b.String()), nil
}

// matrixWriter keeps the modules of a QR code, row by row.
type matrixWriter struct{ bits [][]bool }

func (m *matrixWriter) Write(mat qrcode.Matrix) error {
	m.bits = mat.Bitmap()
	return nil
}

func (m *matrixWriter) Close() error { return nil }
