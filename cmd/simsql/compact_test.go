package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/simsql/simsql/storage"
)

// TestCompactCmd: `simsql compact` returns the space of deleted keys on
// both engines and says so; it refuses a missing data directory (without
// creating it) and one a running server holds.
func TestCompactCmd(t *testing.T) {
	for _, tc := range []struct{ eng, said string }{
		{storage.EngineBolt, "rewrote simsql.db"},
		{storage.EnginePebble, "compacted every table"},
	} {
		t.Run(tc.eng, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "data")
			s, err := storage.Open(dir, storage.Options{Engine: tc.eng})
			if err != nil {
				t.Fatal(err)
			}
			ks := []byte("rows")
			for _, del := range []bool{false, true} {
				err := s.Update(func(tx *storage.Txn) error {
					if !del {
						if err := tx.CreateKeyspace(ks); err != nil {
							return err
						}
					}
					for i := range 20000 {
						k := fmt.Appendf(nil, "k%06d", i)
						if del {
							if err := tx.Delete(ks, k); err != nil {
								return err
							}
						} else if err := tx.Put(ks, k, bytes.Repeat(k, 20)); err != nil {
							return err
						}
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
			}
			var out, errOut bytes.Buffer
			if code := run([]string{"compact", "--data-dir", dir}, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "in use by another simsql process") {
				t.Errorf("compact of a directory in use: exit %d, %q", code, errOut.String())
			}
			before, err := s.Size()
			if err != nil {
				t.Fatal(err)
			}
			s.Close()
			out.Reset()
			if code := run([]string{"compact", "--data-dir", dir}, &out, &errOut); code != 0 || !strings.HasPrefix(out.String(), "simsql compact: "+dir+": "+tc.said) {
				t.Fatalf("compact: exit %d, %q %q", code, out.String(), errOut.String())
			}
			s, err = storage.Open(dir, storage.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			after, _ := s.Size()
			if tc.eng == storage.EngineBolt && after > before/4 {
				t.Errorf("simsql.db %d bytes before, %d after", before, after)
			}
			err = s.View(func(v storage.View) error {
				if n := v.Count(ks); n != 0 {
					t.Errorf("%d keys after compact, want 0", n)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
	missing := filepath.Join(t.TempDir(), "nothing")
	var out, errOut bytes.Buffer
	if code := run([]string{"compact", "--data-dir", missing}, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "no such file or directory") {
		t.Errorf("compact of a missing directory: exit %d, %q", code, errOut.String())
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Errorf("compact created %s: %v", missing, err)
	}
}
