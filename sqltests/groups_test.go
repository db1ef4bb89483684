package sqltests

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// bruteGroups is near_duplicate_groups by brute force over items 0 … n−1
// (ids in primary-key order, id(i) their text): the connected components
// of two or more of the pairs, and for each member the row "id,group_id,
// diameter,representative" — group_id the component's first id, diameter
// the worst of measure over every two members (worse(x, y): x is worse),
// representative the member in the most pairs, the first among those
// tied — in primary-key order.
func bruteGroups[T any](n int, pairs [][2]int, id func(i int) string, measure func(a, b int) T, worse func(x, y T) bool, format func(T) string) []string {
	comp := make([]int, n)
	for i := range comp {
		comp[i] = i
	}
	degree := make([]int, n)
	for _, p := range pairs {
		degree[p[0]]++
		degree[p[1]]++
		// Relabel the later component as the earlier: quadratic, and plain.
		a, b := min(comp[p[0]], comp[p[1]]), max(comp[p[0]], comp[p[1]])
		for i := range comp {
			if comp[i] == b {
				comp[i] = a
			}
		}
	}
	var rows []string
	for i := range n {
		var members []int
		for j := range n {
			if comp[j] == comp[i] {
				members = append(members, j)
			}
		}
		if len(members) < 2 {
			continue
		}
		var d T
		first := true
		for x, a := range members {
			for _, b := range members[x+1:] {
				if m := measure(a, b); first || worse(m, d) {
					d, first = m, false
				}
			}
		}
		rep := members[0]
		for _, m := range members {
			if degree[m] > degree[rep] {
				rep = m
			}
		}
		rows = append(rows, fmt.Sprintf("%s,%s,%s,%s", id(i), id(members[0]), format(d), id(rep)))
	}
	return rows
}

// pairIndexes reads "left,right[,…]" rows of ids into pairs of the ids'
// places in ids.
func pairIndexes(rows []string, ids []string) [][2]int {
	var out [][2]int
	for _, r := range rows {
		f := strings.Split(r, ",")
		out = append(out, [2]int{slices.Index(ids, f[0]), slices.Index(ids, f[1])})
	}
	return out
}

// parseFloat reads a number a query returned.
func parseFloat(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return f
}
