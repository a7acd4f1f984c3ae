"""The dealer display: a local web page with the dealer's instruction, the seats, the layout
and the dealer's console, served by FastAPI on the table's own computer.

- :mod:`app`: ``create_app(settings, session=...)`` and its lifespan.
- :mod:`table`: the running table (session, card source, reader thread, pushes).
- :mod:`routes`, :mod:`ws`: the HTTP API and the WebSocket push.
- :mod:`server`: ``serve(settings, game)``, what ``table run`` calls.
"""
