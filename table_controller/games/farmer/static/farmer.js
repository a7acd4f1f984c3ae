// Farmer on the layout (rules farmer.md F-6, F-7): the farm and its amount in the middle, the
// farmer's marker, the seats along the bottom from the dealer's left (seat 1 at the right end).
// Each seat's first card is a card back until the reveal. Only the dealer's console receives a
// seat's figures.console, so only it shows that card (its face, with the shell's HIDDEN mark), the
// score before the reveal and "passed 16: do not announce"; a watching page shows no score and no bust.
import { cardBack, cardFace, emptySpot } from "/static/cards.js";

const dollars = (cents) => `$${(Math.abs(cents) / 100).toFixed(2)}`;
const signed = (cents) => (cents ? `${cents > 0 ? "+" : "-"}${dollars(cents)}` : "$0.00");

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A face-down card: its back on a watching page; on the dealer's console (which alone knows it) its
 * face, marked hidden from the seats by the shell's mark, which leaves the index in sight. */
const faceDown = (secret) => (secret ? cardFace(secret, "hidden-card") : cardBack());

function farmRow(state) {
  const seats = state.prompts.seats;
  const farmer = seats.find((s) => s.figures && s.figures.farmer);
  const farm = seats.length ? seats[0].figures.farm : 0;
  const row = el("div", "layout-row fm-farm-row");
  const chip = el("div", "fm-farm");
  chip.dataset.spot = "farm";
  chip.append(el("span", "label", "FARM"), el("span", "fm-amount", dollars(farm || 0)));
  const who = el("span", "fm-farmer", farmer ? `Farmer: ${farmer.seat.replace("seat", "SEAT ")}` : "Choosing the farmer: the 6\u2665 decides");
  row.append(chip, who);
  return row;
}

function seatBox(seat, look, shapeSvg, nextSpot) {
  const f = seat.figures || {};
  const out = f.seated === false;
  const box = el("div", `fm-seat${seat.on_turn ? " acts" : ""}${f.farmer ? " farmer" : ""}${out ? " out" : ""}`);
  box.dataset.seat = seat.seat;
  box.style.setProperty("--seat", look.colour);
  const tag = el("span", "seat-tag");
  tag.innerHTML = `${shapeSvg(look)}<span>${look.word}</span>`;
  if (f.farmer) tag.append(el("span", "fm-marker", "FARMER"));
  const fan = el("div", "fan");
  const secret = f.console ? f.console.card1 : "";
  (f.cards || []).forEach((card) => {
    const drawn = card.face === "down" ? faceDown(secret) : cardFace(card.code);
    drawn.dataset.spot = card.spot;
    if (card.spot === nextSpot) drawn.classList.add("next");
    fan.append(drawn);
  });
  (f.select || []).forEach((code) => fan.append(cardFace(code, "select")));
  if (!fan.children.length) fan.append(emptySpot(nextSpot && nextSpot.startsWith(`${seat.seat}/`) ? "next" : "\u2013"));
  const score = el("span", "fm-score", scoreWords(f));
  const money = el("span", "caption", out ? `not seated \u00b7 ${signed(f.net || 0)}` : `ante ${dollars(f.ante || 0)} \u00b7 ${signed(f.net || 0)}`);
  box.append(tag, fan, score);
  if (passedNote(f)) box.append(el("span", "fm-passed", passedNote(f)));
  box.append(money);
  return box;
}

/** The score as this page may show it: public after the reveal; on the dealer's console always. */
export function scoreWords(f) {
  if (f.score !== null && f.score !== undefined) return String(f.score);
  if (f.console && f.console.score !== null && f.console.score !== undefined) return String(f.console.score);
  return "\u2013";
}

/** "passed 16: do not announce", on the dealer's console only (F-7). */
const passedNote = (f) => (f.console && f.console.note) || "";

export function drawLayout(state, { seatLook, shapeSvg }) {
  const nextSpot = state.expected.deal ? state.expected.deal.spot : null;
  const index = Object.fromEntries(state.prompts.seats.map((s, i) => [s.seat, i]));
  const seats = el("div", "layout-row fm-seats");
  for (const seat of [...state.prompts.seats].reverse()) {  // seat 1 at the dealer's left: the right end
    seats.append(seatBox(seat, seatLook(seat.seat, index[seat.seat]), shapeSvg, nextSpot));
  }
  document.getElementById("layout").replaceChildren(farmRow(state), seats);
}

/** A seat panel's figures: the score (as above) and the seat's result this deal (the console's
 * "passed 16" note is on the layout, under the seat's cards: eight panels have no room for it). */
export function seatTotals(seat) {
  const f = seat.figures;
  const box = el("div", "totals fm-totals");
  for (const [label, value] of [["Score", scoreWords(f)], ["Result", signed(f.net || 0)]]) {
    const item = el("div", "total");
    item.append(el("span", "label", label), el("span", "value", value));
    box.append(item);
  }
  return box;
}
