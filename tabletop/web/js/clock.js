// Table clocks in the browser: time controls in words, countdowns that tick every second, and the
// table page's clocks panel, "you were away" banner and "Leave the game" button.
//
// A clock the server sends is {seat, ends, reserve, window}: `ends` is when the seat's time runs
// out (epoch seconds: the move's time, then its reserve), `reserve` the reserve it had when asked;
// a response window (`window`: answering someone else's decision) has no reserve and closes with
// the rules' neutral answer.
// The server also sends its `now`, so a browser whose own clock is wrong still counts right.
import { el, madeOnce } from "./cards.js";
import { botMark } from "./names.js";
import { seatLabel } from "./words.js";

const LOW = 10; // seconds under which a countdown turns red
let offset = 0; // the server's clock minus this browser's, in seconds
let ticking = null;

export function syncNow(now) {
  if (typeof now === "number" && Number.isFinite(now)) offset = now - Date.now() / 1000;
}

export function serverNow() {
  return Date.now() / 1000 + offset;
}

function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

// A setting's length in words: 90 → "90 s", 300 → "5 min", 86400 → "1 day".
export function duration(seconds) {
  const s = Math.round(seconds);
  if (s % 86400 === 0 && s > 0) return plural(s / 86400, "day");
  if (s % 3600 === 0 && s > 0) return `${s / 3600} h`;
  if (s >= 120 && s % 60 === 0) return `${s / 60} min`;
  return `${s} s`;
}

// A time control in words: "90 s + 5 min", "1 day / move + 3 days", "untimed".
export function describeClock(clock) {
  if (!clock || clock.mode === "none") return "untimed";
  if (clock.mode === "turn") return `${duration(clock.move)} / move${clock.reserve > 0 ? ` + ${duration(clock.reserve)}` : ""}`;
  return clock.reserve > 0 ? `${duration(clock.move)} + ${duration(clock.reserve)}` : `${duration(clock.move)} a move`;
}

const pad = (n) => String(n).padStart(2, "0");

// Time left in words: "01:30" (real time), "2 d 3 h" or "5 h 12 min" (turn-based, an hour or more).
export function formatLeft(seconds, mode = "realtime") {
  const s = Math.max(0, Math.ceil(seconds));
  if (mode === "turn" && s >= 3600) {
    const days = Math.floor(s / 86400);
    const hours = Math.floor((s % 86400) / 3600);
    return days ? `${days} d ${hours} h` : `${hours} h ${Math.floor((s % 3600) / 60)} min`;
  }
  if (s >= 3600) return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
}

// A clock's parts now: the move's time left, the reserve left, and all of it.
export function clockLeft(entry) {
  const left = entry.ends - serverNow();
  const reserve = Math.max(0, entry.reserve || 0);
  return { left, move: Math.max(0, left - reserve), reserve: Math.max(0, Math.min(reserve, left)) };
}

function fill(node) {
  const entry = { ends: Number(node.dataset.ends), reserve: Number(node.dataset.reserve) };
  const window = node.dataset.window === "true";
  const mode = node.dataset.mode;
  const { left, move, reserve } = clockLeft(entry);
  const main = node.querySelector(".move");
  const extra = node.querySelector(".reserve");
  const inReserve = move <= 0 && left > 0;
  main.textContent = formatLeft(move > 0 ? move : reserve, mode);
  extra.textContent = move > 0 && reserve > 0 ? `+ ${formatLeft(reserve, mode)} reserve` : inReserve ? "reserve" : "";
  extra.hidden = !extra.textContent;
  node.classList.toggle("in-reserve", inReserve);
  node.classList.toggle("low", left < LOW);
  node.classList.toggle("out", left <= 0);
  if (window) {
    node.title = left > 0 ? `Time left to answer: ${formatLeft(left, mode)}` : "Time is up: the window closes with no answer";
  } else {
    node.title = left > 0 ? `Time left: ${formatLeft(left, mode)} in all` : "Time is up: a bot plays for this seat";
  }
}

export function tickAll() {
  for (const node of document.querySelectorAll(".countdown[data-ends]")) fill(node);
}

// A countdown for a clock entry, kept up to date every second while it is in the page.
export function countdown(entry, mode) {
  const node = el("span", "countdown");
  node.dataset.ends = String(entry.ends);
  node.dataset.reserve = String(entry.window ? 0 : entry.reserve || 0);
  node.dataset.window = String(Boolean(entry.window));
  node.dataset.mode = mode || "realtime";
  node.append(el("span", "move"), " ", el("span", "reserve"));
  fill(node);
  if (ticking === null) ticking = setInterval(tickAll, 1000);
  return node;
}

// ---- the table page ---------------------------------------------------------------------

// Note the clocks a welcome's table or an update carries (and the server's time).
export function noteClocks(page, source) {
  if (!source) return;
  if (Array.isArray(source.clocks)) page.clocks = source.clocks;
  syncNow(source.now);
}

function badge(text, kind) {
  return el("span", `tag ${kind}`, text);
}

function seatRow(page, seat, clocks) {
  const info = page.seats[seat.seat] || seat;
  const mode = page.table.clock ? page.table.clock.mode : "none";
  const row = el("li", "clock-seat");
  row.dataset.seat = String(seat.seat);
  const name = info.user || seatLabel(seat.seat, page.seats);
  row.append(el("span", "name", seat.seat === page.me ? `${name} (you)` : name));
  const mark = botMark(info); // a bot account's (issue 32)
  if (mark) row.append(mark);
  if (info.absent) row.append(badge("absent", "absent"));
  if (info.left) row.append(badge("left", "left"));
  const clock = clocks.find((c) => c.seat === seat.seat);
  if (clock && !page.over) {
    row.classList.add("asked");
    row.append(countdown(clock, mode));
  } else if (mode !== "none" && page.table.clock.reserve > 0 && info.kind === "person" && typeof info.reserve === "number") {
    row.append(el("span", "muted reserve-left", `reserve ${formatLeft(info.reserve, mode)}`));
  }
  return row;
}

function clocksPanel() {
  return madeOnce("clocks", "section", "panel clocks", (panel) => {
    panel.setAttribute("aria-label", "Clocks");
    const side = document.getElementById("side");
    side.parentNode.insertBefore(panel, side);
  });
}

function drawPanel(page) {
  const clock = page.table.clock;
  const timed = clock && clock.mode !== "none";
  const flagged = page.seats.some((s) => s.absent || s.left);
  const panel = clocksPanel();
  panel.hidden = !timed && !flagged;
  if (panel.hidden) return;
  const heading = el("h2", null, timed ? `Clocks · ${describeClock(clock)}` : "Players");
  const list = el("ul", "clock-list");
  const clocks = page.clocks || [];
  for (const seat of page.seats) list.append(seatRow(page, seat, clocks));
  panel.replaceChildren(heading, list);
}

function notice() {
  return madeOnce("seat-notice", "div", "seat-notice", (box) => {
    box.setAttribute("role", "status");
    box.hidden = true;
    document.querySelector("header.top").after(box);
  });
}

// The table page's extras; `send(message)` sends a message on the table's socket (false: closed).
export function seatExtras(send) {
  let asking = false; // "Leave the game?" is being asked
  let backSent = false;
  let drawn = null;

  // The notice is drawn again only when what it says changes: a button re-made on every update
  // (the bot playing for an away seat sends many) would slip from under the mouse.
  function show(box, key, ...children) {
    box.hidden = false;
    if (box.dataset.key === key) return;
    box.dataset.key = key;
    box.className = `seat-notice ${key.split(":")[0]}`;
    box.replaceChildren(...children);
  }

  function drawNotice(page) {
    const box = notice();
    const mine = page.me === null ? null : page.seats[page.me];
    if (!mine || page.over) {
      box.hidden = true;
      box.dataset.key = "";
      return;
    }
    if (mine.left) {
      show(box, "left", el("span", null, "You left this game: a bot plays your seat to the end."));
      return;
    }
    if (mine.absent) {
      const key = backSent ? "away:sent" : "away";
      if (box.dataset.key === key && !box.hidden) return;
      const back = el("button", "button small primary", backSent ? "Coming back…" : "I'm back");
      back.type = "button";
      back.id = "back";
      back.disabled = backSent;
      back.addEventListener("click", () => {
        backSent = send({ type: "back" });
        if (drawn) drawNotice(drawn);
      });
      show(box, key, el("span", null, "You were away: a bot played for you. "), back);
      return;
    }
    backSent = false;
    if (asking) {
      if (box.dataset.key === "confirm" && !box.hidden) return;
      const yes = el("button", "button small danger", "Leave for good");
      yes.type = "button";
      yes.id = "confirm-leave";
      yes.addEventListener("click", () => {
        asking = false;
        send({ type: "leave" });
        if (drawn) drawNotice(drawn);
      });
      const no = el("button", "button small", "Stay");
      no.type = "button";
      no.id = "cancel-leave";
      no.addEventListener("click", () => {
        asking = false;
        if (drawn) render(drawn);
      });
      show(box, "confirm", el("span", null, "Leave this game for good? A bot will play your seat to the end, and you cannot come back. "), yes, no);
      return;
    }
    box.hidden = true;
    box.dataset.key = "";
  }

  function drawLeave(page) {
    const button = document.getElementById("leave");
    if (!button) return;
    const mine = page.me === null ? null : page.seats[page.me];
    button.hidden = !mine || mine.kind !== "person" || mine.left || page.over;
    button.disabled = asking;
    if (!button.dataset.wired) {
      button.dataset.wired = "1";
      button.addEventListener("click", () => {
        asking = true;
        if (drawn) render(drawn);
      });
    }
  }

  function render(page) {
    drawn = page;
    if (!page.table) return;
    drawPanel(page);
    drawNotice(page);
    drawLeave(page);
  }

  return { render };
}
