// The lobby: create a table (game, options, who sits where, its clock), share its links, see the
// tables and take a free seat; logged in, "My tables": the tables waiting for you first. A bot
// account in a seat makes the form a challenge to it (js/challenge.js; /?challenge=NAME puts it
// in seat 1, as a bot account's player page links).
import { accountBar, accountName, onAccount, refreshAccount } from "./account.js";
import { api, copy, playerName, setPlayerName, toast } from "./api.js";
import { el } from "./cards.js";
import { resumeChallenge, sendChallenge } from "./challenge.js";
import { countdown, describeClock, syncNow } from "./clock.js";
import { marked } from "./names.js";

const $ = (sel) => document.querySelector(sel);
let catalogue = { games: [], levels: [] };
let botAccounts = []; // the bot accounts one may challenge (GET /api/bots)
let challenged = new URLSearchParams(location.search).get("challenge"); // seat 1's bot, at first
// the time control presets of the "Time control" select (its options are short: the line below
// the select tells the chosen one in full)
// window: the seconds a player has to answer someone else's decision (a veto, a bid, an offer)
const CLOCKS = {
  realtime: { mode: "realtime", move: 90, reserve: 300, window: 45 },
  fast: { mode: "realtime", move: 30, reserve: 120, window: 20 },
  slow: { mode: "realtime", move: 180, reserve: 600, window: 90 },
  turn: { mode: "turn", move: 86400, reserve: 3 * 86400, window: 12 * 3600 },
  turn3: { mode: "turn", move: 3 * 86400, reserve: 0, window: 86400 },
  none: { mode: "none" },
};
const CLOCK_DETAILS = {
  realtime: "90 s a move, plus a 5 min reserve; 45 s to answer another player.",
  fast: "30 s a move, plus a 2 min reserve; 20 s to answer another player.",
  slow: "3 min a move, plus a 10 min reserve; 90 s to answer another player.",
  turn: "1 day a move, plus a 3 days reserve; 12 h to answer another player.",
  turn3: "3 days a move, no reserve; 1 day to answer another player.",
  none: "No clock: the table waits for every player.",
};

function showClockDetail() {
  $("#clock-detail").textContent = CLOCK_DETAILS[$("#clock").value] || "";
}

function currentGame() {
  return catalogue.games.find((g) => g.name === $("#game").value) || catalogue.games[0];
}

function players() {
  const input = document.querySelector("[data-option=players]");
  return input ? Number(input.value) : 2;
}

// One option's control in its label: a checkbox before its words, any other control after them.
function optionInput(spec) {
  const words = `${spec.help[0].toUpperCase()}${spec.help.slice(1)}`;
  if (spec.type === "bool") {
    const input = el("input");
    input.type = "checkbox";
    input.checked = Boolean(spec.default);
    input.dataset.option = spec.name;
    input.dataset.type = spec.type;
    const label = el("label", "check option");
    label.append(input, el("span", null, words));
    return label;
  }
  const label = el("label", "option", `${words} `);
  let input;
  if (spec.choices || (spec.type === "int" && spec.minimum !== null && spec.maximum !== null && spec.maximum - spec.minimum <= 40)) {
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

// The players' options in sight; the designers' ones (other readings of the rules, safety limits,
// balance figures: "advanced" in the game's options) folded away, their defaults the game as printed.
function drawOptions() {
  const game = currentGame();
  const shown = game.options.filter((spec) => !spec.advanced).map(optionInput);
  const advanced = game.options.filter((spec) => spec.advanced);
  if (advanced.length) {
    const fold = el("details", "advanced-options");
    fold.append(
      el("summary", null, "Advanced options (for designers)"),
      el("p", "hint muted", "Other readings of the rules and limits for testing. Leave them as they are to play the game as printed."),
      ...advanced.map(optionInput),
    );
    shown.push(fold);
  }
  $("#options").replaceChildren(...shown);
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
    if (seat > 0 && (botAccounts.length || challenged)) select.append(botAccountOptions());
    select.value = old[seat] || (seat === 0 ? "person" : catalogue.levels.includes("normal") ? "normal" : catalogue.levels[0]);
    if (seat === 1 && challenged) select.value = `@${challenged}`;
    label.append(select);
    rows.push(label);
  }
  challenged = null;
  box.replaceChildren(...rows);
  showSubmit();
}

// The bot accounts a seat may hold: choosing one makes the form a challenge to it.
function botAccountOptions() {
  const group = el("optgroup");
  group.label = "Challenge a bot account";
  const names = botAccounts.map((b) => b.name);
  if (challenged && !names.includes(challenged)) names.unshift(challenged); // beyond the list's first ones
  for (const name of names) {
    const bot = botAccounts.find((b) => b.name === name);
    const option = el("option", null, `BOT ${name}${bot && !bot.active ? " (not seen lately)" : ""}`);
    option.value = `@${name}`;
    group.append(option);
  }
  return group;
}

// The bot account the seats challenge (its name), if one holds a seat.
function challengedBot() {
  const named = [...document.querySelectorAll("#seats select")].map((s) => s.value).find((v) => v.startsWith("@"));
  return named ? named.slice(1) : null;
}

function showSubmit() {
  const bot = challengedBot();
  $("#create button[type=submit]").textContent = bot ? `Challenge ${bot}` : "Create the table";
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
    const body = {
      game: currentGame().name, options: readOptions(), seats,
      clock: CLOCKS[$("#clock").value] || CLOCKS.realtime, rated: $("#rated").checked, private: $("#private").checked,
      takeover: $("#takeover").value,
    };
    const bot = challengedBot();
    if (bot) {
      if (!accountName()) throw new Error(`Log in to challenge ${bot}: a challenge is between accounts.`);
      await sendChallenge({ ...body, bot }, $("#created"));
      return;
    }
    const data = await api("/api/tables", { method: "POST", body });
    showCreated(data);
    refresh();
    refreshMine();
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
      const yours = firstPerson ? (accountName() ? "your seat (kept with your account)" : "your seat") : "invite a friend";
      list.append(linkRow(`Seat ${seat.seat}: ${yours}`, seat.url, firstPerson ? "Take this seat" : "Open"));
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
  // the new links in sight (they come below the form, often below the fold), the first in focus
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  box.scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" });
  box.querySelector("a, button")?.focus({ preventScroll: true });
}

function seatName(s) {
  if (s.kind === "bot") return `bot ${s.level}`;
  return s.user || s.name || (s.joined ? "person" : "free seat");
}

// The seats' names in a line, a bot account's with its marker (names.js).
function seatsLine(seats, name = seatName) {
  const line = el("div", "seats-line");
  seats.forEach((s, i) => {
    if (i) line.append(" · ");
    marked(line.appendChild(el("span", null, name(s))), s);
  });
  return line;
}

// A person seat anybody may take from the lobby: nobody holds it yet.
function freeSeats(t) {
  if (t.status !== "open" || t.private) return [];
  return t.seats.filter((s) => s.kind === "person" && !s.joined && !s.user);
}

async function takeSeat(t, seat, button) {
  button.disabled = true;
  try {
    const data = await api(`/api/tables/${encodeURIComponent(t.id)}/take`, { method: "POST", body: { seat } });
    location.assign(data.url);
  } catch (err) {
    button.disabled = false;
    toast(err.message);
    refresh();
  }
}

// The table's settings in a line: its clock, rated, private.
function settingsLine(t) {
  const line = el("div", "settings-line");
  if (t.clock !== undefined) line.append(el("span", "tag clock-mode", describeClock(t.clock)));
  if (t.rated) line.append(el("span", "tag rated", "rated"));
  if (t.private) line.append(el("span", "tag private", "private"));
  return line;
}

function tableRow(t) {
  const row = el("li", `table-row ${t.status}`);
  row.dataset.table = t.id;
  const info = el("div", "info");
  info.append(el("strong", null, `${t.title} · ${t.options.players ?? t.seats.length} players`), el("span", "muted", ` table ${t.id}`));
  info.append(seatsLine(t.seats), settingsLine(t));
  if (t.status !== "finished" && typeof t.step === "number") info.append(el("div", "muted", `${t.step} actions so far`));
  const actions = el("div", "row-actions");
  for (const s of freeSeats(t)) {
    const take = el("button", "button small primary take-seat", `Take seat ${s.seat}`);
    take.type = "button";
    take.dataset.seat = String(s.seat);
    take.addEventListener("click", () => takeSeat(t, s.seat, take));
    actions.append(take);
  }
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

// ---- learning to play: each game's rules page (/rules/GAME) --------------------------------

let ruled = null; // the games that have rules (GET /api/rules), once known

// The "Rules" link beside the game chosen: its rules page.
function showRulesLink() {
  const link = $("#game-rules");
  const game = currentGame();
  if (!link || !game) return;
  link.href = `/rules/${encodeURIComponent(game.name)}`;
  link.setAttribute("aria-label", `Rules of ${game.title}`);
  link.hidden = Boolean(ruled) && !ruled.some((g) => g.game === game.name);
}

// "Learn to play": every game with its rules page, and its guided first game (a tutorial table
// against bots: js/tutorial.js) where it has one.
async function learn() {
  let guided = [];
  try {
    [ruled, guided] = await Promise.all([
      api("/api/rules").then((data) => data.games || []),
      api("/api/tutorials").then((data) => data.games || []).catch(() => []),
    ]);
  } catch {
    ruled = null;
    return;
  }
  const items = ruled.map((g) => {
    const item = el("li");
    const link = el("a", null, `${g.title}: the rules`);
    link.href = `/rules/${encodeURIComponent(g.game)}`;
    link.dataset.game = g.game;
    item.append(link, el("p", null, g.pitch), el("p", "muted", g.players));
    if (guided.some((t) => t.game === g.game)) item.append(guidedButton(g));
    return item;
  });
  $("#learn").replaceChildren(...items);
  showRulesLink();
}

// "Guided game": a new tutorial table of the game (never rated, private, untimed), opened at once.
function guidedButton(g) {
  const button = el("button", "button small primary guided", "Guided game");
  button.type = "button";
  button.dataset.game = g.game;
  button.setAttribute("aria-label", `Guided game of ${g.title}`);
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const data = await api(`/api/tutorials/${encodeURIComponent(g.game)}`, { method: "POST" });
      location.assign(data.url);
    } catch (err) {
      button.disabled = false;
      toast(err.message);
    }
  });
  return button;
}

// ---- my tables ----------------------------------------------------------------------------

function whoseTurn(t) {
  if (t.status === "finished") {
    const mine = t.seats[t.my_seat] || {};
    const place = mine.rank || (Array.isArray(t.ranking) ? t.ranking[t.my_seat] : null);
    return place ? `finished: you placed ${place}` : "finished";
  }
  if (t.status === "open") {
    const free = t.seats.filter((s) => s.kind === "person" && !s.joined && !s.user).length;
    return `waiting for ${free} player${free === 1 ? "" : "s"}`;
  }
  const asked = Array.isArray(t.asked) ? t.asked : typeof t.to_act === "number" ? [t.to_act] : [];
  if (asked.includes(t.my_seat)) return "your turn";
  const names = asked.map((seat) => seatName(t.seats[seat] || {}));
  return names.length ? `${names.join(", ")} to play` : "";
}

// The clock that matters most on a row: yours when you are asked, else the first running one.
function rowClock(t) {
  const clocks = (t.clocks || []).filter((c) => typeof c.ends === "number");
  return clocks.find((c) => c.seat === t.my_seat) || clocks[0] || null;
}

function myRow(t, key) {
  const row = el("li", `table-row my-table ${key}`);
  row.dataset.table = t.id;
  const info = el("div", "info");
  info.append(el("strong", null, t.title), el("span", "muted", ` table ${t.id} · seat ${t.my_seat}`));
  info.append(seatsLine(t.seats, (s) => (s.seat === t.my_seat ? "you" : seatName(s))));
  const state = el("div", "turn-line");
  state.append(el("span", key === "turn" ? "turn yours" : "turn", whoseTurn(t)));
  const clock = t.status === "finished" ? null : rowClock(t);
  if (clock) {
    const label = el("span", "clock-label", clock.seat === t.my_seat ? " · you have " : ` · ${seatName(t.seats[clock.seat] || {})} has `);
    state.append(label, countdown(clock, t.clock ? t.clock.mode : "realtime"));
  }
  info.append(state);
  const actions = el("div", "row-actions");
  const open = el("a", key === "turn" ? "button small primary" : "button small", key === "finished" ? "See the end" : "Open");
  open.href = `/table/${encodeURIComponent(t.id)}`;
  actions.append(open);
  if (key === "finished") {
    const replay = el("a", "button small", "Replay");
    replay.href = `/replay/${encodeURIComponent(t.id)}#seat=${t.my_seat}`;
    actions.append(replay);
  }
  row.append(info, actions);
  return row;
}

async function refreshMine() {
  const panel = $("#mine");
  if (!accountName()) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  try {
    const data = await api("/api/me/tables");
    const first = [data.turn, data.playing, data.waiting, data.finished].flat().find((t) => t && typeof t.now === "number");
    if (first) syncNow(first.now);
    const parts = [];
    for (const [key, title] of [["turn", "Your turn"], ["playing", "Playing"], ["waiting", "Waiting for players"], ["finished", "Recently finished"]]) {
      const items = (data[key] || []).slice(0, 30);
      if (!items.length) continue;
      const section = el("div", `group mine-${key}`);
      section.append(el("h3", null, `${title} (${items.length})`));
      const list = el("ul", "table-list");
      for (const t of items) list.append(myRow(t, key));
      section.append(list);
      parts.push(section);
    }
    if (!parts.length) parts.push(el("p", "muted", "No tables yet: create one, or take a free seat at a table below."));
    $("#my-tables").replaceChildren(...parts);
  } catch (err) {
    if (!accountName()) return;
    $("#my-tables").replaceChildren(el("p", "muted", `Could not load your tables: ${err.message}`));
  }
}

async function start() {
  const name = $("#name");
  name.value = playerName();
  name.addEventListener("change", () => setPlayerName(name.value.trim()));
  accountBar($("#account"));
  onAccount((user) => {
    $("#name-field").hidden = Boolean(user);
    refreshMine();
    if (user) resumeChallenge($("#created"));
  });
  refreshAccount();
  [catalogue, botAccounts] = await Promise.all([
    api("/api/games"),
    api("/api/bots").then((data) => data.bots).catch(() => []),
  ]);
  const known = challenged && botAccounts.find((b) => b.name.toLowerCase() === challenged.toLowerCase());
  if (known) challenged = known.name; // as the server spells it
  for (const level of catalogue.levels) {
    const option = el("option", null, level);
    option.value = level;
    $("#takeover").append(option);
  }
  $("#takeover").value = catalogue.levels.includes("normal") ? "normal" : catalogue.levels[0];
  for (const game of catalogue.games) {
    const option = el("option", null, game.title);
    option.value = game.name;
    $("#game").append(option);
  }
  if (catalogue.games.some((g) => g.name === "megalomania")) $("#game").value = "megalomania"; // the first game
  $("#game").addEventListener("change", drawOptions);
  $("#game").addEventListener("change", showRulesLink);
  showRulesLink();
  learn();
  $("#create").addEventListener("submit", create);
  $("#seats").addEventListener("change", showSubmit);
  $("#clock").addEventListener("change", showClockDetail);
  showClockDetail();
  drawOptions();
  if (location.hash === "#create") $("#create").scrollIntoView({ block: "start" }); // drawn only now
  refresh();
  setInterval(() => {
    refresh();
    refreshMine();
  }, 5000);
}

start().catch((err) => toast(err.message));
