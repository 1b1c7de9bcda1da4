// Summon 7's table: every seat's face-up number cards around a felt, the deck in the middle,
// your seat below with big Hit / Hold buttons and the chance that a hit busts you.
// Everything drawn comes from one seat's view (or a spectator's): every dealt card is face up,
// only the deck's order is unknown, and nothing here needs it.  The clan game (clan.js) reuses
// the table, the cards and the sums.
import { el, headCell } from "./cards.js";
import { markWhy } from "./why.js";
import { marked } from "./names.js";
import { seatHeadBase } from "./seat-head.js";
import { seatLabel, who } from "./words.js";

export const STATUS_WORDS = { active: "in play", held: "held", busted: "busted" };
const PLACES = { 1: "1st", 2: "2nd", 3: "3rd" };

// ---- words ------------------------------------------------------------------------------------
export function verb(seat, me, word) {
  return seat === me && word.endsWith("s") ? word.slice(0, -1) : word;
}

export function place(rank) {
  return PLACES[rank] || `${rank}th`;
}

export function percent(p) {
  if (p === null || p === undefined) return "—";
  if (p > 0 && p < 0.005) return "<1%";
  return `${Math.round(p * 100)}%`;
}

// The words for a legal action: the server's label when it sends one, else ours, else the text.
export function label(ctx, text, ours) {
  return (ctx.labels && ctx.labels[text]) || ours || text;
}

// ---- the odds ---------------------------------------------------------------------------------
function sum(list) {
  return list.reduce((a, b) => a + b, 0);
}

// What the next card can be, value by value: the deck, or the discard pile when the deck is out
// (it is then shuffled into a new deck).  Both are open information (every card is face up).
export function nextCardCounts(view) {
  return sum(view.deck_values) ? view.deck_values.slice() : view.discard.slice();
}

// The chance that a hit busts ``seat`` (as tabletop/words/summon7.py counts it for the Hit label):
// the share of the next cards matching a value it holds.  A hungry player is dealt two cards and
// keeps a busting one if either busts: two draws without replacement.
export function bustChance(view, seat, hungry = false) {
  const counts = nextCardCounts(view);
  const total = sum(counts);
  if (!total) return null; // no card anywhere: hitting is not possible
  const held = new Set(view.seats[seat].cards);
  const busting = counts.reduce((acc, count, value) => acc + (held.has(value) ? count : 0), 0);
  if (!hungry) return busting / total;
  if (total < 2) return 1 - (1 - busting / total) ** 2;
  const safe = total - busting;
  return 1 - (safe * (safe - 1)) / (total * (total - 1));
}

// ---- cards ------------------------------------------------------------------------------------
// A number card: a cream face, its value large in the middle and in two corners, coloured from
// green (low) to red (high).  opts: size ("big", "mid", "mini"), bust (the card that busted),
// fresh (just dealt).
export function numberCard(value, opts = {}) {
  const node = el("div", `card s7 s7-${opts.size || "mid"} ${value <= 4 ? "low" : value <= 8 ? "medium" : "high"}`);
  node.dataset.value = String(value);
  node.style.setProperty("--hue", String(Math.round(135 - value * 11.25)));
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", `card ${value}${opts.bust ? ", a second one: bust" : ""}`);
  node.append(el("span", "pip tl", String(value)), el("span", "face", String(value)), el("span", "pip br", String(value)));
  if (opts.bust) {
    node.classList.add("busting");
    node.title = `a second ${value}: bust`;
  }
  if (opts.fresh) node.classList.add("fresh");
  return node;
}

// The cards in front of a seat; the card that busted it marked.
export function cardRow(entry, opts = {}) {
  const row = el("div", `s7-cards ${opts.size || "mid"}`);
  const cards = entry.cards || [];
  cards.forEach((value, i) => {
    // the last card, when it repeats a value: it busted the seat (or, in the clan game, will
    // unless a Ward turns it away)
    const bust = i === cards.length - 1 && cards.indexOf(value) < i;
    row.append(numberCard(value, { size: opts.size, bust, fresh: opts.fresh && i === cards.length - 1 }));
  });
  if (!cards.length) row.append(el("span", "s7-empty", opts.empty || "no cards"));
  return row;
}

// ---- a seat -------------------------------------------------------------------------------------
export function nameOf(seat, ctx) {
  return seat === ctx.me ? "You" : seatLabel(seat, ctx.seats);
}

export function statusBadge(status) {
  return el("span", `s7-status ${status}`, STATUS_WORDS[status] || status);
}

export function seatHead(view, seat, ctx, score) {
  const head = seatHeadBase(seat, ctx);
  if (view.dealer === seat && view.phase !== "over") {
    const dealer = el("span", "tag dealer s7-dealer", "D");
    dealer.title = "the dealer";
    head.append(dealer);
  }
  if (score !== undefined && score !== null) head.append(leadership(score));
  return head;
}

function leadership(score) {
  const lead = el("span", "score");
  lead.title = "leadership";
  lead.append(el("small", null, "lead "), document.createTextNode(String(score)));
  return lead;
}

function totalLine(entry, extra) {
  const line = el("div", "s7-total-line");
  if (entry.cards.length) {
    const total = el("span", `s7-total ${entry.status}`, String(entry.total));
    total.title = "the sum of the cards";
    line.append(total);
  }
  line.append(statusBadge(entry.status));
  if (extra) line.append(extra);
  line.append(leadership(entry.leadership));
  return line;
}

// One seat around the felt.  hooks.seatExtras(box, entry, seat) adds the clan game's parts.
function seatBox(view, seat, ctx, hooks, slot) {
  const entry = view.seats[seat];
  const box = el("section", `seat-box s7-seat ${entry.status}`);
  box.dataset.seat = String(seat);
  box.style.setProperty("--lift", String(slot));
  if (view.to_act === seat) box.classList.add("to-act");
  const status = showStatus(view, entry, hooks);
  box.append(seatHead(view, seat, ctx, status ? null : entry.leadership));
  if (hooks.seatTop) hooks.seatTop(box, entry, seat, ctx);
  if (showCards(view, entry, hooks)) box.append(cardRow(entry, { size: "mid", fresh: freshFor(ctx, seat) }));
  if (status) box.append(totalLine(entry, hooks.totalExtra ? hooks.totalExtra(entry) : null));
  if (hooks.seatExtras) hooks.seatExtras(box, entry, seat, ctx);
  return box;
}

// Whether a seat's Summon 7 cards and total are worth drawing: not before the first deal, nor
// once the round's cards are collected (the clan game's later phases, the end of the game).
function showCards(view, entry, hooks) {
  if (hooks.showCards && !hooks.showCards(view)) return false;
  return entry.cards.length > 0;
}

// Whether the seat's status (in play, held, busted) still means something.
function showStatus(view, entry, hooks) {
  if (hooks.showCards && !hooks.showCards(view)) return false;
  return entry.cards.length > 0 || view.phase !== "over";
}

function freshFor(ctx, seat) {
  return Boolean(ctx.fresh && ctx.last && ctx.last.seat === seat && ctx.last.action === "hit");
}

// ---- the middle of the felt -------------------------------------------------------------------
export function deckArea(view, ctx) {
  const area = el("div", "s7-deck-area");
  const piles = el("div", "s7-piles");
  const deck = el("div", "s7-pile deck");
  const back = el("div", "card back s7-back");
  if (!view.deck) back.classList.add("empty");
  deck.append(back, el("span", "pile-count", `${view.deck}`), el("span", "pile-name", "deck"));
  const discard = el("div", "s7-pile discard");
  const discarded = sum(view.discard);
  const top = el("div", "card s7-back discard-face");
  if (!discarded) top.classList.add("empty");
  discard.append(top, el("span", "pile-count", `${discarded}`), el("span", "pile-name", "discard"));
  piles.append(deck, discard);
  area.append(piles, oddsChart(view, ctx));
  return area;
}

// The next card, value by value: a bar per value; the values you hold (a hit on one busts you)
// in red.
function oddsChart(view, ctx) {
  const counts = nextCardCounts(view);
  const total = sum(counts);
  const box = el("div", "s7-odds");
  const fromDiscard = !sum(view.deck_values);
  box.append(el("div", "odds-title", fromDiscard ? "Next card (the discard pile, reshuffled)" : `What the deck holds (${view.deck} cards)`));
  const mine = ctx.me !== null && ctx.me !== undefined && view.seats[ctx.me] ? new Set(view.seats[ctx.me].cards) : new Set();
  const most = Math.max(1, ...counts);
  const bars = el("div", "odds-bars");
  counts.forEach((count, value) => {
    const col = el("div", "odds-col");
    col.dataset.value = String(value);
    if (mine.has(value)) col.classList.add("bust");
    if (!count) col.classList.add("none");
    col.title = `${count} card${count === 1 ? "" : "s"} of ${value}${mine.has(value) ? ": busts you" : ""}`;
    const bar = el("div", "odds-bar");
    bar.style.setProperty("--h", `${Math.round((count / most) * 100)}%`);
    col.append(el("span", "odds-count", String(count)), bar, el("span", "odds-value", String(value)));
    bars.append(col);
  });
  box.append(bars);
  box.dataset.total = String(total);
  return box;
}

export function lastRoundLine(view, ctx) {
  const last = view.last_round;
  if (!last) return null;
  const winners = last.winners || [];
  const stage = last.stage === "pre-game" ? "Pre-game round" : "Round";
  let text;
  if (!winners.length) text = `${stage} ${last.round}: everybody busted, nobody scored.`;
  else {
    const names = winners.map((w) => nameOf(w, ctx)).join(" and ");
    text = `${stage} ${last.round}: ${names} won with ${last.totals[winners[0]]}${winners.length > 1 ? " (a tie)" : ""}.`;
  }
  return el("div", "s7-last", text);
}

// ---- your seat ----------------------------------------------------------------------------------
// A big button for a legal action: a short title, and the action's words below it (the server's
// label first; always in the tooltip).  opts: detail (our words, when the server sends none), cls,
// note (a line shown instead of the words when they only repeat the title, or when brief).
export function bigButton(ctx, text, title, opts = {}) {
  const button = el("button", `action big ${opts.cls || ""}`.trim());
  button.type = "button";
  button.dataset.action = text;
  const words = label(ctx, text, opts.detail);
  button.title = words;
  button.append(el("b", null, title));
  const repeats = words.toLowerCase().startsWith(title.toLowerCase());
  if (opts.note && (repeats || opts.brief || !words)) button.append(el("small", null, opts.note));
  else if (words && words !== title) button.append(el("small", null, words));
  button.addEventListener("click", () => ctx.act(text));
  return button;
}

export function bustMeter(p, hungry) {
  const box = el("div", "bust-meter");
  const risk = p === null ? 0 : p;
  box.classList.add(risk >= 0.5 ? "high" : risk >= 0.25 ? "medium" : "low");
  box.append(el("span", "bust-label", hungry ? "Bust chance (hungry: two cards)" : "Bust chance if you hit"));
  const bar = el("div", "bust-bar");
  const fill = el("div", "bust-fill");
  fill.style.setProperty("--p", `${Math.round(risk * 100)}%`);
  bar.append(fill);
  box.append(bar, el("b", "bust-value", percent(p)));
  return box;
}

// The box below the felt: your cards, the prompt, the buttons.  hooks.meRow(view, ctx, legal)
// adds the clan game's part beside your cards; hooks.prompt and hooks.buttons replace the defaults;
// hooks.whyHitHold(view) says whether Hit and Hold are shown, explained, when it is not your turn.
function myArea(view, ctx, hooks) {
  const seat = ctx.bottom;
  const entry = view.seats[seat];
  const box = el("section", `me-box s7-me st-${entry.status}`);
  box.dataset.seat = String(seat);
  const me = ctx.me !== null && ctx.me !== undefined;
  if (!me) box.classList.add("spectating");
  if (view.to_act === seat) box.classList.add("to-act");
  box.append(seatHead(view, seat, ctx, entry.leadership));
  if (hooks.seatTop) hooks.seatTop(box, entry, seat, ctx);
  const legal = me && ctx.act ? view.legal || [] : [];
  const row = el("div", "s7-me-row");
  if (showCards(view, entry, hooks)) {
    const cards = el("div", "s7-me-cards");
    cards.append(cardRow(entry, { size: "big", fresh: freshFor(ctx, seat), empty: "no cards in front of you" }));
    row.append(cards);
  }
  if (hooks.meRow) row.append(hooks.meRow(view, ctx, legal));
  if (showStatus(view, entry, hooks)) {
    const sums = el("div", "s7-me-sum");
    if (entry.cards.length) sums.append(el("span", "sum-label", "total"), el("span", `s7-total big ${entry.status}`, String(entry.total)));
    sums.append(statusBadge(entry.status));
    if (hooks.totalExtra) {
      const extra = hooks.totalExtra(entry);
      if (extra) sums.append(extra);
    }
    row.append(sums);
  }
  if (row.childNodes.length) box.append(row);
  const prompt = el("div", "prompt");
  const mine = me && view.to_act === ctx.me && legal.length > 0;
  if (view.phase === "over") prompt.textContent = "The game is over.";
  else if (mine) {
    prompt.textContent = hooks.prompt ? hooks.prompt(view, ctx) : "Your turn: hit for one more card, or hold.";
    prompt.classList.add("yours");
  } else if (view.to_act !== null && view.to_act !== undefined) {
    prompt.textContent = `Waiting for ${nameOf(view.to_act, ctx)}…`;
  }
  box.append(prompt);
  const buttons = el("div", "actions s7-actions");
  if (mine) {
    if (hooks.buttons) hooks.buttons(buttons, view, ctx, legal);
    else defaultButtons(buttons, view, ctx, legal);
  } else if (me && ctx.act && view.phase !== "over" && (!hooks.whyHitHold || hooks.whyHitHold(view))) {
    whyButtons(buttons);
  }
  box.append(buttons);
  return box;
}

export function hitHoldButtons(buttons, view, ctx, legal, hungry = false) {
  const me = ctx.me;
  const entry = view.seats[me];
  if (legal.includes("hit")) {
    const p = bustChance(view, me, hungry);
    const detail = `Hit: one more card${hungry ? " (two dealt, you keep the worse)" : ""}, bust chance ${percent(p)}`;
    buttons.append(bigButton(ctx, "hit", "Hit", { detail, cls: "hit" }));
  }
  if (legal.includes("hold")) buttons.append(bigButton(ctx, "hold", "Hold", { detail: `Hold at ${entry.total}`, cls: "hold" }));
  if (legal.includes("hit")) buttons.append(bustMeter(bustChance(view, me, hungry), hungry));
}

// Hit and Hold when it is not your turn: they do nothing, and pointing at or tapping one says why
// (why.js: whose decision the table waits for, in the engine's words).
function whyButtons(buttons) {
  for (const [text, title] of [["hit", "Hit"], ["hold", "Hold"]]) {
    const button = el("button", `button why-off ${text}`);
    button.type = "button";
    button.setAttribute("aria-disabled", "true");
    button.append(el("b", null, title));
    buttons.append(markWhy(button, text));
  }
}

function defaultButtons(buttons, view, ctx, legal) {
  hitHoldButtons(buttons, view, ctx, legal);
  for (const text of legal) {
    if (text === "hit" || text === "hold") continue;
    buttons.append(bigButton(ctx, text, text));
  }
}

// ---- the whole table ------------------------------------------------------------------------------
export function orderFrom(bottom, n) {
  const out = [];
  for (let k = 1; k < n; k++) out.push((bottom + k) % n);
  return out;
}

// The felt with the other seats and the middle, then your seat.  hooks: see seatBox and myArea;
// hooks.bar(view, ctx) the round bar, hooks.centre(view, ctx) the middle of the felt.
export function drawTable(root, ctx, hooks = {}) {
  const view = ctx.view;
  ctx.bottom = ctx.me ?? ctx.perspective ?? 0;
  const table = el("div", `s7-table ${hooks.cls || ""}`.trim());
  table.dataset.phase = view.phase;
  const felt = el("div", `s7-felt players-${view.players}`);
  felt.append(hooks.bar ? hooks.bar(view, ctx) : roundBar(view, ctx));
  const seats = el("div", "s7-seats");
  const others = orderFrom(ctx.bottom, view.players);
  others.forEach((seat, i) => {
    // an arc: the seats at the ends sit lower than the ones in the middle
    const middle = (others.length - 1) / 2;
    const slot = middle ? Math.abs(i - middle) / middle : 0;
    seats.append(seatBox(view, seat, ctx, hooks, slot));
  });
  felt.append(seats);
  felt.append(hooks.centre ? hooks.centre(view, ctx) : centre(view, ctx));
  table.append(felt, myArea(view, ctx, hooks));
  if (hooks.after) for (const part of hooks.after(view, ctx)) if (part) table.append(part);
  root.replaceChildren(table);
}

function roundBar(view, ctx) {
  const bar = el("div", "round-bar s7-bar");
  bar.append(el("span", "round", view.phase === "over" ? "Final" : `Round ${view.round}`));
  bar.append(el("span", "chip", `first to ${view.target} leadership`));
  if (view.phase !== "over") bar.append(el("span", "chip", `${nameOf(view.dealer, ctx)} ${verb(view.dealer, ctx.me, "deals")}`));
  bar.append(houseChip(view));
  return bar;
}

export function houseChip(view) {
  const house = el("span", "chip house", `House total ${view.house_total}`);
  house.title = "every held player's sum, all game long";
  return house;
}

function centre(view, ctx) {
  const mid = el("div", "s7-centre");
  mid.append(deckArea(view, ctx));
  const last = lastRoundLine(view, ctx);
  if (last) mid.append(last);
  return mid;
}

export function renderTable(root, ctx) {
  drawTable(root, ctx, {});
}

// ---- the sidebar --------------------------------------------------------------------------------
export function scoresPanel(view, ctx, opts = {}) {
  const panel = el("section", "panel scores s7-scores");
  panel.append(el("h2", null, opts.title || "Leadership"));
  const table = el("table");
  const head = el("tr");
  ["", "total", "round", view.ranking ? "place" : ""].forEach((h, i) => head.append(headCell(h, i ? "place" : "player")));
  table.append(head);
  const order = opts.order || (view.board || view.seats.map((_, s) => s));
  const goal = opts.target || view.target;
  for (const member of order) {
    if (member === "head") {
      if (opts.headRow) table.append(opts.headRow());
      continue;
    }
    const entry = view.seats[member];
    const row = el("tr", member === ctx.me ? "mine" : "");
    if (view.to_act === member) row.classList.add("to-act");
    const name = el("td", "who-cell");
    name.append(marked(el("span", null, who(member, ctx.me, ctx.seats)), (ctx.seats || [])[member]));
    if (goal) {
      const bar = el("div", "lead-bar");
      const fill = el("div", "lead-fill");
      fill.style.setProperty("--p", `${Math.min(100, Math.round((entry.leadership / goal) * 100))}%`);
      bar.append(fill);
      name.append(bar);
    }
    const round = el("td", `num ${entry.status}`, entry.cards.length ? String(entry.total) : "—");
    round.title = entry.cards.length ? `${entry.total}, ${STATUS_WORDS[entry.status]}` : "no cards";
    row.append(name, el("td", "num", String(entry.leadership)), round, el("td", "num", view.ranking ? place(view.ranking[member]) : ""));
    table.append(row);
  }
  panel.append(table);
  if (opts.note) panel.append(el("p", "recent", opts.note));
  return panel;
}

function roundsPanel(view, ctx) {
  const last = view.last_round;
  if (!last) return null;
  const panel = el("section", "panel s7-last-panel");
  panel.append(el("h2", null, `Round ${last.round}`));
  const table = el("table", "s7-round-table");
  last.totals.forEach((total, seat) => {
    const row = el("tr", seat === ctx.me ? "mine" : "");
    const won = (last.winners || []).includes(seat);
    row.append(el("td", null, who(seat, ctx.me, ctx.seats)), el("td", "num", String(total)), el("td", last.busted[seat] ? "busted" : won ? "won" : "", last.busted[seat] ? "busted" : won ? `won +${total}` : "held"));
    table.append(row);
  });
  panel.append(table);
  return panel;
}

export function renderSide(root, ctx) {
  const view = ctx.view;
  const note = `First to ${view.target} leadership ends the game at the end of that round. House total: ${view.house_total}.`;
  root.replaceChildren(...[scoresPanel(view, ctx, { note }), roundsPanel(view, ctx)].filter(Boolean));
}

export function finalRows(view, ctx) {
  return view.seats
    .map((entry, seat) => ({ seat, name: who(seat, ctx.me, ctx.seats), score: entry.leadership, place: view.ranking ? view.ranking[seat] : null }))
    .sort((a, b) => (a.place ?? 99) - (b.place ?? 99) || b.score - a.score);
}
