package variant

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"furlong/cmd/furlong/internal/cli/standin"
	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
)

var games = []game.Game{standin.Game(), standin.Bare()}

func opts(stem string) Options { return Options{File: stem + ".toml", Stem: stem, Games: games} }

func read(t *testing.T, text string) (*standin.Variant, error) {
	t.Helper()
	v, _, err := Read([]byte(text), opts("mine"))
	if err != nil {
		return nil, err
	}
	return v.(*standin.Variant), nil
}

// TestRead: dotted keys, tables and inline tables all set the same
// numbers; the name is the file's name line, else its stem.
func TestRead(t *testing.T) {
	for _, text := range []string{
		"game = \"trot\"\nbase = \"short\"\nlane.2.spaces = 20\nlane.2.bonus = 3\nfinish = \"exact\"\n",
		"finish = \"exact\"\ngame = \"trot\"\nbase = \"short\"\n[lane.2]\nspaces = 20\nbonus = 3\n",
		"game = \"trot\"\nbase = \"short\"\nfinish = \"exact\"\nlane.2 = { spaces = 20, bonus = 3 }\n",
		"game = \"trot\"\nbase = \"short\"\nfinish = \"exact\"\n[lane]\n2 = { spaces = 20 }\n2.bonus = +3\n",
	} {
		v, err := read(t, text)
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		want := standin.Variant{Lanes: [3]standin.Lane{{Spaces: 5}, {Spaces: 20, Bonus: 3}, {Spaces: 7}}, Finish: "exact"}
		if v.Lanes != want.Lanes || v.Finish != want.Finish || v.Base() != "short" || v.Name() != "mine" {
			t.Errorf("%q: have %+v %s %s, want %+v", text, *v, v.Base(), v.Name(), want)
		}
	}
	v, err := read(t, "game = \"trot\"\nname = \"long-one\"\n")
	if err != nil || v.Name() != "long-one" || v.Base() != "standard" {
		t.Errorf("a name line, no base: %v %v", v, err)
	}
}

// TestMistakes is a table of malformed variants, each refused with its
// line and key.
func TestMistakes(t *testing.T) {
	head := "game = \"trot\"\nbase = \"standard\"\n"
	for _, tc := range []struct {
		text string
		want string // the error, after "mine.toml"
	}{
		{"", `:1: game: the file names no game: a variant file begins game = "NAME" (trot)`},
		{"base = \"short\"\nlane.1.spaces = 3\n", `:1: game: the file names no game`},
		{"game = \"gallop\"\n", `:1: game: unknown game "gallop" (want trot)`},
		{"game = \"bare\"\n", `:1: game: Bare has no variants yet (variants serve trot)`},
		{"game = 5\n", `:1: game: want a word in quotes, not 5`},
		{"game = \"trot\"\nbase = \"long\"\n", `:2: base: Trot has no board "long" (want "standard", "short")`},
		{"game = \"trot\"\nname = \"my board\"\n", `:2: name: ' ' is not a letter, digit, -, _ or . of a name`},
		{head + "lane.1.space = 3\n", `:3: lane.1.space: unknown key; the nearest the board has is lane.1.spaces`},
		{head + "\n[lane.4]\nspaces = 3\n", `:5: lane.4.spaces: unknown key; the nearest the board has is lane.1.spaces`},
		{head + "[lane.1]\nspaces = 3\nfinish = \"exact\"\n", `:5: lane.1.finish: unknown key; the nearest the board has is lane.1.bonus`},
		{head + "lane.1 = 3\n", `:3: lane.1: a table of the board's numbers, not one number: set its keys (lane.1.spaces, ...)`},
		{head + "lane.1.spaces = \"ten\"\n", `:3: lane.1.spaces: want a whole number from 1 to 40, not the word "ten"`},
		{head + "lane.1.spaces = 10.5\n", `:3: lane.1.spaces: want a whole number from 1 to 40, not 10.5`},
		{head + "lane.1.spaces = true\n", `:3: lane.1.spaces: want a whole number from 1 to 40, not true`},
		{head + "lane.1.spaces = [1, 2]\n", `:3: lane.1.spaces: want a whole number from 1 to 40, not a list`},
		{head + "lane.1.spaces = 1979-05-27\n", `:3: lane.1.spaces: want a whole number from 1 to 40, not a date or time`},
		{head + "finish = 2\n", `:3: finish: want one of "past", "exact", in quotes, not 2`},
		{head + "finish = \"never\"\n", `:3: finish: must be one of "past", "exact", not "never"`},
		{head + "lane.1.spaces = 41\n", `:3: lane.1.spaces: must be from 1 to 40, not 41`},
		{head + "lane.1.spaces = 0\n", `:3: lane.1.spaces: must be from 1 to 40, not 0`},
		{head + "lane.1.spaces = -9223372036854775808\n", `:3: lane.1.spaces: must be from 1 to 40, not -9223372036854775808`},
		{head + "lane.1.spaces = 99999999999999999999\n", `:3: lane.1.spaces: must be from 1 to 40, not 99999999999999999999`},
		{head + "lane.1.spaces = 0x10\n", `:3: lane.1.spaces: write the number in base 10, without a prefix or _: 16, not 0x10`},
		{head + "lane.1.spaces = 1_0\n", `:3: lane.1.spaces: write the number in base 10, without a prefix or _: 10, not 1_0`},
		{head + "lane.1.spaces = 0o17\n", `:3: lane.1.spaces: write the number in base 10, without a prefix or _: 15, not 0o17`},
		{head + "lane.1.spaces = 12\nlane.1.spaces = 13\n", `:4: lane.1.spaces: set twice (first on line 3)`},
		{head + "lane.1.spaces = 12\n[lane.1]\nspaces = 13\n", `:5: lane.1.spaces: set twice (first on line 3)`},
		{head + "[lane.1]\nspaces = 12\n[lane.2]\n[lane.1]\nbonus = 1\n", `:6: lane.1: a table opened twice (first on line 3): give its keys under one [lane.1]`},
		{head + "base = \"short\"\n", `:3: base: set twice (first on line 2)`},
		{head + "[[lane]]\n", `:3: lane: a variant file has no arrays of tables ([[...]]): write [lane]`},
		{head + "lane.1.spaces = \n", `:3: not TOML: `},
		{head + "lane.1.spaces = 3 4\n", `:3: not TOML: `},
		{head + "lane.2.spaces = 3\nlane.2.bonus = 3\n", `:4: lane.2.bonus: lane 2's bonus of 3 and a 6 go more than five spaces past its 3 spaces`},
		{head + "lane.2.bonus = 9\nlane.2.spaces = 3\n", `:3: lane.2.bonus: lane 2's bonus of 9`},
		{"game = \"trot\"\nbase = \"short\"\nlane.1.bonus = 5\n", `:3: lane.1.bonus: lane 1's bonus of 5 and a 6 go more than five spaces past its 5 spaces`},
		{"game = \"trot\"\nbase = \"short\"\n\"lane.1\".spaces = 5\n", `:3: "lane.1".spaces: unknown key`},
		{"\xff", `: not UTF-8 text: a variant file is TOML`},
	} {
		_, err := read(t, tc.text)
		var ve *Error
		if !errors.As(err, &ve) || !strings.HasPrefix(err.Error(), "mine.toml"+tc.want) {
			t.Errorf("%q:\nhave %v\nwant mine.toml%s", tc.text, err, tc.want)
		}
	}
	// A Check failure that a set brings about is put on the line of the
	// key the board names.
	f, err := Parse([]byte("game = \"trot\"\nbase = \"short\"\nlane.3.bonus = 2\n"), opts("mine"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Variant(Set{"lane.3.spaces", 2}); err == nil || err.Error() != "mine.toml:3: lane.3.bonus: lane 3's bonus of 2 and a 6 go more than five spaces past its 2 spaces" {
		t.Errorf("a set the board refuses: %v", err)
	}
	if _, err := f.Variant(Set{"lane.3.spaces", 50}); err == nil || err.(*Error).Detail() != "lane.3.spaces: must be from 1 to 40, not 50" {
		t.Errorf("a set out of range: %v", err)
	}
	if _, _, err := Read([]byte("game = \"trot\"\n"), Options{File: "a b.toml", Stem: "a b", Games: games}); err == nil || !strings.HasPrefix(err.Error(), `a b.toml: name: the file's name "a b" cannot name a variant`) {
		t.Errorf("a stem with a space: %v", err)
	}
	if _, _, err := Read(bytes.Repeat([]byte("#"), MaxBytes+1), opts("big")); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Errorf("a file too long: %v", err)
	}
}

// TestWriteRead: every base of the stand-in printed as a variant file
// reads back to the same numbers, and prints again the same.
func TestWriteRead(t *testing.T) {
	g := &games[0]
	for _, base := range g.Bases {
		std, _ := g.Variant(base, "")
		var b bytes.Buffer
		if err := Write(&b, g, std); err != nil {
			t.Fatal(err)
		}
		v, _, err := Read(b.Bytes(), opts("copy"))
		if err != nil {
			t.Fatalf("%s: %v\n%s", base, err, b.String())
		}
		if !engine.SameNumbers(v, std) || v.Name() != "copy" {
			t.Errorf("%s: read back %s %s, want %s", base, engine.Digest(v), v.Name(), engine.Digest(std))
		}
		var again bytes.Buffer
		Write(&again, g, v)
		if want := strings.Replace(b.String(), "# name = \"my-board\"", "name = \"copy\"", 1); again.String() != want {
			t.Errorf("%s: printed again\n%s\nwant\n%s", base, again.String(), want)
		}
	}
	std, _ := g.Variant("standard", "")
	var b bytes.Buffer
	Write(&b, g, std)
	golden := filepath.Join("testdata", "trot.toml")
	if *update {
		os.WriteFile(golden, b.Bytes(), 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil || !bytes.Equal(b.Bytes(), want) {
		t.Errorf("trot's standard board as a file:\n%s\nwant (%s)\n%s", b.String(), golden, want)
	}
}

// FuzzRead: no text makes Read panic, every refusal is an *Error, and a
// board read from any text prints as a file that reads back to it.
func FuzzRead(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*.toml"))
	for _, s := range seeds {
		b, _ := os.ReadFile(s)
		f.Add(b)
	}
	f.Add([]byte("game = \"trot\"\nlane.1 = { spaces = 3, bonus = { x = 1 } }\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, g, err := Read(data, opts("fuzz"))
		if err != nil {
			var ve *Error
			if !errors.As(err, &ve) {
				t.Fatalf("%q: not an *Error: %v", data, err)
			}
			return
		}
		var b bytes.Buffer
		if err := Write(&b, g, v); err != nil {
			t.Fatal(err)
		}
		w, _, err := Read(b.Bytes(), opts("fuzz"))
		if err != nil || !engine.SameNumbers(v, w) || w.Name() != v.Name() {
			t.Fatalf("%q printed as\n%s\nreads back as %v, %v", data, b.String(), w, err)
		}
	})
}
