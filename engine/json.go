package engine

import (
	"bytes"
	"encoding/json"
)

// DecodeJSON decodes the JSON value data begins with into v, refusing a
// field v does not have: how a game reads back what it wrote itself (a
// shard's tally), where a field it does not know is a file of another
// version or another game.
func DecodeJSON(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	return d.Decode(v)
}
