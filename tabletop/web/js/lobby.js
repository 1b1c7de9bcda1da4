// The lobby: create a table (game, options, who sits where), share its links, see the tables.
import { api, copy, playerName, setPlayerName, toast } from "./api.js";
import { el } from "./cards.js";

const $ = (sel) => document.querySelector(sel);
let catalogue = { games: [], levels: [] };

function currentGame() {
  return catalogue.games.find((g) => g.name === $("#game").value) || catalogue.games[0];
}

function players() {
  const input = document.querySelector("[data-option=players]");
  return input ? Number(input.value) : 2;
}

function optionInput(spec) {
  const label = el("label", null, `${spec.help[0].toUpperCase()}${spec.help.slice(1)} `);
  let input;
  if (spec.type === "bool") {
    input = el("input");
    input.type = "checkbox";
    input.checked = Boolean(spec.default);
  } else if (spec.choices || (spec.type === "int" && spec.minimum !== null && spec.maximum !== null && spec.maximum - spec.minimum <= 40)) {
    input = el("select");
    const values = spec.choices || Array.from({ length: spec.maximum - spec.minimum + 1 }, (_, i) => spec.minimum + i);
    for (const v of values) {
      const option = el("option", null, String(v));
      option.value = String(v);
      input.append(option);
    }
    input.value = String(spec.default);
  } else {
    input = el("input");
    input.type = "number";
    input.value = String(spec.default);
    if (spec.minimum !== null && spec.minimum !== undefined) input.min = String(spec.minimum);
    if (spec.maximum !== null && spec.maximum !== undefined) input.max = String(spec.maximum); // a wide range: typed, not listed
  }
  input.dataset.option = spec.name;
  input.dataset.type = spec.type;
  input.addEventListener("change", drawSeats);
  label.append(input);
  return label;
}

function drawOptions() {
  const game = currentGame();
  $("#options").replaceChildren(...game.options.map(optionInput));
  drawSeats();
}

function drawSeats() {
  const box = $("#seats");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  const rows = [];
  for (let seat = 0; seat < players(); seat++) {
    const label = el("label", "seat-choice", `Seat ${seat} `);
    const select = el("select");
    select.dataset.seat = seat;
    const person = el("option", null, seat === 0 ? "Person (you)" : "Person (invite)");
    person.value = "person";
    select.append(person);
    for (const level of catalogue.levels) {
      const option = el("option", null, `Bot: ${level}`);
      option.value = level;
      select.append(option);
    }
    select.value = old[seat] || (seat === 0 ? "person" : catalogue.levels.includes("normal") ? "normal" : catalogue.levels[0]);
    label.append(select);
    rows.push(label);
  }
  box.replaceChildren(...rows);
}

function readOptions() {
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const type = input.dataset.type;
    options[input.dataset.option] = type === "bool" ? input.checked : type === "int" ? Number(input.value) : input.value;
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  try {
    const data = await api("/api/tables", { method: "POST", body: { game: currentGame().name, options: readOptions(), seats } });
    showCreated(data);
    refresh();
  } catch (err) {
    toast(err.message);
  }
}

function linkRow(label, url, primaryText) {
  const row = el("li", "link-row");
  row.append(el("span", "label", label));
  const open = el("a", "button small primary", primaryText);
  open.href = url;
  const copier = el("button", "button small", "Copy link");
  copier.type = "button";
  copier.addEventListener("click", () => copy(url, copier));
  row.append(open, copier);
  return row;
}

function showCreated(data) {
  const box = $("#created");
  box.hidden = false;
  const list = el("ul", "links");
  let firstPerson = true;
  for (const seat of data.links.seats) {
    if (seat.kind === "person") {
      list.append(linkRow(`Seat ${seat.seat}: ${firstPerson ? "your seat" : "invite a friend"}`, seat.url, firstPerson ? "Take this seat" : "Open"));
      firstPerson = false;
    } else {
      list.append(el("li", "link-row bot", `Seat ${seat.seat}: bot (${seat.level})`));
    }
  }
  list.append(linkRow("Spectators", data.links.spectator, "Watch"));
  box.replaceChildren(
    el("h3", null, `Table ${data.table.id} is ready`),
    el("p", "muted", "Each seat's link holds its secret: send each friend their own link. Anyone with the spectator link can watch."),
    list,
  );
}

function seatSummary(seats) {
  return seats
    .map((s) => (s.kind === "bot" ? `bot ${s.level}` : s.name || (s.joined ? "person" : "free seat")))
    .join(" · ");
}

function tableRow(t) {
  const row = el("li", `table-row ${t.status}`);
  const info = el("div", "info");
  info.append(el("strong", null, `${t.title} · ${t.options.players ?? t.seats.length} players`), el("span", "muted", ` table ${t.id}`));
  info.append(el("div", "seats-line", seatSummary(t.seats)));
  if (t.status !== "finished" && typeof t.step === "number") info.append(el("div", "muted", `${t.step} actions so far`));
  const actions = el("div", "row-actions");
  if (t.status === "finished") {
    const replay = el("a", "button small", "Replay");
    replay.href = `/replay/${t.id}`;
    actions.append(replay);
  } else {
    const watch = el("a", "button small", "Watch");
    watch.href = `/table/${t.id}`;
    actions.append(watch);
  }
  row.append(info, actions);
  return row;
}

async function refresh() {
  try {
    const data = await api("/api/tables");
    const parts = [];
    for (const [key, title] of [["open", "Waiting for players"], ["running", "Playing"], ["finished", "Finished"]]) {
      const items = data[key] || [];
      const section = el("div", "group");
      section.append(el("h3", null, `${title} (${items.length})`));
      const list = el("ul", "table-list");
      if (!items.length) list.append(el("li", "muted", "none"));
      for (const t of items.slice(0, 30)) list.append(tableRow(t));
      section.append(list);
      parts.push(section);
    }
    $("#tables").replaceChildren(...parts);
  } catch (err) {
    $("#tables").replaceChildren(el("p", "muted", `Could not load the tables: ${err.message}`));
  }
}

async function start() {
  const name = $("#name");
  name.value = playerName();
  name.addEventListener("change", () => setPlayerName(name.value.trim()));
  catalogue = await api("/api/games");
  for (const game of catalogue.games) {
    const option = el("option", null, game.title);
    option.value = game.name;
    $("#game").append(option);
  }
  if (catalogue.games.some((g) => g.name === "megalomania")) $("#game").value = "megalomania"; // the first game
  $("#game").addEventListener("change", drawOptions);
  $("#create").addEventListener("submit", create);
  drawOptions();
  refresh();
  setInterval(refresh, 5000);
}

start().catch((err) => toast(err.message));
