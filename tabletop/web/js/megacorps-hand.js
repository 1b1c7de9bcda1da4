// MegaCorps' event cards in your hand (issue 29): a card you may play now looks playable; one you
// may not is dimmed, with the reason in its title (and, pointed at, the engine's own reason:
// why.js).  Choosing a card plays nothing yet: a box says what it will do (the words of playing it,
// and its preview when the engine gives one, as Shortages' in the payout window), then "Play it"
// or "Back".  On the replay page, the hand of the seat it is seen by.
import { el } from "./cards.js";
import { label } from "./words.js";
import { nameOf, whyOf } from "./megacorps-board.js";
import { eventInfo } from "./megacorps-names.js";
import { attachPreview, previewOf } from "./megacorps-preview.js";
import { markWhy } from "./why.js";

let cardCount = 0; // ids for the cards' texts
let confirming = null; // {action, key}: the card chosen, waiting for "Play it" or "Back"

function handOf(view, seat, ctx) {
  if (view.seat === seat && Array.isArray(view.hand)) return view.hand;
  if (ctx.hands && Array.isArray(ctx.hands[seat])) return ctx.hands[seat];
  return null;
}

// The decision a choice belongs to: a confirmation lasts while it is the same decision.
function decisionKey(view) {
  return [view.phase, view.round, view.turn, (view.decision || {}).industry].join("|");
}

// Why a card of yours cannot be played now, in a few words.
function notNow(view, ctx, code, info) {
  const promised = (ctx.offers || []).some(
    (o) => !o.turn && o.from === ctx.me && (o.status === "open" || o.status === "accepted") && o.give.includes(code),
  );
  if (promised) return "promised in one of your open offers: it stays in your hand until the offer closes";
  const yourTurn = view.phase === "turn" && view.turn === ctx.me;
  if (info.timing === "payout" && view.phase !== "respond") return "it plays only when an industry is about to pay out";
  if (info.timing === "turn" && !yourTurn) return "it plays only on your turn, before your Action";
  return "it cannot be played now (point at it to see why)";
}

function eventCard(code, view, ctx, action, mine) {
  const info = eventInfo(code);
  const node = el(action ? "button" : "div", "mc-card");
  node.dataset.card = code;
  node.append(el("b", "mc-card-name", info.name));
  if (info.timing) node.append(el("span", `mc-timing ${info.timing}`, info.timing === "payout" ? "when an industry pays out" : "on your turn"));
  const text = el("span", "mc-card-text", info.text);
  text.id = `mc-text-${code}-${(cardCount += 1)}`;
  node.append(text);
  node.setAttribute("aria-describedby", text.id); // the whole text, even where it shows clamped
  node.title = info.text;
  node.setAttribute("aria-label", action ? `Play ${info.name}…` : info.name);
  if (action) {
    node.type = "button";
    node.classList.add("playable");
    node.dataset.action = action;
    node.setAttribute("aria-expanded", "false");
    node.title = `${info.text}\n(choose it, then confirm)`;
    node.addEventListener("click", () => openConfirm(node, view, ctx, action));
    attachPreview(node, view, action, (seat) => nameOf(seat, ctx), label(ctx, action)); // at a payout
  } else if (mine && ctx.act && view.phase !== "over") {
    const reason = notNow(view, ctx, code, info);
    node.classList.add("unplayable");
    node.dataset.notNow = reason;
    node.title = `Not playable now: ${reason}.\n${info.text}`;
    node.setAttribute("aria-label", `${info.name} (not playable now: ${reason})`);
    const why = whyOf(view, ctx, `play ${code}`);
    if (why) markWhy(node, why); // pointing at it, focusing or tapping it says the engine's reason
  }
  return node;
}

// ---- choosing a card, then confirming ----------------------------------------------------------
function confirmBox(view, ctx, action) {
  const code = action.split(" ")[1];
  const info = eventInfo(code);
  const box = el("div", "mc-confirm");
  box.dataset.confirm = action;
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", `Play ${info.name}?`);
  box.append(el("p", "mc-confirm-title", `Play ${info.name}?`));
  const parts = previewOf(view, action, (seat) => nameOf(seat, ctx), label(ctx, action));
  if (parts) { // what it will do, seat by seat (its preview)
    const line = el("p", "mc-preview-text mc-confirm-preview mc-confirm-does");
    line.append(...parts.map((p) => (typeof p === "string" ? document.createTextNode(p) : p)));
    box.append(line);
  } else {
    const words = label(ctx, action);
    box.append(el("p", "mc-confirm-does", words !== action ? words : info.text));
  }
  if (view.phase === "turn") box.append(el("p", "mc-confirm-note muted", "Once played, it is gone: it cannot be taken back."));
  const row = el("div", "actions");
  const play = el("button", "action mc-go mc-confirm-play", `Play ${info.name}`);
  play.type = "button";
  play.dataset.action = action;
  play.addEventListener("click", () => {
    confirming = null;
    ctx.act(action);
  });
  const back = el("button", "action mc-confirm-back", "Back");
  back.type = "button";
  back.dataset.key = "mc-confirm-back";
  back.addEventListener("click", () => closeConfirm(box, action));
  box.addEventListener("keydown", (e) => {
    if (e.key === "Escape") closeConfirm(box, action);
  });
  row.append(play, back);
  box.append(row);
  return box;
}

function showConfirm(hand, view, ctx, action) {
  const old = hand.querySelector(".mc-confirm");
  if (old) old.remove();
  for (const card of hand.querySelectorAll(".mc-card.playable")) {
    const chosen = card.dataset.action === action;
    card.classList.toggle("chosen", chosen);
    card.setAttribute("aria-expanded", String(chosen));
  }
  const box = confirmBox(view, ctx, action);
  hand.querySelector(".mc-cards").before(box);
  return box;
}

function openConfirm(card, view, ctx, action) {
  const hand = card.closest(".mc-hand");
  if (!hand || !ctx.act) return;
  confirming = { action, key: decisionKey(view) };
  const box = showConfirm(hand, view, ctx, action);
  box.querySelector(".mc-confirm-play").focus({ preventScroll: true });
}

function closeConfirm(box, action) {
  const hand = box.closest(".mc-hand");
  confirming = null;
  box.remove();
  if (!hand) return;
  for (const card of hand.querySelectorAll(".mc-card.playable")) {
    card.classList.remove("chosen");
    card.setAttribute("aria-expanded", "false");
  }
  const card = hand.querySelector(`.mc-card[data-action='${action}']`);
  if (card) card.focus({ preventScroll: true });
}

// ---- the hand ------------------------------------------------------------------------------------
// Your event cards (on the replay page, those of the seat it is seen by; or, seen by everyone, the
// first's), or null; the texts of the cards played from it go into ``placed``.
export function handArea(view, ctx, legal, placed) {
  const seat = ctx.me ?? (typeof view.seat === "number" ? view.seat : ctx.hands ? ctx.perspective ?? 0 : null);
  const cards = seat === null || seat === undefined ? null : handOf(view, seat, ctx);
  if (!cards) return null;
  const mine = seat === ctx.me;
  const box = el("section", "mc-hand");
  box.dataset.seat = String(seat);
  box.append(el("h2", null, mine ? "Your event cards" : `${nameOf(seat, ctx)}'s event cards`));
  const row = el("div", "mc-cards");
  for (const code of cards) {
    const action = legal.includes(`play ${code}`) ? `play ${code}` : null;
    if (action) placed.add(action);
    row.append(eventCard(code, view, ctx, action, mine));
  }
  if (!cards.length) row.append(el("p", "muted", "no event cards"));
  box.append(row);
  if (confirming && (confirming.key !== decisionKey(view) || !legal.includes(confirming.action))) confirming = null;
  if (confirming && ctx.act) showConfirm(box, view, ctx, confirming.action);
  const known = mine ? view.known || [] : [];
  if (known.length) {
    const list = el("ul", "mc-known");
    for (const [holder, code] of known) {
      const item = el("li", null, `${nameOf(holder, ctx)} holds ${eventInfo(code).name} (you saw it)`);
      item.dataset.holder = String(holder);
      item.dataset.knownCard = code;
      list.append(item);
    }
    box.append(list);
  }
  return box;
}
