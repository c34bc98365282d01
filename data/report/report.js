/* report.js — the interactive part of report.html.
 *
 * Every chart of the page is redrawn from the data embedded beside it: as
 * drawn by aiperf-plot (its layers, series, axes), or from the runs'
 * summary metrics (or a single run's requests) when the reader picks
 * another metric or statistic. uPlot gives the axes, scales, zoom and
 * cursor; report-draw.js paints the layers in its draw hook, so every
 * layer kind of the renderer looks as it does in the SVG. This file holds
 * the page: the cards and their toolbars, the runs and filters, hover,
 * pan, PNG, and the #selftest check.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
(function () {
  "use strict";

  const started = performance.now();
  const problems = [];
  window.addEventListener("error", (e) => problems.push("error: " + e.message));
  window.addEventListener("securitypolicyviolation", (e) => problems.push("blocked request: " + e.blockedURI));
  const consoleError = console.error;
  console.error = function () { problems.push("console: " + Array.from(arguments).join(" ")); consoleError.apply(console, arguments); };

  const D = JSON.parse(document.getElementById("report-data").textContent);
  const root = document.documentElement;
  root.classList.add("js");
  const css = getComputedStyle(root);
  const FG = css.getPropertyValue("--fg").trim() || "#1f2328";
  const GRID = css.getPropertyValue("--line").trim() || "#d1d9e0";
  const BG = css.getPropertyValue("--bg").trim() || "#ffffff";
  const PALETTE = ["#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3", "#8c8c8c", "#ccb974", "#64b5cd"];
  /* a statistic's axis title, worded as aiperf-plot's charts word it */
  const STAT_TITLES = { avg: "Average %s", p50: "Median %s", min: "Minimum %s", max: "Maximum %s", std: "Std. Dev. of %s",
                        sum: "Total %s", count: "Count of %s" };
  const TYPES = [["drawn", "As drawn"], ["scatter", "Scatter"], ["line", "Line"], ["bar", "Bar"], ["box", "Box"]];

  const state = { hidden: new Set(), params: {}, ranges: [], cards: [] };
  /* a link's view (report-view.js): hidden runs, filters, each chart's own;
   * else the view the report was written with (runs unchecked in the
   * window, a saved view's runs: block) */
  const saved = AiperfReportView.read(location.hash);
  const runsView = saved || D.view;
  if (runsView) {
    state.hidden = new Set((runsView.hidden || []).filter((i) => Number.isInteger(i)));
    for (const key in runsView.params || {}) if (Array.isArray(runsView.params[key])) state.params[key] = new Set(runsView.params[key]);
    state.ranges = (runsView.ranges || []).filter((r) => r && typeof r.tag === "string").map((r) => ({ tag: r.tag, stat: r.stat,
      min: r.min === null ? NaN : +r.min, max: r.max === null ? NaN : +r.max }));
  }

  /* The view goes into the URL's fragment as it changes, so the link
   * reopens it (not while the page checks itself). */
  function saveView() {
    if (location.hash && location.hash.indexOf("#view=") !== 0) return;
    clearTimeout(state.saving);
    state.saving = setTimeout(() => {
      const hash = AiperfReportView.write(state, state.cards);
      if (hash !== location.hash) history.replaceState(null, "", hash);
    }, 100);
  }

  /* ---- the window's number format and the drawing (report-draw.js) ---- */

  const { axisValue, axisLabel, retype, drawable, bounds, scaleRange, paintLayers, pick, logSplits, hiddenLabelsNote } = AiperfReportDraw;

  const { el } = AiperfReportDom;

  /* ---- which runs are shown: checkboxes, parameter filters, metric ranges ---- */

  function metricValue(run, tag, stat) {
    const m = run.metrics[tag];
    if (!m) return null;
    if (m[stat] !== undefined) return m[stat];
    return null;
  }

  function runShown(i) {
    const run = D.runs[i];
    if (!run || state.hidden.has(i)) return false;
    for (const key in state.params) {
      const allowed = state.params[key];
      if (allowed && !allowed.has(run.params[key] !== undefined ? run.params[key] : "")) return false;
    }
    for (const r of state.ranges) {
      const v = metricValue(run, r.tag, r.stat);
      if (v === null || (isFinite(r.min) && v < r.min) || (isFinite(r.max) && v > r.max)) return false;
    }
    return true;
  }

  /* ---- chart models ---- */

  function statTitle(stat, label) {
    return (STAT_TITLES[stat] || stat + " %s").replace("%s", label);
  }

  function metricAxis(tag, stat) {
    const m = D.metrics[tag] || { label: tag, unit: "" };
    /* a picked metric is scaled to its values, not squashed against 0 */
    return { title: m.stats === false ? m.label : statTitle(stat, m.label), unit: m.unit || "", zero: false };
  }

  function defaultGroup() {
    if (D.params.model !== undefined) return "model";
    const keys = Object.keys(D.params).filter((k) => k !== "concurrency");
    return keys.length ? keys[0] : null;
  }

  /* Comparisons from the runs' summaries: one series per group. */
  function modelFromRuns(view, kind) {
    const group = view.group || defaultGroup();
    const label = view.label !== undefined ? view.label : "concurrency";
    const groups = new Map();
    D.runs.forEach((run, i) => {
      if (kind && run.kind !== kind) return;
      const x = metricValue(run, view.x, view.xs), y = metricValue(run, view.y, view.ys);
      if (x === null || y === null) return;
      const g = group ? (run.params[group] !== undefined ? run.params[group] : (group === "model" ? run.model : "")) : run.name;
      if (!groups.has(g)) groups.set(g, { x: [], y: [], labels: [], ids: [] });
      const s = groups.get(g);
      s.x.push(x); s.y.push(y); s.ids.push(i);
      s.labels.push(label ? (run.params[label] !== undefined ? run.params[label] : null) : null);
    });
    const series = [], layers = [];
    /* the legend's numbers and the points' with one count of decimals, as the images have them */
    const names = AiperfReportNumbers.alignNumbers(Array.from(groups.keys()).map((g) => String(g || "runs")));
    const labels = AiperfReportNumbers.alignNumbers([].concat(...Array.from(groups.values()).map((s) => s.labels)));
    let at = 0;
    groups.forEach((s) => { s.labels = labels.slice(at, at + s.labels.length); at += s.labels.length; });
    Array.from(groups.keys()).forEach((g, n) => {
      const color = PALETTE[n % PALETTE.length], s = groups.get(g);
      series.push({ name: names[n], color: color, legend: true });
      layers.push({ kind: "points", series: n, color: color, size: 8, width: 2, opacity: 1, fill: 0.3, pick: true,
                    x: s.x, y: s.y, labels: s.labels, ids: s.ids, runs: s.ids });
    });
    const word = (tag, stat) => statTitle(stat, (D.metrics[tag] || { label: tag }).label).replace(/^[A-Z]/, (c) => c.toLowerCase());
    return {
      title: view.x && view.y ? (D.metrics[view.y] || { label: view.y }).label + " vs " + (D.metrics[view.x] || { label: view.x }).label
                              : "No summary metrics to compare",
      x: metricAxis(view.x, view.xs), y: metricAxis(view.y, view.ys), series: series, layers: layers,
      label_title: label ? (D.params[label] || label) : "", id_kind: "run",
      empty: layers.length ? null : "No run has both the " + word(view.x, view.xs) + " and the " + word(view.y, view.ys) + ".",
    };
  }

  /* A single run: its requests, one point each. */
  function modelFromRequests(view) {
    const cols = D.requests.columns, cx = cols[view.x], cy = cols[view.y];
    const run = D.runs[D.requests.run];
    const x = [], y = [], ids = [];
    cx.values.forEach((v, i) => {
      if (v !== null && cy.values[i] !== null) { x.push(v); y.push(cy.values[i]); ids.push(i); }
    });
    return {
      title: cy.label + " vs " + cx.label,
      x: { title: cx.label, unit: cx.unit, zero: false }, y: { title: cy.label, unit: cy.unit, zero: false },
      /* one run's requests: no legend, as its charts have none */
      series: [{ name: run ? run.name : "requests", color: PALETTE[0], legend: false }],
      layers: [{ kind: "points", series: 0, color: PALETTE[0], size: 4, width: 1, opacity: 0.9, fill: 0.3, pick: true, x: x, y: y, ids: ids }],
      label_title: "", id_kind: "request", note: D.requests.note || null,
      empty: x.length ? null : "No request has both " + cx.label + " and " + cy.label + ".",
    };
  }

  /* Hides the items of runs that are unchecked or filtered out. Only an
   * item that belongs to one run (its layer's "runs") can be hidden: a
   * kernel, an expert or a GEMM row is never mistaken for a run. */
  function filterRuns(model) {
    let changed = false;
    const layers = model.layers.map((l) => {
      if (!l.runs) return l;
      const keep = l.runs.map((r) => r < 0 || runShown(r));
      if (keep.every(Boolean)) return l;
      changed = true;
      const out = Object.assign({}, l);
      for (const f of ["x", "y", "x2", "lo", "hi", "xlo", "xhi", "value", "labels", "ids", "runs"])
        if (l[f]) out[f] = l[f].filter((_, i) => keep[i]);
      return out;
    });
    return changed ? Object.assign({}, model, { layers: layers }) : model;
  }

  /* The run item @i of layer @l belongs to, or null. */
  function runOf(l, i) {
    const r = l.runs ? l.runs[i] : -1;
    return r >= 0 && D.runs[r] ? D.runs[r] : null;
  }

  /* x as the run states it when x is one of its parameters: a sweep moves
   * its points a little aside (8 drawn at 7.9), the hover says 8. */
  function xText(model, l, i) {
    const run = runOf(l, i), axis = model.bar_of || model.x;
    if (run && axis.title) {
      const norm = (t) => String(t).toLowerCase().replace(/[^a-z0-9]/g, "");
      const title = norm(axis.title);
      for (const key in D.params)
        if ((norm(D.params[key]) === title || norm(key) === title) && run.params[key] !== undefined)
          return run.params[key] + (axis.unit ? " " + axis.unit : "");
    }
    return axisValue(axis, l.bar_x ? l.bar_x[i] : l.x[i]);
  }

  function hoverText(model, hit) {
    const l = hit.l, i = hit.i, lines = [];
    const s = l.series >= 0 ? model.series[l.series] : null;
    lines.push(s ? s.name : (model.title || ""));
    if (l.kind === "boxes") {
      lines.push("Maximum: " + axisValue(model.y, l.xhi[i]), "Q3: " + axisValue(model.y, l.hi[i]),
                 "Median: " + axisValue(model.y, l.y[i]), "Q1: " + axisValue(model.y, l.lo[i]),
                 "Minimum: " + axisValue(model.y, l.xlo[i]));
      if (l.count) lines.push("Points: " + l.count[i]);
      return lines.join("\n");
    }
    const yAxis = l.y2 && model.y2 ? model.y2 : model.y;
    const xAxis = model.bar_of || model.x;
    if (l.kind === "hbars") {
      lines.push((yAxis.title || "y") + ": " + axisValue(yAxis, l.y[i]));
      lines.push((model.x.title || "x") + ": " + axisValue(model.x, l.x[i]));
    } else {
      lines.push((xAxis.title || "x") + ": " + xText(model, l, i));
      lines.push((yAxis.title || "y") + ": " + axisValue(yAxis, l.y[i]));
    }
    const label = l.labels ? l.labels[i] : null;
    if (label) lines.push(model.label_title ? model.label_title + ": " + label : label);
    const run = runOf(l, i);
    if (run) lines.push("Run: " + run.name);
    return lines.join("\n");
  }

  /* ---- cards: one chart with its toolbar ---- */

  function metricChoices(card) {
    if (card.source === "requests")
      return Object.keys(D.requests.columns).map((k) => [k, D.requests.columns[k].label]);
    const seen = new Set();
    D.runs.forEach((r) => { if (!card.kind || r.kind === card.kind) Object.keys(r.metrics).forEach((t) => seen.add(t)); });
    return Array.from(seen).sort((a, b) => (D.metrics[a] || { label: a }).label.localeCompare((D.metrics[b] || { label: b }).label))
      .map((t) => [t, (D.metrics[t] || { label: t }).label + (D.metrics[t] && D.metrics[t].unit ? " (" + D.metrics[t].unit + ")" : "")]);
  }

  function select(options, value, onchange, cls) {
    const s = el("select", { class: cls || "", onchange: onchange });
    for (const [v, text] of options) {
      const o = el("option", { value: v, text: text });
      if (v === value) o.selected = true;
      s.appendChild(o);
    }
    return s;
  }

  function currentModel(card) {
    let model;
    if (card.view.mode === "drawn") model = card.drawn;
    else if (card.source === "requests") model = modelFromRequests(card.view);
    else model = modelFromRuns(card.view, card.kind);
    model = filterRuns(model);
    return retype(model, card.view.type);
  }

  /* Ticks of a value axis: uPlot's on a linear scale; on a log one 1, 2
   * and 5 of each decade, every one labelled (uPlot's log ticks start at
   * the range's end, 16.9, 26.9, …, and left a 22–1318 ms axis bare). */
  function valueAxis(axis, scale, log) {
    if (log) axis.splits = (u) => logSplits(u.scales[scale].min, u.scales[scale].max);
    /* one number format per axis, as the images write it ("0.0", "2.5", "5.0"; "8k", "12k") */
    axis.values = (u, splits) => {
      const shown = splits.filter((v) => v !== null && v !== undefined);
      const text = AiperfReportNumbers.formatAxis(shown, log);
      let k = 0;
      return splits.map((v) => (v === null || v === undefined ? "" : text[k++]));
    };
    return axis;
  }

  /* Category ticks, as many as fit: every k-th name when they would
   * overlap (100 runs as bars), the others stay marks on the hover. */
  function categoryAxis(axis, ticks, scale, vertical) {
    const measure = document.createElement("canvas").getContext("2d");
    measure.font = "12px system-ui, sans-serif";
    const widest = Math.max(0, ...ticks.map((t) => measure.measureText(String(t[1])).width));
    axis.splits = (u) => {
      const lo = u.scales[scale].min, hi = u.scales[scale].max;
      const shown = ticks.filter((t) => t[0] >= lo && t[0] <= hi);
      const span = vertical ? u.bbox.height / (devicePixelRatio || 1) : u.bbox.width / (devicePixelRatio || 1);
      const need = vertical ? 14 : widest + 10;
      const every = Math.max(1, Math.ceil(shown.length * need / Math.max(1, span)));
      return shown.filter((_, k) => k % every === 0).map((t) => t[0]);
    };
    axis.values = (u, splits) => splits.map((p) => { const t = ticks.find((q) => q[0] === p); return t ? t[1] : ""; });
    return widest;
  }

  function render(card) {
    const model = currentModel(card);
    card.model = model;
    card.titleEl.textContent = model.title || "";
    card.noteEl.textContent = model.note || "";
    card.emptyEl.textContent = model.empty || "";
    card.emptyEl.style.display = model.empty ? "block" : "none";
    const logx = card.view.logx && !model.x.categories, logy = card.view.logy && !model.y.ticks;
    /* a saved zoom (a link's view) is where the chart opens */
    const z = card.zoom;
    const bx = z ? [z[0], z[1]] : scaleRange(model.x, bounds(model, "x", logx), logx);
    const by = z ? [z[2], z[3]] : scaleRange(model.y, bounds(model, "y", logy), logy);
    const scales = {
      x: { time: false, distr: logx ? 3 : 1, range: (u, lo, hi) => (lo === null ? bx : [lo, hi]) },
      y: { distr: logy ? 3 : 1, range: (u, lo, hi) => (lo === null ? by : [lo, hi]) },
    };
    const data = [[bx[0], bx[1]], [by[0], by[1]]];
    const series = [{}, { scale: "y", paths: () => null, points: { show: false } }];
    const axisStyle = { stroke: FG, grid: { stroke: GRID, width: 1 }, ticks: { stroke: GRID } };
    const xAxis = Object.assign({ label: axisLabel(model.x) }, axisStyle);
    if (model.x.ticks) categoryAxis(xAxis, model.x.ticks, "x", false);
    else valueAxis(xAxis, "x", logx);
    const yAxis = Object.assign({ label: axisLabel(model.y), size: 60 }, axisStyle);
    if (model.y.ticks) {
      /* categories on y (kernel names of horizontal bars): room for the
       * names and the axis title beside them */
      const widest = categoryAxis(yAxis, model.y.ticks, "y", true);
      yAxis.size = Math.min(380, Math.ceil(widest) + 60);
    } else valueAxis(yAxis, "y", logy);
    const axes = [xAxis, yAxis];
    if (model.y2) {
      const logy2 = false, by2 = scaleRange(model.y2, bounds(model, "y2", logy2), logy2);
      scales.y2 = { range: (u, lo, hi) => (lo === null ? by2 : [lo, hi]) };
      data.push([by2[0], by2[1]]);
      series.push({ scale: "y2", paths: () => null, points: { show: false } });
      axes.push(valueAxis(Object.assign({ scale: "y2", side: 1, label: axisLabel(model.y2), size: 60 }, axisStyle, { grid: { show: false } }), "y2", false));
    }
    if (card.plot) card.plot.destroy();
    const width = Math.max(320, card.plotEl.clientWidth || card.el.clientWidth - 20 || 900);
    const opts = {
      width: width, height: Math.round(Math.min(520, Math.max(280, width * 0.48))),
      scales: scales, axes: axes, series: series, legend: { show: false },
      cursor: {
        drag: { x: true, y: true, uni: 20 }, points: { show: false },
        bind: { mousedown: (u, t, handler) => (e) => { if (e.shiftKey || e.button === 1) return null; return handler(e); } },
      },
      hooks: {
        /* zoomed in: a thinned layer's finer level there (report-fine.js) */
        draw: [(u) => {
          card.shown = AiperfReportFine.zoomed(model, u);
          card.painted = paintLayers(u, card.shown);
          /* point labels left out for want of room are said, as in the SVG */
          card.hiddenLabels = u._hiddenLabels;
          card.noteEl.textContent = [model.note, u._hiddenLabels ? hiddenLabelsNote(u._hiddenLabels) : ""].filter((t) => t).join("\n");
        }],
        setCursor: [(u) => showHover(card, u)],
        /* a zoom or pan of the reader's is part of the view */
        setScale: [(u, key) => {
          /* only the reader's: a wheel, a drag, a pan (not uPlot's own
           * ranging); a double-click is uPlot's reset */
          const e = window.event;
          if (card.building || (key !== "x" && key !== "y") || !e || !/^(wheel|mouse|pointer|dblclick)/.test(e.type)) return;
          card.zoom = e.type === "dblclick" ? null : [u.scales.x.min, u.scales.x.max, u.scales.y.min, u.scales.y.max];
          saveView();
        }],
      },
    };
    card.building = true;
    card.plot = new uPlot(opts, data, card.plotEl);
    card.plot._hiddenSeries = card.hiddenSeries;
    card.building = false;
    card.plot.redraw();
    saveView();
    bindPan(card);
    renderLegend(card, model);
    card.el.classList.add("live");
    card.plotEl.style.minHeight = "";
  }

  function renderLegend(card, model) {
    card.legendEl.textContent = "";
    model.series.forEach((s, k) => {
      if (s.legend === false) return;
      const item = el("span", { text: s.name, title: "Show or hide " + s.name, style: "--c:" + s.color + ";cursor:pointer" + (card.hiddenSeries.has(k) ? ";opacity:0.4" : "") });
      item.addEventListener("click", () => {
        if (card.hiddenSeries.has(k)) card.hiddenSeries.delete(k); else card.hiddenSeries.add(k);
        card.plot.redraw(); renderLegend(card, model); saveView();
      });
      card.legendEl.appendChild(item);
    });
  }

  function showHover(card, u) {
    const shown = card.shown || card.model;
    const hit = pick(u, shown);
    if (!hit) { card.tipEl.style.display = "none"; card.ringEl.style.display = "none"; card.el.dataset.hover = ""; return; }
    const text = hoverText(shown, hit);
    const left = u.over.offsetLeft + hit.px, top = u.over.offsetTop + hit.py;
    card.tipEl.textContent = "";
    const lines = text.split("\n");
    card.tipEl.appendChild(el("b", { text: lines[0] }));
    card.tipEl.appendChild(document.createTextNode(lines.length > 1 ? "\n" + lines.slice(1).join("\n") : ""));
    card.tipEl.style.display = "block";
    const flip = left + card.tipEl.offsetWidth + 16 > card.plotEl.clientWidth;
    card.tipEl.style.left = (flip ? left - card.tipEl.offsetWidth - 12 : left + 12) + "px";
    card.tipEl.style.top = Math.max(0, top - card.tipEl.offsetHeight - 8) + "px";
    card.ringEl.style.left = left + "px"; card.ringEl.style.top = top + "px"; card.ringEl.style.display = "block";
    card.el.dataset.hover = text;
  }

  /* Shift+drag or middle-drag pans; the wheel zooms at the cursor. */
  function bindPan(card) {
    const u = card.plot, over = u.over;
    let start = null;
    over.addEventListener("mousedown", (e) => {
      if (!(e.shiftKey || e.button === 1)) return;
      e.preventDefault();
      start = { x: e.clientX, y: e.clientY, sx: [u.scales.x.min, u.scales.x.max], sy: [u.scales.y.min, u.scales.y.max] };
      const move = (m) => {
        /* the data moves with the pointer: ranges shift by the dragged fraction */
        const shift = (r, d, size, distr, sign) => {
          if (distr === 3) {
            const l0 = Math.log10(r[0]), l1 = Math.log10(r[1]), k = (l1 - l0) * d / size * sign;
            return [Math.pow(10, l0 + k), Math.pow(10, l1 + k)];
          }
          const k = (r[1] - r[0]) * d / size * sign;
          return [r[0] + k, r[1] + k];
        };
        const rx = shift(start.sx, m.clientX - start.x, over.clientWidth, u.scales.x.distr, -1);
        const ry = shift(start.sy, m.clientY - start.y, over.clientHeight, u.scales.y.distr, 1);
        u.batch(() => { u.setScale("x", { min: rx[0], max: rx[1] }); u.setScale("y", { min: ry[0], max: ry[1] }); });
      };
      const up = () => { document.removeEventListener("mousemove", move); document.removeEventListener("mouseup", up); };
      document.addEventListener("mousemove", move);
      document.addEventListener("mouseup", up);
    });
    over.addEventListener("wheel", (e) => {
      e.preventDefault();
      const f = e.deltaY < 0 ? 0.8 : 1.25, rect = over.getBoundingClientRect();
      const zoom = (key, pos) => {
        const s = u.scales[key], at = u.posToVal(pos, key);
        if (s.distr === 3) {
          const la = Math.log10(at);
          u.setScale(key, { min: Math.pow(10, la - (la - Math.log10(s.min)) * f), max: Math.pow(10, la + (Math.log10(s.max) - la) * f) });
        } else u.setScale(key, { min: at - (at - s.min) * f, max: at + (s.max - at) * f });
      };
      u.batch(() => { zoom("x", e.clientX - rect.left); zoom("y", e.clientY - rect.top); });
    }, { passive: false });
  }

  /* The view as the reader sees it: title, note, the plot (uPlot's canvas
   * has axes, grid and layers) and the legend of the shown series. */
  function pngDataUrl(card) {
    const src = card.plot.ctx.canvas, dpr = devicePixelRatio || 1;
    const notes = card.noteEl.textContent.split("\n").filter((t) => t), head = (36 + 16 * notes.length) * dpr;
    const shown = card.model.series.map((s, k) => [s, k]).filter(([s, k]) => s.legend !== false && !card.hiddenSeries.has(k));
    const foot = shown.length ? 28 * dpr : 0;
    const c = document.createElement("canvas");
    c.width = src.width; c.height = src.height + head + foot;
    const ctx = c.getContext("2d");
    ctx.fillStyle = BG; ctx.fillRect(0, 0, c.width, c.height);
    ctx.fillStyle = FG; ctx.font = "bold " + 16 * dpr + "px sans-serif";
    ctx.fillText(card.model.title || "", 10 * dpr, 24 * dpr);
    ctx.font = 12 * dpr + "px sans-serif";
    notes.forEach((t, k) => ctx.fillText(t, 10 * dpr, (44 + 16 * k) * dpr));
    ctx.drawImage(src, 0, head);
    let x = 10 * dpr;
    const y = head + src.height + 16 * dpr;
    ctx.font = 12 * dpr + "px sans-serif";
    for (const [s] of shown) {
      ctx.fillStyle = s.color; ctx.beginPath(); ctx.arc(x + 5 * dpr, y - 4 * dpr, 5 * dpr, 0, 2 * Math.PI); ctx.fill();
      ctx.fillStyle = FG; ctx.fillText(s.name, x + 14 * dpr, y);
      x += ctx.measureText(s.name).width + 30 * dpr;
      if (x > c.width - 60 * dpr) break;
    }
    return c.toDataURL("image/png");
  }

  function downloadPng(card) {
    const a = el("a", { href: pngDataUrl(card), download: (card.name || "chart") + ".png" });
    document.body.appendChild(a); a.click(); a.remove();
  }

  function makeCard(figure, def, opts) {
    const card = {
      el: figure, drawn: def, name: opts.name, key: opts.key, kind: opts.kind, painted: [], added: !!opts.removable, zoom: null,
      parent: opts.parent || null, panel: opts.panel || 0,
      source: opts.source, hiddenSeries: new Set(), plot: null,
      view: Object.assign({ mode: def ? "drawn" : "data", type: def ? "drawn" : "scatter", logx: false, logy: false }, opts.view),
    };
    if (def) { card.view.logx = def.x.log; card.view.logy = def.y.log; }
    card.initial = AiperfReportView.cardView(card);
    if (saved && !opts.removable) AiperfReportView.restoreCard(card, saved.cards[card.key]);
    if (opts.saved) AiperfReportView.restoreCard(card, opts.saved);
    const choices = metricChoices(card);
    const stats = D.stats.map((s) => [s, s]);
    const changed = (field) => (e) => {
      card.view[field] = e.target.value;
      if (field === "x" || field === "y" || field === "xs" || field === "ys") card.view.mode = card.view.x === "" || card.view.y === "" ? "drawn" : "data";
      if (card.view.mode === "data") { card.ui.x.value = card.view.x; card.ui.y.value = card.view.y; }
      card.zoom = null;
      render(card);
    };
    const drawnOpt = def ? [["", "As drawn"]] : [];
    card.ui = {
      x: select(drawnOpt.concat(choices), card.view.mode === "data" ? card.view.x : "", changed("x"), "pick-x"),
      xs: select(stats, card.view.xs || "avg", changed("xs"), "pick-xs"),
      y: select(drawnOpt.concat(choices), card.view.mode === "data" ? card.view.y : "", changed("y"), "pick-y"),
      ys: select(stats, card.view.ys || "avg", changed("ys"), "pick-ys"),
      type: select(def ? TYPES : TYPES.slice(1), card.view.type, changed("type"), "pick-type"),
    };
    /* switching a drawn chart to metrics starts from what it shows */
    const fillOther = () => {
      if (card.view.mode !== "data") return;
      for (const f of ["x", "y"]) if (!card.view[f]) card.view[f] = (choices[f === "x" ? 0 : Math.min(1, choices.length - 1)] || [""])[0];
    };
    card.ui.x.addEventListener("change", fillOther, true);
    card.ui.y.addEventListener("change", fillOther, true);
    const check = (field, text) => {
      const box = el("input", { type: "checkbox", class: "log-" + field.slice(3), onchange: (e) => { card.view[field] = e.target.checked; card.zoom = null; render(card); } });
      box.checked = !!card.view[field];
      return el("label", {}, [box, document.createTextNode(" " + text)]);
    };
    const isRuns = card.source === "runs";
    /* A chart of kernels, GPU time or experts has no run metrics to pick:
     * no axis or type pickers, and a log scale only on an axis of numbers. */
    const pickable = choices.length > 0;
    const numeric = (axis) => pickable || !def || !(def[axis].ticks || def[axis].categories);
    const toolbar = el("div", { class: "toolbar" }, [
      pickable ? el("label", { text: "X " }, [card.ui.x]) : null, pickable && isRuns ? card.ui.xs : null,
      pickable ? el("label", { text: "Y " }, [card.ui.y]) : null, pickable && isRuns ? card.ui.ys : null,
      pickable ? el("label", { text: "Type " }, [card.ui.type]) : null,
      numeric("x") ? check("logx", "log x") : null, numeric("y") ? check("logy", "log y") : null,
      el("button", { type: "button", text: "Reset zoom", title: "Show the whole chart (or double-click it)", onclick: () => { card.zoom = null; render(card); } }),
      el("button", { type: "button", text: "PNG", title: "Download the current view as PNG", class: "png", onclick: () => downloadPng(card) }),
      opts.removable ? el("button", { type: "button", text: "Remove", onclick: () => { card.plot.destroy(); figure.remove(); state.cards.splice(state.cards.indexOf(card), 1); saveView(); } }) : null,
    ]);
    card.titleEl = el("div", { class: "chart-title" });
    card.noteEl = el("div", { class: "chart-note" });
    card.plotEl = el("div", { class: "plot" });
    card.tipEl = el("div", { class: "tip" });
    card.ringEl = el("div", { class: "ring" });
    card.legendEl = el("div", { class: "legend" });
    card.emptyEl = el("div", { class: "empty-chart" });
    const live = el("div", { class: "live-view" }, [toolbar, card.titleEl, card.noteEl, card.plotEl, card.legendEl]);
    const caption = figure.querySelector("figcaption");
    figure.insertBefore(live, caption ? caption.nextSibling : figure.firstChild);
    state.cards.push(card);
    /* at the start, a chart out of sight is drawn when it comes near */
    if (state.lazy) card.plotEl.style.minHeight = "300px";
    else render(card);
    card.plotEl.appendChild(card.tipEl);
    card.plotEl.appendChild(card.ringEl);
    card.plotEl.appendChild(card.emptyEl);
    return card;
  }

  /* ---- the page's controls: runs, filters, add a chart ---- */

  /* After the runs shown changed: only the charts with items of runs
   * (a chart of kernels or experts stays as it is). */
  function rerenderAll() {
    for (const c of state.cards) {
      const ofRuns = c.view.mode === "data" ? c.source === "runs" : c.drawn && c.drawn.layers.some((l) => l.runs);
      if (ofRuns && c.plot) render(c);
    }
    saveView();
  }

  function buildControls() {
    const box = document.getElementById("controls");
    /* nothing loaded: nothing to explore */
    if (!D.runs.length) { box.remove(); return; }
    box.appendChild(el("h2", { text: "Explore" }));
    const runs = el("div", { class: "runs" });
    D.runs.forEach((r, i) => {
      const cb = el("input", { type: "checkbox", "data-run": String(i), onchange: (e) => { if (e.target.checked) state.hidden.delete(i); else state.hidden.add(i); rerenderAll(); } });
      cb.checked = !state.hidden.has(i);
      runs.appendChild(el("label", { title: r.locator }, [cb, document.createTextNode(" " + r.name)]));
    });
    const all = (on) => () => { runs.querySelectorAll("input").forEach((cb, i) => { cb.checked = on; if (on) state.hidden.delete(i); else state.hidden.add(i); }); rerenderAll(); };
    box.appendChild(el("fieldset", {}, [el("legend", { text: "Runs" }), runs,
      el("button", { type: "button", text: "All", onclick: all(true) }), el("button", { type: "button", text: "None", onclick: all(false) })]));

    /* one row per way the runs split (report-filters.js) */
    const filters = AiperfReportFilters.build(D, state, rerenderAll);
    if (filters) box.appendChild(filters);

    const all_metrics = metricChoices({ source: "runs" });
    const rtag = select(all_metrics, all_metrics.length ? all_metrics[0][0] : "", null, "range-metric");
    const rstat = select(D.stats.map((s) => [s, s]), "avg", null, "range-stat");
    const rmin = el("input", { type: "number", step: "any", placeholder: "min", class: "range-min", size: "8" });
    const rmax = el("input", { type: "number", step: "any", placeholder: "max", class: "range-max", size: "8" });
    const active = el("div", { class: "note" });
    const showRanges = () => {
      active.textContent = "";
      state.ranges.forEach((r, k) => {
        active.appendChild(el("span", { text: (D.metrics[r.tag] || { label: r.tag }).label + " " + r.stat + " in [" + (isFinite(r.min) ? r.min : "−∞") + ", " + (isFinite(r.max) ? r.max : "∞") + "] " }));
        active.appendChild(el("button", { type: "button", text: "×", title: "Remove this filter", onclick: () => { state.ranges.splice(k, 1); showRanges(); rerenderAll(); } }));
      });
    };
    /* runs without metrics (traces, kernels, GEMM, gate logs): nothing to
     * filter them by, nor to chart beyond what is drawn */
    if (all_metrics.length) box.appendChild(el("fieldset", {}, [el("legend", { text: "Metric range" }), rtag, rstat, rmin, rmax,
      el("button", { type: "button", text: "Filter", class: "range-add", onclick: () => {
        state.ranges.push({ tag: rtag.value, stat: rstat.value, min: rmin.value === "" ? NaN : +rmin.value, max: rmax.value === "" ? NaN : +rmax.value });
        showRanges(); rerenderAll();
      } }), active]));

    showRanges();
    if (all_metrics.length || D.requests)
      box.appendChild(el("button", { type: "button", text: "Add chart", class: "add-chart", onclick: () => addChart() }));
    box.appendChild(el("button", { type: "button", text: "Save view as preset", class: "save-preset",
                                   title: "Download the charts as they are now as a preset file (aiperf-plot --config, the window, aiperf plot)",
                                   onclick: () => {
                                     const a = el("a", { href: "data:application/yaml;charset=utf-8," + encodeURIComponent(presetYaml()), download: "view.yaml" });
                                     document.body.appendChild(a); a.click(); a.remove();
                                   } }));
    if (D.requests && D.requests.note) box.appendChild(el("p", { class: "note", text: D.requests.note }));
  }

  /* The view as a preset file (report-yaml.js). */
  function presetYaml() {
    return AiperfReportYaml.write(D, state, state.cards);
  }

  /* A chart of the reader's (@view: a saved one's, else a first pick). */
  function addChart(savedView) {
    const single = !!D.requests;
    const choices = metricChoices({ source: single ? "requests" : "runs" });
    const has = (t) => choices.some((c) => c[0] === t);
    const pickOf = (wanted, fallback) => { for (const t of wanted) if (has(t)) return t; return choices.length ? choices[Math.min(fallback, choices.length - 1)][0] : ""; };
    const view = single
      ? { x: pickOf(["request_number", "start_s"], 0), y: pickOf(["time_to_first_token", "request_latency"], 1) }
      : { x: pickOf(["request_latency"], 0), xs: "avg", y: pickOf(["output_token_throughput", "request_throughput"], 1), ys: "avg",
          /* said, so a preset of it groups and labels its runs the same */
          group: defaultGroup(), label: "concurrency" };
    view.mode = "data";
    const figure = el("figure", { class: "chart added" });
    document.getElementById("charts").appendChild(figure);
    const card = makeCard(figure, null, { name: "chart-" + (state.cards.length + 1), key: "added", source: single ? "requests" : "runs",
                                          view: view, removable: true, saved: savedView || null });
    if (!savedView) figure.scrollIntoView({ block: "nearest" });
    return card;
  }

  /* ---- start ---- */

  /* A page of forty charts opens with those in view drawn; the others are
   * drawn as they come near (the page's checks draw them all at once). */
  state.lazy = "IntersectionObserver" in window && !/selftest|&check$|&yaml$|^#charts$/.test(location.hash);
  buildControls();
  D.charts.forEach((def) => {
    const figure = document.getElementById(def.id);
    if (!figure) return;
    const source = def.multi ? "runs" : (D.requests ? "requests" : "runs");
    const view = { xs: def.spec.xs || "avg", ys: def.spec.ys || "avg", group: def.spec.group, label: def.spec.label,
                   x: def.spec.x || "", y: def.spec.y || "" };
    /* a preset saved from a view with another plot type opens as it was */
    if (def.spec.view_type) view.type = def.spec.view_type;
    const panels = def.panels && def.panels.length ? def.panels : null;
    try {
    if (panels) {
      /* small multiples: one live chart per panel */
      panels.forEach((p, k) => {
        const sub = el("figure", { class: "chart panel" });
        figure.appendChild(sub);
        makeCard(sub, p, { name: def.name + "-" + (k + 1), key: def.id + "-" + (k + 1), kind: def.kind, source: source,
                           view: Object.assign({}, view), parent: def, panel: k + 1 });
      });
      figure.classList.add("live");
    } else {
      makeCard(figure, def, { name: def.name, key: def.id, kind: def.kind, source: source, view: view, parent: def });
    }
    } catch (e) {
      /* the chart as aiperf-plot drew it, rather than nothing */
      problems.push("chart " + def.name + ": " + e.message);
      figure.classList.remove("live");
      const ns = figure.querySelector(".static noscript");
      if (ns) ns.parentNode.innerHTML = ns.textContent;
    }
  });
  if (state.lazy) {
    state.lazy = false;
    const near = innerHeight + 400;
    const observer = new IntersectionObserver((entries) => {
      for (const e of entries) {
        const c = state.cards.find((k) => k.el === e.target);
        if (!e.isIntersecting || !c) continue;
        observer.unobserve(e.target);
        if (!c.plot) render(c);
      }
    }, { rootMargin: "400px" });
    for (const c of state.cards) {
      if (c.el.getBoundingClientRect().top < near) render(c);
      else observer.observe(c.el);
    }
  }
  if (saved) for (const v of saved.added) addChart(v);
  window.addEventListener("resize", () => { clearTimeout(state.resize); state.resize = setTimeout(() => state.cards.filter((c) => c.plot).forEach(render), 150); });

  /* For the page's checks (report-check.js) and for tests: the data,
   * every card (drawn: the chart as embedded; model: what its live chart
   * holds; painted: the items it drew per layer) and the page's problems. */
  window.aiperfReport = { data: D, cards: state.cards, render: render, addChart: addChart, pngDataUrl: pngDataUrl,
                          problems: problems, started: started, link: () => AiperfReportView.write(state, state.cards),
                          presetYaml: presetYaml, state: state,
                          built: performance.now(),
                          /* every chart drawn now, in view or not */
                          renderAll: () => state.cards.forEach((c) => { if (!c.plot) render(c); }) };
})();
