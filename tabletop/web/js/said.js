// A line of the log as the server words it: text with small cards in it, and a tone.
import { MARKS, el, parts } from "./cards.js";
import { cardName as manaName, manaChip } from "./manasurge-cards.js";

function numberClass(value) {
  return value <= 4 ? "low" : value <= 8 ? "mid" : "high";
}

function piece(part) {
  if (typeof part === "string") return document.createTextNode(part);
  if ("number" in part) return el("span", `log-number ${numberClass(part.number)}`, String(part.number));
  if ("mana" in part) return manaChip(part.mana); // a ManaSurge card: rank and suit letter, or its name
  const p = parts(part.card);
  const text = part.form === "short" ? `${p.letter}${p.value}` : part.form === "named" ? `${p.colour} ${p.rank} ${p.value}` : `${p.rank} ${p.value}`;
  const chip = el("span", `log-card ${p.colour}`, `${MARKS[p.colour]} ${text}`);
  chip.title = `the ${p.colour} ${p.rank} (${p.value})`;
  return chip;
}

// An <li> for an event's words (null when the event has none).
export function lineItem(event, extraClass = "") {
  if (!event.words) return null;
  const item = el("li", [event.words.tone, extraClass].filter(Boolean).join(" ") || null);
  item.append(...event.words.parts.map(piece));
  return item;
}

// An event's words as plain text, for a screen reader ("Bot 1 plays the blue Knight 9").
export function lineText(event) {
  if (!event.words) return "";
  return event.words.parts
    .map((part) => {
      if (typeof part === "string") return part;
      if ("number" in part) return String(part.number);
      if ("mana" in part) return manaName(part.mana);
      const p = parts(part.card);
      return `${p.colour} ${p.rank} ${p.value}`;
    })
    .join("");
}
