/* report-draw.js — how report.html draws a chart: the window's number and
 * axis text, the data bounds and ranges of the axes, every layer kind of
 * the renderer painted in uPlot's draw hook, the point under the cursor,
 * and the plot type switch. Pure functions of a chart model (the layers,
 * series and axes aiperf-plot embeds); report.js uses them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
var AiperfReportDraw = (function () {
  "use strict";

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

  /* Whether item @i of layer @l has what it needs to be drawn (as the
   * renderer decides; aiperf-report-lod.c counts the same way). */
  function drawable(l, i) {
    const ok = (a) => a && a[i] !== null && a[i] !== undefined;
    switch (l.kind) {
      case "hline": return ok(l.y);
      case "vline": return ok(l.x);
      case "segments": return ok(l.x) && ok(l.x2) && ok(l.y);
      case "band": return ok(l.x) && ok(l.lo) && ok(l.hi);
      case "cells": return ok(l.x) && ok(l.x2) && ok(l.lo) && ok(l.hi);
      case "errors": return ok(l.x) && ((ok(l.lo) && ok(l.hi)) || (ok(l.xlo) && ok(l.xhi)));
      default: return ok(l.x) && ok(l.y);
    }
  }

  /* Horizontal bars stood up: categories along x, values up y, so the
   * type switch treats them as any other bars. */
  function upright(model) {
    if (!model.layers.some((l) => l.kind === "hbars")) return model;
    const layers = model.layers.filter((l) => l.kind === "hbars").map((l) => Object.assign({}, l, {
      kind: "bars", x: l.y, y: l.x, lo: l.xlo || null, hi: l.xhi || null, xlo: null, xhi: null,
      /* each bar named by its category (a kernel's name), not its hover text */
      labels: model.y.ticks ? l.y.map((v) => tickLabel(model.y, v)) : l.labels || null,
    }));
    return Object.assign({}, model, { layers: layers, x: Object.assign({}, model.y, { categories: !!model.y.ticks }),
                                      y: Object.assign({}, model.x, { ticks: null }), label_title: model.label_title || model.y.title });
  }

  function tickLabel(axis, v) {
    if (!axis.ticks) return null;
    for (const t of axis.ticks) if (Math.abs(t[0] - v) < 1e-9) return t[1];
    return null;
  }

  /* The items of each series, once: a series drawn as a line through
   * markers gives its markers, not both. */
  function seriesPoints(model) {
    const out = new Map(), RANK = { points: 3, bars: 2, line: 1, step: 1, area: 1 }, best = new Map();
    for (const l of model.layers)
      if (RANK[l.kind] && l.x && l.y) {
        const key = l.series >= 0 ? l.series : -1;
        best.set(key, Math.max(best.get(key) || 0, RANK[l.kind]));
      }
    for (const l of model.layers) {
      if (!RANK[l.kind] || !l.x || !l.y) continue;
      const key = l.series >= 0 ? l.series : -1;
      if (RANK[l.kind] < best.get(key)) continue;
      if (!out.has(key)) out.set(key, { x: [], y: [], labels: [], ids: [], runs: [], color: l.color, y2: l.y2 });
      const s = out.get(key);
      for (let i = 0; i < l.x.length; i++) {
        if (l.x[i] === null || l.y[i] === null) continue;
        s.x.push(l.x[i]); s.y.push(l.y[i]);
        s.labels.push(l.labels ? l.labels[i] : null); s.ids.push(l.ids ? l.ids[i] : -1);
        s.runs.push(l.runs ? l.runs[i] : -1);
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
    model = upright(model);
    const pts = seriesPoints(model), layers = [];
    const name = (k) => (k >= 0 && model.series[k] ? model.series[k].name : model.title);
    if (type === "scatter" || type === "line") {
      pts.forEach((s, k) => {
        const order = s.x.map((_, i) => i).sort((a, b) => s.x[a] - s.x[b]);
        const pick = (arr) => order.map((i) => arr[i]);
        const base = { series: k, color: s.color, y2: s.y2, width: 2, size: 7, opacity: 1, fill: 0.3 };
        if (type === "line") layers.push(Object.assign({ kind: "line", x: pick(s.x), y: pick(s.y) }, base));
        layers.push(Object.assign({ kind: "points", pick: true, hover_labels: !!model.x.ticks, x: pick(s.x), y: pick(s.y),
                                    labels: pick(s.labels), ids: pick(s.ids), runs: pick(s.runs) }, base));
      });
      return Object.assign({}, model, { layers: layers });
    }
    if (type === "bar") {
      /* one bar per point, side by side in the order of x, per series;
       * each bar named by its label (a run's concurrency, a kernel) or x */
      const ticks = [];
      let pos = 0, labelled = false;
      pts.forEach((s, k) => {
        const order = s.x.map((_, i) => i).sort((a, b) => s.x[a] - s.x[b]);
        const l = { kind: "bars", series: k, color: s.color, fill: 0.8, width: 1, pick: true, x: [], y: [], x2: [], labels: [], ids: [], runs: [], bar_x: [] };
        for (const i of order) {
          const own = s.labels[i] !== null && s.labels[i] !== undefined;
          labelled = labelled || own;
          ticks.push([pos, (pts.size > 1 ? name(k) + " " : "") + (own ? s.labels[i] : axisValue(model.x, s.x[i]))]);
          l.x.push(pos); l.y.push(s.y[i]); l.x2.push(0.7); l.labels.push(s.labels[i]); l.ids.push(s.ids[i]); l.runs.push(s.runs[i]);
          l.bar_x.push(s.x[i]);
          pos++;
        }
        layers.push(l);
      });
      const title = labelled && model.label_title ? model.label_title : (model.x.title || "");
      return Object.assign({}, model, { layers: layers, bar_of: model.x,
                                        x: { title: title, unit: labelled ? "" : model.x.unit, ticks: ticks, categories: true },
                                        y: Object.assign({}, model.y, { zero: true, range: null }) });
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

  /* ---- drawing ---- */

  /* Ticks of a log axis from @min to @max: 1, 2 and 5 of each decade (1 to
   * 9 within less than one, only the powers of ten over many), every one
   * of them labelled, so a range like 22–1318 ms reads 50, 100, 200, 500,
   * 1000. */
  function logSplits(min, max) {
    if (!(min > 0) || !(max > min)) return [];
    const decades = Math.log10(max / min);
    const mantissas = decades < 1 ? [1, 2, 3, 4, 5, 6, 7, 8, 9] : decades < 3 ? [1, 2, 5] : [1];
    const every = decades > 8 ? Math.ceil(decades / 8) : 1;
    const out = [];
    for (let e = Math.floor(Math.log10(min)); e <= Math.ceil(Math.log10(max)); e++) {
      if (mantissas.length === 1 && e % every !== 0) continue;
      for (const m of mantissas) {
        const v = +(m * Math.pow(10, e)).toPrecision(12);
        if (v >= min * (1 - 1e-9) && v <= max * (1 + 1e-9)) out.push(v);
      }
    }
    return out;
  }

  function bounds(model, axisName, log) {
    let lo = Infinity, hi = -Infinity;
    const take = (v) => { if (v !== null && isFinite(v) && (!log || v > 0)) { lo = Math.min(lo, v); hi = Math.max(hi, v); } };
    for (const l of model.layers) {
      const onY2 = !!l.y2;
      if (axisName === "x") {
        if (l.kind === "hline") continue;
        if (l.kind === "hbars") { (l.x || []).forEach(take); (l.xhi || []).forEach(take); take(0); continue; }
        (l.x || []).forEach((v, i) => {
          if (l.kind === "bars" || l.kind === "boxes") { take(v - l.x2[i] / 2); take(v + l.x2[i] / 2); }
          else take(v);
        });
        if (l.kind === "segments" || l.kind === "cells") (l.x2 || []).forEach(take);
        if (l.kind === "errors") { (l.xlo || []).forEach(take); (l.xhi || []).forEach(take); }
        if (l.kind === "ellipses") (l.x || []).forEach((v, i) => { take(v - l.xlo[i]); take(v + l.xlo[i]); });
      } else {
        if ((axisName === "y2") !== onY2 || l.kind === "vline") continue;
        if (l.kind === "hbars") { (l.y || []).forEach((v, i) => { take(v - l.x2[i] / 2); take(v + l.x2[i] / 2); }); continue; }
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
    if (axis.range && (!log || axis.range[0] > 0)) return axis.range.slice();
    let [lo, hi] = b;
    if (axis.categories) return [lo - 0.5 < -0.5 ? lo - 0.5 : -0.5, hi + 0.5];
    if (log) return [lo / 1.3, hi * 1.3];
    if (axis.zero && lo > 0) lo = 0;
    if (axis.zero && hi < 0) hi = 0;
    const pad = (hi - lo || Math.abs(hi) || 1) * 0.05;
    return [lo === 0 ? 0 : lo - pad, hi + pad];
  }

  /* viridis, with the renderer's five stops: readable in both themes and
   * for colour-blind readers */
  const VIRIDIS = [[0.267, 0.005, 0.329], [0.231, 0.322, 0.545], [0.129, 0.569, 0.549], [0.369, 0.788, 0.384], [0.992, 0.906, 0.145]];

  function viridis(t) {
    t = Math.min(1, Math.max(0, isFinite(t) ? t : 0)) * (VIRIDIS.length - 1);
    const i = Math.min(Math.floor(t), VIRIDIS.length - 2), f = t - i;
    const c = [0, 1, 2].map((k) => Math.round(255 * (VIRIDIS[i][k] + f * (VIRIDIS[i + 1][k] - VIRIDIS[i][k]))));
    return "rgb(" + c.join(",") + ")";
  }

  /* Where labels already are: boxes in buckets of 64 px, so placing one
   * looks at its neighbours only, however many points the chart has. */
  function Placed() { this.cells = new Map(); this.count = 0; }
  Placed.prototype.keys = function (b) {
    const out = [];
    for (let cx = Math.floor(b.x / 64); cx <= Math.floor((b.x + b.w) / 64); cx++)
      for (let cy = Math.floor(b.y / 64); cy <= Math.floor((b.y + b.h) / 64); cy++) out.push(cx + "," + cy);
    return out;
  };
  Placed.prototype.free = function (b) {
    for (const k of this.keys(b)) for (const o of this.cells.get(k) || [])
      if (b.x < o.x + o.w && o.x < b.x + b.w && b.y < o.y + o.h && o.y < b.y + b.h) return false;
    return true;
  };
  Placed.prototype.add = function (b) {
    for (const k of this.keys(b)) { if (!this.cells.has(k)) this.cells.set(k, []); this.cells.get(k).push(b); }
    this.count++;
  };

  /* A point label's repeat: the same text of the same series (colour)
   * already placed within a label's size of @px, @py. */
  Placed.prototype.repeats = function (text, color, px, py, w, h) {
    for (const k of this.keys({ x: px - w, y: py - h, w: 2 * w, h: 2 * h })) for (const o of this.cells.get(k) || [])
      if (o.text === text && o.color === color && Math.abs(o.px - px) < w && Math.abs(o.py - py) < h) return true;
    return false;
  };

  /* As the renderer does: a point's label takes the first free place
   * around it (above right, above left, below right, below left) and is
   * left out when none is free, rather than piling on the others; a repeat
   * of the same series' label there is no label. Returns whether it was
   * left out for want of room. */
  function placeLabel(ctx, placed, text, color, px, py, r, dpr) {
    const w = ctx.measureText(text).width, h = 11 * dpr, gap = r + 2 * dpr;
    if (placed.repeats(text, color, px, py, w, h)) return false;
    const spots = [[px + gap, py - gap - h], [px - gap - w, py - gap - h], [px + gap, py + gap], [px - gap - w, py + gap]];
    for (const [x, y] of spots) {
      const box = { x: x, y: y, w: w, h: h, text: text, color: color, px: px, py: py };
      if (!placed.free(box)) continue;
      placed.add(box);
      ctx.textBaseline = "top";
      ctx.fillText(text, x, y);
      ctx.textBaseline = "alphabetic";
      return false;
    }
    return true;
  }

  /* What the renderer writes under the title for the labels it left out. */
  function hiddenLabelsNote(n) {
    return n === 1 ? "1 point label hidden: no room" : n + " point labels hidden: no room";
  }

  /* A line as drawn: per device pixel column its first and last vertex
   * and the lowest and highest it reaches (the same picture, as the
   * window draws long lines); null where the line breaks. */
  function lineColumns(l, X, Y, n) {
    const out = [];
    let cur = null;
    for (let i = 0; i < n; i++) {
      if (l.x[i] === null || l.y[i] === null) { if (cur) out.push(cur); cur = null; out.push(null); continue; }
      const px = X(l.x[i]), py = Y(l.y[i], l), c = Math.round(px);
      if (cur && cur.c === c) {
        cur.last = [px, py];
        if (py < cur.top) cur.top = py;
        if (py > cur.bottom) cur.bottom = py;
        continue;
      }
      if (cur) out.push(cur);
      cur = { c: c, first: [px, py], last: [px, py], top: py, bottom: py };
    }
    if (cur) out.push(cur);
    return out;
  }

  /* The line through @cols: a column that spans more than a pixel is one
   * vertical stroke, not a zigzag (whose sharp joins cost a software
   * rasteriser seconds). */
  function linePath(cols, step) {
    const path = new Path2D();
    let started = false, lastY = 0;
    for (const col of cols) {
      if (col === null) { started = false; continue; }
      const [fx, fy] = col.first, [lx, ly] = col.last;
      if (!started) path.moveTo(fx, fy);
      else { if (step) path.lineTo(fx, lastY); path.lineTo(fx, fy); }
      if (col.bottom - col.top > 1) {
        path.moveTo(col.c, col.top); path.lineTo(col.c, col.bottom); path.moveTo(lx, ly);
      } else if (lx !== fx || ly !== fy) path.lineTo(lx, ly);
      started = true; lastY = ly;
    }
    return path;
  }

  /* The area under @cols down to @zero: per column its extent farthest
   * from the baseline (what the union of the fills covers). */
  function areaPath(cols, zero, step) {
    const path = new Path2D();
    let run = [];
    const close = () => {
      if (!run.length) return;
      path.moveTo(run[0][0], zero);
      let lastY = zero;
      for (const [x, y] of run) { if (step) path.lineTo(x, lastY); path.lineTo(x, y); lastY = y; }
      path.lineTo(run[run.length - 1][0], zero); path.closePath();
      run = [];
    };
    for (const col of cols) {
      if (col === null) { close(); continue; }
      const far = Math.abs(col.top - zero) > Math.abs(col.bottom - zero) ? col.top : col.bottom;
      run.push([col.first[0], far]);
      if (col.last[0] !== col.first[0]) run.push([col.last[0], far]);
    }
    close();
    return path;
  }

  /* Paints @model's layers; returns how many items of each layer it drew
   * (a marker on a device pixel another one of its layer already covers
   * counts as drawn). */
  function paintLayers(u, model) {
    const ctx = u.ctx, dpr = devicePixelRatio || 1;
    const X = (v) => u.valToPos(v, "x", true);
    const Y = (v, l) => u.valToPos(v, l.y2 ? "y2" : "y", true);
    const hidden = u._hiddenSeries;
    const box = u.bbox, W = Math.ceil(box.left + box.width) + 2, H = Math.ceil(box.top + box.height) + 2;
    const counts = [];
    u._pickGrid = null;
    ctx.save();
    ctx.beginPath();
    ctx.rect(box.left, box.top, box.width, box.height);
    ctx.clip();
    const placed = new Placed();
    /* as the renderer: past 2000 point labels, none (a chart that dense
     * has no room for them) */
    let labelled = 0;
    for (const l of model.layers)
      if (l.kind === "points" && l.labels && !l.hover_labels && !(l.series >= 0 && hidden.has(l.series)))
        for (const t of l.labels) if (t) labelled++;
    const withLabels = labelled <= 2000;
    u._hiddenLabels = 0;
    u._labelled = withLabels ? 0 : labelled;
    for (const l of model.layers) {
      const n = l.x ? l.x.length : (l.y ? l.y.length : 0);
      let drawn = 0;
      if (l.series >= 0 && hidden.has(l.series)) { counts.push(0); continue; }
      for (let i = 0; i < n; i++) if (drawable(l, i)) drawn++;
      counts.push(drawn);
      ctx.strokeStyle = ctx.fillStyle = l.color;
      ctx.lineWidth = (l.width || 1.5) * dpr;
      ctx.setLineDash(l.dashed ? [6 * dpr, 4 * dpr] : []);
      ctx.globalAlpha = 1;
      const r = Math.max(2, (l.size || 6) / 2) * dpr;
      switch (l.kind) {
        case "points": case "text": {
          ctx.globalAlpha = l.opacity === null || l.opacity === undefined ? 1 : l.opacity;
          ctx.font = (l.kind === "text" ? 11 : 10) * dpr + "px sans-serif";
          /* many markers: one per device pixel */
          const seen = n > 2000 ? new Uint8Array(W * H) : null;
          const labels = withLabels && l.labels && !l.hover_labels && l.kind === "points";
          const dots = new Path2D();
          /* a marker within half its radius of one already drawn adds nothing */
          const cell = Math.max(1, Math.floor(r / 2));
          for (let i = 0; i < n; i++) {
            if (l.x[i] === null || l.y[i] === null) continue;
            const px = X(l.x[i]), py = Y(l.y[i], l);
            if (l.kind === "text") {
              /* annotations are always drawn; point labels keep clear of them */
              if (l.labels && l.labels[i]) {
                const w = ctx.measureText(l.labels[i]).width;

                /* centred on its point, as the renderer sets it */
                ctx.textAlign = "center"; ctx.textBaseline = "middle";
                ctx.fillText(l.labels[i], px, py);
                ctx.textAlign = "start"; ctx.textBaseline = "alphabetic";
                placed.add({ x: px - w / 2, y: py - 7 * dpr, w: w, h: 14 * dpr });
              }
              continue;
            }
            if (px < box.left - r || py < box.top - r || px > box.left + box.width + r || py > box.top + box.height + r) continue;
            if (seen) {
              const key = Math.round(px / cell) + Math.round(py / cell) * W;
              if (seen[key]) continue;
              seen[key] = 1;
            }
            dots.moveTo(px + r, py); dots.arc(px, py, r, 0, 2 * Math.PI);
            /* hover_labels: for the tooltip only, as in the SVG */
            if (labels && l.labels[i]) {
              u._labelled++;
              if (placeLabel(ctx, placed, l.labels[i], l.color, px, py, r, dpr)) u._hiddenLabels++;
            }
          }
          ctx.fill(dots);
          break;
        }
        case "line": case "step": case "area": {
          ctx.globalAlpha = l.opacity === null || l.opacity === undefined ? 1 : l.opacity;
          const step = l.kind === "step" || l.step;
          const cols = lineColumns(l, X, Y, n);
          if (l.kind === "area") {
            ctx.globalAlpha = l.fill || 0.2; ctx.fill(areaPath(cols, Y(0, l), step)); ctx.globalAlpha = l.opacity === null || l.opacity === undefined ? 1 : l.opacity;
          }
          ctx.lineJoin = "round";
          ctx.stroke(linePath(cols, step));
          break;
        }
        case "segments": {
          /* many segments: one per start pixel and half a line's
           * thickness of height (the longest drawn first covers the rest) */
          const seen = n > 2000 ? new Uint8Array(W * H) : null;
          const t = Math.max(1, (l.width || 1.5) * dpr), cell = Math.max(1, Math.floor(t / 2));
          const path = new Path2D();
          for (let i = 0; i < n; i++) {
            if (!drawable(l, i)) continue;
            const a = X(l.x[i]), b = X(l.x2[i]), y = Y(l.y[i], l);
            if (Math.max(a, b) < box.left || Math.min(a, b) > box.left + box.width || y < box.top - t || y > box.top + box.height + t) continue;
            if (seen) {
              const key = Math.round(Math.max(a, 0)) + Math.round(Math.max(y, 0) / cell) * W;
              if (seen[key] && Math.abs(b - a) < 1) continue;
              seen[key] = 1;
            }
            path.moveTo(a, y); path.lineTo(Math.abs(b - a) < 1 ? a + 1 : b, y);
          }
          ctx.lineCap = "butt";
          ctx.stroke(path);
          break;
        }
        case "errors": {
          const path = new Path2D();
          for (let i = 0; i < n; i++) {
            if (!drawable(l, i)) continue;
            if (l.lo && l.lo[i] !== null && l.hi[i] !== null) { path.moveTo(X(l.x[i]), Y(l.lo[i], l)); path.lineTo(X(l.x[i]), Y(l.hi[i], l)); }
            if (l.xlo && l.xlo[i] !== null && l.xhi[i] !== null && l.y[i] !== null) { path.moveTo(X(l.xlo[i]), Y(l.y[i], l)); path.lineTo(X(l.xhi[i]), Y(l.y[i], l)); }
          }
          ctx.stroke(path);
          break;
        }
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
            if (!drawable(l, i)) continue;
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
        case "hbars": {
          const slots = Math.max(1, l.groups || 1);
          for (let i = 0; i < n; i++) {
            if (!drawable(l, i)) continue;
            const t = l.x2[i] / slots, y0 = l.y[i] - l.x2[i] / 2 + (l.group || 0) * t;
            const a = Y(y0, l), b = Y(y0 + t, l), x0 = X(0), x1 = X(l.x[i]);
            ctx.globalAlpha = l.fill || 0.7; ctx.fillRect(Math.min(x0, x1), Math.min(a, b), Math.abs(x1 - x0), Math.abs(b - a));
            ctx.globalAlpha = 1;
            if (l.xlo && l.xlo[i] !== null && l.xhi[i] !== null) {
              ctx.beginPath(); ctx.moveTo(X(l.xlo[i]), (a + b) / 2); ctx.lineTo(X(l.xhi[i]), (a + b) / 2); ctx.stroke();
            }
          }
          break;
        }
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
          /* the renderer's colour scale: the colour axis' range, else the values' */
          const fixed = model.color_axis && model.color_axis.range;
          let vmin = Infinity, vmax = -Infinity;
          for (const v of l.value || []) if (v !== null) { vmin = Math.min(vmin, v); vmax = Math.max(vmax, v); }
          if (fixed) { vmin = fixed[0]; vmax = fixed[1]; }
          for (let i = 0; i < n; i++) {
            if (!drawable(l, i)) continue;
            const t = vmax > vmin ? (l.value[i] - vmin) / (vmax - vmin) : 0;
            ctx.fillStyle = viridis(t);
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
    return counts;
  }

  /* Where each pickable point is, in buckets of 16 px, built at the first
   * pick after a draw: a pick then looks at the points around the cursor,
   * not at all of a 20,000-request run's. */
  function pickGrid(u, model) {
    if (u._pickGrid && u._pickGrid.model === model) return u._pickGrid.cells;
    const cells = new Map();
    model.layers.forEach((l) => {
      if (!l.pick && l.kind !== "points") return;
      if (l.kind === "bars" || l.kind === "boxes") return;
      if (l.series >= 0 && u._hiddenSeries.has(l.series)) return;
      const n = l.x ? l.x.length : 0, scale = l.y2 ? "y2" : "y";
      for (let i = 0; i < n; i++) {
        if (l.x[i] === null || l.y[i] === null) continue;
        const px = u.valToPos(l.x[i], "x"), py = u.valToPos(l.y[i], scale);
        if (!isFinite(px) || !isFinite(py)) continue;
        const key = Math.floor(px / 16) + "," + Math.floor(py / 16);
        if (!cells.has(key)) cells.set(key, []);
        cells.get(key).push([l, i, px, py]);
      }
    });
    u._pickGrid = { model: model, cells: cells };
    return cells;
  }

  /* The nearest pickable point to the cursor, within 12 px. */
  function pick(u, model) {
    const cx = u.cursor.left, cy = u.cursor.top;
    if (cx === undefined || cx < 0) return null;
    let best = null, bestD = 12;
    const cells = pickGrid(u, model), gx = Math.floor(cx / 16), gy = Math.floor(cy / 16);
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (const [l, i, px, py] of cells.get(gx + dx + "," + (gy + dy)) || []) {
          const d = Math.hypot(px - cx, py - cy);
          if (d < bestD) { bestD = d; best = { l: l, i: i, px: px, py: py }; }
        }
    /* bars and boxes (a few): the one under the cursor */
    model.layers.forEach((l) => {
      if (l.kind !== "bars" && l.kind !== "boxes") return;
      if (!l.pick || (l.series >= 0 && u._hiddenSeries.has(l.series))) return;
      const n = l.x ? l.x.length : 0;
      for (let i = 0; i < n; i++) {
        if (l.x[i] === null || l.y[i] === null) continue;
        const px = u.valToPos(l.x[i], "x"), py = u.valToPos(l.y[i], l.y2 ? "y2" : "y");
        const half = Math.abs(u.valToPos(l.x[i] + l.x2[i] / 2, "x") - px);
        const d = Math.abs(cx - px) <= half ? Math.abs(cy - py) * 0.1 : Infinity;
        if (d < bestD) { bestD = d; best = { l: l, i: i, px: px, py: py }; }
      }
    });
    return best;
  }

  return { fmt: fmt, axisValue: axisValue, axisLabel: axisLabel, retype: retype, drawable: drawable,
           bounds: bounds, scaleRange: scaleRange, paintLayers: paintLayers, pick: pick, logSplits: logSplits,
           hiddenLabelsNote: hiddenLabelsNote };
})();
