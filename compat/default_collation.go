package compat

import (
	"github.com/dolthub/go-mysql-server/sql"
)

// Fault (go-mysql-server v0.20.0): the server's default collation is
// utf8mb4_0900_bin (sql.Collation_Default), so @@collation_server,
// @@collation_database and @@collation_connection start as
// utf8mb4_0900_bin, CREATE DATABASE without COLLATE (which reads
// @@collation_server) makes a database whose tables compare 'abc' and 'ABC'
// as different, and a literal compares byte by byte. MySQL 8's default is
// utf8mb4_0900_ai_ci (accent- and case-insensitive, NO PAD). Pinned by
// CollationScripts "defaults are MySQL 8's".

// DefaultCollation is the collation of new databases and the default of the
// collation_* system variables: MySQL 8's utf8mb4_0900_ai_ci.
const DefaultCollation = sql.Collation_utf8mb4_0900_ai_ci

// installDefaultCollation gives collation_server, collation_database and
// collation_connection DefaultCollation as their default and global value.
func installDefaultCollation() {
	var vars []sql.SystemVariable
	for _, name := range []string{"collation_server", "collation_database", "collation_connection"} {
		v, _, ok := sql.SystemVariables.GetGlobal(name)
		mv, isMySQL := v.(*sql.MysqlSystemVariable)
		if !ok || !isMySQL {
			continue
		}
		c := *mv
		c.Default = DefaultCollation.Name()
		vars = append(vars, &c)
	}
	sql.SystemVariables.AddSystemVariables(vars)
}
