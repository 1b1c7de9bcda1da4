// The rules for players (issue 28): the page /rules/GAME (and /rules, every game's), and the table's
// rules panel, a dialog over the game.  Both draw the same thing from GET /api/rules/GAME
// (tabletop/words/rules): the sections, each paragraph a line of words with the table's own cards
// in it (drawn as the log draws them, said.js), what the team designed marked provisional, and the
// glossary the table explains its words from (glossary.js marks its terms in the sections too).
import { api } from "./api.js";
import { el } from "./cards.js";
import { glossary, loadRules } from "./glossary.js";
import { lineItem } from "./said.js";

const PROVISIONAL =
  "designed by the team where the printed game is unknown or silent (docs/rulings.md); it may change.";

function provisionalMark() {
  const mark = el("span", "provisional-mark", "provisional");
  mark.title = `Provisional: ${PROVISIONAL}`;
  return mark;
}

// A paragraph: a Line's JSON drawn as the log draws an event's words.
function paragraph(words) {
  const p = el("p");
  const item = lineItem({ words });
  if (item) p.append(...item.childNodes);
  return p;
}

function heading(level, text, id) {
  const node = el(`h${level}`, null, text);
  node.id = id;
  node.tabIndex = -1; // the contents' links move the focus to it
  return node;
}

// A link of the contents: it scrolls to its heading and moves the focus there.  The address's
// fragment changes only on the rules page (at the table the fragment holds the seat's token).
function contentsLink(text, target, provisional, onPage) {
  const item = el("li");
  const link = el("a", null, text);
  link.href = `#${target.id}`;
  link.addEventListener("click", (event) => {
    event.preventDefault();
    target.scrollIntoView({ block: "start" });
    target.focus({ preventScroll: true });
    if (onPage) history.replaceState(null, "", `#${target.id}`);
  });
  item.append(link);
  if (provisional) item.append(" ", provisionalMark());
  return item;
}

// Draw a game's rules into ``box``.  opts: level (the sections' heading level: 2 on the page, 3 in
// the panel), prefix (of the ids), page (true on the rules page).
export function drawRules(box, data, opts = {}) {
  const level = opts.level || 2;
  const prefix = opts.prefix || "rules";
  const doc = el("article", "rules-doc");
  doc.dataset.game = data.game;
  const intro = el("div", "rules-intro");
  intro.append(el("p", "pitch", data.pitch), el("p", "players muted", data.players));
  if (data.sections.some((s) => s.provisional) || data.glossary.some((t) => t.provisional)) {
    const note = el("p", "provisional-note");
    note.append(provisionalMark(), ` marks what was ${PROVISIONAL}`);
    intro.append(note);
  }
  const contents = el("nav", "rules-contents");
  contents.setAttribute("aria-label", `Contents of the rules of ${data.title}`);
  const list = el("ol");
  contents.append(list);
  const sections = el("div", "rules-sections");
  data.sections.forEach((section, i) => {
    const id = `${prefix}-${i + 1}`;
    const node = el("section", `rules-section${section.provisional ? " provisional" : ""}`);
    node.dataset.section = section.title;
    const title = heading(level, section.title, id);
    if (section.provisional) title.append(" ", provisionalMark());
    node.setAttribute("aria-labelledby", id);
    node.append(title, ...section.paragraphs.map(paragraph));
    sections.append(node);
    list.append(contentsLink(section.title, title, section.provisional, opts.page));
  });
  const words = el("section", "rules-section rules-words");
  const title = heading(level, "Glossary", `${prefix}-glossary`);
  words.setAttribute("aria-labelledby", title.id);
  const terms = el("dl", "rules-glossary");
  for (const term of data.glossary) {
    const dt = el("dt", term.provisional ? "provisional" : null, term.term);
    dt.dataset.term = term.term;
    if (term.provisional) dt.append(" ", provisionalMark());
    const dd = el("dd", null, term.text);
    const others = term.forms.filter((f) => f.toLowerCase() !== term.term.toLowerCase());
    if (others.length) dd.append(" ", el("span", "forms", `Also: ${others.join(", ")}.`));
    terms.append(dt, dd);
  }
  words.append(title, el("p", "muted", "The table explains these words where they appear: point at one, focus it or tap it."), terms);
  list.append(contentsLink("Glossary", title, false, opts.page));
  doc.append(intro, contents, sections, words);
  box.replaceChildren(doc);
  glossary(sections, data.game);
  return doc;
}

// ---- the table's rules panel ---------------------------------------------------------------------
// ``button`` opens the rules of the game ``gameOf()`` names, in a dialog over the table: closed by
// Escape, its Close button or a click beside it; the focus goes to its title, and back to the
// button when it closes.  The table's keys (a choice's number, "?") do nothing while it is open.
export function setupRules(button, gameOf) {
  let dialog = null;
  let shown = null; // the game drawn in it
  const parts = {};

  function build() {
    dialog = el("dialog", "rules-dialog");
    dialog.id = "rules-dialog";
    dialog.setAttribute("aria-labelledby", "rules-dialog-title");
    const head = el("div", "rules-dialog-head");
    parts.title = el("h2", null, "Rules");
    parts.title.id = "rules-dialog-title";
    parts.title.tabIndex = -1;
    parts.page = el("a", "button small", "Open as a page");
    parts.page.target = "_blank";
    parts.page.rel = "noopener";
    const close = el("button", "button small rules-close", "Close");
    close.type = "button";
    close.addEventListener("click", () => dialog.close());
    head.append(parts.title, parts.page, close);
    parts.body = el("div", "rules-dialog-body");
    dialog.append(head, parts.body);
    dialog.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") event.stopPropagation(); // not the table's keys (keys.js)
    });
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) dialog.close(); // the backdrop
    });
    dialog.addEventListener("close", () => {
      const menu = document.getElementById("menu-toggle");
      const back = button.offsetParent !== null ? button : menu && menu.offsetParent !== null ? menu : null;
      if (back) back.focus({ preventScroll: true });
    });
    document.body.append(dialog);
  }

  async function open() {
    const game = gameOf();
    if (!game) return;
    if (!dialog) build();
    if (!dialog.open) dialog.showModal();
    parts.title.focus({ preventScroll: true });
    parts.page.href = `/rules/${encodeURIComponent(game)}`;
    if (shown === game) return;
    parts.body.replaceChildren(el("p", "loading", "Loading the rules…"));
    try {
      const data = await loadRules(game);
      parts.title.textContent = `${data.title}: the rules`;
      drawRules(parts.body, data, { level: 3, prefix: "table-rules" });
      shown = game;
    } catch (err) {
      parts.body.replaceChildren(el("p", "error", `The rules could not be loaded: ${err.message}`));
    }
  }

  button.addEventListener("click", open);
  return { open, close: () => dialog && dialog.open && dialog.close() };
}

// ---- the rules page --------------------------------------------------------------------------------
async function rulesPage() {
  const parts = location.pathname.split("/").filter(Boolean); // ["rules"] or ["rules", GAME]
  const game = decodeURIComponent(parts[1] || "");
  const main = document.getElementById("rules");
  const nav = document.getElementById("games");
  const listed = api("/api/rules").then((data) => data.games).catch(() => []);
  listed.then((games) => {
    const links = games.map((g) => {
      const link = el("a", "nav-link", g.title);
      link.href = `/rules/${encodeURIComponent(g.game)}`;
      if (g.game === game) link.setAttribute("aria-current", "page");
      return link;
    });
    nav.replaceChildren(...links);
  });
  if (!game) {
    document.getElementById("title").textContent = "How to play";
    const list = el("ul", "rules-list");
    for (const g of await listed) {
      const item = el("li");
      const link = el("a", null, g.title);
      link.href = `/rules/${encodeURIComponent(g.game)}`;
      item.append(link, el("p", null, g.pitch), el("p", "muted", g.players));
      list.append(item);
    }
    main.replaceChildren(el("p", "pitch", "Each game's rules in short, with its words explained."), list);
    return;
  }
  try {
    const data = await loadRules(game);
    document.title = `${data.title}: the rules · tabletop`;
    document.getElementById("title").textContent = `${data.title}: the rules`;
    drawRules(main, data, { level: 2, prefix: "rules", page: true });
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView({ block: "start" });
  } catch (err) {
    document.title = "No such rules · tabletop";
    document.getElementById("title").textContent = "No such rules";
    const back = el("a", null, "every game's rules");
    back.href = "/rules";
    const p = el("p", "error", `${err.message}. `);
    const see = el("p", null, "See ");
    see.append(back, ".");
    main.replaceChildren(p, see);
  }
}

if (document.body.classList.contains("rules-page")) rulesPage();
