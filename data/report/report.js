/* report.js — the interactive part of report.html.
 *
 * Every chart of the page is redrawn from the data embedded beside it: as
 * drawn by aiperf-plot (its layers, series, axes), or from the runs'
 * summary metrics (or a single run's requests) when the reader picks
 * another metric or statistic. uPlot gives the axes, scales, zoom and
 * cursor; the layers are painted in its draw hook, so every layer kind of
 * the renderer (points, lines, steps, areas, bars, boxes, bands, error
 * bars, segments, reference lines) looks as it does in the SVG.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
(function () {
  "use strict";

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
  const STAT_WORDS = { avg: "Average", p50: "Median", min: "Minimum", max: "Maximum", std: "Std. dev.", sum: "Total", count: "Count" };
  const TYPES = [["drawn", "As drawn"], ["scatter", "Scatter"], ["line", "Line"], ["bar", "Bar"], ["box", "Box"]];

  const state = { hidden: new Set(), params: {}, ranges: [], cards: [] };

  /* ---- text: the window's hover format ---- */

  function fmt(v) {
    if (v === null || v === undefined || !isFinite(v)) return "–";
    if (v === 0) return "0";
    const a = Math.abs(v);
    if (a >= 1e9 || a < 1e-6) return v.toPrecision(4).replace(/\.?0+e/, "e");
    const decimals = Math.min(9, Math.max(0, 3 - Math.floor(Math.log10(a))));
    let s = v.toFixed(decimals);
    if (s.indexOf(".") >= 0) s = s.replace(/0+$/, "").replace(/\.$/, "");
    return s;
  }

  function axisValue(axis, v) {
    if (axis.ticks) {
      for (const t of axis.ticks) if (Math.abs(t[0] - v) < 1e-9) return t[1];
    }
    return axis.unit ? fmt(v) + " " + axis.unit : fmt(v);
  }

  function axisLabel(axis) {
    if (!axis) return "";
    return axis.unit ? (axis.title || "") + " (" + axis.unit + ")" : (axis.title || "");
  }

  function el(tag, props, children) {
    const e = document.createElement(tag);
    if (props) for (const k in props) {
      if (k === "text") e.textContent = props[k];
      else if (k === "class") e.className = props[k];
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), props[k]);
      else e.setAttribute(k, props[k]);
    }
    for (const c of children || []) if (c) e.appendChild(c);
    return e;
  }

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

  function statWord(stat) {
    return STAT_WORDS[stat] || stat.toUpperCase();
  }

  function metricAxis(tag, stat) {
    const m = D.metrics[tag] || { label: tag, unit: "" };
    return { title: statWord(stat) + " " + m.label, unit: m.unit || "", zero: true };
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
    Array.from(groups.keys()).forEach((g, n) => {
      const color = PALETTE[n % PALETTE.length], s = groups.get(g);
      series.push({ name: String(g || "runs"), color: color, legend: true });
      layers.push({ kind: "points", series: n, color: color, size: 8, width: 2, opacity: 1, fill: 0.3, pick: true,
                    x: s.x, y: s.y, labels: s.labels, ids: s.ids });
    });
    return {
      title: (D.metrics[view.y] || { label: view.y }).label + " vs " + (D.metrics[view.x] || { label: view.x }).label,
      x: metricAxis(view.x, view.xs), y: metricAxis(view.y, view.ys), series: series, layers: layers,
      label_title: label ? (D.params[label] || label) : "", id_kind: "run", globalIds: true,
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
      x: { title: cx.label, unit: cx.unit, zero: true }, y: { title: cy.label, unit: cy.unit, zero: true },
      series: [{ name: run ? run.name : "requests", color: PALETTE[0], legend: true }],
      layers: [{ kind: "points", series: 0, color: PALETTE[0], size: 4, width: 1, opacity: 0.9, fill: 0.3, pick: true, x: x, y: y, ids: ids }],
      label_title: "", id_kind: "request", note: D.requests.note || null,
    };
  }

  /* Points of a model per series (from its point-like layers). */
  function seriesPoints(model) {
    const out = new Map();
    for (const l of model.layers) {
      if (["points", "line", "step", "area", "bars"].indexOf(l.kind) < 0 || !l.x || !l.y) continue;
      const key = l.series >= 0 ? l.series : -1;
      if (!out.has(key)) out.set(key, { x: [], y: [], labels: [], ids: [], color: l.color, y2: l.y2 });
      const s = out.get(key);
      for (let i = 0; i < l.x.length; i++) {
        if (l.x[i] === null || l.y[i] === null) continue;
        s.x.push(l.x[i]); s.y.push(l.y[i]);
        s.labels.push(l.labels ? l.labels[i] : null); s.ids.push(l.ids ? l.ids[i] : -1);
      }
    }
    return out;
  }

  function quantile(sorted, q) {
    const pos = (sorted.length - 1) * q, lo = Math.floor(pos), hi = Math.ceil(pos);
    return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
  }

  /* The plot type switch: the same points as scatter, line, bars or boxes. */
  function retype(model, type) {
    if (type === "drawn") return model;
    const pts = seriesPoints(model), layers = [];
    const name = (k) => (k >= 0 && model.series[k] ? model.series[k].name : model.title);
    if (type === "scatter" || type === "line") {
      pts.forEach((s, k) => {
        const order = s.x.map((_, i) => i).sort((a, b) => s.x[a] - s.x[b]);
        const pick = (arr) => order.map((i) => arr[i]);
        const base = { series: k, color: s.color, y2: s.y2, width: 2, size: 7, opacity: 1, fill: 0.3 };
        if (type === "line") layers.push(Object.assign({ kind: "line", x: pick(s.x), y: pick(s.y) }, base));
        layers.push(Object.assign({ kind: "points", pick: true, x: pick(s.x), y: pick(s.y), labels: pick(s.labels), ids: pick(s.ids) }, base));
      });
      return Object.assign({}, model, { layers: layers });
    }
    if (type === "bar") {
      /* one bar per point, side by side in the order of x, per series */
      const ticks = [];
      let pos = 0;
      pts.forEach((s, k) => {
        const order = s.x.map((_, i) => i).sort((a, b) => s.x[a] - s.x[b]);
        const l = { kind: "bars", series: k, color: s.color, fill: 0.8, width: 1, pick: true, x: [], y: [], x2: [], labels: [], ids: [] };
        for (const i of order) {
          ticks.push([pos, (pts.size > 1 ? name(k) + " " : "") + (s.labels[i] !== null && s.labels[i] !== undefined ? s.labels[i] : axisValue(model.x, s.x[i]))]);
          l.x.push(pos); l.y.push(s.y[i]); l.x2.push(0.7); l.labels.push(s.labels[i]); l.ids.push(s.ids[i]);
          pos++;
        }
        layers.push(l);
      });
      return Object.assign({}, model, { layers: layers, x: { title: model.x.title, unit: model.x.unit, ticks: ticks, categories: true }, y: Object.assign({}, model.y, { zero: true }) });
    }
    /* box: the distribution of y per series */
    const ticks = [];
    let pos = 0;
    pts.forEach((s, k) => {
      const v = s.y.slice().sort((a, b) => a - b);
      if (!v.length) return;
      ticks.push([pos, name(k)]);
      layers.push({ kind: "boxes", series: k, color: s.color, fill: 0.35, width: 1.5, pick: true, x: [pos], x2: [0.5],
                    xlo: [v[0]], lo: [quantile(v, 0.25)], y: [quantile(v, 0.5)], hi: [quantile(v, 0.75)], xhi: [v[v.length - 1]], ids: [-1],
                    count: [v.length] });
      pos++;
    });
    return Object.assign({}, model, { layers: layers, x: { title: "", unit: "", ticks: ticks, categories: true }, label_title: "" });
  }

  /* Hides the points of runs that are unchecked or filtered out. */
  function filterRuns(model, idRuns) {
    if (model.id_kind !== "run") return model;
    const runOf = (id) => (model.globalIds ? id : (idRuns && id >= 0 ? idRuns[id] : -1));
    const layers = model.layers.map((l) => {
      if (!l.ids || !l.x) return l;
      const keep = l.ids.map((id) => id < 0 || runOf(id) < 0 || runShown(runOf(id)));
      if (keep.every(Boolean)) return l;
      const out = Object.assign({}, l);
      for (const f of ["x", "y", "x2", "lo", "hi", "xlo", "xhi", "value", "labels", "ids"])
        if (l[f]) out[f] = l[f].filter((_, i) => keep[i]);
      return out;
    });
    return Object.assign({}, model, { layers: layers });
  }

  /* ---- drawing ---- */

  function bounds(model, axisName, log) {
    let lo = Infinity, hi = -Infinity;
    const take = (v) => { if (v !== null && isFinite(v) && (!log || v > 0)) { lo = Math.min(lo, v); hi = Math.max(hi, v); } };
    for (const l of model.layers) {
      const onY2 = !!l.y2;
      if (axisName === "x") {
        if (l.kind === "hline") continue;
        if (l.kind === "hbars") { (l.y || []).forEach(take); (l.xhi || []).forEach(take); take(0); continue; }
        (l.x || []).forEach((v, i) => {
          if (l.kind === "bars" || l.kind === "boxes") { take(v - l.x2[i] / 2); take(v + l.x2[i] / 2); }
          else take(v);
        });
        if (l.kind === "segments" || l.kind === "cells") (l.x2 || []).forEach(take);
        if (l.kind === "errors") { (l.xlo || []).forEach(take); (l.xhi || []).forEach(take); }
        if (l.kind === "ellipses") (l.x || []).forEach((v, i) => { take(v - l.xlo[i]); take(v + l.xlo[i]); });
      } else {
        if ((axisName === "y2") !== onY2 || l.kind === "vline") continue;
        if (l.kind === "hbars") continue;
        (l.y || []).forEach(take);
        (l.lo || []).forEach(take); (l.hi || []).forEach(take);
        if (l.kind === "boxes") { (l.xlo || []).forEach(take); (l.xhi || []).forEach(take); }
        if (l.kind === "bars" || l.kind === "area") take(0);
      }
    }
    if (lo === Infinity) return log ? [1, 10] : [0, 1];
    return [lo, hi];
  }

  function scaleRange(axis, b, log) {
    if (axis.range && !log) return axis.range.slice();
    let [lo, hi] = b;
    if (axis.categories) return [lo - 0.5 < -0.5 ? lo - 0.5 : -0.5, hi + 0.5];
    if (log) return [lo / 1.3, hi * 1.3];
    if (axis.zero && lo > 0) lo = 0;
    if (axis.zero && hi < 0) hi = 0;
    const pad = (hi - lo || Math.abs(hi) || 1) * 0.05;
    return [lo === 0 ? 0 : lo - pad, hi + pad];
  }

  function paintLayers(u, model) {
    const ctx = u.ctx, dpr = devicePixelRatio || 1;
    const X = (v) => u.valToPos(v, "x", true);
    const Y = (v, l) => u.valToPos(v, l.y2 ? "y2" : "y", true);
    const hidden = u._hiddenSeries;
    ctx.save();
    ctx.beginPath();
    ctx.rect(u.bbox.left, u.bbox.top, u.bbox.width, u.bbox.height);
    ctx.clip();
    for (const l of model.layers) {
      if (l.series >= 0 && hidden.has(l.series)) continue;
      const n = l.x ? l.x.length : (l.y ? l.y.length : 0);
      ctx.strokeStyle = ctx.fillStyle = l.color;
      ctx.lineWidth = (l.width || 1.5) * dpr;
      ctx.setLineDash(l.dashed ? [6 * dpr, 4 * dpr] : []);
      ctx.globalAlpha = 1;
      const r = Math.max(2, (l.size || 6) / 2) * dpr;
      switch (l.kind) {
        case "points": case "text":
          ctx.globalAlpha = l.opacity || 1;
          if (l.kind === "text") { ctx.font = 11 * dpr + "px sans-serif"; }
          for (let i = 0; i < n; i++) {
            if (l.x[i] === null || l.y[i] === null) continue;
            const px = X(l.x[i]), py = Y(l.y[i], l);
            if (l.kind === "text") { if (l.labels && l.labels[i]) ctx.fillText(l.labels[i], px, py); continue; }
            ctx.beginPath(); ctx.arc(px, py, r, 0, 2 * Math.PI); ctx.fill();
            if (l.labels && l.labels[i] && n < 200) {
              ctx.font = 10 * dpr + "px sans-serif"; ctx.fillText(l.labels[i], px + r + 2, py - r - 2);
            }
          }
          break;
        case "line": case "step": case "area": {
          ctx.globalAlpha = l.opacity || 1;
          const step = l.kind === "step" || l.step;
          const path = new Path2D();
          let started = false, lastY = 0, firstX = 0, lastX = 0;
          for (let i = 0; i < n; i++) {
            if (l.x[i] === null || l.y[i] === null) { started = false; continue; }
            const px = X(l.x[i]), py = Y(l.y[i], l);
            if (!started) { path.moveTo(px, py); firstX = px; started = true; }
            else { if (step) path.lineTo(px, lastY); path.lineTo(px, py); }
            lastY = py; lastX = px;
          }
          if (l.kind === "area") {
            const fill = new Path2D(path);
            const zero = Y(0, l);
            fill.lineTo(lastX, zero); fill.lineTo(firstX, zero); fill.closePath();
            ctx.globalAlpha = l.fill || 0.2; ctx.fill(fill); ctx.globalAlpha = l.opacity || 1;
          }
          ctx.stroke(path);
          break;
        }
        case "segments":
          for (let i = 0; i < n; i++) {
            ctx.beginPath(); ctx.moveTo(X(l.x[i]), Y(l.y[i], l)); ctx.lineTo(X(l.x2[i]), Y(l.y[i], l)); ctx.stroke();
          }
          break;
        case "errors":
          for (let i = 0; i < n; i++) {
            ctx.beginPath();
            if (l.lo && l.lo[i] !== null) { ctx.moveTo(X(l.x[i]), Y(l.lo[i], l)); ctx.lineTo(X(l.x[i]), Y(l.hi[i], l)); }
            if (l.xlo && l.xlo[i] !== null) { ctx.moveTo(X(l.xlo[i]), Y(l.y[i], l)); ctx.lineTo(X(l.xhi[i]), Y(l.y[i], l)); }
            ctx.stroke();
          }
          break;
        case "band": {
          const path = new Path2D();
          for (let i = 0; i < n; i++) (i ? path.lineTo : path.moveTo).call(path, X(l.x[i]), Y(l.hi[i], l));
          for (let i = n - 1; i >= 0; i--) path.lineTo(X(l.x[i]), Y(l.lo[i], l));
          path.closePath();
          ctx.globalAlpha = l.fill || 0.2; ctx.fill(path);
          break;
        }
        case "bars": {
          const slots = Math.max(1, l.groups || 1);
          for (let i = 0; i < n; i++) {
            if (l.y[i] === null) continue;
            const w = l.x2[i] / slots, x0 = l.x[i] - l.x2[i] / 2 + (l.group || 0) * w;
            const a = X(x0), b = X(x0 + w), top = Y(l.y[i], l), base = Y(0, l);
            ctx.globalAlpha = l.fill || 0.7; ctx.fillRect(a, Math.min(top, base), b - a, Math.abs(base - top));
            ctx.globalAlpha = 1;
            if (l.lo && l.lo[i] !== null && l.hi[i] !== null) {
              ctx.beginPath(); ctx.moveTo((a + b) / 2, Y(l.lo[i], l)); ctx.lineTo((a + b) / 2, Y(l.hi[i], l)); ctx.stroke();
            }
          }
          break;
        }
        case "hbars":
          for (let i = 0; i < n; i++) {
            const t = l.x2[i], a = Y(l.y[i] - t / 2, l), b = Y(l.y[i] + t / 2, l), x0 = X(0), x1 = X(l.x[i]);
            ctx.globalAlpha = l.fill || 0.7; ctx.fillRect(Math.min(x0, x1), Math.min(a, b), Math.abs(x1 - x0), Math.abs(b - a));
          }
          break;
        case "boxes":
          for (let i = 0; i < n; i++) {
            const a = X(l.x[i] - l.x2[i] / 2), b = X(l.x[i] + l.x2[i] / 2), mid = (a + b) / 2;
            const q1 = Y(l.lo[i], l), q3 = Y(l.hi[i], l);
            ctx.globalAlpha = l.fill || 0.35; ctx.fillRect(a, Math.min(q1, q3), b - a, Math.abs(q3 - q1));
            ctx.globalAlpha = 1; ctx.strokeRect(a, Math.min(q1, q3), b - a, Math.abs(q3 - q1));
            ctx.beginPath();
            ctx.moveTo(a, Y(l.y[i], l)); ctx.lineTo(b, Y(l.y[i], l));
            ctx.moveTo(mid, q1); ctx.lineTo(mid, Y(l.xlo[i], l));
            ctx.moveTo(mid, q3); ctx.lineTo(mid, Y(l.xhi[i], l));
            ctx.stroke();
          }
          break;
        case "cells": {
          const vals = (l.value || []).filter((v) => v !== null);
          const vmin = Math.min.apply(null, vals), vmax = Math.max.apply(null, vals);
          for (let i = 0; i < n; i++) {
            const t = vmax > vmin ? (l.value[i] - vmin) / (vmax - vmin) : 0.5;
            ctx.fillStyle = "hsl(" + (240 - 200 * t) + ",70%," + (30 + 35 * t) + "%)";
            const a = X(l.x[i]), b = X(l.x2[i]), c = Y(l.lo[i], l), d = Y(l.hi[i], l);
            ctx.fillRect(Math.min(a, b), Math.min(c, d), Math.abs(b - a), Math.abs(d - c));
          }
          break;
        }
        case "ellipses":
          for (let i = 0; i < n; i++) {
            const cx = X(l.x[i]), cy = Y(l.y[i], l);
            const rx = Math.abs(X(l.x[i] + l.xlo[i]) - cx), ry = Math.abs(Y(l.y[i] + l.lo[i], l) - cy);
            ctx.beginPath(); ctx.ellipse(cx, cy, rx, ry, 0, 0, 2 * Math.PI);
            ctx.globalAlpha = l.fill || 0.2; ctx.fill(); ctx.globalAlpha = 1; ctx.stroke();
          }
          break;
        case "hline": case "vline":
          for (let i = 0; i < n; i++) {
            const v = l.kind === "hline" ? l.y[i] : l.x[i];
            ctx.beginPath();
            if (l.kind === "hline") { ctx.moveTo(u.bbox.left, Y(v, l)); ctx.lineTo(u.bbox.left + u.bbox.width, Y(v, l)); }
            else { ctx.moveTo(X(v), u.bbox.top); ctx.lineTo(X(v), u.bbox.top + u.bbox.height); }
            ctx.stroke();
          }
          break;
      }
    }
    ctx.restore();
  }

  /* The nearest pickable point to the cursor, within 12 px. */
  function pick(u, model) {
    const cx = u.cursor.left, cy = u.cursor.top;
    if (cx === undefined || cx < 0) return null;
    let best = null, bestD = 12;
    model.layers.forEach((l) => {
      if (!l.pick && l.kind !== "points") return;
      if (l.series >= 0 && u._hiddenSeries.has(l.series)) return;
      const n = l.x ? l.x.length : 0;
      for (let i = 0; i < n; i++) {
        if (l.x[i] === null || l.y[i] === null) continue;
        let px, py, d;
        if (l.kind === "hbars") { px = u.valToPos(l.x[i], "x"); py = u.valToPos(l.y[i], l.y2 ? "y2" : "y"); }
        else { px = u.valToPos(l.x[i], "x"); py = u.valToPos(l.y[i], l.y2 ? "y2" : "y"); }
        if (l.kind === "bars" || l.kind === "boxes") {
          const half = Math.abs(u.valToPos(l.x[i] + l.x2[i] / 2, "x") - px);
          d = Math.abs(cx - px) <= half ? Math.abs(cy - py) * 0.1 : Infinity;
        } else d = Math.hypot(px - cx, py - cy);
        if (d < bestD) { bestD = d; best = { l: l, i: i, px: px, py: py }; }
      }
    });
    return best;
  }

  function hoverText(model, hit, idRuns) {
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
    lines.push((model.x.title || "x") + ": " + axisValue(model.x, l.x[i]));
    lines.push((yAxis.title || "y") + ": " + axisValue(yAxis, l.y[i]));
    const label = l.labels ? l.labels[i] : null;
    if (label) lines.push(model.label_title ? model.label_title + ": " + label : label);
    const id = l.ids ? l.ids[i] : -1;
    if (model.id_kind === "run" && id >= 0) {
      const r = model.globalIds ? id : (idRuns ? idRuns[id] : -1);
      if (r >= 0 && D.runs[r]) lines.push("Run: " + D.runs[r].name);
    }
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
    model = filterRuns(model, card.idRuns);
    return retype(model, card.view.type);
  }

  function render(card) {
    const model = currentModel(card);
    card.model = model;
    card.titleEl.textContent = model.title || "";
    card.noteEl.textContent = model.note || "";
    const logx = card.view.logx && !model.x.categories, logy = card.view.logy;
    const bx = scaleRange(model.x, bounds(model, "x", logx), logx);
    const by = scaleRange(model.y, bounds(model, "y", logy), logy);
    const scales = {
      x: { time: false, distr: logx ? 3 : 1, range: (u, lo, hi) => (lo === null ? bx : [lo, hi]) },
      y: { distr: logy ? 3 : 1, range: (u, lo, hi) => (lo === null ? by : [lo, hi]) },
    };
    const data = [[bx[0], bx[1]], [by[0], by[1]]];
    const series = [{}, { scale: "y", paths: () => null, points: { show: false } }];
    const axisStyle = { stroke: FG, grid: { stroke: GRID, width: 1 }, ticks: { stroke: GRID } };
    const xAxis = Object.assign({ label: axisLabel(model.x) }, axisStyle);
    if (model.x.ticks) {
      xAxis.splits = (u) => model.x.ticks.map((t) => t[0]).filter((p) => p >= u.scales.x.min && p <= u.scales.x.max);
      xAxis.values = (u, splits) => splits.map((p) => { const t = model.x.ticks.find((q) => q[0] === p); return t ? t[1] : ""; });
    } else xAxis.values = (u, splits) => splits.map(fmt);
    const axes = [xAxis, Object.assign({ label: axisLabel(model.y), values: (u, s) => s.map(fmt), size: 60 }, axisStyle)];
    if (model.y2) {
      const logy2 = false, by2 = scaleRange(model.y2, bounds(model, "y2", logy2), logy2);
      scales.y2 = { range: (u, lo, hi) => (lo === null ? by2 : [lo, hi]) };
      data.push([by2[0], by2[1]]);
      series.push({ scale: "y2", paths: () => null, points: { show: false } });
      axes.push(Object.assign({ scale: "y2", side: 1, label: axisLabel(model.y2), values: (u, s) => s.map(fmt), size: 60 }, axisStyle, { grid: { show: false } }));
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
        draw: [(u) => paintLayers(u, model)],
        setCursor: [(u) => showHover(card, u)],
      },
    };
    card.plot = new uPlot(opts, data, card.plotEl);
    card.plot._hiddenSeries = card.hiddenSeries;
    card.plot.redraw();
    bindPan(card);
    renderLegend(card, model);
    card.el.classList.add("live");
  }

  function renderLegend(card, model) {
    card.legendEl.textContent = "";
    model.series.forEach((s, k) => {
      if (s.legend === false) return;
      const item = el("span", { text: s.name, title: "Show or hide " + s.name, style: "--c:" + s.color + ";cursor:pointer" + (card.hiddenSeries.has(k) ? ";opacity:0.4" : "") });
      item.addEventListener("click", () => {
        if (card.hiddenSeries.has(k)) card.hiddenSeries.delete(k); else card.hiddenSeries.add(k);
        card.plot.redraw(); renderLegend(card, model);
      });
      card.legendEl.appendChild(item);
    });
  }

  function showHover(card, u) {
    const hit = pick(u, card.model);
    if (!hit) { card.tipEl.style.display = "none"; card.ringEl.style.display = "none"; card.el.dataset.hover = ""; return; }
    const text = hoverText(card.model, hit, card.idRuns);
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

  function pngDataUrl(card) {
    const src = card.plot.ctx.canvas, dpr = devicePixelRatio || 1, head = 40 * dpr;
    const c = document.createElement("canvas");
    c.width = src.width; c.height = src.height + head;
    const ctx = c.getContext("2d");
    ctx.fillStyle = BG; ctx.fillRect(0, 0, c.width, c.height);
    ctx.fillStyle = FG; ctx.font = "bold " + 16 * dpr + "px sans-serif";
    ctx.fillText(card.model.title || "", 10 * dpr, 26 * dpr);
    ctx.drawImage(src, 0, head);
    return c.toDataURL("image/png");
  }

  function downloadPng(card) {
    const a = el("a", { href: pngDataUrl(card), download: (card.name || "chart") + ".png" });
    document.body.appendChild(a); a.click(); a.remove();
  }

  function makeCard(figure, def, opts) {
    const card = {
      el: figure, drawn: def, name: opts.name, kind: opts.kind, idRuns: def ? def.id_runs : null,
      source: opts.source, hiddenSeries: new Set(), plot: null,
      view: Object.assign({ mode: def ? "drawn" : "data", type: def ? "drawn" : "scatter", logx: false, logy: false }, opts.view),
    };
    if (def) { card.view.logx = def.x.log; card.view.logy = def.y.log; }
    const choices = metricChoices(card);
    const stats = D.stats.map((s) => [s, s]);
    const changed = (field) => (e) => {
      card.view[field] = e.target.value;
      if (field === "x" || field === "y" || field === "xs" || field === "ys") card.view.mode = card.view.x === "" || card.view.y === "" ? "drawn" : "data";
      if (card.view.mode === "data") { card.ui.x.value = card.view.x; card.ui.y.value = card.view.y; }
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
      const box = el("input", { type: "checkbox", class: "log-" + field.slice(3), onchange: (e) => { card.view[field] = e.target.checked; render(card); } });
      box.checked = !!card.view[field];
      return el("label", {}, [box, document.createTextNode(" " + text)]);
    };
    const isRuns = card.source === "runs";
    const toolbar = el("div", { class: "toolbar" }, [
      el("label", { text: "X " }, [card.ui.x]), isRuns ? card.ui.xs : null,
      el("label", { text: "Y " }, [card.ui.y]), isRuns ? card.ui.ys : null,
      el("label", { text: "Type " }, [card.ui.type]),
      check("logx", "log x"), check("logy", "log y"),
      el("button", { type: "button", text: "Reset zoom", title: "Show the whole chart (or double-click it)", onclick: () => render(card) }),
      el("button", { type: "button", text: "PNG", title: "Download the current view as PNG", class: "png", onclick: () => downloadPng(card) }),
      opts.removable ? el("button", { type: "button", text: "Remove", onclick: () => { card.plot.destroy(); figure.remove(); state.cards.splice(state.cards.indexOf(card), 1); } }) : null,
    ]);
    card.titleEl = el("div", { class: "chart-title" });
    card.noteEl = el("div", { class: "chart-note" });
    card.plotEl = el("div", { class: "plot" });
    card.tipEl = el("div", { class: "tip" });
    card.ringEl = el("div", { class: "ring" });
    card.legendEl = el("div", { class: "legend" });
    const live = el("div", { class: "live-view" }, [toolbar, card.titleEl, card.noteEl, card.plotEl, card.legendEl]);
    const caption = figure.querySelector("figcaption");
    figure.insertBefore(live, caption ? caption.nextSibling : figure.firstChild);
    card.plotEl.appendChild(card.tipEl);
    card.plotEl.appendChild(card.ringEl);
    state.cards.push(card);
    render(card);
    card.plotEl.appendChild(card.tipEl);
    card.plotEl.appendChild(card.ringEl);
    return card;
  }

  /* ---- the page's controls: runs, filters, add a chart ---- */

  function rerenderAll() { for (const c of state.cards) render(c); }

  function buildControls() {
    const box = document.getElementById("controls");
    box.appendChild(el("h2", { text: "Explore" }));
    const runs = el("div", { class: "runs" });
    D.runs.forEach((r, i) => {
      const cb = el("input", { type: "checkbox", "data-run": String(i), onchange: (e) => { if (e.target.checked) state.hidden.delete(i); else state.hidden.add(i); rerenderAll(); } });
      cb.checked = true;
      runs.appendChild(el("label", { title: r.locator }, [cb, document.createTextNode(" " + r.name)]));
    });
    const all = (on) => () => { runs.querySelectorAll("input").forEach((cb, i) => { cb.checked = on; if (on) state.hidden.delete(i); else state.hidden.add(i); }); rerenderAll(); };
    box.appendChild(el("fieldset", {}, [el("legend", { text: "Runs" }), runs,
      el("button", { type: "button", text: "All", onclick: all(true) }), el("button", { type: "button", text: "None", onclick: all(false) })]));

    const filters = el("div", { class: "filters" });
    Object.keys(D.params).forEach((key) => {
      const values = Array.from(new Set(D.runs.map((r) => (r.params[key] !== undefined ? r.params[key] : ""))));
      values.sort((a, b) => (isFinite(a) && isFinite(b) && a !== "" && b !== "" ? a - b : String(a).localeCompare(String(b))));
      const group = el("span", {}, [el("b", { text: D.params[key] + ": " })]);
      values.forEach((v) => {
        const cb = el("input", { type: "checkbox", "data-param": key, value: v, onchange: () => {
          const on = Array.from(group.querySelectorAll("input")).filter((c) => c.checked).map((c) => c.value);
          state.params[key] = on.length === values.length ? null : new Set(on);
          rerenderAll();
        } });
        cb.checked = true;
        group.appendChild(el("label", {}, [cb, document.createTextNode(" " + (v === "" ? "(none)" : v) + " ")]));
      });
      filters.appendChild(group);
    });
    if (Object.keys(D.params).length) box.appendChild(el("fieldset", {}, [el("legend", { text: "Parameters" }), filters]));

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
    box.appendChild(el("fieldset", {}, [el("legend", { text: "Metric range" }), rtag, rstat, rmin, rmax,
      el("button", { type: "button", text: "Filter", class: "range-add", onclick: () => {
        state.ranges.push({ tag: rtag.value, stat: rstat.value, min: rmin.value === "" ? NaN : +rmin.value, max: rmax.value === "" ? NaN : +rmax.value });
        showRanges(); rerenderAll();
      } }), active]));

    box.appendChild(el("button", { type: "button", text: "Add chart", class: "add-chart", onclick: addChart }));
    if (D.requests && D.requests.note) box.appendChild(el("p", { class: "note", text: D.requests.note }));
  }

  function addChart() {
    const single = !!D.requests;
    const choices = metricChoices({ source: single ? "requests" : "runs" });
    const has = (t) => choices.some((c) => c[0] === t);
    const pickOf = (wanted, fallback) => { for (const t of wanted) if (has(t)) return t; return choices.length ? choices[Math.min(fallback, choices.length - 1)][0] : ""; };
    const view = single
      ? { x: pickOf(["request_number", "start_s"], 0), y: pickOf(["time_to_first_token", "request_latency"], 1) }
      : { x: pickOf(["request_latency"], 0), xs: "avg", y: pickOf(["output_token_throughput", "request_throughput"], 1), ys: "avg" };
    view.mode = "data";
    const figure = el("figure", { class: "chart added" });
    document.getElementById("charts").appendChild(figure);
    const card = makeCard(figure, null, { name: "chart-" + (state.cards.length + 1), source: single ? "requests" : "runs", view: view, removable: true });
    figure.scrollIntoView({ block: "nearest" });
    return card;
  }

  /* ---- start ---- */

  buildControls();
  D.charts.forEach((def) => {
    const figure = document.getElementById(def.id);
    if (!figure) return;
    const source = def.multi ? "runs" : (D.requests ? "requests" : "runs");
    const view = { xs: def.spec.xs || "avg", ys: def.spec.ys || "avg", group: def.spec.group, label: def.spec.label,
                   x: def.spec.x || "", y: def.spec.y || "" };
    const panels = def.panels && def.panels.length ? def.panels : null;
    if (panels) {
      /* small multiples: one live chart per panel */
      panels.forEach((p, k) => {
        const sub = el("figure", { class: "chart panel" });
        figure.appendChild(sub);
        makeCard(sub, Object.assign({ id_runs: def.id_runs }, p), { name: def.name + "-" + (k + 1), kind: def.kind, source: source, view: Object.assign({}, view) });
      });
      figure.classList.add("live");
    } else {
      makeCard(figure, def, { name: def.name, kind: def.kind, source: source, view: view });
    }
  });
  window.addEventListener("resize", () => { clearTimeout(state.resize); state.resize = setTimeout(rerenderAll, 150); });

  /* ---- the page's own check, as a user would use it: report.html#selftest ---- */

  function countPoints(card) {
    let n = 0;
    for (const l of card.model.layers) if (l.kind === "points" && l.x) n += l.x.length;
    return n;
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  async function selftest() {
    const out = { charts: D.charts.length, cards: state.cards.length, canvases: 0, problems: problems };
    out.canvases = state.cards.filter((c) => c.plot && c.plot.ctx.canvas.width > 0).length;
    out.svgs = document.querySelectorAll("figure.chart .static svg").length;
    out.titles = state.cards.map((c) => c.titleEl.textContent);
    /* changing an axis: the first card with a metric picker and data */
    const card = state.cards.find((c) => c.ui.y.options.length > 2 && countPoints(c) > 0);
    if (card) {
      const before = card.model.y.title;
      const other = Array.from(card.ui.y.options).map((o) => o.value).find((v) => v !== "" && v !== card.view.y && (card.source !== "runs" || D.runs.some((r) => r.metrics[v] && r.metrics[v][card.view.ys || "avg"] !== undefined)));
      card.ui.y.value = other;
      card.ui.y.dispatchEvent(new Event("change"));
      await settle();
      out.axis = { before: before, after: card.model.y.title, metric: other, points: countPoints(card) };
    }
    /* toggling a run off hides its points */
    const multi = state.cards.find((c) => c.model.id_kind === "run" && countPoints(c) > 1);
    if (multi) {
      const before = countPoints(multi);
      const cb = document.querySelector("#controls input[data-run='0']");
      cb.checked = false;
      cb.dispatchEvent(new Event("change"));
      await settle();
      out.toggle = { before: before, after: countPoints(multi) };
      cb.checked = true;
      cb.dispatchEvent(new Event("change"));
      await settle();
      out.toggle.restored = countPoints(multi);
    }
    /* hovering the first point of the first chart with points */
    const hc = state.cards.find((c) => countPoints(c) > 0);
    if (hc) try {
      const l = hc.model.layers.find((q) => q.kind === "points" && q.x && q.x.length);
      let i = l.x.findIndex((v, k) => v !== null && l.y[k] !== null);
      const u = hc.plot, rect = u.over.getBoundingClientRect();
      const px = u.valToPos(l.x[i], "x"), py = u.valToPos(l.y[i], l.y2 ? "y2" : "y");
      u.over.dispatchEvent(new MouseEvent("mousemove", { clientX: rect.left + px, clientY: rect.top + py, bubbles: true }));
      await settle();
      out.hover = { text: hc.el.dataset.hover || "", visible: hc.tipEl.style.display === "block" };
      out.png = pngDataUrl(hc).length;
    } catch (e) { problems.push("hover: " + e.message + " " + JSON.stringify(hc.model.x) + " " + JSON.stringify([hc.plot.scales.x.min, hc.plot.scales.x.max])); }
    /* the type switch: the same points as bars, then as boxes, then back */
    const typed = state.cards.find((c) => countPoints(c) > 1);
    if (typed) {
      out.types = {};
      for (const t of ["bar", "box", "line", "drawn"]) {
        typed.ui.type.value = t;
        typed.ui.type.dispatchEvent(new Event("change"));
        await settle();
        out.types[t] = typed.model.layers.map((l) => l.kind + ":" + (l.x ? l.x.length : 0)).join(" ");
      }
    }
    /* log y, then zoom by a wheel step at the centre */
    const logged = state.cards[0];
    if (logged) {
      const box = logged.el.querySelector("input.log-y");
      box.checked = true;
      box.dispatchEvent(new Event("change"));
      await settle();
      const u = logged.plot, rect = u.over.getBoundingClientRect();
      const before = u.scales.x.max - u.scales.x.min;
      u.over.dispatchEvent(new WheelEvent("wheel", { deltaY: -100, clientX: rect.left + rect.width / 2, clientY: rect.top + rect.height / 2, bubbles: true, cancelable: true }));
      await settle();
      out.zoom = { log: u.scales.y.distr === 3, before: before, after: u.scales.x.max - u.scales.x.min };
    }
    const added = addChart();
    out.added = { points: countPoints(added), title: added.model.title };
    const pre = el("pre", { id: "selftest-result", text: JSON.stringify(out) });
    document.body.appendChild(pre);
  }

  window.aiperfReport = { data: D, cards: state.cards, render: render, addChart: addChart };
  if (location.hash === "#selftest") setTimeout(selftest, 0);
})();
