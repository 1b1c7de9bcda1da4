// MegaCorps' decision in progress: what is being decided (a war's totals, a payout's preview, how
// many have answered a sealed bid or vote, a trade offer), who is asked and why (a window asked of
// everybody so that nobody learns who holds a card says so), and your own choices: the ones the
// board does not take (megacorps-board.js) as grouped buttons, numbers (bids, prices, mercenaries
// from the bank, a war sale) as a number input limited to the legal range; on your turn, why an
// industry cannot be paid out by your Action when it cannot, the buttons that open the one trade
// composer (megacorps-composer.js: the page makes its offers at any time, not the turn's in-turn
// offers of R-MC30), and a box showing the preview of the place on the board pointed at
// (megacorps-preview.js).
import { el } from "./cards.js";
import { label } from "./words.js";
import { nameOf } from "./megacorps-board.js";
import { openComposer, partners } from "./megacorps-composer.js";
import { companyName, countryName, eventInfo, industryName, isEvent, itemName } from "./megacorps-names.js";
import { canTrade } from "./megacorps-offers.js";
import { previewBox } from "./megacorps-preview.js";

const TITLES = {
  draft: "Draft", turn: "Turn", target: "An event card's target", veto: "Antitrust", rebuy: "A purchase vetoed",
  bank: "Mercenaries from the bank", price: "A mercenary's price", pay: "A mercenary for sale",
  donate: "War: the donation window", sale: "War: a mercenary for sale", "war-gi": "War: the winner intervenes",
  bid: "Sealed auction", vote: "Sealed election", respond: "Payout", compose: "A trade offer", answer: "A trade offer",
  over: "Game over",
};
const PROMPTS = {
  draft: "Your pick: click an unowned company on the board to take it.",
  turn: (ctx, view, legal) => `Your turn: take one Action. | ${turnHint(legal)}`,
  target: (ctx, view) => `Choose the target of ${eventInfo(String((view.decision || {}).card || "")).name || "your event card"}: click it on the board.`,
  veto: "Allow the purchase, or veto it?",
  rebuy: "Your purchase was vetoed: click another company to buy, or pass.",
  bank: (ctx) => {
    const price = ctx.content && ctx.content.bank_mercenary_price;
    return `How many mercenaries do you buy from the bank${typeof price === "number" ? `, at ${price} each` : ""}?`;
  },
  price: "Name your price for one mercenary (0 gives it away), or refuse to sell.",
  pay: "Pay the price for the mercenary, or decline?",
  donate: "You are not at war: give a mercenary to a side, offer one for sale, or be done.",
  sale: "Buy the mercenary offered, or decline?",
  "war-gi": "You won: click a company of the loser's in that country to intervene against it, or pass.",
  bid: "Your sealed bid: nobody sees it before everyone has bid.",
  vote: "Your sealed vote: nobody sees it before everyone has voted.",
  respond: (ctx, view, legal) => {
    const words = (ctx.content && ctx.content.asked) || {};
    const asked = (words.respond || {})[legal.some((t) => t.startsWith("play ")) ? "play" : "neither"];
    return `${asked || "This industry is about to pay out: play Oversupply or Shortages from your hand, or pass."}${whyAsked(ctx, "respond") ? ` | ${whyAsked(ctx, "respond")}` : ""}`;
  },
  compose: "An offer begun on your turn (while a bot played for you): send it as it is, or drop it. | To make another, use “Offer a trade”.",
  answer: "Accept this offer, or decline it?",
};
const SIMPLE = {
  pass: ["Pass", "done"], allow: ["Allow", "yes"], veto: ["Veto", "no"], refuse: ["Refuse to sell", "no"],
  pay: ["Pay", "yes"], decline: ["Decline", "no"], done: ["Done", "done"], abstain: ["Abstain", "done"],
  send: ["Send the offer", "yes"], drop: ["Drop the offer", "no"], accept: ["Accept", "yes"], mercs: ["Buy mercenaries", ""],
};
const NUMBERS = {
  bid: ["Bid", "Your bid"], bank: ["Buy", "Mercenaries from the bank"], price: ["Name the price", "Your price"],
  "sell a": ["Offer to the attacker", "Sell a mercenary to the attacker for"],
  "sell d": ["Offer to the defender", "Sell a mercenary to the defender for"],
};
const remembered = {}; // the number inputs' values, by question, across redrawings

// Why a window is asked of everybody (the words' content, tabletop/words/megacorps/asked.py), or "".
function whyAsked(ctx, phase) {
  const words = (ctx.content && ctx.content.asked) || {};
  return (words.why || {})[phase] || "";
}

function joinOr(parts) {
  return parts.length < 2 ? parts.join("") : `${parts.slice(0, -1).join(", ")} or ${parts[parts.length - 1]}`;
}

// The turn's hint, naming only the clicks on the board that are among your choices now.
function turnHint(legal) {
  const can = (verb) => legal.some((t) => t.startsWith(`${verb} `));
  const clicks = [];
  if (can("buy")) clicks.push(can("intervene") ? "a company to buy it (or to intervene against it)" : "a company to buy it");
  else if (can("intervene")) clicks.push("another player's company to intervene against it");
  if (can("war")) clicks.push("a country to attack it");
  if (can("payout")) clicks.push("an industry to pay it out");
  const first = "Play event cards or offer trades first if you like, then";
  return clicks.length ? `${first} click ${joinOr(clicks)}, or choose below.` : `${first} choose below.`;
}

// Why no industry may be paid out by the turn's Action now ("" when one may), for ``seat``'s turn.
function payoutClosed(view, ctx) {
  if (view.phase !== "turn") return "";
  const mine = view.turn === ctx.me;
  if (view.paid === view.turn) {
    return mine
      ? "You hold the Paid card: you may not pay out an industry as your Action until another player takes it by paying one out. Choose another Action."
      : `${nameOf(view.turn, ctx)} holds the Paid card: no payout by an Action on this turn.`;
  }
  if (view.payout_done) {
    return `No industry may be paid out by an Action until the next round: one already was this round (only one a round)${mine ? ". Choose another Action" : ""}.`;
  }
  return "";
}

function names(seats, ctx) {
  return seats.map((s) => nameOf(s, ctx)).join(", ");
}

function line(text, cls) {
  return el("p", cls || "mc-line", text);
}

// "You choose" or "Ana chooses" (regular verbs only).
function does(seat, ctx, verb) {
  return seat === ctx.me ? `You ${verb}` : `${nameOf(seat, ctx)} ${verb}s`;
}

// "Your" or "Ana's".
function whose(seat, ctx) {
  return seat === ctx.me ? "Your" : `${nameOf(seat, ctx)}'s`;
}

function sideName(seat, ctx) {
  return seat >= 0 ? nameOf(seat, ctx) : "the unowned country";
}

// ---- what is being decided ----------------------------------------------------------------------
function sealedStatus(view, ctx) {
  const d = view.decision;
  const voting = view.phase === "vote";
  const decided = d.decided || [];
  const waiting = view.to_act || [];
  const box = el("div", "mc-sealed");
  box.dataset.decided = String(decided.length);
  box.dataset.total = String(decided.length + waiting.length);
  const verb = voting ? "voted" : "bid";
  box.append(el("p", "mc-sealed-count", `${decided.length} of ${decided.length + waiting.length} have ${verb}`));
  const chips = el("div", "mc-sealed-seats");
  for (const s of decided) chips.append(el("span", `chip mc-done seat-${s}`, `✓ ${nameOf(s, ctx)}`));
  for (const s of waiting) chips.append(el("span", `chip mc-waiting seat-${s}`, `… ${nameOf(s, ctx)}`));
  box.append(chips);
  if ("mine" in d) {
    const mine = d.mine;
    const text = voting ? (mine >= 0 ? `Your vote: ${nameOf(mine, ctx)}` : "You abstain") : `Your bid: ${mine}`;
    box.append(el("p", "mc-mine", text));
  }
  return box;
}

function warBox(view, ctx) {
  const d = view.decision;
  const box = el("div", "mc-war");
  box.dataset.attack = String(d.attack);
  box.dataset.defence = String(d.defence);
  box.append(line(`${does(d.attacker, ctx, "attack")} ${countryName(d.country)}, defended by ${sideName(d.defender, ctx)}.`));
  const totals = el("div", "mc-totals");
  totals.append(el("span", "mc-attack", `Attack ${d.attack}`), el("span", "mc-vs", "vs"), el("span", "mc-defence", `Defense ${d.defence}`));
  box.append(totals);
  const facts = [`donation lap ${d.lap}`];
  if (d.lap_changed === true) facts.push("a mercenary changed hands in this lap: another lap may follow");
  else if (d.lap_changed === false) facts.push("nothing changed hands in this lap yet");
  if (d.lent) facts.push(`${d.lent} mercenar${d.lent === 1 ? "y" : "ies"} lent to the country's defense`);
  box.append(line(facts.join(" · "), "mc-line muted"));
  if (view.phase === "sale") {
    const to = d.side === "a" ? "the attacker" : "the defender";
    box.append(line(`${does(d.seller, ctx, "offer")} ${to} a mercenary for ${d.price}.`));
  }
  return box;
}

function payoutBox(view, ctx) {
  const d = view.decision;
  const box = el("div", "mc-payout");
  box.dataset.industry = d.industry;
  const change = d.modifier > 0 ? " (Oversupply: one more competitor)" : d.modifier < 0 ? " (Shortages: one competitor fewer)" : "";
  box.append(line(`${industryName(d.industry)} is about to pay out${change}.`));
  if (d.action === true) box.append(line(`${whose(view.turn, ctx)} Action pays it out: the turn ends after it.`, "mc-line muted"));
  else if (d.action === false) box.append(line("An event card pays it out: the turn goes on after it.", "mc-line muted"));
  const list = el("ul", "mc-paid-list");
  (d.paid || []).forEach((amount, seat) => {
    if (!amount) return;
    const item = el("li", `seat-${seat}`, `${nameOf(seat, ctx)}: +${amount}`);
    item.dataset.seat = String(seat);
    item.dataset.amount = String(amount);
    list.append(item);
  });
  if (!list.childNodes.length) list.append(el("li", "muted", "nobody owns a company there: nobody is paid"));
  box.append(list);
  if ((d.to_ask || []).length > 1) box.append(line(`Still to answer, in turn: ${names(d.to_ask, ctx)}.`, "mc-line muted mc-to-ask"));
  return box;
}

function offerBox(view, ctx) {
  const d = view.decision;
  const box = el("div", "mc-offer");
  box.append(line(`${nameOf(d.from, ctx)} → ${nameOf(d.to, ctx)}`));
  for (const [key, words] of [["give", "gives"], ["ask", "asks"]]) {
    const row = el("div", `mc-offer-row ${key}`);
    row.append(el("span", "row-label", words));
    const items = d[key];
    if (items === undefined) row.append(el("span", "muted", "(being put together)"));
    else if (!items.length) row.append(el("span", "muted", "nothing"));
    const amounts = d.money_items || []; // the money as added, while its maker composes it
    for (const item of items || []) {
      const split = /^\d+$/.test(item) && amounts.length > 1 ? ` (${amounts.join(" + ")}: ${amounts.length} items)` : "";
      const chip = el("span", "chip mc-item", `${itemName(item)}${split}`);
      chip.dataset.item = item;
      if (isEvent(item)) chip.title = eventInfo(item).text;
      row.append(chip);
    }
    box.append(row);
  }
  return box;
}

function context(view, ctx) {
  const d = view.decision || {};
  const out = [];
  const turns = whose(view.turn, ctx);
  switch (view.phase) {
    case "draft":
      out.push(line(`Each player takes two companies, clockwise from the Active Player: ${view.draft_left} pick${view.draft_left === 1 ? "" : "s"} left.`));
      break;
    case "turn": {
      if (view.turn !== ctx.me) out.push(line(`${turns} turn: one Action, after any event cards and trades.`));
      const closed = payoutClosed(view, ctx);
      if (closed) {
        const box = line(closed, view.turn === ctx.me ? "mc-closed" : "mc-line muted");
        box.dataset.closed = view.paid === view.turn ? "paid" : "done";
        out.push(box);
      }
      break;
    }
    case "target":
      out.push(line(`${does(view.turn, ctx, "choose")} the target of ${eventInfo(String(d.card || "")).name || "an event card"}.`));
      break;
    case "veto":
      out.push(line(`${does(d.buyer, ctx, "want")} to buy ${companyName(d.company)}: the country's owner may veto it (antitrust).`));
      if ((d.vetoed || []).length) out.push(line(`Already vetoed this turn: ${d.vetoed.map(companyName).join(", ")}.`, "mc-line muted"));
      break;
    case "rebuy":
      out.push(line(`${turns} purchase was vetoed${(d.vetoed || []).length ? ` (${d.vetoed.map(companyName).join(", ")})` : ""}: another company, or nothing.`));
      break;
    case "bank":
      out.push(line(`${does(view.turn, ctx, "buy")} mercenaries.`));
      break;
    case "price":
      out.push(line(`${does(d.buyer, ctx, "buy")} mercenaries: the owner of ${companyName(d.company)} names a price for one, or refuses.`));
      break;
    case "pay":
      out.push(line(`${does(d.seller, ctx, "ask")} ${d.price} for a mercenary${d.company ? ` from ${companyName(d.company)}` : ""}.`));
      break;
    case "donate": case "sale": case "war-gi":
      out.push(warBox(view, ctx));
      break;
    case "bid": case "vote":
      out.push(line(`${view.phase === "bid" ? "Who controls" : "An election in"} ${countryName(d.country)}${view.phase === "bid" ? "? Everyone with money bids, sealed; the highest bidder pays and takes it." : ": each Media company is one vote, sealed."}`));
      out.push(sealedStatus(view, ctx));
      break;
    case "respond":
      out.push(payoutBox(view, ctx));
      if (!(view.to_act || []).includes(ctx.me) && whyAsked(ctx, "respond")) out.push(line(whyAsked(ctx, "respond"), "mc-line muted mc-why-asked"));
      break;
    case "compose": case "answer":
      out.push(offerBox(view, ctx));
      break;
    case "over": {
      const winners = (view.winners || []).map((s) => nameOf(s, ctx));
      out.push(line(winners.length ? `${winners.join(" and ")} ${winners.length > 1 || view.winners[0] === ctx.me ? "win" : "wins"} with the most money.` : "The game is over."));
      break;
    }
    default:
      break;
  }
  return out;
}

// ---- your choices -------------------------------------------------------------------------------
function button(ctx, text, title, cls) {
  const node = el("button", `action mc-choice ${cls || ""}`.trim());
  node.type = "button";
  node.dataset.action = text;
  node.setAttribute("aria-label", title);
  node.append(el("b", null, title));
  const words = label(ctx, text);
  if (words !== text && words.toLowerCase() !== title.toLowerCase()) {
    node.append(el("small", null, words));
    node.title = words;
  }
  node.addEventListener("click", () => ctx.act(text));
  return node;
}

function group(title, nodes) {
  if (!nodes.length) return null;
  const box = el("div", "mc-group");
  if (title) box.append(el("span", "row-label", title));
  const row = el("div", "actions");
  row.append(...nodes);
  box.append(row);
  return box;
}

// A number among the legal "<prefix> N" actions: an input limited to their range, and its button.
function numberChoice(view, ctx, legal, prefix) {
  const values = legal.filter((t) => t.startsWith(`${prefix} `)).map((t) => t.slice(prefix.length + 1));
  const nums = values.filter((v) => /^\d+$/.test(v)).map(Number);
  if (!nums.length) return null;
  const min = Math.min(...nums);
  const max = Math.max(...nums);
  const key = [view.phase, view.round, view.turn, (view.decision || {}).country, prefix].join("|");
  const [go, words] = NUMBERS[prefix];
  const box = el("div", "mc-number");
  const input = el("input");
  input.type = "number";
  input.min = String(min);
  input.max = String(max);
  input.step = "1";
  input.value = remembered[key] ?? String(min);
  input.dataset.prefix = prefix;
  input.dataset.key = key;
  input.setAttribute("aria-label", `${words} (${min} to ${max})`);
  const field = el("label", "mc-number-field");
  field.append(el("span", null, words), input, el("small", "muted", `${min}–${max}`));
  const send = el("button", "action mc-go", go);
  send.type = "button";
  send.dataset.prefix = prefix;
  const text = () => `${prefix} ${input.value.trim()}`;
  const check = () => {
    const ok = /^\d+$/.test(input.value.trim()) && legal.includes(`${prefix} ${Number(input.value)}`);
    send.disabled = !ok;
    input.classList.toggle("bad", !ok);
    return ok;
  };
  const submit = () => {
    if (check()) ctx.act(`${prefix} ${Number(input.value)}`);
  };
  input.addEventListener("input", () => {
    remembered[key] = input.value;
    check();
  });
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") submit();
  });
  send.addEventListener("click", submit);
  send.title = text();
  check();
  box.append(field, send);
  return box;
}

// Buttons opening the one trade composer (in the Trades panel), addressed to each other player.
function tradeButtons(view, ctx) {
  return partners(view, ctx).map((seat) => {
    const node = el("button", "action mc-choice trade mc-trade-open");
    node.type = "button";
    node.dataset.tradeTo = String(seat);
    node.setAttribute("aria-label", `Offer a trade to ${nameOf(seat, ctx)}`);
    node.append(el("b", null, nameOf(seat, ctx)));
    node.title = "Opens the trade composer: give and ask anything; play goes on while the offer waits for an answer";
    node.addEventListener("click", () => openComposer(seat));
    return node;
  });
}

// The choices the board did not take, grouped.  ``placed``: the texts the board offers.
function choices(view, ctx, legal, placed) {
  const rest = legal.filter((t) => !placed.has(t));
  const used = new Set();
  const take = (texts) => {
    for (const t of texts) used.add(t);
    return texts;
  };
  const parts = [];
  for (const prefix of Object.keys(NUMBERS)) {
    const nums = take(rest.filter((t) => t.startsWith(`${prefix} `)));
    if (nums.length) parts.push(numberChoice(view, ctx, nums, prefix));
  }
  take(rest.filter((t) => /^(give|ask) /.test(t))); // an in-turn offer is sent as it is, or dropped
  const votes = take(rest.filter((t) => t.startsWith("vote ")));
  parts.push(group("Vote for", votes.map((t) => button(ctx, t, nameOf(Number(t.split(" ")[1]), ctx), "vote"))));
  take(rest.filter((t) => t.startsWith("offer "))); // the one composer makes the page's offers
  if (view.phase === "turn" && canTrade(view, ctx)) parts.push(group("Offer a trade to", tradeButtons(view, ctx)));
  const d = view.decision || {};
  const aids = take(rest.filter((t) => t.startsWith("aid ")));
  parts.push(group("Give a mercenary", aids.map((t) => {
    const side = t.endsWith(" a") ? `the attacker (${nameOf(d.attacker, ctx)})` : `the defender (${sideName(d.defender, ctx)})`;
    return button(ctx, t, `to ${side}`, "aid");
  })));
  const plays = take(rest.filter((t) => t.startsWith("play ")));
  parts.push(group("Play", plays.map((t) => button(ctx, t, eventInfo(t.split(" ")[1]).name, "play"))));
  const simple = take(rest.filter((t) => SIMPLE[t] && t !== "pass" && t !== "done" && t !== "abstain"));
  const last = take(rest.filter((t) => t === "pass" || t === "done" || t === "abstain"));
  const other = rest.filter((t) => !used.has(t));
  const buttons = [...simple, ...other, ...last].map((t) => (SIMPLE[t] ? button(ctx, t, SIMPLE[t][0], SIMPLE[t][1]) : button(ctx, t, label(ctx, t))));
  parts.push(group(null, buttons));
  return parts.filter(Boolean);
}

// ---- the panel ----------------------------------------------------------------------------------
export function decisionPanel(view, ctx, legal, placed) {
  const box = el("section", "mc-decision");
  box.dataset.phase = view.phase;
  const mine = legal.length > 0;
  if (mine) box.classList.add("yours");
  const head = el("div", "mc-decision-head");
  head.append(el("h2", null, TITLES[view.phase] || view.phase));
  if (view.phase !== "over") head.append(el("span", "chip", `round ${view.round}`));
  box.append(head, ...context(view, ctx));
  const prompt = el("div", "prompt");
  if (mine) {
    const asked = typeof PROMPTS[view.phase] === "function" ? PROMPTS[view.phase](ctx, view, legal) : PROMPTS[view.phase];
    const [said, hint] = (asked || "Your decision.").split(" | ");
    prompt.textContent = said;
    if (hint) prompt.append(el("span", "hint", hint));
    prompt.classList.add("yours");
  } else if (view.phase !== "over") {
    const waiting = (view.to_act || []).filter((s) => s !== ctx.me);
    prompt.textContent = waiting.length ? `Waiting for ${names(waiting, ctx)}…` : "Waiting…";
  }
  box.append(prompt);
  const preview = mine ? previewBox(view, legal) : null; // what a place on the board would do, when pointed at
  if (preview) box.append(preview);
  if (mine) box.append(...choices(view, ctx, legal, placed));
  return box;
}

// Keep typing in a number input across a redrawing (another seat's answer arriving meanwhile).
export function keepFocus(root, draw) {
  const active = document.activeElement;
  const key = active && root.contains(active) && active.dataset ? active.dataset.key : null;
  const caret = key ? active.value.length : 0;
  draw();
  if (!key) return;
  const again = [...root.querySelectorAll("input[data-key]")].find((n) => n.dataset.key === key);
  if (again) {
    again.focus();
    try {
      again.setSelectionRange(caret, caret);
    } catch {
      // number inputs have no selection in some browsers
    }
  }
}
