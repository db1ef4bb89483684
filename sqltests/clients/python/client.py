"""client.py drives simsql with PyMySQL (Debian's python3-pymysql).

Usage: /usr/bin/python3 client.py PORT ROWS
ROWS is clients/rows.tsv (id, title, body). Runs the scenario that every
client test shares (see sqltests/clients_test.go) and prints one
tab-separated line per fact; the Go test compares the output with the exact
expected text.
"""
import sys

import pymysql

from scenario import load_rows, out


def main():
    rows = load_rows(sys.argv[2])
    conn = pymysql.connect(host="127.0.0.1", port=int(sys.argv[1]), user="root", password="",
                           database="simsql", charset="utf8mb4", autocommit=True)
    with conn.cursor() as cur:
        cur.execute("CREATE TABLE docs (id INT PRIMARY KEY, title VARCHAR(100) NOT NULL, body TEXT, "
                    "fp BIGINT UNSIGNED AS (simhash(body)) STORED)")
        cur.execute("CREATE INDEX fp_k3 ON docs (fp) COMMENT 'simhash k=3'")
        cur.executemany("INSERT INTO docs (id, title, body) VALUES (%s, %s, %s)", rows)
        out("inserted", cur.rowcount)

        cur.execute("SELECT id, title, fp FROM docs ORDER BY id")
        for r in cur.fetchall():
            out("row", *r)
        probe = rows[2][2]
        cur.execute("SELECT id, hamming(fp, simhash(%s)) AS d FROM docs "
                    "WHERE hamming(fp, simhash(%s)) <= 3 ORDER BY id", (probe, probe))
        for r in cur.fetchall():
            out("near", *r)
        cur.execute("SELECT id, ROUND(jaccard(body, %s), 3) FROM docs WHERE id IN (%s, %s) ORDER BY id",
                    (probe, 3, 4))
        for r in cur.fetchall():
            out("jaccard", r[0], "%.3f" % r[1])
        cur.execute("SELECT left_id, right_id, distance FROM near_duplicates('docs', 'fp', 3) ORDER BY left_id")
        for r in cur.fetchall():
            out("pair", *r)

        cur.execute("SHOW FULL TABLES")
        for r in cur.fetchall():
            out("table", *r)
        cur.execute("SELECT COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, COLUMN_KEY, EXTRA FROM information_schema.COLUMNS "
                    "WHERE TABLE_SCHEMA = %s AND TABLE_NAME = %s ORDER BY ORDINAL_POSITION", ("simsql", "docs"))
        for r in cur.fetchall():
            out("column", *r)
        cur.execute("SHOW INDEX FROM docs")
        for r in cur.fetchall():
            out("index", r[2], r[4], r[10], r[12])  # Key_name, Column_name, Index_type, Index_comment
        cur.execute("SELECT @@version_comment IS NOT NULL, DATABASE()")
        out("session", *cur.fetchone())
        out("server", conn.get_server_info())
        # PyMySQL converts EXPLAIN's integer columns with int(): they must
        # be integers or NULL, not the string 'NULL'.
        cur.execute("EXPLAIN SELECT * FROM docs WHERE title = %s", ("en-a",))
        r = cur.fetchone()
        out("explain", r[0], r[1], r[2], r[9])
    conn.close()


if __name__ == "__main__":
    main()
