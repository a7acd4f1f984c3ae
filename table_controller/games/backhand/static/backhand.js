// The Backhand series on the layout: each seat's row (its hand, then its three columns, a
// backhand card marked BH), the show cards between two seats' rows (the first-dealt seat at the
// bottom), and each seat panel's player total, dealer total and total hand value. Everything is
// the engine's prompts; nothing here decides.
import { cardFace, emptySpot } from "/static/cards.js";

export const legend = "<b>PT</b> player total &middot; <b>DT</b> dealer total &middot; <b>THV</b> total hand value" +
  " &middot; <b>&ndash;</b> not yet dealt &middot; <b>BH</b> backhand card";

const TOTALS = [["Player total", "PT", "player_total"], ["Dealer total", "DT", "dealer_total"],
  ["Total hand value", "THV", "total_hand_value"]];
const number = (value) => (value === null || value === undefined ? "\u2013" : String(value));

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function initialCards(seat) {
  const hits = new Set(seat.columns.filter(Boolean));
  return seat.cards.filter((code) => !hits.has(code));
}

function spot(child, caption, spotId, nextSpot) {
  const cell = el("div", "spot");
  cell.dataset.spot = spotId;
  if (spotId === nextSpot) cell.classList.add("next");
  cell.append(child, el("span", "caption", caption));
  return cell;
}

function handCell(seat, look, shapeSvg, where, nextSpot) {
  const cell = el("div", `hand-cell ${where}`);
  cell.dataset.spot = `${seat.seat}.hand`;
  if (cell.dataset.spot === nextSpot) cell.classList.add("next");
  const fan = el("div", "fan");
  const cards = initialCards(seat);
  if (!cards.length) fan.append(emptySpot("hand"));
  cards.forEach((code) => fan.append(cardFace(code)));
  const tag = el("span", "seat-tag");
  tag.innerHTML = `${shapeSvg(look)}<span>${look.word}</span>`;
  cell.append(tag, fan);
  return cell;
}

function seatRow(seat, look, shapeSvg, where, nextSpot) {
  const row = el("div", `layout-row seat-row ${where}`);
  row.dataset.seat = seat.seat;
  row.style.setProperty("--seat", look.colour);
  if (seat.on_turn) row.classList.add("acts");
  row.append(handCell(seat, look, shapeSvg, where, nextSpot));
  seat.columns.forEach((code, i) => {
    const id = `${seat.seat}.col${i + 1}`;
    const backhand = code && !seat.cards.includes(code);
    const face = code ? cardFace(code, backhand ? "backhand" : "") : emptySpot(`col ${i + 1}`);
    row.append(spot(face, backhand ? `col ${i + 1} \u00b7 BH` : `col ${i + 1}`, id, nextSpot));
  });
  return row;
}

function showRow(showCards, nextSpot) {
  const row = el("div", "layout-row show-row");
  row.append(el("div", "hand-cell spacer"));
  showCards.forEach((code, i) => {
    const id = `S${i + 1}`;
    row.append(spot(code ? cardFace(code) : emptySpot(id), `show ${id}`, id, nextSpot));  // "show card S1" was cut at 1280x800
  });
  return row;
}

export function drawLayout(state, { seatLook, shapeSvg, rowsTopToBottom }) {
  const nextSpot = state.expected.deal ? state.expected.deal.spot : null;
  const index = Object.fromEntries(state.prompts.seats.map((s, i) => [s.seat, i]));
  const withShow = state.prompts.show_cards.length > 0;
  const parts = [];
  rowsTopToBottom(state).forEach((seat, i) => {
    const where = withShow ? (i === 0 ? "top" : "bottom") : "plain";
    if (withShow && i === 1) parts.push(showRow(state.prompts.show_cards, nextSpot));
    parts.push(seatRow(seat, seatLook(seat.seat, index[seat.seat]), shapeSvg, where, nextSpot));
  });
  document.getElementById("layout").replaceChildren(...parts);
}

/** A seat panel's figures: the player total, the dealer total and the total hand value. */
export function seatTotals(seat) {
  const box = el("div", "totals");
  for (const [label, short, field] of TOTALS) {
    const item = el("div", "total");
    const value = el("span", "value", number(seat[field]));
    value.dataset.field = field;
    const name = el("span", "label");
    name.append(el("span", "long", label), el("span", "short", short));
    item.append(name, value);
    box.append(item);
  }
  return box;
}
