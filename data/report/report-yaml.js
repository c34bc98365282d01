/* report-yaml.js — the page's view as a preset file: every chart of the
 * page (and every chart the reader added) as a preset in aiperf plot's
 * plot_config.yaml schema, with the axes and statistics the reader picked,
 * so `aiperf-plot --config view.yaml` and the window draw the same charts,
 * and `aiperf plot` the ones of its own types.
 *
 * Besides aiperf's keys a preset may carry aiperf-plot's view keys, which
 * aiperf plot reads past: log_x / log_y (the scales), x_range / y_range
 * (the zoom) and view_type (the report's plot type switch). The runs
 * unchecked and the filters go into aiperf-plot's runs: block
 * (src/core/plots/aiperf-run-rules.h): hidden (each run's path relative to
 * what was opened), parameters (the values drawn) and metric_ranges.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
var AiperfReportYaml = (function () {
  "use strict";

  /* A YAML scalar: JSON's strings, numbers and booleans are YAML's too. */
  function scalar(v) {
    if (typeof v === "boolean") return v ? "true" : "false";
    if (typeof v === "number") return isFinite(v) ? String(+v.toPrecision(10)) : "null";
    return JSON.stringify(String(v));
  }

  function key(k) {
    return /^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? k : JSON.stringify(k);
  }

  function emit(lines, obj, indent) {
    for (const k of Object.keys(obj)) {
      const v = obj[k];
      if (v === null || v === undefined) continue;
      if (Array.isArray(v)) lines.push(indent + key(k) + ": [" + v.map(scalar).join(", ") + "]");
      else if (typeof v === "object" && !Object.keys(v).length) lines.push(indent + key(k) + ": {}");
      else if (typeof v === "object") { lines.push(indent + key(k) + ":"); emit(lines, v, indent + "  "); }
      else lines.push(indent + key(k) + ": " + scalar(v));
    }
  }

  /* The handler's own keys: "roofline.peak" is peak under roofline. */
  function nest(preset, extra) {
    for (const k of Object.keys(extra || {})) {
      const path = k.split(".");
      let at = preset;
      for (let i = 0; i < path.length - 1; i++) {
        if (typeof at[path[i]] !== "object" || at[path[i]] === null) at[path[i]] = {};
        at = at[path[i]];
      }
      at[path[path.length - 1]] = extra[k];
    }
  }

  /* The preset of @card's view: { section, name, preset }, or null for a
   * panel after its chart's first (one preset draws them all). */
  function presetOf(card, added) {
    const v = card.view, def = card.parent;
    let preset, section, name;
    const axis = (metric, stat, withStat) => (withStat ? { metric: metric, stat: stat } : { metric: metric });
    if (!def) {
      /* a chart the reader added */
      name = "chart_" + added;
      if (card.source === "requests") {
        section = "single_run";
        preset = { type: "scatter", x: axis(v.x), y: axis(v.y), autoscale: "both" };
      } else {
        section = "multi_run";
        preset = { type: "scatter_line", x: axis(v.x, v.xs, true), y: axis(v.y, v.ys, true),
                   labels: v.label ? [v.label] : [], groups: v.group ? [v.group] : undefined, autoscale: "both" };
      }
    } else {
      if (card.panel > 1) return null;
      name = def.name;
      section = def.section;
      preset = JSON.parse(JSON.stringify(def.preset));
      if (v.mode === "data") {
        /* the reader's metrics: the preset's title and axis labels no longer fit */
        const runs = card.source === "runs";
        preset.x = axis(v.x, v.xs, runs);
        preset.y = axis(v.y, v.ys, runs);
        for (const k of ["stat", "title", "x_label", "y_label"]) delete preset[k];
        if (!runs) preset.type = "scatter";
        /* the page scales picked metrics to their values, not from zero */
        preset.autoscale = "both";
      }
    }
    const extra = preset.extra || {};
    delete preset.extra;
    for (const k of ["log_x", "log_y", "x_range", "y_range", "view_type"]) delete extra[k];
    const drawnLog = (a) => !!(card.drawn && card.drawn[a] && card.drawn[a].log);
    if (v.logx !== drawnLog("x") || (!def && v.logx)) extra.log_x = !!v.logx;
    if (v.logy !== drawnLog("y") || (!def && v.logy)) extra.log_y = !!v.logy;
    if (card.zoom) {
      extra.x_range = [card.zoom[0], card.zoom[1]];
      extra.y_range = [card.zoom[2], card.zoom[3]];
    }
    if (v.type && v.type !== "drawn") extra.view_type = v.type;
    nest(preset, extra);
    return { section: section, name: name, preset: preset };
  }

  /* The preset file of the page's view. */
  function write(D, state, cards) {
    const sections = new Map(), lines = [];
    let added = 0;
    for (const card of cards) {
      const p = presetOf(card, card.added ? ++added : 0);
      if (!p) continue;
      if (!sections.has(p.section)) sections.set(p.section, []);
      const list = sections.get(p.section);
      /* two charts of one preset name (the reader changed one): the later one renamed */
      let name = p.name, n = 1;
      while (list.some((q) => q.name === name)) name = p.name + "_" + ++n;
      list.push({ name: name, preset: p.preset });
    }
    lines.push("# The view of report.html “" + D.title.replace(/\n/g, " ") + "”, saved " + new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC.");
    lines.push("# aiperf plot's plot_config.yaml schema: aiperf-plot --config FILE (or the window) draws these charts.");
    lines.push("# log_x, log_y, x_range, y_range and view_type, and the runs: block, are aiperf-plot's; aiperf plot reads past them.");
    lines.push("visualization:");
    /* aiperf's sections always (empty when the view has none of them) */
    const out = { multi_run_defaults: [], single_run_defaults: [], multi_run_plots: {}, single_run_plots: {} };
    for (const [section, list] of sections) {
      out[section + "_defaults"] = list.map((p) => p.name);
      const plots = {};
      for (const p of list) plots[p.name] = p.preset;
      out[section + "_plots"] = plots;
    }
    /* aiperf's two sections first, then the kinds' */
    const order = ["multi_run_defaults", "single_run_defaults", "multi_run_plots", "single_run_plots"];
    const keys = Object.keys(out).sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || a.localeCompare(b));
    for (const k of keys) {
      if (Array.isArray(out[k]) && out[k].length) {
        lines.push("  " + k + ":");
        for (const n of out[k]) lines.push("    - " + scalar(n));
      } else emit(lines, { [k]: out[k] }, "  ");
    }
    runsBlock(lines, D, state);
    return lines.join("\n") + "\n";
  }

  /* The runs unchecked and the filters of the view. */
  function runsBlock(lines, D, state) {
    const hidden = Array.from(state.hidden).filter((i) => D.runs[i]).sort((a, b) => a - b)
      .map((i) => D.runs[i].locator || D.runs[i].name);
    const params = {};
    for (const name of Object.keys(state.params).sort()) if (state.params[name]) params[name] = Array.from(state.params[name]).map(String);
    const ranges = (state.ranges || []).filter((r) => r && r.tag);
    if (!hidden.length && !Object.keys(params).length && !ranges.length) return;
    lines.push("runs:");
    if (hidden.length) lines.push("  hidden: [" + hidden.map(scalar).join(", ") + "]");
    if (Object.keys(params).length) {
      lines.push("  parameters:");
      for (const name in params) lines.push("    " + key(name) + ": [" + params[name].map(scalar).join(", ") + "]");
    }
    if (ranges.length) {
      lines.push("  metric_ranges:");
      for (const r of ranges)
        lines.push("    - {metric: " + scalar(r.tag) + ", stat: " + scalar(r.stat || "avg") + ", min: " + (isFinite(r.min) ? scalar(r.min) : "null") +
                   ", max: " + (isFinite(r.max) ? scalar(r.max) : "null") + "}");
    }
  }

  return { write: write, presetOf: presetOf };
})();
