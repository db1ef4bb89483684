package main

import (
	"context"
	"crypto/tls"
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
)

// loadTLS returns the server's TLS configuration from a PEM certificate
// chain and its private key, or nil when neither file is given (clients
// then cannot use TLS). Giving one file without the other, or
// requireTLS without both, is a usage error; a file that cannot be read
// or parsed is an error naming it.
func loadTLS(certFile, keyFile string, requireTLS bool) (*tls.Config, error) {
	if certFile == "" && keyFile == "" {
		if requireTLS {
			return nil, usagef("--require-secure-transport needs --tls-cert and --tls-key")
		}
		return nil, nil
	}
	if certFile == "" || keyFile == "" {
		return nil, usagef("--tls-cert and --tls-key go together")
	}
	cert, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return nil, fmt.Errorf("loading the TLS certificate %s and key %s: %v", certFile, keyFile, err)
	}
	return &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}, nil
}

// withTLSStatus wraps a session builder so that the session status
// variables Ssl_version and Ssl_cipher describe the connection's TLS
// (empty without TLS) as MySQL names them ("TLSv1.3",
// "TLS_AES_128_GCM_SHA256"): SHOW STATUS LIKE 'Ssl_cipher'.
func withTLSStatus(sb server.SessionBuilder) server.SessionBuilder {
	return func(ctx context.Context, conn *mysql.Conn, addr string) (sql.Session, error) {
		s, err := sb(ctx, conn, addr)
		if err != nil {
			return nil, err
		}
		if tc, ok := conn.Conn.(*tls.Conn); ok {
			st := tc.ConnectionState()
			if err := s.SetStatusVariable(nil, "Ssl_version", strings.Replace(tls.VersionName(st.Version), "TLS ", "TLSv", 1)); err != nil {
				return nil, err
			}
			if err := s.SetStatusVariable(nil, "Ssl_cipher", tls.CipherSuiteName(st.CipherSuite)); err != nil {
				return nil, err
			}
		}
		return s, nil
	}
}
