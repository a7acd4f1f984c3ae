"""Pushes the table's state to every open page: one message per change, latest state wins.

Each page gets its own sender; when a page is slow, intermediate states are skipped and it
receives the newest one, so a slow browser never holds the table up nor sees stale order.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable


class PageFeed:
    """The newest message for one page, and a flag that there is one to send. A page that is
    not the dealer's console (``console=False``) gets the public view of a game whose cards
    lie face down (Vingt-un)."""

    def __init__(self, console: bool = True) -> None:
        self.console = console
        self.latest = ""
        self.ready = asyncio.Event()

    def offer(self, message: str) -> None:
        self.latest = message
        self.ready.set()

    async def next(self) -> str:
        await self.ready.wait()
        self.ready.clear()
        return self.latest


class PushHub:
    """Builds the state message once per change and audience (the console, the public) and offers
    it to every page."""

    def __init__(self, build_message: Callable[[bool], str]) -> None:
        self._build = build_message
        self._pages: set[PageFeed] = set()
        self._pending = False

    def join(self, console: bool = True) -> PageFeed:
        page = PageFeed(console)
        page.offer(self._build(console))
        self._pages.add(page)
        return page

    def leave(self, page: PageFeed) -> None:
        self._pages.discard(page)

    @property
    def pages(self) -> int:
        return len(self._pages)

    def changed(self) -> None:
        """Called on the loop after each change; several changes in one tick push once."""
        if self._pending:
            return
        self._pending = True
        asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        self._pending = False
        if not self._pages:
            return
        messages: dict[bool, str] = {}
        for page in self._pages:
            if page.console not in messages:
                messages[page.console] = self._build(page.console)
            page.offer(messages[page.console])
