package compat

import "testing"

// TestInsertInfoString pins the info strings MariaDB 10.11 sends (checked
// with the mariadb client; the INSERT ones over the wire in TestOKInfo).
func TestInsertInfoString(t *testing.T) {
	for _, c := range []struct {
		info insertInfo
		want string
	}{
		{insertInfo{records: 3}, "Records: 3  Duplicates: 0  Warnings: 0"},
		{insertInfo{records: 2, duplicates: 1, warnings: 1}, "Records: 2  Duplicates: 1  Warnings: 1"},
		// LOAD DATA: duplicates are the rows IGNORE (or LOCAL) skipped…
		{insertInfo{records: 3, duplicates: 1, warnings: 1, load: true}, "Records: 3  Deleted: 0  Skipped: 1  Warnings: 1"},
		// …or those REPLACE deleted.
		{insertInfo{records: 3, duplicates: 1, load: true, replace: true}, "Records: 3  Deleted: 1  Skipped: 0  Warnings: 0"},
	} {
		if got := c.info.String(); got != c.want {
			t.Errorf("%+v: got %q, want %q", c.info, got, c.want)
		}
	}
}
