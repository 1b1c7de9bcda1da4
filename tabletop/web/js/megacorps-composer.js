// MegaCorps' one trade composer (MC101-MC102, ruling R-MC33; issue 29): to whom, what you give,
// what you ask, a promise, then Send.  It is opened from the Trades panel ("New offer") or from the
// turn's "Offer a trade" buttons, and always makes an offer at any time: the server's "offer"
// message (table.js: ctx.send), judged by the game's rules and kept in its record, never an
// action's text.  Everything it offers comes from the seat's view: money in Euros, mercenaries, who
// owns which company and country, your own event cards (one promised in an open offer cannot be
// offered again until it closes).  The limits are the rules': items in one offer, offers open at
// once (the content's ``trade_items`` and ``anytime_offers``).  A promise is text only.
import { el } from "./cards.js";
import { nameOf } from "./megacorps-board.js";
import { companyName, countryName, eventInfo } from "./megacorps-names.js";
import { isBotAccount } from "./names.js";

const MOST = 8; // items one offer may hold (the economy's trade_items), unless the content says
const OPEN_MOST = 6; // offers a seat may have open at once (anytime_offers), unless the content says
const NOTE_MAX = 200;

const blank = () => ({ money: "", mercs: "", companies: new Set(), countries: new Set(), cards: new Set() });
export const draft = {
  composing: false, to: null, give: blank(), ask: blank(), note: "",
  sending: null, // {after: the newest offer of yours before sending}: the composer waits for it
  panel: null, // the Trades panel drawn last (the composer lives in it)
  redraw: () => {}, // draws the Trades panel again (megacorps-offers.js)
};

const most = (ctx) => (ctx.content && Number.isInteger(ctx.content.trade_items) ? ctx.content.trade_items : MOST);
const openMost = (ctx) => (ctx.content && Number.isInteger(ctx.content.anytime_offers) ? ctx.content.anytime_offers : OPEN_MOST);

export function clearDraft() {
  Object.assign(draft, { composing: false, give: blank(), ask: blank(), note: "", sending: null });
}

// Open the composer (to ``to`` if given, else whom it was last), bring it into view and focus it.
export function openComposer(to) {
  if (typeof to === "number" && to !== draft.to) {
    draft.to = to;
    draft.ask = blank();
  }
  draft.composing = true;
  draft.redraw();
  const box = draft.panel && draft.panel.querySelector(".mc-trade-composer");
  if (!box) return;
  const side = box.closest(".side-panel"); // a small screen shows one panel at a time (panels.js)
  const tab = side && !box.offsetParent ? document.getElementById(`tab-${side.id}`) : null;
  if (tab) tab.click();
  box.scrollIntoView({ block: "nearest" });
  const first = box.querySelector("select[data-key='trade-to']");
  if (first) first.focus({ preventScroll: true });
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

// Players still in the game you may trade with: not you, nor a bot account's seat (its program
// answers only what its seat is asked, never an offer made at any time: docs/bots.md).
export function partners(view, ctx) {
  const out = [];
  for (let s = 0; s < view.players; s++) {
    if (s !== ctx.me && !view.left[s] && !isBotAccount((ctx.seats || [])[s])) out.push(s);
  }
  return out;
}

// The seat's event cards it may still offer: its hand but the cards it promised in its own open
// offers (the rules keep a promised card for its offer until the offer closes).
function freeHand(view, offers) {
  const hand = [...(view.hand || [])];
  for (const offer of offers || []) {
    if (offer.turn || offer.from !== view.seat || (offer.status !== "open" && offer.status !== "accepted")) continue;
    for (const code of offer.give) {
      const at = hand.indexOf(code);
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

// Drop from the draft whatever its holder no longer has (a company lost, a card played...).
export function pruneDraft(view, ctx) {
  const me = ctx.me;
  const people = partners(view, ctx);
  if (!people.includes(draft.to)) {
    draft.to = people.length ? people[0] : null;
    draft.ask = blank();
  }
  for (const [side, seat] of [[draft.give, me], [draft.ask, draft.to]]) {
    const companies = new Set(ownedBy(view.companies, seat));
    const countries = new Set(ownedBy(view.countries, seat));
    for (const c of [...side.companies]) if (!companies.has(c)) side.companies.delete(c);
    for (const c of [...side.countries]) if (!countries.has(c)) side.countries.delete(c);
  }
  const hand = cardKeys(freeHand(view, ctx.offers));
  for (const key of [...draft.give.cards]) if (!hand.includes(key)) draft.give.cards.delete(key);
}

// Your offers at any time still open (an accepted one waiting counts: the rules keep it open).
function openOffers(ctx) {
  return (ctx.offers || []).filter((o) => !o.turn && o.from === ctx.me && (o.status === "open" || o.status === "accepted")).length;
}

// What is wrong with the draft now (null: it may be sent), and its number of items.
function check(view, ctx) {
  const give = codes(draft.give, true);
  const ask = codes(draft.ask, false);
  const count = give.length + ask.length;
  const limit = most(ctx);
  let why = null;
  for (const [side, seat, words] of [[draft.give, ctx.me, "you have"], [draft.ask, draft.to, "they have"]]) {
    const money = whole(side.money);
    const mercs = whole(side.mercs);
    if (seat === null) continue;
    if (Number.isNaN(money) || money > view.money[seat]) why = why || `Euros: a whole number up to ${view.money[seat]} (${words})`;
    if (Number.isNaN(mercs) || mercs > view.mercs[seat]) why = why || `mercenaries: up to ${view.mercs[seat]} (${words})`;
  }
  const open = openOffers(ctx);
  if (draft.to === null) why = why || "nobody to trade with";
  else if (open >= openMost(ctx)) why = why || `you have ${open} offers open, the most at once: withdraw one first`;
  else if (!count) why = why || "choose something to give or to ask";
  else if (count > limit) why = why || `at most ${limit} items in one offer`;
  return { give, ask, count, limit, open, why };
}

// ---- the fields ---------------------------------------------------------------------------------
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
  const side = giving ? draft.give : draft.ask;
  const other = giving ? draft.ask : draft.give;
  const col = el("fieldset", `mc-trade-col ${name}`);
  col.dataset.side = name;
  col.append(el("legend", null, giving ? "You give" : `You ask of ${nameOf(seat, ctx)}`));
  col.append(numberField(`trade-${name}-money`, "Euros", side.money, view.money[seat], (input) => {
    side.money = input.value;
    if (whole(input.value) > 0 && other.money !== "") {
      other.money = ""; // money goes one way only
      const twin = draft.panel && draft.panel.querySelector(`input[data-key='trade-${giving ? "ask" : "give"}-money']`);
      if (twin) twin.value = "";
    }
    refreshComposer(view, ctx);
  }));
  col.append(numberField(`trade-${name}-mercs`, "mercenaries", side.mercs, view.mercs[seat], (input) => {
    side.mercs = input.value;
    refreshComposer(view, ctx);
  }));
  const toggle = (set, value) => (on) => {
    if (on) set.add(value);
    else set.delete(value);
    refreshComposer(view, ctx);
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

// The counts, the reason the offer cannot go yet, the Send button: kept up to date as one types.
export function refreshComposer(view, ctx) {
  const node = draft.panel;
  if (!node) return;
  const { count, limit, open, why } = check(view, ctx);
  const counter = node.querySelector(".mc-trade-count");
  if (counter) {
    counter.textContent = `${count} of ${limit} items`;
    counter.dataset.count = String(count);
    counter.classList.toggle("over", count > limit);
  }
  const opened = node.querySelector(".mc-trade-open-count");
  if (opened) {
    opened.textContent = `${open} of ${openMost(ctx)} offers open`;
    opened.dataset.open = String(open);
  }
  const reason = node.querySelector(".mc-trade-why");
  if (reason) reason.textContent = why && (count || open >= openMost(ctx)) ? why : "";
  const send = node.querySelector("button[data-key='trade-send']");
  if (send) {
    send.disabled = Boolean(why) || Boolean(draft.sending);
    send.textContent = draft.sending ? "Sending…" : "Send the offer";
  }
  for (const input of node.querySelectorAll(".mc-trade-number input")) {
    const v = whole(input.value);
    input.classList.toggle("bad", Number.isNaN(v) || v > Number(input.max));
  }
}

function send(view, ctx) {
  const { give, ask, why } = check(view, ctx);
  if (why || draft.sending || !ctx.send) return;
  const message = { type: "offer", to: draft.to, give, ask };
  const note = draft.note.trim();
  if (note) message.note = note.slice(0, NOTE_MAX);
  const after = Math.max(0, ...(ctx.offers || []).filter((o) => o.from === ctx.me).map((o) => o.id));
  if (!ctx.send(message)) return;
  draft.sending = { after };
  refreshComposer(view, ctx);
  setTimeout(() => {
    // refused (the toast says why): the draft stays, to be changed and sent again
    if (draft.sending && draft.sending.after === after) {
      draft.sending = null;
      draft.redraw();
    }
  }, 4000);
}

// The offer just sent has come back in the seat's list: the composer closes.
export function noteSent(offers, me) {
  if (draft.sending && offers.some((o) => !o.turn && o.from === me && o.id > draft.sending.after)) clearDraft();
}

// The composer, drawn in the Trades panel.
export function composer(view, ctx) {
  const box = el("div", "mc-trade-composer");
  const people = partners(view, ctx);
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
    option.selected = s === draft.to;
    select.append(option);
  }
  select.addEventListener("change", () => {
    draft.to = Number(select.value);
    draft.ask = blank();
    draft.redraw();
  });
  pick.append(el("span", null, "Offer to"), select);
  const columns = el("div", "mc-trade-cols");
  columns.append(column(view, ctx, ctx.me, true), column(view, ctx, draft.to, false));
  const promise = el("label", "mc-trade-promise");
  const note = el("input");
  note.type = "text";
  note.maxLength = NOTE_MAX;
  note.value = draft.note;
  note.placeholder = "a promise (it does not bind)";
  note.dataset.key = "trade-note";
  note.setAttribute("aria-label", "A promise with the offer, up to 200 characters (promises do not bind)");
  note.addEventListener("input", () => {
    draft.note = note.value;
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
    clearDraft();
    draft.redraw();
  });
  foot.append(counter, go, cancel);
  const limits = el("p", "mc-trade-limits muted");
  limits.append(el("span", "mc-trade-open-count"), " · play goes on while an offer waits for its answer");
  box.append(pick, columns, promise, foot, el("p", "mc-trade-why muted"), limits);
  return box;
}
