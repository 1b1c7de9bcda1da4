// The keyboard at the table: as in the terminal, a choice's number picks it (1 to 9 at once; with
// ten choices or more, type the digits and press Enter, or wait a moment); "?" shows the keys.
// While the keyboard is in use, each choice on the table shows its number, beside its words (never
// over them), and the digits typed so far show in a small box.  Digits work wherever the focus is
// but in a text field: a list (a <select>, which Tab reaches) has nothing to do with them.  Focus
// is kept on the same choice (or the table) when the table is drawn again.
import { el } from "./cards.js";

const WAIT = 900; // ms to wait for a second digit
const SHOWN = 1500; // ms "no choice 12" stays
const typed = { digits: "", timer: null, box: null, hide: null };
let state = { legal: [], act: null };
let dialog = null;

function isTyping(target) {
  return target && (target.isContentEditable || ["INPUT", "TEXTAREA"].includes(target.tagName));
}

// The digits typed so far (a choice of ten or more waits for the next), or what came of them.
function echo(words, kind) {
  if (!typed.box) {
    typed.box = el("div", "keys-typed");
    typed.box.id = "keys-typed";
    typed.box.setAttribute("role", "status");
    typed.box.hidden = true;
    document.body.append(typed.box);
  }
  clearTimeout(typed.hide);
  typed.box.hidden = !words;
  typed.box.className = `keys-typed ${kind || ""}`.trim();
  typed.box.replaceChildren();
  if (!words) return;
  if (kind === "typing") {
    typed.box.append(el("b", "keys-digits", words), el("span", null, " Enter, or another digit"));
  } else {
    typed.box.textContent = words;
    typed.hide = setTimeout(() => echo(""), SHOWN);
  }
}

function pick(n) {
  const text = state.legal[n - 1];
  if (text !== undefined && state.act) state.act(text);
  return text !== undefined;
}

function flush() {
  clearTimeout(typed.timer);
  typed.timer = null;
  const n = Number(typed.digits);
  typed.digits = "";
  if (!n) echo("");
  else if (pick(n)) echo(`Choice ${n}`, "done");
  else echo(`No choice ${n}: there are ${state.legal.length}`, "none");
}

const SHORTCUTS = [
  ["1 … 9", "the choice with that number (the numbers show on the table while you use the keyboard)"],
  ["digits, then Enter", "choice 10 and above (the digits typed show at the bottom left; they work in the list of places too)"],
  ["Tab, Shift+Tab", "move between the cards and the buttons"],
  ["Enter or Space", "play the card or press the button in focus"],
  ["?", "this list"],
  ["Escape", "close this list, or the menu"],
];

function helpDialog() {
  if (dialog) return dialog;
  dialog = el("dialog", "keys-dialog");
  dialog.setAttribute("aria-labelledby", "keys-title");
  const title = el("h2", null, "Keys");
  title.id = "keys-title";
  const list = el("dl", "keys-list");
  for (const [key, meaning] of SHORTCUTS) list.append(el("dt", null, key), el("dd", null, meaning));
  const close = el("button", "button small", "Close");
  close.type = "button";
  close.addEventListener("click", () => dialog.close());
  dialog.append(title, list, close);
  document.body.append(dialog);
  return dialog;
}

export function showKeys() {
  const box = helpDialog();
  if (!box.open) box.showModal();
}

// Number the choices on the table as the terminal does: the n-th legal action is n.
function number(root) {
  const index = new Map(state.legal.map((text, i) => [text, i + 1]));
  for (const node of root.querySelectorAll("[data-action]")) {
    const n = index.get(node.dataset.action);
    if (n) node.dataset.shortcut = String(n);
    else delete node.dataset.shortcut;
  }
}

// After each drawing: the legal actions (in the view's order), the function that plays one (null:
// none), and the table's root.
export function noteChoices(legal, act, root) {
  state = { legal: act ? legal || [] : [], act };
  if (root) number(root);
}

// What has the focus in ``root``, to find it again once ``root`` is drawn anew.
export function focusMark(root) {
  const active = document.activeElement;
  if (!active || active === document.body || !root.contains(active)) return null;
  const data = active.dataset || {};
  return { action: data.action, card: data.card, key: data.key, id: active.id, inRoot: true };
}

export function restoreFocus(root, mark) {
  if (!mark || root.contains(document.activeElement)) return;
  const nodes = [...root.querySelectorAll("[data-action], [data-card], [data-key], [id]")];
  const same = nodes.find(
    (n) => (mark.action && n.dataset.action === mark.action) || (mark.key && n.dataset.key === mark.key) || (mark.id && n.id === mark.id),
  ) || (mark.card ? nodes.find((n) => n.dataset.card === mark.card && n.matches("button")) : null);
  const target = same || root.querySelector("button.playable, [data-action]") || root;
  target.focus({ preventScroll: true });
}

export function setupKeys(button) {
  if (button) button.addEventListener("click", showKeys);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Tab") document.body.classList.add("keyboard");
    if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
    if (dialog && dialog.open) return;
    if (event.key === "?") {
      event.preventDefault();
      showKeys();
      return;
    }
    if (/^[0-9]$/.test(event.key) && state.legal.length) {
      document.body.classList.add("keyboard");
      typed.digits += event.key;
      clearTimeout(typed.timer);
      const n = Number(typed.digits);
      if (state.legal.length < 10 || n * 10 > state.legal.length) flush();
      else {
        echo(typed.digits, "typing");
        typed.timer = setTimeout(flush, WAIT);
      }
      event.preventDefault();
      return;
    }
    if (event.key === "Enter" && typed.digits) {
      event.preventDefault();
      flush();
    }
  });
  document.addEventListener("pointerdown", () => document.body.classList.remove("keyboard"));
}
