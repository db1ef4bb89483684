// Package compat holds simsql's workarounds for go-mysql-server v0.20.0,
// where it answers differently from MySQL 8: one file per upstream fault,
// each naming the fault and the test that pins it, so that the file can
// go when go-mysql-server fixes it. The engine takes them as values:
// Parser (the integer operators, comparisons and CAST, CONV and
// BIT_COUNT, taken over at parse time), Functions (built-ins replaced by
// name), Rules and PostRules (analyzer rules). This package imports
// go-mysql-server, vitess and simsql's statement classifier only.
package compat

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
)

// Functions returns the functions that replace go-mysql-server's
// built-ins of the same names: ABS, GREATEST and LEAST (abs_greatest.go),
// IF and IFNULL of numbers (if_numeric.go), FLOOR and CEIL (floor_ceil.go), SIGN (sign_fraction.go), FORMAT (format_number.go),
// HEX of a DECIMAL or DOUBLE (hex_number.go), LAST_INSERT_ID (last_insert_id.go), MIN and MAX, nullable (min_max_nullable.go), CHARSET, COLLATION and COERCIBILITY (charset_null.go), INET_NTOA (inet_ntoa.go), JSON_TYPE (json_type_null.go), QUOTE (quote_null.go), SOUNDEX (soundex_empty.go), ROUND and TRUNCATE (round.go),
// SUM and AVG (sum_avg.go), BIT_AND, BIT_OR
// and BIT_XOR (bit_aggregates.go), and the string functions, on bytes for
// a binary string (binary_strings.go), BIT_LENGTH (bit_length.go), BENCHMARK,
// TRUNCATE and WEIGHT_STRING, which go-mysql-server lacks (benchmark.go,
// round.go, weight_string.go), UNHEX, which it answers slowly
// (unhex.go), and VARIANCE, STD and their kin, typed DOUBLE (variance.go);
// those that read a text argument read a temporal one as MySQL's text of
// it (temporal_text.go), and those MySQL checks against max_allowed_packet
// build no answer longer than it (packet_limit.go). COALESCE of numbers
// has their aggregate type (coalesce_numeric.go), and the numeric
// functions go-mysql-server answers read a string argument as the DOUBLE
// its text spells (hex_numeric_args.go). DATE_ADD, ADDDATE, DATE_SUB
// and SUBDATE read a zero date as NULL (zero_dates.go).
// The catalog
// looks a function up in its database provider before its built-ins, so
// a provider that answers these names overrides them.
func Functions() []sql.Function {
	return withNumericArgs(withNumericCoalesce(withPacketLimit(withTemporalText(append(append(append(append(byteFunctions(), varianceFunctions()...), collationFunctions()...), dateArithFunctions()...), // charset_null.go, coalesce_numeric.go, zero_dates.go
		sql.Function1{Name: "abs", Fn: newAbs},
		sql.FunctionN{Name: "aes_decrypt", Fn: newAESDecrypt}, // aes.go
		sql.FunctionN{Name: "aes_encrypt", Fn: newAESEncrypt}, // aes.go
		sql.Function1{Name: "avg", Fn: newAvg},
		sql.Function2{Name: "benchmark", Fn: newBenchmark},
		sql.Function1{Name: "bit_and", Fn: newBitAnd},
		sql.Function1{Name: "bit_length", Fn: newBitLength}, // bit_length.go
		sql.Function1{Name: "bit_or", Fn: newBitOr},
		sql.Function1{Name: "bit_xor", Fn: newBitXor},
		sql.Function1{Name: "ceil", Fn: newCeil},                     // floor_ceil.go
		sql.Function1{Name: "ceiling", Fn: newCeil},                  // floor_ceil.go
		sql.FunctionN{Name: "export_set", Fn: newExportSet},          // export_set.go
		sql.Function1{Name: "floor", Fn: newFloor},                   // floor_ceil.go
		sql.Function2{Name: assignUserVarName, Fn: newAssignUserVar}, // user_var_assign.go
		sql.Function3{Name: "if", Fn: newIf},                         // if_numeric.go
		sql.Function2{Name: "ifnull", Fn: newIfNull},                 // if_numeric.go
		sql.FunctionN{Name: "greatest", Fn: func(a ...sql.Expression) (sql.Expression, error) { return newMinMax(true, a...) }},
		sql.FunctionN{Name: "least", Fn: func(a ...sql.Expression) (sql.Expression, error) { return newMinMax(false, a...) }},
		sql.FunctionN{Name: "format", Fn: newFormat},               // format_number.go
		sql.FunctionN{Name: "hex", Fn: newHexN},                    // hex_number.go
		sql.FunctionN{Name: "inet_ntoa", Fn: newInetNtoa},          // inet_ntoa.go
		sql.FunctionN{Name: "json_type", Fn: newJSONType},          // json_type_null.go
		sql.FunctionN{Name: "last_insert_id", Fn: newLastInsertID}, // last_insert_id.go
		sql.FunctionN{Name: "make_set", Fn: newMakeSet},            // make_set.go
		sql.Function1{Name: "max", Fn: newMax},                     // min_max_nullable.go
		sql.Function1{Name: "min", Fn: newMin},                     // min_max_nullable.go
		sql.Function1{Name: "quote", Fn: newQuote},                 // quote_null.go
		sql.FunctionN{Name: "round", Fn: newRound},                 // round.go
		sql.Function1{Name: "sign", Fn: newSign},                   // sign_fraction.go
		sql.Function1{Name: "soundex", Fn: newSoundex},             // soundex_empty.go
		sql.Function1{Name: "sum", Fn: newSum},
		sql.FunctionN{Name: "truncate", Fn: newTruncate}, // round.go
		sql.Function1{Name: "unhex", Fn: newUnhex},       // unhex.go
		sql.Function1{Name: "weight_string", Fn: newWeightString},
	)))))
}

// Rules returns the analyzer rules to run before go-mysql-server's own
// (analyzer.Builder.AddPreAnalyzeRule): aggregateTypes (sum_avg.go),
// unionTypes (union_types.go, union_aggregate.go),
// enumText (enum_text.go), helpTables (help_tables.go), warningsInOrder
// (show_warnings.go), warningBytes (warning_bytes.go), likeRange (like_range.go),
// binaryGroupConcat (binary_strings.go), binaryParams
// (binary_params.go), temporalArgsText (temporal_text.go),
// doubleValuesText (double_values.go), inSubqueryJoins
// (in_subquery.go), userVarReads (user_var_assign.go), viewVariables
// (view_variables.go), onlyFullGroupBy (only_full_group_by.go),
// groupByAmbiguous (group_by_ambiguous.go), jsonPaths (json_paths.go),
// jsonNumbers (json_numbers.go), distinctOrderColumns
// (distinct_order_position.go), defaultWindowFrames (window_frames.go)
// and groupConcatLimits (group_concat_limit.go).
func Rules() []analyzer.Rule {
	return []analyzer.Rule{
		{Id: ruleAggregateTypes, Apply: aggregateTypes},
		{Id: ruleUnionTypes, Apply: unionTypes}, // union_types.go
		{Id: ruleEnumText, Apply: enumText},
		{Id: ruleHelpTables, Apply: helpTables},
		{Id: ruleWarningsInOrder, Apply: warningsInOrder},           // show_warnings.go
		{Id: ruleWarningBytes, Apply: warningBytes},                 // warning_bytes.go, after warningsInOrder
		{Id: ruleLikeRange, Apply: likeRange},                       // like_range.go
		{Id: ruleBinaryParams, Apply: binaryParams},                 // binary_params.go
		{Id: ruleBinaryGroupConcat, Apply: binaryGroupConcat},       // binary_strings.go, after binaryParams
		{Id: ruleTemporalText, Apply: temporalArgsText},             // temporal_text.go, after unionTypes and likeRange
		{Id: ruleDoubleValuesText, Apply: doubleValuesText},         // double_values.go, after binaryGroupConcat
		{Id: ruleInSubqueryJoins, Apply: inSubqueryJoins},           // in_subquery.go
		{Id: ruleUserVarReads, Apply: userVarReads},                 // user_var_assign.go
		{Id: ruleViewVariables, Apply: viewVariables},               // view_variables.go
		{Id: ruleOnlyFullGroupBy, Apply: onlyFullGroupBy},           // only_full_group_by.go
		{Id: ruleGroupByAmbiguous, Apply: groupByAmbiguous},         // group_by_ambiguous.go
		{Id: ruleJSONPaths, Apply: jsonPaths},                       // json_paths.go
		{Id: ruleJSONNumbers, Apply: jsonNumbers},                   // json_numbers.go
		{Id: ruleDistinctOrderColumns, Apply: distinctOrderColumns}, // distinct_order_position.go
		{Id: ruleDefaultWindowFrames, Apply: defaultWindowFrames},   // window_frames.go
		{Id: ruleGroupConcatLimits, Apply: groupConcatLimits},       // group_concat_limit.go, after the rules that rewrite GROUP_CONCAT
	}
}

// InstallPlannerRules (semi_join_merge.go) puts the rules that must run
// between go-mysql-server's own into its package-level lists.

// PostRules returns the analyzer rules to run after go-mysql-server's own
// (analyzer.Builder.AddPostAnalyzeRule): max1Row (max1row.go),
// showColumns (show_columns.go), joinCollationKeys (join_collation.go),
// joinNumericKeys (join_numeric.go) and doubleResults (double_text.go).
func PostRules() []analyzer.Rule {
	return []analyzer.Rule{
		{Id: ruleMax1Row, Apply: max1Row},
		{Id: ruleShowColumns, Apply: showColumns},
		{Id: ruleJoinCollationKeys, Apply: joinCollationKeys},
		{Id: ruleJoinNumericKeys, Apply: joinNumericKeys}, // join_numeric.go
		{Id: ruleDoubleResults, Apply: doubleResults},     // double_text.go, last
	}
}
