// MegaCorps' previews (issue 12): on your turn, pointing at or focusing a company, a country or an
// industry on the board shows what clicking it would do, in a box next to your choices.  The
// numbers are the view's ``previews`` (the engine's, from public facts only, by action text): the
// payout each player would get, a war's two totals before donations, a purchase's price, veto and
// payout, an intervention's outcome.  Text only (textContent), nothing parsed as HTML.
import { el } from "./cards.js";
import { companyName, countryName, industryName } from "./megacorps-names.js";

const HINT = "Point at a company, a country or an industry on the board to see what it would do.";
const GOVERNMENTS = { democracy: "Democracy", dictatorship: "Dictatorship", kleptocracy: "Kleptocracy", wikisyndicalism: "Wikisyndicalism" };
const OUTCOMES = { "-1": "it becomes unowned", "-2": "it is nationalized", "-3": "it is syndicalized" };

function span(cls, text, data) {
  const node = el("span", cls, text);
  for (const [key, value] of Object.entries(data || {})) node.dataset[key] = String(value);
  return node;
}

// "you" or "Ana" (``name``: the seat's name, "You" for yours).
function who(seat, name) {
  const said = name(seat);
  return said === "You" ? "you" : said;
}

function payoutParts(arg, shown, view, name) {
  const parts = [`Pay out ${industryName(arg)}: `];
  const seats = (shown.paid || []).map((amount, seat) => [seat, amount]).filter(([seat]) => !(view.left || [])[seat]);
  seats.forEach(([seat, amount], k) => {
    if (k) parts.push(", ");
    parts.push(span(`mc-pv-seat seat-${seat}`, `${who(seat, name)} +${amount}`, { seat, amount }));
  });
  return parts;
}

function warParts(arg, shown, name) {
  const defender = shown.defender >= 0 ? name(shown.defender) : "no owner";
  const odds = shown.attack > shown.defence ? "as it stands you would win" : "as it stands you would lose";
  return [
    `Attack ${countryName(arg)}: `,
    span("mc-pv-attack", `your attack ${shown.attack}`, { attack: shown.attack }),
    " vs ",
    span("mc-pv-defence", `defense ${shown.defence}`, { defence: shown.defence }),
    ` (${defender}) before donations; ${odds}`,
  ];
}

function buyParts(arg, shown, name) {
  const industry = industryName(arg.split(".")[0]);
  const parts = [`Buy ${companyName(arg)} for `, span("mc-pv-price", String(shown.price), { price: shown.price }), ": "];
  if (shown.veto >= 0) parts.push(span("mc-pv-veto", `${name(shown.veto)} may veto it (antitrust)`, { veto: shown.veto }), "; ");
  parts.push(
    `a payout of ${industry} would then pay you `,
    span("mc-pv-after", String(shown.after), { after: shown.after }),
    ` (now ${shown.before})`,
  );
  return parts;
}

function interveneParts(arg, shown, me, name) {
  const government = GOVERNMENTS[shown.government] || shown.government;
  const former = shown.from >= 0 ? name(shown.from) : "its owner";
  const outcome = shown.owner === me ? "it becomes yours" : OUTCOMES[String(shown.owner)] || "it changes hands";
  const paid = shown.paid ? `; ${former} gets ${shown.paid}` : "";
  return [`Intervene against ${former}'s ${companyName(arg)} (${government}): `, span("mc-pv-outcome", `${outcome}${paid}`, { owner: shown.owner, paid: shown.paid })];
}

// The preview of the action ``text`` as text and spans (numbers in data attributes), or null.
export function previewParts(view, text, name) {
  const shown = (view.previews || {})[text];
  if (!shown) return null;
  const [verb, arg] = text.split(" ");
  if (verb === "payout") return payoutParts(arg, shown, view, name);
  if (verb === "war") return warParts(arg, shown, name);
  if (verb === "buy") return buyParts(arg, shown, name);
  if (verb === "intervene") return interveneParts(arg, shown, view.seat, name);
  return null;
}

// The box the previews show in, next to your choices; null when the view has none.
export function previewBox(view) {
  if (!view.previews || !Object.keys(view.previews).length) return null;
  const box = el("div", "mc-preview");
  box.setAttribute("aria-live", "polite");
  box.append(el("p", "mc-preview-hint", HINT));
  return box;
}

function boxOf(node) {
  const table = node.closest(".mc-table");
  return table ? table.querySelector(".mc-preview") : null;
}

// Show ``text``'s preview while ``node`` (a place on the board that plays it) is pointed at or has
// the keyboard focus.  ``name``: a seat's name ("You" for yours).
export function attachPreview(node, view, text, name) {
  const parts = previewParts(view, text, name);
  if (!parts) return;
  const show = () => {
    const box = boxOf(node);
    if (!box) return;
    const line = el("p", "mc-preview-text");
    line.append(...parts.map((p) => (typeof p === "string" ? document.createTextNode(p) : p.cloneNode(true))));
    box.dataset.for = text;
    box.classList.add("showing");
    box.replaceChildren(line);
  };
  const hide = () => {
    const box = boxOf(node);
    if (!box || box.dataset.for !== text) return;
    delete box.dataset.for;
    box.classList.remove("showing");
    box.replaceChildren(el("p", "mc-preview-hint", HINT));
  };
  node.addEventListener("mouseenter", show);
  node.addEventListener("focus", show);
  node.addEventListener("mouseleave", hide);
  node.addEventListener("blur", hide);
}
