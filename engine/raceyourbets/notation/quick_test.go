package notation

import (
	"bytes"
	"testing"
)

// TestQuickTurn: every turn quickTurn takes, the declaration reads alike,
// and every turn the declaration takes, quickTurn takes: over the lines of
// up to four words made of the words a turn is written with and those it
// may be mistaken with (7,000 lines, 12 of them good turns).
func TestQuickTurn(t *testing.T) {
	h := Header{Players: []string{"Ana", "Ben"}}
	d := Decoder{hdr: h}
	words := [][]byte{[]byte("bet"), []byte("cheer"), []byte("pass"), []byte("points"), []byte("3"), []byte("7"), []byte("0"),
		[]byte("46"), []byte("11"), []byte("66"), []byte("70"), []byte("461"), []byte("4x"), []byte("Ana"), []byte("Cal")}
	var lines [][][]byte
	for _, a := range words {
		lines = append(lines, [][]byte{[]byte("Ana"), a})
		for _, b := range words {
			lines = append(lines, [][]byte{[]byte("Ben"), a, b})
			for _, c := range words {
				lines = append(lines, [][]byte{[]byte("Ana"), a, b, c}, [][]byte{[]byte("Cal"), a, b, c})
			}
		}
	}
	took := 0
	for _, w := range lines {
		quick, slow := Statement{Kind: KindTurn}, Statement{}
		ok := quickTurn(h.Seat(w[0]), w, &quick)
		err := d.statement(w, 0, &slow, false) // quickTurn first, then the declaration
		decl := Statement{Kind: KindTurn}
		errDecl := d.turn(w, 0, &decl, false) // the declaration alone
		switch {
		case ok && errDecl != nil:
			t.Errorf("%s: quickTurn takes it, the declaration says %v", bytes.Join(w, []byte{' '}), errDecl)
		case ok && quick != decl:
			t.Errorf("%s: quickTurn reads %+v, the declaration %+v", bytes.Join(w, []byte{' '}), quick, decl)
		case ok:
			took++
		case errDecl == nil:
			t.Errorf("%s: a good turn, which quickTurn leaves to the declaration", bytes.Join(w, []byte{' '}))
		}
		if (err == nil) != (errDecl == nil) {
			t.Errorf("%s: read %v, declared %v", bytes.Join(w, []byte{' '}), err, errDecl)
		}
	}
	if took != 12 { // Ana 46, 11 or 66; Ben pass, Ana bet 3 and Ana cheer 3 with each
		t.Errorf("quickTurn took %d of %d lines, want the 12 good turns among them", took, len(lines))
	}
}
