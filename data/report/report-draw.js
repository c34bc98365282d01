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
  /* ---- drawing ---- */

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
    if (axis.range && !log) return axis.range.slice();
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

  /* As the renderer does: a point's label takes the first free place
   * around it (above right, above left, below right, below left) and is
   * left out when none is free, rather than piling on the others. */
  function placeLabel(ctx, placed, text, px, py, r, dpr) {
    if (placed.length >= 2000) return;
    ctx.font = 10 * dpr + "px sans-serif";
    const w = ctx.measureText(text).width, h = 11 * dpr, gap = r + 2 * dpr;
    const spots = [[px + gap, py - gap - h], [px - gap - w, py - gap - h], [px + gap, py + gap], [px - gap - w, py + gap]];
    for (const [x, y] of spots) {
      const box = { x: x, y: y, w: w, h: h };
      if (placed.some((b) => box.x < b.x + b.w && b.x < box.x + box.w && box.y < b.y + b.h && b.y < box.y + box.h)) continue;
      placed.push(box);
      ctx.textBaseline = "top";
      ctx.fillText(text, x, y);
      ctx.textBaseline = "alphabetic";
      return;
    }
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
    const placed = [];
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
            if (l.kind === "text") {
              /* annotations are always drawn; point labels keep clear of them */
              if (l.labels && l.labels[i]) {
                const w = ctx.measureText(l.labels[i]).width;

                /* centred on its point, as the renderer sets it */
                ctx.textAlign = "center"; ctx.textBaseline = "middle";
                ctx.fillText(l.labels[i], px, py);
                ctx.textAlign = "start"; ctx.textBaseline = "alphabetic";
                placed.push({ x: px - w / 2, y: py - 7 * dpr, w: w, h: 14 * dpr });
              }
              continue;
            }
            ctx.beginPath(); ctx.arc(px, py, r, 0, 2 * Math.PI); ctx.fill();
            /* hover_labels: for the tooltip only, as in the SVG */
            if (l.labels && l.labels[i] && !l.hover_labels) placeLabel(ctx, placed, l.labels[i], px, py, r, dpr);
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
          /* the renderer's colour scale: the colour axis' range, else the values' */
          const vals = (l.value || []).filter((v) => v !== null);
          const fixed = model.color_axis && model.color_axis.range;
          const vmin = fixed ? fixed[0] : Math.min.apply(null, vals), vmax = fixed ? fixed[1] : Math.max.apply(null, vals);
          for (let i = 0; i < n; i++) {
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

  return { fmt: fmt, axisValue: axisValue, axisLabel: axisLabel, retype: retype,
           bounds: bounds, scaleRange: scaleRange, paintLayers: paintLayers, pick: pick };
})();
