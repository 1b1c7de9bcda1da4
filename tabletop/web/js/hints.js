// Hints (issue 28): at an unrated table, a seat the game asks may ask what the bot would play.  A
// "Hint" button in the header (behind the Menu on a phone) sends {"type": "hint"}; the server
// answers this socket only with the bot's top choices, each in the table's words with the seat's
// estimated chance of winning after it, and tells everybody's log who asked.  The answer is shown
// in a box over the table's corner (a polite live region reads it out), and each choice is marked
// on the board where an element plays it ([data-action]: a card, a button), numbered 1 to 3; both
// go when the table moves on.  A seat has a few hints a game (the server counts them: "N left").
import { el } from "./cards.js";
import { guideLeads } from "./tutorial.js";

const hints = {
  send: null, button: null, box: null, list: null,
  allowed: false, used: 0, limit: 0, pending: false, shown: null, // shown: {step, choices}
};

const percent = (chance) => `${Math.round(chance * 100)}%`;

// Once per page: ``send`` sends a message on the table's socket (false when it is closed); the
// button goes before ``before`` (the header's Rules button).
export function setupHints(send, before) {
  hints.send = send;
  hints.button = el("button", "button small hint-button", "Hint");
  hints.button.type = "button";
  hints.button.id = "hint-button";
  hints.button.hidden = true;
  hints.button.addEventListener("click", ask);
  before.before(hints.button);
  hints.box = el("section", "hint-box");
  hints.box.id = "hint-box";
  hints.box.hidden = true;
  hints.box.setAttribute("aria-labelledby", "hint-title");
  const head = el("div", "hint-head");
  const title = el("h2", null, "Hint");
  title.id = "hint-title";
  const close = el("button", "button small", "Close");
  close.type = "button";
  close.addEventListener("click", () => hide(true));
  head.append(title, close);
  const intro = el("p", "muted hint-intro", "What the bot would play, and your chance of winning after it:");
  hints.list = el("ol", "hint-list");
  hints.list.setAttribute("aria-live", "polite");
  hints.box.append(head, intro, hints.list);
  hints.box.addEventListener("keydown", (e) => {
    if (e.key === "Escape") hide(true);
  });
  document.body.append(hints.box);
}

// The welcome's ``hints`` ({"allowed", "used", "limit"}: this seat's), or nothing for a spectator.
export function hintsWelcome(info) {
  hints.allowed = Boolean(info && info.allowed);
  hints.used = info ? info.used : 0;
  hints.limit = info ? info.limit : 0;
  hints.pending = false;
}

function ask() {
  if (hints.pending || !hints.send || !hints.send({ type: "hint" })) return;
  hints.pending = true;
  hints.button.disabled = true;
  hints.button.textContent = "Thinking…";
}

// The server's answer: {"type": "hint", "step", "choices": [{"action", "label", "chance"}], "used", "limit"}.
export function hintAnswer(msg, board, step) {
  hints.pending = false;
  hints.used = msg.used;
  hints.limit = msg.limit;
  hints.shown = { step: msg.step, choices: msg.choices };
  const items = msg.choices.map((choice, i) => {
    const item = el("li", i === 0 ? "hint-choice best" : "hint-choice");
    const chance = el("span", "hint-chance", percent(choice.chance));
    chance.setAttribute("aria-label", `${percent(choice.chance)} chance of winning`);
    const bar = el("span", "hint-bar");
    bar.style.setProperty("--chance", String(choice.chance));
    bar.setAttribute("aria-hidden", "true");
    const rank = el("span", "hint-rank", String(i + 1));
    rank.setAttribute("aria-hidden", "true"); // the list's own order says it
    item.append(rank, el("span", "hint-label", choice.label), bar, chance);
    if (i === 0) item.append(el("span", "hint-pick muted", " (the bot's choice)"));
    return item;
  });
  hints.list.replaceChildren(...items);
  hints.box.hidden = msg.step !== step;
  mark(board, step);
}

// An error while a hint was asked for: the button comes back (the error itself is a toast).
export function hintFailed() {
  hints.pending = false;
}

// After each drawing of the table: the button's state, and the hint's marks on the new board (or
// the hint put away once the table has moved on).
export function hintsRedrawn(page, board) {
  const button = hints.button;
  if (!button) return;
  const seated = page.me !== null && !page.over && hints.allowed && !guideLeads();
  button.hidden = !seated;
  if (hints.shown && hints.shown.step !== page.step) hide(false);
  if (!seated) return;
  const asked = Boolean(page.view && (page.view.legal || []).length);
  const left = Math.max(0, hints.limit - hints.used);
  if (hints.pending) {
    button.disabled = true;
    return;
  }
  button.textContent = `Hint (${left} left)`;
  button.disabled = !asked || left === 0;
  button.title = left === 0 ? "You have had this game's hints" : asked ? "What would the bot play?" : "A hint is for your own turn";
  mark(board, page.step);
}

function mark(board, step) {
  if (!board || !hints.shown || hints.shown.step !== step) return;
  for (const node of board.querySelectorAll(".hinted")) {
    node.classList.remove("hinted");
    delete node.dataset.hintRank;
  }
  hints.shown.choices.forEach((choice, i) => {
    for (const node of board.querySelectorAll("[data-action]")) {
      if (node.dataset.action !== choice.action) continue;
      node.classList.add("hinted");
      node.dataset.hintRank = String(i + 1);
    }
  });
}

function hide(byHand) {
  hints.box.hidden = true;
  hints.shown = null;
  for (const node of document.querySelectorAll(".hinted")) {
    node.classList.remove("hinted");
    delete node.dataset.hintRank;
  }
  if (byHand && hints.button && !hints.button.hidden) hints.button.focus();
}
