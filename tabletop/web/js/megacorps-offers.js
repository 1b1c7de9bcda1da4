// MegaCorps' trades at any time (MC101-MC102, ruling R-MC33), in the sidebar of a seated player: a
// composer (to whom, what you give, what you ask, a promise), the offers made to you (accept or
// decline) and your own (withdraw while open).  Offers are moves of the game, judged by its rules
// and kept in its record; everybody reads them in the log, their event cards and promises only
// their two players.  This panel lists the seat's own (made by it or to it), from the welcome's
// and the "offers" messages, and sends {type: "offer" | "withdraw" | "reply"} on the table's socket
// (table.js: ctx.send): never an action's text.  Everything the composer offers comes from the
// seat's view: money, mercenaries, who owns which company and country, your own event cards (one
// promised in an open offer cannot be offered again until it closes: the server says why).  A
// promise is another player's text: only ever textContent.
import { el } from "./cards.js";
import { formatLeft } from "./clock.js";
import { nameOf } from "./megacorps-board.js";
import { countryName, companyName, eventInfo, isEvent, itemName } from "./megacorps-names.js";

const MOST = 8; // items one offer may hold (the economy's trade_items), unless the content says
const NOTE_MAX = 200;
const SHOW_CLOSED = 120; // seconds a closed offer stays in the lists after this page saw it close
const NEW_FOR = 8; // seconds an offer just received is marked new
const STATUS = {
  open: "open",
  accepted: "accepted, waiting for a moment between actions",
  done: "accepted — carried out",
  declined: "declined",
  withdrawn: "withdrawn",
  expired: "expired",
  void: "could not be carried out",
};

const blank = () => ({ money: "", mercs: "", companies: new Set(), countries: new Set(), cards: new Set() });
const trade = {
  composing: false, to: null, give: blank(), ask: blank(), note: "",
  sending: null, // {after: the newest offer of yours before sending}: the composer waits for it
  answering: new Set(), // offers with a reply or withdrawal on its way
  known: new Map(), // offer id -> {status, first: seconds, closed: seconds or null} (this page's clock)
  offset: 0, // the server's clock minus this browser's, in seconds
  list: null, // the offers last seen
  ctx: null, node: null, // the last panel drawn, and its ctx (for redrawing it alone)
  ticking: null,
};

const clock = () => Date.now() / 1000;
const most = (ctx) => (ctx.content && Number.isInteger(ctx.content.trade_items) ? ctx.content.trade_items : MOST);

function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

// ---- keeping focus across redrawings ----------------------------------------------------------------
// Redraw under ``root``, then give the focus (and the caret) back to the element with the same data-key.
export function keepFocus(root, draw) {
  const active = document.activeElement;
  const key = active && active !== document.body && root.contains(active) && active.dataset ? active.dataset.key : null;
  let caret = null;
  try {
    if (key && typeof active.selectionStart === "number") caret = [active.selectionStart, active.selectionEnd];
  } catch {
    caret = null; // number inputs have no selection in some browsers
  }
  draw();
  if (!key) return;
  const again = [...root.querySelectorAll("[data-key]")].find((n) => n.dataset.key === key);
  if (!again || again.disabled) return;
  again.focus();
  try {
    if (caret) again.setSelectionRange(caret[0], caret[1]);
  } catch {
    // not a text field
  }
}

// ---- items --------------------------------------------------------------------------------------
const isMoney = (code) => /^\d+$/.test(code);

function itemChip(code, count) {
  const words = code === "merc" ? plural(count, "mercenary", "mercenaries") : isMoney(code) ? `${code} money` : itemName(code);
  const chip = el("span", "chip mc-trade-chip", words);
  chip.dataset.item = code;
  if (count > 1) chip.dataset.count = String(count);
  if (isEvent(code)) chip.title = eventInfo(code).text;
  return chip;
}

// A side of an offer as chips (mercenaries counted together), or "nothing".
function itemsRow(label, items, cls) {
  const row = el("div", `mc-trade-row ${cls}`);
  row.append(el("span", "row-label", label));
  if (!items.length) row.append(el("span", "muted", "nothing"));
  const mercs = items.filter((i) => i === "merc").length;
  let mercShown = false;
  for (const code of items) {
    if (code === "merc") {
      if (mercShown) continue;
      mercShown = true;
      row.append(itemChip(code, mercs));
    } else {
      row.append(itemChip(code, 1));
    }
  }
  return row;
}

function whole(text) {
  const t = String(text).trim();
  return /^\d+$/.test(t) ? Number(t) : t === "" ? 0 : NaN;
}

// The draft's items on one side, as codes.
function codes(side, giving) {
  const out = [];
  const money = whole(side.money);
  if (money > 0) out.push(String(money));
  const mercs = whole(side.mercs);
  for (let k = 0; k < (mercs > 0 ? mercs : 0); k++) out.push("merc");
  out.push(...side.companies, ...side.countries);
  if (giving) for (const key of side.cards) out.push(key.split("#")[0]);
  return out;
}

function ownedBy(table, seat) {
  return Object.entries(table || {}).filter(([, o]) => o === seat).map(([c]) => c);
}

// Players still in the game, other than you.
function partners(view, me) {
  const out = [];
  for (let s = 0; s < view.players; s++) if (s !== me && !view.left[s]) out.push(s);
  return out;
}

// Drop from the draft whatever its holder no longer has (a company lost, a card played...).
function prune(view, me, offers) {
  const people = partners(view, me);
  if (!people.includes(trade.to)) {
    trade.to = people.length ? people[0] : null;
    trade.ask = blank();
  }
  for (const [side, seat] of [[trade.give, me], [trade.ask, trade.to]]) {
    const companies = new Set(ownedBy(view.companies, seat));
    const countries = new Set(ownedBy(view.countries, seat));
    for (const c of [...side.companies]) if (!companies.has(c)) side.companies.delete(c);
    for (const c of [...side.countries]) if (!countries.has(c)) side.countries.delete(c);
  }
  const hand = cardKeys(freeHand(view, offers));
  for (const key of [...trade.give.cards]) if (!hand.includes(key)) trade.give.cards.delete(key);
}

// The seat's event cards it may still offer: its hand but the cards it promised in its own open
// offers (the rules keep a promised card for its offer until the offer closes).
function freeHand(view, offers) {
  const hand = [...(view.hand || [])];
  for (const offer of offers || []) {
    if (offer.from !== view.seat || (offer.status !== "open" && offer.status !== "accepted")) continue;
    for (const code of offer.give) {
      const at = isEvent(code) ? hand.indexOf(code) : -1;
      if (at >= 0) hand.splice(at, 1);
    }
  }
  return hand;
}

// "code#k" for the k-th card of that code in the hand (two of a kind are two items).
function cardKeys(hand) {
  const seen = {};
  return hand.map((code) => {
    seen[code] = (seen[code] || 0) + 1;
    return `${code}#${seen[code]}`;
  });
}

// What is wrong with the draft now (null: it may be sent), and its number of items.
function check(view, ctx) {
  const give = codes(trade.give, true);
  const ask = codes(trade.ask, false);
  const count = give.length + ask.length;
  const limit = most(ctx);
  let why = null;
  for (const [side, seat, words] of [[trade.give, ctx.me, "you have"], [trade.ask, trade.to, "they have"]]) {
    const money = whole(side.money);
    const mercs = whole(side.mercs);
    if (seat === null) continue;
    if (Number.isNaN(money) || money > view.money[seat]) why = why || `money: a whole number up to ${view.money[seat]} (${words})`;
    if (Number.isNaN(mercs) || mercs > view.mercs[seat]) why = why || `mercenaries: up to ${view.mercs[seat]} (${words})`;
  }
  if (trade.to === null) why = why || "nobody to trade with";
  else if (!count) why = why || "choose something to give or to ask";
  else if (count > limit) why = why || `at most ${limit} items in one offer`;
  return { give, ask, count, limit, why };
}

// ---- the composer -----------------------------------------------------------------------------------
function numberField(key, words, value, max, onInput) {
  const field = el("label", "mc-trade-number");
  const input = el("input");
  input.type = "number";
  input.min = "0";
  input.max = String(max);
  input.step = "1";
  input.value = value;
  input.placeholder = "0";
  input.dataset.key = key;
  input.disabled = max <= 0;
  input.setAttribute("aria-label", `${words} (0 to ${max})`);
  input.addEventListener("input", () => onInput(input));
  field.append(el("span", null, words), input, el("small", "muted", `of ${max}`));
  return field;
}

function checkList(title, entries) {
  if (!entries.length) return null;
  const box = el("div", "mc-trade-list");
  box.append(el("span", "row-label", title));
  for (const entry of entries) box.append(entry);
  return box;
}

function checkbox(key, code, side, words, checked, onChange, title) {
  const label = el("label", "mc-trade-check");
  const box = el("input");
  box.type = "checkbox";
  box.checked = checked;
  box.dataset.key = key;
  box.dataset.item = code;
  box.dataset.side = side;
  box.addEventListener("change", () => onChange(box.checked));
  label.append(box, el("span", null, words));
  if (title) label.title = title;
  return label;
}

function column(view, ctx, seat, giving) {
  const name = giving ? "give" : "ask";
  const side = giving ? trade.give : trade.ask;
  const other = giving ? trade.ask : trade.give;
  const col = el("fieldset", `mc-trade-col ${name}`);
  col.dataset.side = name;
  col.append(el("legend", null, giving ? "You give" : `You ask of ${nameOf(seat, ctx)}`));
  col.append(numberField(`trade-${name}-money`, "money", side.money, view.money[seat], (input) => {
    side.money = input.value;
    if (whole(input.value) > 0 && other.money !== "") {
      other.money = ""; // money goes one way only
      const twin = trade.node && trade.node.querySelector(`input[data-key='trade-${giving ? "ask" : "give"}-money']`);
      if (twin) twin.value = "";
    }
    refresh(view, ctx);
  }));
  col.append(numberField(`trade-${name}-mercs`, "mercenaries", side.mercs, view.mercs[seat], (input) => {
    side.mercs = input.value;
    refresh(view, ctx);
  }));
  const toggle = (set, value) => (on) => {
    if (on) set.add(value);
    else set.delete(value);
    refresh(view, ctx);
  };
  const companies = ownedBy(view.companies, seat).map((c) =>
    checkbox(`trade-${name}-${c}`, c, name, companyName(c), side.companies.has(c), toggle(side.companies, c)));
  const countries = ownedBy(view.countries, seat).map((c) =>
    checkbox(`trade-${name}-${c}`, c, name, countryName(c), side.countries.has(c), toggle(side.countries, c)));
  const parts = [checkList("companies", companies), checkList("countries", countries)];
  if (giving) {
    const hand = freeHand(view, ctx.offers);
    const keys = cardKeys(hand);
    const cards = hand.map((code, k) => {
      const info = eventInfo(code);
      return checkbox(`trade-card-${keys[k]}`, code, name, info.name, side.cards.has(keys[k]), toggle(side.cards, keys[k]), info.text);
    });
    parts.push(checkList("event cards", cards));
  }
  const shown = parts.filter(Boolean);
  if (!shown.length) col.append(el("p", "muted mc-trade-none", giving ? "no companies, countries or event cards" : "no companies or countries"));
  col.append(...shown);
  return col;
}

// The count, the reason the offer cannot go yet, the Send button: kept up to date as one types.
function refresh(view, ctx) {
  const node = trade.node;
  if (!node) return;
  const { count, limit, why } = check(view, ctx);
  const counter = node.querySelector(".mc-trade-count");
  if (counter) {
    counter.textContent = `${count} of ${limit} items`;
    counter.dataset.count = String(count);
    counter.classList.toggle("over", count > limit);
  }
  const reason = node.querySelector(".mc-trade-why");
  if (reason) reason.textContent = why && count ? why : "";
  const send = node.querySelector("button[data-key='trade-send']");
  if (send) {
    send.disabled = Boolean(why) || Boolean(trade.sending);
    send.textContent = trade.sending ? "Sending…" : "Send the offer";
  }
  for (const input of node.querySelectorAll(".mc-trade-number input")) {
    const v = whole(input.value);
    input.classList.toggle("bad", Number.isNaN(v) || v > Number(input.max));
  }
}

function send(view, ctx) {
  const { give, ask, why } = check(view, ctx);
  if (why || trade.sending || !ctx.send) return;
  const message = { type: "offer", to: trade.to, give, ask };
  const note = trade.note.trim();
  if (note) message.note = note.slice(0, NOTE_MAX);
  const after = Math.max(0, ...(ctx.offers || []).filter((o) => o.from === ctx.me).map((o) => o.id));
  if (!ctx.send(message)) return;
  trade.sending = { after };
  refresh(view, ctx);
  setTimeout(() => {
    // refused (the toast says why): the draft stays, to be changed and sent again
    if (trade.sending && trade.sending.after === after) {
      trade.sending = null;
      if (trade.ctx) refresh(trade.ctx.view, trade.ctx);
    }
  }, 4000);
}

function composer(view, ctx) {
  const box = el("div", "mc-trade-composer");
  const people = partners(view, ctx.me);
  if (!people.length) {
    box.append(el("p", "muted", "Nobody is left to trade with."));
    return box;
  }
  const pick = el("label", "mc-trade-to");
  const select = el("select");
  select.dataset.key = "trade-to";
  for (const s of people) {
    const option = el("option", null, nameOf(s, ctx));
    option.value = String(s);
    option.selected = s === trade.to;
    select.append(option);
  }
  select.addEventListener("change", () => {
    trade.to = Number(select.value);
    trade.ask = blank();
    redraw();
  });
  pick.append(el("span", null, "Offer to"), select);
  const columns = el("div", "mc-trade-cols");
  columns.append(column(view, ctx, ctx.me, true), column(view, ctx, trade.to, false));
  const promise = el("label", "mc-trade-promise");
  const note = el("input");
  note.type = "text";
  note.maxLength = NOTE_MAX;
  note.value = trade.note;
  note.placeholder = "a promise (it does not bind)";
  note.dataset.key = "trade-note";
  note.setAttribute("aria-label", "A promise with the offer, up to 200 characters (promises do not bind)");
  note.addEventListener("input", () => {
    trade.note = note.value;
  });
  note.addEventListener("keydown", (e) => {
    if (e.key === "Enter") send(view, ctx);
  });
  promise.append(el("span", null, "Promise"), note);
  const foot = el("div", "mc-trade-foot");
  const counter = el("span", "mc-trade-count");
  counter.setAttribute("aria-live", "polite");
  const go = el("button", "button small primary", "Send the offer");
  go.type = "button";
  go.dataset.key = "trade-send";
  go.addEventListener("click", () => send(view, ctx));
  const cancel = el("button", "button small", "Cancel");
  cancel.type = "button";
  cancel.dataset.key = "trade-cancel";
  cancel.addEventListener("click", () => {
    Object.assign(trade, { composing: false, give: blank(), ask: blank(), note: "", sending: null });
    redraw();
  });
  foot.append(counter, go, cancel);
  box.append(pick, columns, promise, foot, el("p", "mc-trade-why muted"));
  return box;
}

// ---- the lists of offers ------------------------------------------------------------------------------
function statusWords(offer) {
  if (offer.status === "void") return `could not be carried out${offer.reason ? `: ${offer.reason}` : ""}`;
  return STATUS[offer.status] || offer.status;
}

function reply(ctx, offer, message) {
  if (!ctx.send || trade.answering.has(offer.id)) return;
  if (!ctx.send(message)) return;
  trade.answering.add(offer.id);
  redraw();
  setTimeout(() => {
    if (trade.answering.delete(offer.id)) redraw(); // refused: the buttons come back
  }, 5000);
}

function actionButton(words, key, cls, onClick) {
  const b = el("button", `button small ${cls}`.trim(), words);
  b.type = "button";
  b.dataset.key = key;
  b.addEventListener("click", onClick);
  return b;
}

function offerItem(offer, ctx, mode) {
  const incoming = offer.to === ctx.me;
  const seen = trade.known.get(offer.id) || { first: clock(), closed: null };
  const item = el("li", `mc-trade-item ${offer.status}`);
  item.dataset.offer = String(offer.id);
  item.dataset.status = offer.status;
  item.dataset.from = String(offer.from);
  item.dataset.to = String(offer.to);
  if (incoming && offer.status === "open" && clock() - seen.first < NEW_FOR) item.classList.add("new");
  if (seen.closed !== null) item.dataset.hideAt = String(seen.closed + SHOW_CLOSED);
  const other = incoming ? offer.from : offer.to;
  const head = el("div", "mc-trade-head");
  head.append(el("span", `mc-swatch seat-${other}`), el("b", null, incoming ? `From ${nameOf(other, ctx)}` : `To ${nameOf(other, ctx)}`));
  if (offer.status === "open" && typeof offer.ends === "number") {
    const left = el("span", "mc-trade-left");
    left.dataset.ends = String(offer.ends);
    left.dataset.mode = mode;
    left.title = "The offer is declined by itself when its time runs out";
    fillLeft(left);
    head.append(left);
  }
  item.append(head);
  if (incoming) item.append(itemsRow("You get", offer.give, "get"), itemsRow("You give", offer.ask, "give"));
  else item.append(itemsRow("You give", offer.give, "give"), itemsRow("You get", offer.ask, "get"));
  if (offer.note) item.append(el("p", "mc-trade-note", `“${offer.note}”`));
  const busy = trade.answering.has(offer.id);
  if (offer.status === "open" && incoming) {
    const row = el("div", "mc-trade-buttons");
    const yes = actionButton("Accept", `trade-accept-${offer.id}`, "primary", () => reply(ctx, offer, { type: "reply", offer: offer.id, accept: true }));
    const no = actionButton("Decline", `trade-decline-${offer.id}`, "", () => reply(ctx, offer, { type: "reply", offer: offer.id, accept: false }));
    yes.dataset.reply = "accept";
    no.dataset.reply = "decline";
    yes.disabled = no.disabled = busy;
    row.append(yes, no);
    item.append(row);
  } else if (offer.status === "open") {
    const row = el("div", "mc-trade-buttons");
    row.append(el("span", "mc-trade-status", busy ? "withdrawing…" : "waiting for an answer"));
    const back = actionButton("Withdraw", `trade-withdraw-${offer.id}`, "", () => reply(ctx, offer, { type: "withdraw", offer: offer.id }));
    back.dataset.withdraw = String(offer.id);
    back.disabled = busy;
    row.append(back);
    item.append(row);
  } else {
    item.append(el("p", "mc-trade-status", statusWords(offer)));
  }
  if (offer.status !== "open" && offer.status !== "accepted" && seen.closed !== null && clock() > seen.closed + SHOW_CLOSED) item.hidden = true;
  return item;
}

function listSection(title, cls, offers, ctx, mode) {
  const box = el("div", `mc-trade-section ${cls}`);
  box.append(el("h3", null, title));
  const list = el("ul", "mc-trade-offers");
  for (const offer of offers) list.append(offerItem(offer, ctx, mode));
  box.append(list);
  if (![...list.children].some((n) => !n.hidden)) box.append(el("p", "muted mc-trade-none", "none"));
  return box;
}

// ---- what changed, said politely ---------------------------------------------------------------------
function liveRegion() {
  let node = document.getElementById("mc-trades-said");
  if (!node) {
    node = el("div", "mc-trades-said");
    node.id = "mc-trades-said";
    node.setAttribute("role", "status");
    node.setAttribute("aria-live", "polite");
    document.body.append(node);
  }
  return node;
}

function describe(items) {
  if (!items.length) return "nothing";
  const mercs = items.filter((i) => i === "merc").length;
  const rest = items.filter((i) => i !== "merc").map((i) => (isMoney(i) ? `${i} money` : itemName(i)));
  if (mercs) rest.push(plural(mercs, "mercenary", "mercenaries"));
  return rest.join(", ");
}

// Note the offers' news (the first sighting of each, the moment each closed) and say what is new.
function notice(offers, ctx) {
  if (offers === trade.list) return;
  trade.list = offers;
  if (offers.length && typeof offers[0].now === "number") trade.offset = offers[0].now - clock();
  const said = [];
  for (const offer of offers) {
    const old = trade.known.get(offer.id);
    const closed = offer.status !== "open" && offer.status !== "accepted";
    if (!old) {
      trade.known.set(offer.id, { status: offer.status, first: clock(), closed: closed ? clock() : null });
      if (offer.to === ctx.me && offer.status === "open") {
        said.push(`${nameOf(offer.from, ctx)} offers you a trade: you get ${describe(offer.give)}; you give ${describe(offer.ask)}.`);
      }
      continue;
    }
    if (old.status !== offer.status) {
      old.status = offer.status;
      if (closed && old.closed === null) old.closed = clock();
      const who = offer.from === ctx.me ? `Your offer to ${nameOf(offer.to, ctx)}` : `The offer from ${nameOf(offer.from, ctx)}`;
      said.push(`${who}: ${statusWords(offer)}.`);
    }
    if (offer.status !== "open") trade.answering.delete(offer.id);
  }
  if (trade.sending && offers.some((o) => o.from === ctx.me && o.id > trade.sending.after)) {
    Object.assign(trade, { composing: false, give: blank(), ask: blank(), note: "", sending: null });
  }
  if (said.length) liveRegion().textContent = said.join(" ");
}

// ---- the panel ------------------------------------------------------------------------------------------
function fillLeft(node) {
  const left = Number(node.dataset.ends) - (clock() + trade.offset);
  node.textContent = left > 0 ? `${formatLeft(left, node.dataset.mode)} left` : "time is up";
  node.classList.toggle("low", left < 10);
}

function tick() {
  for (const node of document.querySelectorAll(".mc-trade-left[data-ends]")) fillLeft(node);
  const late = [...document.querySelectorAll(".mc-trade-item[data-hide-at]")].some((n) => !n.hidden && clock() > Number(n.dataset.hideAt));
  if (late) redraw();
}

function build(ctx) {
  const view = ctx.view;
  const offers = ctx.offers || [];
  const mode = ctx.table && ctx.table.clock ? ctx.table.clock.mode : "realtime";
  prune(view, ctx.me, ctx.offers);
  const incoming = offers.filter((o) => o.to === ctx.me);
  const outgoing = offers.filter((o) => o.from === ctx.me);
  const panel = el("section", "panel mc-trades");
  panel.setAttribute("aria-label", "Trades");
  if (incoming.some((o) => o.status === "open")) panel.classList.add("incoming");
  const head = el("div", "mc-trades-head");
  head.append(el("h2", null, "Trades"));
  if (!trade.composing) {
    const start = actionButton("New offer", "trade-new", "primary", () => {
      trade.composing = true;
      redraw();
      const first = trade.node && trade.node.querySelector("select[data-key='trade-to']");
      if (first) first.focus();
    });
    start.disabled = !partners(view, ctx.me).length;
    head.append(start);
  }
  panel.append(head);
  if (trade.composing) panel.append(composer(view, ctx));
  else panel.append(el("p", "recent", "Offer anything to anyone at any time; promises do not bind, only what is handed over counts."));
  panel.append(listSection("Offers to you", "incoming", incoming, ctx, mode), listSection("Your offers", "outgoing", outgoing, ctx, mode));
  return panel;
}

// Draw the panel again by itself (a choice in the composer, an answer on its way, a closed offer's time up).
function redraw() {
  const old = trade.node;
  if (!old || !old.isConnected || !trade.ctx) return;
  const parent = old.parentNode;
  keepFocus(parent, () => {
    const fresh = build(trade.ctx);
    old.replaceWith(fresh);
    trade.node = fresh;
    refresh(trade.ctx.view, trade.ctx);
  });
}

// The Trades panel for renderSide, or null: only for a seated player still in a game whose players
// trade at any time, before it is over.
export function tradesPanel(view, ctx) {
  const me = ctx.me;
  const trading = Boolean(ctx.table && ctx.table.trading);
  if (!trading || me === null || me === undefined || ctx.over || !ctx.send || view.phase === "over" || view.left[me]) {
    trade.node = null;
    return null;
  }
  notice(ctx.offers || [], ctx);
  trade.ctx = ctx;
  const panel = build(ctx);
  trade.node = panel;
  refresh(view, ctx);
  if (trade.ticking === null) trade.ticking = setInterval(tick, 1000);
  return panel;
}
