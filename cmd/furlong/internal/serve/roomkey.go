package serve

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"
	mrand "math/rand/v2"
	"strings"
)

// A room's secrets: its id, its join code, the tokens of its host and
// devices, and the key its chance is drawn with. All of them come from
// crypto/rand; the store keeps the key, and of each token only its hash.

// keyedRand is the source of a room's next chance event or bot decision:
// ChaCha8 seeded with the hash of the room's key, the stream and the log
// so far. Nobody who sees the log can tell the next roll from it, and the
// same log always gets the same roll: a server started again on the
// stored log throws the dice it had thrown and not yet written, and a
// decision taken back and made again finds the dice it found before.
func keyedRand(key *[32]byte, stream uint64, k keys) *mrand.Rand {
	var b [56]byte
	copy(b[:32], key[:])
	binary.LittleEndian.PutUint64(b[32:], stream)
	binary.LittleEndian.PutUint64(b[40:], k.log)
	binary.LittleEndian.PutUint64(b[48:], k.events)
	return mrand.New(mrand.NewChaCha8(sha256.Sum256(b[:])))
}

// newKey is a room's chance key.
func newKey() *[32]byte {
	var k [32]byte
	rand.Read(k[:])
	return &k
}

// newRoomID is a room's id: 128 random bits, in 22 URL-safe characters.
func newRoomID() string {
	var b [16]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// newToken is a device's or a host's token: 256 random bits.
func newToken() string {
	var b [32]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// tokenHash is what the store keeps of a token.
func tokenHash(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// sameHash compares two hashes in constant time.
func sameHash(a, b []byte) bool {
	return len(a) == len(b) && len(a) > 0 && subtle.ConstantTimeCompare(a, b) == 1
}

// codeAlphabet are the characters of a join code: digits and capitals
// without those read alike (0 O Q, 1 I L, 2 Z, 5 S, 8 B, U V).
const codeAlphabet = "34679ACDEFGHJKMNPRTWXY"

// codeLen is the length of a join code: 22^6, some 113 million codes,
// with wrong guesses limited per client.
const codeLen = 6

// newCode is a join code.
func newCode() string {
	var b [codeLen]byte
	for i := range b {
		var r [1]byte
		for {
			rand.Read(r[:])
			// The largest multiple of the alphabet's size below 256:
			// every character equally likely.
			if int(r[0]) < 256/len(codeAlphabet)*len(codeAlphabet) {
				break
			}
		}
		b[i] = codeAlphabet[int(r[0])%len(codeAlphabet)]
	}
	return string(b[:])
}

// normalCode is a code as typed, in capitals without spaces or dashes, or
// "" when it cannot be a code.
func normalCode(s string) string {
	s = strings.ToUpper(strings.NewReplacer(" ", "", "-", "").Replace(s))
	if len(s) != codeLen {
		return ""
	}
	for _, c := range s {
		if !strings.ContainsRune(codeAlphabet, c) {
			return ""
		}
	}
	return s
}
