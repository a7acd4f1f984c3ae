"""Pushes the table's state to every open page: one message per change, latest state wins.

Each page gets its own sender; when a page is slow, intermediate states are skipped and it
receives the newest one, so a slow browser never holds the table up nor sees stale order.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable


class PageFeed:
    """The newest message for one page, and a flag that there is one to send. A ``public``
    page (no dealer token) gets the message without what only the dealer's console may see."""

    def __init__(self, public: bool = False) -> None:
        self.public = public
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
    """Builds the state message once per change and offers it to every page."""

    def __init__(self, build_message: Callable[[], str], build_public: Callable[[], str] | None = None) -> None:
        self._build = build_message
        self._build_public = build_public or build_message
        self._pages: set[PageFeed] = set()
        self._pending = False

    def join(self, public: bool = False) -> PageFeed:
        page = PageFeed(public)
        page.offer(self._build_public() if public else self._build())
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
        built: dict[bool, str] = {}
        for page in self._pages:
            if page.public not in built:
                built[page.public] = self._build_public() if page.public else self._build()
            page.offer(built[page.public])
