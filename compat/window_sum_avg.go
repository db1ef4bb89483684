package compat

import (
	"math/big"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/shopspring/decimal"
)

// Fault (go-mysql-server v0.20.0): SUM and AVG over a window (OVER (…))
// add in float64, as the grouped forms did (sum_avg.go): SUM(x) OVER ()
// of 9007199254740993, 1 and 123456789 was 9007199378197780 (MySQL:
// DECIMAL 9007199378197783). windowSum computes them as the grouped forms
// do, exactly as DECIMAL for integers and DECIMALs (DOUBLE for the rest),
// with the grouped forms' MySQL types, over each frame by prefix sums of
// the partition (as go-mysql-server's SumAgg does, so a frame costs O(1)).
// NULL for a frame with no value. Pinned by IntegerScripts "exact SUM and
// AVG over windows" (sqltests/scripts_integers.go, values read from
// MariaDB 10.11). Delete with sum_avg.go.

// windowSum is the window function of an exact SUM or AVG.
type windowSum struct {
	child  sql.Expression
	res    result
	avg    bool
	framer sql.WindowFramer

	start int               // the partition's first row in the buffer
	dec   []decimal.Decimal // exact: the sum of the partition's rows up to each
	dbl   []float64         // DOUBLE: the same
	cnt   []int64           // the number of values (not NULL) up to each row
}

var _ sql.WindowFunction = (*windowSum)(nil)

// NewWindowFunction implements sql.WindowAdaptableExpression.
func (s *exactSum) NewWindowFunction() (sql.WindowFunction, error) {
	return newWindowSum(s.Child, s.Window(), s.res, false)
}

// NewWindowFunction implements sql.WindowAdaptableExpression.
func (a *exactAvg) NewWindowFunction() (sql.WindowFunction, error) {
	return newWindowSum(a.Child, a.Window(), a.res, true)
}

func newWindowSum(child sql.Expression, w *sql.WindowDefinition, res result, avg bool) (sql.WindowFunction, error) {
	c, err := transform.Clone(child)
	if err != nil {
		return nil, err
	}
	ws := &windowSum{child: c, res: res, avg: avg}
	if w != nil && w.Frame != nil {
		if ws.framer, err = w.Frame.NewFramer(w); err != nil {
			return nil, err
		}
	}
	return ws, nil
}

// DefaultFramer implements sql.WindowFunction: the statement's frame, else
// RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW as go-mysql-server
// frames its own SUM.
func (w *windowSum) DefaultFramer() sql.WindowFramer {
	if w.framer != nil {
		return w.framer
	}
	return aggregation.NewUnboundedPrecedingToCurrentRowFramer()
}

// StartPartition implements sql.WindowFunction: the prefix sums of the
// partition's rows.
func (w *windowSum) StartPartition(ctx *sql.Context, interval sql.WindowInterval, buf sql.WindowBuffer) error {
	n := interval.End - interval.Start
	w.start = interval.Start
	w.dec, w.dbl, w.cnt = w.dec[:0], w.dbl[:0], w.cnt[:0]
	b := newSumBuffer(w.child, w.res, false)
	for i := range n {
		if err := b.Update(ctx, buf[interval.Start+i]); err != nil {
			return err
		}
		w.cnt = append(w.cnt, b.rows)
		if w.res.k == kDouble {
			w.dbl = append(w.dbl, b.dbl)
			continue
		}
		sum := b.dec
		if b.ints.Sign() != 0 {
			sum = sum.Add(decimal.NewFromBigInt(new(big.Int).Set(&b.ints), 0))
		}
		w.dec = append(w.dec, sum)
	}
	return nil
}

// Compute implements sql.WindowFunction: the frame's sum or average, NULL
// for a frame with no value.
func (w *windowSum) Compute(_ *sql.Context, interval sql.WindowInterval, _ sql.WindowBuffer) any {
	lo, hi := interval.Start-w.start-1, interval.End-w.start-1 // prefix indexes; -1 is none
	if hi < 0 || hi <= lo {
		return nil
	}
	count := w.cnt[hi]
	if lo >= 0 {
		count -= w.cnt[lo]
	}
	if count == 0 {
		return nil
	}
	if w.res.k == kDouble {
		sum := w.dbl[hi]
		if lo >= 0 {
			sum -= w.dbl[lo]
		}
		if w.avg {
			return sum / float64(count)
		}
		return sum
	}
	sum := w.dec[hi]
	if lo >= 0 {
		sum = sum.Sub(w.dec[lo])
	}
	if w.avg {
		return sum.DivRound(decimal.NewFromInt(count), w.res.scale)
	}
	return sum
}

// Dispose implements sql.Disposable.
func (w *windowSum) Dispose() { expression.Dispose(w.child) }
