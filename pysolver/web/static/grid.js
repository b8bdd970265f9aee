// The 13x13 grid of starting hands: a range built by clicking, dragging, weights, "top x%", and the
// suit-specific combos of a cell (right-click a cell). Also the read-only grids of results.
"use strict";

const ORDERINGS = [["vs1", "vs one random hand"], ["vs2", "vs two"], ["vs3", "vs three (PokerStove)"],
                   ["chen", "Chen formula"]];

function formatWeight(w) { return String(Math.round(w * 10000) / 10000); }

/** The table of 169 cells, each carrying data-class; returns [table, Map class -> td]. */
function gridTable(testid, readonly) {
  const cells = new Map();
  const table = el("table", {class: "grid" + (readonly ? " readonly" : ""), "data-testid": testid});
  for (let r = 0; r < 13; r++) {
    const row = el("tr");
    for (let c = 0; c < 13; c++) {
      const name = gridClass(r, c);
      const td = el("td", {"data-class": name}, el("span", {}, name));
      cells.set(name, td);
      row.append(td);
    }
    table.append(row);
  }
  return [table, cells];
}

/** Fill a cell from the left: [colour, fraction] segments, the rest empty. */
function paintCell(td, segments) {
  let at = 0;
  const stops = [];
  for (const [colour, fraction] of segments) {
    if (fraction <= 0) continue;
    stops.push(`${colour} ${100 * at}%`, `${colour} ${100 * Math.min(1, at + fraction)}%`);
    at = Math.min(1, at + fraction);
  }
  if (at < 1) stops.push(`${EMPTY} ${100 * at}%`, `${EMPTY} 100%`);
  td.style.background = stops.length ? `linear-gradient(to right, ${stops.join(", ")})` : EMPTY;
  const under = segments.length && segments[0][1] >= 0.5 ? segments[0][0] : EMPTY;
  td.style.color = textColour(under);
}

/** A player's range on the grid. onChange(text, how) is told when a click, a drag or a tool changes it. */
class RangeGrid {
  constructor(container, index, onChange) {
    this.index = index;
    this.onChange = onChange;
    this.held = new Map();            // combo "AhKh" -> weight
    [this.table, this.cells] = gridTable(`grid-${index}`, false);
    this.weight = el("input", {type: "number", min: "0.05", max: "1", step: "0.05", value: "1",
                               title: "the weight of the cells you click", "data-testid": `weight-${index}`});
    this.top = el("input", {type: "range", min: "0", max: "100", step: "0.5", value: "0",
                            "data-testid": `top-${index}`});
    this.topLabel = el("span", {class: "muted"}, "top 0%");
    this.order = el("select", {title: "the ordering of top x%", "aria-label": "the ordering of top x%"},
                    ORDERINGS.map(([v, t]) => el("option", {value: v}, t)));
    const tools = el("div", {class: "grid-tools"},
      el("label", {}, "weight ", this.weight),
      el("label", {}, "top x% ", this.top), this.topLabel, el("label", {}, "by ", this.order),
      el("button", {type: "button", onclick: () => { this.held.clear(); this.changed("click"); }}, "clear"),
      el("span", {class: "muted"}, "click or drag cells; right-click a cell for its suits"));
    const slide = () => {
      this.topLabel.textContent = `top ${this.top.value}%`;
      this.onChange(Number(this.top.value) > 0 ? `top ${this.top.value}% ${this.order.value}` : "", "top");
    };
    this.top.addEventListener("input", slide);
    this.order.addEventListener("change", slide);
    container.append(tools, this.table);
    this.listen();
  }

  listen() {
    this.keyboard();
    let painting = null;
    this.table.addEventListener("mousedown", (event) => {
      const td = event.target.closest("td");
      if (!td || event.button !== 0) return;
      event.preventDefault();
      painting = !this.full(td.dataset.class);
      this.paint(td.dataset.class, painting);
    });
    this.table.addEventListener("mouseover", (event) => {
      const td = event.target.closest("td");
      if (td && painting !== null && event.buttons & 1) this.paint(td.dataset.class, painting);
    });
    document.addEventListener("mouseup", () => {
      if (painting !== null) { painting = null; this.changed("click"); }
    });
    this.table.addEventListener("contextmenu", (event) => {
      const td = event.target.closest("td");
      if (!td) return;
      event.preventDefault();
      this.suits(td, event.pageX, event.pageY);
    });
  }

  /** The grid from the keyboard: one cell in the tab order, arrow keys (Home, End) move, Enter or
   *  Space adds or removes the class, S (or the context-menu key) opens its suits. */
  keyboard() {
    this.table.setAttribute("role", "grid");
    this.table.setAttribute("aria-label", `player ${this.index}'s range: arrow keys move, Enter or Space ` +
                            "adds or removes a class, S shows its suits");
    const rows = [...this.table.querySelectorAll("tr")];
    rows.forEach((tr) => tr.setAttribute("role", "row"));
    for (const td of this.cells.values()) { td.setAttribute("role", "gridcell"); td.tabIndex = -1; }
    this.cells.get("AA").tabIndex = 0;
    this.table.addEventListener("keydown", (event) => {
      const td = event.target.closest("td");
      if (!td) return;
      const row = rows.indexOf(td.parentElement), column = [...td.parentElement.children].indexOf(td);
      const moves = {ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0],
                     Home: [0, -column], End: [0, 12 - column]};
      if (event.key in moves) {
        const [dr, dc] = moves[event.key];
        const next = this.cells.get(gridClass(Math.min(12, Math.max(0, row + dr)), Math.min(12, Math.max(0, column + dc))));
        event.preventDefault();
        td.tabIndex = -1;
        next.tabIndex = 0;
        next.focus();
      } else if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        this.paint(td.dataset.class, !this.full(td.dataset.class));
        this.changed("click");
      } else if (event.key === "s" || event.key === "S" || event.key === "ContextMenu" ||
                 (event.key === "F10" && event.shiftKey)) {
        event.preventDefault();
        const box = td.getBoundingClientRect();
        this.suits(td, box.left + window.scrollX, box.bottom + window.scrollY);
      }
    });
  }

  full(name) { return classCombos(name).every((c) => (this.held.get(c) || 0) > 0); }

  paint(name, on) {
    const w = Math.min(1, Math.max(0.0001, Number(this.weight.value) || 1));
    for (const combo of classCombos(name)) {
      if (on) this.held.set(combo, w); else this.held.delete(combo);
    }
    this.render();
  }

  /** The popover of a cell's combos, each a checkbox. */
  suits(td, x, y) {
    document.querySelectorAll(".popover").forEach((p) => p.remove());
    const name = td.dataset.class;
    const boxes = classCombos(name).map((combo) => {
      const box = el("input", {type: "checkbox", "data-combo": combo, checked: this.held.has(combo)});
      box.addEventListener("change", () => {
        if (box.checked) this.held.set(combo, Math.min(1, Number(this.weight.value) || 1));
        else this.held.delete(combo);
        this.changed("click");
      });
      return el("label", {}, box, " ", combo);
    });
    const close = (refocus = true) => { pop.remove(); if (refocus) td.focus(); };
    const pop = el("div", {class: "popover", role: "dialog", "aria-label": `the suits of ${name}`,
                           "data-testid": `suits-${this.index}`, style: `left:${x}px;top:${y}px`},
                   el("strong", {}, name), el("br"), boxes, el("br"),
                   el("button", {type: "button", "data-testid": "suits-close", onclick: () => close()}, "close"));
    document.body.append(pop);
    pop.querySelector("input").focus();
    const away = (event) => {
      if ((event.type === "keydown" && event.key === "Escape") || (event.type === "mousedown" && !pop.contains(event.target))) {
        if (pop.isConnected) close(event.type === "keydown");
        document.removeEventListener("mousedown", away);
        document.removeEventListener("keydown", away);
      }
    };
    setTimeout(() => { document.addEventListener("mousedown", away); document.addEventListener("keydown", away); }, 0);
  }

  changed(how) { this.render(); this.onChange(this.text(), how); }

  /** Take the range the server read: {combo: weight}. */
  setHeld(held) {
    this.held = new Map(Object.entries(held || {}));
    this.render();
  }

  render() {
    for (const [name, td] of this.cells) {
      const combos = classCombos(name);
      const sum = combos.reduce((s, c) => s + (this.held.get(c) || 0), 0);
      paintCell(td, [[HELD, sum / combos.length]]);
      td.title = `${name}: ${formatWeight(sum)} of ${combos.length} combos`;
      td.setAttribute("aria-selected", String(sum > 0));
    }
  }

  /** The range as text: whole classes as players write them (QQ+, AJs+, 98s-65s), weights as
   *  0.5(KQs), single combos where a class is split. */
  text() {
    const whole = new Set(), parts = [];
    for (let r = 0; r < 13; r++) for (let c = 0; c < 13; c++) {
      const name = gridClass(r, c);
      const combos = classCombos(name);
      const weights = combos.map((x) => this.held.get(x) || 0);
      if (weights.every((w) => w === weights[0]) && weights[0] > 0) {
        if (weights[0] === 1) whole.add(name); else parts.push(`${formatWeight(weights[0])}(${name})`);
      } else {
        combos.forEach((x, i) => {
          if (weights[i] > 0) parts.push(weights[i] === 1 ? x : `${formatWeight(weights[i])}(${x})`);
        });
      }
    }
    return [...compress(whole), ...parts].join(", ");
  }
}

/** Whole classes in range notation: runs of pairs (QQ+, 99-66) and of kickers under one high card
 *  (AJs+, K9o-K6o), best first. */
function compress(classes) {
  const out = [];
  const runs = (names, top, plus, dash) => {             // names: classes ordered best first, present or not
    let start = null;
    names.forEach((name, i) => {
      const held = classes.has(name);
      if (held && start === null) start = i;
      if (start !== null && (!held || i === names.length - 1)) {
        const end = held ? i : i - 1;
        if (end === start) out.push(names[start]);
        else if (start === 0 && top) out.push(plus(names[end]));
        else out.push(dash(names[start], names[end]));
        start = null;
      }
    });
  };
  const ranks = [...GRID_RANKS];
  runs(ranks.map((r) => r + r), true, (low) => low + "+", (a, b) => `${a}-${b}`);
  for (const kind of ["s", "o"]) {
    ranks.forEach((high, h) => {
      const names = ranks.slice(h + 1).map((low) => high + low + kind);
      runs(names, true, (low) => low + "+", (a, b) => `${a}-${b}`);
    });
  }
  return out;
}

/**
 * A read-only grid of a result: per class an equity (coloured on PokerStove's scale for `players`)
 * and how full the cell is; titles say the class's combos and figures.
 */
function equityGrid(testid, classes, players, combosByClass = {}) {
  const [table, cells] = gridTable(testid, true);
  for (const [name, td] of cells) {
    const row = classes[name];
    if (!row) { paintCell(td, []); continue; }
    const held = row.fill === undefined ? 1 : row.fill;
    paintCell(td, [[equityColour(row.equity, players), held]]);
    const combos = (combosByClass[name] || []).map((c) => `${c.combo} ${pct(c.equity, 1)}`).join(", ");
    td.title = `${name}: ${formatWeight(row.combos)} combos, equity ${pct(row.equity)}` +
      (row.stderr ? ` ± ${pct(row.stderr)}` : "") + (combos ? `\n${combos}` : "");
  }
  return table;
}
