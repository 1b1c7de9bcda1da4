// A finished game step by step: the table as a seat (or a spectator, or everyone) saw it; and its
// review (issue 28): each seat's estimated chance of winning after each decision, drawn as an SVG
// plot (one line per seat, in the seat's colour and its own dash, the turning points marked),
// the turning points listed with the move the bot preferred, and the numbers in a table.
import { api, hashParams, tableId, toast } from "./api.js";
import { el } from "./cards.js";
import { setupCardText } from "./cardtext.js";
import { rendererFor } from "./renderers.js";
import { lineItem, lineText } from "./said.js";

const $ = (sel) => document.querySelector(sel);
const id = tableId();
const params = hashParams();
const token = params.get("token");
// step: the one drawn; want: the one last asked for (clicks run ahead of the answers)
const state = { table: null, step: 0, want: 0, steps: 0, perspective: params.get("seat") ?? "all", timer: null, loading: null };

function game() {
  return rendererFor(state.table && state.table.game);
}

async function load(step) {
  step = Math.max(0, Math.min(step, state.steps || step));
  state.want = step;
  const seatParam = state.perspective === "all" || state.perspective === "spectator" ? "" : `&seat=${state.perspective}`;
  const request = api(`/api/tables/${encodeURIComponent(id)}/replay?step=${step}${seatParam}`, { token });
  state.loading = request;
  const data = await request;
  if (state.loading !== request) return;
  state.step = data.step;
  state.steps = data.steps;
  draw(data);
}

function draw(data) {
  const renderer = game();
  const all = state.perspective === "all" && data.views;
  const seat = all || state.perspective === "spectator" ? null : Number(state.perspective);
  // every seat's hand: in its seat entry, or (ManaSurge, MegaCorps: seat entries count cards or
  // there are none) its view's own
  const hands = all ? data.views.map((v, s) => (v.seats && Array.isArray(v.seats[s].hand) ? v.seats[s].hand : v.hand)) : null;
  const ctx = { view: data.view, seats: state.table.seats, me: null, perspective: seat ?? 0, hands, act: null, over: data.finished, scores: data.scores, content: data.content };
  renderer.renderTable($("#board"), ctx);
  renderer.renderSide($("#side"), ctx);
  const lines = data.log.map((e) => lineItem(e, e.step === data.step ? "now" : "")).filter(Boolean);
  $("#log").replaceChildren(...lines);
  $("#log").scrollTop = $("#log").scrollHeight;
  const slider = $("#slider");
  slider.max = String(data.steps);
  slider.value = String(data.step);
  $("#step-label").textContent = `step ${data.step} of ${data.steps} · ${stepWords(data)}`;
  markStep(data.step);
}

// What the step did, in the log's own sentence (its first worded event: "Ana plays the blue Knight
// 9."), never the raw action ("seat 0: play=2Q").
function stepWords(data) {
  if (!data.action) return "the set-up";
  const said = data.events.map(lineText).find(Boolean);
  if (said) return said;
  const seat = data.action.seat;
  const entry = state.table.seats && state.table.seats[seat];
  const who = (entry && entry.name) || `Seat ${seat}`;
  return data.action.action === null ? `${who}: a sealed choice` : `${who} moves`; // another seat's sealed bid or vote
}

// -- the review ------------------------------------------------------------------------------
const SVG = "http://www.w3.org/2000/svg";
const DASHES = ["", "7 4", "2 3", "9 3 2 3", "4 4", "1 5"]; // a line's own mark besides its colour
const PLOT = { height: 220, left: 38, right: 10, top: 10, bottom: 26 };
const review = { data: null, tries: 0, width: 640 };

function svg(name, attrs = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

const percent = (chance) => `${Math.round(chance * 100)}%`;

function seatName(data, seat) {
  return (data.names && data.names[seat]) || `Seat ${seat}`;
}

async function loadReview() {
  const box = $("#review");
  const status = $("#review-status");
  box.hidden = false;
  let response;
  try {
    response = await fetch(`/api/tables/${encodeURIComponent(id)}/review`, { headers: { Accept: "application/json" } });
  } catch {
    status.textContent = "The review could not be loaded.";
    return;
  }
  const data = await response.json().catch(() => ({}));
  if (response.status === 202) {
    status.textContent = "The bots are reviewing this game: each seat's chances will show here in a moment.";
    const wait = Math.min(10000, 2000 + 500 * review.tries++);
    setTimeout(loadReview, wait);
    return;
  }
  if (!response.ok) {
    status.textContent = data.detail || "No review for this game.";
    return;
  }
  review.data = data;
  drawReview(data);
}

// The plot is drawn at the width of its box in CSS pixels (its text stays readable on a phone),
// and again when that width changes.
function drawReview(data) {
  const { height, left, right, top, bottom } = PLOT;
  const width = Math.round(Math.min(1100, Math.max(280, $("#review-body").clientWidth || 640)));
  review.width = width;
  const x = (step) => left + ((width - left - right) * step) / Math.max(1, data.steps);
  const y = (chance) => top + (height - top - bottom) * (1 - chance);
  const sampled = data.sampled ? ", some decisions sampled evenly" : "";
  $("#review-status").textContent =
    `After each decision with a choice, every seat's chance of winning as the player who decided could estimate it ` +
    `(${data.playouts} games played out by the bots from there${sampled}). Since the game is over, every card is shown.`;
  const plot = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "review-plot", role: "img" });
  plot.setAttribute("aria-label", `Each seat's chance of winning over the game's ${data.steps} steps; the table of the numbers follows.`);
  for (const level of [0, 0.25, 0.5, 0.75, 1]) {
    plot.append(svg("line", { class: level === 0 ? "axis" : "grid", x1: left, x2: width - right, y1: y(level), y2: y(level) }));
    plot.append(svg("text", { x: left - 6, y: y(level) + 4, "text-anchor": "end" }, percent(level)));
  }
  plot.append(svg("text", { x: left, y: height - 6 }, "step 0"));
  plot.append(svg("text", { x: width - right, y: height - 6, "text-anchor": "end" }, `step ${data.steps}`));
  const start = Array.from({ length: data.players }, () => 1 / data.players);
  const points = [{ step: 0, chances: start }, ...data.points];
  for (let seat = 0; seat < data.players; seat++) {
    const d = points.map((p, i) => `${i ? "L" : "M"}${x(p.step).toFixed(1)} ${y(p.chances[seat]).toFixed(1)}`).join(" ");
    const line = svg("path", { d, class: `line seat-${seat}`, "data-seat": seat });
    if (DASHES[seat % DASHES.length]) line.setAttribute("stroke-dasharray", DASHES[seat % DASHES.length]);
    line.append(svg("title", {}, seatName(data, seat)));
    plot.append(line);
  }
  for (const turn of data.turning) {
    const mark = svg("circle", { class: "turn", cx: x(turn.step), cy: y(turn.after), r: 5, "data-step": turn.step });
    mark.append(svg("title", {}, `Step ${turn.step}: ${seatName(data, turn.seat)}, ${percent(turn.before)} to ${percent(turn.after)}`));
    plot.append(mark);
  }
  const now = svg("line", { class: "now", y1: top, y2: height - bottom, x1: x(state.step), x2: x(state.step) });
  now.id = "review-now";
  plot.append(now);
  const legend = el("ul", "review-legend");
  for (let seat = 0; seat < data.players; seat++) {
    const sample = svg("svg", { width: 28, height: 10, "aria-hidden": "true", class: "review-sample" });
    const line = svg("line", { x1: 0, x2: 28, y1: 5, y2: 5, class: `line seat-${seat}` });
    if (DASHES[seat % DASHES.length]) line.setAttribute("stroke-dasharray", DASHES[seat % DASHES.length]);
    sample.append(line);
    const item = el("li", `seat-${seat}`);
    item.append(sample, document.createTextNode(` ${seatName(data, seat)}`));
    legend.append(item);
  }
  $("#review-body").replaceChildren(plot, legend, turningList(data), numbers(data));
  markStep(state.step);
}

function turningList(data) {
  const wrap = el("div", "review-turning");
  wrap.append(el("h3", null, "Turning points"));
  if (!data.turning.length) {
    wrap.append(el("p", "muted", "None: no decision moved the chances much."));
    return wrap;
  }
  const list = el("ol", "review-turns");
  for (const turn of [...data.turning].sort((a, b) => a.step - b.step)) {
    const item = el("li");
    const who = seatName(data, turn.seat);
    const moved = `${who}: ${turn.label}. Chance ${percent(turn.before)} → ${percent(turn.after)}. `;
    const preferred = turn.preferred === turn.action
      ? "The bot would have played the same."
      : `The bot preferred ${turn.preferred_label}: ${percent(turn.instead)} instead.`;
    const jump = el("button", "button small", `Step ${turn.step}`);
    jump.type = "button";
    jump.setAttribute("aria-label", `Go to step ${turn.step}`);
    jump.addEventListener("click", () => go(turn.step));
    item.append(jump, el("span", null, `${moved}${preferred}`));
    list.append(item);
  }
  wrap.append(list);
  return wrap;
}

function numbers(data) {
  const details = el("details", "review-numbers");
  details.append(el("summary", null, "The numbers"));
  const table = el("table");
  const caption = el("caption", "sr-only", "Each seat's chance of winning after each decision");
  const head = el("tr");
  head.append(el("th", null, "step"), el("th", null, "decided by"));
  for (let seat = 0; seat < data.players; seat++) head.append(el("th", null, seatName(data, seat)));
  for (const cell of head.children) cell.setAttribute("scope", "col");
  const body = el("tbody");
  for (const point of data.points) {
    const row = el("tr");
    const step = el("th", null, String(point.step));
    step.setAttribute("scope", "row");
    row.append(step, el("td", null, point.seat === null ? "the end" : seatName(data, point.seat)));
    for (const chance of point.chances) row.append(el("td", null, percent(chance)));
    body.append(row);
  }
  const thead = el("thead");
  thead.append(head);
  table.append(caption, thead, body);
  details.append(table);
  return details;
}

// The replay's step on the plot: a dashed line.
function markStep(step) {
  const now = document.getElementById("review-now");
  if (!now || !review.data) return;
  const { left, right } = PLOT;
  const width = review.width;
  const at = left + ((width - left - right) * step) / Math.max(1, review.data.steps);
  now.setAttribute("x1", String(at));
  now.setAttribute("x2", String(at));
}

function perspectives(table, finished) {
  const select = $("#perspective");
  const choices = [];
  if (finished) choices.push(["all", "everyone (all hands)"]);
  choices.push(["spectator", "a spectator"]);
  for (const s of table.seats) choices.push([String(s.seat), `seat ${s.seat}${s.name ? ` (${s.name})` : ""}`]);
  for (const [value, label] of choices) {
    const option = el("option", null, label);
    option.value = value;
    select.append(option);
  }
  if (!choices.some(([v]) => v === state.perspective)) state.perspective = choices[0][0];
  select.value = state.perspective;
  select.addEventListener("change", () => {
    state.perspective = select.value;
    load(state.step).catch((err) => toast(err.message));
  });
}

function go(step) {
  load(step).catch((err) => toast(err.message));
}

function togglePlay() {
  if (state.timer) {
    clearInterval(state.timer);
    state.timer = null;
    $("#play").textContent = "Play";
    return;
  }
  $("#play").textContent = "Pause";
  state.timer = setInterval(() => {
    if (state.want >= state.steps) togglePlay();
    else go(state.want + 1);
  }, 600);
}

async function start() {
  state.table = await api(`/api/tables/${encodeURIComponent(id)}`);
  $("#title").textContent = `Replay · ${state.table.title} · table ${id}`;
  document.title = `Replay · ${state.table.title}`;
  state.steps = state.table.step;
  perspectives(state.table, state.table.status === "finished");
  $("#first").addEventListener("click", () => go(0));
  $("#prev").addEventListener("click", () => go(state.want - 1));
  $("#next").addEventListener("click", () => go(state.want + 1));
  $("#last").addEventListener("click", () => go(state.steps));
  $("#play").addEventListener("click", togglePlay);
  $("#slider").addEventListener("input", (e) => go(Number(e.target.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "SELECT" || e.target.tagName === "INPUT") return;
    if (e.key === "ArrowRight") go(state.want + 1);
    if (e.key === "ArrowLeft") go(state.want - 1);
  });
  await load(state.table.status === "finished" ? 0 : state.steps);
  if (state.table.status === "finished") loadReview();
  let resizing = 0;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => {
      const box = $("#review-body");
      if (review.data && Math.abs(box.clientWidth - review.width) > 8) drawReview(review.data);
    }, 150);
  });
}

setupCardText(); // a card's whole text on a tap, on a touch screen, as at the table
start().catch((err) => {
  toast(err.message);
  $("#board").replaceChildren(el("p", "loading", `This replay cannot be shown: ${err.message}`));
});
