package templates

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"furlong/layout"
	"furlong/layout/markdown"
)

// Book is a game's rulebook: its chapters of Markdown and the rule data
// they quote. A chapter never types a rule table or a number the engine
// holds: it writes a placeholder, and the book fills it in from Tables and
// Values, which read the game's engine.
type Book struct {
	// Chapters holds the chapters; Glob picks them, in file-name order.
	Chapters fs.FS
	Glob     string
	// Tables build the GFM tables a line holding only {{table NAME}}
	// becomes; Values the numbers or words {{value NAME}} becomes.
	Tables map[string]func() string
	Values map[string]func() string
	// Options are the title page, contents and footer; a footer left
	// empty reads "TITLE · rulebook", as every rulebook's does.
	Options markdown.Options
	// Info is the PDF's title and subject.
	Title, Subject string
}

// BookSize is the size of a rulebook's body text in points, unless its
// Options say otherwise: the serif book face reads best a little larger
// than the sheets' sans.
const BookSize = 10.5

// Render appends the rulebook to doc, set inside RulebookMargins whatever
// doc's own margins are, in the book face (layout.Serif) at BookSize.
func (b *Book) Render(doc *layout.Doc) (*markdown.Result, error) {
	src, err := b.Source()
	if err != nil {
		return nil, err
	}
	doc.SetInfo(b.Title, b.Subject)
	o := b.Options
	if o.Margins == nil {
		o.Margins = &RulebookMargins
	}
	if o.BodySize == 0 {
		o.BodySize = BookSize
	}
	if o.Footer == "" {
		o.Footer = o.Title + " · rulebook"
	}
	return markdown.Render(doc, src, o)
}

// Source returns the rulebook as one Markdown text: the chapters in
// file-name order, each placeholder expanded.
func (b *Book) Source() ([]byte, error) {
	names, err := fs.Glob(b.Chapters, b.Glob)
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("templates: no chapters match %q", b.Glob)
	}
	slices.Sort(names)
	var out bytes.Buffer
	for _, name := range names {
		src, err := fs.ReadFile(b.Chapters, name)
		if err != nil {
			return nil, err
		}
		x, err := b.Expand(path.Base(name), src)
		if err != nil {
			return nil, err
		}
		out.Write(x)
		out.WriteString("\n\n")
	}
	return out.Bytes(), nil
}

// placeholder matches {{table NAME}} and {{value NAME}}.
var placeholder = regexp.MustCompile(`\{\{\s*(table|value)\s+([a-z0-9]+)\s*\}\}`)

// Expand fills in the rule data of a chapter named name. A line holding
// only {{table NAME}} becomes a table from Tables; {{value NAME}} anywhere
// in the text becomes a value from Values. An unknown name, a table
// placeholder inside a line, or a stray "{{" is an error naming the line.
func (b *Book) Expand(name string, src []byte) ([]byte, error) {
	var out bytes.Buffer
	lines := strings.SplitAfter(string(src), "\n")
	for i, ln := range lines {
		at := fmt.Sprintf("%s:%d", name, i+1)
		body := strings.TrimRight(ln, "\r\n")
		trimmed := strings.TrimSpace(body)
		if m := placeholder.FindStringSubmatch(trimmed); m != nil && m[0] == trimmed && m[1] == "table" {
			t, ok := b.Tables[m[2]]
			if !ok {
				return nil, fmt.Errorf("%s: unknown table %q (want one of %s)", at, m[2], strings.Join(Keys(b.Tables), ", "))
			}
			out.WriteString(t())
			continue
		}
		var bad error
		x := placeholder.ReplaceAllStringFunc(body, func(s string) string {
			m := placeholder.FindStringSubmatch(s)
			if m[1] == "table" {
				if bad == nil {
					bad = fmt.Errorf("%s: {{table %s}} must stand alone on its line", at, m[2])
				}
				return s
			}
			v, ok := b.Values[m[2]]
			if !ok {
				if bad == nil {
					bad = fmt.Errorf("%s: unknown value %q (want one of %s)", at, m[2], strings.Join(Keys(b.Values), ", "))
				}
				return s
			}
			return v()
		})
		if bad != nil {
			return nil, bad
		}
		if strings.Contains(x, "{{") {
			return nil, fmt.Errorf("%s: %q is not a placeholder ({{table NAME}} or {{value NAME}})", at, trimmed)
		}
		out.WriteString(x)
		out.WriteString(ln[len(body):])
	}
	return out.Bytes(), nil
}

// Keys lists a map's names in order.
func Keys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// GFM writes a GitHub-flavoured Markdown table; align holds one of 'l',
// 'c' or 'r' per column.
func GFM(align string, head []string, rows [][]string) string {
	var b strings.Builder
	b.WriteString("| " + strings.Join(head, " | ") + " |\n|")
	for _, a := range align {
		switch a {
		case 'r':
			b.WriteString("---:|")
		case 'c':
			b.WriteString(":---:|")
		default:
			b.WriteString("---|")
		}
	}
	b.WriteString("\n")
	for _, r := range rows {
		b.WriteString("| " + strings.Join(r, " | ") + " |\n")
	}
	return b.String()
}

// Num is a Values entry that writes n.
func Num(n int) func() string { return func() string { return fmt.Sprint(n) } }

// OrList joins words as "a, b or c".
func OrList(ws []string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " or " + ws[len(ws)-1]
}

// Unused lists the tables and values, as "table NAME" or "value NAME",
// that no chapter quotes: rule data the rulebook forgot to show.
func (b *Book) Unused() ([]string, error) {
	names, err := fs.Glob(b.Chapters, b.Glob)
	if err != nil {
		return nil, err
	}
	used := map[string]bool{}
	for _, n := range names {
		src, err := fs.ReadFile(b.Chapters, n)
		if err != nil {
			return nil, err
		}
		for _, m := range placeholder.FindAllStringSubmatch(string(src), -1) {
			used[m[1]+" "+m[2]] = true
		}
	}
	var out []string
	for _, k := range Keys(b.Tables) {
		if !used["table "+k] {
			out = append(out, "table "+k)
		}
	}
	for _, k := range Keys(b.Values) {
		if !used["value "+k] {
			out = append(out, "value "+k)
		}
	}
	return out, nil
}
