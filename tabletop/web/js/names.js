// The BOT marker (issue 32): beside the name of a bot account wherever a page shows one (the seats
// at a table, the lobby, the leaderboard, a player page), from the `bot: true` the server sends
// with it. A built-in level's name says "Bot" already ("Bot 1 (normal)", "Bot (easy)"): it gets none.
import { el } from "./cards.js";

// Whether `entry` (a seat of a table's summary, a leaderboard row, a player page) is a bot account's.
export function isBotAccount(entry) {
  if (!entry || !entry.bot) return false;
  return entry.kind !== "bot" && !String(entry.player || "").startsWith("bot:");
}

// The marker for `entry`, or null when it is no bot account's.
export function botMark(entry) {
  if (!isBotAccount(entry)) return null;
  const mark = el("span", "tag bot-mark", "BOT");
  mark.title = "a bot account: a program plays under this name";
  return mark;
}

// `node` (an element holding a name, in a line of text) with the marker after the name.
export function marked(node, entry) {
  const mark = botMark(entry);
  if (mark) node.append(" ", mark);
  return node;
}

// A name in a span of `className`, with the marker when `entry` is a bot account's.
export function nameNode(text, entry, className = "name") {
  return marked(el("span", className, text), entry);
}
