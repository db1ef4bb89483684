package catalog

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
)

// TestStatsWhileAnalyzing runs ANALYZE TABLE in one session while others
// plan joins, which read the statistics ANALYZE writes: go-mysql-server's
// provider keeps them in a map without a lock (a data race under -race, a
// fatal "concurrent map read and map write" without), statsProvider
// locks it.
func TestStatsWhileAnalyzing(t *testing.T) {
	p, engine := openEngine(t)
	var vals []string
	for i := range 300 {
		vals = append(vals, fmt.Sprintf("(%d, %d)", i, i%30))
	}
	for _, q := range []string{
		"CREATE TABLE xy (x INT PRIMARY KEY, y INT, KEY (y))",
		"INSERT INTO xy VALUES " + strings.Join(vals, ", "),
	} {
		query(t, engine.Query, p.NewContext(context.Background()), q)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 3)
	run := func(q string) {
		defer wg.Done()
		ctx := p.NewContext(context.Background())
		for range 30 {
			_, iter, _, err := engine.Query(ctx, q)
			if err == nil {
				for _, err = iter.Next(ctx); err == nil; _, err = iter.Next(ctx) {
				}
				if errors.Is(err, io.EOF) {
					err = iter.Close(ctx)
				}
			}
			if err != nil {
				errs <- fmt.Errorf("%s: %w", q, err)
				return
			}
		}
	}
	wg.Add(3)
	go run("ANALYZE TABLE xy")
	go run("SELECT COUNT(*) FROM xy a JOIN xy b ON a.y = b.y")
	go run("SELECT a.x FROM xy a JOIN xy b ON a.y = b.y WHERE a.x = 7")
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
