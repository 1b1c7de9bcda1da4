// The leaderboard: one game's rated players, best first: people's board, or the bots' (bot accounts
// and the built-in levels, so that a program is measured against the levels: issue 32). It opens
// on the game in the address (?game=), else on your last rated game, else on the most rated one;
// on the board in the address (?board=bots), else people's.
import { api, toast } from "./api.js";
import { el } from "./cards.js";
import { marked } from "./names.js";

const $ = (sel) => document.querySelector(sel);

function chosenGame(games, first) {
  const wanted = new URLSearchParams(location.search).get("game");
  if (games.some((g) => g.game === wanted)) return wanted;
  return games.some((g) => g.game === first) ? first : games[0]?.game;
}

function cell(text, className) {
  return el("td", className, text);
}

const NOTES = {
  people: "People only: bots have a board of their own.",
  bots: "Bot accounts (programs playing through the API) and the server's own bots, rated per level: a program's rating reads against the levels'.",
};

function chosenBoard() {
  return new URLSearchParams(location.search).get("board") === "bots" ? "bots" : "people";
}

function drawBoard(data) {
  const bots = data.board === "bots";
  $("#board-title").textContent = `${data.title}: ${bots ? "bots' ratings" : "ratings"}`;
  document.title = `${data.title} ${bots ? "bots' " : ""}leaderboard · tabletop`;
  $("#board-kind-note").textContent = NOTES[data.board] || "";
  if (!data.players.length) {
    $("#board").replaceChildren(el("p", "muted", bots ? "No bot has played a rated game of this game yet." : "No rated games of this game yet."));
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
    const row = el("tr", p.player.startsWith("bot:") ? "bot level" : null); // a built-in level: a reference line
    const who = el("td");
    if (p.url) {
      const link = el("a", null, p.name);
      link.href = p.url;
      who.append(link);
    } else {
      who.append(el("span", null, p.name));
    }
    marked(who, p); // a bot account's name says BOT; a level's says "Bot" already
    row.append(cell(String(i + 1), "place"), who, cell(String(p.rating), "num"), cell(String(p.games), "num"));
    table.tBodies[0].append(row);
  });
  $("#board").replaceChildren(table);
}

async function show(game, board) {
  const url = new URL(location.href);
  url.searchParams.set("game", game);
  if (board === "bots") url.searchParams.set("board", board);
  else url.searchParams.delete("board");
  history.replaceState(null, "", url);
  try {
    drawBoard(await api(`/api/ratings/${encodeURIComponent(game)}?board=${board}`));
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
  const kind = $("#board-kind");
  kind.value = chosenBoard();
  select.addEventListener("change", () => show(select.value, kind.value));
  kind.addEventListener("change", () => show(select.value, kind.value));
  await show(game, kind.value);
}

start();
