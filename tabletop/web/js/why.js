// "Why not?" (issue 28): pointing at, focusing or tapping a card or a place that cannot be played
// now says why, in the engine's own words.  The renderers mark such an element with the action's
// text it would be (markWhy: data-why="Ku"); this module asks the server once per (step, action)
// with {"type": "why", "action"} and keeps the answer until the table moves on, so pointing at the
// same element again costs nothing.  The server answers from the seat's own position only: the
// reason an action with that text would get (core.protocol.offered), which depends on nothing the
// seat may not see.  A marked element never acts: a tap on a phone only explains.
//
// One tooltip for the page (role="tooltip", the explained element's aria-describedby) and a polite
// live region that says the reason once it arrives (it comes after the focus, so a description read
// at the focus would be empty).  Events are delegated from the table's root: nothing per element.
import { el } from "./cards.js";
import { placeTip } from "./tooltip.js";

const DWELL = 250; // ms a mouse rests on an element before it is explained (a sweep asks nothing)
const BUDGET = 30; // questions sent in WINDOW ms at most (the server's limit counts every message)
const WINDOW = 10000;
const PATIENCE = 5000; // ms an unanswered question waits before it may be asked again (a reconnection)

const why = {
  root: null, send: null, step: null,
  answers: new Map(), // "step\naction" -> reason (null: a choice now)
  asked: new Map(), // "step\naction" -> when it was asked
  sent: [], // when each recent question was sent
  anchor: null, action: null, focused: false, described: null,
  timer: 0, retry: 0, tip: null, said: null,
};

const key = (step, action) => `${step}\n${action}`;
const NATIVE = "button, a[href], input, select, textarea, summary";

// Mark ``node`` as an element that cannot be played now, which would be the action ``text``.  It
// is made focusable (a keyboard reaches it) unless ``focus`` is false: boards of many places.
export function markWhy(node, text, focus = true) {
  node.dataset.why = text;
  if (focus && !node.matches(NATIVE) && !node.hasAttribute("tabindex")) node.tabIndex = 0;
  return node;
}

// Once per page: the table's root (events are delegated from it) and the function that sends a
// message on the table's socket (false when it is closed).
export function setupWhy(root, send) {
  why.root = root;
  why.send = send;
  why.tip = el("div", "why-tip");
  why.tip.id = "why-tip";
  why.tip.setAttribute("role", "tooltip");
  why.tip.hidden = true;
  why.said = el("div", "sr-only");
  why.said.setAttribute("role", "status");
  why.said.setAttribute("aria-live", "polite");
  document.body.append(why.tip, why.said);
  root.addEventListener("pointerover", (e) => {
    if (e.pointerType === "touch") return; // a tap explains on its click
    const node = marked(e.target);
    if (!node || node === why.anchor) return;
    clearTimeout(why.timer);
    why.timer = setTimeout(() => node.isConnected && show(node, false), DWELL);
  });
  root.addEventListener("pointerout", (e) => {
    const node = marked(e.target);
    if (!node || (e.relatedTarget && node.contains(e.relatedTarget))) return;
    clearTimeout(why.timer);
    if (node === why.anchor && !why.focused) hide();
  });
  root.addEventListener("focusin", (e) => {
    const node = marked(e.target);
    if (node) show(node, true);
    else if (why.focused) hide();
  });
  root.addEventListener("focusout", () => {
    // a redrawing moves the focus away and back (whyRedrawn): look once it is done
    queueMicrotask(() => {
      if (why.focused && document.activeElement !== why.anchor) hide();
    });
  });
  root.addEventListener("click", (e) => {
    const node = marked(e.target);
    if (node) show(node, document.activeElement === node);
  });
  document.addEventListener("pointerdown", (e) => {
    if (why.anchor && !why.anchor.contains(e.target)) hide();
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && why.anchor) hide();
  });
  window.addEventListener("scroll", () => why.anchor && !why.focused && hide(), { passive: true, capture: true });
}

function marked(target) {
  const node = target && target.closest ? target.closest("[data-why]") : null;
  return node && why.root.contains(node) ? node : null;
}

// What is explained now, before the table is drawn again: to explain it again once drawn.
export function whyShown() {
  return why.anchor ? { action: why.action, focused: why.focused } : null;
}

// After each drawing: the step the table shows, and what was explained before it (whyShown).  The
// same place, drawn anew, is explained again (for the new step, asked if need be); the answers of
// older steps are forgotten.
export function whyRedrawn(root, shown, step) {
  if (step !== why.step) {
    why.step = step;
    for (const k of [...why.answers.keys()]) if (Number(k.split("\n")[0]) < step) why.answers.delete(k);
    for (const k of [...why.asked.keys()]) if (Number(k.split("\n")[0]) < step) why.asked.delete(k);
  }
  if (!shown) return;
  const node = root.querySelector(`[data-why="${CSS.escape(shown.action)}"]`);
  if (!node) {
    hide();
    return;
  }
  if (shown.focused) node.focus({ preventScroll: true });
  show(node, shown.focused);
}

// The server's answer to a question: {"type": "why", action, step, reason}.
export function whyAnswer(msg) {
  why.answers.set(key(msg.step, msg.action), msg.reason);
  for (const k of [...why.asked.keys()]) if (k.endsWith(`\n${msg.action}`) && Number(k.split("\n")[0]) <= msg.step) why.asked.delete(k);
  if (why.anchor && why.action === msg.action && msg.step === why.step) fill();
}

function show(node, focused) {
  clearTimeout(why.timer);
  if (why.anchor !== node) {
    undescribe();
    why.anchor = node;
    const before = node.getAttribute("aria-describedby");
    why.described = before;
    node.setAttribute("aria-describedby", before ? `${before} why-tip` : "why-tip");
  }
  why.action = node.dataset.why;
  why.focused = focused;
  fill();
}

// The tooltip's text for the element explained: the answer when known, else "…" while it is asked.
function fill() {
  const k = key(why.step, why.action);
  if (why.answers.has(k)) {
    const reason = why.answers.get(k);
    if (reason === null) {
      hide(); // a choice after all (the table moved on): nothing to explain
      return;
    }
    if (why.tip.textContent !== reason || why.tip.hidden) {
      why.tip.textContent = reason;
      why.tip.classList.remove("asking");
      why.said.textContent = reason;
    }
  } else {
    ask(why.action);
    why.tip.textContent = "…";
    why.tip.classList.add("asking");
  }
  why.tip.hidden = false;
  placeTip(why.tip, why.anchor);
}

function ask(action) {
  const k = key(why.step, action);
  const now = performance.now();
  const when = why.asked.get(k);
  if (when !== undefined && now - when < PATIENCE) return; // asked already: the answer is on its way
  while (why.sent.length && now - why.sent[0] > WINDOW) why.sent.shift();
  if (why.sent.length >= BUDGET) {
    clearTimeout(why.retry);
    why.retry = setTimeout(() => why.anchor && why.action === action && fill(), WINDOW - (now - why.sent[0]) + 50);
    return;
  }
  if (why.step === null || !why.send || !why.send({ type: "why", action })) return;
  why.asked.set(k, now);
  why.sent.push(now);
}

function undescribe() {
  const node = why.anchor;
  if (!node) return;
  if (why.described) node.setAttribute("aria-describedby", why.described);
  else node.removeAttribute("aria-describedby");
}

function hide() {
  clearTimeout(why.timer);
  clearTimeout(why.retry);
  undescribe();
  why.anchor = null;
  why.action = null;
  why.focused = false;
  why.described = null;
  if (why.tip) why.tip.hidden = true;
}
