// The account page (/account): the email address and its confirmation, a forgotten password,
// the notification settings per kind (mail, this browser), and the links mailed by the server,
// whose token is in the address's fragment (#verify=, #reset=, #unsubscribe=): a fragment never
// reaches a server, so no token lands in a log. Each is read, then taken off the address bar. The
// bot account's part (making one, its API tokens) is js/botaccount.js's.
import { accountBar, onAccount, refreshAccount, whoAmI } from "./account.js";
import { hashParams } from "./api.js";
import { setupBot, showBot } from "./botaccount.js";
import { allowNotifications } from "./notify.js";

const $ = (sel) => document.querySelector(sel);
const KINDS = { turn: "It is your turn (turn-based tables)", ended: "A game of yours is over", invited: "You are invited to a table" };

async function call(path, method = "GET", body) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, { method, headers, credentials: "same-origin", body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let data = {};
  try {
    data = JSON.parse(text);
  } catch {
    data = { detail: text };
  }
  return { ok: response.ok, status: response.status, data };
}

function say(text) {
  const box = $("#said");
  box.textContent = text ? `${text[0].toUpperCase()}${text.slice(1)}` : "";
  box.hidden = !text;
}

function sentence(data, fallback) {
  const detail = typeof data.detail === "string" ? data.detail : fallback;
  return `${detail[0].toUpperCase()}${detail.slice(1)}.`;
}

async function fromLink(params) {
  if (params.has("verify")) {
    const answer = await call("/api/account/verify", "POST", { token: params.get("verify") });
    say(answer.ok ? "Your email address is confirmed." : sentence(answer.data, "this link does not work"));
  }
  if (params.has("reset")) {
    const token = params.get("reset");
    const check = await call("/api/account/reset/check", "POST", { token });
    $("#reset").hidden = false;
    if (!check.ok) {
      $("#reset-form").hidden = true;
      say(sentence(check.data, "this link does not work"));
    } else {
      $("#reset-for").textContent = `For the account ${check.data.name}. Your other sessions will end.`;
      $("#reset-form").addEventListener("submit", async (event) => {
        event.preventDefault();
        const answer = await call("/api/account/reset", "POST", { token, password: $("#reset-password").value });
        if (answer.ok) {
          $("#reset").hidden = true;
          say(`Your new password is set, and you are logged in as ${answer.data.name}.`);
          await show();
        } else say(sentence(answer.data, "the password could not be set"));
      });
    }
  }
  if (params.has("unsubscribe")) {
    const token = params.get("unsubscribe");
    $("#unsubscribe").hidden = false;
    $("#unsubscribe-go").addEventListener("click", async () => {
      const response = await fetch(`/api/mail/unsubscribe?t=${encodeURIComponent(token)}`, { method: "POST" });
      $("#unsubscribe").hidden = true;
      say(response.ok ? "Done: you will get no more mails of that kind." : "This link does not work.");
      await show();
    });
  }
}

function guest() {
  $("#guest").hidden = false;
  for (const id of ["#email", "#notices", "#data", "#bot"]) $(id).hidden = true;
}

async function showEmail() {
  const { ok, data } = await call("/api/account/email");
  if (!ok) return false;
  $("#email").hidden = false;
  const now = [];
  now.push(data.address ? `Mail goes to ${data.address}.` : "No confirmed address.");
  if (data.pending) now.push(`${data.pending} waits for its confirmation: open the link mailed to it.`);
  if (!data.mail) now.push("Mail is off on this server.");
  $("#email-now").textContent = now.join(" ");
  $("#email-form").hidden = !data.mail;
  $("#email-remove").hidden = !(data.address || data.pending);
  return true;
}

async function showNotices() {
  const { ok, data } = await call("/api/account/notifications");
  if (!ok) return;
  $("#notices").hidden = false;
  const rows = $("#notice-rows");
  rows.replaceChildren();
  for (const [kind, words] of Object.entries(KINDS)) {
    const row = document.createElement("tr");
    const head = document.createElement("th");
    head.scope = "row";
    head.textContent = words;
    row.append(head);
    for (const channel of ["mail", "push"]) {
      const cell = document.createElement("td");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.id = `notice-${kind}-${channel}`;
      box.checked = data.kinds[kind][channel];
      box.setAttribute("aria-label", `${words}: ${channel === "mail" ? "by mail" : "in this browser"}`);
      box.addEventListener("change", async () => {
        const answer = await call("/api/account/notifications", "PUT", { kind, channel, on: box.checked });
        if (!answer.ok) box.checked = !box.checked;
      });
      cell.append(box);
      row.append(cell);
    }
    rows.append(row);
  }
  const permission = "Notification" in window ? Notification.permission : "unsupported";
  $("#push-state").textContent =
    permission === "granted" ? `Notifications are allowed in this browser (${data.browsers} browser${data.browsers === 1 ? "" : "s"} subscribed).`
      : permission === "denied" ? "This browser refuses notifications from this site: allow them in its settings."
        : permission === "unsupported" ? "This browser cannot show notifications." : "";
  $("#push-allow").hidden = permission === "denied" || permission === "unsupported" || !data.push;
}

async function show() {
  // a guest is asked nothing that needs an account (no 401 in the console)
  const loggedIn = (await whoAmI()) !== null && (await showEmail());
  if (!loggedIn) {
    if (!$("#reset").hidden || !$("#unsubscribe").hidden) return;
    guest();
    return;
  }
  $("#guest").hidden = true;
  $("#data").hidden = false; // download or delete (issue 31: server/people.py)
  await showNotices();
  await showBot(say); // a bot account and its tokens (issue 32)
}

function setup() {
  setupBot(say);
  $("#forgot-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await call("/api/account/forgot", "POST", { account: $("#forgot-account").value });
    say(answer.ok ? "If that account has a confirmed address, a link is on its way: look in your mail." : sentence(answer.data, "that did not work"));
  });
  $("#email-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await call("/api/account/email", "PUT", { address: $("#email-address").value });
    say(answer.ok ? "A confirmation link is on its way to that address." : sentence(answer.data, "that address was refused"));
    await showEmail();
  });
  $("#email-remove").addEventListener("click", async () => {
    await call("/api/account/email", "DELETE");
    say("Your address is removed.");
    await showEmail();
  });
  $("#delete-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await call("/api/account/delete", "POST", { password: $("#delete-password").value });
    $("#delete-password").value = "";
    if (!answer.ok) {
      say(sentence(answer.data, "the account was not deleted"));
      return;
    }
    for (const id of ["#email", "#notices", "#data", "#bot"]) $(id).hidden = true;
    say(`Your account is deleted; in past games you are now "${answer.data.name}".`);
  });
  $("#push-allow").addEventListener("click", async () => {
    const answer = await allowNotifications();
    say(answer === "granted" ? "This browser will show your notices." : "Notifications were not allowed.");
    await showNotices();
  });
}

const params = hashParams();
if (location.hash) history.replaceState(null, "", location.pathname); // the token leaves the address bar
setup();
// the header's log in / sign up / log out: a guest who came to see their settings logs in here
let shown = false;
accountBar($("#account"));
onAccount(() => {
  if (shown) show();
});
refreshAccount();
fromLink(params)
  .then(show)
  .then(() => {
    shown = true;
  });
