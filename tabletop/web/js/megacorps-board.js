// MegaCorps' board: a grid of industries (columns) by countries (rows).  A company box shows its
// owner (colour and name) or its marker (Nationalized, Syndicalized, not built); a country's row
// head shows its owner, its government and its Defense and Force.  The legal actions that belong
// to a place are clicks on it: a company to take, buy or intervene against, a country to attack,
// an industry to pay out, any of them as an event card's target; on your turn, pointing at one of
// them (or focusing it) previews what it would do (megacorps-preview.js).
import { el } from "./cards.js";
import { label } from "./words.js";
import { countryName, countryStats, companyName, industryName } from "./megacorps-names.js";
import { attachPreview } from "./megacorps-preview.js";
import { markWhy } from "./why.js";

const MARKERS = {
  "-1": { cls: "unowned", mark: "", words: "unowned" },
  "-2": { cls: "nationalized", mark: "N", words: "Nationalized" },
  "-3": { cls: "syndicalized", mark: "S", words: "Syndicalized" },
  "-4": { cls: "unbuilt", mark: "×", words: "not built yet" },
};
const GOVERNMENTS = {
  democracy: ["Democracy", "Dem"],
  dictatorship: ["Dictatorship", "Dict"],
  kleptocracy: ["Kleptocracy", "Klept"],
  wikisyndicalism: ["Wikisyndicalism", "Wiki"],
  neutral: ["Independent", "Indep"],
};
// what a click on a place means, by the action's verb
const VERBS = {
  take: "Take", buy: "Buy", intervene: "Intervene against", war: "Launch a war on", payout: "Pay out", target: "Target",
};

export function nameOf(seat, ctx) {
  if (seat === ctx.me) return "You";
  const info = (ctx.seats || [])[seat];
  if (info && info.name) return info.name;
  if (info && info.kind === "bot") return `Bot ${seat}`;
  return `Seat ${seat}`;
}

// A few letters of a seat's name for a company box.
function initials(seat, ctx) {
  const name = nameOf(seat, ctx);
  return name === "You" ? "You" : name.replace(/^(Bot|Seat) /, "#").slice(0, 4);
}

// The board's industries and countries in the data's order, from the view's codes.
export function layout(view) {
  const industries = [];
  const rows = {};
  for (const code of Object.keys(view.companies)) {
    const [industry, country] = code.split(".");
    if (!industries.includes(industry)) industries.push(industry);
    (rows[country] = rows[country] || new Set()).add(industry);
  }
  const countries = Object.keys(view.governments).filter((c) => rows[c]);
  for (const c of Object.keys(rows)) if (!countries.includes(c)) countries.push(c);
  return { industries, countries, rows };
}

// The actions the board takes, by the place they belong to: {company, country, industry}: code -> text.
export function placeActions(view, legal) {
  const { industries, countries } = layout(view);
  const found = { company: {}, country: {}, industry: {} };
  for (const text of legal) {
    const [verb, arg, more] = text.split(" ");
    if (!VERBS[verb] || !arg || more !== undefined) continue;
    if (arg.includes(".") && arg in view.companies) found.company[arg] = text;
    else if (countries.includes(arg) && (verb === "war" || verb === "target")) found.country[arg] = text;
    else if (industries.includes(arg) && (verb === "payout" || verb === "target")) found.industry[arg] = text;
  }
  return found;
}

// The action a place would be when it cannot be played now (null: nothing to explain: a spectator,
// the replay, the game over).  Pointing at it says why (why.js); the board's places are many, so
// they are not made focusable: the keyboard has the list of the places that can be played.
export function whyOf(view, ctx, text) {
  return ctx.act && ctx.me !== null && ctx.me !== undefined && view.phase !== "over" ? text : null;
}

// A tooltip of a place's words and its action's words, the phrase once when the action's words
// already begin with it ("Pay out Aerospace: it would pay you 6", not "Pay out Aerospace: Pay out ...").
export function titleOf(words, said) {
  if (!said) return words;
  return said.toLowerCase().startsWith(words.toLowerCase()) ? said : `${words}: ${said}`;
}

function clickable(node, ctx, text, words) {
  node.classList.add("playable");
  node.dataset.action = text;
  const said = label(ctx, text);
  node.title = titleOf(words, said === text ? "" : said);
  node.setAttribute("aria-label", words);
  node.addEventListener("click", () => ctx.act(text));
}

function ownerWords(owner, ctx) {
  return owner >= 0 ? `owned by ${nameOf(owner, ctx)}` : (MARKERS[String(owner)] || MARKERS["-1"]).words;
}

// A place's action in words, for the list of the board's choices: "Buy Japan Aerospace (owned by Ana)".
export function placeWords(view, ctx, text) {
  const [verb, arg] = text.split(" ");
  const doing = VERBS[verb] || verb;
  if (arg in view.companies) return `${doing} ${companyName(arg)} (${ownerWords(view.companies[arg], ctx)})`;
  if (arg in view.governments) return `${doing} ${countryName(arg)}`;
  return `${doing} ${industryName(arg)}`;
}

function companyBox(view, code, ctx, action) {
  const owner = view.companies[code];
  const box = el(action ? "button" : "div", "mc-co");
  if (action) box.type = "button";
  box.dataset.company = code;
  box.dataset.owner = String(owner);
  if (owner >= 0) {
    box.classList.add("owned", `seat-${owner}`);
    if (owner === ctx.me) box.classList.add("mine");
    box.append(el("span", "mc-co-owner", initials(owner, ctx)));
  } else {
    const marker = MARKERS[String(owner)] || MARKERS["-1"];
    box.classList.add(marker.cls);
    box.append(el("span", "mc-co-mark", marker.mark));
  }
  const words = `${companyName(code)}, ${ownerWords(owner, ctx)}`;
  box.title = words;
  box.setAttribute("aria-label", words);
  if (!action) box.setAttribute("role", "img");
  const why = action ? null : whyOf(view, ctx, `${view.phase === "draft" ? "take" : "buy"} ${code}`);
  if (why) markWhy(box, why, false);
  if (action) {
    const verb = VERBS[action.split(" ")[0]];
    clickable(box, ctx, action, `${verb} ${companyName(code)}`);
    box.title = `${verb} ${companyName(code)} (${ownerWords(owner, ctx)})`;
  }
  return box;
}

function countryHead(view, code, ctx, action) {
  const head = el("th", "mc-country");
  head.scope = "row";
  head.dataset.country = code;
  const government = view.governments[code] || "neutral";
  head.dataset.government = government;
  const owned = code in view.countries;
  const owner = owned ? view.countries[code] : null;
  head.dataset.owner = owned ? String(owner) : "independent";
  const name = el(action ? "button" : "span", "mc-country-name", countryName(code));
  if (action) {
    name.type = "button";
    const verb = VERBS[action.split(" ")[0]];
    clickable(name, ctx, action, `${verb} ${countryName(code)}`);
  } else if (whyOf(view, ctx, "war")) {
    markWhy(name, `war ${code}`, false);
  }
  head.append(name);
  const facts = el("div", "mc-country-facts");
  const [long, short] = GOVERNMENTS[government] || [government, government];
  const gov = el("span", `mc-gov gov-${government}`, short);
  gov.title = long;
  facts.append(gov);
  const stats = countryStats(code);
  if (stats && government !== "neutral") {
    const df = el("span", "mc-df", `D${stats.defense} F${stats.force}`);
    df.title = `Defense ${stats.defense}, Force ${stats.force}`;
    df.dataset.defense = String(stats.defense);
    df.dataset.force = String(stats.force);
    facts.append(df);
  }
  if (owned) {
    const who = el("span", owner >= 0 ? `mc-owner seat-${owner}` : "mc-owner none", owner >= 0 ? nameOf(owner, ctx) : "no owner");
    who.title = owner >= 0 ? `controlled by ${nameOf(owner, ctx)}` : "controlled by nobody";
    facts.append(who);
  }
  head.append(facts);
  if (owner !== null && owner >= 0) head.classList.add("owned", `seat-${owner}`);
  return head;
}

function industryHead(view, code, ctx, action) {
  const head = el("th", "mc-industry");
  head.scope = "col";
  head.dataset.industry = code;
  if (action) {
    const button = el("button", "mc-industry-name", industryName(code));
    button.type = "button";
    const verb = VERBS[action.split(" ")[0]];
    clickable(button, ctx, action, `${verb} ${industryName(code)}`);
    head.append(button);
  } else {
    const name = el("span", "mc-industry-name", industryName(code));
    if (whyOf(view, ctx, "payout")) markWhy(name, `payout ${code}`, false);
    head.append(name);
  }
  return head;
}

// The board, with the actions of ``places`` (placeActions) as clicks, previewed when pointed at.
export function boardTable(view, ctx, places) {
  const { industries, countries, rows } = layout(view);
  const table = el("table", "mc-board");
  table.setAttribute("aria-label", "the board: industries by countries");
  const head = el("tr");
  head.append(el("th", "mc-corner", "Country"));
  for (const code of industries) head.append(industryHead(view, code, ctx, places.industry[code]));
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  const decision = view.decision || {};
  for (const country of countries) {
    const row = el("tr");
    row.dataset.country = country;
    if (decision.country === country) row.classList.add("in-focus");
    row.append(countryHead(view, country, ctx, places.country[country]));
    for (const industry of industries) {
      const cell = el("td", "mc-cell");
      if (rows[country].has(industry)) {
        const code = `${industry}.${country}`;
        if (decision.company === code) cell.classList.add("in-focus");
        cell.append(companyBox(view, code, ctx, places.company[code]));
      } else {
        cell.classList.add("none");
      }
      row.append(cell);
    }
    body.append(row);
  }
  table.append(thead, body);
  for (const node of table.querySelectorAll("[data-action]")) {
    const text = node.dataset.action;
    attachPreview(node, view, text, (seat) => nameOf(seat, ctx), label(ctx, text));
  }
  const wrap = el("div", "mc-board-wrap");
  wrap.tabIndex = 0; // it may scroll in its own box (a phone): the keyboard scrolls it too
  wrap.setAttribute("role", "region");
  wrap.setAttribute("aria-label", "The board");
  wrap.append(table);
  return wrap;
}
