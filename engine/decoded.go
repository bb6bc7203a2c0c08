package engine

// Decoded is a new *L that decode fills in, or nil and decode's error: a
// notation package's Decode and DecodeBytes, around its Log's decoding.
//
//	func Decode(r io.Reader) (*Log, error) {
//		return engine.Decoded(func(l *Log) error { return l.decode(NewDecoder(r)) })
//	}
func Decoded[L any](decode func(*L) error) (*L, error) {
	l := new(L)
	if err := decode(l); err != nil {
		return nil, err
	}
	return l, nil
}
