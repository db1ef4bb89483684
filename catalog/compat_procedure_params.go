package catalog

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
)

// go-mysql-server v0.20.0 keeps a stored procedure's parameters in the
// session by name (BaseSession.NewStoredProcParam), for good: a CALL's
// parameter of a name an earlier CALL used gets the earlier one's type.
// After CALL p(5) of p(IN x INT), CALL q('abc') of q(IN x VARCHAR(10))
// wrote x as an integer and failed 1105 "could not convert abc to any
// numerical type". NewStoredProcParam gives the kept parameter the type
// of the procedure being called. Pinned by ProcScripts "a parameter takes
// its own procedure's type" (sqltests/scripts_proc.go, also on MariaDB);
// delete this file when upstream scopes the parameters to their CALL.

// NewStoredProcParam implements sql.Session: go-mysql-server's, with the
// parameter typed as param is.
func (s *Session) NewStoredProcParam(name string, param *sql.StoredProcParam) *sql.StoredProcParam {
	if s.liveParams == nil {
		s.liveParams = map[string]bool{}
	}
	s.liveParams[strings.ToLower(name)] = true
	spp := s.BaseSession.NewStoredProcParam(name, param)
	if spp != param && param != nil && param.Type != nil {
		spp.Type = param.Type
	}
	return spp
}

// go-mysql-server v0.20.0 also keeps the parameters after the CALL, and
// its interpreter reads a name no variable has as a parameter of any
// earlier CALL: after CALL p(99) of p(IN a INT), a procedure without
// that parameter read column a as 99. A parameter is only seen by the
// top-level statement whose CALL made it (noteCall forgets them).

// GetStoredProcParam implements sql.Session: a parameter of the current
// statement's CALLs, nil for any other.
func (s *Session) GetStoredProcParam(name string) *sql.StoredProcParam {
	if !s.liveParams[strings.ToLower(name)] {
		return nil
	}
	return s.BaseSession.GetStoredProcParam(name)
}
