// Accounts in the browser: who is logged in, the header's log in / sign up / log out, and the dialog.
// The session is an HttpOnly cookie the server sets: this page never sees it, only the name.
import { el, madeOnce } from "./cards.js";

let current = null; // the logged-in account's name, or null for a guest
const listeners = [];

export function accountName() {
  return current;
}

// Call fn(name) now and whenever the user logs in or out (name: null for a guest).
export function onAccount(fn) {
  listeners.push(fn);
}

function changed(name) {
  current = name;
  for (const fn of listeners) fn(name);
}

function waitWords(seconds) {
  if (!seconds || seconds < 60) return "in a minute";
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
}

// A request whose refusal is explained in words: {ok, status, data, message}.
async function send(path, body) {
  let response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, status: 0, data: {}, message: "The server could not be reached. Check your connection and try again." };
  }
  const data = await response.json().catch(() => ({}));
  if (response.ok) return { ok: true, status: response.status, data, message: "" };
  let message;
  if (response.status === 429) {
    message = `Too many attempts. Please try again ${waitWords(Number(response.headers.get("Retry-After")))}.`;
  } else if (response.status === 422) {
    message = "Please fill in both the name and the password.";
  } else if (typeof data.detail === "string") {
    message = `${data.detail[0].toUpperCase()}${data.detail.slice(1)}.`;
  } else {
    message = `The server said ${response.status} ${response.statusText}.`;
  }
  return { ok: false, status: response.status, data, message };
}

// The logged-in account's name from the server, null for a guest (asked of /whoami, which answers
// a guest without an error: no 401 in the console on every page a guest opens).
export async function whoAmI() {
  try {
    const response = await fetch("/api/account/whoami", { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (!response.ok) return null;
    const data = await response.json();
    return (data.account && data.account.name) || null;
  } catch {
    return null;
  }
}

// The logged-in account's name (null for a guest); tells the listeners.
export async function refreshAccount() {
  const name = await whoAmI();
  changed(name);
  return name;
}

function field(labelText, input) {
  const label = el("label", "field", labelText);
  label.append(input);
  return label;
}

// The log in / sign up dialog, made once. mode: "login" or "signup".
function dialog() {
  return madeOnce("account-dialog", "dialog", "account-dialog", buildDialog);
}

function buildDialog(box) {
  const form = el("form");
  form.method = "dialog";
  const title = el("h2", null, "");
  title.id = "account-title";
  const name = el("input");
  Object.assign(name, { id: "account-name", name: "username", maxLength: 32, required: true, autocomplete: "username" });
  const password = el("input");
  Object.assign(password, { id: "account-password", name: "password", type: "password", maxLength: 128, required: true });
  const hint = el("p", "muted hint", "");
  hint.id = "account-hint";
  const forgot = el("a", "forgot", "Forgot your password?");
  forgot.href = "/account";
  forgot.id = "account-forgot";
  const error = el("p", "form-error", "");
  error.id = "account-error";
  name.setAttribute("aria-describedby", "account-error");
  password.setAttribute("aria-describedby", "account-error");
  error.setAttribute("role", "alert");
  error.hidden = true;
  const submit = el("button", "button primary", "");
  submit.type = "submit";
  submit.id = "account-submit";
  const cancel = el("button", "button", "Cancel");
  cancel.type = "button";
  cancel.addEventListener("click", () => box.close());
  const buttons = el("div", "dialog-buttons");
  buttons.append(submit, cancel);
  form.append(title, field("Name", name), field("Password", password), hint, forgot, error, buttons);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const mode = box.dataset.mode;
    error.hidden = true;
    submit.disabled = true;
    name.removeAttribute("aria-invalid");
    password.removeAttribute("aria-invalid");
    const answer = await send(`/api/account/${mode}`, { name: name.value.trim(), password: password.value });
    submit.disabled = false;
    if (!answer.ok) {
      error.textContent = answer.message;
      error.hidden = false;
      // the field at fault has the focus (the server names it, "field"); else the password, to type again
      const wrong = answer.data.field === "name" ? name : password;
      if (answer.data.field) wrong.setAttribute("aria-invalid", "true");
      wrong.select();
      wrong.focus();
      return;
    }
    password.value = "";
    box.close();
    changed(answer.data.name);
  });
  box.append(form);
  document.body.append(box);
}

export function openAccountDialog(mode) {
  const box = dialog();
  box.dataset.mode = mode;
  const signup = mode === "signup";
  box.querySelector("#account-title").textContent = signup ? "Sign up" : "Log in";
  box.querySelector("#account-submit").textContent = signup ? "Create the account" : "Log in";
  box.querySelector("#account-hint").textContent = signup
    ? "A name has 3 to 32 letters, digits, '_', '.' or '-'; a password 8 to 128 characters. Your tables and rating follow your account."
    : "";
  box.querySelector("#account-forgot").hidden = signup;
  box.querySelector("#account-password").autocomplete = signup ? "new-password" : "current-password";
  box.querySelector("#account-error").hidden = true;
  for (const input of box.querySelectorAll("input")) input.removeAttribute("aria-invalid");
  if (!box.open) box.showModal();
  box.querySelector("#account-name").focus();
}

export async function logOut() {
  await send("/api/account/logout");
  changed(null);
}

// The header's account area in `box`: Log in + Sign up, or the name and Log out.
export function accountBar(box) {
  const draw = (name) => {
    if (name) {
      const who = el("a", "account-name", name);
      who.href = `/players/${encodeURIComponent(name)}`;
      who.title = "Your page";
      const settings = el("a", "button small", "Settings");
      settings.href = "/account"; // email, notifications (issue 30)
      settings.id = "settings";
      const out = el("button", "button small", "Log out");
      out.type = "button";
      out.id = "logout";
      out.addEventListener("click", logOut);
      box.replaceChildren(who, settings, out);
    } else {
      const login = el("button", "button small", "Log in");
      login.type = "button";
      login.id = "login";
      login.addEventListener("click", () => openAccountDialog("login"));
      const signup = el("button", "button small primary", "Sign up");
      signup.type = "button";
      signup.id = "signup";
      signup.addEventListener("click", () => openAccountDialog("signup"));
      box.replaceChildren(login, signup);
    }
  };
  draw(current);
  onAccount(draw);
}
