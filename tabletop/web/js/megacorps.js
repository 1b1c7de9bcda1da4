// MegaCorps' table: every player's money, mercenaries, event cards (a count) and markers; whose
// decision the table waits for and what you lost to others' moves (megacorps-notices.js); the
// decision in progress with your choices (megacorps-choices.js); your own event cards with their
// texts (megacorps-hand.js); the board of industries by countries (megacorps-board.js).  Everything drawn comes from
// one seat's view (or a spectator's): the others' event cards are counts, a sealed bid or vote
// shows only as "answered".  Names and texts: megacorps-names.js.
import { el, headCell } from "./cards.js";
import { boardTable, nameOf, placeActions } from "./megacorps-board.js";
import { decisionPanel, keepFocus } from "./megacorps-choices.js";
import { handArea } from "./megacorps-hand.js";
import { placeList } from "./megacorps-list.js";
import { corporationName, countryName, eventInfo, payoutTable, useContent } from "./megacorps-names.js";
import { lossNotices, waitingChip } from "./megacorps-notices.js";
import { keepFocus as keepTrading, tradesPanel } from "./megacorps-offers.js";
import { botMark } from "./names.js";

const PHASES = {
  draft: "Draft", turn: "Turn", target: "Event target", veto: "Antitrust", rebuy: "Vetoed", bank: "Mercenaries",
  price: "Mercenaries", pay: "Mercenaries", donate: "War", sale: "War", "war-gi": "War", bid: "Auction",
  vote: "Election", respond: "Payout", compose: "Trade", answer: "Trade", over: "Game over",
};

function asked(view) {
  return view.to_act || [];
}

// Your choices now (none on the replay page, for a spectator, or when you are not asked).
function legalOf(view, ctx) {
  return ctx.act && ctx.me !== null && ctx.me !== undefined && asked(view).includes(ctx.me) ? view.legal || [] : [];
}

function tag(text, cls, title) {
  const node = el("span", `tag ${cls || ""}`.trim(), text);
  if (title) node.title = title;
  return node;
}

// ---- the bar and the players ------------------------------------------------------------------
function topBar(view, ctx) {
  const bar = el("div", "mc-bar");
  bar.append(el("span", "round", view.phase === "over" ? "Final" : view.round ? `Round ${view.round}` : "Set-up"));
  bar.append(el("span", "chip phase", PHASES[view.phase] || view.phase));
  const deck = el("span", "chip mc-deck", `deck ${view.deck}`);
  deck.dataset.deck = String(view.deck);
  deck.title = `${view.deck} event card${view.deck === 1 ? "" : "s"} left to draw: the game ends when the deck is empty`;
  bar.append(deck);
  if (view.active >= 0) {
    const active = el("span", "chip mc-active-chip", `Active Player: ${nameOf(view.active, ctx)}`);
    active.title = "Holds the Active Player card: draws an event card and begins the round (not whose decision it is now)";
    bar.append(active);
  }
  const waiting = waitingChip(view, ctx);
  if (waiting) bar.append(waiting);
  if (view.paid >= 0) bar.append(el("span", "chip", `Paid: ${nameOf(view.paid, ctx)}`));
  if (view.clones) bar.append(el("span", "chip flag-chip", "Clone Soldiers: Biotech gives mercenaries"));
  return bar;
}

function stat(cls, value, words) {
  const node = el("span", `mc-stat ${cls}`);
  node.title = words;
  node.append(el("b", null, String(value)), el("small", null, ` ${words}`));
  return node;
}

function companiesOf(view, seat) {
  return Object.entries(view.companies).filter(([, o]) => o === seat).map(([c]) => c);
}

function countriesOf(view, seat) {
  return Object.entries(view.countries).filter(([, o]) => o === seat).map(([c]) => c);
}

function playerBox(view, seat, ctx) {
  const info = (ctx.seats || [])[seat] || {};
  const box = el("section", `mc-player seat-${seat}`);
  box.dataset.seat = String(seat);
  box.dataset.money = String(view.money[seat]);
  box.dataset.mercs = String(view.mercs[seat]);
  box.dataset.cards = String(view.cards[seat]);
  if (asked(view).includes(seat)) box.classList.add("to-act");
  if (seat === ctx.me) box.classList.add("mine");
  if (view.left[seat]) box.classList.add("gone");
  const head = el("div", "seat-head");
  const dot = el("span", `dot ${info.online === false ? "off" : "on"}`);
  dot.title = info.kind === "bot" ? "bot" : info.online === false ? "not connected" : "connected";
  head.append(el("span", `mc-swatch seat-${seat}`), dot, el("span", "name", nameOf(seat, ctx)));
  const mark = botMark(info); // a bot account's (issue 32)
  if (mark) head.append(mark);
  if (info.kind === "bot" && info.level) head.append(tag(info.level));
  box.append(head);
  const corp = view.corporations[seat];
  if (corp) box.append(el("div", "mc-corp", corporationName(corp)));
  const stats = el("div", "mc-stats");
  stats.append(
    stat("money", view.money[seat], "money"),
    stat("mercs", view.mercs[seat], view.mercs[seat] === 1 ? "mercenary" : "mercenaries"),
    stat("cards", view.cards[seat], view.cards[seat] === 1 ? "event card" : "event cards"),
  );
  box.append(stats);
  const markers = el("div", "mc-markers");
  if (view.active === seat) markers.append(tag("Active Player", "mc-active", "holds the Active Player card: draws an event card and acts first"));
  if (view.paid === seat) markers.append(tag("Paid", "mc-paid", "holds the Paid card: may not pay out an industry as an Action"));
  if (view.left[seat]) markers.append(tag("left the game", "mc-left"));
  if ((view.winners || []).includes(seat)) markers.append(tag("winner", "mc-winner"));
  if (markers.childNodes.length) box.append(markers);
  const owned = countriesOf(view, seat);
  const companies = companiesOf(view, seat);
  const holds = el("div", "mc-holds");
  holds.append(el("span", null, `${companies.length} compan${companies.length === 1 ? "y" : "ies"}`));
  if (owned.length) holds.append(el("span", null, ` · ${owned.map(countryName).join(", ")}`));
  box.append(holds);
  return box;
}

function players(view, ctx) {
  const row = el("div", "mc-players");
  const first = ctx.me ?? ctx.perspective ?? 0;
  for (let k = 0; k < view.players; k++) row.append(playerBox(view, (first + k) % view.players, ctx));
  return row;
}

// ---- the whole table ----------------------------------------------------------------------------
export function renderTable(root, ctx) {
  useContent(ctx);
  const view = ctx.view;
  const legal = legalOf(view, ctx);
  const places = placeActions(view, legal);
  const placed = new Set([...Object.values(places.company), ...Object.values(places.country), ...Object.values(places.industry)]);
  const table = el("div", "mc-table");
  table.dataset.phase = view.phase;
  const hand = handArea(view, ctx, legal, placed);
  const middle = el("div", "mc-middle");
  const decision = decisionPanel(view, ctx, legal, placed);
  const list = legal.length ? placeList(view, ctx, places) : null;
  if (list) (decision.querySelector(".mc-preview") || decision.querySelector(".prompt")).after(list);
  middle.append(decision);
  if (hand) middle.append(hand);
  table.append(topBar(view, ctx));
  const lost = lossNotices(view, ctx);
  if (lost) table.append(lost);
  table.append(players(view, ctx), middle, boardTable(view, ctx, places));
  keepFocus(root, () => root.replaceChildren(table));
}

// ---- the sidebar --------------------------------------------------------------------------------
function place(view, seat) {
  const money = view.money.map((m, s) => (view.left[s] ? -1 : m));
  return 1 + money.filter((m) => m > money[seat]).length;
}

function moneyPanel(view, ctx) {
  const panel = el("section", "panel scores mc-scores");
  panel.append(el("h2", null, "Money"));
  const table = el("table");
  const head = el("tr");
  for (const h of ["", "money", "mercs", "cards", "cos", "ctries"]) head.append(headCell(h));
  table.append(head);
  for (let seat = 0; seat < view.players; seat++) {
    const row = el("tr", seat === ctx.me ? "mine" : "");
    row.dataset.seat = String(seat);
    if (asked(view).includes(seat)) row.classList.add("to-act");
    const name = el("td", "who-cell");
    name.append(el("span", `mc-swatch seat-${seat}`), el("span", null, ` ${nameOf(seat, ctx)}`));
    row.append(
      name,
      el("td", "num", String(view.money[seat])),
      el("td", "num", String(view.mercs[seat])),
      el("td", "num", String(view.cards[seat])),
      el("td", "num", String(companiesOf(view, seat).length)),
      el("td", "num", String(countriesOf(view, seat).length)),
    );
    table.append(row);
  }
  panel.append(table);
  panel.append(el("p", "recent", "The most money when the event deck runs out wins, after a last payout of every industry."));
  return panel;
}

function discardPanel(view) {
  if (!view.discard.length) return null;
  const panel = el("details", "panel mc-discard");
  panel.append(el("summary", null, `Played event cards (${view.discard.length})`));
  const list = el("ul");
  for (const code of view.discard) {
    const info = eventInfo(code);
    const item = el("li", null, info.name);
    item.title = info.text;
    list.append(item);
  }
  panel.append(list);
  return panel;
}

function payoutPanel() {
  const table = payoutTable();
  if (!table.length) return null;
  const panel = el("details", "panel mc-payouts");
  panel.append(el("summary", null, "Payouts"));
  const list = el("table");
  const head = el("tr");
  head.append(el("th", null, "competitors"), el("th", "num", "each company earns"));
  list.append(head);
  table.forEach((amount, count) => {
    const row = el("tr");
    row.append(el("td", null, count === table.length - 1 ? `${count} or more` : String(count)), el("td", "num", String(amount)));
    list.append(row);
  });
  panel.append(list, el("p", "recent", "Competitors: each player owning a company of the industry, each unowned or Syndicalized company, each Nationalized one unless its country's owner has one there."));
  return panel;
}

function endPanel(view, ctx) {
  if (view.phase !== "over") return null;
  const panel = el("section", "panel mc-ending");
  const winners = (view.winners || []).map((s) => nameOf(s, ctx));
  panel.append(el("p", null, winners.length ? `${winners.join(" and ")} ${winners.length > 1 || view.winners[0] === ctx.me ? "win" : "wins"}.` : "The game is over."));
  return panel;
}

export function renderSide(root, ctx) {
  useContent(ctx);
  const view = ctx.view;
  const panels = [discardPanel(view), payoutPanel()];
  for (const panel of panels) {
    const old = panel && root.querySelector(`.${panel.classList[1]}`);
    if (old && old.open) panel.open = true; // a panel opened stays open
  }
  const trades = tradesPanel(view, ctx); // offers at any time (megacorps-offers.js), a seated player's
  keepTrading(root, () => root.replaceChildren(...[endPanel(view, ctx), trades, moneyPanel(view, ctx), ...panels].filter(Boolean)));
}

export function finalRows(view, ctx) {
  const rows = [];
  for (let seat = 0; seat < view.players; seat++) {
    const corp = view.corporations[seat];
    rows.push({
      seat,
      name: `${nameOf(seat, ctx)}${corp ? ` (${corporationName(corp)})` : ""}${view.left[seat] ? ", left" : ""}`,
      score: view.money[seat],
      unit: "money",
      place: place(view, seat),
    });
  }
  return rows.sort((a, b) => a.place - b.place || b.score - a.score);
}
