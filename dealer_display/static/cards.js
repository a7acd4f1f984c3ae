// Card faces drawn with our own HTML and CSS: corner indices, pips laid out as on a real
// card (2 to 10), a large pip for an ace, a framed letter for a court card.

const SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RED_SUITS = new Set(["H", "D"]);

// Pip positions as [x, y] in percent of the pip area; pips below the middle are drawn upside down.
const L = 18, C = 50, R = 82;
const PIPS = {
  2: [[C, 0], [C, 100]],
  3: [[C, 0], [C, 50], [C, 100]],
  4: [[L, 0], [R, 0], [L, 100], [R, 100]],
  5: [[L, 0], [R, 0], [C, 50], [L, 100], [R, 100]],
  6: [[L, 0], [R, 0], [L, 50], [R, 50], [L, 100], [R, 100]],
  7: [[L, 0], [R, 0], [C, 25], [L, 50], [R, 50], [L, 100], [R, 100]],
  8: [[L, 0], [R, 0], [C, 25], [L, 50], [R, 50], [C, 75], [L, 100], [R, 100]],
  9: [[L, 0], [R, 0], [L, 33], [R, 33], [C, 50], [L, 67], [R, 67], [L, 100], [R, 100]],
  10: [[L, 0], [R, 0], [C, 17], [L, 33], [R, 33], [L, 67], [R, 67], [C, 83], [L, 100], [R, 100]],
};

export function splitCode(code) {
  if (code === "JK" || code === "DV") return { rank: code, suit: "" };
  const rank = code.slice(0, -1) === "T" ? "10" : code.slice(0, -1);
  return { rank, suit: code.slice(-1) };
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function corner(rank, pip, where) {
  const box = el("span", `corner ${where}`);
  box.append(el("span", "rank", rank), el("span", "suit", pip));
  return box;
}

function middle(rank, pip) {
  const area = el("span", "pips");
  if (PIPS[rank]) {
    for (const [x, y] of PIPS[rank]) {
      const p = el("span", y > 50 ? "pip flip" : "pip", pip);
      p.style.left = `${x}%`;
      p.style.top = `${y}%`;
      area.append(p);
    }
  } else if (rank === "A") {
    area.append(el("span", "ace", pip));
  } else {
    const court = el("span", "court");
    court.append(el("span", "court-rank", rank), el("span", "court-suit", pip));
    area.append(court);
  }
  return area;
}

// A card the seats cannot see, as the dealer's console draws it: its face, with this mark in its
// lower left corner, where no index lies and a fan leaves it in sight (an element, not a CSS
// ::after, so the layout check can measure it)
const HIDDEN_CLASS = "hidden-card";
const HIDDEN_WORD = "HIDDEN";

/** A card face for a code such as "10S", "AH", "QD" (the joker is "JK"); with the class
 * ``hidden-card`` among ``extraClass``, the face of a card lying face down, marked hidden. */
export function cardFace(code, extraClass = "") {
  const face = drawnFace(code, extraClass);
  if (face.classList.contains(HIDDEN_CLASS)) face.append(el("span", "hidden-mark", HIDDEN_WORD));
  return face;
}

function drawnFace(code, extraClass) {
  const { rank, suit } = splitCode(code);
  const colour = RED_SUITS.has(suit) ? "red" : "black";
  const face = el("div", `card ${colour} ${extraClass}`.trim());
  face.dataset.code = code;
  face.setAttribute("role", "img");
  if (rank === "JK" || rank === "DV") {  // a joker, or a board's Devil card
    face.setAttribute("aria-label", rank === "JK" ? "joker" : "Devil card");
    if (rank === "DV") face.classList.replace("black", "red");
    face.append(el("span", "court", rank === "JK" ? "JOKER" : "DEVIL"));
    return face;
  }
  face.setAttribute("aria-label", `${rank} of ${SUIT_NAMES[suit] || suit}`);
  const pip = SUITS[suit] || suit;
  face.append(corner(rank, pip, "top"), middle(rank, pip), corner(rank, pip, "bottom"));
  return face;
}

/** A card lying face down, as the public sees it: its back, never its face. */
export function cardBack(extraClass = "") {
  const back = el("div", `card back ${extraClass}`.trim());
  back.setAttribute("role", "img");
  back.setAttribute("aria-label", "a card face down");
  return back;
}

/** An empty place on the layout, with its name ("S1", "col 2"). */
export function emptySpot(label, extraClass = "") {
  const spot = el("div", `card empty ${extraClass}`.trim());
  spot.append(el("span", "spot-label", label));
  return spot;
}
