package indexes

import (
	"slices"
	"testing"
)

// TestItemTable numbers row keys in order of first sight, also when every
// key has the same hash.
func TestItemTable(t *testing.T) {
	for name, hash := range map[string]func([]byte) uint64{
		"xxhash":   nil,
		"constant": func([]byte) uint64 { return 7 },
	} {
		items := newItemTable()
		if hash != nil {
			items.hash = hash
		}
		var got []int32
		for _, k := range []string{"a", "b", "a", "c", "b", "c", "d", "a"} {
			got = append(got, items.item([]byte(k)))
		}
		if want := []int32{0, 1, 0, 2, 1, 2, 3, 0}; !slices.Equal(got, want) {
			t.Errorf("%s: items %v, want %v", name, got, want)
		}
		if want := []string{"a", "b", "c", "d"}; !slices.Equal(items.keys, want) {
			t.Errorf("%s: keys %q, want %q", name, items.keys, want)
		}
	}
}
