package engine

// AppendLog appends a log in its canonical form to b: its header as
// header writes it, then each statement of sts as statement writes it
// (with its line end). The MarshalText of a game whose log is its header
// and a statement a line, nothing between, goes through it.
func AppendLog[H, S any](b []byte, h *H, sts []S, header func([]byte, *H) []byte, statement func([]byte, *H, *S) []byte) []byte {
	b = header(b, h)
	for i := range sts {
		b = statement(b, h, &sts[i])
	}
	return b
}

// AppendVariant appends the line of a log's header that names the board
// variant it is played on to b: "variant NAME DIGEST".
func AppendVariant(b []byte, name, digest string) []byte {
	b = append(b, "variant "...)
	b = append(b, name...)
	b = append(b, ' ')
	b = append(b, digest...)
	return append(b, '\n')
}
