// MegaCorps' board choices as a list: every action that is a click on the board (a company to take
// or buy, a country to attack, an industry to pay out...) also in a <select> next to your other
// choices, with a Go button.  On a phone the board scrolls in its own box, and a keyboard would
// need a long walk through it: the list keeps every choice in sight, and its preview too.
import { el } from "./cards.js";
import { nameOf, placeWords } from "./megacorps-board.js";
import { label as wordsOf } from "./words.js";
import { previewOf } from "./megacorps-preview.js";

const GROUPS = [
  ["take", "Take"], ["buy", "Buy"], ["intervene", "Intervene against"], ["war", "Launch a war on"],
  ["payout", "Pay out"], ["target", "Target"],
];
let chosen = { key: null, text: null }; // the choice picked, across redrawings of the same decision

function preview(select, view, ctx) {
  const table = select.closest(".mc-table");
  const box = table && table.querySelector(".mc-preview");
  if (!box) return;
  const parts = previewOf(view, select.value, (seat) => nameOf(seat, ctx), wordsOf(ctx, select.value));
  if (!parts) return;
  const line = el("p", "mc-preview-text");
  line.append(...parts.map((p) => (typeof p === "string" ? document.createTextNode(p) : p)));
  box.dataset.for = select.value;
  box.classList.add("showing");
  box.classList.remove("floated");
  box.replaceChildren(line);
}

// The list of ``places`` (placeActions: the board's clickable choices), or null when there are none.
export function placeList(view, ctx, places) {
  const texts = [...Object.values(places.company), ...Object.values(places.country), ...Object.values(places.industry)];
  if (!texts.length || !ctx.act) return null;
  const box = el("div", "mc-place-list");
  const label = el("label", "mc-place-label", "Or choose a place from a list");
  label.htmlFor = "mc-place-select";
  const select = el("select");
  select.id = "mc-place-select";
  select.dataset.key = "mc-place-select";
  for (const [verb, words] of GROUPS) {
    const mine = texts.filter((t) => t.startsWith(`${verb} `)).map((t) => [t, placeWords(view, ctx, t)]);
    if (!mine.length) continue;
    mine.sort((a, b) => a[1].localeCompare(b[1]));
    const group = el("optgroup");
    group.label = words;
    for (const [text, said] of mine) {
      const option = el("option", null, said);
      option.value = text;
      group.append(option);
    }
    select.append(group);
  }
  const key = [view.phase, view.round, view.turn, texts.length].join("|");
  if (chosen.key === key && texts.includes(chosen.text)) select.value = chosen.text;
  select.addEventListener("change", () => {
    chosen = { key, text: select.value };
    preview(select, view, ctx);
  });
  select.addEventListener("focus", () => preview(select, view, ctx));
  const go = el("button", "action mc-place-go", "Go");
  go.type = "button";
  go.dataset.key = "mc-place-go";
  go.setAttribute("aria-label", "Go: play the choice picked in the list");
  go.addEventListener("click", () => ctx.act(select.value));
  box.append(label, select, go);
  return box;
}
