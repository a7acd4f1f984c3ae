// Draws one pushed state into the page. Everything shown comes from the engine's snapshot;
// nothing here decides what is legal or who wins.
import { cardFace } from "./cards.js";
import { drawSpots } from "./spots.js";

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

const words = (action) => action.replaceAll("_", " ").toUpperCase();

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
// A game's own drawing (its record's display module, served beside its code) is loaded once;
// without one the declared spots are drawn by the one renderer (spots.js).
let drawing = { url: undefined, module: null };

/** Load the drawing the state's game declares (and its styles), once: call before drawing. */
export async function loadGame(state) {
  const display = state.game.display || null;
  const url = display ? display.module : null;
  if (url === drawing.url) return;
  // the game's styles after the shell's, and only this game's (a game dealt before leaves none)
  const styles = display ? display.styles : [];
  for (const link of document.querySelectorAll("link[data-game-style]")) {
    if (!styles.includes(link.getAttribute("href"))) link.remove();
  }
  const loading = [];
  for (const href of styles) {
    if (document.querySelector(`link[href="${href}"]`)) continue;
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    link.dataset.gameStyle = "";
    loading.push(new Promise((done) => { link.onload = link.onerror = done; }));
    document.head.append(link);
  }
  await Promise.all(loading);
  drawing = { url, module: url ? await import(url) : null };
  $("legend").innerHTML = (drawing.module && drawing.module.legend) || "";
  $("legend").hidden = !$("legend").innerHTML;
}

/** What a game's drawing may use: each seat's look and shape, the seats in the rows' order. */
const KIT = { seatLook, shapeSvg, seatTag, rowsTopToBottom };

export function drawLayout(state) {
  if (drawing.module) return drawing.module.drawLayout(state, KIT);
  return drawSpots(state, $("layout"), KIT);
}

const dollars = (cents) => `$${(Math.abs(cents) / 100).toFixed(2)}`;
const signed = (cents) => `${cents > 0 ? "+" : "-"}${dollars(cents)}`;

function seatTag(seat, index) {
  const look = seatLook(seat, index);
  const tag = el("span", "seat-tag");
  tag.innerHTML = `${shapeSvg(look)}<span>${look.word}</span>`;
  return [look, tag];
}

// ----- seat panels --------------------------------------------------------------------------
function badge(seat, voided) {
  // a voided hand reads VOID on every seat in it (a game's seats read PUSH: their bets returned)
  if (seat.status === "finished") return [voided ? "VOID" : seat.outcome ? seat.outcome.toUpperCase() : "FINISHED", "done"];
  if (seat.on_turn) return ["ACTS NOW", "acts"];
  if (seat.status === "acting") return ["MAY ACT", "may"];
  return ["waiting", "wait"];
}

function totals(seat, state) {
  const own = drawing.module && drawing.module.seatTotals;
  if (own) return own(seat, KIT);
  if (seat.figures && seat.figures.hands) return handTotals(seat);
  return betTotals(seat, state);
}

/** A game of hands: each hand's total, and the seat's result so far. */
function handTotals(seat) {
  const box = el("div", "totals hands");
  const hands = seat.figures.hands;
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

/** Any other game: what lies on each of the seat's declared bet spots. */
function betTotals(seat, state) {
  const box = el("div", "totals");
  const bets = (state.layout || []).filter((spot) => spot.kind === "bet" && spot.seat === seat.seat);
  for (const spot of bets) {
    const amount = ((state.spots || {})[spot.name] || {}).amount || 0;
    const item = el("div", "total");
    const value = el("span", "value", amount ? dollars(amount) : "\u2013");
    value.dataset.field = spot.name.split("/").pop();
    item.append(el("span", "label", bets.length > 1 ? spot.label : "Bet"), value);
    box.append(item);
  }
  return box;
}

/** Every play of the game, unlit where not legal now; a game of hands (eight plays a seat) or of
 * many plays shows only the plays legal now, so seven panels stay readable. */
function actionButtons(seat, { actions, keys = {} }, canAct, onlyLegal) {
  const legalOnly = onlyLegal || actions.length > 6 || Boolean(seat.figures && seat.figures.hands);
  const box = el("div", legalOnly ? "actions only-legal" : "actions");
  for (const action of legalOnly ? seat.legal_actions : actions) {
    const button = el("button", "action");
    button.dataset.seat = seat.seat;
    button.dataset.action = action;
    // a play with no key of its own (a wager, a stake) shows no key hint: an empty box read as a glyph missing
    button.innerHTML = keys[action] ? `${words(action)} <kbd>${keys[action]}</kbd>` : words(action);
    const legal = seat.legal_actions.includes(action);
    button.disabled = !(legal && canAct);
    if (legal) button.classList.add("legal");
    box.append(button);
  }
  return box;
}

function seatPanel(state, seat, look, plays, canAct, onlyLegal) {
  const panel = el("section", "seat-panel");
  panel.dataset.seat = seat.seat;
  panel.style.setProperty("--seat", look.colour);
  const [text, kind] = badge(seat, Boolean(state.prompts.result && state.prompts.result.void));
  panel.classList.add(kind);
  const head = el("header", "seat-head");
  head.innerHTML = `${shapeSvg(look)}<span class="seat-name">${look.word}</span>`;
  head.append(el("span", `badge ${kind}`, text));
  const outcome = el("div", "outcome");
  if (seat.outcome) outcome.textContent = `${seat.outcome}${seat.method ? " \u00b7 " + seat.method.replace("_", " ") : ""}`;
  else outcome.textContent = seat.note || "";
  panel.append(head, totals(seat, state), outcome, actionButtons(seat, plays, canAct, onlyLegal));
  return panel;
}

/** Each seat's panel; ``plays`` is the console's part of the message: every play of the game
 * (``actions``) and the key the game declares for each (``keys``). */
export function drawSeats(state, plays, canAct) {
  const index = Object.fromEntries(state.prompts.seats.map((s, i) => [s.seat, i]));
  // a game that asks for it (buttons: "legal", a game of many plays) shows each seat only the
  // buttons it may press now, and so does a table of five or more seats: a half-width panel has
  // no room for five unlit plays
  const onlyLegal = state.game.buttons === "legal" || state.prompts.seats.length >= 5;
  const panels = rowsTopToBottom(state).map((seat) => seatPanel(state, seat, seatLook(seat.seat, index[seat.seat]), plays, canAct, onlyLegal));
  $("seats").replaceChildren(...panels);
}

/** The seat panels' text and controls as large as the room the seat count leaves them: the
 * stylesheet's size is the least; the largest scale (up to twice it) at which nothing in the
 * panels runs out of its box and the panels stay in their column. Call once the page is drawn
 * (the banners above and the console below set the room). */
export function fitSeats(most = 2) {
  const seats = $("seats");
  seats.style.fontSize = "";
  const base = parseFloat(getComputedStyle(seats).fontSize);
  const parts = [...seats.querySelectorAll("*")];
  const texts = [];
  const walker = document.createTreeWalker(seats, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.textContent.trim()) texts.push(node);
  const lines = (node) => { const range = document.createRange(); range.selectNodeContents(node); return range.getClientRects().length; };
  const unbroken = texts.map(lines);  // a larger size never breaks a word or a figure ("-$15.0 / 0")
  const block = (node) => { let box = node.parentElement; while (box !== seats && getComputedStyle(box).display === "inline") box = box.parentElement; return box; };
  const holders = texts.map(block);
  // nor takes a line's glyphs past its box (a figure's tight line height, scaled up)
  const within = (node, k) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = holders[k].getBoundingClientRect();
    return [...range.getClientRects()].every((r) => r.top >= box.top - 2 && r.bottom <= box.bottom + 2 && r.left >= box.left - 2 && r.right <= box.right + 2);
  };
  const fits = (scale) => {
    seats.style.fontSize = `${base * scale}px`;
    return seats.scrollHeight <= seats.clientHeight + 1 && seats.scrollWidth <= seats.clientWidth + 1 &&
      parts.every((part) => !part.clientWidth || (part.scrollWidth <= part.clientWidth + 1 && part.scrollHeight <= part.clientHeight + 2)) &&
      texts.every((node, k) => lines(node) <= unbroken[k] && within(node, k));
  };
  let [low, high] = [1, most];
  if (!fits(low)) high = low;
  for (let step = 0; step < 6 && high - low > 0.02; step++) {
    const mid = (low + high) / 2;
    if (fits(mid)) low = mid; else high = mid;
  }
  seats.style.fontSize = low > 1 ? `${base * low}px` : "";
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
