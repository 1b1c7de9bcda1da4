// Any other game: its legal actions as buttons (in the game's words) and its view as data.
import { el } from "./cards.js";
import { label } from "./words.js";

export function renderTable(root, ctx) {
  const box = el("div", "generic");
  const legal = ctx.act ? ctx.view.legal || [] : [];
  const actions = el("div", "actions");
  for (const text of legal) {
    const button = el("button", "action", label(ctx, text));
    button.type = "button";
    button.dataset.action = text;
    button.addEventListener("click", () => ctx.act(text));
    actions.append(button);
  }
  box.append(actions, el("pre", "view-json", JSON.stringify(ctx.view, null, 1)));
  root.replaceChildren(box);
}

export function renderSide(root) {
  root.replaceChildren();
}

export function finalRows(view, ctx) {
  const scores = ctx.scores || [];
  return scores.map((score, seat) => ({ seat, name: `Seat ${seat}`, score, place: view.ranking ? view.ranking[seat] : null }));
}
