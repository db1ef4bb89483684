package compat

// Fault (go-mysql-server v0.20.0): AES_ENCRYPT and AES_DECRYPT do not
// exist (1305). MySQL 8 (my_aes_encrypt, block_encryption_mode's default
// aes-128-ecb): the key is folded into 16 bytes, each byte of key_str
// XORed into byte i mod 16 (my_aes_create_key), the text is padded as
// PKCS#7 and encrypted block by block with AES-128 (ECB). AES_DECRYPT
// undoes it and is NULL for a ciphertext whose length is no multiple of 16
// or whose padding is wrong; both are NULL when an argument is NULL. An
// init_vector (third argument) is ignored in ECB mode with warning 1618,
// as MySQL 8 does. Pinned by TestAES (also on MariaDB 10.11, which
// encrypts the same way).

import (
	"bytes"
	"crypto/aes"
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// erWarnOptionIgnored is MySQL's ER_WARN_OPTION_IGNORED.
const erWarnOptionIgnored = 1618

// aesCrypt is AES_ENCRYPT(str, key_str[, init_vector]), or AES_DECRYPT
// when decrypt.
type aesCrypt struct {
	args
	decrypt bool
}

var _ sql.FunctionExpression = (*aesCrypt)(nil)

func newAESEncrypt(a ...sql.Expression) (sql.Expression, error) { return newAES(false, a) }
func newAESDecrypt(a ...sql.Expression) (sql.Expression, error) { return newAES(true, a) }

func newAES(decrypt bool, a []sql.Expression) (sql.Expression, error) {
	e := &aesCrypt{args: args(a), decrypt: decrypt}
	if len(a) < 2 || len(a) > 3 {
		return nil, sql.ErrInvalidArgumentNumber.New(e.FunctionName(), "2 or 3", len(a))
	}
	return e, nil
}

// FunctionName implements sql.FunctionExpression.
func (e *aesCrypt) FunctionName() string {
	if e.decrypt {
		return "aes_decrypt"
	}
	return "aes_encrypt"
}

// Description implements sql.FunctionExpression.
func (e *aesCrypt) Description() string {
	if e.decrypt {
		return "decrypts crypt_str with AES-128 in ECB mode under key_str."
	}
	return "encrypts str with AES-128 in ECB mode under key_str."
}

// String implements sql.Expression.
func (e *aesCrypt) String() string { return fmt.Sprintf("%s(%s)", e.FunctionName(), joinArgs(e.args)) }

// Type implements sql.Expression: a binary string.
func (*aesCrypt) Type() sql.Type { return types.LongBlob }

// CollationCoercibility implements sql.CollationCoercible.
func (*aesCrypt) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 4
}

// WithChildren implements sql.Expression.
func (e *aesCrypt) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newAES(e.decrypt, children)
}

// Eval implements sql.Expression.
func (e *aesCrypt) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	s, null, err := e.textArg(ctx, row, 0)
	if err != nil || null {
		return nil, err
	}
	key, null, err := e.textArg(ctx, row, 1)
	if err != nil || null {
		return nil, err
	}
	if len(e.args) == 3 {
		ctx.Warn(erWarnOptionIgnored, "<%s> option ignored", "IV")
	}
	if e.decrypt {
		if out, ok := aesDecrypt([]byte(s), []byte(key)); ok {
			return out, nil
		}
		return nil, nil
	}
	return aesEncrypt([]byte(s), []byte(key)), nil
}

// aesKey folds key into AES-128's 16 bytes as MySQL's my_aes_create_key
// does: byte i is XORed into byte i mod 16.
func aesKey(key []byte) []byte {
	k := make([]byte, 16)
	for i, b := range key {
		k[i%16] ^= b
	}
	return k
}

// aesEncrypt encrypts text under key with AES-128 in ECB mode, PKCS#7
// padded: len(text)/16+1 blocks.
func aesEncrypt(text, key []byte) []byte {
	c, _ := aes.NewCipher(aesKey(key)) // 16 bytes: no error
	n := 16 - len(text)%16
	buf := append(append([]byte{}, text...), bytes.Repeat([]byte{byte(n)}, n)...)
	for i := 0; i < len(buf); i += 16 {
		c.Encrypt(buf[i:i+16], buf[i:i+16])
	}
	return buf
}

// aesDecrypt is aesEncrypt's inverse; ok is false for a ciphertext of no
// whole blocks or of bad padding (MySQL: NULL).
func aesDecrypt(crypt, key []byte) (text []byte, ok bool) {
	if len(crypt) == 0 || len(crypt)%16 != 0 {
		return nil, false
	}
	c, _ := aes.NewCipher(aesKey(key))
	buf := make([]byte, len(crypt))
	for i := 0; i < len(buf); i += 16 {
		c.Decrypt(buf[i:i+16], crypt[i:i+16])
	}
	n := int(buf[len(buf)-1])
	if n < 1 || n > 16 || !bytes.Equal(buf[len(buf)-n:], bytes.Repeat([]byte{byte(n)}, n)) {
		return nil, false
	}
	return buf[:len(buf)-n], true
}
