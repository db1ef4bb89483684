package sqltests

import "testing"

// TestHexFilterScripts runs HexFilterScripts in-process, over the wire and
// on MariaDB.
func TestHexFilterScripts(t *testing.T) { runScriptsAndMariaDB(t, HexFilterScripts) }

// TestHexFilterMySQLScripts runs HexFilterMySQLScripts in-process and over
// the wire.
func TestHexFilterMySQLScripts(t *testing.T) { runScriptsEngineAndWire(t, HexFilterMySQLScripts) }

// TestRowCompareScripts runs RowCompareScripts in-process, over the wire
// and on MariaDB.
func TestRowCompareScripts(t *testing.T) { runScriptsAndMariaDB(t, RowCompareScripts) }

// TestBitCompareScripts runs BitCompareScripts in-process, over the wire
// and on MariaDB.
func TestBitCompareScripts(t *testing.T) { runScriptsAndMariaDB(t, BitCompareScripts) }

// TestDistinctOrderScripts runs DistinctOrderScripts in-process, over the
// wire and on MariaDB.
func TestDistinctOrderScripts(t *testing.T) { runScriptsAndMariaDB(t, DistinctOrderScripts) }

// TestWindowFrameScripts runs WindowFrameScripts in-process, over the wire
// and on MariaDB.
func TestWindowFrameScripts(t *testing.T) { runScriptsAndMariaDB(t, WindowFrameScripts) }
