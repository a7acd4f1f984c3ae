// Red Dog on the layout: the dealer's three cards across the top (the third between the first
// two) with the spread and its odds beneath them, and the seats along the rail from the dealer's
// left (seat 1 at the right end), each with its ante, its raise and what it was paid. Everything
// comes from the engine's figures; nothing here decides.
import { cardFace, emptySpot } from "/static/cards.js";

const dollars = (cents) => `$${(Math.abs(cents) / 100).toFixed(2)}`;
const signed = (cents) => `${cents > 0 ? "+" : cents < 0 ? "-" : ""}${dollars(cents)}`;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The marker under the cards: what the first two cards are and what the spread pays (RD-6). */
export function spreadWords(figures) {
  if (figures.kind === "spread") return `Spread ${figures.spread} \u00b7 pays ${figures.odds}`;
  if (figures.kind === "pair") return `Pair \u00b7 three of a kind pays ${figures.odds}`;
  if (figures.kind === "consecutive") return "Consecutive \u00b7 push";
  return "";
}

function dealerCards(state) {
  const figures = state.prompts.figures || {};
  const cards = figures.cards || {};
  const next = state.expected.deal ? state.expected.deal.spot : null;
  const row = el("div", "layout-row dealer-row rd-dealer");
  row.append(el("span", "seat-tag", "DEALER"));
  for (const [name, words] of [["card1", "first"], ["card3", "third"], ["card2", "second"]]) {  // the third between
    const cell = el("div", "spot");
    cell.dataset.spot = `dealer/${name}`;
    if (next === cell.dataset.spot) cell.classList.add("next");
    cell.append(cards[name] ? cardFace(cards[name]) : emptySpot(words), el("span", "caption", words));
    row.append(cell);
  }
  const marker = el("div", "rd-marker", spreadWords(figures));
  marker.hidden = !marker.textContent;
  return [row, marker];
}

function seatBox(seat, look, shapeSvg) {
  const f = seat.figures || {};
  const box = el("div", `rail-seat rd-seat${seat.on_turn ? " acts" : ""}`);
  box.dataset.seat = seat.seat;
  box.style.setProperty("--seat", look.colour);
  const tag = el("span", "seat-tag");
  tag.innerHTML = `${shapeSvg(look)}<span>${look.word}</span>`;
  box.append(tag);
  const lines = f.ante ? [["ante", `ante ${dollars(f.ante)}`], ["raise", f.raise ? `raise ${dollars(f.raise)}` : f.decision === "call" ? "called" : ""]]
    : [["ante", "no ante"]];
  for (const [field, text] of lines) {
    const line = el("span", `caption rd-${field}`, text);
    line.dataset.field = field;
    box.append(line);
  }
  if (f.net !== null && f.net !== undefined) box.append(el("span", "rail-total rd-net", signed(f.net)));
  return box;
}

/** The layout: the dealer's cards and marker, the seats along the rail (render.js's kit gives
 * each seat's look). */
export function drawLayout(state, { seatLook, shapeSvg }) {
  const index = Object.fromEntries(state.prompts.seats.map((s, i) => [s.seat, i]));
  const seats = el("div", "layout-row rail");
  for (const seat of [...state.prompts.seats].reverse()) {  // seat 1 at the dealer's left: the right end
    seats.append(seatBox(seat, seatLook(seat.seat, index[seat.seat]), shapeSvg));
  }
  document.getElementById("layout").replaceChildren(...dealerCards(state), seats);
}

/** A seat panel's figures: the ante, the raise and the seat's result. */
export function seatTotals(seat) {
  const f = seat.figures;
  const box = el("div", "totals rd-totals");
  const stakes = [["Ante", f.ante ? dollars(f.ante) : "\u2013", "ante"], ["Raise", f.raise ? dollars(f.raise) : "\u2013", "raise"]];
  for (const [label, value, field] of [...stakes,
    ["Result", f.net !== null && f.net !== undefined ? signed(f.net) : "\u2013", "net"]]) {
    const item = el("div", "total");
    const shown = el("span", "value", value);
    shown.dataset.field = field;
    item.append(el("span", "label", label), shown);
    box.append(item);
  }
  return box;
}
