// The leaderboard: one game's rated players, best first (bots are rated per level too). It opens
// on the game in the address (?game=), else on your last rated game, else on the most rated one.
import { api, toast } from "./api.js";
import { el } from "./cards.js";

const $ = (sel) => document.querySelector(sel);

function chosenGame(games, first) {
  const wanted = new URLSearchParams(location.search).get("game");
  if (games.some((g) => g.game === wanted)) return wanted;
  return games.some((g) => g.game === first) ? first : games[0]?.game;
}

function cell(text, className) {
  return el("td", className, text);
}

function drawBoard(data) {
  $("#board-title").textContent = `${data.title}: ratings`;
  document.title = `${data.title} leaderboard · tabletop`;
  if (!data.players.length) {
    $("#board").replaceChildren(el("p", "muted", "No rated games of this game yet."));
    return;
  }
  const table = el("table", "ratings-table");
  const head = el("tr");
  for (const [text, className] of [["#", "place"], ["Player", null], ["Rating", "num"], ["Games", "num"]]) {
    head.append(el("th", className, text));
  }
  table.append(el("thead"), el("tbody"));
  table.tHead.append(head);
  data.players.forEach((p, i) => {
    const row = el("tr", p.bot ? "bot" : null);
    const who = el("td");
    if (p.url) {
      const link = el("a", null, p.name);
      link.href = p.url;
      who.append(link);
    } else {
      who.append(el("span", null, p.name));
    }
    if (p.bot) who.append(el("span", "tag bot", "bot"));
    row.append(cell(String(i + 1), "place"), who, cell(String(p.rating), "num"), cell(String(p.games), "num"));
    table.tBodies[0].append(row);
  });
  $("#board").replaceChildren(table);
}

async function show(game) {
  const url = new URL(location.href);
  url.searchParams.set("game", game);
  history.replaceState(null, "", url);
  try {
    drawBoard(await api(`/api/ratings/${encodeURIComponent(game)}`));
  } catch (err) {
    $("#board").replaceChildren(el("p", "muted", "Could not load the ratings."));
    toast(err.message);
  }
}

async function start() {
  let data;
  try {
    data = await api("/api/ratings"); // every game, its rated tables, and the one to open on
  } catch (err) {
    toast(err.message);
    return;
  }
  const games = data.games;
  const select = $("#game");
  for (const g of games) {
    const option = el("option", null, g.title);
    option.value = g.game;
    select.append(option);
  }
  const game = chosenGame(games, data.first);
  if (!game) return;
  select.value = game;
  select.addEventListener("change", () => show(select.value));
  await show(game);
}

start();
