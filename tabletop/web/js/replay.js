// A finished game step by step: the table as a seat (or a spectator, or everyone) saw it.
import { api, hashParams, tableId, toast } from "./api.js";
import { el } from "./cards.js";
import { rendererFor } from "./renderers.js";
import { lineItem } from "./said.js";

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
  const done = data.action && (data.action.action ?? "a sealed choice"); // another seat's sealed bid or vote
  const action = data.action ? ` · seat ${data.action.seat}: ${done}` : " · the set-up";
  $("#step-label").textContent = `step ${data.step} of ${data.steps}${action}`;
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
}

start().catch((err) => {
  toast(err.message);
  $("#board").replaceChildren(el("p", "loading", `This replay cannot be shown: ${err.message}`));
});
