// Words explained where they appear (issue 28): each game's glossary (tabletop/words/rules, the one
// the rules page shows) marks every occurrence of its terms on the table, in the side panels and in
// the log.  A marked term shows its explanation on hover, on keyboard focus and on tap; one
// explanation at a time, dismissed by Escape, a tap elsewhere or the pointer leaving.
//
// Matching is whole-word and case-insensitive, by one regular expression per game built once
// (longest forms first, so "dominant colour" wins over "dominant").  Only text is marked: never
// inside a button, a link, a field, a card, an element that acts or explains itself ([data-action],
// [data-why]), nor twice.  A root's children already marked are skipped, so the log (which only
// grows) costs a look at its lines when nothing was added.  The first occurrence of each term on the
// page (in the rules panel: in the panel) is a tab stop (tabindex 0) while it is there; the others
// are marked for the pointer only, so Tab does not walk through every "trick" of the log.  The
// explanation is one tooltip for the page (role="tooltip"), filled and named by the word's
// aria-describedby as the word is focused, so a screen reader reads it at the focus; nothing else of
// the glossary is in the page (a page's text is only what its table shows).
import { el } from "./cards.js";
import { placeTip } from "./tooltip.js";

const SKIP = [
  "button", "a", "input", "textarea", "select", "option", "label", "summary", "svg", "script", "style", "kbd",
  "dialog.keys-dialog", ".term", ".card", ".sr-only", ".rules-glossary", ".glossary-tip", ".why-tip", ".provisional-mark",
  ".rules-section > h2", ".rules-section > h3", ".log-card", ".log-number", ".log-mana",
  "[data-action]", "[data-why]", "[contenteditable]", "[aria-hidden='true']", "[role='img']", "[role='button']",
  "[role='tab']", "[role='tooltip']", "[tabindex]:not([tabindex='-1'])",
].join(", ");
const WORD = "[\\p{L}\\p{N}_]";

const loaded = new Map(); // game -> Promise of its rules (null: none)
const glossaries = new Map(); // game -> {game, terms, byForm, pattern}
const waiting = new Map(); // game -> roots to mark once its glossary is here
const failed = new Map(); // game -> when its glossary could not be had (asked again a while later)
const RETRY = 30000;
const done = new WeakSet(); // a root's children already marked
const stops = new WeakMap(); // a page or a dialog -> Map("game:term" -> the mark that is its tab stop)
const tip = { node: null, anchor: null, pinned: false, focused: false };

// The rules of ``game`` (GET /api/rules/GAME), fetched once (a failure is asked again next time).
export function loadRules(game) {
  if (!loaded.has(game)) {
    const request = fetch(`/api/rules/${encodeURIComponent(game)}`, { headers: { Accept: "application/json" } })
      .then(async (response) => {
        const data = await response.json().catch(() => ({}));
        if (!response.ok) throw new Error(data.detail || `${response.status} ${response.statusText}`);
        return data;
      });
    loaded.set(game, request);
    request.catch(() => loaded.delete(game)); // asked again next time
  }
  return loaded.get(game);
}

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// The game's glossary made ready to mark: its terms, each form (lower case) to its term, and the
// pattern that finds them.
function compile(game, data) {
  const terms = data.glossary || [];
  const byForm = new Map();
  terms.forEach((term, i) => term.forms.forEach((form) => byForm.set(form.toLowerCase(), i)));
  const forms = [...byForm.keys()].sort((a, b) => b.length - a.length).map(escape);
  const pattern = forms.length ? new RegExp(`(?<!${WORD})(?:${forms.join("|")})(?!${WORD})`, "giu") : null;
  return { game, terms, byForm, pattern };
}

// Mark the glossary's terms in ``root``'s children not yet marked (all of them when the game's
// glossary arrives).  ``focus`` (termFocus before the root was drawn again) puts the focus back on
// the same term.  Cheap when nothing changed.
export function glossary(root, game, focus = null) {
  if (!root || !game) return;
  const known = glossaries.get(game);
  if (!known) {
    if (performance.now() - (failed.get(game) ?? -Infinity) < RETRY) return; // no glossary: nothing is marked
    if (!waiting.has(game)) {
      waiting.set(game, new Set());
      setup();
      loadRules(game)
        .then((data) => {
          glossaries.set(game, compile(game, data));
          for (const r of waiting.get(game) || []) if (r.isConnected) glossary(r, game);
          waiting.delete(game);
        })
        .catch(() => {
          waiting.delete(game);
          failed.set(game, performance.now());
        });
    }
    const roots = waiting.get(game);
    if (roots) roots.add(root);
    return;
  }
  const fresh = [...root.children].filter((child) => !done.has(child));
  if (!fresh.length && !focus) return;
  const scope = root.closest("dialog") || document;
  const tabbable = stops.get(scope) || new Map();
  stops.set(scope, tabbable);
  const pass = { known, scope, tabbable, made: new Set() };
  for (const child of fresh) {
    if (!child.matches(SKIP)) mark(child, pass);
    done.add(child);
  }
  if (tip.anchor && !tip.anchor.isConnected) hide();
  if (focus) refocus(root, focus);
}

function mark(top, pass) {
  if (!pass.known.pattern) return;
  const walker = document.createTreeWalker(top, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.nodeType === Node.TEXT_NODE ? NodeFilter.FILTER_ACCEPT : node.matches(SKIP) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP,
  });
  const texts = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.nodeValue.trim()) texts.push(node);
  for (const text of texts) split(text, pass);
}

// One text node made text and marks.
function split(text, pass) {
  const known = pass.known;
  const value = text.nodeValue;
  const pattern = known.pattern;
  pattern.lastIndex = 0;
  let found = pattern.exec(value);
  if (!found) return;
  const out = document.createDocumentFragment();
  let at = 0;
  while (found) {
    const index = known.byForm.get(found[0].toLowerCase());
    if (index !== undefined) {
      if (found.index > at) out.append(value.slice(at, found.index));
      out.append(termNode(found[0], index, pass));
      at = found.index + found[0].length;
    }
    found = pattern.exec(value);
  }
  if (at < value.length) out.append(value.slice(at));
  text.replaceWith(out);
}

// A mark; the first of its term in the page (or the dialog) is a tab stop, until it is drawn away.
function termNode(words, index, pass) {
  const known = pass.known;
  const term = known.terms[index];
  const node = el("span", `term${term.provisional ? " provisional" : ""}`, words);
  node.dataset.term = String(index);
  node.dataset.game = known.game;
  const key = `${known.game}:${index}`;
  const stop = pass.tabbable.get(key);
  if (!stop || !(pass.made.has(stop) || (stop.isConnected && pass.scope.contains(stop)))) {
    node.tabIndex = 0;
    pass.tabbable.set(key, node);
  }
  pass.made.add(node);
  return node;
}

// The term of ``root`` that has the focus or shows its explanation (its index, which occurrence,
// and how), to do the same once ``root`` is drawn anew (the table is drawn at every move); null when
// none.
export function termFocus(root) {
  const active = document.activeElement;
  const focused = Boolean(active && active.classList && active.classList.contains("term") && root.contains(active));
  const node = focused ? active : tip.anchor && root.contains(tip.anchor) ? tip.anchor : null;
  if (!node) return null;
  const same = [...root.querySelectorAll(`.term[data-term="${node.dataset.term}"]`)];
  return { term: node.dataset.term, nth: same.indexOf(node), focused, shown: tip.anchor === node, pinned: tip.pinned };
}

function refocus(root, focus) {
  const same = [...root.querySelectorAll(`.term[data-term="${focus.term}"]`)];
  const node = same[Math.min(focus.nth, same.length - 1)];
  if (!node) return;
  if (focus.focused) {
    if (!node.hasAttribute("tabindex")) node.tabIndex = -1;
    node.focus({ preventScroll: true });
  }
  if (focus.shown) show(node, { focused: focus.focused, pinned: focus.pinned });
}

// ---- the explanation -------------------------------------------------------------------------------
let ready = false;
function setup() {
  if (ready) return;
  ready = true;
  tip.node = el("div", "glossary-tip");
  tip.node.id = "glossary-tip";
  tip.node.setAttribute("role", "tooltip");
  tip.node.hidden = true;
  document.body.append(tip.node);
  const termOf = (target) => (target && target.closest ? target.closest(".term[data-term]") : null);
  document.addEventListener("pointerover", (e) => {
    // a tap explains on its click; a word the keyboard is on keeps its explanation (a scroll under a
    // resting mouse passes over other words)
    if (e.pointerType === "touch" || tip.focused) return;
    const node = termOf(e.target);
    if (node && node !== tip.anchor) show(node, {});
  });
  document.addEventListener("pointerout", (e) => {
    const node = termOf(e.target);
    if (!node || node !== tip.anchor || tip.pinned || tip.focused) return;
    if (e.relatedTarget && node.contains(e.relatedTarget)) return;
    hide();
  });
  document.addEventListener("focusin", (e) => {
    const node = termOf(e.target);
    if (node) show(node, { focused: true });
    else if (tip.anchor) hide();
  });
  document.addEventListener("focusout", (e) => {
    if (termOf(e.target) !== tip.anchor) return;
    queueMicrotask(() => {
      if (!tip.anchor || document.activeElement === tip.anchor) return;
      tip.focused = false;
      if (!tip.pinned) hide();
    });
  });
  document.addEventListener("click", (e) => {
    const node = termOf(e.target);
    if (node) show(node, { pinned: true, focused: document.activeElement === node });
  });
  document.addEventListener("pointerdown", (e) => {
    if (tip.anchor && !tip.anchor.contains(e.target)) hide();
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && tip.anchor) hide();
  });
  window.addEventListener("scroll", () => tip.anchor && !tip.focused && hide(), { passive: true, capture: true });
}

function show(node, { pinned = false, focused = false }) {
  const known = glossaries.get(node.dataset.game);
  const term = known && known.terms[Number(node.dataset.term)];
  if (!term) return;
  const again = tip.anchor === node;
  if (tip.anchor && !again) undescribe(tip.anchor);
  tip.anchor = node;
  tip.pinned = pinned || (again && tip.pinned);
  tip.focused = focused;
  node.classList.add("explained");
  const described = node.getAttribute("aria-describedby") || "";
  if (!described.split(" ").includes("glossary-tip")) node.setAttribute("aria-describedby", `${described} glossary-tip`.trim());
  const box = tip.node;
  // inside a modal dialog (the table's rules panel) the tooltip must be in the dialog to show above it
  const host = node.closest("dialog[open]") || document.body;
  if (box.parentNode !== host) host.append(box);
  box.replaceChildren(el("b", null, term.term));
  if (term.provisional) box.append(" ", el("span", "provisional-mark", "provisional"));
  box.append(el("span", "sr-only", ": "), el("span", "tip-text", term.text));
  box.dataset.term = term.term;
  box.hidden = false;
  placeTip(box, node);
}

function undescribe(node) {
  node.classList.remove("explained");
  const rest = (node.getAttribute("aria-describedby") || "").split(" ").filter((id) => id && id !== "glossary-tip");
  if (rest.length) node.setAttribute("aria-describedby", rest.join(" "));
  else node.removeAttribute("aria-describedby");
}

function hide() {
  if (tip.anchor) undescribe(tip.anchor);
  tip.anchor = null;
  tip.pinned = false;
  tip.focused = false;
  if (tip.node) {
    tip.node.hidden = true;
    tip.node.replaceChildren(); // the page keeps no explanation it does not show
  }
}
