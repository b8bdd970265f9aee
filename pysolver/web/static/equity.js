// The equity page: players (hole cards, ranges on the grid, random), a board picker, equity and its
// breakdown, and what each range makes on the board. Its inputs live in the link; opened from a link
// with players, it computes at once.
"use strict";

const MAX_PLAYERS = 10;
const players = [];          // {input, combos, grid, details}
let running = null;          // the AbortController of the computation under way

function fieldMap() {
  const fields = {board: $("#board"), dead: $("#dead"), trials: $("#trials"), seed: $("#seed")};
  players.forEach((p, i) => { fields[`p${i}`] = p.input; });
  return fields;
}

function isHole(text) { return /^\s*([2-9TJQKA][cdhs]\s*){2}$/i.test(text.replace(/10/g, "T")); }

function addPlayer(text = "") {
  if (players.length >= MAX_PLAYERS) return;
  const i = players.length;
  const input = el("input", {type: "text", class: "wide", "data-testid": `player-${i}`, value: text,
                             placeholder: "AhKh, QQ+, AKs, top 10%, random"});
  const combos = el("span", {class: "combos", "data-testid": `combos-${i}`});
  const details = el("details", {open: !isHole(text) && text.trim().toLowerCase() !== "random"},
                     el("summary", {}, "grid"));
  const player = {input, combos, details, grid: null, timer: null};
  player.grid = new RangeGrid(details, i, (rangeText, how) => {
    input.value = rangeText;
    readRange(player, how === "top" ? rangeText : null);
    markPicker();
  });
  input.addEventListener("input", () => {
    if (isHole(input.value) || input.value.trim().toLowerCase() === "random") details.open = false;
    clearTimeout(player.timer);
    player.timer = setTimeout(() => { readRange(player); markPicker(); }, 250);
  });
  details.hidden = isGame($("#rules"));               // a game's hands have no grid
  $("#players").append(el("div", {class: "player"},
    el("div", {class: "row"}, el("label", {class: "player-name"}, `Player ${i} `, input), combos), details));
  players.push(player);
  if (text) readRange(player);
}

/** Ask the server what the text holds: its combos (count, share) and the grid. */
async function readRange(player) {
  const text = player.input.value.trim();
  if (!text || isGame($("#rules"))) { player.grid.setHeld({}); player.combos.textContent = ""; return; }
  const answer = await api("/api/range", {range: text, rules: $("#rules").value || "standard"});
  if (player.input.value.trim() !== text) return;       // typed on meanwhile
  if (!answer.ok) {
    player.combos.textContent = "";
    showError({...answer.body, field: `p${players.indexOf(player)}`}, fieldMap(), "range");
    return;
  }
  clearError(`p${players.indexOf(player)}`, "range");
  player.grid.setHeld(answer.body.held);
  player.combos.textContent = `${formatWeight(answer.body.combos)} combo${answer.body.combos === 1 ? "" : "s"} (${pct(answer.body.share)})`;
}

let picker;
function markPicker() {
  picker.mark(splitCards($("#board").value), splitCards($("#dead").value),
              heldCards(players.map((p) => p.input.value)));
}

function pick(card) {
  const target = document.querySelector("input[name=pick]:checked").value === "dead" ? $("#dead") : $("#board");
  const cards = splitCards(target.value);
  const at = cards.indexOf(card);
  if (at >= 0) cards.splice(at, 1);
  else if (target.id === "dead" || cards.length < 5) cards.push(card);
  target.value = cards.join(" ");
  markPicker();
}

/** The inputs as link parameters (also the API's parameters). */
function inputs() {
  const params = new URLSearchParams();
  for (const p of players) if (p.input.value.trim()) params.append("p", p.input.value.trim());
  for (const [name, node] of [["board", $("#board")], ["dead", $("#dead")], ["trials", $("#trials")],
                              ["seed", $("#seed")], ["mode", $("#mode")]]) {
    if (node.value.trim()) params.set(name, node.value.trim().replace(/\s+/g, ""));
  }
  if ($("#rules").value && $("#rules").value !== "standard") params.set("rules", $("#rules").value);
  if (!$("#breakdown").checked) params.set("breakdown", "0");
  return params;
}

async function calculate() {
  if (running) running.abort();
  clearError();
  const params = inputs();
  setLink(params);
  const ask = new URLSearchParams(params);
  if (ask.get("mode") === "sample" && !ask.get("trials")) ask.set("trials", "1000000");
  const ranged = !isGame($("#rules")) && players.some((p) => p.input.value.trim() && !isHole(p.input.value));
  ask.set("breakdown", $("#breakdown").checked && ranged ? "1" : "0");
  ask.set("stream", "1");
  running = new AbortController();
  const controller = running;
  const start = performance.now();
  $("#cancel").hidden = false;
  $("#progress").hidden = false;
  $("#progress").removeAttribute("value");
  $("#calculate").disabled = true;
  try {
    const response = await fetch("/api/equity?" + ask.toString(), {signal: controller.signal});
    if (!response.ok) { showError(await response.json(), fieldMap()); return; }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const {value, done} = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, {stream: true});
      let newline;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        const line = JSON.parse(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
        if (line.progress !== undefined && line.total) {
          $("#progress").max = line.total;
          $("#progress").value = line.progress;
        } else if (line.error) {
          showError(line, fieldMap());
        } else if (line.result) {
          await show(line.result, performance.now() - start);
        }
      }
    }
  } catch (error) {
    if (error.name !== "AbortError") showError({error: String(error)});
  } finally {
    if (running === controller) running = null;
    $("#cancel").hidden = true;
    $("#progress").hidden = true;
    $("#calculate").disabled = false;
  }
}

function cancel() {
  if (running) { running.abort(); showError({error: "cancelled"}); }
}

/** A game's equity: each player's share of the whole pot, split by pot, and scoops. */
function showGame(result, ms) {
  const table = $("#equity-table");
  const best = Math.max(...result.players.map((p) => p.equity));
  table.replaceChildren(el("tr", {}, ["player", "hand", "equity", ...result.pots, "scoop", "±"].map((h) => el("th", {}, h))));
  for (const p of result.players) {
    table.append(el("tr", {class: p.equity === best ? "winner" : ""},
      el("td", {}, `Player ${p.player}`), el("td", {class: "text"}, p.hand),
      el("td", {"data-testid": `equity-${p.player}`}, pct(p.equity)),
      result.pots.map((pot) => el("td", {"data-testid": `${pot}-${p.player}`}, pct(p.pots[pot]))),
      el("td", {"data-testid": `scoop-${p.player}`}, pct(p.scoop)),
      el("td", {}, p.stderr ? pct(p.stderr) : "")));
  }
  const how = result.exact ? `exact, ${result.deals.toLocaleString("en")} deals`
    : `Monte Carlo, ${result.deals.toLocaleString("en")} deals, seed ${result.seed}`;
  const low = result.no_low === null ? "" : `; no low qualifies on ${pct(result.no_low / result.weight)} of deals`;
  $("#summary").textContent = `${how}${low}; ${result.rules} rules, pot by pot; answered in ${(ms / 1000).toFixed(3)} s`;
  $("#breakdown-grids").replaceChildren();
  $("#textures").replaceChildren();
  $("#result").hidden = false;
}

async function show(result, ms) {
  if (result.pots) { showGame(result, ms); return; }
  const table = $("#equity-table");
  const best = Math.max(...result.players.map((p) => p.equity));
  table.replaceChildren(el("tr", {}, ["player", "hand", "equity", "win", "tie", "±"].map((h) => el("th", {}, h))));
  for (const p of result.players) {
    table.append(el("tr", {class: p.equity === best ? "winner" : ""},
      el("td", {}, `Player ${p.player}`), el("td", {class: "text"}, p.hand),
      el("td", {"data-testid": `equity-${p.player}`}, pct(p.equity)),
      el("td", {"data-testid": `win-${p.player}`}, pct(p.win)),
      el("td", {"data-testid": `tie-${p.player}`}, pct(p.tie)),
      el("td", {}, p.stderr ? pct(p.stderr) : "")));
  }
  const how = result.exact ? `exact, ${result.deals.toLocaleString("en")} deals`
    : `Monte Carlo, ${result.deals.toLocaleString("en")} trials, seed ${result.seed}, ${result.stderr == null ? "too few trials to tell a standard error" : `standard error up to ${pct(result.stderr)}`}`;
  const threads = `${result.threads} thread${result.threads === 1 ? "" : "s"}`;
  const by = `${result.method}, ${result.kernel}, ${threads}`;  // how it was found
  $("#summary").textContent = `${how} (${by}); ${result.rules} rules; answered in ${(ms / 1000).toFixed(3)} s`;
  $("#result").hidden = false;
  showBreakdown(result);
  await showTextures(result);
}

function showBreakdown(result) {
  const box = $("#breakdown-grids");
  box.replaceChildren();
  if (!result.breakdown) return;
  for (const part of result.breakdown.players) {
    const classes = {}, combos = {};
    for (const row of part.classes) classes[row.class] = row;
    for (const row of part.combos || []) (combos[row.class] = combos[row.class] || []).push(row);
    box.append(el("div", {}, el("h3", {}, `Player ${part.player}: ${part.range}, equity by class`),
      equityGrid(`breakdown-${part.player}`, classes, result.players.length, combos),
      el("p", {class: "muted"}, "green above the fair share, red below; hover a cell for its combos")));
  }
}

async function showTextures(result) {
  const box = $("#textures");
  box.replaceChildren();
  if (result.board.length < 3) return;
  for (const p of result.players) {
    if (isHole(p.hand)) continue;
    const answer = await api("/api/texture", {range: p.hand, board: result.board.join(""),
                                              dead: result.dead.join(""), rules: $("#rules").value});
    if (!answer.ok) continue;
    const made = Object.entries(answer.body.made).filter(([, n]) => n > 0);
    box.append(el("div", {"data-testid": `texture-${p.player}`},
      el("h3", {}, `Player ${p.player} makes on ${result.board.join(" ")}`),
      el("table", {class: "results"}, el("tr", {}, el("th", {}, "hand"), el("th", {}, "combos"), el("th", {}, "share")),
        made.map(([name, n]) => el("tr", {}, el("td", {}, titleCase(name)), el("td", {}, formatWeight(n)),
          el("td", {}, el("span", {class: "bar", style: `width:${4 * answer.body.made_shares[name]}em`}), " ",
            pct(answer.body.made_shares[name], 1)))))));
  }
}

async function start() {
  picker = new CardPicker($("#picker"), pick);
  const params = linkParams();
  await fillVariants($("#rules"), params.get("rules") || "standard", true);
  $("#rules").addEventListener("change", () => {
    const game = isGame($("#rules"));
    for (const p of players) {
      p.details.hidden = game;                      // a game's hands have no grid
      p.input.placeholder = game ? "the game's hole cards, or random" : "AhKh, QQ+, AKs, top 10%, random";
      readRange(p);
    }
  });
  const given = params.getAll("p");
  (given.length ? given : ["", ""]).forEach((text) => addPlayer(text));
  if (players.length < 2) addPlayer("");
  for (const name of ["board", "dead", "trials", "seed"]) if (params.get(name)) $(`#${name}`).value = params.get(name);
  if (params.get("mode")) $("#mode").value = params.get("mode");
  if (params.get("breakdown") === "0") $("#breakdown").checked = false;
  $("#rules").dispatchEvent(new Event("change"));
  $("#add-player").addEventListener("click", () => addPlayer(""));
  $("#calculate").addEventListener("click", calculate);
  $("#cancel").addEventListener("click", cancel);
  $("#clear-board").addEventListener("click", () => { $("#board").value = ""; $("#dead").value = ""; markPicker(); });
  for (const node of [$("#board"), $("#dead")]) node.addEventListener("input", markPicker);
  markPicker();
  document.body.dataset.ready = "1";
  if (given.length) await calculate();
}

document.addEventListener("DOMContentLoaded", start);
