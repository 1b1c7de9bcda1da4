// ManaSurge's cards and pieces: the printed texts (suits, metamagic, wizards: the server's content,
// sent once per join), a card's name in words, a card face, backs, Shards, a wizard's box.  The
// table (manasurge.js) and the log's chips (said.js) draw with these.
import { el, svgIcon } from "./cards.js";
import { cardText as withText } from "./cardtext.js";

const EMBLEMS = {
  B: "M12 1.5 L14 4 V15 H10 V4 Z M6.5 15.5 H17.5 V17.3 H13.2 V21.5 H10.8 V17.3 H6.5 Z",
  F: "M12 1.8 C13.5 6 18.5 8.6 18.5 14.2 C18.5 18.5 15.5 22 12 22 C8.5 22 5.5 18.8 5.5 15 C5.5 11.8 7.3 9.9 8.6 8.4 C8.8 11 9.9 12.4 11 12.8 C10.4 9 11 5 12 1.8 Z",
  W: "M11 1.5 H13 V8.3 L17.9 5.4 L18.9 7.1 L14 10 V14 L18.9 16.9 L17.9 18.6 L13 15.7 V22.5 H11 V15.7 L6.1 18.6 L5.1 16.9 L10 14 V10 L5.1 7.1 L6.1 5.4 L11 8.3 Z",
  L: "M14.5 1.5 L5 13.5 H11 L8.8 22.5 L19 9.5 H13 Z",
  Q: "M1.5 20.5 L8 8 L11.5 13.5 L15 5.5 L22.5 20.5 Z M10.5 20.5 L12.4 16.5 L11 14.5",
  meta: "M12 1.5 L14.2 9.8 L22.5 12 L14.2 14.2 L12 22.5 L9.8 14.2 L1.5 12 L9.8 9.8 Z",
};

// The printed texts (suits, metamagic cards, wizards), from ctx.content at every drawing.
let CONTENT = { suits: {}, metamagic: {}, wizards: {} };
const FALLBACK_SUITS = { B: "Blades", F: "Fireball", W: "Frost Wave", L: "Lightning", Q: "Quake" };
const openWizards = new Set(); // the seats whose wizard's text is shown

export function useContent(ctx) {
  const c = ctx && ctx.content;
  if (c && (c.suits || c.metamagic || c.wizards)) {
    CONTENT = { suits: c.suits || {}, metamagic: c.metamagic || {}, wizards: c.wizards || {} };
  }
}

export function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : "";
}

// ---- cards in words ------------------------------------------------------------------------------
// "5L" -> {rank: 5, suit: "L"}; a metamagic code -> {meta: "mirror"}.
export function cardParts(text) {
  const m = /^(\d+)([A-Z])$/.exec(text || "");
  if (m) return { rank: Number(m[1]), suit: m[2] };
  return { meta: text };
}

// A printed entry (name, text) of a suit, a metamagic card or a wizard; empty when unknown.
function printed(group, key) {
  return CONTENT[group][key] || {};
}

export function suitName(letter) {
  return printed("suits", letter).name || FALLBACK_SUITS[letter] || letter;
}

export const suitText = (letter) => printed("suits", letter).text || "";
const metaName = (code) => printed("metamagic", code).name || capital(code);

export function wizard(code) {
  return CONTENT.wizards[code] || { name: capital(code), text: "" };
}

// A card's accessible name: "5 of Lightning", "Dark Mirror".
export function cardName(text) {
  const p = cardParts(text);
  return p.meta ? metaName(p.meta) : `${p.rank} of ${suitName(p.suit)}`;
}

function cardText(text) {
  const p = cardParts(text);
  return p.meta ? printed("metamagic", p.meta).text || "" : suitText(p.suit);
}

// A small chip for a card in a line of the log (said.js): rank and suit letter, or the name.
export function manaChip(text) {
  const p = cardParts(text);
  const chip = el("span", `log-mana ${p.meta ? "meta" : `suit-${p.suit}`}`, p.meta ? metaName(p.meta) : `${p.rank}${p.suit}`);
  chip.title = cardName(text);
  return withText(chip, { name: cardName(text), text: cardText(text) });
}

// ---- pieces --------------------------------------------------------------------------------------
function emblem(key, size) {
  return svgIcon([["path", { d: EMBLEMS[key] || EMBLEMS.meta }]], size, "ms-emblem");
}

function gems(count) {
  const box = el("span", "ms-gems");
  box.dataset.count = String(count);
  const shown = Math.min(count, 5);
  for (let i = 0; i < shown; i++) box.append(el("i", "ms-gem"));
  if (count > shown) box.append(el("b", "ms-gem-more", `×${count}`));
  box.title = `${count} Shard${count === 1 ? "" : "s"} on this card`;
  return box;
}

// A card face.  opts: size ("big", "mid", "mini"), copy ("5L": what a Dark Mirror became),
// shards (tokens on it), caster (the Caster token), action (clicking acts), pick (clicking picks
// it in the give phase: onPick(card)), picked, dim, ctx, note (an extra line in the tooltip), verb
// (the word of the button that plays it after a tap on a touch screen: cardtext.js).
export function manaCard(text, opts = {}) {
  const p = cardParts(text);
  const size = opts.size || "mid";
  const clickable = Boolean(opts.ctx && opts.ctx.act && (opts.action || opts.pick));
  const node = el(clickable ? "button" : "div", `card ms-card ms-${size} ${p.meta ? "meta" : `suit-${p.suit}`}`);
  node.dataset.card = text;
  const copy = opts.copy ? cardParts(opts.copy) : null;
  if (p.meta) {
    node.append(el("span", "ms-corner meta-mark", "✦"), emblem("meta", size === "mini" ? 12 : 20));
    node.append(el("span", "ms-meta-name", metaName(p.meta)));
    if (copy) {
      const shows = el("span", `ms-copy suit-${copy.suit}`);
      shows.append(el("b", null, String(copy.rank)), el("i", null, copy.suit));
      shows.title = `a copy of the ${copy.rank} of ${suitName(copy.suit)}`;
      node.append(shows);
      node.classList.add("copying");
    }
  } else {
    const corner = el("span", "ms-corner");
    corner.append(el("b", null, String(p.rank)), el("i", null, p.suit));
    node.append(corner, el("span", "ms-rank", String(p.rank)), emblem(p.suit, size === "big" ? 22 : 16));
    node.append(el("span", "ms-suit", suitName(p.suit)));
  }
  if (opts.shards) node.append(gems(opts.shards));
  if (opts.caster) {
    const token = el("span", "ms-caster-token", "C");
    token.title = "the Caster token: this card's suit rules the spell";
    node.append(token);
    node.classList.add("has-caster");
  }
  let name = cardName(text);
  if (copy) name += `, copying the ${copy.rank} of ${suitName(copy.suit)}`;
  const extra = [];
  if (opts.shards) extra.push(`${opts.shards} Shard${opts.shards === 1 ? "" : "s"}`);
  if (opts.caster) extra.push("the Caster token");
  node.setAttribute("aria-label", opts.label || [name, ...extra].join(", "));
  const tip = [cardName(text), cardText(text), opts.note].filter(Boolean).join(": ");
  node.title = tip;
  const said = [opts.note, ...extra].filter(Boolean).map(capital).join("; ");
  withText(node, { name: copy ? `${cardName(text)} (a copy of the ${copy.rank} of ${suitName(copy.suit)})` : cardName(text), text: cardText(text), note: said, verb: opts.verb });
  if (opts.dim) node.classList.add("unplayable");
  if (opts.picked) node.classList.add("picked");
  if (clickable) {
    node.type = "button";
    node.classList.add("playable");
    if (opts.action) {
      node.dataset.action = opts.action;
      node.addEventListener("click", () => opts.ctx.act(opts.action));
    } else {
      node.dataset.pick = text;
      node.setAttribute("aria-pressed", opts.picked ? "true" : "false");
      node.addEventListener("click", () => opts.onPick(text));
    }
  }
  return node;
}

export function backs(count, kind, label) {
  const row = el("div", `ms-backs of-${kind}`);
  row.dataset.count = String(count);
  const shown = Math.min(count, 7);
  for (let i = 0; i < shown; i++) row.append(el("span", `card back ms-back of-${kind}`));
  row.append(el("span", "ms-count", `${count} ${label}`));
  row.title = `${count} ${label}${kind === "damage" ? " (face down: nobody sees them)" : ""}`;
  return row;
}

export function shardMeter(entry, target) {
  const box = el("div", "ms-shards");
  box.dataset.shards = String(entry.shards);
  const head = el("div", "ms-shard-line");
  head.append(el("i", "ms-gem big"), el("b", "ms-shard-count", String(entry.shards)), el("span", "ms-target", `/ ${target}`));
  if (entry.on_spell) {
    const on = el("span", "ms-on-spell", `+${entry.on_spell} on the spell`);
    on.title = "Shards on the cards this player played this spell";
    head.append(on);
  }
  const bar = el("div", "ms-shard-bar");
  const fill = el("div", "ms-shard-fill");
  fill.style.setProperty("--p", `${Math.min(100, Math.round((entry.shards / target) * 100))}%`);
  bar.append(fill);
  box.append(head, bar);
  box.title = `${entry.shards} Shard${entry.shards === 1 ? "" : "s"} of the ${target} that win`;
  return box;
}

export function wizardBox(code, seat) {
  const w = wizard(code);
  const box = el("details", "ms-wizard");
  box.dataset.wizard = code;
  if (openWizards.has(seat)) box.open = true;
  const summary = el("summary", null, w.name);
  summary.title = w.text ? `${w.name}: ${w.text}` : w.name;
  box.append(summary, el("p", "ms-wizard-text", w.text || "(no text)"));
  box.addEventListener("toggle", () => (box.open ? openWizards.add(seat) : openWizards.delete(seat)));
  return box;
}

// The printed texts now (the reference panel lists them).
export function printedTexts() {
  return CONTENT;
}
