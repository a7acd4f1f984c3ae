// Blackjack's felt: every place drawn where the game's Spots put it
// on the normalised table (x from the left edge, y from the dealer's edge). The dealer's cards
// at the top, each seat's insurance place, its hands side by side (after a split) in its share
// of the arc, and its main and side bet circles with the chips' amount. Nothing is decided here.
import { cardBack, cardFace, emptySpot } from "/static/cards.js";

const CHIP_WORDS = { main: "main", side: "side", insurance: "ins." };
const FAN_OVERLAP = 0.6;  // each further card covers this much of the one before (felt.css)
const HAND_ROOM = 0.92;
const MAX_FIT = 0.075;  // no card wider than this share of the table's width
// a lone seat's table has room above and below its hand: its cards (and the dealer's) up to this
// share, and 27% of the felt's height (blackjack.css), not 22% (they were 90 px at 1280x800)
const ROOMY_FIT = 0.13;

export const dollars = (cents) => `$${(Math.abs(cents) / 100).toFixed(2)}`;
export const signed = (cents) => `${cents > 0 ? "+" : "-"}${dollars(cents)}`;
/** A chip stack's label: whole dollars as "$25", else "$12.50". */
export const chips = (cents) => (cents % 100 ? dollars(cents) : `$${(cents / 100).toLocaleString("en-US")}`);

export const declaresLayout = (state) => Array.isArray(state.layout) && state.layout.length > 0;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function at(node, x, y) {
  node.style.left = `${(x * 100).toFixed(2)}%`;
  node.style.top = `${(y * 100).toFixed(2)}%`;
  return node;
}

const fanWidth = (cards) => 1 + (1 - FAN_OVERLAP) * Math.max(0, cards - 1);

/** Each hand's place: the midpoint of its declared card spots, and its share of the width. */
function handPlaces(spots, seat) {
  const places = [];
  for (let k = 1; spots[`${seat}/h${k}/card1`]; k += 1) {
    const first = spots[`${seat}/h${k}/card1`];
    const second = spots[`${seat}/h${k}/card2`] || first;
    places.push({ x: (first.x + second.x) / 2, y: first.y, share: Math.abs(second.x - first.x) / 0.24 || 0.1 });
  }
  return places;
}

/** The widest a seat's cards may be (as a share of the table's width) so each of its hands'
 * fans fits that hand's share: a seat that split has smaller cards, the others keep theirs. */
function seatFit(seat, places, maxFit) {
  const hands = (seat.figures && seat.figures.hands) || [];
  let fit = maxFit;
  places.forEach((place, i) => {
    const cards = hands[i] ? hands[i].cards.length : 2;
    fit = Math.min(fit, (place.share * HAND_ROOM) / fanWidth(Math.max(2, cards)));
  });
  return fit;
}

function dealerPlace(state, spots, maxFit) {
  const up = spots["dealer/up"], hole = spots["dealer/hole"] || up;
  const box = at(el("div", "felt-dealer"), (up.x + hole.x) / 2, up.y);
  box.dataset.spot = "dealer";
  const deal = state.expected.deal;
  if (deal && deal.spot.startsWith("dealer/")) box.classList.add("next");
  const fan = el("div", "fan");
  const shown = state.prompts.show_cards;
  // the hole card where it lies: a back for the public (code null), its face marked on the console
  const hidden = state.hidden_show_cards || [];
  shown.forEach((code, i) => fan.append(code ? cardFace(code, hidden[i] ? "hidden-card" : "") : cardBack()));
  if (!shown.length) fan.append(emptySpot("dealer"));
  const total = (state.prompts.figures || {}).dealer_total;
  const name = el("div", "felt-dealer-name");
  name.append(el("span", "felt-label", "DEALER"), el("span", "bj-total", total || "\u2013"));
  box.append(name, fan);
  box.style.setProperty("--dealer-fit", String(Math.min(maxFit, 0.3 / fanWidth(Math.max(2, shown.length)))));
  return box;
}

function handBox(seat, hand, place, nextSpot, split) {
  const box = at(el("div", `bj-hand${hand.on_turn ? " on-turn" : ""}`), place.x, place.y);
  box.dataset.spot = `${seat}/h${hand.hand}`;
  box.style.setProperty("--share", String(place.share));
  if (nextSpot && nextSpot.startsWith(`${seat}/h${hand.hand}/`)) box.classList.add("next");
  const fan = el("div", "fan");
  hand.cards.forEach((code) => fan.append(cardFace(code)));
  // the next card's place before the hand has one: a card-sized outline, not a bracket round nothing
  if (!hand.cards.length) fan.append(emptySpot("next card"));
  // after a split each hand's bet lies beside it (the circle holds only the first): say it on the
  // felt, in whole dollars where it can ("$20 doubled" fits a split hand's share; "$20.00 doubled" ran
  // into the next seat's total)
  const money = hand.net ? `${hand.net > 0 ? "+" : "-"}${chips(Math.abs(hand.net))}`
    : hand.doubled ? `${chips(hand.bet)} doubled` : split && hand.bet ? `bet ${chips(hand.bet)}` : "";
  box.append(fan, el("span", "bj-total", hand.total_words || "\u2013"), el("span", "bj-money", money));
  return box;
}

/** A bet's circle; once the bet is settled (``net``, the game's settled figure for this spot) it
 * shows what happened to it: taken when lost (the circle empty), the winnings beside the stake
 * when paid, the stake still there when returned. */
function chip(spot, cents, kind, look, net) {
  const lost = cents && net < 0;
  const shown = lost ? 0 : cents;
  const node = at(el("div", `bet-circle ${kind}${shown ? "" : " empty"}`), spot.x, spot.y);
  node.dataset.spot = spot.name;
  node.dataset.amount = String(shown);
  if (cents && net !== undefined) node.dataset.settled = lost ? "lost" : net > 0 ? "paid" : "returned";
  node.style.setProperty("--seat", look.colour);
  const paid = cents && net > 0 ? el("span", "chip-kind chip-paid", `+${chips(net)}`) : el("span", "chip-kind", CHIP_WORDS[kind]);
  node.append(el("span", "chip-amount", shown ? chips(shown) : ""), paid);
  return node;
}

function seatPlaces(seat, look, tag, spots, nextSpot, maxFit, settled) {
  const group = el("div", `bj-seat${seat.on_turn ? " acts" : ""}`);
  group.dataset.seat = seat.seat;
  group.style.setProperty("--seat", look.colour);
  const f = seat.figures || {};
  const bet = spots[`${seat.seat}/bet`], side = spots[`${seat.seat}/side`], ins = spots[`${seat.seat}/insurance`];
  // the circles' room: the bet and side circles' centres lie 0.42 of a hand's share apart
  if (bet && side) group.style.setProperty("--circle-room", String(Math.abs(side.x - bet.x) / 0.42));
  if (ins && f.insurance) group.append(chip(ins, f.insurance, "insurance", look, settled[ins.name]));
  const places = handPlaces(spots, seat.seat);
  group.style.setProperty("--fit", String(seatFit(seat, places, maxFit)));
  const split = (f.hands || []).length > 1;
  (f.hands || []).forEach((hand, i) => places[i] && group.append(handBox(seat.seat, hand, places[i], nextSpot, split)));
  // a hand the next card goes to before the seat holds it (its first card): its place, outlined
  places.forEach((place, i) => {
    const k = i + 1;
    if (!(f.hands || [])[i] && nextSpot && nextSpot.startsWith(`${seat.seat}/h${k}/`)) {
      group.append(handBox(seat.seat, { hand: k, cards: [], total_words: "", bet: 0 }, place, nextSpot, split));
    }
  });
  if (bet) group.append(chip(bet, f.main || 0, "main", look, settled[bet.name]));
  if (side) group.append(chip(side, f.side || 0, "side", look, settled[side.name]));
  if (bet) group.append(at(tag, side ? (bet.x + side.x) / 2 : bet.x, bet.y + 0.085));
  return group;
}

/** Draw the layout the game declared; ``looks(seat, index)`` gives a seat's colour and shape. */
export function drawFelt(state, box, looks) {
  const spots = Object.fromEntries(state.layout.map((s) => [s.name, s]));
  const nextSpot = state.expected.deal ? state.expected.deal.spot : null;
  const felt = el("div", state.prompts.result ? "felt over" : "felt");  // over: no hand is on turn
  const roomy = state.prompts.seats.length === 1;
  if (roomy) felt.classList.add("roomy");
  const maxFit = roomy ? ROOMY_FIT : MAX_FIT;
  felt.append(dealerPlace(state, spots, maxFit));
  const settled = (state.prompts.figures || {}).settled || {};  // each bet spot's settled net
  state.prompts.seats.forEach((seat, i) => {
    const [look, tag] = looks(seat.seat, i);
    tag.classList.add("felt-seat-tag");
    felt.append(seatPlaces(seat, look, tag, spots, nextSpot, maxFit, settled));
  });
  box.replaceChildren(felt);
}
