"""The layout check itself (layout_check.py) finds what it is for, on a page made to hold it: a
bracket where the next card goes, a card too small, text covered, a raw spot id, a card code."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.dealer_display.layout_check import face_down_problems, layout_problems

PAGE = """<body style="margin:0; font-size:16px">
<div id="layout">
  <div class="bj-hand next" data-spot="seat1/h1" style="position:absolute; left:40px; top:40px;
    width:20px; height:12px; outline:3px dashed orange"></div>
  <div class="card" style="position:absolute; left:100px; top:40px; width:35px; height:50px;
    background:#fff"></div>
  <p style="position:absolute; left:200px; top:40px; margin:0">Deal seat2/low</p>
  <p style="position:absolute; left:200px; top:100px; margin:0">dealer 6D KH</p>
  <p style="position:absolute; left:400px; top:40px; margin:0">SEAT 3 wins</p>
  <div style="position:absolute; left:380px; top:30px; width:200px; height:40px; background:#333"></div>
</div></body>"""


def test_the_check_finds_a_bracket_a_small_card_covered_text_and_ids(browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_content(PAGE)
    found = "\n".join(layout_problems(page))
    page.close()
    assert "the next card's place is 20x12 px, smaller than a card" in found
    assert "card 35x50 px, under 80 px tall" in found
    assert '"SEAT 3 wins" (p, layout): is covered by' in found
    assert 'shows a spot id "seat2/low"' in found
    assert 'shows a card code " 6D"' in found


CARD = "position:absolute; top:40px; width:70px; height:100px; background:#fff"
INDEX = '<span class="corner top" style="position:absolute; left:4px; top:4px">7&spades;</span>'
CONSOLE = f"""<body style="margin:0"><div id="layout">
  <div class="card hidden-card" data-seat="seat1" aria-label="7 of spades" style="{CARD}; left:40px">{INDEX}
    <span class="hidden-mark" style="position:absolute; left:3px; bottom:3px">HIDDEN</span></div>
  <div class="card hidden-card" data-seat="seat2" aria-label="7 of spades" style="{CARD}; left:140px">{INDEX}</div>
  <div class="card hidden-card" data-seat="seat3" aria-label="7 of spades" style="{CARD}; left:240px">{INDEX}
    <span class="hidden-mark" style="position:absolute; left:3px; top:3px">HIDDEN</span></div>
</div></body>"""
PUBLIC = f"""<body style="margin:0"><div id="layout">
  <div class="card back" data-seat="seat1" style="{CARD}; left:40px"></div>
  <div class="card back" data-seat="seat2" style="{CARD}; left:140px">{INDEX}</div>
</div></body>"""


def test_the_face_down_check_finds_a_missing_mark_one_over_the_index_and_a_face_in_public(
    browser: Browser,
) -> None:
    console, public = (browser.new_page(viewport={"width": 1280, "height": 800}) for _ in "cp")
    console.set_content(CONSOLE)
    public.set_content(PUBLIC)
    found = "\n".join(face_down_problems(console, public, declared=2))
    console.close()
    public.close()
    assert "the hidden card 7 of spades in seat1" not in found  # marked, clear of its index
    assert "the hidden card 7 of spades in seat2: carries no visible hidden mark" in found
    assert "the hidden card 7 of spades in seat3: its hidden mark covers the card's index" in found
    assert "a card face down in seat2 shows its face on the watching page" in found
    assert "a card face down in seat1" not in found
    assert "the console marks 3 cards hidden, the watching page draws 2 backs" in found
    assert "the game holds 2 cards face down, the console marks 3" in found
