// MegaCorps' trades (MC101-MC102, rulings R-MC30, R-MC33; issue 29), in the sidebar of a seated
// player: one composer (megacorps-composer.js) and one list of the offers made by this seat or to
// it, as the server keeps them (tabletop/server/offers.py): the offers made at any time (accept or
// decline one made to you, withdraw your own while open) and those made on a turn (a bot's, answered
// at once as the receiver's question).  The list is the server's, from the welcome's and the
// "offers" messages: a declined or withdrawn offer stays in it as long as the server lists it
// (its last closed ones), the same before and after a reload.  Offers are moves of the game, judged
// by its rules and kept in its record; everybody reads them in the log, their event cards and
// promises only their two players.  Replies go as {type: "withdraw" | "reply"} on the table's
// socket (an answer on a turn is the action "accept" or "decline"); a promise is another player's
// text: only ever textContent.
import { el, madeOnce } from "./cards.js";
import { formatLeft } from "./clock.js";
import { nameOf } from "./megacorps-board.js";
import { clearDraft, composer, draft, noteSent, openComposer, partners, pruneDraft, refreshComposer } from "./megacorps-composer.js";
import { eventInfo, isEvent, itemName } from "./megacorps-names.js";

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

const trade = {
  answering: new Set(), // offers with a reply or withdrawal on its way
  known: new Map(), // offer id -> {status, first: seconds} (this page's clock)
  offset: 0, // the server's clock minus this browser's, in seconds
  list: null, // the offers last seen
  ctx: null, node: null, // the last panel drawn, and its ctx (for redrawing it alone)
  ticking: null,
};

const clock = () => Date.now() / 1000;

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
function itemChip(code, count) {
  const words = code === "merc" ? plural(count, "mercenary", "mercenaries") : itemName(code);
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

function describe(items) {
  if (!items.length) return "nothing";
  const mercs = items.filter((i) => i === "merc").length;
  const rest = items.filter((i) => i !== "merc").map(itemName);
  if (mercs) rest.push(plural(mercs, "mercenary", "mercenaries"));
  return rest.join(", ");
}

// ---- the list of offers ---------------------------------------------------------------------------
// An offer's status in words, with the reason it closed when the server gives one.
function statusWords(offer) {
  const words = STATUS[offer.status] || offer.status;
  return offer.reason && offer.status !== "open" ? `${words}: ${offer.reason}` : words;
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

// The buttons of an open offer: accept or decline one made to you, withdraw your own.  An offer
// made on a turn is answered as the receiver's question (its actions), and cannot be withdrawn.
function openButtons(offer, ctx, incoming) {
  const row = el("div", "mc-trade-buttons");
  const busy = trade.answering.has(offer.id);
  if (incoming) {
    const legal = (ctx.view && ctx.view.legal) || [];
    const answerable = !offer.turn || (legal.includes("accept") && legal.includes("decline"));
    const answer = (accept) => () => {
      if (!offer.turn) reply(ctx, offer, { type: "reply", offer: offer.id, accept });
      else if (ctx.act) ctx.act(accept ? "accept" : "decline");
    };
    const yes = actionButton("Accept", `trade-accept-${offer.id}`, "primary", answer(true));
    const no = actionButton("Decline", `trade-decline-${offer.id}`, "", answer(false));
    yes.dataset.reply = "accept";
    no.dataset.reply = "decline";
    yes.disabled = no.disabled = busy || !answerable;
    row.append(yes, no);
    return row;
  }
  row.append(el("span", "mc-trade-status", busy ? "withdrawing…" : "waiting for an answer"));
  if (!offer.turn) {
    const back = actionButton("Withdraw", `trade-withdraw-${offer.id}`, "", () => reply(ctx, offer, { type: "withdraw", offer: offer.id }));
    back.dataset.withdraw = String(offer.id);
    back.disabled = busy;
    row.append(back);
  }
  return row;
}

function offerItem(offer, ctx, mode) {
  const incoming = offer.to === ctx.me;
  const seen = trade.known.get(offer.id) || { first: clock() };
  const item = el("li", `mc-trade-item ${offer.status}`);
  item.dataset.offer = String(offer.id);
  item.dataset.status = offer.status;
  item.dataset.from = String(offer.from);
  item.dataset.to = String(offer.to);
  if (offer.turn) item.dataset.turn = "true";
  if (incoming && offer.status === "open" && clock() - seen.first < NEW_FOR) item.classList.add("new");
  const other = incoming ? offer.from : offer.to;
  const head = el("div", "mc-trade-head");
  head.append(el("span", `mc-swatch seat-${other}`), el("b", null, incoming ? `From ${nameOf(other, ctx)}` : `To ${nameOf(other, ctx)}`));
  if (offer.turn) head.append(el("small", "muted mc-trade-kind", "on a turn"));
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
  if (offer.status === "open") item.append(openButtons(offer, ctx, incoming));
  else item.append(el("p", "mc-trade-status", statusWords(offer)));
  return item;
}

function listSection(title, cls, offers, ctx, mode) {
  const box = el("div", `mc-trade-section ${cls}`);
  box.append(el("h3", null, title));
  const list = el("ul", "mc-trade-offers");
  for (const offer of offers) list.append(offerItem(offer, ctx, mode));
  box.append(list);
  if (!offers.length) box.append(el("p", "muted mc-trade-none", "none"));
  return box;
}

// ---- what changed, said politely ---------------------------------------------------------------------
function liveRegion() {
  return madeOnce("mc-trades-said", "div", "mc-trades-said", (node) => {
    node.setAttribute("role", "status");
    node.setAttribute("aria-live", "polite");
    document.body.append(node);
  });
}

// Note the offers' news (the first sighting of each, a change of status) and say what is new.
function notice(offers, ctx) {
  if (offers === trade.list) return;
  const first = trade.list === null;
  trade.list = offers;
  if (offers.length && typeof offers[0].now === "number") trade.offset = offers[0].now - clock();
  const said = [];
  for (const offer of offers) {
    const old = trade.known.get(offer.id);
    if (!old) {
      trade.known.set(offer.id, { status: offer.status, first: first ? 0 : clock() });
      if (!first && offer.to === ctx.me && offer.status === "open") {
        said.push(`${nameOf(offer.from, ctx)} offers you a trade: you get ${describe(offer.give)}; you give ${describe(offer.ask)}.`);
      }
      continue;
    }
    if (old.status !== offer.status) {
      old.status = offer.status;
      const who = offer.from === ctx.me ? `Your offer to ${nameOf(offer.to, ctx)}` : `The offer from ${nameOf(offer.from, ctx)}`;
      said.push(`${who}: ${statusWords(offer)}.`);
    }
    if (offer.status !== "open") trade.answering.delete(offer.id);
  }
  noteSent(offers, ctx.me);
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
}

function build(ctx) {
  const view = ctx.view;
  const offers = ctx.offers || [];
  const mode = ctx.table && ctx.table.clock ? ctx.table.clock.mode : "realtime";
  pruneDraft(view, ctx);
  const incoming = offers.filter((o) => o.to === ctx.me);
  const outgoing = offers.filter((o) => o.from === ctx.me);
  const panel = el("section", "panel mc-trades");
  panel.setAttribute("aria-label", "Trades");
  if (incoming.some((o) => o.status === "open")) panel.classList.add("incoming");
  const head = el("div", "mc-trades-head");
  head.append(el("h2", null, "Trades"));
  if (!draft.composing) {
    const start = actionButton("New offer", "trade-new", "primary", () => openComposer());
    start.disabled = !partners(view, ctx).length;
    head.append(start);
  }
  panel.append(head);
  draft.panel = panel;
  if (draft.composing) panel.append(composer(view, ctx));
  else panel.append(el("p", "recent", "Offer anything to anyone at any time; promises do not bind, only what is handed over counts."));
  panel.append(listSection("Offers to you", "incoming", incoming, ctx, mode), listSection("Your offers", "outgoing", outgoing, ctx, mode));
  return panel;
}

// Draw the panel again by itself (a choice in the composer, an answer on its way).
function redraw() {
  const old = trade.node;
  if (!old || !old.isConnected || !trade.ctx) return;
  const parent = old.parentNode;
  keepFocus(parent, () => {
    const fresh = build(trade.ctx);
    old.replaceWith(fresh);
    trade.node = fresh;
    refreshComposer(trade.ctx.view, trade.ctx);
  });
}
draft.redraw = redraw;

// The Trades panel for renderSide, or null: only for a seated player still in a game whose players
// trade at any time, before it is over.
export function tradesPanel(view, ctx) {
  if (!canTrade(view, ctx)) {
    trade.node = null;
    draft.panel = null;
    clearDraft();
    return null;
  }
  notice(ctx.offers || [], ctx);
  trade.ctx = ctx;
  const panel = build(ctx);
  trade.node = panel;
  refreshComposer(view, ctx);
  if (trade.ticking === null) trade.ticking = setInterval(tick, 1000);
  return panel;
}

// Whether this page's seat may make offers now (the one composer is drawn).
export function canTrade(view, ctx) {
  const me = ctx.me;
  const trading = Boolean(ctx.table && ctx.table.trading);
  return trading && me !== null && me !== undefined && !ctx.over && Boolean(ctx.send) && view.phase !== "over" && !view.left[me];
}
