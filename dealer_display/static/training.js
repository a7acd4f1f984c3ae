// The training page: draws the drill the server sends and passes the trainee's console lines.
// Keyboard first: type a step and press Enter; with the line empty, a number key deals the card
// in hand to that numbered spot. No rule lives here: the server checks every entry.
import { cardFace } from "/static/cards.js";

const token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
const $ = (id) => document.getElementById(id);
let view = null;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

async function call(path, body) {
  const response = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json", "X-Dealer-Token": token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.detail || `${response.status}`);
  return data;
}

function cards(codes) {
  const row = el("div", "t-cards");
  for (const code of codes) row.append(code ? cardFace(code) : el("div", "card empty"));
  return row;
}

function drawTable(v) {
  const table = $("train-table");
  table.replaceChildren();
  if (v.drill === "procedure") {
    const p = v.prompts;
    const dealer = el("div", "t-row");
    dealer.dataset.who = "dealer";
    dealer.append(el("span", "who", "Dealer"), cards(p.show_cards.filter(Boolean)));
    table.append(dealer);
    for (const seat of p.seats) {
      const idle = !seat.cards.length && seat.figures && Object.keys(seat.figures).length && !seat.stakes_words;
      if (idle) continue;  // a seat with no bet: nothing to deal it
      const row = el("div", "t-row");
      row.dataset.who = seat.seat;
      const who = el("span", "who", seat.seat.toUpperCase());
      const hands = (seat.figures && seat.figures.hands) || null;
      if (seat.stakes_words) who.append(el("small", "", seat.stakes_words));
      row.append(who);
      if (hands) {
        for (const hand of hands) {
          const h = el("div", "t-hand");
          h.append(el("span", "", `h${hand.hand}`), cards(hand.cards));
          row.append(h);
        }
      } else {
        row.append(cards(seat.cards));
      }
      table.append(row);
    }
    return;
  }
  const q = v.question;
  if (!q) return;
  if (q.show && q.show.length) {
    const show = el("div", "t-row");
    show.append(el("span", "who", "Show cards"), cards(q.show));
    table.append(show);
  }
  if (q.cards) {
    const hand = el("div", "t-row");
    hand.append(el("span", "who", "Hand"), cards(q.cards));
    table.append(hand);
  }
}

function drawSide(v) {
  const draw = $("train-draw");
  draw.hidden = !v.waiting_for_card;
  const card = $("train-card");
  card.hidden = !v.card;
  if (v.card) card.querySelector(".slot").replaceChildren(cardFace(v.card));
  const signal = $("train-signal");
  signal.hidden = !v.signal;
  if (v.signal) signal.textContent = `${v.signal.seat.toUpperCase()} ${v.signal.words}`;
  const spots = $("train-spots");
  spots.replaceChildren();
  for (const [i, s] of (v.spots || []).slice(0, 9).entries()) {
    const item = el("li", "", `${s.spot} \u2014 ${s.label}`);
    item.dataset.spot = s.spot;
    item.title = `press ${i + 1}`;
    item.addEventListener("click", () => send(`deal ${s.spot}`));
    spots.append(item);
  }
  const question = $("train-question");
  question.hidden = v.drill === "procedure";
  if (v.question) question.textContent = `${v.step} of ${v.of}: ${v.question.question}`;
  else if (v.drill !== "procedure") question.textContent = "";
}

function drawFeedback(answer) {
  const box = $("train-feedback");
  box.replaceChildren();
  if (!answer) return;
  if (answer.right) {
    box.append(el("span", "right", "\u2713 right"));
  } else {
    box.append(el("span", "wrong", `\u2717 ${answer.cite || "wrong"}`));
    const what = view && view.drill !== "procedure" ? "Right answer" : "Right step";
    if (answer.show) box.append(el("span", "show", `${what}: ${answer.show}`));
  }
}

const PLACEHOLDERS = {
  procedure: "deal SPOT \u00b7 pit \u00b7 SEAT ACTION \u00b7 pay SEAT AMOUNT \u00b7 collect SEAT AMOUNT \u00b7 push SEAT",
  payouts: "the payout in dollars, e.g. 15 or 22.50",
  totals: "the total, e.g. 17, or s17 for soft 17",
};

let shown = "";  // the state last drawn, as text: a poll redraws only what changed
let lastAnswer = "null";

function draw(v) {
  view = v;
  shown = JSON.stringify(v);
  $("train-line").placeholder = PLACEHOLDERS[v.drill] || "";
  $("train-title").textContent = v.title || `Drill: ${v.drill}`;
  $("train-mode").textContent = v.mode;
  $("train-trainee").textContent = v.trainee;
  const s = v.summary;
  $("train-score").textContent = `step ${v.step ?? "-"} \u00b7 right first try ${s.right}/${s.steps} \u00b7 errors ${s.errors} \u00b7 ${s.seconds.toFixed(1)} s per step`;
  const banner = $("train-banner");
  const words = v.prompts ? v.prompts.dealer_instruction : "";
  banner.hidden = !(v.mode === "learn" && words);
  banner.textContent = words || "";
  const notes = $("train-notes");
  notes.hidden = !(v.notes && v.notes.length);
  notes.querySelector("div").replaceChildren(...(v.notes || []).map((n) => el("p", "", n)));
  drawTable(v);
  drawSide(v);
  const answer = JSON.stringify(v.last ?? null);
  if (answer !== lastAnswer) {  // a refusal shown at the console stays until the next answer
    lastAnswer = answer;
    drawFeedback(v.last);
  }
  if (v.finished) {
    const errors = s.errors === 1 ? "1 error" : `${s.errors} errors`;
    const done = el("div", "", `Drill over: ${s.right} of ${s.steps} right at the first try, ${errors}, ${s.seconds.toFixed(1)} s per step.`);
    done.id = "train-done";
    $("train-table").prepend(done);
  }
  $("train-report").href = `/train/report?trainee=${encodeURIComponent(v.trainee)}`;
  document.body.dataset.drill = v.drill;
  document.body.dataset.draws = String(Number(document.body.dataset.draws || 0) + 1);
  document.body.dataset.step = v.step ?? "";
}

async function drawCard() {
  // a simulated training shoe deals when asked; a real shoe's card arrives by itself
  try {
    await call("/api/train/draw", {});
  } catch (error) {
    $("train-feedback").replaceChildren(el("span", "wrong", String(error.message)));
  }
  await refresh();
}

async function refresh() {
  const v = await call("/api/train/state");
  if (JSON.stringify(v) !== shown) draw(v);
}

async function send(line) {
  try {
    const data = await call("/api/train/enter", { line });
    draw(data.state);
    drawFeedback(data.answer);  // even when it reads as the last one did
    $("train-line").value = "";
  } catch (error) {
    $("train-feedback").replaceChildren(el("span", "wrong", String(error.message)));
  }
  document.body.dataset.answers = String(Number(document.body.dataset.answers || 0) + 1);
  $("train-line").focus();
}

function setUp() {
  const pick = $("train-drill");
  $("train-console").addEventListener("submit", (event) => {
    event.preventDefault();
    const line = $("train-line").value.trim();
    if (line) send(line);
    else if (view && view.waiting_for_card) drawCard();
  });
  $("train-line").addEventListener("keydown", (event) => {
    if ($("train-line").value === "" && /^[1-9]$/.test(event.key) && view && view.drill === "procedure") {
      const spot = (view.spots || [])[Number(event.key) - 1];
      if (spot) {
        event.preventDefault();
        send(`deal ${spot.spot}`);
      }
    }
  });
  $("train-new").addEventListener("click", async () => {
    const data = await call("/api/train/start", { drill: pick.value, mode: $("train-pick-mode").value });
    draw(data.state);
    $("train-line").focus();
  });
}

setUp();
setInterval(() => { if (view && view.live) refresh().catch(() => {}); }, 300);
call("/api/train/state").then((v) => {
  draw(v);
  const pick = $("train-drill");  // the drills this table offers, as the server lists them
  pick.replaceChildren(...v.drills.map((name) => el("option", "", name)));
  const name = v.drill_name.replace("scenario:", "");
  pick.value = v.drills.includes(name) ? name : v.drills[v.drills.length - 1];
  $("train-pick-mode").value = v.mode;
  window.trainingReady = true;
});
