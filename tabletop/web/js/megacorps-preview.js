// MegaCorps' previews (issues 12, 29): on your turn, pointing at or focusing a company, a country or
// an industry on the board shows what clicking it would do; in the draft, what a company would pay
// once taken; in the payout window, what Oversupply or Shortages would change.  The turn's numbers
// are the view's ``previews`` (the engine's, from public facts only, by action text): the payout
// each player would get, a war's two totals before donations, a purchase's price, veto and payout,
// an intervention's outcome.  A draft pick's and a payout card's are the words of the action
// (tabletop/words/megacorps: the payout computed from the seat's view as the rules do).  The box
// next to your choices holds the hint and (for screen readers) the preview; the preview itself
// floats next to the place pointed at, inside the window, so that a place low on the board is
// previewed where the eyes are.  Text only (textContent).
import { el } from "./cards.js";
import { companyName, countryName, industryName } from "./megacorps-names.js";

const HINTS = {
  draft: "Point at a company on the board to see what a payout of its industry would pay you once it is yours.",
  respond: "Point at Oversupply or Shortages in your hand to see what the payout would be with it.",
};
const HINT = "Point at a company, a country or an industry on the board to see what it would do.";
const GAP = 8; // pixels between a floating preview and the place it previews, or the window's edge
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

// Each seat still playing and what it would be paid, as chips.
function paidParts(paid, view, name) {
  const parts = [];
  const seats = (paid || []).map((amount, seat) => [seat, amount]).filter(([seat]) => !(view.left || [])[seat]);
  seats.forEach(([seat, amount], k) => {
    if (k) parts.push(", ");
    parts.push(span(`mc-pv-seat seat-${seat}`, `${who(seat, name)} +${amount}`, { seat, amount }));
  });
  return parts;
}

function payoutParts(arg, shown, view, name) {
  return [`Pay out ${industryName(arg)}: `, ...paidParts(shown.paid, view, name)];
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
function previewParts(view, text, name) {
  const shown = (view.previews || {})[text];
  if (!shown) return null;
  const [verb, arg] = text.split(" ");
  if (verb === "payout") return payoutParts(arg, shown, view, name);
  if (verb === "war") return warParts(arg, shown, name);
  if (verb === "buy") return buyParts(arg, shown, name);
  if (verb === "intervene") return interveneParts(arg, shown, view.seat, name);
  return null;
}

// The previews told by the action's words: a draft pick, a payout card in the payout window.
function worded(view, text) {
  const verb = text.split(" ")[0];
  return (verb === "take" && view.phase === "draft") || (verb === "play" && view.phase === "respond");
}

// The preview of ``text``: the engine's (previewParts), else the action's ``words`` where they are
// its preview (a draft pick, a payout card); null when it has none.
export function previewOf(view, text, name, words) {
  return previewParts(view, text, name) || (words && words !== text && worded(view, text) ? [words] : null);
}

// The box the previews show in, next to your choices; null when none of ``legal`` has one.
export function previewBox(view, legal) {
  const engine = view.previews && Object.keys(view.previews).length;
  if (!engine && !(legal || []).some((t) => worded(view, t))) return null;
  const box = el("div", "mc-preview");
  box.setAttribute("aria-live", "polite");
  box.append(hintLine(view));
  return box;
}

function hintLine(view) {
  return el("p", "mc-preview-hint", HINTS[view.phase] || HINT);
}

// Float ``line`` next to ``node`` (below it, or above when there is no room), inside the window.
function place(line, node) {
  line.classList.add("floating");
  const spot = node.getBoundingClientRect();
  const width = document.documentElement.clientWidth;
  const height = window.innerHeight;
  const w = line.offsetWidth;
  const h = line.offsetHeight;
  const left = Math.max(GAP, Math.min(spot.left + spot.width / 2 - w / 2, width - w - GAP));
  let top = spot.bottom + GAP;
  if (top + h > height - GAP) top = spot.top - h - GAP; // no room below: above
  top = Math.max(GAP, Math.min(top, height - h - GAP));
  line.style.left = `${Math.round(left)}px`;
  line.style.top = `${Math.round(top)}px`;
}

function boxOf(node) {
  const table = node.closest(".mc-table");
  return table ? table.querySelector(".mc-preview") : null;
}

// Show ``text``'s preview while ``node`` (a place on the board that plays it) is pointed at or has
// the keyboard focus.  ``name``: a seat's name ("You" for yours); ``words``: the action's words.
export function attachPreview(node, view, text, name, words) {
  const parts = previewOf(view, text, name, words);
  if (!parts) return;
  const show = () => {
    const box = boxOf(node);
    if (!box) return;
    const line = el("p", "mc-preview-text");
    line.append(...parts.map((p) => (typeof p === "string" ? document.createTextNode(p) : p.cloneNode(true))));
    box.dataset.for = text;
    box.classList.add("showing", "floated");
    box.replaceChildren(hintLine(view), line); // the hint stays: the box keeps its place and size
    place(line, node);
  };
  const hide = () => {
    const box = boxOf(node);
    if (!box || box.dataset.for !== text) return;
    delete box.dataset.for;
    box.classList.remove("showing", "floated");
    box.replaceChildren(hintLine(view));
  };
  node.addEventListener("mouseenter", show);
  node.addEventListener("focus", show);
  node.addEventListener("mouseleave", hide);
  node.addEventListener("blur", hide);
}
