// The dealer display: keeps a WebSocket to the table, redraws on every pushed state, and
// reconnects by itself. The dealer's token comes from the address (#token=...) once and is
// kept in this browser.
import { DealerConsole } from "./console.js";
import { drawBanners, drawHardware, drawLayout, drawNotices, drawResult, drawSeats, drawTally, fitSeats, loadGame } from "./render.js";
import { speakAll, spoken } from "./words.js";

const $ = (id) => document.getElementById(id);
const TOKEN_KEY = "dealerToken";

// For the tests and the latency benchmark: what was drawn, and how long cards took to show.
const probe = (window.tableDisplay = { messages: 0, message: null, latencies: [], stages: [], connected: false });

function takeToken() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const token = fragment.get("token");
  if (token) {
    localStorage.setItem(TOKEN_KEY, token);
    history.replaceState(null, "", location.pathname + location.search);
  }
  return localStorage.getItem(TOKEN_KEY) || "";
}

const token = takeToken();
let localError = null;
let lastCardSeq = null;
let lastPlay = null;  // the game's part of the last state, to tell a move of the table from a notice
const dealerConsole = new DealerConsole(token, (error) => {
  localError = error;
  drawRefusal();
});

function drawRefusal() {
  const message = probe.message;
  const text = localError || (message && message.state.last_refusal) || "";
  $("refusal").textContent = spoken(text);
  $("refusal").classList.toggle("shown", Boolean(text));
}

function draw(message) {
  const state = message.state;
  dealerConsole.update(message);
  drawBanners(state);
  drawNotices(state.hardware, message.access);
  drawSeats(state, message.console, dealerConsole.canAct);
  drawResult(state);
  drawTally(state);
  drawHardware(state.hardware, Date.now() / 1000);
  drawRefusal();
  drawLayout(state);  // last: the room the rest leaves it is what its cards are sized to
  speakAll(document.body);  // cards and places in words, never codes or spot ids
  fitSeats();  // the seat panels' text as large as their room allows, once the rest is drawn
}

// Milliseconds from the shoe producing the card to: the server sending it, the page
// receiving it, and the first frame after the redraw beginning (the card is on screen).
function noteCardLatency(message, receivedAt) {
  const card = message.card;
  if (!card || card.seq === lastCardSeq) return;
  lastCardSeq = card.seq;
  const made = card.at * 1000;
  requestAnimationFrame(() => {
    const drawn = performance.timeOrigin + performance.now() - made;
    probe.latencies.push(drawn);
    probe.stages.push([message.sent_at * 1000 - made, receivedAt - made, drawn]);
  });
}

// Messages are drawn one after the other: the first waits for the game's own drawing to load.
let queue = Promise.resolve();

function onMessage(event) {
  const receivedAt = performance.timeOrigin + performance.now();
  const message = JSON.parse(event.data);
  if (message.type !== "state") return;
  queue = queue.then(() => loadGame(message.state)).then(() => show(message, receivedAt)).catch((err) => {
    $("refusal").textContent = `the page could not draw the table (${err.message}): reload it`;
    setTimeout(() => { throw err; });  // reported as the page's error; the next message is drawn
  });
}

function show(message, receivedAt) {
  probe.message = message;
  // a console error (a wrong PIN) stays until the table moves on; a state pushed only because
  // the wrong PIN was logged and shown as a notice must not wipe it before the dealer reads it
  const play = JSON.stringify([message.state.hand_id, message.state.prompts, message.state.expected]);
  if (play !== lastPlay) localError = null;
  lastPlay = play;
  draw(message);
  noteCardLatency(message, receivedAt);
  probe.messages += 1;
}

function setConnected(up) {
  probe.connected = up;
  const box = $("connection");
  box.textContent = up ? "live" : "reconnecting\u2026";
  box.className = up ? "up" : "down";
}

function connect(delay = 250) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  const socket = new WebSocket(`${scheme}://${location.host}/ws${query}`);
  let opened = false;
  socket.onopen = () => {
    opened = true;
    setConnected(true);
  };
  socket.onmessage = onMessage;
  socket.onclose = () => {
    setConnected(false);
    setTimeout(() => connect(opened ? 250 : Math.min(delay * 2, 4000)), opened ? 250 : delay);
  };
}

dealerConsole.attach();
connect();
addEventListener("resize", () => fitSeats());
setInterval(() => probe.message && drawHardware(probe.message.state.hardware, Date.now() / 1000), 1000);
