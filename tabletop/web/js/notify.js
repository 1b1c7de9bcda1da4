// Notifications (issue 30): in the open tab, and by Web Push through the service worker (/sw.js).
//
// At a table: while the game waits for this seat and the tab is in the background, the title says
// so, and a browser notification appears once per step where the player allowed them. The
// "Notify me" button asks for that permission, and for a logged-in player also subscribes this
// browser to the server's Web Push, so that "your turn" reaches them with the tab closed.

let waiting = false; // the game waits for this seat now
let base = document.title;
let shownStep = -1;
const PREFIX = "(Your turn) ";

// The page's title as it should be: `text`, marked while the game waits for us in the background.
export function titled(text) {
  base = text;
  return waiting && document.hidden ? `${PREFIX}${text}` : text;
}

// After each welcome or update: is the game waiting for this seat (`asked`)? A notification when
// it is and the tab is hidden, once per step.
export function turnNotice({ asked, over, step, title, table }) {
  waiting = Boolean(asked) && !over;
  document.title = titled(base);
  if (!waiting || !document.hidden || step === shownStep) return;
  shownStep = step;
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  try {
    const notice = new Notification(`Your turn: ${title}`, { body: "The table waits for you.", tag: `turn-${table}`, icon: "/static/favicon.svg" });
    notice.addEventListener("click", () => {
      window.focus();
      notice.close();
    });
  } catch {
    // some browsers allow notifications only from the service worker: the title says it anyway
  }
}

document.addEventListener("visibilitychange", () => {
  document.title = titled(base);
});

function urlKey(text) {
  const padded = `${text}${"=".repeat((4 - (text.length % 4)) % 4)}`.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

// Subscribe this browser to Web Push for the logged-in account; resolves to true when done.
export async function subscribePush() {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return false;
  const settings = await fetch("/api/account/notifications", { credentials: "same-origin" });
  if (!settings.ok) return false; // a guest: only the open tab's notifications
  const { push } = await settings.json();
  if (!push) return false;
  const registration = await navigator.serviceWorker.register("/sw.js");
  await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription) {
    subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: urlKey(push) });
  }
  const answer = await fetch("/api/push/subscribe", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(subscription.toJSON()),
  });
  return answer.ok;
}

// Ask for the permission to notify (a click on `button`), then subscribe to push where we can.
export async function allowNotifications() {
  if (!("Notification" in window)) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission;
  try {
    await subscribePush();
  } catch {
    // push refused or unavailable (no service worker over plain http but on localhost): the tab still notifies
  }
  return permission;
}

// The "Notify me" button in `box` (a table's header), while the permission is not yet asked.
export function notifyButton(box) {
  if (!box || !("Notification" in window) || Notification.permission !== "default") return;
  const button = document.createElement("button");
  button.type = "button";
  button.id = "notify-me";
  button.className = "button small";
  button.textContent = "Notify me";
  button.title = "A notification when the table waits for you and this tab is in the background";
  button.addEventListener("click", async () => {
    const answer = await allowNotifications();
    button.hidden = answer !== "default";
  });
  box.prepend(button);
}
