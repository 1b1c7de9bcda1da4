// The table's chat in the sidebar: "name: text" lines, and a box to write in for a seated player.
// A line is text written by another person: it is only ever set as textContent, never parsed as HTML.
import { el } from "./cards.js";

const KEEP = 200;
const chat = { lines: [], me: null, send: null, bound: false };
const $ = (sel) => document.querySelector(sel);

function item(line) {
  const li = el("li", line.seat === chat.me && chat.me !== null ? "mine" : null);
  li.append(el("span", "chat-name", `${line.name}:`), document.createTextNode(" "), el("span", "chat-text", line.text));
  if (typeof line.at === "number") li.title = new Date(line.at * 1000).toLocaleTimeString();
  return li;
}

function scrollDown(list) {
  list.scrollTop = list.scrollHeight;
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
}

// On each welcome: the table's recent lines, the seat (null: a spectator, who only reads), and
// send(text), which returns whether the line went out.
export function startChat(lines, seat, send) {
  chat.lines = (lines || []).slice(-KEEP);
  chat.me = seat;
  chat.send = send;
  bind();
  const list = $("#chat");
  list.replaceChildren(...chat.lines.map(item));
  $("#chat-form").hidden = seat === null;
  $("#chat-note").hidden = seat !== null;
  scrollDown(list);
}

// A line that came in a "chat" message.
export function addChatLine(line) {
  const list = $("#chat");
  chat.lines.push(line);
  list.append(item(line));
  while (chat.lines.length > KEEP) {
    chat.lines.shift();
    list.firstElementChild.remove();
  }
  scrollDown(list);
}
