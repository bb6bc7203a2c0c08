package house_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"furlong/engine/house/racelog"
	"furlong/engine/house/referee"
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
			ar := txtar.Parse(src)
			log, ok := section(ar, "race.log")
			if !ok {
				t.Fatalf("%s: no race.log section", file)
			}
			have := verdict(t, log)
			want, ok := section(ar, "want")
			if *update {
				if t.Failed() {
					return // never write a panic into a want section
				}
				if !ok || string(want) != have {
					setSection(ar, "want", []byte(have))
					if err := os.WriteFile(file, txtar.Format(ar), 0o666); err != nil {
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
	res, err := referee.Judge(bytes.NewReader(log), referee.Options{})
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

// section returns the data of the archive's file name.
func section(ar *txtar.Archive, name string) ([]byte, bool) {
	for _, f := range ar.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// setSection replaces (or adds) the archive's file name.
func setSection(ar *txtar.Archive, name string, data []byte) {
	for i := range ar.Files {
		if ar.Files[i].Name == name {
			ar.Files[i].Data = data
			return
		}
	}
	ar.Files = append(ar.Files, txtar.File{Name: name, Data: data})
}
