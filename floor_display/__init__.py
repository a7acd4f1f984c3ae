"""The floor: one page for pit bosses and surveillance over the central PostgreSQL hand log.

- :mod:`board`: every table's state folded from its records (pure, no I/O).
- :mod:`feed`: reads the records as they are written, woken by PostgreSQL LISTEN/NOTIFY.
- :mod:`app`: the FastAPI app (staff login, the page, its pushes, a table's hands).
"""
