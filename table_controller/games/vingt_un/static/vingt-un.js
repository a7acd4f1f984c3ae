// Vingt-un's layout: the banker's cards across the top, the seats along the bottom from the
// dealer's left (seat 1, the right end) with each hand side by side, its total ("soft 17"), its
// stake and what it was paid. A card face down is a back for the public (its code is null); the
// dealer's console sees its face, marked hidden. Everything is the engine's figures.
import { cardBack, cardFace, emptySpot } from "/static/cards.js";

const dollars = (cents) => `$${(Math.abs(cents) / 100).toFixed(2)}`;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
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
  const money = hand.net ? ` \u00b7 ${hand.net > 0 ? "+" : "-"}${dollars(hand.net)}` : "";
  box.append(fan, el("span", "rail-total", hand.total_words || "\u2013"),
    el("span", "caption", `${hand.bet_word || "bet"} ${dollars(hand.bet)}${hand.doubled ? " doubled" : ""}${money}`));
  return box;
}

// A row of seats' hands: each further card covers 0.7 of the one before (vingt-un.css); a seat
// takes its hands' fans side by side, or SEAT_ROOM card widths at least (its tag and captions).
const ROW_OVERLAP = 0.7;  // a further card leaves 0.3 of the one before in sight: its index (issue 40: 58 px cards at seven seats)
const SEAT_ROOM = 1.6;
const rowFans = (hands) => hands.reduce((sum, h) => sum + 1.1 + (1 - ROW_OVERLAP) * (Math.max(2, h.cards.length) - 1), 0);

export function drawLayout(state, { seatLook, shapeSvg }) {
  const index = Object.fromEntries(state.prompts.seats.map((s, i) => [s.seat, i]));
  const seats = el("div", "layout-row rail");
  // how many card widths the row needs (display.css sizes the cards so they fit it)
  const all = state.prompts.seats.map((s) => (s.figures && s.figures.hands) || []);
  seats.style.setProperty("--fans", String(all.reduce((sum, hands) => sum + Math.max(SEAT_ROOM, rowFans(hands)), 0)));
  seats.style.setProperty("--seats", String(all.length));
  seats.style.setProperty("--hands", String(all.reduce((sum, hands) => sum + Math.max(1, hands.length), 0)));
  for (const seat of [...state.prompts.seats].reverse()) {  // seat 1 at the dealer's left: the right end
    const look = seatLook(seat.seat, index[seat.seat]);
    const box = el("div", `rail-seat${seat.on_turn ? " acts" : ""}`);
    box.dataset.seat = seat.seat;
    box.style.setProperty("--seat", look.colour);
    const tag = el("span", "seat-tag");
    tag.innerHTML = `${shapeSvg(look)}<span>${look.word}</span>`;
    const f = seat.figures || {};
    const bets = el("span", "caption", f.bets_words || (f.main ? `main ${dollars(f.main)}${f.side ? ` \u00b7 side ${dollars(f.side)}` : ""}` : "no bet"));
    const hands = el("div", "rail-hands");
    (f.hands || []).forEach((hand) => hands.append(handBox(hand, look)));
    box.append(tag, bets, hands);
    seats.append(box);
  }
  document.getElementById("layout").replaceChildren(dealerRow(state), seats);
}
