"""rollback.py: does a Python driver's rollback() undo, with default settings?

Usage: /usr/bin/python3 rollback.py PORT DRIVER
DRIVER is pymysql, mysqldb (mysqlclient), sqlalchemy-pymysql or
sqlalchemy-mysqldb. Each connects with the driver's defaults (autocommit
off, which the driver sets only if the server's handshake says autocommit
is on), inserts a row and rolls back, inserts another and commits, and
prints one tab-separated line per fact, which sqltests/clients_test.go
compares with the exact expected text.
"""
import sys


def out(*fields):
    print("\t".join(str(f) for f in fields))


def dbapi(port, module):
    if module == "pymysql":
        import pymysql as driver
        connect = lambda: driver.connect(host="127.0.0.1", port=port, user="root", password="",
                                         database="simsql")
    else:
        import MySQLdb as driver
        connect = lambda: driver.connect(host="127.0.0.1", port=port, user="root", passwd="",
                                         db="simsql")
    conn = connect()
    out("autocommit", int(conn.get_autocommit()))
    cur = conn.cursor()
    cur.execute("CREATE TABLE rb (id INT PRIMARY KEY)")
    cur.execute("INSERT INTO rb VALUES (1)")
    conn.rollback()
    cur.execute("SELECT COUNT(*) FROM rb")
    out("after rollback", cur.fetchone()[0])
    cur.execute("INSERT INTO rb VALUES (2)")
    conn.commit()
    cur.execute("INSERT INTO rb VALUES (3)")
    conn.close()  # without commit: the server rolls back

    other = connect()
    c2 = other.cursor()
    c2.execute("SELECT id FROM rb ORDER BY id")
    out("committed", *[r[0] for r in c2.fetchall()])
    other.autocommit(True)
    out("autocommit", int(other.get_autocommit()))
    c2.execute("INSERT INTO rb VALUES (4)")
    other.rollback()  # nothing to undo: the INSERT committed
    c2.execute("SELECT id FROM rb ORDER BY id")
    out("with autocommit", *[r[0] for r in c2.fetchall()])
    other.close()


def orm(port, module):
    from sqlalchemy import Column, Integer, create_engine, select
    from sqlalchemy.orm import Session, declarative_base

    Base = declarative_base()

    class Row(Base):
        __tablename__ = "rb"
        id = Column(Integer, primary_key=True, autoincrement=False)

    url = "mysql+%s://root@127.0.0.1:%d/simsql" % (module, port)
    engine = create_engine(url)
    Base.metadata.create_all(engine)
    with Session(engine) as s:
        s.add(Row(id=1))
        s.flush()
        out("flushed", len(s.execute(select(Row)).scalars().all()))
        s.rollback()
        out("after rollback", len(s.execute(select(Row)).scalars().all()))
        s.add(Row(id=2))
        s.commit()
    with Session(engine) as s:
        out("committed", *[r.id for r in s.execute(select(Row).order_by(Row.id)).scalars()])
    engine.dispose()


def main():
    port, driver = int(sys.argv[1]), sys.argv[2]
    if driver.startswith("sqlalchemy-"):
        orm(port, driver[len("sqlalchemy-"):])
    else:
        dbapi(port, driver)


if __name__ == "__main__":
    main()
