package racelog

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/canonical")

// TestCanonical pins the canonical form of every log and transcript in
// testdata to a golden file in testdata/canonical (go test -update rewrites
// them). A missing golden file is a failure.
func TestCanonical(t *testing.T) {
	files := append(logFiles(t), transcriptFiles(t)...)
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
		t.Run(name, func(t *testing.T) {
			src := mustRead(t, file)
			var text []byte
			var err error
			if strings.HasSuffix(file, ".txt") {
				var tr *Transcript
				if tr, err = DecodeTranscriptBytes(src); err == nil {
					text, err = tr.MarshalText()
				}
			} else {
				var l *Log
				if l, err = DecodeBytes(src); err == nil {
					text, err = l.MarshalText()
				}
			}
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", "canonical", name+".golden")
			if *update {
				if err := os.WriteFile(golden, text, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test -update writes it)", err)
			}
			if !bytes.Equal(text, want) {
				t.Errorf("canonical form of %s:\nhave\n%s\nwant\n%s", file, text, want)
			}
		})
	}
}

func TestMarshalUnknownKind(t *testing.T) {
	l := &Log{Statements: []Statement{{Line: 3, Kind: 99}}}
	if _, err := l.MarshalText(); err == nil || err.Error() != "racelog: statement of unknown kind 99 (line 3)" {
		t.Errorf("MarshalText: %v, want an unknown kind error", err)
	}
	var buf bytes.Buffer
	if _, err := l.WriteTo(&buf); err == nil || buf.Len() != 0 {
		t.Errorf("WriteTo wrote %q, %v; want nothing and an error", buf.String(), err)
	}
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{KindGame: "game", KindPlay: "play", KindRolloffWire: "rolloff wire", KindPurse: "purse", 0: "Kind(0)", 16: "Kind(16)"} {
		if have := k.String(); have != want {
			t.Errorf("Kind(%d).String() = %q, want %q", k, have, want)
		}
	}
}
