package sqltests

import "testing"

func TestGeneratedColumnScripts(t *testing.T) {
	runScriptsAndMariaDB(t, GeneratedColumnScripts)
}

func TestFingerprintColumnScripts(t *testing.T) {
	runScripts(t, FingerprintColumnScripts)
}

func TestIntegerRangeScripts(t *testing.T) {
	runScriptsAndMariaDB(t, IntegerRangeScripts)
}

func TestVirtualColumnIndexScripts(t *testing.T) {
	runScripts(t, VirtualColumnIndexScripts)
}

func TestFloatScaleScripts(t *testing.T) {
	runScriptsAndMariaDB(t, FloatScaleScripts)
}

func TestHexValueScripts(t *testing.T) {
	runScriptsAndMariaDB(t, HexValueScripts)
}

func TestHexValueMySQLScripts(t *testing.T) {
	runScriptsEngineAndWire(t, HexValueMySQLScripts)
}

func TestDecimalRangeScripts(t *testing.T) {
	runScriptsAndMariaDB(t, DecimalRangeScripts)
}

func TestDecimalRangeMySQLScripts(t *testing.T) {
	runScriptsEngineAndWire(t, DecimalRangeMySQLScripts)
}

func TestNumericExactScripts(t *testing.T) {
	runScriptsAndMariaDB(t, NumericExactScripts)
}

func TestNumericExactMySQLScripts(t *testing.T) {
	runScriptsEngineAndWire(t, NumericExactMySQLScripts)
}

func TestVirtualColumnCheckScripts(t *testing.T) {
	runScriptsEngineAndWire(t, VirtualColumnCheckScripts)
}
