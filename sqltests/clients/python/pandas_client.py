"""pandas_client.py: pandas' to_sql and read_sql with Chinese and English text.

Usage: /usr/bin/python3 pandas_client.py PORT
With Debian's python3-pandas, SQLAlchemy and PyMySQL, each with its
defaults: DataFrame.to_sql creates table `pd_docs` (its own CREATE TABLE,
a TEXT column per string, BIGINT per integer) and inserts the rows;
read_sql reads them back, then simhash(), hamming() and jaccard() computed
by the server with a bound parameter; a temporary table is filled and read
on one connection. Prints tab-separated lines that sqltests/clients_test.go
compares with the exact expected text.
"""
import sys

import pandas as pd
from sqlalchemy import create_engine, text


def out(*fields):
    print("\t".join(str(f) for f in fields))


def main():
    port = int(sys.argv[1])
    engine = create_engine("mysql+pymysql://root@127.0.0.1:%d/simsql?charset=utf8mb4" % port)
    df = pd.DataFrame({
        "id": [1, 2, 3, 4],
        "body": [
            "床前明月光，疑是地上霜。举头望明月，低头思故乡。",
            "床前明月光，疑是地上霜。舉頭望明月，低頭思故鄉。",
            "the quick brown fox jumps over the lazy dog",
            "白日依山尽，黄河入海流。",
        ],
    })
    n = df.to_sql("pd_docs", engine, index=False, if_exists="replace")
    out("to_sql", n)

    back = pd.read_sql("SELECT id, body FROM pd_docs ORDER BY id", engine)
    out("read_sql", len(back), list(back.columns))
    out("round trip", back.equals(df))
    for r in back.itertuples():
        out(r.id, r.body)

    q = text("SELECT b.id, hamming(simhash(a.body), simhash(b.body)) AS d, ROUND(jaccard(a.body, b.body), 3) AS j"
             " FROM pd_docs a JOIN pd_docs b ON b.id <> a.id WHERE a.id = :id ORDER BY d, b.id")
    near = pd.read_sql(q, engine, params={"id": 1})
    for r in near.itertuples():
        out("near 1", r.id, r.d, r.j)

    with engine.connect() as conn:
        conn.execute(text("CREATE TEMPORARY TABLE pd_tmp (id BIGINT PRIMARY KEY, body TEXT)"))
        # Not to_sql: pandas asks information_schema.TABLES whether the table
        # exists, which lists no temporary table (as in MySQL).
        conn.execute(text("INSERT INTO pd_tmp SELECT id, body FROM pd_docs WHERE id <> 3"))
        tmp = pd.read_sql(text("SELECT id, CHAR_LENGTH(body) AS chars FROM pd_tmp ORDER BY id"), conn)
        out("temporary", *["%d:%d" % (r.id, r.chars) for r in tmp.itertuples()])
    tables = pd.read_sql("SHOW TABLES", engine)
    out("tables", *sorted(tables.iloc[:, 0]))
    engine.dispose()


if __name__ == "__main__":
    main()
