// MegaCorps' notices (issue 29): whose decision the table waits for, apart from the Active Player
// (who only begins the round: while a bot decides, "Active Player: You" is not your turn); and a
// banner to a seat that lost a company or a country to somebody else's move (a war, an
// intervention, an event card, a trade carried out...), which the log alone says too quietly.
// The losses are read by comparing the seat's views as they arrive, so a page opened afterwards
// shows none (the log has them); each banner stays until it is dismissed.
import { el } from "./cards.js";
import { nameOf } from "./megacorps-board.js";
import { companyName, countryName } from "./megacorps-names.js";

const KEEP = 4; // banners shown at most
const MARKERS = { "-1": "unowned", "-2": "Nationalized", "-3": "Syndicalized", "-4": "not built" };
const seen = new Map(); // "table|seat" -> {companies, countries}: that seat's view drawn last
let notices = []; // {id, text}
let counter = 0;

// "Waiting for: you" / "Waiting for: Ana, Ben": the seats the table waits for now.
export function waitingChip(view, ctx) {
  const asked = view.phase === "over" ? [] : view.to_act || [];
  if (!asked.length) return null;
  const mine = ctx.me !== null && ctx.me !== undefined && asked.includes(ctx.me);
  const who = [...(mine ? ["you"] : []), ...asked.filter((s) => s !== ctx.me).map((s) => nameOf(s, ctx))];
  const chip = el("span", `chip mc-waiting-for${mine ? " yours" : ""}`, `Waiting for: ${who.join(", ")}`);
  chip.dataset.seats = asked.join(",");
  chip.title = "Whose decision the table waits for now (the Active Player only begins the round)";
  return chip;
}

function ownerWords(owner, ctx) {
  return owner >= 0 ? `${nameOf(owner, ctx)}'s` : MARKERS[String(owner)] || "unowned";
}

// What ``me`` held in ``before`` and does not in ``view``, in words.
function losses(before, view, me, ctx) {
  const found = [];
  for (const [code, owner] of Object.entries(before.companies)) {
    const now = view.companies[code];
    if (owner === me && now !== undefined && now !== me) found.push(`You lost ${companyName(code)}: it is ${ownerWords(now, ctx)} now.`);
  }
  for (const [code, owner] of Object.entries(before.countries)) {
    if (owner !== me || view.countries[code] === me) continue;
    const now = view.countries[code];
    const holder = typeof now === "number" && now >= 0 ? `${nameOf(now, ctx)} controls it now` : "nobody controls it now";
    found.push(`You lost control of ${countryName(code)}: ${holder}.`);
  }
  return found;
}

// Whether the page plays a seat (not a spectator's, not the replay's).
const playing = (ctx) => ctx.me !== null && ctx.me !== undefined && Boolean(ctx.act);

// Note what the seat lost since its view drawn last, unless its own move gave it away.
function note(view, ctx) {
  const me = ctx.me;
  const key = `${ctx.table ? ctx.table.id : ""}|${me}`;
  const before = seen.get(key);
  if (before && !(ctx.last && ctx.last.seat === me)) {
    for (const text of losses(before, view, me, ctx)) notices.push({ id: (counter += 1), text });
    notices = notices.slice(-KEEP);
  }
  seen.set(key, { companies: { ...view.companies }, countries: { ...view.countries } });
}

// The banners of the seat's recent losses (null: none), noting the latest view first.
export function lossNotices(view, ctx) {
  if (!playing(ctx)) return null;
  note(view, ctx);
  if (!notices.length) return null;
  const box = el("div", "mc-notices");
  box.setAttribute("role", "status");
  box.setAttribute("aria-live", "assertive");
  for (const notice of notices) {
    const item = el("div", "mc-notice");
    item.dataset.notice = String(notice.id);
    const close = el("button", "mc-notice-close", "×");
    close.type = "button";
    close.dataset.key = `mc-notice-${notice.id}`;
    close.setAttribute("aria-label", "Dismiss this notice");
    close.addEventListener("click", () => {
      notices = notices.filter((n) => n.id !== notice.id);
      item.remove();
      if (!box.childElementCount) box.remove();
    });
    item.append(el("span", "mc-notice-text", `${notice.text} The log says how.`), close);
    box.append(item);
  }
  return box;
}
