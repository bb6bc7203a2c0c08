package engine

import "fmt"

// VariantName is a variant's name, as a log's variant line gives it: a
// game's Variant type embeds it for its Name and SetName.
type VariantName string

// Name names the variant, as a log's variant line does.
func (n VariantName) Name() string { return string(n) }

// SetName names the variant. A name is one word of the notation: a letter,
// then letters, digits, _ or -.
func (n *VariantName) SetName(name string) error {
	if msg := CheckName([]byte(name), nil); msg != "" {
		return fmt.Errorf("a variant's name: %s", msg)
	}
	*n = VariantName(name)
	return nil
}

// VariantID is a variant as a JSON object names it: its name and its
// digest (Digest), in a score's or a simulator's report.
type VariantID struct {
	Name   string `json:"name"`
	Digest string `json:"digest"`
}
