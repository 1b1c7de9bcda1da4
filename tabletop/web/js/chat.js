// The table's chat in the sidebar: "name: text" lines, and a box to write in for a seated player.
// A line is text written by another person: it is only ever set as textContent, never parsed as HTML.
// A seated player clicks (or focuses and presses Enter on) another seat's name for the line's menu:
// Mute that seat's lines (kept by the server, across reloads) or Report the line to the admins.
import { el } from "./cards.js";

const KEEP = 200;
const chat = { lines: [], me: null, send: null, message: null, bound: false, muted: new Set(), names: {} };
const $ = (sel) => document.querySelector(sel);

function item(line) {
  const li = el("li", line.seat === chat.me && chat.me !== null ? "mine" : null);
  const name = el("span", "chat-name", `${line.name}:`);
  if (chat.me !== null && line.seat !== null && line.seat !== chat.me) {
    name.tabIndex = 0;
    name.setAttribute("role", "button");
    name.setAttribute("aria-haspopup", "menu");
    name.title = "Mute or report";
  }
  li.append(name, document.createTextNode(" "), el("span", "chat-text", line.text));
  if (typeof line.at === "number") li.title = new Date(line.at * 1000).toLocaleTimeString();
  return li;
}

function scrollDown(list) {
  list.scrollTop = list.scrollHeight;
}

function closeMenu() {
  const menu = $("#chat-menu");
  if (menu) menu.remove();
}

// The menu of one line: outside the list, so the list holds only the lines.
function openMenu(line, anchor) {
  closeMenu();
  const menu = el("div", "chat-menu");
  menu.id = "chat-menu";
  menu.setAttribute("role", "menu");
  const who = String(line.name);
  const mute = el("button", "button small", `Mute ${who}`);
  mute.type = "button";
  mute.setAttribute("role", "menuitem");
  mute.addEventListener("click", () => {
    chat.message?.({ type: "mute", seat: line.seat, on: true });
    closeMenu();
  });
  const reason = el("input");
  reason.type = "text";
  reason.maxLength = 200;
  reason.placeholder = "Why report it? (optional)";
  reason.setAttribute("aria-label", "Why report this line");
  const report = el("button", "button small", "Report line");
  report.type = "button";
  report.setAttribute("role", "menuitem");
  report.addEventListener("click", () => {
    chat.message?.({ type: "report", seat: line.seat, at: line.at, text: line.text, reason: reason.value.trim() });
    closeMenu();
  });
  const cancel = el("button", "button small ghost", "Close");
  cancel.type = "button";
  cancel.addEventListener("click", closeMenu);
  menu.append(el("p", "chat-menu-line", `${who}: ${line.text}`), mute, reason, report, cancel);
  anchor.closest(".chat-panel").append(menu);
  mute.focus();
}

function drawMuted() {
  let box = $("#chat-muted");
  if (!box) {
    box = el("p", "chat-note muted");
    box.id = "chat-muted";
    $("#chat").after(box);
  }
  box.replaceChildren();
  box.hidden = chat.muted.size === 0;
  if (box.hidden) return;
  box.append("Muted: ");
  for (const seat of [...chat.muted].sort()) {
    const unmute = el("button", "button small ghost", `${chat.names[seat] || `Seat ${seat}`} (unmute)`);
    unmute.type = "button";
    unmute.addEventListener("click", () => chat.message?.({ type: "mute", seat, on: false }));
    box.append(unmute, " ");
  }
}

function bind() {
  if (chat.bound) return;
  chat.bound = true;
  $("#chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("#chat-text");
    const text = input.value.trim();
    if (!text || !chat.send) return;
    if (chat.send(text)) input.value = "";
  });
  const list = $("#chat");
  const pick = (event) => {
    const name = event.target.closest(".chat-name[role=button]");
    if (!name) return;
    const li = name.closest("li");
    const line = chat.lines[[...list.children].indexOf(li)];
    if (line) openMenu(line, list);
  };
  list.addEventListener("click", pick);
  list.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      pick(event);
      if (event.target.closest(".chat-name[role=button]")) event.preventDefault();
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") closeMenu();
  });
}

// On each welcome: the table's recent lines, the seat (null: a spectator, who only reads),
// send(text), which returns whether the line went out, and message(object) for the other messages.
export function startChat(lines, seat, send, message = null) {
  chat.lines = (lines || []).slice(-KEEP);
  chat.me = seat;
  chat.send = send;
  chat.message = message;
  chat.muted = new Set();
  for (const line of chat.lines) chat.names[line.seat] = line.name;
  bind();
  closeMenu();
  const list = $("#chat");
  list.replaceChildren(...chat.lines.map(item));
  $("#chat-form").hidden = seat === null;
  $("#chat-note").hidden = seat !== null;
  drawMuted();
  scrollDown(list);
}

// The seats this seat muted ("muted" message): their lines leave the list.
export function setMuted(seats) {
  chat.muted = new Set(seats || []);
  chat.lines = chat.lines.filter((line) => !chat.muted.has(line.seat));
  const list = $("#chat");
  list.replaceChildren(...chat.lines.map(item));
  drawMuted();
}

// A line that came in a "chat" message.
export function addChatLine(line) {
  if (chat.muted.has(line.seat)) return;
  chat.names[line.seat] = line.name;
  const list = $("#chat");
  chat.lines.push(line);
  list.append(item(line));
  while (chat.lines.length > KEEP) {
    chat.lines.shift();
    list.firstElementChild.remove();
  }
  scrollDown(list);
}
