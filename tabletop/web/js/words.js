// Seats by name, and which action a click on a card means.  Every other word (the buttons' labels,
// the log's lines) comes from the server, in the game's own words (tabletop/words).

export function seatLabel(seat, seats) {
  const info = seats && seats[seat];
  if (info && info.name) return info.name;
  if (info && info.kind === "bot") return `Bot ${seat} (${info.level})`;
  return `Seat ${seat}`;
}

export function who(seat, me, seats) {
  return seat === me ? "You" : seatLabel(seat, seats);
}

// A legal action in words, as the server sent it (its text when there is none).
export function label(ctx, text) {
  return (ctx.labels && ctx.labels[text]) || text;
}

// The action a click on a card means, among the legal ones (null: none).
export function cardAction(card, legal) {
  return [card, `${card}!`, `return=${card}`, `give=${card}`, `lay=${card}`, `pile=${card}`].find((t) => legal.includes(t)) || null;
}

