package cli

import (
	"io/fs"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"furlong/engine"
	"furlong/examples"
)

// rawControl is the first control character of s, or -1: what a terminal
// could take as an escape sequence (ESC, BEL, CSI in both forms, a line's
// return), or a byte that is not UTF-8.
func rawControl(s string) rune {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
				return r
			}
		}
		if r != '\n' && unicode.IsControl(r) {
			return r
		}
	}
	return -1
}

// TestEscapesQuoted: every message check prints about a file quotes what
// it takes from the file, so that an escape sequence in it never reaches
// the terminal as it is. Every example of every game is checked with an
// escape sequence in each line, in place of each of its first words,
// after its last, and on a line of its own before it.
func TestEscapesQuoted(t *testing.T) {
	const esc = "\x1b]0;x\x07\x1b[2J\x1b[31mhello\u009b2J\x9b"
	judged := 0
	err := fs.WalkDir(examples.FS, ".", func(name string, f fs.DirEntry, err error) error {
		if err != nil || f.IsDir() {
			return err
		}
		b, err := examples.FS.ReadFile(name)
		if err != nil {
			return err
		}
		lines := strings.SplitAfter(string(b), "\n")
		try := func(what string, text string) {
			judged++
			s := streams{in: strings.NewReader(text), out: &strings.Builder{}, err: &strings.Builder{}}
			j := judgeFile(s, "-", engine.JudgeOptions{Partial: true}, noSpecial)
			if j.err == nil {
				return
			}
			if r := rawControl(j.problem()); r >= 0 {
				t.Errorf("%s, %s: the message holds %q as it is: %q", name, what, r, j.problem())
			}
		}
		for i, l := range lines {
			body := strings.TrimRight(l, "\n")
			if strings.TrimSpace(body) == "" || strings.HasPrefix(strings.TrimSpace(body), "#") {
				continue
			}
			with := func(line string) string {
				return strings.Join(lines[:i], "") + line + "\n" + strings.Join(lines[i+1:], "")
			}
			try(
				"line "+itoa(i+1)+" alone", with(esc))
			try("line "+itoa(i+1)+" after it", with(body+" "+esc))
			try("before line "+itoa(i+1), strings.Join(lines[:i], "")+esc+"\n"+strings.Join(lines[i:], ""))
			ws := strings.Fields(body)
			for k := range min(len(ws), 5) {
				w := append([]string(nil), ws...)
				w[k] = esc
				try("line "+itoa(i+1)+" word "+itoa(k+1), with(strings.Join(w, " ")))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if judged < 1000 {
		t.Errorf("%d files judged", judged)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
