// A player's page: ratings per game, the rating over time (an SVG drawn by the server), and the
// finished games with their places, rating changes and replays. A bot account's page says BOT by
// its name and offers to challenge it: the lobby's new-table form, with the bot in a seat.
import { whoAmI } from "./account.js";
import { api, tableId, toast } from "./api.js";
import { el } from "./cards.js";
import { marked } from "./names.js";

const $ = (sel) => document.querySelector(sel);

function table(headings) {
  const node = el("table", "ratings-table");
  const head = el("tr");
  for (const [text, className] of headings) head.append(el("th", className, text));
  node.append(el("thead"), el("tbody"));
  node.tHead.append(head);
  return node;
}

function date(seconds) {
  if (seconds === null || seconds === undefined) return "";
  return new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

function drawRatings(ratings) {
  if (!ratings.length) {
    $("#ratings").replaceChildren(el("p", "muted", "No rated games yet."));
    return;
  }
  const node = table([["Game", null], ["Rating", "num"], ["Games", "num"], ["", null]]);
  for (const r of ratings) {
    const row = el("tr");
    const board = el("a", null, "Leaderboard");
    board.href = `/leaderboard?game=${encodeURIComponent(r.game)}`;
    const last = el("td");
    last.append(board);
    row.append(el("td", null, r.title), el("td", "num", String(r.rating)), el("td", "num", String(r.games)), last);
    node.tBodies[0].append(row);
  }
  $("#ratings").replaceChildren(node);
}

// Each game's rating in a sentence: from the start rating to now, over how many rated games.
function plotSummary(r) {
  const games = r.history.length;
  const now = r.history[games - 1].rating;
  const moved = now - r.start.rating;
  const change = moved > 0 ? `up ${moved}` : moved < 0 ? `down ${-moved}` : "unchanged";
  return `${r.title}: ${r.start.rating} at the start, ${now} after ${games} rated game${games === 1 ? "" : "s"} (${change}).`;
}

// The plot (a phone gets a narrower one with larger text) with a sentence per game under it.
function drawPlot(name, ratings) {
  const played = ratings.filter((r) => r.history.length);
  if (!played.length) {
    $("#plot").replaceChildren(el("p", "muted", "The plot appears after a first rated game."));
    return;
  }
  const src = `/api/players/${encodeURIComponent(name)}/rating.svg`;
  const picture = el("picture");
  const narrow = el("source");
  narrow.media = "(max-width: 640px)";
  narrow.srcset = `${src}?size=narrow`;
  const img = el("img");
  img.src = src;
  img.alt = `${name}'s rating over time, one line per game, from the start rating of ${played[0].start.rating}`;
  picture.append(narrow, img);
  const summary = el("ul", "plot-summary");
  for (const r of played) summary.append(el("li", null, plotSummary(r)));
  $("#plot").replaceChildren(picture, summary);
}

function change(g) {
  if (!g.rated) return el("span", "muted", "unrated");
  if (g.change === null || g.change === undefined) return el("span", null, "rated");
  const sign = g.change > 0 ? "+" : g.change < 0 ? "−" : "±";
  const kind = g.change > 0 ? "change up" : g.change < 0 ? "change down" : "change";
  return el("span", kind, `${sign}${Math.abs(g.change)}`);
}

function drawGames(games) {
  if (!games.length) {
    $("#games").replaceChildren(el("p", "muted", "No finished games yet."));
    return;
  }
  const node = table([["Game", null], ["Finished", "hide-narrow"], ["Place", null], ["Rating", "num"], ["", null]]);
  for (const g of games) {
    const row = el("tr");
    const place = el("td", null, g.rank ? `${g.rank} of ${g.players}` : `— of ${g.players}`);
    if (g.left) place.append(el("span", "tag left", "left"));
    const rated = el("td", "num");
    rated.append(change(g));
    const replay = el("a", null, "Replay");
    replay.href = g.replay;
    const last = el("td");
    last.append(replay);
    row.append(el("td", null, g.title), el("td", "hide-narrow", date(g.finished_at)), place, rated, last);
    node.tBodies[0].append(row);
  }
  $("#games").replaceChildren(node);
}

// A logged-in player may block another: neither then sits at a table where the other sits.
async function offerBlock(name) {
  const me = await whoAmI();
  if (!me || me.toLowerCase() === name.toLowerCase()) return; // a guest, or your own page
  let blocked;
  try {
    blocked = (await api("/api/account/blocks")).blocked;
  } catch {
    return;
  }
  const button = $("#block");
  let on = blocked.some((n) => n.toLowerCase() === name.toLowerCase());
  const label = () => {
    button.textContent = on ? "Unblock" : "Block";
    button.title = on ? `Let ${name} sit at your tables again` : `Neither ${name} nor you will sit at a table where the other sits`;
  };
  label();
  button.hidden = false;
  button.addEventListener("click", async () => {
    try {
      await api(`/api/account/blocks/${encodeURIComponent(name)}`, { method: on ? "DELETE" : "PUT" });
      on = !on;
      label();
      toast(on ? `${name} is blocked.` : `${name} is no longer blocked.`, "ok");
    } catch (err) {
      toast(err.message);
    }
  });
}

async function start() {
  const wanted = tableId(); // the last part of /players/NAME
  try {
    const data = await api(`/api/players/${encodeURIComponent(wanted)}`);
    $("#title").replaceChildren(data.name);
    marked($("#title"), data); // BOT after a bot account's name
    document.title = `${data.name}${data.bot ? " (BOT)" : ""} · tabletop`;
    if (data.bot) {
      const challenge = $("#challenge");
      challenge.href = `/?challenge=${encodeURIComponent(data.name)}#create`;
      challenge.title = `Challenge ${data.name} to a game: choose it in the lobby's form`;
      challenge.hidden = false;
    }
    drawRatings(data.ratings);
    drawPlot(data.name, data.ratings);
    drawGames(data.games);
    offerBlock(data.name);
  } catch (err) {
    $("#title").textContent = "No such player";
    for (const id of ["#ratings", "#plot", "#games"]) $(id).replaceChildren();
    toast(err.message);
  }
}

start();
