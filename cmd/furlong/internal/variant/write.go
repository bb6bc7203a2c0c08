package variant

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"furlong/cmd/furlong/internal/game"
	"furlong/engine"
)

// Write prints v, a board of game g, as a variant file: the game and
// base lines, the name (as a comment when the variant is called after its
// base, so that a copy is called after its own file), then every number
// by its table, each with a comment that says what it is and its bounds.
// Read reads it back to the same numbers.
func Write(w io.Writer, g *game.Game, v engine.Variant) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: the board %q as a variant file, every number with its bounds.\n", g.HeadingOf(""), v.Base())
	b.WriteString("# Copy it, change the numbers to try, and give the copy to furlong with\n")
	b.WriteString("# --variant FILE (sheets, rulebook, kit, simulate, check, score, review),\n")
	b.WriteString("# or to compare and sweep. A number left out keeps the board's own; the\n")
	b.WriteString("# variant is called after its file, or after its name line.\n")
	fmt.Fprintf(&b, "game = %s\n", strconv.Quote(g.Name))
	fmt.Fprintf(&b, "base = %s\n", strconv.Quote(v.Base()))
	if v.Name() != "" && v.Name() != v.Base() {
		fmt.Fprintf(&b, "name = %s\n", strconv.Quote(v.Name()))
	} else {
		b.WriteString("# name = \"my-board\"\n")
	}
	params := v.Params()
	// Tables in the order their first number comes, each number under its
	// table in the game's order.
	var order []string
	groups := map[string][]engine.Param{}
	for _, p := range params {
		t, _ := splitKey(p.Key)
		if _, ok := groups[t]; !ok {
			order = append(order, t)
		}
		groups[t] = append(groups[t], p)
	}
	// The numbers outside any table come first, before the first table
	// opens.
	if ps, ok := groups[""]; ok {
		b.WriteString("\n")
		writeGroup(&b, ps)
	}
	for _, t := range order {
		if t == "" {
			continue
		}
		fmt.Fprintf(&b, "\n[%s]\n", tableName(t))
		writeGroup(&b, groups[t])
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeGroup writes one table's numbers, their comments aligned.
func writeGroup(b *strings.Builder, ps []engine.Param) {
	lines := make([]string, len(ps))
	width := 0
	for i, p := range ps {
		_, k := splitKey(p.Key)
		lines[i] = keyPart(k) + " = " + p.Value()
		width = max(width, len(lines[i]))
	}
	for i, p := range ps {
		fmt.Fprintf(b, "%-*s  # %s\n", width, lines[i], comment(&p))
	}
}

// comment is what a number's comment says: its doc and its bounds.
func comment(p *engine.Param) string {
	doc := strings.Join(strings.Fields(p.Doc), " ")
	if doc == "" {
		doc = p.Key
	}
	if p.Int != nil {
		return fmt.Sprintf("%s (%d to %d)", doc, p.Min, p.Max)
	}
	return fmt.Sprintf("%s (%s)", doc, strings.ReplaceAll(quoteList(p.Words), ", ", " or "))
}

// splitKey cuts a param's key into its table and its last part:
// "race.7.spaces" is table "race.7", key "spaces".
func splitKey(key string) (table, k string) {
	i := strings.LastIndexByte(key, '.')
	if i < 0 {
		return "", key
	}
	return key[:i], key[i+1:]
}

// tableName writes a table's dotted name for its header, each part bare
// where TOML allows.
func tableName(t string) string {
	return joinKey(strings.Split(t, "."))
}
