// Megalomania's table: seats around a felt, the trick in the middle, your hand at the bottom.
// Everything drawn comes from one seat's view (or the spectator's); nothing else is known here.
import { COLOURS, MARKS, cardBack, cardFace, el, headCell, parts, shortSeat } from "./cards.js";
import { botMark } from "./names.js";
import { markWhy } from "./why.js";
import { cardAction, label, who } from "./words.js";

const SLOTS = { 2: ["bottom", "top"], 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"] };
const PHASE_PROMPTS = {
  scrolls: "Use a scroll now, or pass",
  "scroll-effect": "Your scroll: make its choice",
  "lay-out": "Lay out your cards: click them in the order you will play them",
  split: "Put cards in your first pile: click them",
  "hand-over": "Choose the cards to hand to the player on your right: click them",
  assist: "Another player's card: spend a crystal on its power, or pass",
  "trick-end": "Before the trick ends: use a scroll, or pass",
  resources: "Choose your resources for this round",
  play: "Your turn: click a card to play it",
  "after-play": "Use a power or cubes on your card, or be done",
  "explorer-return": "Your Explorer: click a card to put it back into the previous trick",
};

// What a click on a card of yours would be in each phase (its plain text: a card played), for the
// cards that cannot be played now: pointing at one says why (why.js).
const CARD_VERBS = { "explorer-return": "return=", "lay-out": "lay=", split: "pile=", "hand-over": "give=" };

// The word of the button that plays a card after a tap on a touch screen (cardtext.js).
const TAP_VERBS = { "return=": "Put it back", "lay=": "Lay it out", "pile=": "Put it in the pile", "give=": "Hand it over" };
function cardVerb(choice) {
  const prefix = Object.keys(TAP_VERBS).find((p) => choice.startsWith(p));
  return prefix ? TAP_VERBS[prefix] : "Play";
}

function whyCard(view, card) {
  return `${CARD_VERBS[view.phase] || ""}${card}`;
}

function slotOf(seat, bottom, n) {
  return (SLOTS[n] || SLOTS[4])[(seat - bottom + n) % n] || "top";
}

function stat(cls, value, label) {
  const node = el("span", `stat ${cls}`);
  node.title = label;
  node.append(el("i", "icon"), el("span", null, String(value)));
  return node;
}

const COUNTS = [
  ["face_down", "face down"], ["set_aside", "set aside"], ["laid", "laid out"], ["pile", "in the first pile"],
  ["giving", "to hand over"], ["discarded_scrolls", "scrolls discarded"],
];

function stats(entry) {
  const row = el("div", "stats");
  row.append(
    stat("crystals", entry.crystals, "power crystals"),
    stat("cubes", entry.cubes, "cubes"),
    stat("scrolls", entry.scrolls, "scrolls"),
    stat("tricks", entry.tricks, "tricks taken this round"),
  );
  for (const [key, label] of COUNTS) if (entry[key]) row.append(el("span", "tag", `${entry[key]} ${label}`));
  for (const n of entry.shown_scrolls || []) row.append(el("span", "tag", `shows scroll ${n}`));
  for (const colour of voids(entry)) {
    const tag = el("span", "tag void", `no ${colour}`);
    tag.title = `Its play showed it holds no ${colour} card (it did not follow ${colour}), until it takes cards unseen`;
    row.append(tag);
  }
  return row;
}

// The colours a seat's play showed it holds none of: every card of the colour in its `lacks`
// (the table's inferences, public: docs/rulings.md, M18).
function voids(entry) {
  const lacked = {};
  for (const card of entry.lacks || []) lacked[card[1]] = (lacked[card[1]] || 0) + 1;
  return Object.entries(COLOURS).filter(([letter]) => lacked[letter] === 8).map(([, name]) => name);
}

function cardRow(label, cards, opts = {}) {
  const row = el("div", "card-row");
  row.append(el("span", "row-label", label));
  for (const c of cards) row.append(cardFace(c, { size: "mini", ...opts }));
  return row;
}

function seatHeader(view, seat, ctx) {
  const entry = view.seats[seat];
  const info = (ctx.seats || [])[seat] || {};
  const head = el("div", "seat-head");
  const name = el("span", "name", shortSeat(seat, ctx)); // a bot's level as a tag: a narrow seat keeps the whole name
  const online = el("span", `dot ${info.online === false ? "off" : "on"}`);
  online.title = info.online === false ? "not connected" : info.kind === "bot" ? "bot" : "connected";
  head.append(online, name);
  const mark = botMark(info); // a bot account's (issue 32)
  if (mark) head.append(mark);
  if (info.kind === "bot" && !name.textContent.includes(info.level || "bot")) head.append(el("span", "tag", info.level || "bot"));
  if (view.pairs && ctx.me !== null && ctx.me !== undefined && seat !== ctx.me && (seat - ctx.me + 4) % 2 === 0) {
    head.append(el("span", "tag partner", "partner"));
  }
  if (view.dealer === seat) head.append(el("span", "tag dealer", "dealer"));
  if (entry.resource) head.append(el("span", "tag resource", entry.resource));
  head.append(el("span", "score", `${entry.score} pts`));
  return head;
}

function opponent(view, seat, ctx) {
  const entry = view.seats[seat];
  const box = el("section", `seat-box slot-${slotOf(seat, ctx.bottom, view.players)}`);
  box.dataset.seat = seat;
  if (view.to_act === seat) box.classList.add("to-act");
  box.append(seatHeader(view, seat, ctx), stats(entry));
  const cards = el("div", "backs");
  const hand = entry.hand || (ctx.hands && ctx.hands[seat]);
  if (hand) {
    for (const c of hand) cards.append(cardFace(c, { size: "mini" }));
  } else {
    const known = new Set(entry.known_cards || []);
    for (const c of known) cards.append(cardFace(c, { size: "mini", title: "known to all (an Explorer's find)", note: "Known to all (an Explorer's find)." }));
    for (let i = 0; i < entry.cards - known.size; i++) cards.append(cardBack("mini"));
  }
  box.append(cards);
  if (entry.table && entry.table.length) box.append(cardRow("face up", entry.table));
  return box;
}

function trickArea(view, ctx) {
  const area = el("div", "trick-area");
  const trick = view.trick;
  const plays = trick.plays;
  let shown = plays;
  let caption = null;
  if (!plays.length && view.tricks && view.tricks.length) {
    const last = view.tricks[view.tricks.length - 1];
    shown = last.cards.map((card, i) => ({ card, seat: null, order: i }));
    caption = `Last trick: ${who(last.winner, ctx.me, ctx.seats)} took it`;
    area.classList.add("previous");
  }
  const lastTrick = !plays.length && view.tricks && view.tricks.length ? view.tricks[view.tricks.length - 1] : null;
  shown.forEach((play, i) => {
    let slot;
    if (play.seat !== null && play.seat !== undefined) slot = slotOf(play.seat, ctx.bottom, view.players);
    else slot = `pile-${i}`;
    const spot = el("div", `play spot-${slot}`);
    const face = cardFace(play.card, {
      size: "trick",
      colour: play.colour,
      value: play.value,
      title: play.seat !== null && play.seat !== undefined ? `${who(play.seat, ctx.me, ctx.seats)}` : "",
      note: [
        play.seat !== null && play.seat !== undefined ? `Played by ${who(play.seat, ctx.me, ctx.seats)}` : "",
        play.power ? "its power used" : "",
        play.cubes ? `${play.cubes > 0 ? "+" : ""}${play.cubes} by cubes` : "",
        play.advantage === false ? "no advantage (a Knight)" : "",
      ].filter(Boolean).join(", "),
    });
    if (play.power) face.append(el("span", "badge power", "power"));
    if (play.cubes) face.append(el("span", "badge cubes", `${play.cubes > 0 ? "+" : ""}${play.cubes}`));
    if (play.advantage === false) face.classList.add("no-advantage");
    if (i === plays.length - 1 && ctx.fresh) face.classList.add("fresh");
    spot.append(face);
    if (play.seat !== null && play.seat !== undefined) spot.append(el("span", "who", who(play.seat, ctx.me, ctx.seats)));
    area.append(spot);
  });
  if (lastTrick) area.dataset.winner = lastTrick.winner;
  const middle = el("div", "trick-middle");
  if (caption) middle.append(el("div", "caption", caption));
  else if (trick.lead) middle.append(el("div", "caption", `Lead: ${trick.lead}`));
  else if (view.phase === "play") middle.append(el("div", "caption", `${who(trick.leader, ctx.me, ctx.seats)} to lead`));
  const flags = el("div", "flags");
  if (trick.dwarf) flags.append(el("span", "flag", "Dwarf: lowest wins"));
  if (trick.wizard) flags.append(el("span", "flag", "Wizard: lowest must play"));
  if (trick.knight) flags.append(el("span", "flag", "Knight: no advantage"));
  if (trick.emperor) flags.append(el("span", "flag", "Emperor: no powers"));
  if (trick.declared) flags.append(el("span", "flag", `${trick.declared} decides this trick`));
  if (trick.taking !== null && trick.taking !== undefined && plays.length) {
    flags.append(el("span", "flag taking", `${who(trick.taking, ctx.me, ctx.seats)} ${trick.taking === ctx.me ? "take" : "takes"} it so far`));
  }
  if (trick.farmer !== null && trick.farmer !== undefined) {
    flags.append(el("span", "flag", `Farmer: ${who(trick.farmer, ctx.me, ctx.seats)} leads next`));
  }
  if (view.explored) {
    const found = el("span", "flag explored", "Explorer's find: ");
    found.append(cardFace(view.explored, { size: "mini" }));
    flags.append(found);
  }
  middle.append(flags);
  area.append(middle);
  return area;
}

function roundBar(view) {
  const bar = el("div", "round-bar");
  bar.append(el("span", "round", view.over || view.phase === "over" ? "Final" : `Round ${view.round} / ${view.rounds}`));
  if (view.dominant) {
    const dom = el("span", `dominant ${view.dominant}`);
    const changed = view.round_dominant && view.round_dominant !== view.dominant ? ` (round's: ${view.round_dominant})` : "";
    const swatch = el("i", "swatch", MARKS[view.dominant] || "");
    swatch.setAttribute("aria-hidden", "true");
    dom.append(swatch, el("span", null, `Dominant: ${view.dominant}${changed}`));
    bar.append(dom);
  }
  if (view.scroll_effect) bar.append(el("span", "chip", `Scroll ${view.scroll_effect.scroll}: ${view.scroll_effect.name}`));
  if (view.call) bar.append(el("span", "chip", `Called: ${view.call}`));
  if (view.turned && view.turned.length) bar.append(cardRow("turned", view.turned.slice(-1)));
  return bar;
}

function myArea(view, ctx) {
  const me = ctx.me;
  const box = el("section", "me-box");
  if (me === null || me === undefined) {
    box.classList.add("spectating");
    const seat = ctx.bottom;
    box.append(seatHeader(view, seat, ctx), stats(view.seats[seat]));
    const cards = el("div", "hand");
    const hand = view.seats[seat].hand || (ctx.hands && ctx.hands[seat]);
    if (hand) for (const c of hand) cards.append(cardFace(c, { size: "hand" }));
    else for (let i = 0; i < view.seats[seat].cards; i++) cards.append(cardBack("hand"));
    box.append(cards);
    return box;
  }
  const entry = view.seats[me];
  if (view.to_act === me) box.classList.add("to-act");
  box.append(seatHeader(view, me, ctx), stats(entry));
  const legal = ctx.act ? view.legal || [] : [];
  const prompt = el("div", "prompt");
  if (view.phase === "over") prompt.textContent = "The game is over.";
  else if (view.to_act === me && legal.length) {
    prompt.textContent = PHASE_PROMPTS[view.phase] || "Your turn";
    prompt.classList.add("yours");
    const hint = followHint(view);
    if (hint) prompt.append(el("span", "hint", hint));
  } else if (view.to_act !== null) {
    prompt.textContent = `Waiting for ${who(view.to_act, me, ctx.seats)}…`;
  }
  box.append(prompt);
  const buttons = el("div", "actions");
  for (const text of legal) {
    if (/^([FAXDWKOE][bryu]|(return|give|lay|pile)=..)$/.test(text)) continue; // click the card instead
    const button = el("button", `action ${actionClass(text)}`, label(ctx, text));
    button.type = "button";
    button.dataset.action = text;
    button.addEventListener("click", () => ctx.act(text));
    buttons.append(button);
  }
  box.append(buttons);
  const hand = el("div", "hand");
  const playing = view.to_act === me && legal.length > 0;
  // a card that plays its action on a click, or says why not; `refused`: a class for a card that cannot
  const clickable = (c, size, refused = "") => {
    const choice = cardAction(c, legal);
    const opts = { size };
    if (choice) {
      opts.onClick = () => ctx.act(choice);
      opts.title = label(ctx, choice);
      opts.verb = cardVerb(choice);
    }
    const face = cardFace(c, opts);
    if (choice) {
      played(face, choice);
      return face;
    }
    if (refused) face.classList.add(refused);
    if (ctx.act) markWhy(face, whyCard(view, c));
    return face;
  };
  const refused = playing && (view.phase === "play" || view.phase === "explorer-return") ? "unplayable" : "";
  for (const c of entry.hand || []) {
    const face = clickable(c, "hand", refused);
    if ((entry.known_cards || []).includes(c)) face.append(el("span", "badge known", "seen"));
    hand.append(face);
  }
  box.append(hand);
  if (entry.table && entry.table.length) {
    const row = el("div", "card-row table-row-cards");
    row.append(el("span", "row-label", "Face up on the table"));
    for (const c of entry.table) row.append(clickable(c, "trick"));
    box.append(row);
  }
  for (const [key, label] of [["laid_cards", "Laid out"], ["pile_cards", "First pile"], ["giving_cards", "To hand over"], ["set_aside_cards", "Set aside"]]) {
    if (entry[key] && entry[key].length) box.append(cardRow(label, entry[key]));
  }
  if (entry.scroll_numbers && entry.scroll_numbers.length) {
    box.append(el("div", "scrolls-held", `Your scrolls: ${entry.scroll_numbers.map((n) => `#${n}`).join(", ")}`));
  }
  return box;
}

// A card a click plays: lifted, and named by its action like every element that makes a move
// (hints, keys and the tutorial's guide find it by [data-action]).
function played(face, action) {
  face.classList.add("playable");
  face.dataset.action = action;
}

function actionClass(text) {
  if (text.startsWith("take=")) return `take ${text.slice(5)}`;
  if (text === "done") return "done";
  if (text.startsWith("cube")) return "cube";
  return "power";
}

function followHint(view) {
  if (view.phase !== "play" || !view.trick.lead) return null;
  if (view.trick.wizard) return "A Wizard's power: play your lowest card of the colour you play.";
  return `Follow ${view.trick.lead} if you can, else play ${view.dominant} (dominant), else anything.`;
}

export function renderTable(root, ctx) {
  const view = ctx.view;
  ctx.bottom = ctx.me ?? ctx.perspective ?? 0;
  const table = el("div", "mg-table");
  const felt = el("div", `felt players-${view.players}`);
  felt.append(roundBar(view));
  for (let s = 0; s < view.players; s++) if (s !== ctx.bottom) felt.append(opponent(view, s, ctx));
  felt.append(trickArea(view, ctx));
  table.append(felt, myArea(view, ctx));
  root.replaceChildren(table);
}

export function renderSide(root, ctx) {
  const view = ctx.view;
  const mission = el("section", "panel mission");
  mission.append(el("h2", null, `Mission ${view.mission.number}`));
  mission.append(el("p", "task", view.mission.task));
  const facts = el("p", "facts", `${view.mission.kind === "variable" ? "per unit" : "once"}: ${view.mission.points > 0 ? "+" : ""}${view.mission.points} points · ${view.mission.cards} cards each`);
  mission.append(facts);
  const scores = el("section", "panel scores");
  scores.append(el("h2", null, "Scores"));
  const table = el("table");
  const head = el("tr");
  for (const h of ["", "points", "tricks", view.ranking ? "place" : "cards"]) head.append(headCell(h));
  table.append(head);
  view.seats.forEach((entry, seat) => {
    const row = el("tr", seat === ctx.me ? "mine" : "");
    if (view.to_act === seat) row.classList.add("to-act");
    row.append(
      el("td", null, who(seat, ctx.me, ctx.seats)),
      el("td", "num", String(entry.score)),
      el("td", "num", String(entry.tricks)),
      el("td", "num", String(view.ranking ? view.ranking[seat] : entry.cards)),
    );
    table.append(row);
  });
  scores.append(table);
  if (view.round_points && view.round_points.length) {
    const recent = view.round_points.slice(-3).map((p, i) => {
      const round = view.round_points.length - Math.min(3, view.round_points.length) + i + 1;
      return `R${round}: ${p.map((x) => (x > 0 ? `+${x}` : String(x))).join(" / ")}`;
    });
    scores.append(el("p", "recent", recent.join("  ·  ")));
  }
  root.replaceChildren(mission, scores);
}

export function finalRows(view, ctx) {
  return view.seats
    .map((entry, seat) => ({ seat, name: who(seat, ctx.me, ctx.seats), score: entry.score, place: view.ranking ? view.ranking[seat] : null }))
    .sort((a, b) => (a.place ?? 9) - (b.place ?? 9) || b.score - a.score);
}

export { parts };
