// A card's whole text on a touch screen (issue 29), where a tooltip (a title) never shows.  A tap
// on a card, or on anything else of the table whose words are only in its tooltip, opens a small
// box beside it with those words; a tap elsewhere, its Close button or Escape puts it away.  A card
// a tap would play is not played by its first tap: the box says what the card does and has the
// button that plays it ("Play", "Cast", "Discard"...), as card games on phones do; a second tap on
// the card closes the box.  A mouse, a pen and the keyboard play at once, as before.
//
// The renderers say what a card is with data attributes (cardText): data-name, data-text, and
// optionally data-note (a line about it now) and data-verb (the Play button's word).  An element
// that opens its own confirmation ([aria-expanded]: MegaCorps' event cards) acts at once.  Every
// event is delegated from the document: nothing per element, nothing kept from one drawing to the
// next but the box, which follows its card when the table is drawn again (the same action, the
// same card) and closes when the card is gone.
//
// deviceWords: a prompt's "click" is "tap" on a touch screen.
import { el } from "./cards.js";

const CARDS = "[data-text], .mc-card";
const ACTS = "button, a[href], input, select, textarea, summary, label, [role='button']";
const SCOPE = "#board, .sidebar, #end";
const COARSE = typeof matchMedia === "function" ? matchMedia("(pointer: coarse)") : null;

const box = { node: null, anchor: null, key: null, play: null, observer: null, frame: 0 };
let lastPointer = "mouse";
let passing = null; // the card the box's Play button clicks: let through

// Whether the page is used with a finger (a phone, a tablet): its main pointer is coarse.
export function touchScreen() {
  return Boolean(COARSE && COARSE.matches);
}

// ---- words for the device --------------------------------------------------------------------------
const CLICK = /\b([Cc])lick(s|ed|ing)?\b/g;
const TAP = { "": "", s: "s", ed: "ped", ing: "ping" };

// ``text`` with "click" made "tap" on a touch screen.
export function tapWords(text) {
  if (!text || !touchScreen()) return text;
  return text.replace(CLICK, (_, c, end) => `${c === "C" ? "T" : "t"}ap${TAP[end || ""]}`);
}

// The same in every text of ``root`` (a prompt, a caption), once it is drawn.
export function deviceWords(root) {
  if (!root || !touchScreen()) return;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const found = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    CLICK.lastIndex = 0;
    if (CLICK.test(node.nodeValue)) found.push(node);
  }
  for (const node of found) node.nodeValue = tapWords(node.nodeValue);
}

// ---- what a card says ----------------------------------------------------------------------------
// Mark ``node`` as a card with a text: its name, its whole text, a note about it now, and the word
// of the button that plays it on a touch screen.
export function cardText(node, { name, text, note, verb } = {}) {
  if (name) node.dataset.name = name;
  node.dataset.text = text || "";
  if (note) node.dataset.note = note;
  if (verb) node.dataset.verb = verb;
  return node;
}

function textOf(node) {
  const d = node.dataset;
  if (d.text !== undefined) return { name: d.name || "", text: d.text, note: d.note || "" };
  if (node.matches(".mc-card")) {
    const part = (sel) => (node.querySelector(sel) || {}).textContent || "";
    return { name: part(".mc-card-name"), text: part(".mc-card-text"), note: d.notNow ? `Not playable now: ${d.notNow}.` : "" };
  }
  return { name: "", text: node.getAttribute("title") || "", note: "" };
}

function acts(node) {
  return node.matches(ACTS) && !node.disabled && node.getAttribute("aria-disabled") !== "true";
}

// What a touch on ``target`` is about: a card, an element explained only by its tooltip, or nothing.
function explained(target) {
  if (!target || !target.closest || target.closest(".card-text, .term")) return null;
  if (!target.closest(SCOPE)) return null;
  const card = target.closest(CARDS);
  if (card) return card;
  const acting = target.closest(ACTS);
  const titled = target.closest("[title]");
  if (!titled || (acting && (acting === titled || titled.contains(acting) || acting.contains(titled)))) return null;
  return titled.getAttribute("title") ? titled : null;
}

// A key to find the same card once the table is drawn again.
function keyOf(node) {
  const d = node.dataset;
  if (d.action) return `[data-action="${CSS.escape(d.action)}"]`;
  if (d.pick) return `[data-pick="${CSS.escape(d.pick)}"]`;
  if (d.card && node.closest(".ms-hand, .hand, .mc-hand")) return `${node.closest(".ms-hand") ? ".ms-hand" : node.closest(".mc-hand") ? ".mc-hand" : ".hand"} [data-card="${CSS.escape(d.card)}"]`;
  return null;
}

// ---- the box -------------------------------------------------------------------------------------
function make() {
  const node = el("div", "card-text");
  node.id = "card-text";
  node.setAttribute("role", "dialog");
  node.setAttribute("aria-labelledby", "card-text-name");
  node.hidden = true;
  document.body.append(node);
  return node;
}

function fill() {
  const anchor = box.anchor;
  const { name, text, note } = textOf(anchor);
  const head = el("div", "ct-head");
  const title = el("b", "ct-name", name || text.split("\n")[0]);
  title.id = "card-text-name";
  const close = el("button", "ct-close", "×");
  close.type = "button";
  close.setAttribute("aria-label", "Close");
  close.addEventListener("click", hide);
  head.append(title, close);
  const parts = [head];
  const body = name ? text : text.split("\n").slice(1).join("\n");
  if (body) parts.push(el("p", "ct-body", tapWords(body)));
  if (note) parts.push(el("p", "ct-note", tapWords(note)));
  parts.push(el("p", "ct-why"));
  box.play = null;
  if (acts(anchor) && !anchor.hasAttribute("aria-expanded")) {
    const verb = anchor.dataset.verb || "Play";
    const play = el("button", "button primary ct-play", verb);
    play.type = "button";
    play.setAttribute("aria-label", name ? `${verb}: ${name}` : verb);
    play.addEventListener("click", playIt);
    const row = el("div", "ct-actions");
    row.append(play);
    parts.push(row);
    box.play = play;
  }
  box.node.replaceChildren(...parts);
  box.node.classList.toggle("playing", Boolean(box.play));
  mirrorWhy();
}

// The reason why.js gives for this card (a card that cannot be played now), said in the box too:
// one box on the card, not two.
function mirrorWhy() {
  const line = box.node && box.node.querySelector(".ct-why");
  const tip = document.getElementById("why-tip");
  const ours = Boolean(box.anchor && tip && !tip.hidden && (box.anchor.getAttribute("aria-describedby") || "").split(" ").includes("why-tip"));
  document.body.classList.toggle("card-text-why", ours);
  if (line) line.textContent = ours ? tip.textContent : "";
}

function place() {
  const node = box.node;
  const at = box.anchor.getBoundingClientRect();
  if (at.bottom < 0 || at.top > innerHeight) {
    hide();
    return;
  }
  node.style.left = "0px";
  node.style.top = "0px";
  const width = node.offsetWidth;
  const height = node.offsetHeight;
  const left = Math.min(Math.max(4, at.left + at.width / 2 - width / 2), Math.max(4, innerWidth - width - 4));
  const above = at.top - height - 8;
  const top = above >= 4 ? above : Math.max(4, Math.min(at.bottom + 8, innerHeight - height - 4));
  node.style.left = `${Math.round(left)}px`;
  node.style.top = `${Math.round(top)}px`;
}

function show(anchor) {
  if (!box.node) box.node = make();
  if (box.anchor && box.anchor !== anchor) box.anchor.classList.remove("text-shown");
  box.anchor = anchor;
  box.key = keyOf(anchor);
  anchor.classList.add("text-shown");
  fill();
  box.node.hidden = false;
  place();
  if (!box.observer) box.observer = new MutationObserver(later);
  box.observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ["hidden", "aria-describedby"] });
}

function hide() {
  if (box.observer) box.observer.disconnect();
  cancelAnimationFrame(box.frame);
  box.frame = 0;
  if (box.anchor) box.anchor.classList.remove("text-shown");
  box.anchor = null;
  box.key = null;
  box.play = null;
  document.body.classList.remove("card-text-why");
  if (box.node) {
    box.node.hidden = true;
    box.node.replaceChildren();
  }
}

// The table drawn again (or the why tooltip filled): follow the card, or close.
function later(records) {
  if (records && records.every((r) => box.node && box.node.contains(r.target))) return;
  if (!box.frame) box.frame = requestAnimationFrame(follow);
}

function follow() {
  box.frame = 0;
  if (!box.anchor) return;
  if (!box.anchor.isConnected) {
    const again = box.key ? document.querySelector(box.key) : null;
    if (!again || !again.closest(SCOPE)) {
      hide();
      return;
    }
    box.anchor = again;
    again.classList.add("text-shown");
    box.observer.disconnect();
    fill();
    box.observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ["hidden", "aria-describedby"] });
  } else {
    mirrorWhy();
  }
  place();
}

function playIt() {
  const card = box.anchor && box.anchor.isConnected ? box.anchor : box.key ? document.querySelector(box.key) : null;
  hide();
  if (!card || !acts(card)) return;
  passing = card;
  try {
    card.click();
  } finally {
    passing = null;
  }
}

// ---- the events ------------------------------------------------------------------------------------
function touched(event) {
  if (event.pointerType) return event.pointerType === "touch";
  return event.detail > 0 && lastPointer === "touch"; // a click from a browser without pointer types on its clicks
}

function onClick(event) {
  if (!touched(event)) return;
  const node = explained(event.target);
  if (!node || node === passing) return;
  const plays = acts(node) && !node.hasAttribute("aria-expanded");
  if (node.hasAttribute("aria-expanded") && !node.matches("[data-text]")) return; // its own confirmation shows the card
  if (plays) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }
  if (box.anchor === node && !box.node.hidden) hide();
  else show(node);
}

let ready = false;
export function setupCardText() {
  if (ready) return;
  ready = true;
  document.addEventListener("pointerdown", (e) => {
    lastPointer = e.pointerType || "mouse";
    if (box.anchor && !box.node.contains(e.target) && !box.anchor.contains(e.target)) hide();
  }, true);
  window.addEventListener("click", onClick, true); // before the card's own click
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && box.anchor) hide();
  });
  window.addEventListener("scroll", () => box.anchor && !box.frame && (box.frame = requestAnimationFrame(follow)), { passive: true, capture: true });
  window.addEventListener("resize", () => box.anchor && place());
}
