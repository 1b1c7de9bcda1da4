// Small helpers shared by the pages.
import { el, madeOnce } from "./cards.js";

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.detail || `${response.status} ${response.statusText}`);
  return data;
}

export function hashParams() {
  return new URLSearchParams(location.hash.replace(/^#/, ""));
}

export function tableId() {
  const parts = location.pathname.split("/").filter(Boolean);
  return decodeURIComponent(parts[parts.length - 1] || "");
}

export function toast(message, kind = "error") {
  const box = madeOnce("toasts", "div", "toasts", (node) => document.body.append(node));
  // an error interrupts a screen reader (alert); good news and notices wait their turn (status)
  const item = el("div", `toast ${kind}`, message);
  item.setAttribute("role", kind === "error" ? "alert" : "status");
  box.append(item);
  setTimeout(() => item.remove(), 6000);
}

export async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    if (button) {
      const old = button.textContent;
      button.textContent = "Copied";
      setTimeout(() => (button.textContent = old), 1500);
    }
  } catch {
    window.prompt("Copy this link:", text);
  }
}

export function playerName() {
  try {
    return localStorage.getItem("tabletop.name") || "";
  } catch {
    return "";
  }
}

export function setPlayerName(name) {
  try {
    localStorage.setItem("tabletop.name", name);
  } catch {
    /* private mode: the name is simply not remembered */
  }
}
