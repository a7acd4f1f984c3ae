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
- a watching (view-only) page shows no buttons;
- at 1280x800, no seat panel is more than 65% empty (its text sized for more seats: they were
  70-90% empty).
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
    panel_fill: float = 0.35  # the least share of a seat panel its content covers (PANEL_FILL)


# How much of each seat panel its content covers: the boxes of its text's lines and of what paints
# in it (its controls, badges, figures' boxes, shapes), over the panel's inside (within its padding) (sampled on a 4 px grid). Text of 16 px in
# a panel sized for seven seats left two seats' panels 70-90% empty (issue 40).
PANEL_FILL = r"""() => {
  const out = [];
  for (const panel of document.querySelectorAll("#seats .seat-panel")) {
    if (!panel.checkVisibility()) continue;
    const p = panel.getBoundingClientRect(), cs = getComputedStyle(panel);
    const edge = (side) => parseFloat(cs[`border${side}Width`]) + parseFloat(cs[`padding${side}`]);
    const inner = {left: p.left + edge("Left"), top: p.top + edge("Top"), right: p.right - edge("Right"), bottom: p.bottom - edge("Bottom")};
    const rects = [];
    const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim() || !node.parentElement.checkVisibility()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      rects.push(...range.getClientRects());
    }
    // and every box inside it that paints (a control, a badge, a figure's box, a shape, a card)
    const opaque = (c) => c && !/rgba\(.*,\s*0\)$/.test(c) && c !== "transparent";
    for (const el of panel.querySelectorAll("*")) {
      const style = getComputedStyle(el);
      const paints = /^(svg|BUTTON|INPUT|IMG)$/.test(el.tagName) || opaque(style.backgroundColor) ||
        style.backgroundImage !== "none" || (parseFloat(style.borderTopWidth) > 0 && opaque(style.borderTopColor));
      if (paints && el.checkVisibility()) rects.push(el.getBoundingClientRect());
    }
    let cells = 0, covered = 0;
    for (let y = inner.top + 2; y < inner.bottom; y += 4) {
      for (let x = inner.left + 2; x < inner.right; x += 4) {
        cells++;
        if (rects.some((r) => x >= r.left && x < r.right && y >= r.top && y < r.bottom)) covered++;
      }
    }
    out.push({seat: panel.dataset.seat, fill: cells ? covered / cells : 1,
      box: `${Math.round(p.width)}x${Math.round(p.height)} px at (${Math.round(p.left)}, ${Math.round(p.top)})`});
  }
  return out;
}"""


def panel_fill(page: Page) -> dict[str, float]:
    """Each seat panel's share covered by its content (0 to 1), by seat."""
    return {p["seat"]: p["fill"] for p in page.evaluate(PANEL_FILL)}


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
    found = [
        f"{p['what']} [{p['box']}]" if p["box"] else p["what"]
        for p in page.evaluate(LAYOUT_CHECK, opts)
    ]
    if small:  # the panels' room is checked where it is least
        found += [
            f"{p['seat']}'s seat panel is {1 - p['fill']:.0%} empty, more than "
            f"{1 - sizes.panel_fill:.0%} [{p['box']}]"
            for p in page.evaluate(PANEL_FILL)
            if p["fill"] < sizes.panel_fill
        ]
    return found


def grouped(problems: list[tuple[str, str]]) -> list[str]:
    """``(where, problem)`` pairs as one line per problem (its box dropped), naming where it was seen."""
    seen: dict[str, list[str]] = {}
    for where, problem in problems:
        seen.setdefault(problem.split(" [")[0], []).append(where)
    return [
        f"{what}  <- {', '.join(wheres[:3])}{f' and {len(wheres) - 3} more' if len(wheres) > 3 else ''}"
        for what, wheres in seen.items()
    ]
