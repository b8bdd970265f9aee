// The rules lab: a rule book's text edited in the page and checked against the contract (errors at
// their line), its category counts, its diff against another rule book, a matchup under both, and
// showdowns solved under it. A text pinned as rule book A is diffed against the edited one. The texts
// travel in the link's fragment (#text=...&against_text=...).
"use strict";

let baseText = "";
let pinnedText = null;
const PINNED = "pinned";

function edited() { return $("#text").value !== baseText; }

/** The rules of a request: the edited text, or the variant it started from. */
function rulesParams() { return edited() ? {text: $("#text").value} : {rules: $("#base").value}; }

function drawGutter(bad = null) {
  const count = $("#text").value.split("\n").length;
  const gutter = $("#gutter");
  gutter.replaceChildren();
  for (let n = 1; n <= count; n++) {
    gutter.append(n === bad ? el("span", {class: "bad", "data-testid": "error-line"}, String(n)) : String(n), "\n");
  }
  gutter.scrollTop = $("#text").scrollTop;
  $("#edited").textContent = edited() ? `edited (${$("#base").value} changed)` : "";
}

/** Rule book A of a diff: the pinned text, or a shipped variant. */
function againstParams() {
  return $("#against").value === PINNED ? {against_text: pinnedText} : {against: $("#against").value};
}

function pin(text) {
  pinnedText = text;
  if (!$(`#against option[value=${PINNED}]`)) $("#against").append(el("option", {value: PINNED}, "the pinned text (A)"));
  $("#against").value = PINNED;
}

function showRuleError(body) {
  const field = body.field || "text";
  showError({...body, field}, {text: $("#editor"), against_text: $("#against"), showdowns: $("#showdowns"),
    seed: $("#seed"), matchup: $("#matchup"), p0: $("#p0"), p1: $("#p1"), board: $("#board")});
  drawGutter(field === "text" ? body.line : null);
  if (body.line && field === "text") {
    const lines = $("#text").value.split("\n");
    const at = lines.slice(0, body.line - 1).join("\n").length;
    $("#text").scrollTop = Math.max(0, (body.line - 5) * 18.85);
    $("#text").setSelectionRange(at + (body.line > 1 ? 1 : 0), at + 1 + (lines[body.line - 1] || "").length);
  }
}

function link() {
  const params = new URLSearchParams();
  params.set("base", $("#base").value);
  params.set("against", $("#against").value);
  for (const name of ["showdowns", "seed", "matchup", "board"]) {
    if ($(`#${name}`).value.trim()) params.set(name, $(`#${name}`).value.trim());
  }
  for (const id of ["p0", "p1"]) if ($(`#${id}`).value.trim()) params.append("p", $(`#${id}`).value.trim());
  const texts = new URLSearchParams();
  if (edited()) texts.set("text", $("#text").value);
  if (pinnedText !== null && $("#against").value === PINNED) texts.set("against_text", pinnedText);
  setLink(params, texts.toString() ? "#" + texts.toString() : "");
}

async function loadBase() {
  const answer = await api("/api/rules", {rules: $("#base").value});
  if (!answer.ok) { showRuleError(answer.body); return; }
  baseText = answer.body.text;
  $("#text").value = baseText;
  clearError();
  drawGutter();
  showFacts(answer.body);
}

function showFacts(facts) {
  const counts = facts.counts;
  $("#facts").replaceChildren(
    el("p", {}, `${facts.rules}: ${facts.deck} cards (faces ${facts.faces}), ${facts.straights.length} straights, `,
       el("strong", {"data-testid": "hand-classes"}, facts.hand_classes.toLocaleString("en")), " classes of hand"),
    el("p", {"data-testid": "game"}, `the game: ${facts.game.description}`),
    el("table", {class: "results", "data-testid": "counts"},
      el("tr", {}, el("th", {}, "category, best first"), el("th", {}, "five-card hands"), el("th", {}, "classes")),
      facts.category_order.map((name) => el("tr", {"data-category": name}, el("td", {}, titleCase(name)),
        el("td", {}, counts[name].hands.toLocaleString("en")), el("td", {}, counts[name].classes.toLocaleString("en"))))));
}

async function check() {
  clearError();
  link();
  $("#check").disabled = true;
  try {
    const answer = await api("/api/rules", {...rulesParams()}, {post: true});
    if (!answer.ok) { showRuleError(answer.body); $("#facts").replaceChildren(); return false; }
    drawGutter();
    showFacts(answer.body);
    return true;
  } finally {
    $("#check").disabled = false;
  }
}

function side(label, s) {
  return el("div", {}, el("strong", {}, `${label}: `),
    s.outcome === "tie" ? `players ${s.winners.join(" and ")} tie` : `player ${s.winners[0]} wins`,
    " (", s.hands.join("; "), ")", el("br"), el("span", {class: "muted"}, s.reasons.join("; ")));
}

function showDiff(d) {
  const [a, b] = d.rules;
  const classes = d.classes, shown = d.showdowns;
  const box = $("#rule-diff");
  box.replaceChildren(
    el("h3", {}, `${a} → ${b}`),
    el("table", {class: "results"},
      el("tr", {}, el("th", {}, "category"), el("th", {}, `${a} hands`), el("th", {}, "classes"),
         el("th", {}, `${b} hands`), el("th", {}, "classes")),
      d.categories.map((row) => el("tr", {class: JSON.stringify(row.a) === JSON.stringify(row.b) ? "" : "changed"},
        el("td", {}, titleCase(row.category)), el("td", {}, row.a.hands.toLocaleString("en")), el("td", {}, row.a.classes),
        el("td", {}, row.b.hands.toLocaleString("en")), el("td", {}, row.b.classes)))),
    el("p", {}, "order, best first: ", el("br"), `${a}: ${d.category_order.a.map(titleCase).join(" > ")}`, el("br"),
       `${b}: ${d.category_order.b.map(titleCase).join(" > ")}`),
    el("p", {"data-testid": "classes-moved"}, el("strong", {}, classes.moved.toLocaleString("en")),
       ` of ${classes.classes.toLocaleString("en")} classes change places (${classes.hands_moved.toLocaleString("en")} hands)`,
       Object.keys(classes.moved_by_category).length ? ": " + Object.entries(classes.moved_by_category)
         .map(([k, n]) => `${titleCase(k)} ${n}`).join(", ") : ""),
    el("ul", {}, classes.examples.map((x) => el("li", {}, x.lower.cards.map((c) => cardChip(c)), ` ${x.lower.b} now beats `,
      x.higher.cards.map((c) => cardChip(c)), ` ${x.higher.b}`))),
    el("p", {"data-testid": "showdowns-changed"}, el("strong", {}, shown.changed.toLocaleString("en")),
       ` of ${shown.showdowns.toLocaleString("en")} random showdowns (seed ${shown.seed}) change winners`,
       Object.keys(shown.kinds).length ? ": " + Object.entries(shown.kinds).map(([k, n]) => `${k} ${n}`).join(", ") : ""),
    el("ul", {}, shown.examples.map((x) => el("li", {},
      x.players.map((h, i) => el("span", {}, ` player ${i} `, h.map((c) => cardChip(c)))), " on ",
      x.board.map((c) => cardChip(c)), side(a, x.a), side(b, x.b)))),
    ...matchups(d.equity, a, b));
}

/** The matchups' equity under both books: a heading and a table. */
function matchups(equity, a, b) {
  return [el("h3", {}, "Equity under both"),
    el("table", {class: "results", "data-testid": "matchups"},
      el("tr", {}, el("th", {}, "matchup"), el("th", {}, "board"), el("th", {}, a), el("th", {}, b)),
      equity.map((m) => el("tr", {}, el("td", {class: "text"}, (m.name ? m.name + ": " : "") + m.players.join(" vs ")),
        el("td", {class: "text"}, m.board || "preflop"), el("td", {}, m.a.map((x) => pct(x)).join(" / ")),
        el("td", {}, m.b.map((x) => pct(x)).join(" / ")))))];
}

/** A game's diff, pot by pot: the best hands by category under each book, the low played, the deals
 *  whose shares change (the first ones under both), the matchups' equity. */
function showGameDiff(d) {
  const {a, b} = d;
  const share = (x) => (x === undefined ? "–" : pct(x));
  const low = d.low_played.a === null && d.low_played.b === null ? ""
    : `; a low is played on ${share(d.low_played.a ?? undefined)} / ${share(d.low_played.b ?? undefined)} of deals`;
  $("#rule-diff").replaceChildren(
    el("h3", {}, `${a} → ${b}`),
    ...Object.entries(d.pots).map(([pot, books]) => {
      const names = [...new Set([...Object.keys(books.a), ...Object.keys(books.b)])];
      return el("table", {class: "results", "data-testid": `pot-${pot}`},
        el("caption", {}, `the ${pot} pot: players' best hands by category`),
        el("tr", {}, el("th", {}, "category"), el("th", {}, a), el("th", {}, b)),
        names.map((name) => el("tr", {class: books.a[name] === books.b[name] ? "" : "changed"},
          el("td", {}, name === "none" ? "no hand plays" : titleCase(name)), el("td", {}, share(books.a[name])),
          el("td", {}, share(books.b[name])))));
    }),
    el("p", {"data-testid": "showdowns-changed"}, el("strong", {}, d.changed.toLocaleString("en")),
       ` of ${d.deals.toLocaleString("en")} random deals of ${d.players} players (seed ${d.seed}) change shares of the pot`,
       low),
    el("ul", {}, d.examples.map((x) => el("li", {}, x.deal, el("br"), el("span", {class: "muted"}, `${a}: ${x.a}`),
      el("br"), el("span", {class: "muted"}, `${b}: ${x.b}`)))),
    ...matchups(d.equity, a, b));
}

async function diff() {
  clearError();
  link();
  $("#diff").disabled = true;
  $("#rule-diff").replaceChildren(el("progress"));
  try {
    const params = {...rulesParams(), ...againstParams(), showdowns: $("#showdowns").value,
                    seed: $("#seed").value, matchup: $("#matchup").value ? [$("#matchup").value] : []};
    const answer = await api("/api/rules/diff", params, {post: true});
    if (!answer.ok) { showRuleError(answer.body); $("#rule-diff").replaceChildren(); return; }
    if (answer.body.pots) showGameDiff(answer.body);
    else showDiff(answer.body);
  } finally {
    $("#diff").disabled = false;
  }
}

async function solve() {
  clearError();
  link();
  const params = {...rulesParams(), p: [$("#p0").value, $("#p1").value], board: $("#board").value, explain: "1"};
  const answer = await api("/api/showdown", params, {post: true});
  if (!answer.ok) { showRuleError(answer.body); return; }
  const r = answer.body;
  $("#winner").textContent = lowPots(r)
    ? r.players.map((p) => `Player ${p.player} takes ${pct(p.share, 0)}`).join(", ")
    : r.outcome === "tie" ? `Split pot: players ${r.winners.join(" and ")} tie` : `Player ${r.winners[0]} wins`;
  const described = (p) => (lowPots(r)
    ? r.pots.map((pot) => `${pot.pot}: ${pot.hands[p.player] ? pot.hands[p.player].description : "none"}`).join("; ")
    : p.description);
  $("#hands").replaceChildren(...r.players.map((p) => el("tr", {class: r.winners.includes(p.player) ? "winner" : ""},
    el("td", {}, `Player ${p.player}`),
    el("td", {class: "text"}, [...p.hole, ...r.board].map((c) => cardChip(c, p.best_five.includes(c) ? "best" : "dim"))),
    el("td", {class: "text"}, described(p)))));
  $("#explanation").replaceChildren(...((r.explanation || {}).reasons || []).map((x) => el("li", {}, x)));
}

async function start() {
  const params = linkParams();
  await fillVariants($("#base"), params.get("base") || "standard", true);
  await fillVariants($("#against"), params.get("against") || "standard", true);
  for (const name of ["showdowns", "seed", "matchup", "board"]) if (params.get(name)) $(`#${name}`).value = params.get(name);
  const hands = params.getAll("p");
  if (hands[0]) $("#p0").value = hands[0];
  if (hands[1]) $("#p1").value = hands[1];
  await loadBase();
  const fragment = new URLSearchParams(location.hash.slice(1));
  const shared = fragment.get("text");
  if (shared !== null) { $("#text").value = shared; drawGutter(); }
  if (fragment.get("against_text") !== null) pin(fragment.get("against_text"));
  $("#base").addEventListener("change", () => { loadBase(); link(); });
  $("#reset").addEventListener("click", loadBase);
  $("#check").addEventListener("click", check);
  $("#diff").addEventListener("click", diff);
  $("#pin").addEventListener("click", () => { pin($("#text").value); link(); });
  $("#solve").addEventListener("click", solve);
  $("#text").addEventListener("input", () => drawGutter());
  $("#text").addEventListener("scroll", () => { $("#gutter").scrollTop = $("#text").scrollTop; });
  document.body.dataset.ready = "1";
  if (params.has("against") || shared !== null) {
    if (await check()) {
      await diff();
      if (hands.length) await solve();
    }
  }
}

document.addEventListener("DOMContentLoaded", start);
