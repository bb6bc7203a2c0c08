package notation_test

import (
	"bytes"
	"slices"
	"testing"
	"time"

	"furlong/engine"
	"furlong/engine/horserace/notation"
	"furlong/internal/testkit"
)

// FuzzDecode: no input panics or takes long; an error is an
// *engine.Error on a real line; and what decodes prints in the canonical
// form, which decodes to the same header and statements and prints the
// same again.
func FuzzDecode(f *testing.F) {
	testkit.FuzzSeeds(f, "horserace", "../referee/testdata/cases")
	f.Fuzz(func(t *testing.T, src []byte) {
		start := time.Now()
		l, err := notation.DecodeBytes(src)
		if d := time.Since(start); d > time.Second {
			t.Fatalf("decoding %d bytes took %v", len(src), d)
		}
		if err != nil {
			e, ok := engine.AsError(err)
			if !ok || e.Line < 1 {
				t.Fatalf("error %T %v", err, err)
			}
			return
		}
		out, err := l.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		again, err := notation.DecodeBytes(out)
		if err != nil {
			t.Fatalf("the printed log does not decode: %v\n%s", err, out)
		}
		if a, b := l.Header, again.Header; !slices.Equal(a.Names, b.Names) || a.Dealer != b.Dealer ||
			a.Board != b.Board || a.Rules != b.Rules || a.Bank != b.Bank || a.Variant != b.Variant || a.Digest != b.Digest {
			t.Fatalf("header %+v, then %+v", a, b)
		}
		if len(again.Statements) != len(l.Statements) {
			t.Fatalf("%d statements, %d after printing", len(l.Statements), len(again.Statements))
		}
		for i := range l.Statements {
			if a, b := l.Statements[i].String(), again.Statements[i].String(); a != b {
				t.Fatalf("statement %d: %q, then %q", i, a, b)
			}
		}
		out2, _ := again.MarshalText()
		if !bytes.Equal(out, out2) {
			t.Fatalf("printed twice, the log differs")
		}
	})
}
