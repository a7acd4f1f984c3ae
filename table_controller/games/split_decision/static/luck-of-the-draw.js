// Luck of the Draw on the layout: the fifteen board positions (face down until turned up; the
// four picked outlined, the high and the low named), the bonus card on ld/draw and the wager. A
// position the seat may pick or choose now is a button; the engine decides what is legal.
import { cardFace, emptySpot } from "/static/cards.js";

const dollars = (cents) => `$${(Math.abs(cents) / 100).toFixed(2)}`;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function boardSpot(n, figures, legal, next) {
  const code = (figures.board || {})[String(n)];
  const cell = el("div", "spot ld-spot");
  cell.dataset.spot = `board/${n}`;
  if (next === cell.dataset.spot) cell.classList.add("next");
  if ((figures.picks || []).includes(n)) cell.classList.add("ld-picked");
  const role = figures.high === n ? "HIGH" : figures.low === n ? "LOW" : "";
  const open = legal.find((a) => a.endsWith(`_${n}`) && /^(pick|high|low)_/.test(a));
  let face = code ? cardFace(code) : emptySpot(String(n), "ld-back");
  if (open) {
    const button = el("button", "action ld-choose");
    button.dataset.seat = "seat1";
    button.dataset.action = open;
    button.title = open.replace("_", " board/");
    button.append(face);
    face = button;
  }
  cell.append(face, el("span", "caption", role || String(n)));  // the position's number (it read "board/2")
  return cell;
}

export function drawLayout(state, { seatLook, shapeSvg }) {
  const figures = state.prompts.figures || {};
  const seat = state.prompts.seats[0];
  const legal = seat ? seat.legal_actions : [];
  const next = state.expected.deal ? state.expected.deal.spot : null;
  const board = el("div", "ld-board");
  for (let n = 1; n <= 15; n++) board.append(boardSpot(n, figures, legal, next));
  const bottom = el("div", "layout-row dealer-row");
  const look = seatLook("seat1", 0);
  const tag = el("span", "seat-tag");
  tag.innerHTML = `${shapeSvg(look)}<span>${look.word}</span>`;
  const draw = el("div", "spot");
  draw.dataset.spot = "ld/draw";
  if (next === "ld/draw") draw.classList.add("next");
  draw.append(figures.draw ? cardFace(figures.draw) : emptySpot("draw"), el("span", "caption", "bonus card"));
  const wager = seat && seat.figures.wager ? `wager ${dollars(seat.figures.wager)}` : "no wager";
  const devil = figures.devil ? " \u00b7 the Devil is out: a tie loses" : "";
  bottom.append(tag, draw, el("span", "ld-marker", `Hand ${figures.hand} of ${figures.hands_per_session} \u00b7 ${wager}${devil}`));
  document.getElementById("layout").replaceChildren(board, bottom);
}

const signed = (cents) => `${cents > 0 ? "+" : cents < 0 ? "-" : ""}${dollars(cents)}`;

/** The seat's panel: its wager and its result. */
export function seatTotals(seat) {
  const f = seat.figures;
  const box = el("div", "totals ld-totals");
  const net = f.net !== null && f.net !== undefined ? signed(f.net) : "\u2013";
  for (const [label, value, field] of [["Wager", f.wager ? dollars(f.wager) : "\u2013", "wager"], ["Result", net, "net"]]) {
    const item = el("div", "total");
    const shown = el("span", "value", value);
    shown.dataset.field = field;
    item.append(el("span", "label", label), shown);
    box.append(item);
  }
  return box;
}
