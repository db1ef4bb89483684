package indexes

import (
	"slices"
	"testing"
)

// TestItemTable numbers row keys in order of first sight.
func TestItemTable(t *testing.T) {
	items := newItemTable()
	var got []int32
	for _, k := range []string{"a", "b", "a", "c", "b", "c", "d", "a"} {
		got = append(got, items.item([]byte(k)))
	}
	if want := []int32{0, 1, 0, 2, 1, 2, 3, 0}; !slices.Equal(got, want) {
		t.Errorf("items %v, want %v", got, want)
	}
	if want := []string{"a", "b", "c", "d"}; !slices.Equal(items.keys, want) {
		t.Errorf("keys %q, want %q", items.keys, want)
	}
}
