// The clan game's table: the Summon 7 felt (summon7.js) with each member's character, hunger and
// power cards; the city with its dominance meeples and humans; the house (Head of House, pantry,
// Uprising Meter) and the leaderboard in the sidebar.  Everything in the clan game is open
// (docs/rulings.md, C3): only the decks' order is unknown, and this page draws only the view.
import { el } from "./cards.js";
import { cardText } from "./cardtext.js";
import { markWhy } from "./why.js";
import { who } from "./words.js";
import * as s7 from "./summon7.js";

const PHASES = {
  choose: "Choosing characters",
  home: "Home phase",
  ward: "Home phase: a Ward?",
  pay: "Paying for a power card",
  "city-cards": "City phase: city cards",
  place: "City phase: placing meeples",
  capture: "City phase: capturing humans",
  draft: "Power phase: the draft",
  dining: "Dining phase",
  blame: "Dining phase: an unfed member",
  over: "Game over",
};
const CITY_PHASES = new Set(["city-cards", "place", "capture"]);

// The power cards, characters and humans by id, as the server sends them once (data/clan.toml,
// provisional, through tabletop/words/clan.py): set from ctx.content at every drawing.
let CONTENT = { powers: {}, characters: {}, humans: {}, locations: {} };

function useContent(ctx) {
  if (ctx && ctx.content && ctx.content.powers) CONTENT = ctx.content;
}

function power(id) {
  return CONTENT.powers[id] || { name: capital(id), phase: "", cost: 0, text: "" };
}
const GLYPH = { peasant: "P", merchant: "M", priest: "✝", soldier: "S" };
const WHEN = { home: "your Home turn", city: "the City phase", dining: "your turn to eat" };

// ---- words ------------------------------------------------------------------------------------
function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : "";
}

export function humanName(id, count = 1) {
  const human = CONTENT.humans[id];
  if (!human) return capital(id) + (count === 1 ? "" : "s");
  return count === 1 ? human.name : human.plural;
}

function powerName(id) {
  return power(id).name;
}

function characterName(c) {
  return c ? c.name.replace(/^The /, "") : "—";
}

function costWords(cost) {
  return cost ? `costs ${cost} human${cost === 1 ? "" : "s"}` : "free";
}

function words(ctx, text) {
  return s7.label(ctx, text);
}

// ---- pieces -------------------------------------------------------------------------------------
// A power card: coloured by the phase it is played in.  opts: size ("mini", "mid", "big"), action
// (a legal action: the card is clickable), ctx, why (the action it would be, when it cannot be
// played now: pointing at it says why, why.js).
function powerCard(id, opts = {}) {
  const p = power(id);
  const clickable = Boolean(opts.action && opts.ctx && opts.ctx.act);
  const node = el(clickable ? "button" : "div", `card pw pw-${opts.size || "mid"} phase-${p.phase}`);
  node.dataset.power = id;
  node.append(el("span", "pw-name", p.name));
  const cost = el("span", "pw-cost", String(p.cost));
  cost.title = costWords(p.cost);
  node.append(cost);
  if (opts.size !== "mini") {
    node.append(el("span", "pw-text", p.text), el("span", "pw-when", WHEN[p.phase] || p.phase));
  }
  node.title = `${p.name} (${p.phase}, ${costWords(p.cost)}): ${p.text}`;
  const verb = opts.action && opts.action.startsWith("claim=") ? "Claim it" : "Play";
  cardText(node, { name: p.name, text: p.text, note: capital(`${WHEN[p.phase] ? `played on ${WHEN[p.phase]}` : p.phase}, ${costWords(p.cost)}.`), verb });
  if (clickable) {
    node.type = "button";
    node.classList.add("playable");
    node.dataset.action = opts.action;
    node.title = words(opts.ctx, opts.action);
    node.addEventListener("click", () => opts.ctx.act(opts.action));
  } else if (opts.why) {
    markWhy(node, opts.why);
  }
  return node;
}

// The action a card or a place of yours would be when it cannot be played now (null: none to
// explain: a spectator, the replay, the game over).
function whyOf(ctx, text) {
  return ctx.act && ctx.me !== null && ctx.me !== undefined ? text : null;
}

function humanToken(id, count, opts = {}) {
  const node = el(opts.action ? "button" : "span", `human ${id}`);
  node.dataset.human = id;
  node.dataset.count = String(count);
  const caption = opts.named ? `${count} ${humanName(id, count)}` : count > 1 ? `×${count}` : "";
  node.append(el("i", "h-icon", GLYPH[id] || humanName(id)[0]), el("span", "h-count", caption));
  node.title = `${count} ${humanName(id, count)}`;
  if (opts.action) {
    node.type = "button";
    node.classList.add("action");
    node.dataset.action = opts.action;
    node.title = words(opts.ctx, opts.action);
    node.addEventListener("click", () => opts.ctx.act(opts.action));
  }
  return node;
}

function humanRow(humans, opts = {}) {
  const row = el("div", "humans");
  for (const [h, n] of Object.entries(humans)) {
    if (!n) continue;
    const action = opts.actionFor ? opts.actionFor(h) : null;
    row.append(humanToken(h, n, { action, ctx: opts.ctx, named: opts.named }));
  }
  if (!row.childNodes.length) row.append(el("span", "nobody", opts.empty || "nobody"));
  return row;
}

// Each clan's meeple colour: ours gold, the rivals in the order of their names.
function clanColours(view) {
  const rivals = new Set();
  for (const c of view.clans || []) if (c.name !== "our house") rivals.add(c.name);
  for (const loc of view.city) for (const m of loc.meeples) if (m !== "our house") rivals.add(m);
  const map = { "our house": "ours" };
  [...rivals].sort().forEach((name, i) => (map[name] = `rival-${i % 4}`));
  return map;
}

// A clan's mark on its meeples, beside the colour: a star for our house, else its initial.
function clanMark(clan) {
  return clan === "our house" ? "★" : (clan.replace(/^the /i, "")[0] || "?").toUpperCase();
}

function meeple(clan, colours) {
  const node = el("span", `meeple ${colours[clan] || "rival-3"}`);
  node.title = clan === "our house" ? "our house" : clan;
  const mark = el("span", "meeple-mark", clanMark(clan));
  mark.setAttribute("aria-hidden", "true");
  node.append(mark);
  return node;
}

function characterLine(entry) {
  const c = entry.character;
  const line = el("div", "clan-character");
  if (!c) {
    line.append(el("span", "muted", "no character yet"));
    return line;
  }
  line.append(el("span", "char-name", characterName(c)));
  const diet = el("span", `diet ${c.diet}`, `eats ${humanName(c.diet, 2)}`);
  line.append(diet);
  line.title = `${c.name}: ${c.text}`;
  return line;
}

function memberTags(view, seat, entry, node) {
  if (entry.hungry) node.append(markTag("hungry", view.stage === "main" ? "hungry: dealt two, keeps the worse" : "hungry"));
  if (entry.challenger) node.append(markTag("challenger", "above the Head of House's leadership at the start of the round"));
  if (view.city_seat === seat && (CITY_PHASES.has(view.phase) || view.phase === "draft")) node.append(markTag("city", "won the Home phase: plays the City phase"));
  if (view.warding === seat) node.append(markTag("warding", "a card would bust: Ward or bust"));
  if (view.paying && view.paying.seat === seat) node.append(markTag("paying", `paying for ${powerName(view.paying.card)}`));
  if ((view.phase === "dining" || view.phase === "blame") && view.fed && view.fed[seat]) node.append(markTag("fed", "fed this round"));
}

function markTag(kind, title) {
  const tag = el("span", `tag mark ${kind}`, kind);
  tag.title = title;
  return tag;
}

// ---- the felt's parts ---------------------------------------------------------------------------
function bar(view, ctx) {
  const line = el("div", "round-bar s7-bar");
  let stage = "Choosing characters";
  if (view.phase === "over") stage = "Final";
  else if (view.stage === "main") stage = `Round ${view.round} of ${view.rounds}`;
  else if (view.stage === "pre-game") stage = `Pre-game round ${view.pregame_round}`;
  line.append(el("span", "round", stage));
  if (view.phase !== "over" && view.stage !== "choose") line.append(el("span", "chip phase", PHASES[view.phase] || view.phase));
  if (view.stage === "pre-game") line.append(el("span", "chip", `first to ${view.pregame_target} leadership`));
  if (view.stage !== "choose" && view.phase !== "over") line.append(el("span", "chip", `${s7.nameOf(view.dealer, ctx)} ${s7.verb(view.dealer, ctx.me, "deals")}`));
  line.append(s7.houseChip(view));
  return line;
}

function centre(view, ctx) {
  const mid = el("div", "s7-centre clan-centre");
  if (view.stage === "choose") mid.append(choosing(view, ctx));
  else if (CITY_PHASES.has(view.phase)) mid.append(cityPanel(view, ctx, true));
  else if (view.pool.length) mid.append(draftPanel(view, ctx));
  else {
    mid.append(s7.deckArea(view, ctx));
    const last = s7.lastRoundLine(view, ctx);
    if (last) mid.append(last);
  }
  if (view.paying) {
    const p = view.paying;
    const on = p.target === null || p.target === undefined ? "" : ` on ${p.target === ctx.me ? "you" : s7.nameOf(p.target, ctx)}`;
    mid.append(el("div", "s7-last", `${s7.nameOf(p.seat, ctx)} ${p.seat === ctx.me ? "pay" : "pays"} for ${powerName(p.card)}${on}: ${p.left} human${p.left === 1 ? "" : "s"} to dumpster.`));
  }
  return mid;
}

function choosing(view, ctx) {
  const box = el("div", "clan-choose");
  const legal = ctx.act && view.to_act === ctx.me ? view.legal || [] : [];
  const choices = legal.filter((a) => a.startsWith("choose="));
  if (!choices.length) {
    box.append(el("div", "caption", view.to_act !== null ? `${s7.nameOf(view.to_act, ctx)} ${view.to_act === ctx.me ? "choose" : "is choosing"} a character…` : "Characters"));
    if (whyOf(ctx, "choose")) box.append(freeCharacters(view));
    return box;
  }
  box.append(el("div", "caption", "Choose your character: click a card"));
  const row = el("div", "char-cards");
  for (const action of choices) {
    const id = action.slice("choose=".length);
    const c = CONTENT.characters[id] || { name: capital(id), diet: "", text: "" };
    const card = el("button", `card char playable ${c.diet}`);
    card.type = "button";
    card.dataset.action = action;
    card.title = words(ctx, action);
    card.append(el("span", "char-title", c.name.replace(/^The /, "")));
    if (c.diet) card.append(el("span", `diet ${c.diet}`, `eats ${humanName(c.diet, 2)}`));
    if (c.text) card.append(el("span", "char-text", c.text));
    cardText(card, { name: c.name, text: c.text, note: c.diet ? `Eats ${humanName(c.diet, 2)}.` : "", verb: "Choose" });
    card.addEventListener("click", () => ctx.act(action));
    row.append(card);
  }
  box.append(row);
  return box;
}

// The characters nobody has taken yet, while another seat chooses: pointing at one says why it
// cannot be taken now (why.js).
function freeCharacters(view) {
  const taken = new Set([...view.seats.map((s) => s.character), view.head.character].filter(Boolean).map((c) => c.id));
  const row = el("div", "char-cards");
  for (const [id, c] of Object.entries(CONTENT.characters)) {
    if (taken.has(id)) continue;
    const card = el("div", `card char ${c.diet}`);
    card.append(el("span", "char-title", c.name.replace(/^The /, "")));
    if (c.diet) card.append(el("span", `diet ${c.diet}`, `eats ${humanName(c.diet, 2)}`));
    card.setAttribute("role", "img");
    card.setAttribute("aria-label", c.name);
    cardText(card, { name: c.name, text: c.text, note: c.diet ? `Eats ${humanName(c.diet, 2)}.` : "" });
    row.append(markWhy(card, `choose=${id}`));
  }
  return row;
}

function draftPanel(view, ctx) {
  const box = el("div", "clan-draft");
  const legal = ctx.act && view.to_act === ctx.me ? view.legal || [] : [];
  const bringer = view.city_seat !== null && view.city_seat !== undefined ? s7.nameOf(view.city_seat, ctx) : "The winner";
  const one = view.pool.length === 1;
  const next = view.to_act === ctx.me && legal.length
    ? `click ${one ? "it" : "one"} to claim it`
    : `${s7.nameOf(view.to_act, ctx)} ${view.to_act === ctx.me ? "claim" : "claims"} next`;
  box.append(el("div", "caption", `${bringer} brought home ${one ? "this card" : "these cards"}: ${next}`));
  const row = el("div", "pw-row");
  for (const id of view.pool) {
    const action = legal.includes(`claim=${id}`) ? `claim=${id}` : null;
    row.append(powerCard(id, { size: "big", action, ctx, why: whyOf(ctx, `claim=${id}`) }));
  }
  box.append(row);
  return box;
}

function cityPanel(view, ctx, active) {
  const box = el("section", `clan-city${active ? " active" : ""}`);
  const colours = clanColours(view);
  const legal = ctx.act && view.to_act === ctx.me ? view.legal || [] : [];
  const head = el("div", "city-head");
  head.append(el("h2", "city-title", "The city"));
  if (view.clans && view.clans.length && active) {
    const order = el("ol", "clan-order");
    for (const c of view.clans) {
      const item = el("li", c.name === "our house" ? "ours" : "");
      item.append(meeple(c.name, colours), el("span", "clan-name", c.name === "our house" ? "Our house" : c.name), el("span", "clan-facts", `score ${c.score} · meeples ${c.meeples_left} · claim ${c.claim_left}`));
      order.append(item);
    }
    head.append(order);
  }
  box.append(head);
  const tiles = el("div", "city-tiles");
  for (const loc of view.city) {
    const tile = el("div", "location");
    tile.dataset.location = loc.id;
    tile.append(el("div", "loc-name", capital(loc.name.replace(/^the /, ""))));
    const slots = el("div", "slots");
    for (let i = 0; i < loc.slots; i++) {
      const slot = el("span", "slot");
      if (i < loc.meeples.length) slot.append(meeple(loc.meeples[i], colours));
      slots.append(slot);
    }
    slots.title = "dominance meeples, first slot first: a new one goes first and pushes the others along";
    if (active && !legal.includes(`place=${loc.id}`) && whyOf(ctx, "place")) {
      slots.setAttribute("role", "group");
      slots.setAttribute("aria-label", `${capital(loc.name.replace(/^the /, ""))}: its dominance meeples`);
      markWhy(slots, `place=${loc.id}`);
    }
    tile.append(slots);
    const capture = (h) => (legal.includes(`capture=${loc.id}/${h}`) ? `capture=${loc.id}/${h}` : null);
    tile.append(humanRow(loc.humans, { actionFor: capture, ctx }));
    if (legal.includes(`place=${loc.id}`)) {
      const button = el("button", "action place", "Place a meeple here");
      button.type = "button";
      button.dataset.action = `place=${loc.id}`;
      button.title = words(ctx, `place=${loc.id}`);
      button.addEventListener("click", () => ctx.act(`place=${loc.id}`));
      tile.append(button);
      tile.classList.add("choice");
    }
    if (legal.some((a) => a.startsWith(`capture=${loc.id}/`))) tile.classList.add("choice");
    tiles.append(tile);
  }
  box.append(tiles);
  return box;
}

// ---- hooks for the Summon 7 table ---------------------------------------------------------------
function seatTop(box, entry, seat, ctx) {
  const view = ctx.view;
  const line = characterLine(entry);
  memberTags(view, seat, entry, line);
  box.append(line);
}

function totalExtra(entry) {
  if (!entry.bonus) return null;
  const chip = el("span", "tag bonus", `+${entry.bonus} boast`);
  chip.title = "Boasts this round, in the total";
  return chip;
}

function seatExtras(box, entry) {
  const hand = el("div", "pw-hand mini");
  for (const id of entry.hand) hand.append(powerCard(id, { size: "mini" }));
  if (!entry.hand.length) hand.append(el("span", "nobody", "no power cards"));
  box.append(hand);
}

function prompt(view, ctx) {
  const me = view.seats[ctx.me];
  switch (view.phase) {
    case "choose": return "Choose your character: click one of the cards on the table.";
    case "home": {
      const cards = (view.legal || []).some((a) => a.startsWith("play=")) ? ", or play a power card (click a highlighted one)" : "";
      return `Your turn: hit or hold${cards}.${view.stage === "main" && me.hungry ? " You are hungry: each hit deals two cards and you keep the worse." : ""}`;
    }
    case "ward": return "That card would bust you: play your Ward to discard it, or accept the bust.";
    case "pay": return `Pay for ${powerName(view.paying ? view.paying.card : "")}: choose the humans to dumpster from the pantry${view.paying ? ` (${view.paying.left} left)` : ""}.`;
    case "city-cards": return "You won the Home phase: click a highlighted city card to play it, or go on to place the meeples.";
    case "place": return "Place a dominance meeple: choose a location in the city.";
    case "capture": return "Capture a human: click one where our house has a meeple.";
    case "draft": return "Claim one of the power cards brought home: click it on the table.";
    case "dining": return "Your turn to eat: eat, or click a highlighted dining card to play it.";
    case "blame": return "You went unfed: choose who discards a random power card.";
    default: return "Your turn.";
  }
}

function button(ctx, text, title, cls, note = null, brief = false) {
  return s7.bigButton(ctx, text, title, { detail: words(ctx, text), cls, note, brief });
}

// Who eats a human of this kind: "you", seats by name, "the Head".
function eaters(view, ctx, human) {
  const out = view.seats.filter((entry) => entry.character && entry.character.diet === human).map((entry) => (entry.seat === ctx.me ? "you" : s7.nameOf(entry.seat, ctx)));
  if (view.head.character && view.head.character.diet === human) out.push("the Head");
  return out;
}

function pantryNote(view, ctx, human) {
  const who = eaters(view, ctx, human);
  return `${view.pantry[human] || 0} in the pantry${who.length ? ` · food for ${who.join(", ")}` : " · nobody eats them"}`;
}

function buttons(box, view, ctx, legal) {
  const me = view.seats[ctx.me];
  s7.hitHoldButtons(box, view, ctx, legal, view.stage === "main" && me.hungry);
  for (const text of legal) {
    const [key, arg = ""] = text.split("=");
    if (key === "play" && arg.includes("@")) {
      const [card, target] = arg.split("@");
      box.append(button(ctx, text, `${powerName(card)} → ${who(Number(target), ctx.me, ctx.seats)}`, "power", `${costWords(power(card).cost)}: they are dealt a card now`, true));
    } else if (text === "play=ward") box.append(button(ctx, text, `Play ${powerName("ward")}`, "power", `${costWords(power("ward").cost)}: the card is discarded, you stay in`, true));
    else if (text === "bust") box.append(button(ctx, text, "Accept the bust", "done"));
    else if (text === "done") box.append(button(ctx, text, "Done: place the meeples", "done"));
    else if (text === "eat") {
      const diet = me.character ? me.character.diet : "";
      const left = view.pantry[diet] || 0;
      box.append(button(ctx, text, left ? `Eat a ${humanName(diet)}` : "Go hungry", "eat", left ? pantryNote(view, ctx, diet) : null));
    } else if (key === "pay") {
      box.append(button(ctx, text, `Dumpster a ${humanName(arg)}`, `pay ${arg}`, pantryNote(view, ctx, arg), true));
    }
    else if (key === "blame") {
      const seat = Number(arg);
      box.append(button(ctx, text, seat === ctx.me ? "You discard" : `${who(seat, ctx.me, ctx.seats)} discards`, "blame"));
    }
  }
  const meter = box.querySelector(".bust-meter");
  if (meter) box.append(meter); // the odds after every choice
}

// Beside your cards: your power cards (clickable when you may play them now).
function meRow(view, ctx, legal) {
  const entry = view.seats[ctx.bottom];
  const hand = el("div", "pw-hand mine");
  if (!entry.hand.length) hand.append(el("span", "nobody", "no power cards"));
  for (const id of entry.hand) {
    const action = legal.includes(`play=${id}`) ? `play=${id}` : null;
    const aimed = legal.some((a) => a.startsWith(`play=${id}@`)); // played at a seat: the buttons
    hand.append(powerCard(id, { size: "mid", action, ctx, why: aimed ? null : whyOf(ctx, `play=${id}`) }));
  }
  return hand;
}

function after(view, ctx) {
  if (view.stage !== "main" || CITY_PHASES.has(view.phase)) return [];
  return [cityPanel(view, ctx, false)];
}

const showCards = (view) => view.stage !== "choose";
const whyHitHold = (view) => view.phase === "home" || view.phase === "ward";
const HOOKS = { cls: "clan", bar, centre, seatTop, totalExtra, seatExtras, prompt, buttons, meRow, after, showCards, whyHitHold };

export function renderTable(root, ctx) {
  useContent(ctx);
  s7.drawTable(root, ctx, HOOKS);
}

// ---- the sidebar --------------------------------------------------------------------------------
function housePanel(view, ctx) {
  const panel = el("section", "panel clan-house");
  panel.append(el("h2", null, "The house"));
  const head = view.head;
  const headLine = el("div", "head-line");
  const crown = el("span", "crown", "♛");
  crown.title = "Head of House";
  headLine.append(crown, el("span", "char-name", head.character ? `Head of House: ${characterName(head.character)}` : "Head of House: not chosen yet"));
  if (head.character) headLine.append(el("span", `diet ${head.character.diet}`, `eats ${humanName(head.character.diet, 2)}`));
  if (head.hungry) headLine.append(markTag("hungry", "went unfed"));
  headLine.append(el("span", "score", String(head.leadership)));
  panel.append(headLine);
  const facts = el("div", "house-facts");
  const score = el("span", "fact", `House score ${view.house_score}`);
  score.title = "the held totals of the last Home phase, less 10 per hungry member: sets the order in the city";
  facts.append(score, el("span", "fact", `House total ${view.house_total}`));
  panel.append(facts);
  const pantry = el("div", "pantry");
  pantry.append(el("span", "row-label", "Pantry"), humanRow(view.pantry, { empty: "empty", named: true }));
  panel.append(pantry);
  panel.append(meterBox(view.meter));
  const deck = el("div", "power-deck");
  const left = Object.values(view.power_deck).reduce((a, b) => a + b, 0);
  deck.append(el("span", "row-label", `Power deck ${left} · discard ${view.power_discard}`));
  deck.title = Object.entries(view.power_deck).map(([k, n]) => `${powerName(k)} ${n}`).join(", ");
  panel.append(deck);
  return panel;
}

function meterBox(meter) {
  const box = el("div", "meter");
  const top = Math.max(meter.value, ...meter.thresholds.map((t) => t.at), 1);
  const headRow = el("div", "meter-head");
  headRow.append(el("span", "row-label", "Uprising Meter"), el("b", "meter-value", String(meter.value)));
  const next = meter.thresholds.find((t) => !t.reached);
  if (next) headRow.append(el("span", "meter-next", `next: ${next.name} at ${next.at}`));
  box.append(headRow);
  const track = el("div", "meter-track");
  const fill = el("div", "meter-fill");
  fill.style.setProperty("--p", `${Math.min(100, (meter.value / top) * 100)}%`);
  track.append(fill);
  for (const t of meter.thresholds) {
    const tick = el("span", `meter-tick${t.reached ? " reached" : ""}`);
    tick.style.setProperty("--at", `${(t.at / top) * 100}%`);
    tick.title = `${t.name} at ${t.at}: ${t.text}`;
    tick.append(el("span", "tick-name", t.name));
    track.append(tick);
  }
  box.append(track);
  if (next) box.title = `${next.name} at ${next.at}: ${next.text}`;
  return box;
}

function leaderboard(view, ctx) {
  const headRow = () => {
    const row = el("tr", "head-row");
    const name = el("td", "who-cell", `Head of House${view.head.character ? ` (${characterName(view.head.character)})` : ""}`);
    row.append(name, el("td", "num", String(view.head.leadership)), el("td", "num", view.head.hungry ? "hungry" : ""), el("td", "num", ""));
    return row;
  };
  const target = view.stage === "pre-game" ? view.pregame_target : view.head.leadership;
  return s7.scoresPanel(view, ctx, { title: "Leaderboard", order: view.board, headRow, target });
}

function endPanel(view, ctx) {
  if (view.phase !== "over") return null;
  const panel = el("section", "panel clan-ending");
  const text = {
    takeover: `${view.usurper !== null && view.usurper !== undefined ? s7.nameOf(view.usurper, ctx) : "A player"} overthrew the Head of House.`,
    uprising: "The humans rose: the Head of House keeps the house; the ranking is by leadership.",
    rounds: "The rounds ran out: the Head of House keeps the house; the ranking is by leadership.",
  }[view.end] || "The game is over.";
  panel.append(el("p", null, text));
  return panel;
}

export function renderSide(root, ctx) {
  useContent(ctx);
  const view = ctx.view;
  root.replaceChildren(...[endPanel(view, ctx), housePanel(view, ctx), leaderboard(view, ctx)].filter(Boolean));
}

export function finalRows(view, ctx) {
  return view.seats
    .map((entry, seat) => ({
      seat,
      name: `${who(seat, ctx.me, ctx.seats)}${entry.character ? ` (${characterName(entry.character)})` : ""}`,
      score: entry.leadership,
      place: view.ranking ? view.ranking[seat] : null,
    }))
    .sort((a, b) => (a.place ?? 99) - (b.place ?? 99) || b.score - a.score);
}
