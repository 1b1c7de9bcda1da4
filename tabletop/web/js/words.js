// Megalomania's actions and events in words, for the buttons and the log.  The wording follows
// the terminal game's (tabletop/terminal/describe.py): keep the two in step.
import { POWERS, cardName, parts } from "./cards.js";

export const RESOURCE_WORDS = {
  crystals: "2 power crystals",
  cubes: "10 cubes",
  mixed: "1 power crystal and 5 cubes",
  scroll: "a scroll",
};
const COLOUR_WORDS = { b: "black", r: "red", y: "yellow", u: "blue" };
const RANK_BY_LETTER = { F: "Farmer", A: "Assassin", X: "Explorer", D: "Dwarf", W: "Wizard", K: "Knight", O: "Oracle", E: "Emperor" };
const PASS_WORDS = {
  scrolls: "Pass: use no scroll this round",
  assist: "Pass: no crystal on this card",
  "trick-end": "Pass: let the trick go as it stands",
};

export function seatLabel(seat, seats) {
  const info = seats && seats[seat];
  if (info && info.name) return info.name;
  if (info && info.kind === "bot") return `Bot ${seat} (${info.level})`;
  return `Seat ${seat}`;
}

export function who(seat, me, seats) {
  return seat === me ? "You" : seatLabel(seat, seats);
}

function verb(seat, me, word) {
  return seat === me && word.endsWith("s") ? word.slice(0, -1) : word;
}

function subjectVerb(seat, me, seats, word) {
  return seat === me ? `you ${word}` : `${seatLabel(seat, seats)} ${word}s`;
}

function lastPlay(view) {
  const plays = view.trick ? view.trick.plays : [];
  return plays.length ? plays[plays.length - 1] : null;
}

function short(cards) {
  return cards.map((c) => c[0] + parts(c).value).join(" ");
}

function cardWords(text) {
  const p = parts(text);
  return `the ${p.colour} ${p.rank} (${p.value})`;
}

// A legal action of the view's seat, e.g. "Use the Dwarf's power: the lowest card takes the trick".
export function describeAction(text, view, seats) {
  const me = view.seat;
  const [key, arg] = text.includes("=") ? [text.slice(0, text.indexOf("=")), text.slice(text.indexOf("=") + 1)] : [text, ""];
  const last = lastPlay(view);
  const phase = view.phase;
  const on = phase === "assist" && last ? ` on ${seatLabel(last.seat, seats)}'s card` : "";
  switch (key) {
    case "take": return `Take ${RESOURCE_WORDS[arg] || arg}`;
    case "lead": return `Use the Farmer's power${on}: ${subjectVerb(Number(arg), me, seats, "lead")} the next turn`;
    case "colour": return `Use the Oracle's power${on}: it becomes ${COLOUR_WORDS[arg] || arg}`;
    case "return": return `Put ${cardName(arg)} back into the previous trick`;
    case "power": {
      const rank = RANK_BY_LETTER[arg] || arg;
      return `Use the ${rank}'s power on your card (scroll 20): ${POWERS[rank] || ""}`;
    }
    case "scroll": return `Use scroll ${arg}`;
    case "echo": return `Scroll 7: use again the effect of scroll ${arg}`;
    case "keep": return `Keep scroll ${arg}`;
    case "dominant": return `Scroll 1: make ${COLOUR_WORDS[arg] || arg} the dominant colour this round`;
    case "call": return `Scroll 2: call ${COLOUR_WORDS[arg] || arg}; each other player gives you a card of it (any card without one)`;
    case "swap": return `Scroll 13: swap hands with ${seatLabel(Number(arg), seats)}`;
    case "leader": return `Scroll 19: ${subjectVerb(Number(arg), me, seats, "lead")} every turn this round`;
    case "give":
      if (phase === "hand-over") return `Hand ${cardName(arg)} to the player on your right`;
      if (view.asking === "give-back") return `Give ${cardName(arg)} back`;
      return `Hand over ${cardName(arg)} (scroll 2)`;
    case "lay": return `Lay ${cardName(arg)} next in your sequence`;
    case "pile": return `Put ${cardName(arg)} in your first pile`;
    case "declare": return `Scroll 16: ${COLOUR_WORDS[arg] || arg} decides this trick instead of the colour led`;
    case "decide": return arg === "take" ? "Scroll 16: take this trick" : "Scroll 16: do not take this trick";
    default: break;
  }
  if (text === "power") {
    const rank = last ? parts(last.card).rank : "card";
    return `Use the ${rank}'s power${on}: ${POWERS[rank] || "its power"}`;
  }
  if (text === "cube+" || text === "cube-") {
    const delta = text === "cube+" ? 1 : -1;
    const value = last ? `, value ${last.value + delta}` : "";
    return `Add a cube (${delta > 0 ? "+1" : "-1"}${value})`;
  }
  if (text === "done") return "Done: no more powers or cubes on this card";
  if (text === "pass") return PASS_WORDS[phase] || "Pass";
  if (text === "steal") return "Scroll 10: steal this trick";
  if (text === "last") return "Scroll 14: play last in this turn";
  if (/^[FAXDWKOE][bryu]!$/.test(text)) {
    const card = text.slice(0, -1);
    return parts(card).rank === "Assassin"
      ? `Play ${cardName(card)} by its power, on any colour (1 crystal)`
      : `Play ${cardName(card)} by the Assassin's power (scroll 20), on any colour (1 crystal)`;
  }
  if (/^[FAXDWKOE][bryu]$/.test(text)) return `Play ${cardName(text)}`;
  return text;
}

// The action a click on a card means, among the legal ones (null: none).
export function cardAction(card, legal) {
  return [card, `${card}!`, `return=${card}`, `give=${card}`, `lay=${card}`, `pile=${card}`].find((t) => legal.includes(t)) || null;
}

// One log line for an event, or null for events not worth a line.
export function describeEvent(e, me, seats) {
  const seat = e.seat ?? -1;
  const name = who(seat, me, seats);
  const does = (word) => `${name} ${verb(seat, me, word)}`;
  const of = (s) => who(s, me, seats);
  switch (e.kind) {
    case "round":
      return `Round ${e.round} begins: dominant ${e.dominant}, mission ${e.mission}; ${of(e.dealer)} ${e.dealer === me ? "deal" : "deals"}.`;
    case "hand":
      if ("set_aside" in e) return `You keep ${short(e.cards)}; the other pile leaves the round.`;
      return seat === me || me === null ? `${seat === me ? "Your" : `${name}'s`} hand: ${short(e.cards)}.` : null;
    case "resources": return `${does("takes")} ${RESOURCE_WORDS[e.choice] || e.choice}.`;
    case "scroll-drawn": return `${does("draws")} scroll ${e.scroll}.`;
    case "play": return `${does("plays")} ${cardWords(e.card)}${e.power ? " by its power, off the rule" : ""}.`;
    case "power": {
      let rank = e.power || parts(e.card).rank;
      rank = RANK_BY_LETTER[rank] || rank;
      const onCard = "owner" in e ? ` on ${of(e.owner)}'s card` : "";
      let detail = POWERS[rank] || "";
      if ("lead" in e) detail = `${of(e.lead)} will lead the next turn`;
      else if ("colour" in e) detail = `the card becomes ${e.colour}`;
      return `${does("uses")} the ${rank}'s power${onCard}: ${detail}.`;
    }
    case "cube": return `${does("adds")} a cube (${e.delta > 0 ? "+1" : "-1"}): value now ${e.value}.`;
    case "explore": return `${seat === me ? "Your" : `${name}'s`} Explorer finds ${cardWords(e.card)} in the previous trick.`;
    case "explore-return": return `${does("puts")} ${cardWords(e.card)} back into the previous trick.`;
    case "trick": {
      let line = `${of(e.winner)} ${verb(e.winner, me, "takes")} the trick (${short(e.cards)})`;
      if ("owner" in e) line += `; it counts for ${of(e.owner)}`;
      const leader = e.next_leader ?? e.winner;
      if (leader !== e.winner) line += `; ${of(leader)} ${verb(leader, me, "leads")} next`;
      return line + ".";
    }
    case "scored": {
      let line = `Round ${e.round} scored (mission ${e.mission}): ${e.points.map((p, s) => `${of(s)} ${p > 0 ? "+" : ""}${p}`).join(", ")}`;
      if ((e.bonus || []).some((b) => b)) {
        line += `; scrolls: ${e.bonus.map((b, s) => (b ? `${of(s)} ${b > 0 ? "+" : ""}${b}` : null)).filter(Boolean).join(", ")}`;
      }
      return line + ".";
    }
    case "game-over": return "The game is over.";
    case "scroll": return `${does("uses")} scroll ${e.scroll}.`;
    case "scroll-pass": return `${does("uses")} no scroll.`;
    case "scroll-shown": return `${does("shows")} scroll 5 (kept unused) and draws another.`;
    case "scroll-points": return `${does("gains")} ${e.points} points (scroll 17).`;
    case "scrolls-drawn": return `${does("draws")} ${e.count} scrolls to keep one.`;
    case "scrolls-seen": return `You draw scrolls ${e.scrolls.join(", ")}.`;
    case "scroll-kept": return `${does("keeps")} one scroll; the others are discarded face down.`;
    case "echo": return `${does("uses")} again the effect of scroll ${e.scroll}.`;
    case "dominant": return `${does("makes")} ${e.dominant} the dominant colour this round.`;
    case "call": return `${does("calls")} ${e.colour}: each other player hands over a card.`;
    case "redeal": return "The cards are dealt again (scroll 4).";
    case "swap": return `${does("swaps")} hands with ${of(e.with)}.`;
    case "leader": return `${of(e.leader)} will lead every turn this round (scroll 19).`;
    case "no-resources": return "Nobody selects resources this round (scroll 6).";
    case "scroll-gain": return `${does("receives")} ${e.crystals} crystals, ${e.cubes} cubes too.`;
    case "ready": return `${does("completes")} the ${e.step} choice.`;
    case "pile-picked": return `${of(e.picker)} picks one of ${of(e.seat)}'s piles at random.`;
    case "handed-over": return "Every player hands the chosen cards to the right.";
    case "swap-opposite": return "Every player hands the whole hand to the opposite player.";
    case "pass-right": return "Every player hands the remaining cards to the right.";
    case "draw": return `${does("takes")} a face-down card into the hand.`;
    case "last": return `${does("plays")} last this turn (scroll 14).`;
    case "declare": return `${does("declares")} ${e.colour} for this trick (scroll 16).`;
    case "decide": return `${does("decides")} the trick: ${of(e.winner)} takes it (scroll 16).`;
    case "steal": return `${does("steals")} the trick from ${of(e.from)} (scroll 10).`;
    case "exchange": return me === e.seat || me === e.to ? null : `${of(e.seat)} hands a card to ${of(e.to)}.`;
    case "give":
      if ("to" in e) return `${does("hands")} ${cardWords(e.card)} to ${of(e.to)}.`;
      return `You choose to hand over ${cardWords(e.card)}.`;
    case "lay": return `You lay ${cardWords(e.card)}.`;
    case "pile": return `You put ${cardWords(e.card)} in your first pile.`;
    case "handed": return `${does("hands")} ${short(e.cards)} to ${of(e.to)}.`;
    case "drawn": return `You take ${cardWords(e.card)} into your hand.`;
    case "turned": return `Turned ${cardWords(e.card)}: ${e.dominant} is dominant this turn.`;
    case "table": {
      const cards = (e.table || []).flat();
      return cards.length ? `Face up on the table: ${short(cards)}.` : null;
    }
    default: return null;
  }
}

export function eventTone(kind) {
  return { round: "strong", scored: "strong", "game-over": "strong", scroll: "strong", trick: "trick" }[kind] || "";
}
