// The guided first game (issue 28) at a tutorial table: a panel above the table with the script's
// step, in the game's own words (its cards drawn as the log draws them, its terms explained as
// everywhere), and the part of the table it is about outlined.  A step that asks for a move waits
// for it: the server offers only that move while the guide leads (tabletop/server/tutorials.py),
// and the step after it shows once the table asks you again (the bots have played on).  A step
// that only explains has a Next button.  "Leave the guide" makes the table a normal game (stored by
// the server); "Restart" opens a new tutorial table.  After the last step you play on freely.
//
// The welcome and every update carry the guide's state for the person's seat ("tutorial": {made,
// step, steps, live, left}; nothing for a spectator or another table); the script's steps come
// once from GET /api/tutorials/GAME.
import { api, toast } from "./api.js";
import { el } from "./cards.js";
import { glossary } from "./glossary.js";
import { lineItem } from "./said.js";

const guide = {
  table: null, token: null, box: null, count: null, text: null, next: null, wait: null,
  state: null, script: null, loading: false, at: 0, made: -1, closed: false, pointed: null, scrolled: -1, page: null,
};

// Once per page: the table's id and the seat's token (its link's).
export function setupGuide(table, token) {
  guide.table = table;
  guide.token = token;
}

// The guide's state from a welcome or an update (null: no guide for this connection).
// Whether the guide leads now (the server then offers its move only, and gives no hints).
export function guideLeads() {
  return Boolean(guide.state && guide.state.live);
}

export function guideNote(state) {
  guide.state = state || null;
  if (!state) return;
  if (state.made !== guide.made) {
    guide.made = state.made; // a move the guide asked for was made (or the page just opened)
    guide.at = state.step;
    guide.scrolled = -1;
  }
  if (!guide.script && !guide.loading) load(state.game);
}

async function load(game) {
  guide.loading = true;
  try {
    guide.script = await api(`/api/tutorials/${encodeURIComponent(game)}`);
  } catch (err) {
    toast(`The guide could not be loaded: ${err.message}`);
  } finally {
    guide.loading = false;
  }
  if (guide.page) guideRedrawn(guide.page);
}

function build() {
  const box = el("section", "guide");
  box.id = "guide";
  box.setAttribute("aria-labelledby", "guide-title");
  const head = el("div", "guide-head");
  const title = el("h2", null, "Guided game");
  title.id = "guide-title";
  guide.count = el("span", "guide-count");
  head.append(title, guide.count);
  guide.text = el("div", "guide-text");
  guide.text.setAttribute("aria-live", "polite");
  guide.wait = el("p", "guide-wait muted", "The others are playing…");
  const buttons = el("div", "guide-buttons");
  guide.next = button("Next", "primary", () => {
    guide.at += 1;
    guide.scrolled = -1;
    guideRedrawn(guide.page);
  });
  guide.next.id = "guide-next";
  const leave = button("Leave the guide", "", leaveGuide);
  leave.id = "guide-leave";
  const restart = button("Restart", "", restartGuide);
  restart.id = "guide-restart";
  buttons.append(guide.next, leave, restart);
  box.append(head, guide.text, guide.wait, buttons);
  const main = document.querySelector("main");
  main.before(box);
  guide.box = box;
}

function button(text, cls, onClick) {
  const node = el("button", `button small ${cls}`.trim(), text);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

// After each drawing of the table: the step shown, and what it points at outlined again (the table
// is drawn anew on every move).
export function guideRedrawn(page) {
  guide.page = page;
  const state = guide.state;
  const steps = guide.script ? guide.script.steps : null;
  // the guide leads until its last step is read, unless the person left it (or the seat was played
  // by a bot: the server's "live" then says so)
  const active = Boolean(state && steps && !state.left && !guide.closed && guide.at < steps.length && (state.live || state.made === state.moves));
  if (!active) {
    unpoint();
    if (guide.box) guide.box.hidden = true;
    document.body.classList.remove("guided");
    return;
  }
  if (!guide.box) build();
  guide.box.hidden = false;
  document.body.classList.add("guided");
  const step = steps[guide.at];
  const ready = page.over || (page.me !== null && Boolean(page.view && (page.view.legal || []).length));
  guide.box.dataset.step = String(guide.at);
  guide.box.dataset.ready = String(ready);
  guide.box.dataset.expect = step.expect || "";
  guide.count.textContent = `Step ${guide.at + 1} of ${steps.length}`;
  guide.wait.hidden = ready;
  guide.text.hidden = !ready;
  guide.next.hidden = !ready || Boolean(step.expect);
  guide.next.textContent = guide.at === steps.length - 1 ? "Play on" : "Next";
  if (!ready) {
    unpoint();
    return;
  }
  if (guide.text.dataset.step !== String(guide.at)) {
    const item = lineItem({ words: step.text });
    const para = el("p");
    if (item) para.append(...item.childNodes);
    guide.text.replaceChildren(para);
    guide.text.dataset.step = String(guide.at);
    glossary(guide.text, state.game);
  }
  point(step.point);
}

function point(selector) {
  unpoint();
  if (!selector) return;
  let found = [];
  try {
    found = [...document.querySelectorAll(selector)].filter((n) => !n.closest("#guide"));
  } catch {
    return; // not a selector this browser knows: nothing to point at
  }
  for (const node of found) node.classList.add("guide-point");
  guide.pointed = found;
  const first = found[0];
  if (!first || guide.scrolled === guide.at) return;
  guide.scrolled = guide.at;
  const panel = first.closest(".side-panel.tab-hidden");
  if (panel) {
    const tab = document.getElementById(`tab-${panel.id}`);
    if (tab) tab.click(); // a phone shows one of the side's panels: the one the step is about
  }
  first.scrollIntoView({ block: "center", inline: "nearest" });
}

function unpoint() {
  for (const node of document.querySelectorAll(".guide-point")) node.classList.remove("guide-point");
  guide.pointed = null;
}

async function leaveGuide() {
  try {
    const data = await api(`/api/tables/${encodeURIComponent(guide.table)}/guide/leave`, { method: "POST", body: { token: guide.token } });
    guide.state = data.tutorial;
    guide.closed = true;
    if (guide.page) guideRedrawn(guide.page);
  } catch (err) {
    toast(err.message);
  }
}

async function restartGuide() {
  const game = guide.state && guide.state.game;
  if (!game) return;
  try {
    const data = await api(`/api/tutorials/${encodeURIComponent(game)}`, { method: "POST" });
    location.assign(data.url);
  } catch (err) {
    toast(err.message);
  }
}
