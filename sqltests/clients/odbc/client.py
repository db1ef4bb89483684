"""client.py drives simsql through ODBC: unixODBC, MariaDB Connector/ODBC
(odbc-mariadb) and Debian's python3-pyodbc.

Usage: /usr/bin/python3 client.py CONNECTION-STRING ROWS
ROWS is clients/rows.tsv (id, title, body).
Prepared statements with bound parameters (SQLPrepare, SQLBindParameter,
SQLExecute) and the catalog functions BI tools call: SQLTables,
SQLPrimaryKeys, SQLStatistics and SQLColumns. Prints one tab-separated line per fact;
sqltests/clients_test.go compares the output with the exact expected text.
"""
import os
import sys

import pyodbc

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
from scenario import load_rows, out  # noqa: E402


def main():
    rows = load_rows(sys.argv[2])
    conn = pyodbc.connect(sys.argv[1], autocommit=True)
    cur = conn.cursor()
    cur.execute("CREATE TABLE docs (id INT PRIMARY KEY, title VARCHAR(100) NOT NULL, body TEXT, "
                "fp BIGINT UNSIGNED AS (simhash(body)) STORED)")
    cur.execute("CREATE INDEX fp_k3 ON docs (fp) COMMENT 'simhash k=3'")
    inserted = 0
    for r in rows:
        cur.execute("INSERT INTO docs (id, title, body) VALUES (?, ?, ?)", *r)
        inserted += cur.rowcount
    out("inserted", inserted)

    for r in cur.execute("SELECT id, title, fp FROM docs ORDER BY id").fetchall():
        out("row", *r)
    probe = rows[2][2]
    for r in cur.execute("SELECT id, hamming(fp, simhash(?)) AS d FROM docs "
                         "WHERE hamming(fp, simhash(?)) <= 3 ORDER BY id", probe, probe).fetchall():
        out("near", *r)
    for r in cur.execute("SELECT id, ROUND(jaccard(body, ?), 3) FROM docs WHERE id IN (?, ?) ORDER BY id",
                         probe, 3, 4).fetchall():
        out("jaccard", r[0], "%.3f" % r[1])
    for r in cur.execute("SELECT left_id, right_id, distance FROM near_duplicates('docs', 'fp', 3) "
                         "ORDER BY left_id").fetchall():
        out("pair", *r)

    for r in cur.tables(catalog="simsql", tableType="TABLE").fetchall():
        out("table", r.table_cat, r.table_name, r.table_type)
    for r in cur.primaryKeys("docs", catalog="simsql").fetchall():
        out("pk", r.column_name, r.key_seq, r.pk_name)
    for r in cur.statistics("docs", catalog="simsql").fetchall():
        if r.index_name is not None:
            out("index", r.index_name, r.column_name, r.non_unique, r.ordinal_position)
    try:
        cols = cur.columns(table="docs", catalog="simsql").fetchall()
        for r in cols:
            out("column", r.column_name, r.type_name)
    except pyodbc.Error as e:
        out("columns error", " / ".join(line for line in e.args[1].splitlines() if line))
    conn.close()


if __name__ == "__main__":
    main()
