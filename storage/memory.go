package storage

import (
	"fmt"

	"github.com/cockroachdb/pebble/v2"
	"github.com/cockroachdb/pebble/v2/vfs"
)

// memTableSize is the memtable size of a Store opened by OpenMemory: small,
// since one is opened per session that creates a temporary table (pebble
// grows its first memtables up to it).
const memTableSize = 1 << 20

// memoryDir is the dir of an in-memory Store's engine, in messages.
const memoryDir = "(memory)"

// OpenMemory returns a Store kept in memory only: a pebble LSM (and its
// write-ahead log) over an in-memory file system, without a data
// directory, a FORMAT or a LOCK; its fsyncs cost nothing. Its transactions behave as those of a Store from Open
// (snapshots, the writer slot, savepoints, statement undo), but nothing
// reaches a disk and Close frees everything. The catalog keeps temporary
// tables in one per session. Dir returns "".
func OpenMemory() (*Store, error) {
	cache := pebble.NewCache(1 << 20)
	defer cache.Unref()
	db, err := pebble.Open("", &pebble.Options{
		FS:                 vfs.NewMem(),
		Cache:              cache,
		MemTableSize:       memTableSize,
		Logger:             quietLogger{},
		FormatMajorVersion: pebble.FormatNewest,
	})
	if err != nil {
		return nil, fmt.Errorf("storage: open an in-memory store: %w", err)
	}
	return &Store{eng: newPebbleEngine(memoryDir, db), writer: make(chan struct{}, 1), txnState: newTxnState()}, nil
}
