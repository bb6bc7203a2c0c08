package layout

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Paper is a sheet size, portrait, in millimetres.
type Paper struct {
	Name string  // "A4", "Letter"
	W, H float64 // width and height in millimetres
}

// The paper sizes a home printer takes.
var (
	A4     = Paper{Name: "A4", W: 210, H: 297}
	Letter = Paper{Name: "Letter", W: 215.9, H: 279.4}
)

// Papers lists the supported paper sizes.
var Papers = []Paper{A4, Letter}

// String returns the paper's name.
func (p Paper) String() string { return p.Name }

// ParsePaper reads a paper name, case-insensitively: "a4" or "letter".
func ParsePaper(s string) (Paper, error) {
	for _, p := range Papers {
		if strings.EqualFold(s, p.Name) {
			return p, nil
		}
	}
	return Paper{}, fmt.Errorf("unknown paper %q (want a4 or letter)", s)
}

// Margins are the distances from each page edge to the content, in
// millimetres.
type Margins struct {
	Top, Right, Bottom, Left float64
}

// Uniform returns margins of m on every side.
func Uniform(m float64) Margins { return Margins{m, m, m, m} }

// PrintSafe is the smallest margin a home printer is sure to print inside:
// a quarter inch.
const PrintSafe = 6.35

// Epoch is the creation and modification date written into every document
// unless SOURCE_DATE_EPOCH is set, so the same input gives the same bytes.
var Epoch = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// Doc is a document being drawn: a PDF (New) or SVG pages (NewSVG), from
// the same calls. Its pages all have the same paper. Methods record the
// first problem they meet and do nothing after it; see [Doc.Err].
type Doc struct {
	be    backend
	pdf   *pdfBackend // the backend, when it writes a PDF
	svg   *svgBackend // the backend, when it writes SVG
	trace *tracer     // the backend wrapped, when Record was called

	paper   Paper
	margins Margins

	family Family
	style  Style
	size   float64
	face   *face
	// fontPending says the font selected has not been handed to the
	// backend yet: that waits until text is drawn or measured.
	fontPending bool
	applied     appliedFont // the font the backend has, as last handed to it
	images      map[string]bool
	landscape   []bool // by page, from 0: the page is turned sideways
	page        int    // the current page, from 1 (0 before the first)

	lineWidth            float64
	textColor, fillColor Color
	groups               []group   // open transforms and clips, innermost last
	segs                 []segment // a path being built, reused
	pts                  []Point   // a stroke of the hand being placed, reused
	starts               []int     // the line breaks of a paragraph, reused
}

// appliedFont is a font as handed to the backend.
type appliedFont struct {
	family Family
	style  Style
	size   float64
}

// New starts an empty PDF document on paper with the given margins. The
// margins are advisory: drawing is placed explicitly and pages never break
// by themselves. The current font is Sans regular at 10 points.
func New(paper Paper, m Margins) *Doc {
	b := newPDFBackend(paper, m)
	d := newDoc(b, paper, m)
	d.pdf = b
	return d
}

// newDoc starts a document drawing through b.
func newDoc(b backend, paper Paper, m Margins) *Doc {
	d := &Doc{
		be:        b,
		paper:     paper,
		margins:   m,
		images:    map[string]bool{},
		lineWidth: defaultLineWidth,
	}
	if err := checkDate(); err != nil {
		d.SetError(err)
	}
	d.SetFont(Sans, Regular, 10)
	return d
}

// defaultLineWidth is the line width a document starts with, fpdf's: 0.567
// points, in millimetres.
const defaultLineWidth = 0.567 / ptPerMM

// sourceDate is SOURCE_DATE_EPOCH in UTC when set and valid, else Epoch.
func sourceDate() time.Time {
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return time.Unix(n, 0).UTC()
		}
	}
	return Epoch
}

func checkDate() error {
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		if _, err := strconv.ParseInt(s, 10, 64); err != nil {
			return fmt.Errorf("layout: SOURCE_DATE_EPOCH %q is not a number of seconds", s)
		}
	}
	return nil
}

// SetInfo sets the document's title and subject in its metadata. Runes
// above U+FFFF are refused there as everywhere.
func (d *Doc) SetInfo(title, subject string) {
	for _, s := range []string{title, subject} {
		for _, r := range s {
			if r > 0xFFFF {
				d.SetError(fmt.Errorf("layout: document info %q holds %U, which fpdf cannot write", s, r))
				return
			}
		}
	}
	d.be.setInfo(title, subject)
}

// Paper returns the document's paper.
func (d *Doc) Paper() Paper { return d.paper }

// PageSize returns the current page's width and height in millimetres:
// the paper's, or its height and width on a landscape page.
func (d *Doc) PageSize() (w, h float64) {
	if d.Landscape() {
		return d.paper.H, d.paper.W
	}
	return d.paper.W, d.paper.H
}

// Landscape reports whether the current page is turned sideways.
func (d *Doc) Landscape() bool {
	p := d.page
	return p >= 1 && p <= len(d.landscape) && d.landscape[p-1]
}

// Margins returns the document's margins.
func (d *Doc) Margins() Margins { return d.margins }

// Content is the page area inside the margins.
func (d *Doc) Content() Rect {
	m := d.margins
	w, h := d.PageSize()
	return Rect{X: m.Left, Y: m.Top, W: w - m.Left - m.Right, H: h - m.Top - m.Bottom}
}

// AddPage starts a new page and makes it current. Font, colours and line
// width carry over.
func (d *Doc) AddPage() { d.addPage(false) }

func (d *Doc) addPage(landscape bool) {
	if !d.ok() {
		return
	}
	if len(d.groups) > 0 {
		d.SetError(errors.New("layout: a page started inside Scaled or Clipped"))
		return
	}
	d.be.addPage(landscape)
	d.landscape = append(d.landscape, landscape)
	d.page = len(d.landscape)
	d.SetFont(d.family, d.style, d.size)
}

// AddLandscapePage starts a new page of the same paper turned sideways
// (the paper's height across, its width down) and makes it current. While
// it is current, PageSize and Content describe it as turned; the margins
// keep their sides.
func (d *Doc) AddLandscapePage() { d.addPage(true) }

// PageCount is the number of pages so far.
func (d *Doc) PageCount() int { return len(d.landscape) }

// Page is the number of the current page, from 1 (0 before the first).
func (d *Doc) Page() int { return d.page }

// SetPage makes an existing page current again, to draw more on it.
func (d *Doc) SetPage(n int) {
	if n < 1 || n > d.PageCount() {
		d.SetError(fmt.Errorf("layout: no page %d (document has %d)", n, d.PageCount()))
		return
	}
	d.be.setPage(n)
	d.page = n
	// that page's content may have left off in another font: hand the
	// font to fpdf again before the next text
	d.applied, d.fontPending = appliedFont{}, true
}

// Err returns the document's first error, or nil.
func (d *Doc) Err() error { return d.be.err() }

// SetError records err as the document's error if it has none yet. A nil
// err is ignored.
func (d *Doc) SetError(err error) {
	if err != nil {
		d.be.setError(err)
	}
}

// ok reports whether drawing may go on.
func (d *Doc) ok() bool { return d.be.err() == nil }

// WriteTo finishes the PDF document and writes it to w. The document
// cannot be drawn on afterwards. A document without pages is an error, and
// so is a document NewSVG started (see [Doc.SVG]).
func (d *Doc) WriteTo(w io.Writer) (int64, error) {
	if err := d.Err(); err != nil {
		return 0, err
	}
	if d.pdf == nil {
		return 0, errors.New("layout: the document draws SVG pages, not a PDF")
	}
	if d.PageCount() == 0 {
		return 0, errors.New("layout: the document has no pages")
	}
	if len(d.groups) > 0 {
		return 0, errors.New("layout: a Scaled or Clipped drawing is still open")
	}
	var buf bytes.Buffer
	if err := d.pdf.output(&buf); err != nil {
		return 0, err
	}
	return buf.WriteTo(w)
}

// Bytes finishes the document and returns it.
func (d *Doc) Bytes() ([]byte, error) {
	var buf bytes.Buffer
	if _, err := d.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Save finishes the document and writes it to path, through a temporary
// file in the same directory renamed into place, so a reader never sees a
// half-written file and a failure leaves any old file as it was.
func (d *Doc) Save(path string) error {
	b, err := d.Bytes()
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return writeFileAtomic(path, b)
}

// writeFileAtomic writes b to path through a temporary file in the same
// directory, synced and then renamed over path.
func writeFileAtomic(path string, b []byte) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	name := tmp.Name()
	err = WriteTemp(tmp, b, 0o644)
	if err == nil {
		err = os.Rename(name, path)
	}
	if err != nil {
		os.Remove(name)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// WriteTemp writes b into tmp, a temporary file about to be renamed into
// place, syncs and closes it, and gives it mode: what every atomic write
// does before its rename.
func WriteTemp(tmp *os.File, b []byte, mode os.FileMode) error {
	_, err := tmp.Write(b)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), mode)
	}
	return err
}
