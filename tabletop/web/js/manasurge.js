// ManaSurge's table: the seats around the felt with their Shards, hands and damage (face down),
// the spell in the middle as a row of cards in play order, your hand at the bottom.
// Everything drawn comes from one seat's view (or a spectator's): the others' hands and every
// damage card are backs; the printed texts (suits, metamagic, wizards) come from the server's
// content, sent once per join.
import { el, headCell, shortSeat } from "./cards.js";
import {
  backs, capital, cardName, cardParts, manaCard, printedTexts, shardMeter, suitName, suitText, useContent, wizard, wizardBox,
} from "./manasurge-cards.js";
import { tapWords } from "./cardtext.js";
import { markWhy } from "./why.js";
import { seatHeadBase } from "./seat-head.js";
import { seatLabel, who } from "./words.js";

const SUIT_LETTERS = ["B", "F", "W", "L", "Q"];
const PHASES = {
  open: "The Caster casts",
  direction: "The Caster aims",
  play: "The spell travels",
  counter: "Counter-Spell?",
  again: "Play again?",
  give: "Frost Wave: a gift",
  discard: "Purge: discards",
  between: "Between spells",
  over: "Game over",
};
const DIRECTION = { cw: ["↻", "clockwise"], ccw: ["↺", "counterclockwise"] };
const SIMPLE_BUTTONS = {
  cw: ["↻ Clockwise", "dir"],
  ccw: ["↺ Counterclockwise", "dir"],
  counter: ["Counter-Spell", "power"],
  again: ["Play again", "power"],
  draw: ["Draw", "draw"],
  hold: ["Hold", "hold"],
  yield: ["Be struck", "done"],
};
// The give phase: the card picked in your hand before the player it goes to.
let picked = null;
let last = { root: null, ctx: null };
const DONE_WORDS = {
  counter: "No Counter-Spell",
  again: "Pass the spell on",
  give: "Keep my cards",
  discard: "Done discarding",
};
export function nameOf(seat, ctx) {
  return seat === ctx.me ? "You" : seatLabel(seat, ctx.seats);
}

function seatHead(view, seat, ctx) {
  const head = seatHeadBase(seat, ctx);
  if (view.caster === seat && view.phase !== "over") {
    const tag = el("span", "tag ms-caster-tag", "Caster");
    tag.title = "the Caster of this spell";
    head.append(tag);
  }
  if (view.winners && view.winners.includes(seat)) head.append(el("span", "tag ms-winner", "winner"));
  return head;
}

export { cardName, cardParts, manaChip, suitName } from "./manasurge-cards.js";

// ---- the seats around the felt --------------------------------------------------------------------
function handOf(view, seat, ctx) {
  if (view.seat === seat && Array.isArray(view.hand)) return view.hand;
  if (ctx.hands && Array.isArray(ctx.hands[seat])) return ctx.hands[seat];
  return null;
}

function seatBox(view, seat, ctx) {
  const entry = view.seats[seat];
  const box = el("section", "seat-box ms-seat");
  box.dataset.seat = String(seat);
  if (view.to_act === seat) box.classList.add("to-act");
  if (view.last_spell && view.last_spell.struck === seat && !view.spell.length) box.classList.add("struck");
  box.append(seatHead(view, seat, ctx));
  if (entry.wizard) box.append(wizardBox(entry.wizard, seat));
  box.append(shardMeter(entry, view.target));
  const faces = handOf(view, seat, ctx);
  if (faces) {
    const row = el("div", "ms-hand-row mini");
    for (const c of faces) row.append(manaCard(c, { size: "mini" }));
    if (!faces.length) row.append(el("span", "nobody", "no cards"));
    box.append(row);
  } else {
    box.append(backs(entry.hand, "hand", entry.hand === 1 ? "card" : "cards"));
  }
  box.append(backs(entry.damage, "damage", "damage"));
  const known = view.known && view.known[String(seat)];
  if (known && known.length) {
    const row = el("div", "ms-known");
    row.append(el("span", "row-label", "you gave"));
    for (const c of known) row.append(manaCard(c, { size: "mini" }));
    box.append(row);
  }
  if (entry.limit !== 5) box.append(el("span", "tag ms-limit", `hand limit ${entry.limit}`));
  return box;
}

// The order around the table from the bottom seat: the seat to its left first (seats go
// clockwise, docs/rulings.md M1), so a clockwise spell runs left to right along the arc.
function others(bottom, n) {
  const out = [];
  for (let k = 1; k < n; k++) out.push((bottom + k) % n);
  return out;
}

function flow(direction, where) {
  // each arrow points where the spell goes next: from you up to the seat on your left, and so on
  const arrows = { start: ["↗", "↘"], mid: ["→", "←"], end: ["↙", "↖"] }[where];
  const node = el("span", `ms-flow flow-${where}`, direction ? `${arrows[direction === "cw" ? 0 : 1]}\uFE0E` : ""); // as text, not emoji
  node.setAttribute("aria-hidden", "true");
  return node;
}

function seatsRow(view, ctx, bottom) {
  const row = el("div", "ms-seats");
  const list = others(bottom, view.players);
  row.append(flow(view.direction, "start"));
  list.forEach((seat, i) => {
    const middle = (list.length - 1) / 2;
    const box = seatBox(view, seat, ctx);
    box.style.setProperty("--lift", String(middle ? Math.abs(i - middle) / middle : 0));
    row.append(box);
    if (i < list.length - 1) row.append(flow(view.direction, "mid"));
  });
  row.append(flow(view.direction, "end"));
  return row;
}

// ---- the middle: the spell -----------------------------------------------------------------------
function topBar(view, ctx) {
  const bar = el("div", "round-bar ms-bar");
  bar.append(el("span", "round", view.phase === "over" ? "Final" : `Spell ${view.round}`));
  bar.append(el("span", "chip ms-goal", `first to ${view.target} Shards`));
  if (view.phase !== "over") bar.append(el("span", "chip phase", PHASES[view.phase] || view.phase));
  const piles = el("span", "chip ms-piles", `deck ${view.deck} · discard ${view.discard.length}`);
  piles.title = view.discard.length ? `The discard pile (face up): ${view.discard.map(cardName).join(", ")}` : "the discard pile is empty";
  bar.append(piles);
  if (view.to_act !== null && view.to_act !== undefined && view.phase !== "over") {
    bar.append(el("span", "chip ms-turn", `${nameOf(view.to_act, ctx)} to act`));
  }
  return bar;
}

function directionChip(view, ctx) {
  const chip = el("div", "ms-direction");
  if (!view.direction) {
    chip.classList.add("unset");
    chip.append(el("span", "ms-arrow", "⟳"), el("span", null, "direction not chosen yet"));
    return chip;
  }
  const [arrow, words] = DIRECTION[view.direction];
  chip.classList.add(view.direction);
  chip.dataset.direction = view.direction;
  const side = view.direction === "cw" ? "left" : "right";
  chip.append(el("span", "ms-arrow", arrow), el("span", null, `${capital(words)}: to each player's ${side}`));
  chip.title = `The spell travels ${words}`;
  return chip;
}

function spellRow(view, ctx) {
  const row = el("ol", `ms-spell${view.spell.length > 5 ? " long" : ""}`);
  row.setAttribute("aria-label", "the spell in play, in play order");
  row.style.setProperty("--n", String(view.spell.length)); // a phone fans a long spell out in one row
  view.spell.forEach((entry, i) => {
    const item = el("li", "ms-play");
    item.dataset.seat = String(entry.seat);
    item.dataset.order = String(i);
    const note = `Played by ${nameOf(entry.seat, ctx)}`;
    const card = manaCard(entry.card, { size: "mid", copy: entry.copy, shards: entry.shards, caster: entry.caster, note });
    card.dataset.shards = String(entry.shards);
    if (ctx.fresh && i === view.spell.length - 1) card.classList.add("fresh");
    item.append(card, el("span", "ms-by", shortSeat(entry.seat, ctx)));
    row.append(item);
  });
  return row;
}

function ruleBox(view) {
  const box = el("div", "ms-rules");
  if (view.suit) {
    const suit = el("div", `ms-suit-rule suit-${view.suit}`);
    suit.dataset.suit = view.suit;
    suit.append(el("b", "ms-suit-name", `${suitName(view.suit)} (${view.suit}) rules`), el("span", "ms-suit-text", suitText(view.suit)));
    box.append(suit);
  }
  const facts = el("div", "ms-facts");
  if (view.bar) {
    const bar = el("span", "chip ms-valid", `Valid now: ${view.bar}`);
    bar.title = "what a numbered card must be to be a valid play; a metamagic card is always valid unless silenced";
    facts.append(bar);
  }
  if (view.silenced) facts.append(el("span", "chip flag-chip", "Silenced: no metamagic until a numbered card"));
  if (view.free_rank) facts.append(el("span", "chip flag-chip", "Unravel: the next numbered card may be any rank"));
  if (view.extra_damage) facts.append(el("span", "chip flag-chip bad", `+${view.extra_damage} damage to the struck player`));
  const dmg = el("span", "chip ms-damage-now", `spell damage ${view.damage_now}`);
  dmg.dataset.damage = String(view.damage_now);
  dmg.title = "the Shards on the spell's cards: that many damage cards the struck player draws face down (before any power)";
  facts.append(dmg);
  box.append(facts);
  return box;
}

function lastSpellLine(view, ctx) {
  const s = view.last_spell;
  if (!s) return null;
  const box = el("div", "ms-last");
  const struck = s.struck !== null && s.struck !== undefined ? nameOf(s.struck, ctx) : "nobody";
  const lastPlay = s.last !== null && s.last !== undefined ? nameOf(s.last, ctx) : "nobody";
  const took = s.struck === ctx.me ? "take" : "takes";
  box.append(el("div", null, `Spell ${s.round}: ${struck} ${s.struck === ctx.me ? "were" : "was"} struck and ${took} ${s.damage} damage; last valid play: ${lastPlay}.`));
  if (s.cards && s.cards.length) {
    const cards = el("div", "ms-last-cards");
    for (const c of s.cards) cards.append(manaCard(c, { size: "mini" }));
    box.append(cards);
  }
  return box;
}

function centre(view, ctx) {
  const mid = el("div", "ms-centre");
  if (view.spell.length) {
    mid.append(spellRow(view, ctx), directionChip(view, ctx), ruleBox(view));
  } else {
    const empty = el("div", "ms-empty-spell");
    if (view.phase === "over") empty.textContent = "The game is over.";
    else if (view.phase === "open") empty.textContent = `${nameOf(view.caster, ctx)} ${view.caster === ctx.me ? "are" : "is"} the Caster: a spell is about to be cast.`;
    else if (view.phase === "between") empty.textContent = "Between spells: each player draws up to the hand limit or holds.";
    else empty.textContent = "No spell in play.";
    mid.append(empty);
    const lastLine = lastSpellLine(view, ctx);
    if (lastLine) mid.append(lastLine);
  }
  return mid;
}

// ---- your seat ------------------------------------------------------------------------------------
function pick(text) {
  picked = picked === text ? null : text;
  if (last.root && last.ctx) renderTable(last.root, { ...last.ctx, fresh: false });
}

// The words of the prompt: "tap" on a touch screen (cardtext.js).
function promptText(view) {
  return tapWords(promptWords(view));
}

function promptWords(view) {
  switch (view.phase) {
    case "open": return "You are the Caster: click a numbered card to cast the spell.";
    case "direction": return "Send the spell: clockwise (to your left) or counterclockwise (to your right).";
    case "play": return `Your turn: click a valid card to play it${view.bar ? ` (numbered: ${view.bar}; metamagic: ${view.silenced ? "silenced" : "always valid"})` : ""}.`;
    case "counter": return "Your card may Counter-Spell: reverse the spell's direction, or let it go on?";
    case "again": return "You may play again: play another valid card, or pass the spell on.";
    case "give": return picked ? `Give the ${cardName(picked)} to whom?` : "You may give a card: click one in your hand, then choose the player.";
    case "discard": return `Click a card to discard it${view.discards_left ? ` (up to ${view.discards_left} more)` : ""}, or be done.`;
    case "between": return "Draw up to your hand limit, or hold your cards (hoping for a Mana Surge).";
    default: return "Your turn.";
  }
}

// The action a click on a hand card means now (null: none).
function handAction(card, legal) {
  return [`cast=${card}`, `play=${card}`, `discard=${card}`].find((t) => legal.includes(t)) || null;
}
const VERBS = { cast: "Cast", play: "Play", discard: "Discard" };

// What a click on a card of your hand would be in this phase, for a card that cannot be played now:
// pointing at it says why (why.js).
function whyAction(view, card) {
  if (view.phase === "open" && !cardParts(card).meta) return `cast=${card}`; // (a metamagic card: never cast)
  return view.phase === "discard" ? `discard=${card}` : `play=${card}`;
}

function giveTargets(card, legal) {
  const prefix = `give=${card}@`;
  return legal.filter((t) => t.startsWith(prefix)).map((t) => Number(t.slice(prefix.length)));
}

function actionButton(ctx, text, title, cls) {
  const button = el("button", `action big ${cls || ""}`.trim());
  button.type = "button";
  button.dataset.action = text;
  const words = (ctx.labels && ctx.labels[text]) || "";
  button.title = words || title;
  button.setAttribute("aria-label", title);
  button.append(el("b", null, title));
  // the words below the title, without the title again ("Counter-Spell: send the spell back ...")
  const rest = words.toLowerCase().startsWith(`${title.toLowerCase()}: `) ? words.slice(title.length + 2) : words;
  if (rest && words.toLowerCase() !== title.toLowerCase()) button.append(el("small", null, capital(rest)));
  button.addEventListener("click", () => ctx.act(text));
  return button;
}

function buttons(view, ctx, legal) {
  const box = el("div", "actions ms-actions");
  if (view.phase === "give" && picked) {
    for (const seat of giveTargets(picked, legal)) {
      box.append(actionButton(ctx, `give=${picked}@${seat}`, `Give the ${cardName(picked)} to ${who(seat, ctx.me, ctx.seats)}`, "give"));
    }
  }
  for (const text of legal) {
    if (SIMPLE_BUTTONS[text]) {
      const [title, cls] = SIMPLE_BUTTONS[text];
      box.append(actionButton(ctx, text, title, cls));
    } else if (text === "done") {
      box.append(actionButton(ctx, text, DONE_WORDS[view.phase] || "Done", "done"));
    }
  }
  return box;
}

function myArea(view, ctx, bottom) {
  const entry = view.seats[bottom];
  const me = ctx.me !== null && ctx.me !== undefined;
  const box = el("section", "me-box ms-me");
  box.dataset.seat = String(bottom);
  if (!me) box.classList.add("spectating");
  if (view.to_act === bottom) box.classList.add("to-act");
  const top = el("div", "ms-me-top");
  top.append(seatHead(view, bottom, ctx));
  if (entry.wizard) top.append(wizardBox(entry.wizard, bottom));
  top.append(shardMeter(entry, view.target), backs(entry.damage, "damage", "damage"));
  box.append(top);
  const legal = me && ctx.act && view.to_act === ctx.me ? view.legal || [] : [];
  if (view.phase !== "give" || !legal.some((t) => t.startsWith("give="))) picked = null;
  else if (picked && !giveTargets(picked, legal).length) picked = null;
  const prompt = el("div", "prompt");
  if (view.phase === "over") prompt.textContent = "The game is over.";
  else if (legal.length) {
    prompt.textContent = promptText(view);
    prompt.classList.add("yours");
  } else if (view.to_act !== null && view.to_act !== undefined) {
    prompt.textContent = `Waiting for ${nameOf(view.to_act, ctx)}…`;
  }
  box.append(prompt);
  const faces = handOf(view, bottom, ctx);
  const hand = el("div", "ms-hand");
  hand.setAttribute("aria-label", me ? "your hand" : `seat ${bottom}'s hand`);
  if (faces) {
    const playable = new Set(view.playable || []);
    for (const card of faces) {
      const action = handAction(card, legal);
      const canGive = giveTargets(card, legal).length > 0;
      const dim = legal.length > 0 && !action && !canGive && ["open", "play", "again", "give", "discard"].includes(view.phase);
      const note = view.phase === "play" && legal.length && !playable.has(card) ? "not a valid play now" : null;
      const verb = action ? VERBS[action.split("=")[0]] : canGive ? "Give it…" : null;
      const face = manaCard(card, { size: "big", action, pick: canGive && !action ? card : null, onPick: pick, picked: picked === card, dim, ctx, note, verb });
      if (me && ctx.act && !action && !canGive) {
        face.setAttribute("role", "img"); // a card, named, that a keyboard reaches too
        markWhy(face, whyAction(view, card));
      }
      hand.append(face);
    }
    if (!faces.length) hand.append(el("span", "nobody", "no cards in hand"));
  } else {
    hand.append(backs(entry.hand, "hand", entry.hand === 1 ? "card" : "cards"));
  }
  box.append(hand, buttons(view, ctx, legal));
  return box;
}

// ---- the whole table ------------------------------------------------------------------------------
export function renderTable(root, ctx) {
  useContent(ctx);
  last = { root, ctx };
  const view = ctx.view;
  const bottom = ctx.me ?? ctx.perspective ?? 0;
  const table = el("div", "ms-table");
  table.dataset.phase = view.phase;
  const felt = el("div", `ms-felt players-${view.players}`);
  felt.append(topBar(view, ctx), seatsRow(view, ctx, bottom), centre(view, ctx));
  table.append(felt, myArea(view, ctx, bottom));
  root.replaceChildren(table);
}

// ---- the sidebar ----------------------------------------------------------------------------------
function endPanel(view, ctx) {
  if (view.phase !== "over") return null;
  const panel = el("section", "panel ms-ending");
  const winners = (view.winners || []).map((s) => nameOf(s, ctx));
  const text = winners.length
    ? `${winners.join(" and ")} ${winners.length > 1 || view.winners[0] === ctx.me ? "win" : "wins"} the World Crystal.`
    : "Nobody reached the target: the game stopped at its limit.";
  panel.append(el("p", null, text));
  return panel;
}

function shardsPanel(view, ctx) {
  const panel = el("section", "panel scores ms-scores");
  panel.append(el("h2", null, "Shards"));
  const table = el("table");
  const head = el("tr");
  ["", "shards", "damage", "hand", view.ranking ? "place" : ""].forEach((h, i) => head.append(headCell(h, i ? "place" : "player")));
  table.append(head);
  view.seats.forEach((entry, seat) => {
    const row = el("tr", seat === ctx.me ? "mine" : "");
    row.dataset.seat = String(seat);
    if (view.to_act === seat) row.classList.add("to-act");
    const name = el("td", "who-cell");
    name.append(el("span", null, who(seat, ctx.me, ctx.seats)));
    if (entry.wizard) name.append(el("small", "ms-wiz-name", ` · ${wizard(entry.wizard).name}`));
    row.append(
      name,
      el("td", "num ms-shard-cell", String(entry.shards)),
      el("td", "num", String(entry.damage)),
      el("td", "num", String(entry.hand)),
      el("td", "num", view.ranking ? String(view.ranking[seat]) : ""),
    );
    table.append(row);
  });
  panel.append(table);
  panel.append(el("p", "recent", `A player who ends a spell with ${view.target} Shards or more wins; five damage cards force a Rebirth.`));
  return panel;
}

function referencePanel() {
  const panel = el("details", "panel ms-reference");
  panel.append(el("summary", null, "Card powers"));
  const list = el("dl");
  for (const letter of SUIT_LETTERS) {
    const suit = printedTexts().suits[letter];
    if (!suit) continue;
    list.append(el("dt", `suit-${letter}`, `${suit.name} (${letter})`), el("dd", null, suit.text));
  }
  for (const meta of Object.values(printedTexts().metamagic)) list.append(el("dt", "meta", meta.name), el("dd", null, meta.text));
  if (!list.childNodes.length) return null;
  panel.append(list);
  return panel;
}

export function renderSide(root, ctx) {
  useContent(ctx);
  const view = ctx.view;
  const old = root.querySelector(".ms-reference");
  const reference = referencePanel();
  if (reference && old && old.open) reference.open = true;
  root.replaceChildren(...[endPanel(view, ctx), shardsPanel(view, ctx), reference].filter(Boolean));
}

export function finalRows(view, ctx) {
  return view.seats
    .map((entry, seat) => ({
      seat,
      name: `${who(seat, ctx.me, ctx.seats)}${entry.wizard ? ` (${wizard(entry.wizard).name})` : ""}`,
      score: entry.shards,
      unit: entry.shards === 1 ? "Shard" : "Shards",
      place: view.ranking ? view.ranking[seat] : null,
    }))
    .sort((a, b) => (a.place ?? 99) - (b.place ?? 99) || b.score - a.score);
}
