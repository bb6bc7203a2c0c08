package house

import (
	"bufio"
	"fmt"
	"io/fs"
	"path"
	"strings"
)

// JockeyCard is the text of one jockey card: the rule the jockey bends
// and a tip for riding them. The name printed on the card is the
// engine's (house.Jockey.Name). Rule and Tip are plain prose; they may
// hold placeholders in braces, such as {spread-bonus}, that the templates
// fill in from the engine's rule tables.
type JockeyCard struct {
	ID   string // the engine's jockey identifier, or "none" for riding it straight
	Rule string
	Tip  string
}

// Jockeys returns every card of jockeys/*.md, in file-name order.
func Jockeys() ([]JockeyCard, error) {
	names, err := fs.Glob(FS, "jockeys/*.md")
	if err != nil {
		return nil, err
	}
	var cards []JockeyCard
	seen := map[string]string{}
	for _, name := range names {
		b, err := fs.ReadFile(FS, name)
		if err != nil {
			return nil, err
		}
		c, err := ParseJockeyCard(string(b))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if prev, ok := seen[c.ID]; ok {
			return nil, fmt.Errorf("%s: jockey %q is already in %s", name, c.ID, path.Base(prev))
		}
		seen[c.ID] = name
		cards = append(cards, c)
	}
	return cards, nil
}

// JockeyByID returns the card of the jockey with identifier id.
func JockeyByID(id string) (JockeyCard, error) {
	cards, err := Jockeys()
	if err != nil {
		return JockeyCard{}, err
	}
	for _, c := range cards {
		if c.ID == id {
			return c, nil
		}
	}
	return JockeyCard{}, fmt.Errorf("no jockey card %q", id)
}

// ParseJockeyCard reads one card: front matter between "---" lines with
// "id:", then a "## Rule" and a "## Tip" section. Lines of a
// section are joined into one paragraph; a blank line starts a new one.
// Errors name the line they were found on.
func ParseJockeyCard(src string) (JockeyCard, error) {
	var (
		c       JockeyCard
		section *string
		state   = 0 // 0 before front matter, 1 in it, 2 after
		sc      = bufio.NewScanner(strings.NewReader(src))
		n       = 0
		blank   = false
	)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), " \t\r")
		switch state {
		case 0:
			if line == "" {
				continue
			}
			if line != "---" {
				return c, fmt.Errorf("line %d: want front matter starting with ---, have %q", n, line)
			}
			state = 1
		case 1:
			if line == "---" {
				state = 2
				continue
			}
			key, val, ok := strings.Cut(line, ":")
			if !ok {
				return c, fmt.Errorf("line %d: front matter wants key: value, have %q", n, line)
			}
			val = strings.TrimSpace(val)
			switch strings.TrimSpace(key) {
			case "id":
				c.ID = val
			case "name":
				return c, fmt.Errorf("line %d: unknown front matter key %q: the name on a card is the engine's", n, key)
			default:
				return c, fmt.Errorf("line %d: unknown front matter key %q (want id)", n, key)
			}
		case 2:
			switch {
			case strings.HasPrefix(line, "## "):
				switch title := strings.TrimSpace(line[3:]); title {
				case "Rule":
					section = &c.Rule
				case "Tip":
					section = &c.Tip
				default:
					return c, fmt.Errorf("line %d: unknown section %q (want Rule or Tip)", n, title)
				}
				if *section != "" {
					return c, fmt.Errorf("line %d: second %s section", n, line[3:])
				}
				blank = false
			case line == "":
				blank = true
			case section == nil:
				return c, fmt.Errorf("line %d: text before the first section: %q", n, line)
			default:
				text := strings.TrimSpace(line)
				switch {
				case *section == "":
					*section = text
				case blank:
					*section += "\n" + text
				default:
					*section += " " + text
				}
				blank = false
			}
		}
	}
	if err := sc.Err(); err != nil {
		return c, err
	}
	switch {
	case state < 2:
		return c, fmt.Errorf("line %d: front matter not closed with ---", n)
	case c.ID == "":
		return c, fmt.Errorf("no id in the front matter")
	case c.Rule == "":
		return c, fmt.Errorf("jockey %s: no Rule section", c.ID)
	case c.Tip == "":
		return c, fmt.Errorf("jockey %s: no Tip section", c.ID)
	}
	return c, nil
}
