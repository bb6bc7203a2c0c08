package game

import "furlong/engine"

// Entry is how the finished sheets of a game with sheet transcripts are
// copied on screen, box by box, into the transcript check reads. Every
// function comes from the game's notation, which names the boxes and
// writes the transcript; the game's referee judges what they write, as
// check judges a file.
type Entry struct {
	// Facts are what the transcript's header says of a game of mode that
	// no box holds (the house game's layout die), for the scorekeeper to
	// give before the boxes.
	Facts func(mode string) []engine.SheetFact
	// Boxes are the boxes of the sheets of setup s, in the order a
	// scorekeeper copies them, as the screen offers them with the values
	// entered so far (by tag). A setup the game cannot take is an
	// *engine.SetupError.
	Boxes func(s engine.SheetSetup, values map[string]string) ([]engine.SheetBox, error)
	// Text writes the transcript of setup s from the values entered in
	// its boxes, by tag, each line with the boxes it was written from. It
	// writes what the boxes say, within the rules or not: Judge says. A
	// value no box takes, or a setup the game cannot take, is an
	// *engine.SetupError.
	Text func(s engine.SheetSetup, values map[string]string) (*engine.SheetText, error)
	// Read reads a transcript back into its setup and the values of its
	// boxes; problems with the file are *engine.Error values.
	Read func(src []byte) (engine.SheetSetup, map[string]string, error)
}
