// The calibration page: the technician clicks the layout's corners on the camera's picture in
// the order the server names them; the server answers with the spots as the camera will use
// them, and this page draws them over the picture. Save sends the corners with the pit-boss PIN.
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

const page = (window.calibration = { info: null, marks: [], order: [], answer: null, saved: null });

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

function detailOf(body, status) {
  const detail = body && body.detail;
  if (Array.isArray(detail)) return detail.map((d) => d.msg).join("; ");
  return detail || `the server answered ${status}`;
}

async function call(method, path, body, headers = {}) {
  const response = await fetch(path, {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json().catch(() => null);
  if (!response.ok) throw new Error(detailOf(answer, response.status));
  return answer;
}

function say(text, tone = "") {
  $("message").textContent = text;
  $("message").className = tone;
}

const names = () => page.info.corner_names;
const nextCorner = () => page.marks.findIndex((m) => m === null);
const marked = () => page.marks.filter((m) => m !== null);

function drawChips() {
  const next = nextCorner();
  $("corners").replaceChildren(...names().map((name, i) => {
    const item = document.createElement("li");
    item.className = page.marks[i] ? "marked" : i === next ? "next" : "";
    const button = document.createElement("button");
    button.textContent = page.marks[i] ? `${name} \u2713` : name;
    button.title = page.marks[i] ? `click to mark the ${name} corner again` : "";
    button.dataset.corner = name;
    button.onclick = () => unmark(i);
    item.append(button);
    return item;
  }));
  $("next").textContent = next >= 0
    ? `Click the layout's ${names()[next].toUpperCase()} corner (${next + 1} of 4)`
    : "All four corners marked";
}

function drawOverlay() {
  const overlay = $("overlay");
  const shapes = [];
  if (page.answer) {
    for (const [spot, polygon] of Object.entries(page.answer.spots)) {
      shapes.push(svg("polygon", { class: "spot", points: polygon.map((p) => p.join(",")).join(" "), "data-spot": spot }));
      const cx = polygon.reduce((s, p) => s + p[0], 0) / polygon.length;
      const cy = polygon.reduce((s, p) => s + p[1], 0) / polygon.length;
      shapes.push(svg("text", { class: "spot-label", x: cx, y: cy }, spot));
    }
  }
  const points = page.marks.map((m) => m && m.join(","));
  if (marked().length > 1) {
    const path = page.marks.every((m) => m) ? [...points, points[0]] : points.filter(Boolean);
    shapes.push(svg("polyline", { class: "edge", points: path.join(" ") }));
  }
  page.marks.forEach((mark, i) => {
    if (!mark) return;
    shapes.push(svg("circle", { class: "corner", cx: mark[0], cy: mark[1], r: 9, "data-corner": names()[i] }));
    const right = mark[0] > page.info.image_size[0] / 2; // the label goes inwards, on the picture
    const label = { class: "corner-label", x: mark[0] + (right ? -12 : 12), y: mark[1] - 10, "text-anchor": right ? "end" : "start" };
    shapes.push(svg("text", label, names()[i]));
  });
  overlay.replaceChildren(...shapes);
}

function drawButtons() {
  $("btn-undo").disabled = page.order.length === 0;
  $("btn-clear").disabled = page.order.length === 0;
  $("btn-save").disabled = !page.answer;
}

function redraw() {
  drawChips();
  drawOverlay();
  drawButtons();
}

async function changed() {
  page.answer = null;
  page.saved = null;
  redraw();
  if (nextCorner() >= 0) {
    say(marked().length ? "" : "Mark the corners of the printed layout, as the camera sees them.");
    return;
  }
  try {
    page.answer = await call("POST", "/api/calibration/spots", { corners: page.marks });
    say("The spots as the camera will use them: check each lies on its printed spot, then Save.", "good");
  } catch (error) {
    say(`${error.message}. Redo a corner.`, "bad");
  }
  redraw();
}

function pointOf(event) {
  const box = $("overlay").getBoundingClientRect();
  const [width, height] = page.info.image_size;
  const x = ((event.clientX - box.left) * width) / box.width;
  const y = ((event.clientY - box.top) * height) / box.height;
  return [Math.round(x * 10) / 10, Math.round(y * 10) / 10];
}

function mark(event) {
  const next = nextCorner();
  if (next < 0) {
    say("All four corners are marked: click a corner's name above to mark it again, or Save.", "bad");
    return;
  }
  page.marks[next] = pointOf(event);
  page.order.push(next);
  changed();
}

function unmark(i) {
  if (!page.marks[i]) return;
  page.marks[i] = null;
  page.order = page.order.filter((n) => n !== i);
  changed();
}

function undo() {
  if (page.order.length) unmark(page.order[page.order.length - 1]);
}

function clear() {
  page.marks = names().map(() => null);
  page.order = [];
  changed();
}

function askPin() {
  return new Promise((resolve) => {
    const dialog = $("pin-dialog");
    $("pin-input").value = "";
    $("pin-cancel").onclick = () => dialog.close("cancel");
    dialog.returnValue = "";
    dialog.onclose = () => resolve(dialog.returnValue === "ok" ? $("pin-input").value : null);
    dialog.showModal();
  });
}

async function save() {
  const pin = await askPin();
  if (pin === null) return;
  try {
    const answer = await call("POST", "/api/calibration/save", { corners: page.marks }, { "X-Pit-Boss-Pin": pin });
    page.saved = answer.saved;
    say(`Saved ${Object.keys(answer.spots).length} spots to ${answer.saved}`, "good");
  } catch (error) {
    say(`Not saved: ${error.message}`, "bad");
  }
}

async function showPicture(info) {
  page.info = info;
  const picture = $("picture");
  const loaded = new Promise((resolve, reject) => {
    picture.onload = resolve;
    picture.onerror = () => reject(new Error("the picture did not load"));
  });
  picture.src = `/api/calibration/picture?v=${info.picture_version}`;
  await loaded;
  $("overlay").setAttribute("viewBox", `0 0 ${info.image_size.join(" ")}`);
  $("overlay").setAttribute("preserveAspectRatio", "none");
  $("btn-retake").hidden = !info.can_retake;
  $("out").textContent = `saves to ${info.out}`;
  clear();
}

async function retake() {
  try {
    await showPicture(await call("POST", "/api/calibration/picture"));
  } catch (error) {
    say(error.message, "bad");
  }
}

async function start() {
  $("overlay").addEventListener("click", mark);
  $("btn-undo").onclick = undo;
  $("btn-clear").onclick = clear;
  $("btn-save").onclick = save;
  $("btn-retake").onclick = retake;
  document.addEventListener("keydown", (event) => {
    if (event.key === "Backspace" && !$("pin-dialog").open) {
      event.preventDefault();
      undo();
    }
  });
  try {
    await showPicture(await call("GET", "/api/calibration"));
    page.ready = true;
  } catch (error) {
    say(error.message, "bad");
  }
}

start();
