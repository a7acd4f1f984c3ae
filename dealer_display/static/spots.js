// The one renderer: every spot a game declares (state.layout: a normalised table, x from the left
// edge, y from the dealer's edge) drawn where it lies, with what lies on it (state.spots): a card
// spot's cards face up, or as backs where they went face down (the dealer's console sees the face,
// marked hidden), a bet circle with its amount, and the spot's label in words. Cards are as large
// as the spots' spacing and the felt allow. It knows no game; nothing here decides.
import { cardBack, cardFace, emptySpot } from "./cards.js";

const GAP = 10;  // px between two places, and from a place to the felt's edge
const RATIO = 0.7;  // a card's width to its height
const FAN_STEP = 0.4;  // each further card of a fan shows this much of its width
const CIRCLE = 0.6;  // a bet circle's diameter, as a share of a card's height

const dollars = (cents) => (cents % 100 ? `$${(cents / 100).toFixed(2)}` : `$${(cents / 100).toLocaleString("en-US")}`);

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function cardsOn(content) {
  const fan = el("div", "fan");
  const down = content.down || [];
  content.cards.forEach((code, i) => fan.append(code ? cardFace(code, down[i] ? "hidden-card" : "") : cardBack()));
  return fan;
}

function place(spot, content, kit, state) {
  const box = el("div", `spot-place ${spot.kind}-place`);
  box.dataset.spot = spot.name;
  box.dataset.kind = spot.kind;
  const deal = state.expected.deal;
  if (deal && deal.spot === spot.name) box.classList.add("next");
  const caption = el("span", "caption spot-caption");
  if (spot.seat) {
    const index = state.prompts.seats.findIndex((s) => s.seat === spot.seat);
    const look = kit.seatLook(spot.seat, Math.max(0, index));
    box.dataset.seat = spot.seat;
    box.style.setProperty("--seat", look.colour);
    caption.innerHTML = kit.shapeSvg(look);
    if (state.prompts.seats[index] && state.prompts.seats[index].on_turn) box.classList.add("acts");
  }
  caption.append(el("span", "", spot.label));
  if (spot.kind === "bet") {
    box.append(betCircle(content), caption);
  } else if (spot.kind === "card") {
    box.append(content.cards.length ? cardsOn(content) : emptySpot(""), caption);
  } else {  // a plaque (a sign on the felt): its words
    box.append(caption);
  }
  box.style.left = `${(spot.x * 100).toFixed(2)}%`;
  box.style.top = `${(spot.y * 100).toFixed(2)}%`;
  return box;
}

/** A bet's circle with its chips; once the bet is settled, what became of it: taken when lost
 * (the circle empty), the winnings beside the stake when paid, the stake still there when returned. */
function betCircle({ amount, settled }) {
  const lost = amount && settled < 0;
  const shown = lost ? 0 : amount;
  const circle = el("div", `bet-circle${shown ? "" : " empty"}`);
  if (amount && settled !== undefined && settled !== null) circle.dataset.settled = lost ? "lost" : settled > 0 ? "paid" : "returned";
  circle.append(el("span", "chip-amount", shown ? dollars(shown) : ""));
  if (amount && settled > 0) circle.append(el("span", "chip-paid", `+${dollars(settled)}`));
  return circle;
}

/** Each place's size in px for cards ``h`` tall: its content and its caption, on one line or
 * (``wrap``) wrapped to the content's width, or 6 em, where it is longer. */
function sized(m, h, wrap) {
  const w = h * RATIO;
  const circle = Math.max(CIRCLE * h, m.amount + 16, 44);
  const content = m.kind === "bet" ? { w: circle, h: circle } : m.kind === "card"
    ? { w: w * (1 + FAN_STEP * Math.max(0, m.cards - 1)), h } : { w: 0, h: 0 };
  const room = wrap ? Math.max(content.w, 6 * m.em) : Math.max(content.w, m.caption);
  const lines = m.caption <= room ? 1 : Math.ceil((m.caption * 1.2) / room);
  return { w: Math.max(content.w, Math.min(m.caption, room)), h: content.h + lines * m.line + 4, room };
}

const clear = (a, r) => a.x + a.w / 2 + GAP <= r.left || a.x - a.w / 2 - GAP >= r.right ||
  a.y + a.h / 2 + GAP <= r.top || a.y - a.h / 2 - GAP >= r.bottom;

/** The tallest card (px) for which no two places touch, none lies on ``kept`` (a box of the
 * felt kept for the result) and each lies inside the felt. */
function fitting(places, W, H, wrap, kept) {
  const fits = (h) => {
    const boxes = places.map((p) => ({ ...sized(p, h, wrap), x: p.x * W, y: p.y * H }));
    return boxes.every((a, i) => (!kept || clear(a, kept)) && a.x - a.w / 2 >= GAP / 2 && a.x + a.w / 2 <= W - GAP / 2 &&
      a.y - a.h / 2 >= GAP / 2 && a.y + a.h / 2 <= H - GAP / 2 &&
      boxes.slice(i + 1).every((b) => Math.abs(a.x - b.x) >= (a.w + b.w) / 2 + GAP || Math.abs(a.y - b.y) >= (a.h + b.h) / 2 + GAP));
  };
  let low = 12, high = Math.max(12, H / 2);
  for (let k = 0; k < 24; k++) {
    const mid = (low + high) / 2;
    if (fits(mid)) low = mid; else high = mid;
  }
  return Math.floor(low);
}

/** Size the felt's cards, circles and captions to its box as it stands. */
export function fitSpots(felt) {
  const W = felt.clientWidth, H = felt.clientHeight;
  if (!W || !H) return;
  const places = [...felt.querySelectorAll(".spot-place")].map((node) => {
    const caption = node.querySelector(".spot-caption");
    caption.style.maxWidth = "none";
    const em = parseFloat(getComputedStyle(caption).fontSize);
    return {
      node, caption: Math.ceil(caption.getBoundingClientRect().width), em, line: em * 1.25, kind: node.dataset.kind,
      amount: Math.max(0, ...[...node.querySelectorAll(".chip-amount, .chip-paid")].map((a) => a.scrollWidth)), cards: node.querySelectorAll(".card").length,
      x: parseFloat(node.style.left) / 100, y: parseFloat(node.style.top) / 100,
    };
  });
  // the result, once there is one, lies in the felt's top corner that leaves the cards larger
  const summary = document.getElementById("summary");
  const result = document.getElementById("result");
  let corners = [null];
  if (!result.hidden) {
    const r = result.getBoundingClientRect(), top = felt.getBoundingClientRect().top;
    corners = [{ left: 0, right: r.width, top: 0, bottom: r.bottom - top }, { left: W - r.width, right: W, top: 0, bottom: r.bottom - top }];
  }
  // captions on one line, unless wrapping them leaves the cards a tenth larger
  const tries = corners.flatMap((kept, corner) => [false, true].map((wrap) => ({ wrap, corner, h: fitting(places, W, H, wrap, kept) * (wrap ? 1 / 1.1 : 1) })));
  const best = tries.reduce((a, b) => (b.h > a.h ? b : a));
  const wrap = best.wrap;
  const h = Math.floor(best.h * (wrap ? 1.1 : 1));
  summary.classList.toggle("on-right", best.corner === 1);
  felt.style.setProperty("--card-h", `${h}px`);
  felt.style.setProperty("--circle", `${Math.round(CIRCLE * h)}px`);
  for (const p of places) p.node.querySelector(".spot-caption").style.maxWidth = `${Math.ceil(sized(p, h, wrap).room) + 1}px`;
}

const watched = new WeakSet();

/** Draw every declared spot into ``box``; ``kit.seatLook(seat, index)`` gives a seat's colour,
 * shape and name, ``kit.shapeSvg(look)`` its shape. */
export function drawSpots(state, box, kit) {
  const felt = el("div", "spot-felt");
  const on = state.spots || {};
  for (const spot of state.layout) felt.append(place(spot, on[spot.name] || { cards: [], amount: 0 }, kit, state));
  box.replaceChildren(felt);
  fitSpots(felt);
  if (!watched.has(box)) {  // a window resized: the same places, sized again
    watched.add(box);
    new ResizeObserver(() => box.querySelector(".spot-felt") && fitSpots(box.querySelector(".spot-felt"))).observe(box);
  }
}
