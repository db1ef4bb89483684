package indexes

import (
	"context"
	"slices"
)

// nearGroup is one connected component of a near-duplicate relation: its
// members in primary-key order (the first is the group's id) and its
// representative, the member in the most pairs (with the most
// neighbours), the first in primary-key order among those tied.
type nearGroup struct {
	members []int32
	rep     int32
}

// nearGroups returns the connected components of two or more items of the
// relation whose pairs are edges (l, r), in the primary-key order of their
// first members; compare orders items by primary key. Components chain: a
// ~ b and b ~ c put a and c in one group however far apart they are, which
// is why each group also reports its diameter (groupDiameter).
func nearGroups(edges [][2]int32, compare func(a, b int32) int) []nearGroup {
	parent := map[int32]int32{}
	degree := map[int32]int{}
	var find func(x int32) int32
	find = func(x int32) int32 {
		p, ok := parent[x]
		if !ok {
			parent[x] = x
			return x
		}
		if p == x {
			return x
		}
		root := find(p)
		parent[x] = root
		return root
	}
	for _, e := range edges {
		degree[e[0]]++
		degree[e[1]]++
		a, b := find(e[0]), find(e[1])
		if a != b {
			if compare(a, b) > 0 {
				a, b = b, a
			}
			parent[b] = a // the root is the first in primary-key order
		}
	}
	byRoot := map[int32][]int32{}
	for x := range parent {
		r := find(x)
		byRoot[r] = append(byRoot[r], x)
	}
	groups := make([]nearGroup, 0, len(byRoot))
	for _, members := range byRoot {
		slices.SortFunc(members, compare)
		rep := members[0]
		for _, m := range members[1:] {
			if degree[m] > degree[rep] { // ties keep the earlier member
				rep = m
			}
		}
		groups = append(groups, nearGroup{members: members, rep: rep})
	}
	slices.SortFunc(groups, func(a, b nearGroup) int { return compare(a.members[0], b.members[0]) })
	return groups
}

// groupDiameter returns the extreme of measure over every pair of the
// group's members — not only the pairs of the relation: the smallest
// similarity (worse(x, y) is x < y) or the largest distance (x > y). It
// costs one measure per pair of members, as comparing the group pairwise
// does, and stops with the cause of ctx's end within about a thousand.
func groupDiameter[T any](ctx context.Context, g nearGroup, measure func(a, b int32) T, worse func(x, y T) bool) (T, error) {
	var d T
	checks := 0
	for x, a := range g.members {
		for _, b := range g.members[x+1:] {
			if checks++; checks&1023 == 0 && ctx.Err() != nil {
				return d, context.Cause(ctx)
			}
			if m := measure(a, b); checks == 1 || worse(m, d) {
				d = m
			}
		}
	}
	return d, nil
}
