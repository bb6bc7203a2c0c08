package engine

import "strings"

// And joins words as a list in prose: "Ana", "Ana and Ben", "Ana, Ben and
// Cal"; "" for none. A message that must say something for an empty list
// says it itself ("none").
func And(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
