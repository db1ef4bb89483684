package catalog

import (
	"regexp"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/simsql/simsql/statement"
)

// go-mysql-server v0.20.0 does not honour the transaction system variables
// as MySQL does:
//
//   - it starts every transaction but START TRANSACTION READ ONLY as READ
//     WRITE, so after SET SESSION TRANSACTION READ ONLY writes still
//     succeeded (MySQL: error 1792);
//   - it keeps tx_isolation and tx_read_only apart from their aliases
//     transaction_isolation and transaction_read_only (MariaDB 10.11 knows
//     only the tx_ names), so setting one left the other as it was;
//   - SET TRANSACTION ISOLATION LEVEL … (or READ ONLY, READ WRITE), with
//     no GLOBAL or SESSION, was accepted inside a transaction; MySQL 8 and
//     MariaDB refuse it there with 1568 (ER_CANT_CHANGE_TX_CHARACTERISTICS,
//     SQLSTATE 25001), as it would change the transaction under way.
//     Outside one, go-mysql-server set the session's value, so the level
//     or access mode stuck to every later transaction; MySQL 8 ("SET
//     TRANSACTION Statement": "applies only to the next single
//     transaction performed within the session") and MariaDB leave
//     @@transaction_isolation and @@transaction_read_only as they are and
//     give the characteristics to the next transaction only: the next
//     START TRANSACTION or BEGIN, or the next autocommitted statement that
//     reads or writes a table (Session.next), unless SET SESSION replaces
//     them before (forgetNext); SET @@transaction_isolation
//     = … (or @@transaction_read_only, or the tx_ aliases), with @@ and no
//     scope, is the same in MySQL 8 (the "Transaction Characteristic
//     Scope" table: "SET @@var_name = value: next transaction only") and
//     MariaDB, where go-mysql-server set the session's value;
//   - with autocommit off, go-mysql-server has a transaction open from the
//     first statement (SET included), which kept the characteristics set
//     after it (gms_autocommit_characteristics.go);
//   - SET autocommit = 1 in a transaction does not commit it (MySQL: "if
//     autocommit is 0 and you change it to 1, MySQL performs an automatic
//     COMMIT of any open transaction"), so a client that turned autocommit
//     back on and disconnected lost its writes.
//
// Pinned by the scripts "read-only transactions", "transaction variable
// aliases", "SET TRANSACTION inside a transaction: 1568", "SET
// TRANSACTION: the next transaction only", "SET @@tx_isolation: the next
// transaction only", "SET autocommit = 1 commits" and "SET SESSION
// TRANSACTION READ ONLY with autocommit off" (TxnScripts, and
// TxnMySQLScripts for transaction_isolation,
// sqltests/scripts_txn.go). Delete this file, SetSessionVariable's override
// and takeNext's and endNext's calls in Session when upstream fixes them.

// nextTransaction holds the characteristics SET TRANSACTION (without
// GLOBAL or SESSION) gave the session's next transaction: the values of
// transaction_isolation and transaction_read_only, nil when not set.
type nextTransaction struct {
	isolation, readOnly any
}

// set reports whether n holds a characteristic.
func (n nextTransaction) set() bool { return n.isolation != nil || n.readOnly != nil }

// setNext records value, SET TRANSACTION's value of the transaction
// variable name (either alias), for the next transaction: the session's
// value is left as it was. The value is checked and converted as the
// session's would be.
func (s *Session) setNext(ctx *sql.Context, name string, value any) error {
	name = strings.TrimPrefix(name, "tx_")
	name = strings.TrimPrefix(name, "transaction_")
	full := "transaction_" + name
	old, err := s.GetSessionVariable(ctx, full)
	if err != nil {
		return err
	}
	if err := s.BaseSession.SetSessionVariable(ctx, full, value); err != nil {
		return err
	}
	v, err := s.GetSessionVariable(ctx, full)
	if err != nil {
		return err
	}
	if err := s.BaseSession.SetSessionVariable(ctx, full, old); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if name == "isolation" {
		s.next.isolation = v
	} else {
		s.next.readOnly = v
	}
	return nil
}

// forgetNext drops SET TRANSACTION's value of the transaction variable
// name (either alias) for the next transaction: the session's value, set
// after it while no transaction is under way, replaces it, as MySQL's
// Sys_var_transaction_isolation::session_update (and transaction_read_only's)
// overwrites thd->tx_isolation, where SET TRANSACTION put it (mysql-test
// commit.test, Bug#20837: SET TRANSACTION ISOLATION LEVEL READ COMMITTED;
// SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ; START
// TRANSACTION is at REPEATABLE READ).
func (s *Session) forgetNext(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if strings.HasSuffix(name, "isolation") {
		s.next.isolation = nil
	} else {
		s.next.readOnly = nil
	}
}

// takeNext returns the isolation level and read-only default of a
// transaction started now: SET TRANSACTION's for the next transaction if
// any (oneShot), else the session's. They are used up when the
// transaction ends (Session.endNext); s.mu is held.
func (s *Session) takeNext() (iso string, readOnly, oneShot bool) {
	iso = s.isolation()
	v, err := s.GetSessionVariable(nil, "transaction_read_only")
	readOnly = err == nil && truthy(v, false)
	if !s.next.set() {
		return iso, readOnly, false
	}
	if str, ok := s.next.isolation.(string); ok {
		iso = strings.ToUpper(str)
	}
	if s.next.readOnly != nil {
		readOnly = truthy(s.next.readOnly, false)
	}
	return iso, readOnly, true
}

// endNext forgets SET TRANSACTION's characteristics when t, a transaction
// that took them, ends: an explicit one (START TRANSACTION, BEGIN), or an
// autocommitted statement's that read or wrote a table; MySQL and MariaDB
// keep them past a statement that touched none (SELECT 1, SET) or failed
// before (go-mysql-server also starts a transaction for the BEGIN
// statement itself, ended before the explicit one starts).
func (s *Session) endNext(t *Transaction) {
	if !t.oneShot || !s.explicit.Load() && !t.active.Load() {
		return
	}
	s.mu.Lock()
	s.next = nextTransaction{}
	s.mu.Unlock()
}

// readWriteOverride reports whether ctx's statement is START TRANSACTION
// … READ WRITE, which overrides a READ ONLY default.
func readWriteOverride(ctx *sql.Context) bool {
	q := ctxQuery(ctx)
	return statement.LeadingKeyword(q) == "start" && readWrite.MatchString(q)
}

// readWrite matches START TRANSACTION's READ WRITE.
var readWrite = regexp.MustCompile(`(?i)\bread\s+write\b`)

// erCantChangeTxCharacteristics is MySQL's ER_CANT_CHANGE_TX_CHARACTERISTICS.
const erCantChangeTxCharacteristics = 1568

// nextTransactionSet reports whether q is SET TRANSACTION without GLOBAL or
// SESSION (MySQL: the characteristics of the next transaction).
func nextTransactionSet(q string) bool {
	kw, rest := statement.NextKeyword(q)
	if kw != "set" {
		return false
	}
	kw, _ = statement.NextKeyword(rest)
	return kw == "transaction"
}

// nextTransactionVariable reports whether q, a SET statement, assigns
// name, a transaction variable, as @@name with no scope (MySQL: the next
// transaction's characteristic, as SET TRANSACTION).
func nextTransactionVariable(q, name string) bool {
	if statement.LeadingKeyword(q) != "set" {
		return false
	}
	for _, m := range unscopedVariable.FindAllStringSubmatch(q, -1) {
		if strings.EqualFold(m[1], name) {
			return true
		}
	}
	return false
}

// unscopedVariable matches @@name = of a transaction variable.
var unscopedVariable = regexp.MustCompile(`(?i)@@(tx_isolation|transaction_isolation|tx_read_only|transaction_read_only)\s*:?=`)

// txAliases pairs each transaction variable with its alias.
var txAliases = map[string]string{
	"tx_isolation":          "transaction_isolation",
	"transaction_isolation": "tx_isolation",
	"tx_read_only":          "transaction_read_only",
	"transaction_read_only": "tx_read_only",
}

// SetSessionVariable implements sql.Session: go-mysql-server's, plus the
// alias of a transaction variable and the commit of SET autocommit = 1.
func (s *Session) SetSessionVariable(ctx *sql.Context, name string, value any) error {
	if _, isTx := txAliases[strings.ToLower(name)]; isTx && (nextTransactionSet(ctxQuery(ctx)) || nextTransactionVariable(ctxQuery(ctx), name)) {
		if s.inProgress() {
			return mysql.NewSQLError(erCantChangeTxCharacteristics, "25001",
				"Transaction characteristics can't be changed while a transaction is in progress")
		}
		if err := s.setNext(ctx, strings.ToLower(name), value); err != nil {
			return err
		}
		s.characteristicsNow() // gms_autocommit_characteristics.go
		return nil
	}
	wasAutocommit := s.autocommit()
	if err := s.BaseSession.SetSessionVariable(ctx, name, value); err != nil {
		return err
	}
	name = strings.ToLower(name)
	if alias, ok := txAliases[name]; ok {
		v, err := s.GetSessionVariable(ctx, name)
		if err != nil {
			return err
		}
		if err := s.BaseSession.SetSessionVariable(ctx, alias, v); err != nil {
			return err
		}
		if !s.inProgress() {
			s.forgetNext(name)
		}
		s.characteristicsNow() // gms_autocommit_characteristics.go
		return nil
	}
	if name == "autocommit" && !wasAutocommit && s.autocommit() && ctx != nil {
		if tx := ctx.GetTransaction(); tx != nil {
			return s.CommitTransaction(ctx, tx)
		}
		s.endExplicit()
	}
	return nil
}

// inProgress reports whether a transaction is under way in MySQL's sense
// (in_active_multi_stmt_transaction): an explicit one (START TRANSACTION,
// BEGIN), or, with autocommit off, one that has read or written a table.
func (s *Session) inProgress() bool {
	if s.explicit.Load() {
		return true
	}
	if s.autocommit() {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cur != nil && s.cur.active.Load()
}
