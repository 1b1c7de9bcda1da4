// The leaderboard: one game's rated players, best first: people's board, or the bots' (bot accounts
// and the built-in levels, so that a program is measured against the levels: issue 32). It opens
// on the game in the address (?game=), else on your last rated game, else on the most rated one;
// on the board in the address (?board=bots), else people's.
import { api, toast } from "./api.js";
import { el, madeOnce } from "./cards.js";
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

// "What the levels mean" (issue 34): the game's ladder, the built-in bots rated against each other
// in one run (`tabletop ladder`), under the board; fetched once a game.
const ladders = new Map();

function interval(pair, digits) {
  return `${pair[0].toFixed(digits)}–${pair[1].toFixed(digits)}`;
}

function ladderPanel() {
  const panel = madeOnce("ladder", "section", "panel", (node) => {
    node.setAttribute("aria-labelledby", "ladder-title");
    const title = el("h2", null, "What the levels mean");
    title.id = "ladder-title";
    node.append(title, el("div"));
    document.querySelector(".ratings-main").append(node);
  });
  return panel.lastElementChild;
}

function drawLadder(answer) {
  const into = ladderPanel();
  const ladder = answer.ladder;
  if (!ladder) {
    into.replaceChildren(el("p", "muted", "Not measured yet: the levels of this game have not been rated against each other."));
    return;
  }
  const table = el("table", "ladder-table");
  const head = el("tr");
  const columns = [["Level", null], ["Rating", "num"], ["95% interval", "num hide-narrow"], ["Win share", "num"], ["95% interval", "num hide-narrow"], ["Games", "num hide-narrow"], ["Seconds a decision", "num hide-narrow"]];
  for (const [text, className] of columns) head.append(el("th", className, text));
  table.append(el("thead"), el("tbody"));
  table.tHead.append(head);
  for (const level of ladder.levels) {
    const row = el("tr");
    row.append(
      cell(level.bot, null),
      cell(level.rating.toFixed(0), "num"),
      cell(interval(level.rating_95, 0), "num hide-narrow"),
      cell(level.win_share.toFixed(2), "num"),
      cell(interval(level.win_share_95, 2), "num hide-narrow"),
      cell(String(level.games), "num hide-narrow"),
      cell(level.seconds_per_decision < 0.001 ? "< 0.001" : level.seconds_per_decision.toFixed(3), "num hide-narrow"),
    );
    table.tBodies[0].append(row);
  }
  const how = `Each level played the others at tables of ${ladder.players}, on the same deals in every seat, ${ladder.games} games in all. `
    + "A level whose interval lies wholly above another's is the stronger in this game; easy is the heuristic bot, so their figures should agree. "
    + ladder.reading;
  const source = el("p", "muted note");
  source.append("From ", el("code", null, ladder.command), ` on ${ladder.date} (${ladder.machine}).`);
  into.replaceChildren(table, el("p", "muted note", how), source);
}

async function showLadder(game) {
  try {
    if (!ladders.has(game)) ladders.set(game, await api(`/api/ladder/${encodeURIComponent(game)}`));
    drawLadder(ladders.get(game));
  } catch {
    ladderPanel().replaceChildren(el("p", "muted", "Could not load what the levels mean."));
  }
}

async function show(game, board) {
  const url = new URL(location.href);
  url.searchParams.set("game", game);
  if (board === "bots") url.searchParams.set("board", board);
  else url.searchParams.delete("board");
  history.replaceState(null, "", url);
  showLadder(game); // beside the board, not waiting for it
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
