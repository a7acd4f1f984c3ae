// The dealer's console: buttons and keys send requests; the engine answers. Buttons are
// enabled from the engine's legal actions and expected controls; a refusal is shown as sent.
const $ = (id) => document.getElementById(id);
const PIT_BOSS_WORDS = { void_hand: "VOID THE HAND", accept_card: "ACCEPT THE CARD", burn_card: "BURN THE CARD",
  close_game: "CLOSE THE GAME AND DIVIDE THE POT" };
// the controls with buttons of their own; any other control the engine expects gets a button
const FIXED_CONTROLS = new Set(["new_deck", "reshuffle_discards", "void_hand", "accept_card", "paid", "done", "burn_card",
  "board_laid", "close_game"]);
const CONTROL_WORDS = { seats_in: "Seats in" };
const CONTROL_KEYS = { seats_in: "I" };

export class DealerConsole {
  constructor(token, onError) {
    this.token = token;
    this.onError = onError;
    this.state = null;
    this.console = { actions: [], can_deal: false };
    this.decisions = {};
  }

  /** The plays the game declares whose amount goes in ``box`` (typed, up_to, offered). */
  amountDecisions(box) {
    return Object.values(this.decisions).filter((d) => d.amount && d.amount.box === box);
  }

  /** The play of ``box`` a seat may make now, if any. */
  legalAmountDecision(box) {
    const seats = this.state.prompts.seats;
    return this.amountDecisions(box).find((d) => seats.some((s) => s.legal_actions.includes(d.name))) || null;
  }

  get canAct() {
    return Boolean(this.token);
  }

  update(message) {
    this.state = message.state;
    this.console = message.console;
    this.decisions = Object.fromEntries((this.console.decisions || []).map((d) => [d.name, d]));
    const exp = this.state.expected;
    const controls = new Set(exp.controls);
    $("btn-deal").hidden = !this.console.can_deal;
    $("btn-deal").disabled = !this.canAct || !exp.deal;
    $("btn-new-deck").disabled = !this.canAct || !(controls.has("new_deck") || exp.hand_over);
    $("btn-reshuffle").disabled = !this.canAct || !controls.has("reshuffle_discards");
    $("btn-void").disabled = !controls.has("void_hand");
    $("btn-accept").disabled = !controls.has("accept_card");
    $("btn-done").hidden = !this.canAct || !controls.has("done");  // a step the prompt named is done
    $("btn-burn").hidden = !controls.has("burn_card");
    $("btn-close-game").hidden = !controls.has("close_game");  // between deals, where the game allows it
    // a game with bets: the payment the engine asked for is confirmed; bets are entered by seat
    const paying = controls.has("paid");
    $("btn-paid").hidden = !this.canAct || !(paying || this.amountDecisions("offered").length);
    $("btn-paid").disabled = !paying;
    // the bet form: a main and a side bet, or one ante (the bets the game declares)
    const [first, second] = this.placedBets();
    $("bets").hidden = !this.canAct || !first || !this.console.bets_open;  // only while the game takes bets
    // while bets are taken, placing them is the next step: its button is the lit one, not New deck
    $("btn-new-deck").classList.toggle("quiet", !$("bets").hidden);
    const [firstBet, secondBet] = this.formBets();
    for (const [id, bet] of [["bet-main", firstBet], ["bet-side", secondBet]]) {  // its words and its limits
      $(`${id}-label`).textContent = title(bet ? bet.words : "");
      $(id).title = bet ? limitWords(bet) : "";
    }
    $("bet-side-box").hidden = !second;
    this.offerAmount();
    // a typed amount's box, labelled with the play a seat may make now (else the first declared)
    const typed = this.legalAmountDecision("typed") || this.amountDecisions("typed")[0];
    $("amount-typed").hidden = !this.canAct || !typed;
    if (typed) $("amount-typed-words").textContent = title(typed.words);
    // a step the prompt named is done (the antes are in; the chips moved)
    $("btn-done").hidden = !this.canAct || !controls.has("done");
    $("btn-burn").hidden = !controls.has("burn_card");
    $("btn-burn").disabled = !controls.has("burn_card");
    // a play staked up to a limit: its box, labelled with its words, while a seat may make it
    const upTo = this.legalAmountDecision("up_to");
    $("amount-up-to").hidden = !this.canAct || !upTo;
    if (upTo) $("amount-up-to-words").textContent = upTo.words;
    $("btn-board").hidden = !this.canAct || !controls.has("board_laid");
    this.drawExtraControls(exp.controls);
    $("view-only").hidden = this.canAct;
    $("keys-help").hidden = !this.canAct;
    document.body.classList.toggle("view-only", !this.canAct);  // a watching screen shows no console
    // Shift picks "the other seat" only where there is one other seat to pick
    $("keys-shift").hidden = this.state.prompts.seats.length !== 2;
    // a game whose every play has a key and that takes no bets is played by its keys: they are
    // listed; any other by the letters on its buttons and the bet form
    const keys = this.keys();
    const byKeys = this.console.actions.length > 0 && this.console.actions.every((a) => keys[a]) && !(this.console.bets || []).length;
    $("keys-list").textContent = this.console.actions.map((a) => `${keys[a]} ${a.replaceAll("_", " ")}`).join(" \u00b7 ");
    $("keys-plays").hidden = !byKeys;
    $("keys-buttons").hidden = !$("keys-plays").hidden;
  }

  drawExtraControls(controls) {
    const buttons = controls.filter((c) => !FIXED_CONTROLS.has(c)).map((control) => {
      const button = document.createElement("button");
      button.id = `btn-${control.replace("_", "-")}`;
      button.dataset.control = control;
      button.className = control in PIT_BOSS_WORDS ? "pit-boss extra" : "extra";
      button.innerHTML = `${CONTROL_WORDS[control] || control.replaceAll("_", " ")}${CONTROL_KEYS[control] ? ` <kbd>${CONTROL_KEYS[control]}</kbd>` : ""}` +
        (control in PIT_BOSS_WORDS ? " <small>PIN</small>" : "");
      button.disabled = !this.canAct;
      return button;
    });
    $("extra-controls").replaceChildren(...buttons);
  }

  keys() {
    return Object.fromEntries(Object.values(this.decisions).filter((d) => d.key).map((d) => [d.name, d.key]));
  }

  // A play whose amount is offered (a part of one of the seat's figures): the field offers the
  // seat's declared figure over its part; the dealer may type another amount (its key, the
  // amount, Enter). The engine refuses an amount it does not allow, with the reason. The box
  // and its button say the play's words, its bet's where a bet has its name.
  offerAmount() {
    const offered = this.amountDecisions("offered");
    const seat = this.state.prompts.seats.find((s) => offered.some((d) => s.legal_actions.includes(d.name)));
    $("amount-offered").hidden = !this.canAct || !seat;
    this.offering = seat ? offered.find((d) => seat.legal_actions.includes(d.name)) : null;
    if (this.offering) {
      const bet = (this.console.bets || []).find((b) => b.name === this.offering.name);
      $("amount-offered-words").textContent = bet ? bet.words : this.offering.words;
      const keys = [this.offering.key, "\u23CE"].filter(Boolean).flatMap((k) => [" ", Object.assign(document.createElement("kbd"), { textContent: k })]);
      $("btn-amount-offered").replaceChildren(title(this.offering.words), ...keys);
    }
    if (seat && seat.seat !== this.offeredTo) {
      const { limit, part } = this.offering.amount;
      $("amount-offered-value").value = (Math.floor(((seat.figures && seat.figures[limit]) || 0) / part) / 100).toFixed(2);
      $("amount-offered-seat").textContent = `SEAT ${seat.seat.replace("seat", "")}`;
    }
    this.offeredTo = seat ? seat.seat : null;
  }

  /** The bets placed on the bet form: those the game declares on it (not a seat's play, as a
   * raise or a stake), the first two (a main bet and a side bet, or one ante), by name. */
  placedBets() {
    return this.formBets().map((bet) => bet.name);
  }

  formBets() {
    return (this.console.bets || []).filter((bet) => bet.on_form).slice(0, 2);
  }

  attach() {
    $("extra-controls").addEventListener("click", (e) => {
      const button = e.target.closest("button");
      if (!button || button.disabled) return;
      const control = button.dataset.control;
      if (control in PIT_BOSS_WORDS) this.pitBoss(control); else this.control(control);
    });
    $("amount-typed").addEventListener("submit", (e) => e.preventDefault());
    for (const where of ["seats", "layout"]) {  // a game may put its plays on the layout (a board position)
      $(where).addEventListener("click", (e) => {
        const button = e.target.closest("button.action");
        if (button && !button.disabled) this.decide(button.dataset.seat, button.dataset.action);
      });
    }
    $("btn-deal").addEventListener("click", () => this.deal());
    $("btn-new-deck").addEventListener("click", () => this.control("new_deck"));
    $("btn-reshuffle").addEventListener("click", () => this.control("reshuffle_discards"));
    $("btn-void").addEventListener("click", () => this.pitBoss("void_hand"));
    $("btn-paid").addEventListener("click", () => this.control("paid"));
    $("bets").addEventListener("submit", (e) => { e.preventDefault(); this.placeBets(); });
    // a seat typed (or picked) in the form's own field starts that seat's amounts empty as well
    $("bet-seat").addEventListener("input", () => this.showBets(`seat${$("bet-seat").value}`));
    $("amount-offered").addEventListener("submit", (e) => {
      e.preventDefault();
      if (document.activeElement) document.activeElement.blur();  // the keys are the console's again
      if (this.offeredTo && this.offering) this.decide(this.offeredTo, this.offering.name);
    });
    $("amount-offered-value").addEventListener("keydown", (e) => { if (e.key === "Escape") e.target.blur(); });
    $("btn-accept").addEventListener("click", () => this.pitBoss("accept_card"));
    $("btn-burn").addEventListener("click", () => this.pitBoss("burn_card"));
    $("btn-done").addEventListener("click", () => this.control("done"));
    $("btn-board").addEventListener("click", () => this.control("board_laid"));
    $("btn-close-game").addEventListener("click", () => this.pitBoss("close_game"));
    document.addEventListener("keydown", (e) => this.onKey(e));
  }

  onKey(e) {
    if (e.ctrlKey || e.altKey || e.metaKey || $("pin-dialog").open || e.target.tagName === "INPUT") return;
    if (!$("bets").hidden && /^[1-7]$/.test(e.key)) {  // a seat's number, then its bet
      e.preventDefault();
      $("bet-seat").value = e.key;
      this.showBets(`seat${e.key}`);
      $("bet-main").select();
      $("bet-main").focus();
      return;
    }
    const key = e.key.toUpperCase();
    const keys = this.keys();
    const action = this.console.actions.find((a) => keys[a] === key);
    const amount = action && this.decisions[action].amount;
    if (amount && amount.box === "offered" && !$("amount-offered").hidden) {  // the amount first, then Enter
      e.preventDefault();
      $("amount-offered-value").select();
      $("amount-offered-value").focus();
      return;
    }
    if (action) {
      e.preventDefault();
      this.decide(this.seatForKey(action, e.shiftKey), action);
      return;
    }
    const extra = Object.entries(CONTROL_KEYS).find(([, k]) => k === key);
    if (extra && $(`btn-${extra[0].replace("_", "-")}`)) {
      e.preventDefault();
      $(`btn-${extra[0].replace("_", "-")}`).click();
      return;
    }
    const button = { D: "btn-deal", N: "btn-new-deck", R: "btn-reshuffle", V: "btn-void", A: "btn-accept", C: "btn-paid",
      O: "btn-done", U: "btn-burn", G: "btn-board" }[key];
    if (button && !$(button).hidden) {
      e.preventDefault();
      $(button).click();
    }
  }

  // Which seat a key means: the one whose button for it is lit; if both are lit, the seat on
  // turn (Shift: the other). If none is lit it still goes to the seat on turn, so the dealer
  // hears the engine's reason why not.
  seatForKey(action, shift) {
    const seats = this.state ? this.state.prompts.seats : [];
    const lit = seats.filter((s) => s.legal_actions.includes(action));
    const onTurn = seats.find((s) => s.on_turn) || lit[0] || seats[0];
    if (!onTurn) return "";
    const others = seats.filter((s) => s !== onTurn);
    if (shift) return (others.find((s) => lit.includes(s)) || others[0] || onTurn).seat;
    return (lit.length === 1 ? lit[0] : onTurn).seat;
  }

  decide(seat, action) {
    const body = { seat, action };
    const amount = (this.decisions[action] || {}).amount;
    const cents = (id) => Math.round(parseFloat($(id).value || "0") * 100);
    if (amount && amount.box === "offered") body.amount = cents("amount-offered-value");
    if (amount && amount.box === "typed") {  // typed for this seat, then cleared: money only when typed
      body.amount = cents("amount-typed-value");
      $("amount-typed-value").value = "";
    }
    if (amount && amount.box === "up_to") {  // the amount typed, else the seat's limit (the most it may stake)
      const seatState = this.state.prompts.seats.find((s) => s.seat === seat);
      const typed = cents("amount-up-to-value");
      body.amount = typed > 0 ? typed : ((amount.limit && seatState && seatState.figures && seatState.figures[amount.limit]) || 0);
    }
    return this.send("/api/decision", body);
  }

  /** A seat's bet form starts empty: money is placed only when typed for that seat (a side bet
   * typed for one seat was placed on the next). The seat's bets as they stand are shown as a hint. */
  showBets(seat) {
    const found = this.state.prompts.seats.find((s) => s.seat === seat);
    const f = (found && found.figures) || {};
    const hint = (cents) => (cents ? `now ${(cents / 100).toFixed(2)}` : "");
    const [first, second] = this.placedBets();
    for (const [id, cents] of [["bet-main", f[first]], ["bet-side", f[second]]]) {
      $(id).value = "";
      $(id).placeholder = hint(cents);
    }
  }

  async placeBets() {
    const seat = `seat${$("bet-seat").value}`;
    const cents = (id) => Math.round(parseFloat($(id).value || "0") * 100);
    const main = cents("bet-main");
    const [first, second] = this.placedBets();
    const side = second && $("bet-side").value !== "" ? cents("bet-side") : null;
    if (document.activeElement) document.activeElement.blur();  // the keys are the console's again
    const answer = await this.send("/api/wager", { seat, bet: first, amount: main });
    if (answer && answer.applied && side !== null) {
      await this.send("/api/wager", { seat, bet: second, amount: side });
    }
    if (answer && answer.applied) this.showBets(seat);  // placed: nothing stays typed for the next seat
  }

  control(control) {
    return this.send("/api/control", { control });
  }

  deal() {
    return this.send("/api/deal", null);
  }

  async pitBoss(control) {
    const pin = await askPin(PIT_BOSS_WORDS[control]);
    if (pin === null) return null;
    return this.send(`/api/pit-boss/${control}`, null, pin ? { "X-Pit-Boss-Pin": pin } : {});
  }

  async send(path, body, extraHeaders = {}) {
    const headers = { "Content-Type": "application/json", ...extraHeaders };
    if (this.token) headers["X-Dealer-Token"] = this.token;
    try {
      const response = await fetch(path, { method: "POST", headers, body: body ? JSON.stringify(body) : null });
      const answer = await response.json().catch(() => ({}));
      this.onError(response.ok ? null : readable(answer.detail, response.status));
      return answer;
    } catch (err) {
      this.onError(`the table did not answer (${err.message}); try again`);
      return null;
    }
  }
}

const title = (word) => word.charAt(0).toUpperCase() + word.slice(1).replaceAll("_", " ");
const dollars = (cents) => `$${(cents / 100).toFixed(2)}`;

/** A bet's limits as the game declares them: "$5.00 to $1000.00", "up to $250.00", "". */
function limitWords(bet) {
  if (bet.low !== null && bet.high !== null) return bet.low === bet.high ? dollars(bet.low) : `${dollars(bet.low)} to ${dollars(bet.high)}`;
  if (bet.high !== null) return `up to ${dollars(bet.high)}`;
  return bet.low !== null ? `from ${dollars(bet.low)}` : "";
}

function readable(detail, status) {
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) return detail.map((d) => d.msg).join("; ");
  return `the request was refused (HTTP ${status})`;
}

/** Ask for the pit-boss PIN; resolves to the PIN typed ("" if none) or null if cancelled. */
function askPin(what) {
  const dialog = $("pin-dialog");
  const input = $("pin-input");
  $("pin-title").textContent = `Pit-boss action: ${what}`;
  input.value = "";
  $("pin-cancel").onclick = () => dialog.close("cancel");
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok" ? input.value.trim() : null), { once: true });
    dialog.returnValue = "";
    dialog.showModal();
    input.focus();
  });
}
