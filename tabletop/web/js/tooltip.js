// Where a tooltip stands (the glossary's and the why-not's): above its anchor, or below it when
// there is no room; always inside the window.
export function placeTip(tip, anchor) {
  const at = anchor.getBoundingClientRect();
  tip.style.left = "0px";
  tip.style.top = "0px";
  const width = tip.offsetWidth;
  const height = tip.offsetHeight;
  const left = Math.min(Math.max(4, at.left + at.width / 2 - width / 2), Math.max(4, innerWidth - width - 4));
  const top = at.top - height - 8 >= 0 ? at.top - height - 8 : Math.min(at.bottom + 8, innerHeight - height - 4);
  tip.style.left = `${Math.round(left)}px`;
  tip.style.top = `${Math.round(top)}px`;
}
