// Any other game: its view as text and its legal actions as buttons, until it has its own table.
import { el } from "./cards.js";

export function renderTable(root, ctx) {
  const box = el("div", "generic");
  const legal = ctx.act ? ctx.view.legal || [] : [];
  const actions = el("div", "actions");
  for (const text of legal) {
    const button = el("button", "action", text);
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

export function describeEvent(e) {
  const { kind, ...rest } = e;
  delete rest.step;
  return `${kind}: ${JSON.stringify(rest)}`;
}

export function finalRows(view, ctx) {
  const scores = ctx.scores || [];
  return scores.map((score, seat) => ({ seat, name: `Seat ${seat}`, score, place: view.ranking ? view.ranking[seat] : null }));
}
