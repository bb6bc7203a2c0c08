package engine

import "encoding/json"

// Keyed is one key of an Object and its value.
type Keyed[T any] struct {
	Key   string
	Value T
}

// Object is a JSON object written with its keys in the order they were
// added, where a Go map would sort them: horses lowest first, players in
// seat order.
type Object[T any] []Keyed[T]

// Add adds key and its value at the end of o.
func (o *Object[T]) Add(key string, v T) { *o = append(*o, Keyed[T]{key, v}) }

// MarshalJSON writes the object with its keys in order.
func (o Object[T]) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, e := range o {
		if i > 0 {
			b = append(b, ',')
		}
		k, err := json.Marshal(e.Key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(e.Value)
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, k...), ':'), v...)
	}
	return append(b, '}'), nil
}
