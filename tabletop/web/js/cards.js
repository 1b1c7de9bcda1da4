// Megalomania's cards drawn with CSS and SVG: a coloured face, the rank's emblem, its value.
// A card's text is its rank letter and colour letter: "Ku" is the blue Knight (docs/notation.md).

export const COLOURS = { b: "black", r: "red", y: "yellow", u: "blue" };
// A shape per colour, printed on every card beside its value: colour is never the only mark.
export const MARKS = { black: "■", red: "♦", yellow: "▲", blue: "●" };
export const RANKS = {
  F: ["Farmer", 1], A: ["Assassin", 2], X: ["Explorer", 4], D: ["Dwarf", 6],
  W: ["Wizard", 7], K: ["Knight", 9], O: ["Oracle", 12], E: ["Emperor", 15],
};
export const POWERS = {
  Farmer: "choose who leads the next turn",
  Assassin: "play on any colour",
  Explorer: "take a random card from the previous trick, then put one back",
  Dwarf: "the lowest card takes the trick",
  Wizard: "the players after you must play their lowest card",
  Knight: "dominant cards played after it lose their advantage",
  Oracle: "change the Oracle's colour (not into the dominant one)",
  Emperor: "nobody may use powers or cubes for the rest of this turn",
};

const SVG = "http://www.w3.org/2000/svg";
// One emblem per rank, drawn on a 24x24 grid.
const EMBLEMS = {
  E: [["path", { d: "M3 18 L5 7 L9.5 12 L12 4.5 L14.5 12 L19 7 L21 18 Z" }], ["rect", { x: 3, y: 19, width: 18, height: 2.2, rx: 0.8 }]],
  O: [["path", { d: "M1.5 12 Q12 2.5 22.5 12 Q12 21.5 1.5 12 Z", fill: "none", "stroke-width": 1.8 }], ["circle", { cx: 12, cy: 12, r: 3.6 }]],
  K: [["path", { d: "M12 2 L20 5 V11 C20 16.5 16.5 20 12 22 C7.5 20 4 16.5 4 11 V5 Z" }], ["path", { d: "M12 6 V18 M7.5 11 H16.5", fill: "none", "stroke-width": 1.6, class: "cut" }]],
  W: [["path", { d: "M12 1.5 L14.6 8.6 L22 8.9 L16.2 13.4 L18.3 20.6 L12 16.4 L5.7 20.6 L7.8 13.4 L2 8.9 L9.4 8.6 Z" }]],
  D: [["path", { d: "M3 8 Q12 1.5 21 8 L19.5 9.5 Q12 5 4.5 9.5 Z" }], ["rect", { x: 10.8, y: 6, width: 2.4, height: 16, rx: 1 }]],
  X: [["circle", { cx: 12, cy: 12, r: 9.5, fill: "none", "stroke-width": 1.8 }], ["path", { d: "M12 3.5 L14.4 12 L12 20.5 L9.6 12 Z" }]],
  A: [["path", { d: "M12 1.5 L14.2 14 H9.8 Z" }], ["rect", { x: 6.5, y: 14, width: 11, height: 2.2, rx: 1 }], ["rect", { x: 10.9, y: 16.2, width: 2.2, height: 6, rx: 1 }]],
  F: [["path", { d: "M12 22 V6", fill: "none", "stroke-width": 1.8 }], ["path", { d: "M12 7 Q7 5 7.5 1.5 Q12 3 12 7 Z M12 12 Q7 10 7.5 6.5 Q12 8 12 12 Z M12 17 Q7 15 7.5 11.5 Q12 13 12 17 Z M12 7 Q17 5 16.5 1.5 Q12 3 12 7 Z M12 12 Q17 10 16.5 6.5 Q12 8 12 12 Z M12 17 Q17 15 16.5 11.5 Q12 13 12 17 Z" }]],
};

export function parts(text) {
  const [rank, value] = RANKS[text[0]] || ["?", 0];
  return { rank, value, colour: COLOURS[text[1]] || "black", letter: text[0] };
}

export function cardName(text) {
  const p = parts(text);
  return `the ${p.colour} ${p.rank} (${p.value})`;
}

export function emblem(letter, size = 24) {
  return svgIcon(EMBLEMS[letter] || [], size, "emblem");
}

// An emblem drawn on 24 × 24 units, `size` pixels wide, hidden from screen readers (the card says
// it in words): `shapes` are [tag, attributes] pairs (a ManaSurge suit's is one path).
export function svgIcon(shapes, size, className) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", size);
  svg.setAttribute("height", size);
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add(className);
  for (const [tag, attrs] of shapes) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    svg.append(node);
  }
  return svg;
}

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

// The page's element of this `id`, made once: the first call makes it and lets `build(node)` fill it
// in and put it in the page; later calls find it.
export function madeOnce(id, tag, className, build) {
  let node = document.getElementById(id);
  if (node) return node;
  node = el(tag, className);
  node.id = id;
  build(node);
  return node;
}

// A card face.  opts: size ("hand", "trick", "mini"), colour (an Oracle's new colour),
// value (with cubes), onClick, title, note (a line about it now), verb (the word of the button
// that plays it after a tap on a touch screen, cardtext.js: "Play" when none).
export function cardFace(text, opts = {}) {
  const p = parts(text);
  const colour = opts.colour || p.colour;
  const node = el(opts.onClick ? "button" : "div", `card ${colour} card-${opts.size || "hand"}`);
  node.dataset.card = text;
  node.setAttribute("aria-label", `${colour} ${p.rank}, ${opts.value ?? p.value}${colour !== p.colour ? ` (printed ${p.colour})` : ""}`);
  if (!opts.onClick) node.setAttribute("role", "img");
  const power = POWERS[p.rank];
  node.title = [opts.title, power ? `${p.rank} (${p.value}): ${power}` : ""].filter(Boolean).join(". ");
  // its whole text, for a tap on a touch screen (cardtext.js, which reads these)
  node.dataset.name = `The ${colour} ${p.rank} (${opts.value ?? p.value})`;
  node.dataset.text = power ? `${p.rank}'s power: ${power}.` : "";
  const note = [colour !== p.colour ? `Printed ${p.colour}.` : "", opts.note || ""].filter(Boolean).join(" ");
  if (note) node.dataset.note = note;
  if (opts.verb) node.dataset.verb = opts.verb;
  const corner = el("span", "corner");
  const mark = el("s", "mark", MARKS[colour] || "");
  mark.setAttribute("aria-hidden", "true");
  corner.append(el("b", null, p.letter), el("i", null, String(opts.value ?? p.value)), mark);
  node.append(corner, emblem(p.letter, opts.size === "mini" ? 16 : 34), el("span", "rank", p.rank));
  if (opts.value !== undefined && opts.value !== p.value) node.classList.add("changed");
  if (colour !== p.colour) node.append(el("span", "printed", `printed ${p.colour}`));
  if (opts.onClick) {
    node.type = "button";
    node.addEventListener("click", opts.onClick);
  }
  return node;
}

export function cardBack(size = "mini") {
  const node = el("div", `card back card-${size}`);
  node.setAttribute("aria-hidden", "true");
  return node;
}

// A table's column heading; an empty one still says what the column is, to a screen reader.
export function headCell(text, hidden = "player") {
  const cell = el("th", null, text || null);
  if (!text) cell.append(el("span", "sr-only", hidden));
  return cell;
}

// A seat's name where room is short (the seats around the table): "You", a person's name, or a
// bot's without its level ("Bot 1"), which the seat shows beside it as a tag.
export function shortSeat(seat, ctx) {
  const info = (ctx.seats || [])[seat] || {};
  if (seat === ctx.me) return "You";
  if (info.name) return info.name;
  return info.kind === "bot" ? `Bot ${seat}` : `Seat ${seat}`;
}
