"""isolation.py: does PyMySQL with autocommit off read at the level it set?

Usage: /usr/bin/python3 isolation.py tcp PORT | socket PATH
Connects with autocommit=False (PyMySQL sends SET autocommit=0 at
connect time), sets the session's isolation level, reads a count, lets
another connection insert and commit a row, and reads again in the same
transaction: at READ COMMITTED and READ UNCOMMITTED the second read sees
the row, at REPEATABLE READ it does not. Each level is set after the
driver's SET autocommit=0, after one of its own, and before BEGIN or
START TRANSACTION. Prints one tab-separated line per case, which
sqltests/clients_test.go compares with the exact expected text, the same
for simsql and MariaDB.
"""
import sys

import pymysql


def connect(autocommit):
    how, where = sys.argv[1], sys.argv[2]
    if how == "socket":
        return pymysql.connect(unix_socket=where, user="root", password="", database="simsql",
                               autocommit=autocommit)
    return pymysql.connect(host="127.0.0.1", port=int(where), user="root", password="",
                           database="simsql", autocommit=autocommit)


def query(conn, sql):
    with conn.cursor() as cur:
        cur.execute(sql)
        return cur.fetchall()


def count(conn):
    return query(conn, "SELECT COUNT(*) FROM iso_rc")[0][0]


def main():
    other = connect(True)
    query(other, "DROP TABLE IF EXISTS iso_rc")
    query(other, "CREATE TABLE iso_rc (id INT PRIMARY KEY)")
    query(other, "INSERT INTO iso_rc VALUES (1)")
    n = 1
    for level in ("READ COMMITTED", "READ UNCOMMITTED", "REPEATABLE READ"):
        for how in ("connect", "set autocommit", "begin", "start transaction"):
            conn = connect(how == "begin" or how == "start transaction")
            if how == "set autocommit":
                query(conn, "SET autocommit=0")
            query(conn, "SET SESSION TRANSACTION ISOLATION LEVEL " + level)
            if how in ("begin", "start transaction"):
                query(conn, how.upper())
            before = count(conn)
            n += 1
            query(other, "INSERT INTO iso_rc VALUES (%d)" % n)
            after = count(conn)
            print("\t".join([level, how, "sees the row" if after == before + 1 else "does not"]))
            conn.rollback()
            conn.close()
    query(other, "DROP TABLE iso_rc")
    other.close()


if __name__ == "__main__":
    main()
