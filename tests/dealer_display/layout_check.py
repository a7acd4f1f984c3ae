"""The dealer display's layout, checked as a dealer two metres away would read it.

``layout_problems(page, ...)`` runs one in-page function (LAYOUT_CHECK) over everything visible
and returns a plain-language line for each problem: what element, what is wrong, its size and
where it is. It checks that
- the page does not scroll, and no text lies outside the window;
- no text is cut (an ellipsis, or a box that hides what does not fit);
- no text is covered by another element, and no two texts overlap;
- text is large enough (at 1280x800: 16 px, 14 px for captions; the instruction 32 px);
- the layout's cards are tall enough, nothing spills out of a card, and every card's index (its
  top corner) can be seen; the next card's place is as large as a card;
- no raw spot id ("seat2/low", "board/2"), seat id ("seat3") or bare card code ("6D", "JK") is
  shown, on a card or off it, and no key hint is an empty box;
- the top bar is one line: none of its texts wraps;
- a watching (view-only) page shows no buttons.
The check is the same for every game: it knows no game's layout.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Page

LAYOUT_CHECK = r"""(opts) => {
  const problems = [];
  const W = innerWidth, H = innerHeight;
  const px = (v) => Math.round(v);
  const boxWords = (r) => `${px(r.width)}x${px(r.height)} px at (${px(r.left)}, ${px(r.top)})`;
  const said = new Set();
  const say = (el, what, r) => {
    const line = `${name(el)}: ${what}`;
    if (!said.has(line)) problems.push({what: line, box: r ? boxWords(r) : ""});
    said.add(line);
  };
  const visible = (el) => el.checkVisibility({opacityProperty: true, visibilityProperty: true});
  function name(el) {
    if (!el || el === document.body) return "the page";
    if (el.closest(".card") && el.closest(".card") !== el) el = el.closest(".card");  // a card is one thing
    const text = el.matches(".card") ? `card ${el.getAttribute("aria-label") || ""}` : (el.textContent || "").replace(/\s+/g, " ").trim().slice(0, 40);
    const cls = typeof el.className === "string" && el.className ? "." + el.className.trim().split(/\s+/).join(".") : "";
    const own = `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${cls}`;
    const where = el.closest("[data-seat], [data-spot]");
    const place = where ? ` in ${where.dataset.seat || where.dataset.spot}` : "";
    const region = el.closest("#layout, #seats, #summary, #console, #topbar, #instruction, #irregularity, #notices");
    return `"${text}" (${own}${place}${region && region !== el ? `, ${region.id}` : ""})`;
  }
  const inside = (r, outer, slack = 1) => r.left >= outer.left - slack && r.top >= outer.top - slack &&
    r.right <= outer.right + slack && r.bottom <= outer.bottom + slack;
  // two boxes lying on each other: more than 2 px across, and more than a quarter of the lower
  // one's height (a line's box is taller than its glyphs: tight lines touch, they do not collide)
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > Math.max(2, 0.25 * Math.min(a.bottom - a.top, b.bottom - b.top));

  // every visible piece of text: its element, and the boxes of its lines
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || !visible(el) || el.closest("dialog:not([open]), script, style")) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
    if (rects.length) texts.push({el, rects, text: node.textContent.trim(), card: el.closest(".card")});
  }

  const doc = document.documentElement;
  if (doc.scrollHeight > H + 1 || doc.scrollWidth > W + 1) problems.push({what: `the page scrolls: ${doc.scrollWidth}x${doc.scrollHeight} px in a ${W}x${H} window`, box: ""});

  // pointer-events: none would hide an element from elementFromPoint; for this look, all count
  const style = document.createElement("style");
  style.textContent = "*, *::before, *::after { pointer-events: auto !important; }";
  document.head.append(style);
  try {
    // what paints at a point: a box with a background, a border, a shadow or an image (a see-through
    // box that only holds other boxes, such as a panel's container, covers nothing)
    const paints = (el) => {
      const cs = getComputedStyle(el);
      const opaque = (c) => c && !/rgba\(.*,\s*0\)$/.test(c) && c !== "transparent";
      return /^(IMG|SVG|svg|CANVAS|INPUT|BUTTON|polygon|circle|rect)$/.test(el.tagName) || opaque(cs.backgroundColor) ||
        cs.backgroundImage !== "none" || cs.boxShadow !== "none" ||
        ["Top", "Right", "Bottom", "Left"].some((s) => parseFloat(cs[`border${s}Width`]) > 0 && opaque(cs[`border${s}Color`]));
    };
    const coveredBy = (el, x, y) => {
      if (x < 0 || y < 0 || x >= W || y >= H) return null;
      for (const hit of document.elementsFromPoint(x, y)) {
        if (el.contains(hit) || hit.contains(el)) return null;
        if (paints(hit)) return hit;
      }
      return null;
    };
    const seen = new Set();
    for (const t of texts) {
      const all = t.rects.reduce((u, r) => ({left: Math.min(u.left, r.left), top: Math.min(u.top, r.top),
        right: Math.max(u.right, r.right), bottom: Math.max(u.bottom, r.bottom)}), {left: 1e9, top: 1e9, right: -1e9, bottom: -1e9});
      all.width = all.right - all.left; all.height = all.bottom - all.top;
      t.box = all;
      if (!inside(all, {left: 0, top: 0, right: W, bottom: H})) say(t.el, "lies outside the window", all);
      // ids, never words: anywhere, a card's own text too (a tag "7D" on a card is a code, not a face)
      for (const [pattern, what] of opts.rawIds) {
        const m = t.text.match(new RegExp(pattern));
        if (m) say(t.el, `shows ${what} "${m[0]}"`, all);
      }
      // the top bar is one line: a text in it broken over two makes it taller and pushes the felt down
      if (t.el.closest("#topbar")) {
        const tops = t.rects.map((r) => r.top).sort((a, b) => a - b);
        const lines = tops.filter((top, i) => i === 0 || top - tops[i - 1] > t.rects[0].height / 2).length;
        if (lines > 1) say(t.el, `wraps onto ${lines} lines in the top bar`, all);
      }
      if (t.card) {
        const card = t.card.getBoundingClientRect();
        if (!inside(all, card, 2) && t.card.offsetHeight >= opts.minCard) say(t.el, "its face spills out of the card", all);
        continue;
      }
      // cut: by its own box (an ellipsis) or by a box around it that hides what does not fit
      for (let up = t.el; up && up !== document.body; up = up.parentElement) {
        const cs = getComputedStyle(up);
        if (cs.overflowX === "visible" && cs.overflowY === "visible") continue;
        if (up === t.el && (up.scrollWidth > up.clientWidth + 1 || up.scrollHeight > up.clientHeight + 1)) {
          say(t.el, `is cut: needs ${up.scrollWidth}x${up.scrollHeight} px, has ${up.clientWidth}x${up.clientHeight}`, all);
          t.cut = true;
          break;
        }
        if (up !== t.el && !inside(all, up.getBoundingClientRect())) { say(t.el, `is cut by ${name(up)}`, all); t.cut = true; break; }
      }
      if (t.cut) continue;  // what is cut off is neither shown nor over anything else
      // runs out of its box (a button's word past its edge)
      let box = t.el;
      while (box.parentElement && getComputedStyle(box).display === "inline") box = box.parentElement;
      if (!inside(all, box.getBoundingClientRect(), 2)) say(t.el, `runs out of ${box === t.el ? "its box" : name(box)}`, all);
      // covered: the middle and both ends of each line must be this text's own
      for (const r of t.rects) {
        const y = r.top + r.height / 2;
        const hit = [r.left + r.width * 0.5, r.left + Math.min(4, r.width / 4), r.right - Math.min(4, r.width / 4)]
          .map((x) => coveredBy(t.el, x, y)).find(Boolean);
        if (hit && !seen.has(t.el)) { seen.add(t.el); say(t.el, `is covered by ${name(hit)}`, r); }
      }
      // too small to read from two metres
      if (opts.minFont) {
        const size = parseFloat(getComputedStyle(t.el).fontSize);
        const least = t.el.closest("#instruction") ? opts.instructionFont
          : t.el.closest(opts.captions) ? opts.captionFont : opts.minFont;
        if (size < least - 0.05) say(t.el, `text ${size.toFixed(1)} px, under ${least} px`, all);
      }
    }
    // texts lying on each other (a card's inner text only against text outside cards)
    for (let i = 0; i < texts.length; i++) {
      for (let j = i + 1; j < texts.length; j++) {
        const a = texts[i], b = texts[j];
        if ((a.card && b.card) || a.cut || b.cut || a.el.contains(b.el) || b.el.contains(a.el)) continue;
        if (!overlap(a.box, b.box)) continue;
        const hitPair = a.rects.some((ra) => b.rects.some((rb) => overlap(ra, rb)));
        if (hitPair) say(a.card ? b.el : a.el, `overlaps ${name(a.card ? a.el : b.el)}`, a.box);
      }
    }
    // cards: tall enough, and each one's index (its top corner) in sight
    for (const card of document.querySelectorAll("#layout .card")) {
      if (!visible(card)) continue;
      const r = card.getBoundingClientRect();
      if (card.offsetHeight < opts.minCard - 0.5) say(card, `card ${card.offsetWidth}x${card.offsetHeight} px, under ${opts.minCard} px tall`, r);
      const corner = card.querySelector(".corner.top");
      if (!corner) continue;
      const c = corner.getBoundingClientRect();
      const hit = coveredBy(card, c.left + c.width / 2, c.top + c.height / 2);
      if (hit) say(card, `index covered by ${name(hit)}`, c);
    }
    // the place the next card goes: as large as a card, never a bracket round nothing
    for (const next of document.querySelectorAll("#layout .next")) {
      const r = next.getBoundingClientRect();
      if (visible(next) && r.height < opts.minCard - 0.5) say(next, `the next card's place is ${px(r.width)}x${px(r.height)} px, smaller than a card`, r);
    }
  } finally {
    style.remove();
  }
  for (const kbd of document.querySelectorAll("kbd")) {
    if (visible(kbd) && !kbd.textContent.trim()) say(kbd.parentElement, "has an empty key hint", kbd.getBoundingClientRect());
  }
  if (opts.viewOnly) {
    for (const b of document.querySelectorAll("button")) if (visible(b) && !b.querySelector(".card")) say(b, "a button on the watching page", b.getBoundingClientRect());
  }
  return problems;
}"""

# What a caption is: small print under a card or a chip, a label over a value, a key hint.
CAPTIONS = ".caption, .label, .chip-kind, .spot-label, .felt-label, kbd, small, #legend, #topbar, .rule, #keys-help, #view-only"
RAW_IDS = [
    (r"\b[a-z]+\d*/[a-z]+\d*\b", "a spot id"),
    (r"\bseat\d\b", "a seat id"),
    (r"(?:^|[\s(,:])(?:10|[2-9TJQKA])[SHDC](?=$|[\s),.;:])", "a card code"),
    (r"\b(?:JK|DV)\b", "a card code"),
]


@dataclass(frozen=True)
class Sizes:
    """The least sizes, in px at 1280x800 (cards scale with the window's height)."""

    card: float = 80
    font: float = 16
    caption: float = 14
    instruction: float = 32


def layout_problems(page: Page, *, sizes: Sizes = Sizes(), view_only: bool = False) -> list[str]:
    viewport = page.viewport_size or {"width": 1280, "height": 800}
    small = viewport["height"] <= 800  # text sizes are checked at 1280x800, where they are least
    opts: dict[str, Any] = {
        "minCard": sizes.card * viewport["height"] / 800,
        "minFont": sizes.font if small else 0,
        "captionFont": sizes.caption,
        "instructionFont": sizes.instruction,
        "captions": CAPTIONS,
        "rawIds": RAW_IDS,
        "viewOnly": view_only,
    }
    return [
        f"{p['what']} [{p['box']}]" if p["box"] else p["what"]
        for p in page.evaluate(LAYOUT_CHECK, opts)
    ]


def grouped(problems: list[tuple[str, str]]) -> list[str]:
    """``(where, problem)`` pairs as one line per problem (its box dropped), naming where it was seen."""
    seen: dict[str, list[str]] = {}
    for where, problem in problems:
        seen.setdefault(problem.split(" [")[0], []).append(where)
    return [
        f"{what}  <- {', '.join(wheres[:3])}{f' and {len(wheres) - 3} more' if len(wheres) > 3 else ''}"
        for what, wheres in seen.items()
    ]


# ----- cards lying face down: marked hidden on the console, backs on every other page ---------
# On the dealer's console each card the game holds face down is its face with a mark (an element,
# .hidden-mark) in sight, inside the card and clear of the card's index; on a watching page each
# is a back, with no face, no index and no text, and no face marked hidden is there at all.
MARKED_CHECK = r"""() => {
  const problems = [];
  const label = (card) => `the hidden card ${card.getAttribute("aria-label") || ""}`;
  const where = (card) => { const at = card.closest("[data-seat], [data-spot]"); return at ? ` in ${at.dataset.seat || at.dataset.spot}` : ""; };
  const boxWords = (r) => `${Math.round(r.width)}x${Math.round(r.height)} px at (${Math.round(r.left)}, ${Math.round(r.top)})`;
  const paints = (el) => {
    const cs = getComputedStyle(el);
    const opaque = (c) => c && !/rgba\(.*,\s*0\)$/.test(c) && c !== "transparent";
    return /^(IMG|SVG|svg|CANVAS|INPUT|BUTTON|polygon|circle|rect)$/.test(el.tagName) || opaque(cs.backgroundColor) ||
      cs.backgroundImage !== "none" || cs.boxShadow !== "none" || el.textContent.trim() && !el.children.length;
  };
  const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const style = document.createElement("style");  // what paints at a point, whatever its pointer-events
  style.textContent = "*, *::before, *::after { pointer-events: auto !important; }";
  document.head.append(style);
  const cards = [...document.querySelectorAll("#layout .card.hidden-card")];
  try {
    for (const card of cards) {
      const say = (what, r) => problems.push(`${label(card)}${where(card)}: ${what} [${boxWords(r)}]`);
      const c = card.getBoundingClientRect();
      const mark = card.querySelector(".hidden-mark");
      const shown = mark && mark.checkVisibility({opacityProperty: true, visibilityProperty: true}) && mark.textContent.trim();
      const m = mark ? mark.getBoundingClientRect() : c;
      if (!shown || m.width < 1 || m.height < 1) { say("carries no visible hidden mark", c); continue; }
      if (m.left < c.left - 1 || m.right > c.right + 1 || m.top < c.top - 1 || m.bottom > c.bottom + 1) say("its hidden mark runs out of the card", m);
      const index = card.querySelector(".corner.top");
      if (index && meet(m, index.getBoundingClientRect())) say("its hidden mark covers the card's index", m);
      // in sight: at its middle, nothing that paints lies over it (a see-through box holding
      // others, such as a seat's place, covers nothing)
      const hit = document.elementsFromPoint(m.left + m.width / 2, m.top + m.height / 2)
        .find((el) => mark.contains(el) || el.contains(mark) || paints(el));
      if (!hit || !mark.contains(hit)) say(`its hidden mark is covered${hit && hit.closest(".card") !== card ? " by another card" : ""}`, m);
    }
  } finally {
    style.remove();
  }
  return {problems, count: cards.length};
}"""

BACKS_CHECK = r"""() => {
  const problems = [];
  const where = (card) => { const at = card.closest("[data-seat], [data-spot]"); return at ? ` in ${at.dataset.seat || at.dataset.spot}` : ""; };
  const backs = [...document.querySelectorAll("#layout .card.back")];
  for (const back of backs) {
    if (back.dataset.code || back.querySelector(".corner, .pips, .court, .ace") || back.textContent.trim()) {
      problems.push(`a card face down${where(back)} shows its face on the watching page: "${back.textContent.trim()}"`);
    }
  }
  for (const face of document.querySelectorAll(".card.hidden-card, .hidden-mark")) {
    problems.push(`the face of a hidden card${where(face)} is on the watching page: ${face.closest(".card").getAttribute("aria-label")}`);
  }
  return {problems, count: backs.length};
}"""


def face_down_problems(console: Page, public: Page, declared: int | None = None) -> list[str]:
    """What is wrong with the cards lying face down, the same state on the dealer's ``console``
    and a watching (``public``) page: each marked hidden on the console (a mark in sight, clear of
    the index), each a back on the watching page, as many on one as on the other, and as many as
    the game ``declared`` face down (see :func:`declared_face_down`) where it is given."""
    marked, backs = console.evaluate(MARKED_CHECK), public.evaluate(BACKS_CHECK)
    problems = [*marked["problems"], *backs["problems"]]
    if marked["count"] != backs["count"]:
        problems.append(
            f"the console marks {marked['count']} cards hidden, the watching page draws "
            f"{backs['count']} backs"
        )
    if declared is not None and marked["count"] != declared:
        problems.append(
            f"the game holds {declared} cards face down, the console marks {marked['count']}"
        )
    return problems


def declared_face_down(game: Any, state: Any) -> int:
    """How many cards ``game`` holds face down in ``state``, as it declares them: on its spots
    (``SpotContent.face_down``), else as the public's prompts give them (a card with no code among
    the shown cards, a seat's card whose ``face`` is ``down``)."""
    on_spots = game.on_spots(state)
    if on_spots:
        return sum(bool(down) for content in on_spots.values() for down in content.face_down)
    public = game.public_prompts(state)
    down = sum(code is None for code in public.show_cards)
    for seat in public.seats:
        cards = (seat.figures or {}).get("cards", [])
        down += sum(isinstance(c, dict) and c.get("face") == "down" for c in cards)
    return down
