package harness

import (
	"bufio"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/go-sql-driver/mysql"
)

// PlantEvery is the run length of PlantedFingerprints.
const PlantEvery = 100

// PlantedFingerprints returns n 64-bit fingerprints, the same on every call:
// in each run of PlantEvery, the first is random and the last three are it
// with 1, 2 and 3 distinct random bits flipped; the others are random. So
// every run holds at least three pairs within Hamming distance 3.
func PlantedFingerprints(n int) []uint64 {
	r := rand.New(rand.NewPCG(1, 0x73696d68617368))
	fps := make([]uint64, n)
	for i := range fps {
		pos := i % PlantEvery
		if d := pos - (PlantEvery - 4); d >= 1 {
			fps[i] = flip(r, fps[i-pos], d)
		} else {
			fps[i] = r.Uint64()
		}
	}
	return fps
}

// flip returns x with d distinct random bits flipped.
func flip(r *rand.Rand, x uint64, d int) uint64 {
	var mask uint64
	for bits.OnesCount64(mask) < d {
		mask |= 1 << r.IntN(64)
	}
	return x ^ mask
}

// WriteFingerprintFiles writes fps as tab-separated files of per rows each
// (lines "id\tfp", id i+1 for fps[i], fp unsigned decimal) under dir
// (created if missing) and returns their paths in order.
func WriteFingerprintFiles(dir string, fps []uint64, per int) ([]string, error) {
	return WriteTSVFiles(dir, "fp", len(fps), per, func(dst []byte, i int) []byte {
		return strconv.AppendUint(dst, fps[i], 10)
	})
}

// WriteTSVFiles writes n rows as tab-separated files of per rows each,
// named prefix-NNNNNNNN.tsv after their first id, under dir (created if
// missing), and returns their paths in order. Row i is the line
// "id\tvalue": id i+1, value what appendValue(dst, i) appends to dst.
func WriteTSVFiles(dir, prefix string, n, per int, appendValue func(dst []byte, i int) []byte) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var paths []string
	for first := 0; first < n; first += per {
		path := filepath.Join(dir, fmt.Sprintf("%s-%08d.tsv", prefix, first+1))
		f, err := os.Create(path)
		if err != nil {
			return nil, err
		}
		w := bufio.NewWriterSize(f, 1<<20)
		var line []byte
		for i := first; i < min(first+per, n); i++ {
			line = strconv.AppendInt(line[:0], int64(i+1), 10)
			line = append(line, '\t')
			line = appendValue(line, i)
			line = append(line, '\n')
			w.Write(line)
		}
		if err := w.Flush(); err != nil {
			f.Close()
			return nil, err
		}
		if err := f.Close(); err != nil {
			return nil, err
		}
		paths = append(paths, path)
	}
	return paths, nil
}

// LoadDataFiles loads files into table (simsql or MariaDB), one LOAD DATA
// LOCAL INFILE statement each, checks that the table then has want rows, and
// returns the whole time and the time of each file. progress, if not nil,
// is called after each file.
func LoadDataFiles(ctx context.Context, db *sql.DB, table string, files []string, want int, progress func(file string, d time.Duration)) (time.Duration, []time.Duration, error) {
	var p func(string, time.Duration) error
	if progress != nil {
		p = func(file string, d time.Duration) error { progress(file, d); return nil }
	}
	return LoadDataFilesWith(ctx, db, table, "", files, want, p)
}

// ErrLoadStopped is returned by LoadDataFilesWith when progress stops the
// load.
var ErrLoadStopped = errors.New("load stopped")

// LoadDataFilesWith is LoadDataFiles with clauses appended to each
// statement after INTO TABLE table, such as a column list and SET
// ("(id, @h) SET sig = UNHEX(@h)"). An error from progress stops the load
// after that file: the durations so far are returned with an error
// wrapping ErrLoadStopped and progress's error, and the row count is not
// checked.
func LoadDataFilesWith(ctx context.Context, db *sql.DB, table, clauses string, files []string, want int, progress func(file string, d time.Duration) error) (time.Duration, []time.Duration, error) {
	start := time.Now()
	var each []time.Duration
	for _, path := range files {
		mysql.RegisterLocalFile(path)
		t0 := time.Now()
		q := "LOAD DATA LOCAL INFILE '" + path + "' INTO TABLE " + table
		if clauses != "" {
			q += " " + clauses
		}
		_, err := db.ExecContext(ctx, q)
		each = append(each, time.Since(t0))
		mysql.DeregisterLocalFile(path)
		if err != nil {
			return 0, each, fmt.Errorf("%s: %w", filepath.Base(path), err)
		}
		if progress != nil {
			if err := progress(filepath.Base(path), each[len(each)-1]); err != nil {
				return time.Since(start), each, fmt.Errorf("%w after %s: %w", ErrLoadStopped, filepath.Base(path), err)
			}
		}
	}
	elapsed := time.Since(start)
	var n int
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+table).Scan(&n); err != nil {
		return 0, each, err
	}
	if n != want {
		return 0, each, fmt.Errorf("%s has %d rows after the load, want %d", table, n, want)
	}
	return elapsed, each, nil
}

// Quantiles returns the median and the 99th percentile (nearest rank, the
// maximum below 100 samples) of ts, which must not be empty.
func Quantiles(ts []time.Duration) (median, p99 time.Duration) {
	s := slices.Clone(ts)
	slices.Sort(s)
	return s[len(s)/2], s[min(len(s)-1, len(s)*99/100)]
}

// BruteQueries returns, for each query fingerprint, the ids (i+1 for fps[i])
// within Hamming distance k, in increasing order, by a scan on all CPUs.
func BruteQueries(fps, qs []uint64, k int) [][]int64 {
	out := make([][]int64, len(qs))
	Parallel(len(qs), func(qi int) {
		for i, fp := range fps {
			if bits.OnesCount64(fp^qs[qi]) <= k {
				out[qi] = append(out[qi], int64(i+1))
			}
		}
	})
	return out
}

// Parallel calls f(i) for each i in [0, n) on all CPUs and returns when
// every call has returned.
func Parallel(n int, f func(i int)) {
	var wg sync.WaitGroup
	workers := runtime.NumCPU()
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < n; i += workers {
				f(i)
			}
		}()
	}
	wg.Wait()
}

// PairsWithin3 counts the pairs of fps within Hamming distance 3 by the
// block method, independently of simsql: four 16-bit blocks; a pair is
// counted in the first block on which it agrees.
func PairsWithin3(fps []uint64) int64 {
	idx := make([]int32, len(fps))
	var n int64
	for blk := range 4 {
		shift := uint(16 * blk)
		key := func(i int32) uint64 { return fps[i] >> shift & 0xffff }
		for i := range idx {
			idx[i] = int32(i)
		}
		slices.SortFunc(idx, func(a, b int32) int {
			if c := int(key(a)) - int(key(b)); c != 0 {
				return c
			}
			return int(a - b)
		})
		for lo := 0; lo < len(idx); {
			hi := lo + 1
			for hi < len(idx) && key(idx[hi]) == key(idx[lo]) {
				hi++
			}
			for i := lo; i < hi; i++ {
				for j := i + 1; j < hi; j++ {
					a, c := fps[idx[i]], fps[idx[j]]
					if bits.OnesCount64(a^c) > 3 {
						continue
					}
					// counted here only if no earlier block agrees
					first := true
					for e := range blk {
						s := uint(16 * e)
						if a>>s&0xffff == c>>s&0xffff {
							first = false
							break
						}
					}
					if first {
						n++
					}
				}
			}
			lo = hi
		}
	}
	return n
}
