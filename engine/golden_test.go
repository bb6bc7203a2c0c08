package engine_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"furlong/engine/racelog"
	"furlong/engine/referee"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/*.txtar from what the engine says")

// TestGolden replays every testdata/*.txtar case. A case is a txtar archive:
// its comment says what it tests and works every purse out by hand; the
// file race.log is the log; the file want holds either one line per seat,
// "NAME PURSE", or a single line "error " followed by the error's text.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no testdata/*.txtar cases")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			ar := parseArchive(src)
			log, ok := ar.get("race.log")
			if !ok {
				t.Fatalf("%s: no race.log section", file)
			}
			have := verdict(t, log)
			want, ok := ar.get("want")
			if *update {
				if t.Failed() {
					return // never write a panic into a want section
				}
				if !ok || string(want) != have {
					ar.set("want", []byte(have))
					if err := os.WriteFile(file, ar.format(), 0o666); err != nil {
						t.Fatal(err)
					}
				}
				return
			}
			if !ok {
				t.Fatalf("%s: no want section (run go test ./engine -update to write one)", file)
			}
			if string(want) != have {
				t.Errorf("%s:\nhave:\n%swant:\n%s", file, have, want)
			}
		})
	}
}

// verdict judges a log and writes what the engine says in the want format.
// A panic fails the case (and only this case) with its value.
func verdict(t *testing.T, log []byte) (have string) {
	defer func() {
		if v := recover(); v != nil {
			t.Errorf("the engine panics: %v", v)
			have = fmt.Sprintf("panic: %v\n", v)
		}
	}()
	res, err := referee.Judge(log, referee.Options{})
	if err != nil {
		var re *referee.Error
		var le *racelog.Error
		switch {
		case errors.As(err, &re):
			t.Logf("rule: %s", re.Rule)
		case errors.As(err, &le):
			t.Logf("malformed log")
		default:
			t.Errorf("error of type %T, want *referee.Error or *racelog.Error", err)
		}
		return "error " + err.Error() + "\n"
	}
	var b strings.Builder
	for p, bd := range res.Purses {
		fmt.Fprintf(&b, "%s %d\n", res.Names[p], bd.Purse)
	}
	return b.String()
}

// archive is a txtar archive (golang.org/x/tools/txtar's format): a
// comment, then files, each introduced by a line "-- NAME --". The module
// does not depend on golang.org/x/tools, and parsing and formatting the
// format take a few lines, so they live here.
type archive struct {
	comment []byte
	files   []archiveFile
}

type archiveFile struct {
	name string
	data []byte
}

func parseArchive(src []byte) *archive {
	ar := &archive{}
	cur := &ar.comment
	for line := range bytes.Lines(src) {
		if name, ok := marker(line); ok {
			ar.files = append(ar.files, archiveFile{name: name})
			cur = &ar.files[len(ar.files)-1].data
			continue
		}
		*cur = append(*cur, line...)
	}
	return ar
}

// marker reports whether line is a file marker "-- NAME --" and the name.
func marker(line []byte) (string, bool) {
	s := strings.TrimRight(string(line), "\r\n")
	if !strings.HasPrefix(s, "-- ") || !strings.HasSuffix(s, " --") || len(s) < 7 {
		return "", false
	}
	name := strings.TrimSpace(s[3 : len(s)-3])
	return name, name != ""
}

func (ar *archive) get(name string) ([]byte, bool) {
	for _, f := range ar.files {
		if f.name == name {
			return f.data, true
		}
	}
	return nil, false
}

func (ar *archive) set(name string, data []byte) {
	for i := range ar.files {
		if ar.files[i].name == name {
			ar.files[i].data = data
			return
		}
	}
	ar.files = append(ar.files, archiveFile{name: name, data: data})
}

func (ar *archive) format() []byte {
	var b bytes.Buffer
	b.Write(ar.comment)
	for _, f := range ar.files {
		fmt.Fprintf(&b, "-- %s --\n", f.name)
		b.Write(f.data)
		if len(f.data) > 0 && f.data[len(f.data)-1] != '\n' {
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

// TestArchiveRoundTrip checks that rewriting a case keeps its comment and log.
func TestArchiveRoundTrip(t *testing.T) {
	src := "# a comment\n# two lines\n-- race.log --\ngame solo\n\nplayers Sol\n-- want --\nSol 5\n"
	ar := parseArchive([]byte(src))
	if have := string(ar.format()); have != src {
		t.Errorf("format(parse(src)):\nhave:\n%swant:\n%s", have, src)
	}
	ar.set("want", []byte("Sol 10\n"))
	want := strings.Replace(src, "Sol 5", "Sol 10", 1)
	if have := string(ar.format()); have != want {
		t.Errorf("after set:\nhave:\n%swant:\n%s", have, want)
	}
}
