package engine

import (
	"strconv"
	"strings"
)

// And joins words as a list in prose: "Ana", "Ana and Ben", "Ana, Ben and
// Cal"; "" for none. A message that must say something for an empty list
// says it itself ("none").
func And(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// Or joins words as a choice in prose: "graded", "graded or level",
// "bet, pass or cheer"; "" for none.
func Or(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

var smallNumbers = [...]string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}

// Words writes a number of things as prose reads it in a message: a word
// below ten ("two", "no" for zero, as in "no players"), digits from ten on
// ("12"). A game whose zero reads otherwise ("0 of four slots", "none")
// says so before calling it.
func Words(n int) string {
	if n >= 0 && n < len(smallNumbers) {
		return smallNumbers[n]
	}
	return strconv.Itoa(n)
}
