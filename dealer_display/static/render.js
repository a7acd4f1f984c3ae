// Draws one pushed state into the page. Everything shown comes from the engine's snapshot;
// nothing here decides what is legal or who wins.
import { cardBack, cardFace, emptySpot } from "./cards.js";
import { drawFelt, signed } from "./felt.js";
import { betTotals, drawRedDogLayout } from "./games/red-dog.js";
import { drawSplitDecisionLayout, slotTotals } from "./games/split-decision.js";
import { drawLuckLayout } from "./games/luck-of-the-draw.js";
import { drawFarmerLayout, farmerTotals } from "./games/farmer.js";

// games that draw their own layout, by game id: blackjack on the felt from the spots it declares
// (felt.js); the others from static/games/. Any other game of hands (Vingt-un) is drawn below.
const GAME_LAYOUTS = {
  blackjack: (state, { seatTag }) => drawFelt(state, document.getElementById("layout"), seatTag),
  "red-dog": drawRedDogLayout, "split-decision": drawSplitDecisionLayout, "luck-of-the-draw": drawLuckLayout,
  farmer: (state, { seatLook, shapeSvg }) => drawFarmerLayout(state, seatLook, shapeSvg),
};

const LOOKS = {
  red: { word: "RED", colour: "#e53935", shape: "triangle" },
  green: { word: "GREEN", colour: "#43a047", shape: "circle" },
};
const SPARE_LOOKS = [
  { colour: "#1e88e5", shape: "square" }, { colour: "#fdd835", shape: "diamond" },
  { colour: "#8e24aa", shape: "hexagon" }, { colour: "#00acc1", shape: "star" },
  { colour: "#fb8c00", shape: "triangle" }, { colour: "#e91e63", shape: "circle" },
  { colour: "#8d6e63", shape: "pentagon" }, { colour: "#c0ca33", shape: "cross" },  // eight seats, eight shapes
];
const SHAPES = {
  triangle: '<polygon points="12,2 23,22 1,22"/>',
  circle: '<circle cx="12" cy="12" r="10.5"/>',
  square: '<rect x="2" y="2" width="20" height="20"/>',
  diamond: '<polygon points="12,1 23,12 12,23 1,12"/>',
  hexagon: '<polygon points="6,2 18,2 23,12 18,22 6,22 1,12"/>',
  star: '<polygon points="12,1 15,9 23,9 17,14 19,23 12,18 5,23 7,14 1,9 9,9"/>',
  pentagon: '<polygon points="12,1 23,9 19,23 5,23 1,9"/>',
  cross: '<polygon points="8,1 16,1 16,8 23,8 23,16 16,16 16,23 8,23 8,16 1,16 1,8 8,8"/>',
};
// A play's key; the same letter may serve two games (stand pat, stand), never two plays of one.
export const ACTION_KEYS = {
  hit: "H", backhand: "B", stand_pat: "S", push: "P", play_push: "L", stay: "Y",
  stand: "S", double: "X", split: "P", surrender: "U", insurance: "I", even_money: "E", no_insurance: "O",
};

const $ = (id) => document.getElementById(id);
const IRREGULARITY_WORDS = {
  unexpected_card: "A card nobody expected", impossible_card: "A card this shoe cannot hold",
  misplaced_card: "A card at the wrong spot", wrong_spot: "A card at the wrong spot",
  hardware: "The card source needs checking",
};

export function seatLook(seat, index) {
  if (LOOKS[seat]) return LOOKS[seat];
  const spare = SPARE_LOOKS[index % SPARE_LOOKS.length];
  return { ...spare, word: seat.startsWith("seat") ? `SEAT ${seat.slice(4)}` : seat.toUpperCase() };
}

export function shapeSvg(look, className = "shape") {
  return `<svg class="${className}" viewBox="0 0 24 24" aria-hidden="true" fill="${look.colour}" stroke="#fff" stroke-width="1.2">${SHAPES[look.shape]}</svg>`;
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const TOTALS = [["Player total", "PT", "player_total"], ["Dealer total", "DT", "dealer_total"],
  ["Total hand value", "THV", "total_hand_value"]];
const words = (action) => action.replaceAll("_", " ").toUpperCase();
const number = (value) => (value === null || value === undefined ? "\u2013" : String(value));

/** Seats as the layout places them: the first-dealt seat at the bottom, the other on top. */
export function rowsTopToBottom(state) {
  const seats = state.prompts.seats;
  const first = state.game.first_dealt;
  if (state.prompts.show_cards.length && seats.length === 2 && first) {
    return [seats.find((s) => s.seat !== first), seats.find((s) => s.seat === first)];
  }
  return seats;
}

// ----- the layout ---------------------------------------------------------------------------
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

function handCell(seat, look, where, nextSpot) {
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

function seatRow(seat, look, where, nextSpot) {
  const row = el("div", `layout-row seat-row ${where}`);
  row.dataset.seat = seat.seat;
  row.style.setProperty("--seat", look.colour);
  if (seat.on_turn) row.classList.add("acts");
  row.append(handCell(seat, look, where, nextSpot));
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

/** A game whose seats hold hands in their figures (blackjack): the dealer's cards across the
 * top, the seats along the bottom from the dealer's left (seat 1, the right end) with each
 * hand side by side, its total ("soft 17"), its bet and what it was paid. */
const hasHands = (state) => state.prompts.seats.some((s) => s.figures && s.figures.hands);

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
  const box = el("div", `bj-hand${hand.on_turn ? " on-turn" : ""}`);
  box.style.setProperty("--seat", look.colour);
  const fan = el("div", "fan");
  // a card face down is a back for the public (code null); the console sees it, marked hidden
  hand.cards.forEach((code, i) => fan.append(code ? cardFace(code, hand.hidden && hand.hidden[i] ? "hidden-card" : "") : cardBack()));
  const money = hand.net ? ` \u00b7 ${hand.net > 0 ? "+" : "-"}${dollars(hand.net)}` : "";
  box.append(fan, el("span", "bj-total", hand.total_words || "\u2013"),
    el("span", "caption", `${hand.bet_word || "bet"} ${dollars(hand.bet)}${hand.doubled ? " doubled" : ""}${money}`));
  return box;
}

// A row of seats' hands: each further card covers 0.6 of the one before (display.css); a seat
// takes its hands' fans side by side, or SEAT_ROOM card widths at least (its tag and captions).
const ROW_OVERLAP = 0.7;  // a further card leaves 0.3 of the one before in sight: its index (issue 40: 58 px cards at seven seats)
const SEAT_ROOM = 1.6;
const rowFans = (hands) => hands.reduce((sum, h) => sum + 1.1 + (1 - ROW_OVERLAP) * (Math.max(2, h.cards.length) - 1), 0);

function handsLayout(state) {
  const index = Object.fromEntries(state.prompts.seats.map((s, i) => [s.seat, i]));
  const seats = el("div", "layout-row bj-seats");
  // how many card widths the row needs (display.css sizes the cards so they fit it)
  const all = state.prompts.seats.map((s) => (s.figures && s.figures.hands) || []);
  seats.style.setProperty("--fans", String(all.reduce((sum, hands) => sum + Math.max(SEAT_ROOM, rowFans(hands)), 0)));
  seats.style.setProperty("--seats", String(all.length));
  seats.style.setProperty("--hands", String(all.reduce((sum, hands) => sum + Math.max(1, hands.length), 0)));
  for (const seat of [...state.prompts.seats].reverse()) {  // seat 1 at the dealer's left: the right end
    const look = seatLook(seat.seat, index[seat.seat]);
    const box = el("div", `bj-seat${seat.on_turn ? " acts" : ""}`);
    box.dataset.seat = seat.seat;
    box.style.setProperty("--seat", look.colour);
    const tag = el("span", "seat-tag");
    tag.innerHTML = `${shapeSvg(look)}<span>${look.word}</span>`;
    const f = seat.figures || {};
    const bets = el("span", "caption", f.bets_words || (f.main ? `main ${dollars(f.main)}${f.side ? ` \u00b7 side ${dollars(f.side)}` : ""}` : "no bet"));
    const hands = el("div", "bj-hands");
    (f.hands || []).forEach((hand) => hands.append(handBox(hand, look)));
    box.append(tag, bets, hands);
    seats.append(box);
  }
  $("layout").replaceChildren(dealerRow(state), seats);
}

const dollars = (cents) => `$${(Math.abs(cents) / 100).toFixed(2)}`;

function seatTag(seat, index) {
  const look = seatLook(seat, index);
  const tag = el("span", "seat-tag");
  tag.innerHTML = `${shapeSvg(look)}<span>${look.word}</span>`;
  return [look, tag];
}

export function drawLayout(state) {
  const own = GAME_LAYOUTS[state.game.game];
  if (own) return own(state, { seatLook, shapeSvg, seatTag });
  if (hasHands(state)) return handsLayout(state);
  const box = $("layout");
  const nextSpot = state.expected.deal ? state.expected.deal.spot : null;
  const rows = rowsTopToBottom(state);
  const index = Object.fromEntries(state.prompts.seats.map((s, i) => [s.seat, i]));
  const parts = [];
  const withShow = state.prompts.show_cards.length > 0;
  rows.forEach((seat, i) => {
    const where = withShow ? (i === 0 ? "top" : "bottom") : "plain";
    if (withShow && i === 1) parts.push(showRow(state.prompts.show_cards, nextSpot));
    parts.push(seatRow(seat, seatLook(seat.seat, index[seat.seat]), where, nextSpot));
  });
  box.replaceChildren(...parts);
}

// ----- seat panels --------------------------------------------------------------------------
function badge(seat, voided) {
  // a voided hand reads VOID on every seat in it (Vingt-un's seats read PUSH: their bets returned)
  if (seat.status === "finished") return [voided ? "VOID" : seat.outcome ? seat.outcome.toUpperCase() : "FINISHED", "done"];
  if (seat.on_turn) return ["ACTS NOW", "acts"];
  if (seat.status === "acting") return ["MAY ACT", "may"];
  return ["waiting", "wait"];
}

function totals(seat) {
  if (seat.figures && ("ante" in seat.figures || "wager" in seat.figures)) return betTotals(seat);  // antes, raises, wagers
  if (seat.figures && "chips" in seat.figures) return slotTotals(seat);  // high, low and chips (Split Decision)
  if (seat.figures && "farmer" in seat.figures) return farmerTotals(seat);
  const box = el("div", "totals");
  const hands = (seat.figures && seat.figures.hands) || null;
  if (hands) {  // a game of hands: each hand's total, its bet, and the seat's result so far
    box.classList.add("hands");
    for (const hand of hands.length ? hands : [{ hand: 1, total_words: "", bet: seat.figures.main || 0 }]) {
      const item = el("div", "total");
      item.append(el("span", "label", hands.length > 1 ? `Hand ${hand.hand}` : "Total"),
        el("span", "value", hand.total_words || "\u2013"));
      box.append(item);
    }
    const net = el("div", "total");
    // mid-round a settled side bet is money so far, not the hand's result ("Result -$5.00" beside a
    // live total read as a lost hand)
    const settled = seat.status === "finished";
    net.append(el("span", "label", settled ? "Result" : "So far"), el("span", "value", seat.figures.net ? signed(seat.figures.net) : "\u2013"));
    box.append(net);
    return box;
  }
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

/** Every play of the game, unlit where not legal now; a game of hands (eight plays a seat) or of
 * many plays shows only the plays legal now, so seven panels stay readable. */
function actionButtons(seat, actions, canAct, onlyLegal) {
  const legalOnly = onlyLegal || actions.length > 6 || Boolean(seat.figures && seat.figures.hands);
  const box = el("div", legalOnly ? "actions only-legal" : "actions");
  for (const action of legalOnly ? seat.legal_actions : actions) {
    const button = el("button", "action");
    button.dataset.seat = seat.seat;
    button.dataset.action = action;
    // a play with no key of its own (a wager, a stake) shows no key hint: an empty box read as a glyph missing
    button.innerHTML = ACTION_KEYS[action] ? `${words(action)} <kbd>${ACTION_KEYS[action]}</kbd>` : words(action);
    const legal = seat.legal_actions.includes(action);
    button.disabled = !(legal && canAct);
    if (legal) button.classList.add("legal");
    box.append(button);
  }
  return box;
}

function seatPanel(seat, look, actions, canAct, onlyLegal, voided) {
  const panel = el("section", "seat-panel");
  panel.dataset.seat = seat.seat;
  panel.style.setProperty("--seat", look.colour);
  const [text, kind] = badge(seat, voided);
  panel.classList.add(kind);
  const head = el("header", "seat-head");
  head.innerHTML = `${shapeSvg(look)}<span class="seat-name">${look.word}</span>`;
  head.append(el("span", `badge ${kind}`, text));
  const outcome = el("div", "outcome");
  if (seat.outcome) outcome.textContent = `${seat.outcome}${seat.method ? " \u00b7 " + seat.method.replace("_", " ") : ""}`;
  else outcome.textContent = seat.note || "";
  panel.append(head, totals(seat), outcome, actionButtons(seat, actions, canAct, onlyLegal));
  return panel;
}

export function drawSeats(state, actions, canAct) {
  const index = Object.fromEntries(state.prompts.seats.map((s, i) => [s.seat, i]));
  // a game with many plays (Vingt-un) shows each seat only the buttons it may press now
  // and so does a table of five or more seats: a half-width panel has no room for five unlit plays
  const onlyLegal = state.game.buttons === "legal" || state.prompts.seats.length >= 5;
  const voided = Boolean(state.prompts.result && state.prompts.result.void);
  const panels = rowsTopToBottom(state).map((seat) => seatPanel(seat, seatLook(seat.seat, index[seat.seat]), actions, canAct, onlyLegal, voided));
  $("seats").replaceChildren(...panels);
}

// ----- banners, result, tally, hardware -----------------------------------------------------
export function drawResult(state) {
  const box = $("result");
  const result = state.prompts.result;
  box.hidden = !result;
  if (!result) return;
  const seats = state.prompts.seats.map((s) => s.seat);
  const look = result.winner ? seatLook(result.winner, seats.indexOf(result.winner)) : null;
  // Seats that play the dealer hand or the stock (not each other) have no hand winner.
  const headToHead = seats.length === 2;
  const headline = result.void ? "HAND VOID" : look ? `${look.word} WINS` : headToHead ? "NO WINNER" : "HAND OVER";
  box.style.setProperty("--seat", look ? look.colour : "#9e9e9e");
  box.innerHTML = `<div class="headline">${look ? shapeSvg(look) : ""}<span></span></div><p class="explanation"></p><p class="rule"></p>`;
  box.querySelector(".headline span").textContent = headline;
  // one line for each part of the explanation ("banker ... -$40.00; SEAT 1 +$10.00; ..."): a
  // narrow panel beside many seats then breaks no seat's name from its amount
  // (the text as a whole stays the explanation, separators and all)
  const parts = result.explanation.split("; ");
  box.querySelector(".explanation").replaceChildren(...parts.map((part, k) => el("span", "part", k < parts.length - 1 ? `${part}; ` : part)));
  box.querySelector(".rule").replaceChildren("Decided by rule ", el("span", "rule-id", result.decided_by));
}

export function drawTally(state) {
  const box = $("tally");
  const entries = Object.entries(state.tally).sort(([a], [b]) => a.localeCompare(b));
  $("session-head").textContent = `Session: ${state.hands_played} hand${state.hands_played === 1 ? "" : "s"}`;
  box.replaceChildren();
  const list = el("ul");
  for (const [key, count] of entries) {
    const item = el("li");
    item.dataset.result = key;
    item.append(el("span", "", tallyWords(key, state)), el("strong", "", String(count)));
    list.append(item);
  }
  box.append(list);
}

/** "seat1 successful" -> "SEAT 1 successful", "green wins" -> "GREEN wins": seats as everywhere else. */
function tallyWords(key, state) {
  const seats = state.prompts.seats.map((s) => s.seat);
  const [first, ...rest] = key.split(" ");
  const at = seats.indexOf(first);
  return at < 0 ? key : [seatLook(first, at).word, ...rest].join(" ");
}

export function drawBanners(state) {
  $("instruction").textContent = state.prompts.dealer_instruction;
  $("game-title").textContent = state.game.title || state.game.game;
  $("hand-number").textContent = `Hand ${state.hand_number}`;
  $("sim-banner").hidden = !state.hardware.simulated;
  const irr = state.prompts.irregularity;
  $("irregularity").hidden = !irr;
  document.body.classList.toggle("held", Boolean(irr));
  // the reason is in the instruction above, once; the panel says what kind and shows the cards large
  $("irregularity-reason").textContent = irr ? (IRREGULARITY_WORDS[irr.kind] || irr.kind.replaceAll("_", " ")) : "";
  $("irregularity-cards").replaceChildren(...(irr ? irr.cards.map((c) => cardFace(c, "held")) : []));
}

/** The runtime's standing notices (the cut card, a jam, an open door), word for word, and
 * wrong pit-boss PINs since the last right one (each is in the hand log too). */
export function drawNotices(hw, access) {
  const notices = [...(hw.notices || [])];
  const words = accessWords(access);
  if (words) notices.unshift(words);
  const box = $("notices");
  box.hidden = notices.length === 0;
  document.body.classList.toggle("noticed", notices.length > 0);
  box.replaceChildren(...notices.map((text) => el("p", text === words ? "notice access" : "notice", text)));
}

function accessWords(access) {
  if (!access || !access.failures) return "";
  const last = access.last_failure || {};
  const when = last.at ? new Date(last.at * 1000).toLocaleTimeString() : "";
  const what = last.action ? ` (${last.action.replaceAll("_", " ")})` : "";
  const wait = access.wait_seconds > 0 ? `: PIN entry locked, next try in ${Math.ceil(access.wait_seconds)} s` : "";
  const n = access.failures === 1 ? "1 wrong pit-boss PIN" : `${access.failures} wrong pit-boss PINs in a row`;
  return `${n}${wait}. Last at ${when} from ${last.console || "a console"}${what}; logged.`;
}

/** Each card source by name (shoe, camera) and whether it is there; one "Shoe" if unnamed. */
function connectionParts(hw) {
  const links = Object.entries(hw.connections || {});
  const named = links.length ? links : [["shoe", hw.connected]];
  return named.map(([device, up]) => {
    const part = el("span", up ? "link up" : "link down", `${device[0].toUpperCase()}${device.slice(1)} ${up ? "connected" : "NOT CONNECTED"}`);
    part.dataset.device = device;
    return part;
  });
}

export function drawHardware(hw, now) {
  const parts = connectionParts(hw);
  if (hw.last_heartbeat) parts.push(el("span", "", `heartbeat ${Math.max(0, Math.round(now - hw.last_heartbeat))} s ago`));
  const counts = Object.entries(hw.alerts || {});
  if (counts.length) parts.push(el("span", "", counts.map(([k, n]) => `${k.replaceAll("_", " ")} \u00d7${n}`).join(", ")));
  const box = $("hardware");
  box.replaceChildren(...parts.flatMap((part, i) => (i ? [" \u00b7 ", part] : [part])));
  box.classList.toggle("warn", !hw.connected || counts.length > 0);
}
