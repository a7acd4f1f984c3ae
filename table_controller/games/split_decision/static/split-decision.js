// Split Decision on the layout: each seat's offered card above its high, middle and low slots,
// with its discard chips and rounds won, and the "cards remaining" board (SD-6): every card of
// the 54 by suit, those already dealt since the shuffle dimmed. Everything is the engine's figures.
import { cardFace, emptySpot } from "/static/cards.js";

const SUITS = [["S", "\u2660"], ["H", "\u2665"], ["D", "\u2666"], ["C", "\u2663"]];
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function slot(seat, name, code, next) {
  const cell = el("div", "spot");
  cell.dataset.spot = `${seat}/${name}`;
  if (next === cell.dataset.spot) cell.classList.add("next");
  cell.append(code ? cardFace(code) : emptySpot(name), el("span", "caption", name));
  return cell;
}

function seatColumn(seat, look, shapeSvg, next) {
  const f = seat.figures || {};
  const box = el("div", `rail-seat sd-seat${seat.on_turn ? " acts" : ""}${f.out ? " sd-out" : ""}`);
  box.dataset.seat = seat.seat;
  box.style.setProperty("--seat", look.colour);
  const tag = el("span", "seat-tag");
  tag.innerHTML = `${shapeSvg(look)}<span>${look.word}</span>`;
  const offer = el("div", "sd-offer");
  offer.append(slot(seat.seat, "offer", f.offer, next));
  const slots = el("div", "sd-slots");
  slots.append(slot(seat.seat, "high", f.high, next), slot(seat.seat, "middle", f.middle, next),
    slot(seat.seat, "low", f.low, next));
  const chips = el("span", "caption sd-chips", `${"\u25CF".repeat(f.chips || 0)}${"\u25CB".repeat(2 - (f.chips || 0))} chips \u00b7 ${f.wins || 0} won`);
  box.append(tag, offer, slots, chips);
  if (f.out) box.append(el("span", "caption", "out of the round"));
  return box;
}

function remainingBoard(figures) {
  const left = new Map();
  for (const code of figures.remaining || []) left.set(code, (left.get(code) || 0) + 1);
  const board = el("div", "sd-board");
  board.append(el("span", "sd-board-title", `Cards remaining: ${figures.remaining_count ?? "\u2013"}`));
  for (const [suit, pip] of SUITS) {
    const row = el("div", `sd-suit ${suit === "H" || suit === "D" ? "red" : "black"}`);
    row.append(el("span", "sd-pip", pip));
    for (const rank of RANKS) row.append(el("span", left.has(rank + suit) ? "sd-left" : "sd-gone", rank));
    board.append(row);
  }
  const jokers = el("div", "sd-suit");
  jokers.append(el("span", "sd-pip", "\u2605"));
  for (let n = 0; n < 2; n++) jokers.append(el("span", n < (left.get("JK") || 0) ? "sd-left" : "sd-gone", "joker"));
  board.append(jokers);
  return board;
}

export function drawLayout(state, { seatLook, shapeSvg }) {
  const figures = state.prompts.figures || {};
  const next = state.expected.deal ? state.expected.deal.spot : null;
  const top = el("div", "layout-row dealer-row sd-top");
  const score = Object.entries(figures.wins || {}).map(([, n]) => n).join(" : ");
  top.append(el("span", "seat-tag", `GAME ${figures.game ?? 1} \u00b7 ROUND ${figures.round ?? 1} \u00b7 ${score}`),
    remainingBoard(figures));
  const index = Object.fromEntries(state.prompts.seats.map((s, i) => [s.seat, i]));
  const seats = el("div", "layout-row rail sd-seats");
  // the row's card sizing (display.css, .rail) counts card widths: a seat's high, middle and
  // low side by side with their gaps; without these the cards were drawn 2x2 px
  seats.style.setProperty("--fans", String(3.4 * state.prompts.seats.length));
  seats.style.setProperty("--seats", String(state.prompts.seats.length));
  seats.style.setProperty("--hands", "0");
  for (const seat of [...state.prompts.seats].reverse()) {
    seats.append(seatColumn(seat, seatLook(seat.seat, index[seat.seat]), shapeSvg, next));
  }
  document.getElementById("layout").replaceChildren(top, seats);
}

/** A seat panel's figures: the high and the low, the chips left, the rounds won. */
export function seatTotals(seat) {
  const f = seat.figures;
  const box = el("div", "totals");
  for (const [label, value, field] of [["High / low", f.slots_words || "-/-", "slots"], ["Chips", String(f.chips ?? 2), "chips"],
    ["Won", String(f.wins ?? 0), "wins"]]) {
    const item = el("div", "total");
    const shown = el("span", "value", value);
    shown.dataset.field = field;
    item.append(el("span", "label", label), shown);
    box.append(item);
  }
  return box;
}
