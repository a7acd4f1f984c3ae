// Words, never ids: the engines' prompts and results name cards by code ("6D", "JK") and places
// by spot id ("seat2/low", "board/2"), which is what the hand log keeps. On the screen a dealer
// reads them as said at the table: "6♦", "joker", "SEAT 2 low", "board position 2". This only
// rewords what the engine said; it decides nothing.

const SUIT_SIGNS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const CARD_CODE = /(?<![\w/$.])(10|[2-9AJQK])([SHDC])(?![\w/])/g;
const SPECIAL = /(?<![\w/])(JK|DV)(?![\w/])/g;
const SPOT_ID = /(?<![\w/])([a-z]+\d*)((?:\/[a-z]*\d*)+)(?![\w/])/g;
const SEAT_ID = /(?<![\w/])seat(\d+)(?![\w/])/g;
const PART_WORDS = [
  [/^seat(\d+)$/, (n) => `SEAT ${n}`], [/^h(\d+)$/, (n) => `hand ${n}`], [/^card(\d+)$/, (n) => `card ${n}`],
  [/^col(\d+)$/, (n) => `column ${n}`], [/^board$/, () => "board position"], [/^ld$/, () => ""],
];

function partWords(part) {
  for (const [pattern, words] of PART_WORDS) {
    const m = part.match(pattern);
    if (m) return words(m[1]);
  }
  return part.replaceAll("_", " ");
}

/** "seat2/low" -> "SEAT 2 low"; "board/2" -> "board position 2"; "ld/draw" -> "draw". */
export function spotWords(id) {
  return id.split("/").map(partWords).filter(Boolean).join(" ");
}

/** A text as a dealer says it: card codes as rank and suit sign, spot and seat ids as words. */
export function spoken(text) {
  return text
    .replace(SPOT_ID, (id) => spotWords(id))
    .replace(SEAT_ID, (_, n) => `SEAT ${n}`)
    .replace(CARD_CODE, (_, rank, suit) => `${rank}${SUIT_SIGNS[suit]}`)
    .replace(SPECIAL, (code) => (code === "JK" ? "joker" : "Devil card"));
}

/** Reword every text under ``root`` (cards' own faces are drawn, not written, and are left). */
export function speakAll(root) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!/[A-Za-z]/.test(node.nodeValue) || node.parentElement.closest(".card:not(.empty), script, style")) continue;
    const said = spoken(node.nodeValue);
    if (said !== node.nodeValue) node.nodeValue = said;
  }
}
