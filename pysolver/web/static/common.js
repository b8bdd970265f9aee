// pysolver's web app: what the three pages share. Plain JavaScript, no build step, nothing from elsewhere.
"use strict";

const SUITS = "cdhs";
const RANKS = "23456789TJQKA";
const GRID_RANKS = "AKQJT98765432";
const NEUTRAL = "#e6e6e6", GREEN = "#1a9641", RED = "#d7191c", HELD = "#f2c12e", EMPTY = "#333333";

/** An element: el("td", {class: "x", "data-class": "AKs"}, child, "text"). */
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "style") node.style.cssText = value;       // CSSOM: allowed by the pages' policy
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

const $ = (selector, root = document) => root.querySelector(selector);
const pct = (x, digits = 2) => (100 * x).toFixed(digits) + "%";
const titleCase = (snake) => snake.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

/** The class at (row, column) of the grid: pairs on the diagonal, suited above, offsuit below. */
function gridClass(row, column) {
  if (row === column) return GRID_RANKS[row] + GRID_RANKS[row];
  if (row < column) return GRID_RANKS[row] + GRID_RANKS[column] + "s";
  return GRID_RANKS[column] + GRID_RANKS[row] + "o";
}

/** The combos of a class, high card first: "AKs" -> ["AcKc", "AdKd", "AhKh", "AsKs"]. */
function classCombos(name) {
  const [high, low] = [name[0], name[1]];
  const out = [];
  for (const a of SUITS) for (const b of SUITS) {
    if (high === low ? a < b : (name[2] === "s" ? a === b : a !== b)) {
      out.push(high === low ? high + b + low + a : high + a + low + b);
    }
  }
  return out;
}

/** The class of a combo "AhKh" -> "AKs". */
function comboClass(combo) {
  let [r1, s1, r2, s2] = combo;
  if (RANKS.indexOf(r1) < RANKS.indexOf(r2)) [r1, s1, r2, s2] = [r2, s2, r1, s1];
  return r1 === r2 ? r1 + r2 : r1 + r2 + (s1 === s2 ? "s" : "o");
}

/** A combo written high card first, as the API writes it. */
function canonicalCombo(combo) {
  const [r1, s1, r2, s2] = combo;
  const first = RANKS.indexOf(r1) * 4 + SUITS.indexOf(s1), second = RANKS.indexOf(r2) * 4 + SUITS.indexOf(s2);
  return first > second ? combo : r2 + s2 + r1 + s1;
}

function mix(a, b, t) {
  t = Math.min(Math.max(t, 0), 1);
  const channel = (c, i) => parseInt(c.slice(1 + 2 * i, 3 + 2 * i), 16);
  return "#" + [0, 1, 2].map((i) => Math.round(channel(a, i) + (channel(b, i) - channel(a, i)) * t)
    .toString(16).padStart(2, "0")).join("");
}

/** PokerStove's scale, as the command line draws it: neutral at 1/players, green above, red below. */
function equityColour(equity, players) {
  const t = Math.max(-1, Math.min(1, Math.log2(Math.max(equity, 1e-9) * players)));
  return t >= 0 ? mix(NEUTRAL, GREEN, t) : mix(NEUTRAL, RED, -t);
}

function textColour(background) {
  const c = (i) => parseInt(background.slice(1 + 2 * i, 3 + 2 * i), 16);
  return 0.299 * c(0) + 0.587 * c(1) + 0.114 * c(2) > 140 ? "#000" : "#fff";
}

/** A card as a coloured chip. */
function cardChip(text, extra = "") {
  return el("span", {class: `card ${text[1]} ${extra}`.trim(), "data-chip": text}, text);
}

/** Cards typed liberally ("Ks7h2d", "ks 7h, 2d") as a list of "Ks" texts; unknown tokens are kept for the server to name. */
function splitCards(text) {
  const compact = text.replace(/10/g, "T").replace(/[\s,]+/g, "");
  const out = [];
  for (let i = 0; i + 1 < compact.length; i += 2) {
    out.push(compact[i].toUpperCase() + compact[i + 1].toLowerCase());
  }
  return out;
}

/** The page's link parameters. */
function linkParams() { return new URLSearchParams(location.search); }

/** Put the inputs in the link (so it can be bookmarked and shared) without reloading. */
function setLink(params, hash = "") {
  const search = params.toString();
  history.replaceState(null, "", location.pathname + (search ? "?" + search : "") + hash);
}

/**
 * Call the API: GET with the parameters in the link, or POST with a JSON body.
 * Resolves to {ok, status, body, ms}; never throws for an HTTP error.
 */
async function api(path, params, {post = false, signal} = {}) {
  const start = performance.now();
  let response;
  if (post) {
    response = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json"},
                                  body: JSON.stringify(params), signal});
  } else {
    const search = params instanceof URLSearchParams ? params : new URLSearchParams(params);
    response = await fetch(path + "?" + search.toString(), {signal});
  }
  let body;
  try { body = await response.json(); } catch (e) { body = {error: `the server answered ${response.status}`}; }
  return {ok: response.ok, status: response.status, body, ms: performance.now() - start};
}

/**
 * The page's error line, shown beside the field it concerns (fields[name] is an element), or
 * under the page's main button when no field is named; screen readers announce it (role=alert).
 * `source` says what found it: "compute" (the page's computation) or "range" (a range read as
 * it is typed). clearError() hides it.
 */
function showError(body, fields = {}, source = "compute") {
  const box = $("[data-testid=error]");
  box.textContent = body.error || "error";
  box.dataset.field = body.field || "";
  box.dataset.source = source;
  box.hidden = false;
  document.querySelectorAll(".invalid").forEach((n) => { n.classList.remove("invalid"); n.removeAttribute("aria-invalid"); });
  const field = fields[body.field];
  const anchor = field || $("[data-error-home]");
  if (field) { field.classList.add("invalid"); field.setAttribute("aria-invalid", "true"); }
  if (anchor) anchor.insertAdjacentElement(field ? "afterend" : "beforeend", box);
}

/** Hide the error line: any (no arguments), or only one that `source` found about `field`. */
function clearError(field = null, source = null) {
  const box = $("[data-testid=error]");
  if (field !== null && box.dataset.field !== field) return;     // another field's error stays
  if (source !== null && box.dataset.source !== source) return;  // a computation's error outlives a range read
  box.hidden = true;
  box.textContent = "";
  document.querySelectorAll(".invalid").forEach((n) => { n.classList.remove("invalid"); n.removeAttribute("aria-invalid"); });
}

/** The rule variants, for the pages' selects; with `games`, the games beyond hold'em too, in a group
 *  of their own (each option of a game carries data-game). */
async function fillVariants(select, chosen, games = false) {
  const answer = await api("/api/variants", {});
  for (const name of answer.body.variants || []) {
    select.append(el("option", {value: name, selected: name === chosen}, name));
  }
  if (games && (answer.body.games || []).length) {
    select.append(el("optgroup", {label: "games"}, answer.body.games.map(
      (name) => el("option", {value: name, selected: name === chosen, "data-game": "1"}, name))));
  }
}

/** A showdown's pots when one is not the high (a low, or high and low): a table per pot; null for one high pot. */
function lowPots(result) {
  const pots = result.pots || [];
  return pots.some((pot) => pot.pot !== "high") ? pots : null;
}

/** Whether a select's chosen rule book is a game beyond hold'em. */
function isGame(select) {
  const option = select.selectedOptions[0];
  return Boolean(option && option.dataset.game);
}

const RANK_NAMES = {A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight", 7: "seven",
                    6: "six", 5: "five", 4: "four", 3: "three", 2: "two"};
const SUIT_NAMES = {s: "spades", h: "hearts", d: "diamonds", c: "clubs"};

/** A card's name as a screen reader says it, its text first: "Qs" -> "Qs, queen of spades". */
function cardName(card) { return `${card}, ${RANK_NAMES[card[0]]} of ${SUIT_NAMES[card[1]]}`; }

/**
 * A board picker: 52 cards, each a button (data-card="Qs") that the mouse, Enter or Space picks;
 * onPick(card) is told of each. Arrow keys move between the cards as on the table's layout.
 */
class CardPicker {
  constructor(container, onPick, label = "cards of the board") {
    this.node = el("div", {class: "picker", role: "group", "aria-label": label});
    for (const suit of "shdc") {
      for (const rank of [...GRID_RANKS]) {
        const card = rank + suit;
        this.node.append(el("button", {type: "button", class: `card ${suit}`, "data-card": card,
                                       "aria-label": cardName(card), "aria-pressed": "false",
                                       onclick: () => onPick(card)}, card));
      }
    }
    this.node.addEventListener("keydown", (event) => {
      const moves = {ArrowLeft: -1, ArrowRight: 1, ArrowUp: -13, ArrowDown: 13};
      const at = [...this.node.children].indexOf(event.target);
      if (at < 0 || !(event.key in moves)) return;
      const next = this.node.children[at + moves[event.key]];
      if (next) { event.preventDefault(); next.focus(); }
    });
    container.append(this.node);
  }

  /** Mark the cards: on (board), dead, used (held by a player). */
  mark(board, dead, used) {
    for (const node of this.node.children) {
      const card = node.dataset.card;
      node.classList.toggle("on", board.includes(card));
      node.classList.toggle("dead", dead.includes(card));
      node.classList.toggle("used", used.includes(card));
      node.setAttribute("aria-pressed", String(board.includes(card) || dead.includes(card)));
      node.setAttribute("aria-label", cardName(card) + (board.includes(card) ? ", on the board" : "") +
                        (dead.includes(card) ? ", dead" : "") + (used.includes(card) ? ", held by a player" : ""));
    }
  }
}

/** Hole cards of several players, for the picker's "used" marks. */
function heldCards(texts) {
  return texts.flatMap((t) => (/^([2-9TJQKA][cdhs]\s*){2}$/i.test(t.trim()) ? splitCards(t) : []));
}
