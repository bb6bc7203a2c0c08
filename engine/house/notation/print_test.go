package notation

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"furlong/engine/house"
	"furlong/internal/testkit"
)

// TestCanonical pins the canonical form of every log and transcript in
// testdata to a golden file in testdata/canonical (go test -update rewrites
// them). A missing golden file is a failure.
func TestCanonical(t *testing.T) {
	var files []logFile
	for _, f := range logFiles(t) {
		files = append(files, f)
	}
	for _, f := range transcriptFiles(t) {
		files = append(files, logFile{f, mustRead(t, f)})
	}
	for _, f := range files {
		file, src := f.name, f.data
		name := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
		t.Run(name, func(t *testing.T) {
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
			testkit.Golden(t, filepath.Join("testdata", "canonical", name+".golden"), text)
		})
	}
}

func TestMarshalUnknownKind(t *testing.T) {
	l := &Log{Header: Header{Mode: house.Duel, Players: []string{"Ana"}}, Statements: []Statement{{Line: 3, Kind: 99}}}
	if _, err := l.MarshalText(); err == nil || err.Error() != "notation: statement of unknown kind 99 (line 3)" {
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
