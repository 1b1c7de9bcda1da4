// MegaCorps' printed names and texts: industries, countries (with Defense and Force), corporations
// and event cards, by code, from the content the server sends with the table (the game's words,
// tabletop/words/megacorps.py `content()`: tables of {name, ...} by code, or lists of {code, name,
// ...}).  A code the content does not know is shown as it is.
const GROUPS = ["industries", "countries", "corporations", "events"];
let tables = index({});
let source = null;
let payouts = [];

// {group: {code: entry}} from lists of entries or tables keyed by code.
function index(content) {
  const out = {};
  for (const group of GROUPS) {
    const given = content[group] || [];
    const entries = Array.isArray(given) ? given : Object.entries(given).map(([code, e]) => ({ code, ...e }));
    out[group] = {};
    for (const e of entries) if (e && e.code) out[group][e.code] = e;
  }
  return out;
}

// The names of the content sent with the table (read again only when it changes).
export function useContent(ctx) {
  const content = ctx && ctx.content;
  if (!content || content === source) return;
  source = content;
  tables = index(content);
  payouts = Array.isArray(content.payout) ? content.payout : [];
}

// What each company earns at a payout, by the number of competitors (the last: that many or more).
export function payoutTable() {
  return payouts;
}

export const industryName = (code) => (tables.industries[code] || {}).name || code.toUpperCase();
export const countryName = (code) => (tables.countries[code] || {}).name || code.toUpperCase();
export const corporationName = (code) => (tables.corporations[code] || {}).name || code;

// {defense, force} of a country, or null when unknown.
export function countryStats(code) {
  const c = tables.countries[code];
  return c && typeof c.defense === "number" ? { defense: c.defense, force: c.force } : null;
}

// An event card's {name, text, timing}.
export function eventInfo(code) {
  const e = tables.events[code] || {};
  return { name: e.name || code, text: e.text || "", timing: e.timing || "" };
}

export function isEvent(code) {
  return Boolean(tables.events[code]);
}

// "aer.jpn" -> "Japan Aerospace".
export function companyName(code) {
  const [industry, country] = code.split(".");
  return `${countryName(country)} ${industryName(industry)}`;
}

// A trade item as the view writes it ("5", "merc", "aer.jpn", "jpn", an event code, "card").
export function itemName(code) {
  if (/^\d+$/.test(code)) return `${code} Euro${code === "1" ? "" : "s"}`;
  if (code === "merc") return "a mercenary";
  if (code === "card") return "an event card";
  if (code.includes(".")) return companyName(code);
  if (tables.events[code]) return eventInfo(code).name;
  return countryName(code);
}
