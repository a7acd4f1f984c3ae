// Vingt-un's layout: the banker's cards across the top, the seats under them from the dealer's
// left (seat 1, the right end) in one row or two, with each hand side by side, its total ("soft
// 17"), its stake and what it was paid. A card face down is a back for the public (its code is
// null); the dealer's console sees its face, marked hidden. Everything is the engine's figures.
// The cards are as large as the layout's box leaves them at every moment, measured in the page
// (issue 40: 80 px tall at least at 1280x800; seven seats' cards fell to 71 px once a seat held
// two hands, with the felt to spare).
import { cardBack, cardFace, emptySpot } from "/static/cards.js";

const dollars = (cents) => `$${(Math.abs(cents) / 100).toFixed(2)}`;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A caption of one or more lines, each on its own (vingt-un.css): the words never wrap, so
 * they take the same room whatever the cards' size. */
function lines(className, ...texts) {
  const box = el("span", className);
  for (const text of texts) if (text) box.append(el("span", "line", text));
  return box;
}

function dealerRow(state) {
  const row = el("div", "layout-row dealer-row");
  const cards = el("div", "fan");
  const shown = state.prompts.show_cards;
  const hidden = state.hidden_show_cards || [];  // the console: cards the public sees as backs
  shown.forEach((code, i) => cards.append(code ? cardFace(code, hidden[i] ? "hidden-card" : "") : cardBack()));
  if (!shown.length) cards.append(emptySpot("dealer"));
  row.append(el("span", "seat-tag", state.game.dealer_label || "DEALER"), cards);
  return row;
}

function handBox(hand, look) {
  const box = el("div", `rail-hand${hand.on_turn ? " on-turn" : ""}`);
  box.style.setProperty("--seat", look.colour);
  const fan = el("div", "fan");
  hand.cards.forEach((code, i) => fan.append(code ? cardFace(code, hand.hidden && hand.hidden[i] ? "hidden-card" : "") : cardBack()));
  const money = hand.net ? `${hand.net > 0 ? "+" : "-"}${dollars(hand.net)}` : "";
  // "over-drawn (26)": the count under the words (one line was wider than the seat's cards)
  box.append(fan, lines("rail-total", ...(hand.total_words || "\u2013").split(/ (?=\()/)),
    lines("caption", `${hand.bet_word || "bet"} ${dollars(hand.bet)}${hand.doubled ? " doubled" : ""}`, money));
  return box;
}

function seatBox(seat, look, shapeSvg) {
  const box = el("div", `rail-seat${seat.on_turn ? " acts" : ""}`);
  box.dataset.seat = seat.seat;
  box.style.setProperty("--seat", look.colour);
  const tag = el("span", "seat-tag");
  tag.innerHTML = `${shapeSvg(look)}<span>${look.word}</span>`;
  const f = seat.figures || {};
  const hands = el("div", "rail-hands");
  (f.hands || []).forEach((hand) => hands.append(handBox(hand, look)));
  // the seat's stake over its hands where it is not one hand's own (no hand yet, or two)
  const bets = hands.children.length === 1 ? [] : [lines("caption", f.bets_words || "no bet")];
  box.append(tag, ...bets, hands);
  return box;
}

/** The seats' hands in ``rows`` (front row last) under the banker's row. */
function drawRows(layout, state, rows, kit) {
  const index = Object.fromEntries(state.prompts.seats.map((s, i) => [s.seat, i]));
  const rails = rows.map((row) => {
    const rail = el("div", "layout-row rail");
    for (const seat of [...row].reverse()) {  // seat 1 at the dealer's left: the right end
      rail.append(seatBox(seat, kit.seatLook(seat.seat, index[seat.seat]), kit.shapeSvg));
    }
    return rail;
  });
  layout.replaceChildren(dealerRow(state), ...rails);
  return rails;
}

const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Everything in its room with cards ``h`` px tall: the rows within the layout's height, each
 * seat's tag, hands and captions within its box and the box within its row, and no seat under
 * the result in the top left corner. */
function fitsAt(layout, rails, h) {
  for (const row of layout.children) row.style.setProperty("--card-h", `${h}px`);
  if (layout.scrollHeight > layout.clientHeight + 1) return false;
  if ([...layout.children].some((row) => row.scrollWidth > row.clientWidth + 1)) return false;
  const result = document.getElementById("result");
  const kept = result && !result.hidden ? result.getBoundingClientRect() : null;
  return rails.every((rail) => {
    const room = rail.getBoundingClientRect();
    return [...rail.children].every((seat) => {
      const box = seat.getBoundingClientRect();
      return seat.scrollWidth <= seat.clientWidth + 1 && box.left >= room.left - 1 && box.right <= room.right + 1 &&
        !(kept && overlaps(box, kept));
    });
  });
}

/** The tallest card (whole px, up to ``most``) for which the drawn rows fit, set on every row:
 * ``most`` where it fits (most often), else bisected (a row's words do not wrap, so where a card
 * fits a smaller one does too), first around ``near`` (the last size: one step moves it little). */
function fitCards(layout, rails, most, near) {
  let low = MIN_CARD, high = Math.floor(most);  // fits at low (or nothing does), not at high
  if (fitsAt(layout, rails, high)) return high;
  for (const guess of [near, near + 1]) {
    if (!(guess > low && guess < high)) continue;
    if (fitsAt(layout, rails, guess)) low = guess; else high = guess;
  }
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (fitsAt(layout, rails, mid)) low = mid; else high = mid;
  }
  fitsAt(layout, rails, low);
  return low;
}

// Four seats or more may stand in two rows along the rail (the later seats in the row behind,
// to the right of the result's corner). Each arrangement is drawn and its cards made as large as
// the layout's box leaves them; the larger is kept (one row when even).
const ONE_ROW = 3;
const MIN_CARD = 24;  // px: drawn at this at least, even where nothing fits
const CARD_MAX = 0.16;  // of the window's height
const lastFit = {};  // the last card height each arrangement (by its rows of seats) fitted
let last = null;  // what was drawn: drawn again when the layout's box is resized
const watched = new WeakSet();

export function drawLayout(state, kit) {
  const layout = document.getElementById("layout");
  const seats = state.prompts.seats;
  const most = CARD_MAX * window.innerHeight;
  const front = Math.ceil(seats.length / 2);
  const tall = (rows) => {
    const h = fitCards(layout, drawRows(layout, state, rows, kit), most, lastFit[rows.length]);
    lastFit[rows.length] = h;
    return h;
  };
  const oneRow = tall([seats]);
  if (oneRow < Math.floor(most) && seats.length > ONE_ROW && tall([seats.slice(front), seats.slice(0, front)]) <= oneRow) {
    tall([seats]);
  }
  last = { state, kit, drawn: layout.firstElementChild };
  if (!watched.has(layout)) {  // a window resized: the same table fitted again, while it is this drawing's
    watched.add(layout);
    new ResizeObserver(() => last && layout.firstElementChild === last.drawn && drawLayout(last.state, last.kit)).observe(layout);
  }
}
