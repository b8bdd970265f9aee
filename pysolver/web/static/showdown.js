// The showdown page: hole cards and a board, solved by the ASP encodings: each player's best five
// highlighted, the hand's name, the winners and why, street by street; outs and runouts on a flop or turn.
// Under a game's rule book the picker deals the game's hole cards and board, and each pot is shown.
"use strict";

const MAX_SEATS = 10;
const seats = [];
let target = null;            // the input the board picker fills
let deal = {hole: 2, board: 5, game: false};   // the chosen rule book's deal

/** A hand of the game's size, for a seat's placeholder. */
function example() { return ["As", "Ks", "Qd", "2c", "7h", "7d", "3c"].slice(0, deal.hole).join(""); }

/** The chosen rule book's deal, read from the server: hole cards per player, board cards. */
async function readDeal() {
  const answer = await api("/api/rules", {rules: $("#rules").value || "standard"});
  const game = answer.ok ? answer.body.game : {hole_cards: 2, board_cards: 5};
  deal = {hole: game.hole_cards, board: game.board_cards, game: isGame($("#rules"))};
  for (const s of seats) s.placeholder = example();
  $("#board").disabled = deal.board === 0;
  $("#board").placeholder = deal.board === 0 ? "no board in this game" : "flop, turn, river";
}

function fields() {
  const out = {board: $("#board")};
  seats.forEach((input, i) => { out[`p${i}`] = input; });
  return out;
}

function addSeat(text = "") {
  if (seats.length >= MAX_SEATS) return;
  const i = seats.length;
  const input = el("input", {type: "text", "data-testid": `player-${i}`, value: text, size: "14", placeholder: example()});
  input.addEventListener("focus", () => { target = input; });
  input.addEventListener("input", mark);
  $("#players").append(el("div", {class: "row"}, el("label", {class: "player-name"}, `Player ${i} `, input)));
  seats.push(input);
}

let picker;
function mark() {
  picker.mark(splitCards($("#board").value), [], heldCards(seats.map((s) => s.value)));
}

function pick(card) {
  const input = target && target.isConnected ? target : $("#board");
  const cards = splitCards(input.value);
  const at = cards.indexOf(card);
  if (at >= 0) cards.splice(at, 1);
  else if (cards.length < (input.id === "board" ? deal.board : deal.hole)) cards.push(card);
  input.value = cards.join(" ");
  if (input !== $("#board") && cards.length === deal.hole) {
    const next = seats[seats.indexOf(input) + 1];
    target = next && splitCards(next.value).length < deal.hole ? next : $("#board");
  }
  mark();
}

function inputs() {
  const params = new URLSearchParams();
  for (const s of seats) if (s.value.trim()) params.append("p", s.value.trim().replace(/\s+/g, ""));
  if ($("#board").value.trim()) params.set("board", $("#board").value.trim().replace(/\s+/g, ""));
  if ($("#rules").value && $("#rules").value !== "standard") params.set("rules", $("#rules").value);
  return params;
}

function winnerText(result) {
  if (lowPots(result)) {  // high and low: each player's share of the whole pot
    const takes = result.players.filter((p) => p.share > 0).map((p) => `Player ${p.player} ${pct(p.share, 0)}`);
    return result.winners.length === 1 ? `Player ${result.winners[0]} scoops` : `The pot splits: ${takes.join(", ")}`;
  }
  const names = result.winners.map((w) => `Player ${w}`);
  return result.outcome === "tie" ? `Split pot: ${names.join(" and ")} tie` : `${names[0]} wins`;
}

/** A game's pots: each player's hand for each pot (the winners marked), and the share of the whole. */
function showPots(result) {
  const table = $("#hands");
  table.replaceChildren(el("tr", {}, el("th", {}, "player"), el("th", {}, "cards (best high five highlighted)"),
    result.pots.map((pot) => el("th", {}, `${pot.pot} hand`)), el("th", {}, "share")));
  for (const p of result.players) {
    table.append(el("tr", {class: p.share > 0 ? "winner" : "", "data-testid": `hand-${p.player}`},
      el("td", {}, `Player ${p.player}`), el("td", {class: "text"}, handCards(p, result.board)),
      result.pots.map((pot) => {
        const hand = pot.hands[p.player];
        const won = pot.winners.includes(p.player);
        return el("td", {class: "text", "data-testid": `${pot.pot}-${p.player}`},
          hand ? hand.description : `no ${pot.pot}`, won ? el("strong", {}, " ✓") : "");
      }),
      el("td", {"data-testid": `share-${p.player}`}, pct(p.share))));
  }
}

/** A player's seven cards, the best five highlighted, the rest dimmed. */
function handCards(player, board) {
  const best = new Set(player.best_five);
  return [...player.hole, ...board].map((c) => cardChip(c, best.has(c) ? "best" : "dim"));
}

function showResult(result, streets) {
  $("#board-cards").replaceChildren(el("span", {class: "muted"}, `${result.street}: `),
                                     ...result.board.map((c) => cardChip(c)),
                                     lowPots(result) ? el("span", {class: "muted"}, ` (${result.rules} rules, pot by pot)`) : "");
  const table = $("#hands");
  if (lowPots(result)) showPots(result);
  else {
    table.replaceChildren(el("tr", {}, ["player", "cards (best five highlighted)", "hand"].map((h) => el("th", {}, h))));
    for (const p of result.players) {
      table.append(el("tr", {class: result.winners.includes(p.player) ? "winner" : "", "data-testid": `hand-${p.player}`},
        el("td", {}, `Player ${p.player}`), el("td", {class: "text"}, handCards(p, result.board)),
        el("td", {class: "text", "data-testid": `description-${p.player}`}, p.description)));
    }
  }
  $("#winner").textContent = winnerText(result);
  const why = $("#explanation");
  why.replaceChildren();
  const explanation = result.explanation || {};
  for (const reason of explanation.reasons || []) why.append(el("li", {}, reason));
  for (const p of explanation.players || []) {
    const plays = p.plays.map((x) => `${x.card} ${x.role.replace(/_/g, " ")}`).join(", ");
    why.append(el("li", {class: "muted"}, `Player ${p.player} plays ${plays}` +
      (p.does_not_play.length ? `; ${p.does_not_play.join(" ")} do not play` : "") +
      (p.plays_the_board ? " (plays the board)" : "")));
  }
  const box = $("#streets");
  box.replaceChildren(el("tr", {}, el("th", {}, "street"), el("th", {}, "board"),
    result.players.map((p) => el("th", {}, `Player ${p.player}`)), el("th", {}, "ahead")));
  for (const s of streets) {
    box.append(el("tr", {}, el("td", {}, s.street), el("td", {class: "text"}, s.board.map((c) => cardChip(c))),
      s.players.map((p) => el("td", {class: "text"}, p.description)), el("td", {class: "text"}, winnerText(s))));
  }
  $("#streets-box").hidden = streets.length < 2;
  $("#result").hidden = false;
}

async function showDraws(params) {
  const box = $("#draws");
  const count = splitCards($("#board").value).length;
  box.hidden = !(count === 3 || count === 4) || count >= deal.board;
  if (box.hidden) return;
  const [outs, runs] = await Promise.all([api("/api/outs", params), api("/api/runouts", params)]);
  if (outs.ok) {
    const game = outs.body.players[0].scoops !== undefined;  // a game's outs: scoops and shares of the pot
    $("#outs").replaceChildren(el("h3", {}, game ? "Outs: the next card, pot by pot"
      : "Outs: the next card that puts a player alone ahead"),
      ...outs.body.players.flatMap((p) => (game
        ? [el("div", {class: "row"}, el("strong", {}, `Player ${p.player}`),
             el("span", {class: "muted"}, `scoops on ${p.scoops.length}`), ...p.scoops.map((c) => cardChip(c))),
           el("div", {class: "row"}, el("span", {class: "muted"}, `takes part on ${p.shares.length}`),
             ...p.shares.map((c) => cardChip(c)))]
        : [el("div", {class: "row"}, el("strong", {}, `Player ${p.player}`),
             el("span", {class: "muted"}, `${p.outs.length} outs`), ...p.outs.map((c) => cardChip(c)))])));
  }
  if (runs.ok) {
    const r = runs.body;
    const count = typeof r.runouts === "number" ? r.runouts : r.runouts.length;
    const title = el("h3", {}, `Every runout (${count.toLocaleString("en")}), solved by clingo`);
    if (r.players[0].equity !== undefined) {  // a game's: equity by ASP alone, scoops, each pot won and tied
      const pots = Object.keys(r.players[0].pots);
      $("#runouts").replaceChildren(title, el("table", {class: "results", "data-testid": "game-runouts"},
        el("tr", {}, ["player", "equity", "scoops", ...pots.map((pot) => `${pot} won / tied`)].map((h) => el("th", {}, h))),
        r.players.map((p) => el("tr", {}, el("td", {}, `Player ${p.player}`),
          el("td", {"data-testid": `runout-equity-${p.player}`}, `${pct(p.equity)} (${p.equity_fraction})`),
          el("td", {}, p.scoops), pots.map((pot) => el("td", {}, `${p.pots[pot].wins} / ${p.pots[pot].ties}`))))));
      return;
    }
    $("#runouts").replaceChildren(title,
      el("table", {class: "results"}, el("tr", {}, ["player", "wins", "ties", "losses"].map((h) => el("th", {}, h)), el("th", {class: "text"}, "reaches")),
        r.players.map((p) => el("tr", {}, el("td", {}, `Player ${p.player}`), el("td", {}, p.wins), el("td", {}, p.ties),
          el("td", {}, p.losses), el("td", {class: "text"},
            Object.entries(p.categories).map(([k, n]) => `${titleCase(k)} ${n}`).join(", "))))));
  }
}

async function solve() {
  clearError();
  const params = inputs();
  setLink(params);
  const ask = new URLSearchParams(params);
  ask.set("explain", "1");
  if (splitCards($("#board").value).length >= 3) ask.set("streets", "1");
  $("#calculate").disabled = true;
  try {
    const answer = await api("/api/showdown", ask);
    if (!answer.ok) { showError(answer.body, fields()); $("#result").hidden = true; return; }
    const streets = answer.body.streets || [answer.body];
    showResult(streets[streets.length - 1], streets);
    await showDraws(params);
  } finally {
    $("#calculate").disabled = false;
  }
}

async function start() {
  picker = new CardPicker($("#picker"), pick);
  const params = linkParams();
  await fillVariants($("#rules"), params.get("rules") || "standard", true);
  const given = params.getAll("p");
  (given.length ? given : ["", ""]).forEach((text) => addSeat(text));
  if (seats.length < 2) addSeat("");
  await readDeal();
  $("#rules").addEventListener("change", () => { readDeal(); mark(); });
  if (params.get("board")) $("#board").value = params.get("board");
  $("#board").addEventListener("focus", () => { target = $("#board"); });
  $("#board").addEventListener("input", mark);
  $("#add-player").addEventListener("click", () => addSeat(""));
  $("#calculate").addEventListener("click", solve);
  $("#clear-board").addEventListener("click", () => { $("#board").value = ""; mark(); });
  target = seats[0];
  mark();
  document.body.dataset.ready = "1";
  if (given.length) await solve();
}

document.addEventListener("DOMContentLoaded", start);
