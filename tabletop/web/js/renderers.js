// Each game's table renderer, by game name; a game without one gets the generic view.
//
// A renderer exports renderTable(root, ctx), renderSide(root, ctx) and finalRows(view, ctx) (rows of
// seat, name, score, place and, optionally, the score's unit: "pts" when none).
// ctx: view (the seat's view), seats (public seat info), me (seat or null), over, last,
// act (function(actionText) or null), labels (action text -> words, sent by the server),
// scores; on the replay page also perspective and hands.
import * as generic from "./generic.js";
import * as clan from "./clan.js";
import * as manasurge from "./manasurge.js";
import * as megacorps from "./megacorps.js";
import * as megalomania from "./megalomania.js";
import * as summon7 from "./summon7.js";

export const RENDERERS = { megalomania, summon7, clan, manasurge, megacorps };

export function rendererFor(game) {
  return RENDERERS[game] || generic;
}
