// The account page's bot part (issue 32): a person's account made a bot account, for good, after a
// confirmation that says so; a bot account's API tokens listed (names and times, never the tokens),
// made (the token shown once, with a copy button) and revoked.
import { api, copy } from "./api.js";
import { el } from "./cards.js";

const $ = (sel) => document.querySelector(sel);

function when(seconds) {
  if (seconds === null || seconds === undefined) return "never";
  return new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

function tokenRow(token, say) {
  const row = el("tr");
  row.dataset.token = String(token.id);
  const revoke = el("button", "button small danger", "Revoke");
  revoke.type = "button";
  revoke.setAttribute("aria-label", `Revoke the token ${token.name}`);
  revoke.addEventListener("click", async () => {
    revoke.disabled = true;
    try {
      const answer = await api(`/api/account/tokens/${token.id}`, { method: "DELETE" });
      say(`The token ${token.name} is revoked${answer.closed ? `: ${answer.closed} connection${answer.closed === 1 ? "" : "s"} closed` : ""}.`);
    } catch (err) {
      say(err.message);
    }
    await showTokens(say);
  });
  const last = el("td");
  last.append(revoke);
  row.append(el("th", null, token.name), el("td", null, when(token.created)), el("td", null, when(token.last_used)), last);
  row.firstChild.scope = "row";
  return row;
}

async function showTokens(say) {
  const { tokens } = await api("/api/account/tokens");
  const rows = tokens.map((t) => tokenRow(t, say));
  if (!rows.length) {
    const none = el("tr");
    none.append(el("td", "muted", "No token yet."));
    rows.push(none);
  }
  $("#token-rows").replaceChildren(...rows);
}

// The section as the account is now: a person's (the offer, with its confirmation) or a bot's.
export async function showBot(say) {
  let bot;
  try {
    bot = (await api("/api/account/bot")).bot;
  } catch {
    $("#bot").hidden = true;
    return;
  }
  $("#bot").hidden = false;
  $("#bot-person").hidden = bot;
  $("#bot-tokens").hidden = !bot;
  if (bot) await showTokens(say);
}

export function setupBot(say) {
  const confirm = $("#bot-confirm");
  const ask = (open) => {
    confirm.hidden = !open;
    $("#bot-make").setAttribute("aria-expanded", String(open));
    (open ? $("#bot-confirm-no") : $("#bot-make")).focus();
  };
  $("#bot-make").addEventListener("click", () => ask(true));
  $("#bot-confirm-no").addEventListener("click", () => ask(false));
  $("#bot-confirm-yes").addEventListener("click", async () => {
    confirm.hidden = true;
    try {
      await api("/api/account/bot", { method: "POST" });
      say("This is a bot account now: make a token for its program below.");
    } catch (err) {
      say(err.message);
    }
    await showBot(say);
  });
  $("#token-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const made = await api("/api/account/tokens", { method: "POST", body: { name: $("#token-name").value } });
      $("#token-name").value = "";
      $("#token-value").value = made.token;
      $("#token-new").hidden = false;
      $("#token-value").select();
    } catch (err) {
      say(err.message);
    }
    await showTokens(say);
  });
  $("#token-copy").addEventListener("click", () => copy($("#token-value").value, $("#token-copy")));
}
