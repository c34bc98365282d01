/* report-filters.js — the parameter filters of report.html's Explore box,
 * as a reader filtering a sweep wants them: one row per way the runs
 * split. Parameters that split the runs the same way (a model, and the
 * token counts and request count its runs were made with) are one row,
 * named by the one that tells most (the model, else one every run sets)
 * with the others listed beside it; a run that does not set a parameter
 * is "not set", and each value says how many runs it has.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
var AiperfReportFilters = (function () {
  "use strict";

  const { el } = AiperfReportDom;

  const valueOf = (run, key) => (run.params[key] !== undefined ? String(run.params[key]) : "");

  /* How @key splits @runs: each run's first run of the same value. */
  function split(runs, key) {
    const first = new Map();
    return runs.map((r, i) => { const v = valueOf(r, key); if (!first.has(v)) first.set(v, i); return first.get(v); }).join(",");
  }

  /* The rows: parameters grouped by how they split the runs, each group
   * headed by the model, else the first its every run sets, else its
   * first. */
  function groups(D) {
    const bySplit = new Map();
    for (const key of Object.keys(D.params)) {
      const s = split(D.runs, key);
      if (!bySplit.has(s)) bySplit.set(s, []);
      bySplit.get(s).push(key);
    }
    return Array.from(bySplit.values()).map((keys) => {
      const whole = (k) => D.runs.every((r) => valueOf(r, k) !== "");
      const head = keys.find((k) => k === "model") || keys.find(whole) || keys[0];
      return { key: head, also: keys.filter((k) => k !== head) };
    });
  }

  /* A filter saved on a parameter that is not its row's head (a preset's
   * runs: block, a link) becomes the same filter on the head: the runs it
   * lets through, by their head values. */
  function moveToHeads(D, state, rows) {
    for (const row of rows)
      for (const k of row.also) {
        const allowed = state.params[k];
        if (!allowed) continue;
        const values = new Set(D.runs.filter((r) => allowed.has(valueOf(r, k))).map((r) => valueOf(r, row.key)));
        const had = state.params[row.key];
        state.params[row.key] = had ? new Set(Array.from(had).filter((v) => values.has(v))) : values;
        delete state.params[k];
      }
  }

  /* The fieldset of the filters, or null when no parameter varies;
   * @changed runs after the reader changes one. */
  function build(D, state, changed) {
    const keys = Object.keys(D.params);
    if (!keys.length) return null;
    const rows = groups(D);
    moveToHeads(D, state, rows);
    const list = el("div", { class: "filters" });
    for (const row of rows) {
      const key = row.key, counts = new Map();
      for (const r of D.runs) { const v = valueOf(r, key); counts.set(v, (counts.get(v) || 0) + 1); }
      const values = Array.from(counts.keys());
      /* numbers in order, an unbounded rate ("inf") last of them */
      const num = (v) => (/^[+]?inf(inity)?$/i.test(v) ? Infinity : v.trim() === "" ? NaN : Number(v));
      const numeric = values.every((v) => v === "" || !isNaN(num(v)));
      values.sort((a, b) => (a === "" ? 1 : b === "" ? -1 : numeric ? num(a) - num(b) || a.localeCompare(b) : a.localeCompare(b, undefined, { numeric: true })));
      const name = el("span", { class: "filter-name", text: D.params[key] });
      const chips = el("span", { class: "filter-values" });
      /* a count only where a value has several runs (a sweep's grid) */
      const counted = Array.from(counts.values()).some((n) => n > 1);
      values.forEach((v) => {
        const cb = el("input", { type: "checkbox", "data-param": key, value: v, onchange: () => {
          const on = Array.from(chips.querySelectorAll("input")).filter((c) => c.checked).map((c) => c.value);
          state.params[key] = on.length === values.length ? null : new Set(on);
          changed();
        } });
        cb.checked = !state.params[key] || state.params[key].has(v);
        const n = counts.get(v);
        /* what the runs of this value also set, for the rows it stands for */
        const run = D.runs.find((r) => valueOf(r, key) === v);
        const more = row.also.map((k) => D.params[k] + ": " + (valueOf(run, k) === "" ? "not set" : valueOf(run, k)));
        const text = v === "" ? "not set" : v;
        chips.appendChild(el("label", { class: v === "" ? "filter-value unset" : "filter-value",
                                        title: [text + " (" + n + (n === 1 ? " run)" : " runs)")].concat(more).join("\n") },
                             [cb, el("span", { class: "filter-text", text: text }),
                              counted ? el("small", { text: n === 1 ? "1 run" : n + " runs" }) : null]));
      });
      if (row.also.length) {
        const others = row.also.map((k) => D.params[k]);
        const shown = others.slice(0, 2).join(", ") + (others.length > 2 ? " and " + (others.length - 2) + " more" : "");
        chips.appendChild(el("span", { class: "filter-also", text: "also " + shown,
                                       title: "These split the runs the same way:\n" + others.join("\n") }));
      }
      list.appendChild(el("div", { class: "filter-row", "data-filter": key }, [name, chips]));
    }
    return el("fieldset", { class: "parameters" }, [el("legend", { text: "Parameters" }), list]);
  }

  return { build: build, groups: groups };
})();
