// A challenge to a bot account (issue 32), sent from the lobby's new-table form: a bot account in a
// seat makes the form a challenge. The page asks for it every second until the bot's program
// answers; accepted, it goes to the table, where the person's account holds its seat.
import { api, toast } from "./api.js";
import { el } from "./cards.js";
import { botMark } from "./names.js";

const EVERY = 1000; // ms between looks at a challenge waiting for its answer
let watching = null; // the challenge being watched: {id, timer}

function left(c) {
  const seconds = Math.max(0, Math.round(c.expires - c.now));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function heading(c) {
  const title = el("h3", null, `${c.title}: challenge to ${c.bot}`);
  title.append(" ", botMark({ bot: true }));
  return title;
}

// What the challenge's status says, and whether the page stops asking.
function words(c) {
  switch (c.status) {
    case "open":
      return [`Waiting for ${c.bot}'s answer (${left(c)} left)…`, false];
    case "accepted":
      return [c.url ? `${c.bot} accepted: to the table…` : `${c.bot} accepted: the table is being made…`, Boolean(c.url)];
    case "declined":
      return [`${c.bot} declined${c.reason ? `: “${c.reason}”` : "."}`, true];
    case "expired":
      return [`${c.bot} did not answer in time: its program may not be running.`, true];
    case "cancelled":
      return ["You took the challenge back.", true];
    default:
      return [`The table could not be made${c.reason ? `: ${c.reason}` : "."}`, true];
  }
}

function draw(c, box) {
  const [text, done] = words(c);
  const status = el("p", `challenge-status ${c.status}`, text);
  status.setAttribute("role", "status");
  status.dataset.status = c.status;
  const parts = [heading(c), status];
  if (c.status === "open") {
    const cancel = el("button", "button small", "Take the challenge back");
    cancel.type = "button";
    cancel.id = "challenge-cancel";
    cancel.addEventListener("click", async () => {
      cancel.disabled = true;
      try {
        draw(await api(`/api/challenges/${c.id}`, { method: "DELETE" }), box);
      } catch (err) {
        toast(err.message);
      }
    });
    parts.push(cancel);
  }
  box.hidden = false;
  box.dataset.challenge = String(c.id);
  box.replaceChildren(...parts);
  if (done) stop();
  if (c.status === "accepted" && c.url) location.assign(c.url);
}

function stop() {
  if (watching) clearTimeout(watching.timer);
  watching = null;
}

function watch(c, box) {
  stop();
  draw(c, box);
  if (!["open", "accepted"].includes(c.status) || (c.status === "accepted" && c.url)) return;
  const me = { id: c.id, timer: null };
  watching = me;
  const look = async () => {
    if (watching !== me) return;
    try {
      const now = await api(`/api/challenges/${c.id}`);
      if (watching !== me) return;
      draw(now, box);
    } catch (err) {
      toast(err.message);
    }
    if (watching === me) me.timer = setTimeout(look, EVERY);
  };
  me.timer = setTimeout(look, EVERY);
}

// Send the challenge `body` (the new-table form's request, with `bot`) and watch it in `box`.
export async function sendChallenge(body, box) {
  const made = await api("/api/challenges", { method: "POST", body });
  watch(made, box);
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  box.scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" });
}

// On a logged-in lobby: a challenge still waiting for its answer (the page was reloaded) is watched.
export async function resumeChallenge(box) {
  if (watching) return;
  try {
    const open = (await api("/api/challenges")).challenges.find((c) => c.status === "open");
    if (open && !watching) watch(open, box);
  } catch {
    /* not logged in any more: nothing to watch */
  }
}
