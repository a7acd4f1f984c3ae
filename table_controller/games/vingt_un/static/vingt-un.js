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

// Four seats or more may stand in two rows along the rail (the later seats in the row behind):
// each row as wide as one row of all was. The page draws both and keeps the one whose cards are
// larger (two rows: about 100 px tall at seven seats at 1280x800, where one row gave 66 px; one
// row while an irregularity's panel takes the height).
const ONE_ROW = 3;

function seatBox(seat, look, shapeSvg) {
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
  return box;
}

/** How many card widths a row of seats needs, and the seats and hands whose gaps it holds. */
function rowNeeds(seats) {
  const all = seats.map((s) => (s.figures && s.figures.hands) || []);
  return {
    fans: all.reduce((sum, hands) => sum + Math.max(SEAT_ROOM, rowFans(hands)), 0),
    seats: all.length,
    hands: all.reduce((sum, hands) => sum + Math.max(1, hands.length), 0),
  };
}

/** The height the cards of a row of seats are drawn at (a card-sized probe, measured and removed). */
function cardHeight(rail) {
  const probe = el("div", "card");
  probe.style.cssText = "position: absolute; visibility: hidden";
  rail.append(probe);
  const height = probe.offsetHeight;
  probe.remove();
  return height;
}

export function drawLayout(state, { seatLook, shapeSvg }) {
  const seats = state.prompts.seats;
  const index = Object.fromEntries(seats.map((s, i) => [s.seat, i]));
  const layout = document.getElementById("layout");
  const draw = (rows) => {
    // the card widths the most crowded row needs (display.css's .rail); both rows' cards the smaller size
    const needs = rows.map(rowNeeds);
    const most = (key) => String(Math.max(...needs.map((n) => n[key])));
    const rails = rows.map((row) => {
      const rail = el("div", "layout-row rail");
      for (const key of ["fans", "seats", "hands"]) rail.style.setProperty(`--${key}`, most(key));
      for (const seat of [...row].reverse()) {  // seat 1 at the dealer's left: the right end
        rail.append(seatBox(seat, seatLook(seat.seat, index[seat.seat]), shapeSvg));
      }
      return rail;
    });
    layout.replaceChildren(dealerRow(state), ...rails);
    const height = Math.min(...rails.map(cardHeight));
    // two rows: the banker's cards too are as large as the seats' (the rows' share of the height is theirs)
    const sized = rails.length > 1 ? [layout.firstElementChild, ...rails] : [];
    sized.forEach((row) => row.style.setProperty("--card-h", `${height}px`));
    return height;
  };
  const front = Math.ceil(seats.length / 2);
  if (seats.length <= ONE_ROW || draw([seats]) >= draw([seats.slice(front), seats.slice(0, front)])) draw([seats]);
}
