// A seat's head at a table (Summon 7 and the clan game, ManaSurge): the connection dot, the seat's
// short name, the BOT marker of a bot account (issue 32) and a bot's level as a tag (a narrow seat
// keeps the whole name, so the level may not be in it); the game appends its own marks.
import { el, shortSeat } from "./cards.js";
import { botMark } from "./names.js";

export function seatHeadBase(seat, ctx) {
  const info = (ctx.seats || [])[seat] || {};
  const head = el("div", "seat-head");
  const dot = el("span", `dot ${info.online === false ? "off" : "on"}`);
  dot.title = info.kind === "bot" ? "bot" : info.online === false ? "not connected" : "connected";
  const name = shortSeat(seat, ctx);
  head.append(dot, el("span", "name", name));
  const mark = botMark(info);
  if (mark) head.append(mark);
  if (info.kind === "bot" && info.level && !name.includes(info.level)) head.append(el("span", "tag", info.level));
  return head;
}
