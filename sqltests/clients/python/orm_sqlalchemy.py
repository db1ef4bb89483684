"""orm_sqlalchemy.py runs SQLAlchemy 1.4 (Debian's python3-sqlalchemy, over
PyMySQL) against simsql with its defaults: create_all of models with
foreign keys, inspect() reflection, Session commit and rollback.

Usage: /usr/bin/python3 orm_sqlalchemy.py PORT
Prints one tab-separated line per step ("ok step …" or "fail step error");
the Go test (TestClientSQLAlchemy) compares the output with the exact
expected text.
"""
import sys

from sqlalchemy import (BigInteger, Column, ForeignKey, Integer, String, Text, create_engine, inspect,
                        select, text)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, declarative_base, relationship

Base = declarative_base()


class Author(Base):
    __tablename__ = "authors"
    id = Column(Integer, primary_key=True)
    name = Column(String(100), nullable=False, unique=True)
    books = relationship("Book", back_populates="author", foreign_keys="Book.author_id", cascade="all, delete-orphan",
                         passive_deletes=True)


class Book(Base):
    __tablename__ = "books"
    id = Column(Integer, primary_key=True)
    title = Column(String(200), nullable=False, index=True)
    author_id = Column(Integer, ForeignKey("authors.id", ondelete="CASCADE"), nullable=False)
    editor_id = Column(Integer, ForeignKey("authors.id", ondelete="SET NULL"))
    body = Column(Text)
    author = relationship("Author", back_populates="books", foreign_keys=[author_id])


class Review(Base):
    __tablename__ = "reviews"
    id = Column(Integer, primary_key=True)
    book_id = Column(Integer, ForeignKey("books.id"), nullable=False)
    stars = Column(Integer)


def step(name, fn):
    try:
        result = fn()
    except Exception as e:  # report and go on, so that the count of steps is complete
        print("fail\t%s\t%s" % (name, str(e).splitlines()[0][:200]))
        return None
    print("ok\t%s%s" % (name, "" if result is None else "\t" + str(result)))
    return result


def main():
    engine = create_engine("mysql+pymysql://root@127.0.0.1:%s/simsql?charset=utf8mb4" % sys.argv[1], future=True)
    step("create_all", lambda: Base.metadata.create_all(engine))

    insp = inspect(engine)
    step("tables", lambda: ",".join(sorted(insp.get_table_names())))
    step("columns", lambda: ",".join("%s:%s:%s" % (c["name"], c["type"], c["nullable"]) for c in insp.get_columns("books")))
    step("pk", lambda: ",".join(insp.get_pk_constraint("books")["constrained_columns"]))
    step("indexes", lambda: ",".join(sorted("%s(%s)%s" % (i["name"], ",".join(i["column_names"]), "u" if i["unique"] else "")
                                            for i in insp.get_indexes("books"))))
    step("unique", lambda: ",".join(sorted("%s(%s)" % (u["name"], ",".join(u["column_names"]))
                                           for u in insp.get_unique_constraints("authors"))))
    step("foreign_keys", lambda: ";".join(sorted("%s:%s->%s(%s):%s" % (f["name"], ",".join(f["constrained_columns"]), f["referred_table"],
                                                                       ",".join(f["referred_columns"]), f["options"].get("ondelete", ""))
                                                 for f in insp.get_foreign_keys("books"))))

    def commit():
        with Session(engine) as s:
            a = Author(name="Ada")
            a.books = [Book(title="Notes", body="the quick brown fox"), Book(title="Letters", body="a different text")]
            s.add(a)
            s.commit()
            return len(s.execute(select(Book)).scalars().all())
    step("commit", commit)

    def rollback():
        with Session(engine) as s:
            s.add(Author(name="Bob"))
            s.flush()
            s.rollback()
            return s.execute(select(Author.name).order_by(Author.name)).scalars().all()
    step("rollback", rollback)

    def orphan():
        with Session(engine) as s:
            s.add(Review(book_id=999, stars=5))
            try:
                s.commit()
            except IntegrityError as e:
                s.rollback()
                return "IntegrityError %d" % e.orig.args[0]
            return "no error"
    step("orphan", orphan)

    def update():
        with Session(engine) as s:
            b = s.execute(select(Book).where(Book.title == "Notes")).scalar_one()
            b.title = "Notebooks"
            s.add(Review(book_id=b.id, stars=4))
            s.commit()
            return s.execute(select(Book.title).order_by(Book.title)).scalars().all()
    step("update", update)

    def delete():
        with Session(engine) as s:
            s.execute(text("DELETE FROM reviews"))
            a = s.execute(select(Author).where(Author.name == "Ada")).scalar_one()
            s.delete(a)
            s.commit()
            return s.execute(text("SELECT COUNT(*) FROM books")).scalar()
    step("delete", delete)

    def similar():
        with engine.connect() as c:
            return c.execute(text("SELECT hamming(simhash('the quick brown fox'), simhash(:t))"), {"t": "the quick brown fox"}).scalar()
    step("hamming", similar)
    step("drop_all", lambda: Base.metadata.drop_all(engine))


if __name__ == "__main__":
    main()
