"""scenario.py holds what the Python clients (python/client.py, odbc/client.py)
share: the scenario's rows and the output format."""


def load_rows(path):
    """load_rows reads clients/rows.tsv: (id, title, body) tuples, id an int."""
    with open(path, encoding="utf-8") as f:
        return [(int(i), title, body) for i, title, body in (line.rstrip("\n").split("\t") for line in f)]


def out(*fields):
    """out prints one fact: the fields, tab-separated, on one line."""
    print("\t".join(str(f) for f in fields))
