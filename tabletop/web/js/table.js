// The table page: one WebSocket, the seat's view drawn by the game's renderer, the log, the end.
import { api, hashParams, playerName, tableId, toast } from "./api.js";
import { el } from "./cards.js";
import { deviceWords, setupCardText } from "./cardtext.js";
import { addChatLine, setMuted, startChat } from "./chat.js";
import { noteClocks, seatExtras } from "./clock.js";
import { glossary, termFocus } from "./glossary.js";
import { hintAnswer, hintFailed, hintsRedrawn, hintsWelcome, setupHints } from "./hints.js";
import { focusMark, noteChoices, restoreFocus, setupKeys } from "./keys.js";
import { marked } from "./names.js";
import { notifyButton, titled, turnNotice } from "./notify.js";
import { setupPanels } from "./panels.js";
import { rendererFor } from "./renderers.js";
import { setupRules } from "./rules.js";
import { lineItem, lineText } from "./said.js";
import { guideNote, guideRedrawn, setupGuide } from "./tutorial.js";
import { setupWhy, whyAnswer, whyRedrawn, whyShown } from "./why.js";

const FINAL_CODES = new Set([4400, 4403, 4404]);
const LOG_MAX = 300;
const LOG_SHOWN = 150;

const id = tableId();
const token = hashParams().get("token");
const page = {
  table: null, seats: [], me: null, view: null, step: 0, over: false, last: null,
  labels: {}, content: {}, scores: null, log: [], logNew: 0, logFull: true, pending: false, socket: null, retry: 0, rematch: null, fresh: false, offers: [],
};
const $ = (sel) => document.querySelector(sel);
const extras = seatExtras(sendMessage); // clocks, "I'm back", "Leave the game" (clock.js)

function renderer() {
  return rendererFor(page.table && page.table.game);
}

function setStatus(text, kind) {
  const node = $("#status");
  node.textContent = text;
  node.className = `status ${kind}`;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}/ws/tables/${encodeURIComponent(id)}`);
  page.socket = socket;
  setStatus("connecting…", "wait");
  socket.addEventListener("open", () => {
    const join = { type: "join" };
    if (token) join.token = token;
    const name = playerName();
    if (token && name) join.name = name;
    socket.send(JSON.stringify(join));
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    if (page.socket !== socket) return;
    page.pending = false;
    if (FINAL_CODES.has(event.code)) {
      setStatus("refused", "bad");
      return;
    }
    setStatus("reconnecting…", "wait");
    const delay = Math.min(8000, 500 * 2 ** page.retry++);
    setTimeout(connect, delay);
  });
}

function receive(msg) {
  switch (msg.type) {
    case "welcome":
      page.retry = 0;
      Object.assign(page, {
        table: msg.table, seats: msg.table.seats, me: msg.seat, view: msg.view, labels: msg.labels || {}, content: msg.content || {}, scores: msg.table.scores, step: msg.step,
        over: msg.over, last: msg.last, log: msg.log, logFull: true, pending: false, rematch: msg.table.rematch, fresh: false, offers: msg.offers || [],
      });
      noteClocks(page, msg.table);
      hintsWelcome(msg.hints);
      guideNote(msg.tutorial); // a tutorial table's guide (tutorial.js)
      setStatus(msg.seat === null ? "watching" : "connected", "ok");
      render();
      noticeTurn();
      startChat(msg.chat, msg.seat, sendChat, sendMessage);
      break;
    case "update": {
      // an action sent is pending until its own update: another seat's (asked at the same time) may come first
      const answered = !page.pending || (msg.last && msg.last.seat === page.me) || msg.over;
      Object.assign(page, { view: msg.view, labels: msg.labels || {}, scores: msg.scores, step: msg.step, over: msg.over, last: msg.last, pending: !answered, fresh: true });
      noteClocks(page, msg);
      guideNote(msg.tutorial);
      page.log.push(...msg.events);
      page.logNew += msg.events.length;
      if (page.log.length > LOG_MAX) page.log.splice(0, page.log.length - LOG_MAX);
      const wasAsked = asked();
      draw();
      say(msg.events, !wasAsked && asked());
      noticeTurn();
      break;
    }
    case "seats":
      page.seats = msg.seats;
      if (page.table) page.table.seats = msg.seats;
      if (page.view) draw();
      break;
    case "chat":
      addChatLine(msg.line);
      break;
    case "muted": // the seats whose lines this seat muted (chat.js)
      setMuted(msg.seats);
      break;
    case "reported":
      toast("Reported: an admin will read it.", "ok");
      break;
    case "notice": // an admin paused, resumed or ended the table
      toast(msg.text, "info");
      break;
    case "why": // why a card or a place cannot be played now (why.js)
      whyAnswer(msg);
      break;
    case "hint": // what the bot would play for this seat (hints.js)
      hintAnswer(msg, $("#board"), page.step);
      if (page.view) draw();
      break;
    case "hinted": // somebody asked for a hint: a line of the log, for everybody
      page.log.push(msg.event);
      page.logNew += 1;
      say([msg.event], false);
      if (page.view) draw();
      break;
    case "offers": // trade offers made by this seat or to it (games that trade at any time)
      page.offers = msg.offers || [];
      if (page.view) draw();
      break;
    case "rematch":
      page.rematch = msg.table;
      if (page.view) draw();
      break;
    case "error":
      page.pending = false;
      hintFailed();
      toast(msg.error);
      if (page.view) draw();
      break;
    default:
      break;
  }
}

// Whether this seat has a choice to make now.
// The title and a notification when the table waits for us in a background tab (notify.js).
function noticeTurn() {
  turnNotice({ asked: asked(), over: page.over, step: page.step, title: page.table ? page.table.title : "", table: id });
}

function asked() {
  return page.me !== null && !page.over && Boolean(page.view && (page.view.legal || []).length);
}

// What happened, said politely to a screen reader (the page's #said live region).
function say(events, yourTurn) {
  const lines = events.map(lineText).filter(Boolean);
  if (yourTurn) lines.push("Your turn.");
  if (!lines.length) return;
  $("#said").textContent = lines.join(" ");
}

function sendChat(text) {
  if (!page.socket || page.socket.readyState !== WebSocket.OPEN) return false;
  page.socket.send(JSON.stringify({ type: "chat", text }));
  return true;
}

function sendMessage(message) {
  if (!page.socket || page.socket.readyState !== WebSocket.OPEN) return false;
  page.socket.send(JSON.stringify(message));
  return true;
}

function act(text) {
  if (page.pending || !page.socket || page.socket.readyState !== WebSocket.OPEN) return;
  page.pending = true;
  document.body.classList.add("pending");
  page.socket.send(JSON.stringify({ type: "action", action: text, step: page.step }));
}

// Updates drawn once a frame: the bots' moves come in bursts, and each drawing costs a layout.
let frame = 0;
function draw() {
  if (!frame) frame = requestAnimationFrame(() => {
    frame = 0;
    render();
  });
}

function render() {
  document.body.classList.toggle("pending", page.pending);
  document.body.dataset.step = String(page.step);
  document.body.dataset.seat = page.me === null ? "spectator" : String(page.me);
  const game = renderer();
  const ctx = {
    view: page.view, labels: page.labels, seats: page.seats, me: page.me, over: page.over, last: page.last,
    act: page.me === null || page.over ? null : act, fresh: page.fresh, scores: page.scores, content: page.content,
    table: page.table, offers: page.offers, send: page.me === null || page.over ? null : sendMessage,
  };
  const title = page.table ? page.table.title : "Table";
  document.title = titled(`${title} · ${page.me === null ? "watching" : "your seat"}`);
  $("#title").textContent = title;
  const account = page.me === null ? null : (page.seats[page.me] || {}).user;
  $("#who").textContent = page.me === null ? "You are watching" : `You are in seat ${page.me}${account ? ` as ${account}` : ""}`;
  const board = $("#board");
  const mark = focusMark(board);
  const explained = whyShown();
  const named = page.table ? page.table.game : null; // its glossary's terms are explained where they appear
  const term = termFocus(board);
  game.renderTable(board, ctx);
  deviceWords(board); // "tap", not "click", on a touch screen (cardtext.js)
  glossary(board, named, term);
  noteChoices(page.view.legal, ctx.act, board);
  restoreFocus(board, mark);
  whyRedrawn(board, explained, page.step);
  hintsRedrawn(page, board);
  const sideTerm = termFocus($("#side"));
  game.renderSide($("#side"), ctx);
  glossary($("#side"), named, sideTerm);
  renderLog();
  glossary($("#log"), named);
  renderEnd(game, ctx);
  extras.render(page);
  guideRedrawn(page);
  page.fresh = false;
}

// The log: only the new lines added, unless the seats (whose names it says) changed.
function renderLog() {
  const list = $("#log");
  const items = (events) => events.map((e) => lineItem(e)).filter(Boolean);
  if (page.logFull) list.replaceChildren(...items(page.log).slice(-LOG_SHOWN));
  else if (page.logNew) list.append(...items(page.log.slice(-page.logNew)));
  else return;
  while (list.childElementCount > LOG_SHOWN) list.firstElementChild.remove();
  page.logFull = false;
  page.logNew = 0;
  list.scrollTop = list.scrollHeight;
}

function renderEnd(game, ctx) {
  const box = $("#end");
  if (!page.over) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const rows = game.finalRows(page.view, ctx);
  const table = el("table", "final");
  for (const row of rows) {
    const tr = el("tr", row.seat === page.me ? "mine" : "");
    const name = marked(el("td", null, row.name), page.seats[row.seat]); // BOT after a bot account's name
    tr.append(el("td", "place", row.place ? `${row.place}.` : ""), name, el("td", "num", `${row.score} ${row.unit || "pts"}`));
    table.append(tr);
  }
  const winner = rows.find((r) => r.place === 1);
  const heading = winner && winner.seat === page.me ? "You win!" : "Final table";
  const buttons = el("div", "end-buttons");
  const people = page.seats.some((s) => s.kind === "person");
  if (page.rematch) {
    const go = el("a", "button primary", page.me === null ? "Watch the rematch" : "Go to the rematch");
    go.href = `/table/${page.rematch}${token && page.me !== null ? `#token=${token}` : ""}`;
    buttons.append(go);
  } else if (page.me !== null || !people) {
    const again = el("button", "button primary", "Rematch");
    again.type = "button";
    again.id = "rematch";
    again.addEventListener("click", rematch);
    buttons.append(again);
  }
  const replay = el("a", "button", "Replay the game");
  replay.href = `/replay/${id}${page.me !== null ? `#seat=${page.me}` : ""}`;
  const lobby = el("a", "button", "Lobby");
  lobby.href = "/";
  buttons.append(replay, lobby);
  box.replaceChildren(el("h2", null, heading), table, buttons);
}

async function rematch() {
  try {
    const data = await api(`/api/tables/${encodeURIComponent(id)}/rematch`, { method: "POST", body: { token } });
    location.assign(`/table/${data.table.id}${token ? `#token=${token}` : ""}`);
  } catch (err) {
    toast(err.message);
  }
}

$("#copy-watch").addEventListener("click", async () => {
  const { copy } = await import("./api.js");
  copy(`${location.origin}/table/${id}`, $("#copy-watch"));
});
window.addEventListener("hashchange", () => location.reload());
setupPanels();
setupCardText(); // a card's whole text on a tap, on a touch screen
setupKeys($("#keys-help"));
setupWhy($("#board"), sendMessage);
setupHints(sendMessage, $("#rules-button"));
setupGuide(id, token);
setupRules($("#rules-button"), () => page.table && page.table.game);
notifyButton($("#top-actions"));
connect();
