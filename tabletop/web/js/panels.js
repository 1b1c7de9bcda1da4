// The table page on small screens: the header's buttons behind a Menu button, and the sidebar's
// panels (the game's scores, the log, the chat) as tabs, one shown at a time, under the table.
// On a wide screen the menu's buttons sit in the header and every panel shows, as before.
import { el } from "./cards.js";

const NARROW = "(max-width: 960px)"; // the sidebar goes under the table (style.css)
const PHONE = "(max-width: 640px), (max-height: 500px)"; // the header's buttons go behind the Menu button (screens.css)

function headerMenu() {
  const toggle = document.getElementById("menu-toggle");
  const top = document.querySelector("header.top");
  if (!toggle || !top) return;
  const set = (open) => {
    top.classList.toggle("menu-open", open);
    toggle.setAttribute("aria-expanded", String(open));
  };
  toggle.addEventListener("click", () => set(!top.classList.contains("menu-open")));
  top.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && top.classList.contains("menu-open")) {
      set(false);
      toggle.focus();
    }
  });
  matchMedia(PHONE).addEventListener("change", () => set(false));
}

function sideTabs() {
  const aside = document.querySelector(".sidebar");
  const bar = document.getElementById("side-tabs");
  if (!aside || !bar) return;
  const panels = [...aside.querySelectorAll(".side-panel")];
  let chosen = 0;
  const tabs = panels.map((panel, i) => {
    if (!panel.id) panel.id = `panel-${i}`;
    const tab = el("button", "side-tab", panel.dataset.tab);
    tab.type = "button";
    tab.id = `tab-${panel.id}`;
    tab.setAttribute("role", "tab");
    tab.setAttribute("aria-controls", panel.id);
    tab.addEventListener("click", () => choose(i, false));
    return tab;
  });
  bar.replaceChildren(...tabs);
  bar.addEventListener("keydown", (event) => {
    const moves = { ArrowRight: 1, ArrowLeft: -1, Home: -chosen, End: panels.length - 1 - chosen };
    if (!(event.key in moves)) return;
    event.preventDefault();
    choose((chosen + moves[event.key] + panels.length) % panels.length, true);
  });
  const media = matchMedia(NARROW);

  function choose(i, focus) {
    chosen = i;
    tabs[i].classList.remove("news");
    apply();
    if (focus) tabs[i].focus();
  }

  function apply() {
    const narrow = media.matches;
    bar.hidden = !narrow;
    aside.classList.toggle("tabbed", narrow);
    panels.forEach((panel, i) => {
      const shown = !narrow || i === chosen;
      panel.classList.toggle("tab-hidden", !shown);
      tabs[i].setAttribute("aria-selected", String(i === chosen));
      tabs[i].tabIndex = i === chosen ? 0 : -1;
      if (narrow) {
        panel.setAttribute("role", "tabpanel");
        panel.setAttribute("aria-labelledby", tabs[i].id);
      } else {
        panel.removeAttribute("role");
        if (panel.id === "side") panel.removeAttribute("aria-labelledby");
        else panel.setAttribute("aria-labelledby", panel.querySelector("h2").id);
      }
    });
  }

  // a chat line while another tab is shown: a mark on the Chat tab
  const chat = document.getElementById("chat");
  const chatTab = tabs[panels.findIndex((p) => p.contains(chat))];
  if (chat && chatTab) {
    new MutationObserver(() => {
      if (media.matches && chatTab.getAttribute("aria-selected") !== "true") chatTab.classList.add("news");
    }).observe(chat, { childList: true });
  }
  media.addEventListener("change", apply);
  apply();
}

export function setupPanels() {
  headerMenu();
  sideTabs();
}
