/* report-fine.js — where the reader zooms into a layer embedded thinned
 * (a 20,000-request run's requests, its GPU telemetry), the items of the
 * zoomed range from the layer's finer level (every item, base64 floats
 * in a <script> of its own, "fine.ref", read only then), so the chart shows there what the renderer would: the page's
 * painter thins them to its pixels again. Unzoomed, the grid embedded is
 * drawn as before.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
var AiperfReportFine = (function () {
  "use strict";

  const decoded = new WeakMap();

  function decode(text, wide) {
    const bin = atob(text), bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return wide ? new Float64Array(bytes.buffer) : new Float32Array(bytes.buffer);
  }

  function field(fine, name) {
    if (fine[name + "32"] !== undefined) return decode(fine[name + "32"], false);
    if (fine[name + "64"] !== undefined) return decode(fine[name + "64"], true);
    return null;
  }

  /* The layer's every item, read from its <script> and decoded once. */
  function full(l) {
    let f = decoded.get(l.fine);
    if (!f) {
      const blob = JSON.parse(document.getElementById(l.fine.ref).textContent);
      f = { x: field(blob, "x"), y: field(blob, "y"), x2: field(blob, "x2"), ids: field(blob, "ids") };
      decoded.set(l.fine, f);
    }
    return f;
  }

  /* @l's items with x in [lo, hi] (and a line's one beyond each end, so it
   * reaches the edges), as a layer like @l. */
  function slice(l, lo, hi) {
    const f = full(l), n = f.x.length, line = l.kind !== "points" && l.kind !== "segments";
    /* no ids embedded: they were the items' positions */
    const out = Object.assign({}, l, { x: [], y: [], ids: l.ids ? [] : undefined, lod: undefined, fine: undefined });
    if (f.x2) out.x2 = [];
    const take = (i) => {
      const x = f.x[i], y = f.y[i];
      out.x.push(isFinite(x) ? x : null);
      out.y.push(isFinite(y) ? y : null);
      if (f.x2) out.x2.push(isFinite(f.x2[i]) ? f.x2[i] : null);
      if (out.ids) out.ids.push(f.ids ? f.ids[i] : i);
    };
    /* a segment that crosses the range is in it */
    if (f.x2) {
      for (let i = 0; i < n; i++) if (f.x[i] <= hi && f.x2[i] >= lo) take(i);
      return out;
    }
    let last = -1;
    for (let i = 0; i < n; i++) {
      const x = f.x[i];
      const inside = x >= lo && x <= hi;
      if (!inside && !(line && !isFinite(x))) {
        /* a line's vertex just before the range, and the one just after */
        if (line && x < lo) { last = i; continue; }
        if (line && x > hi && i > 0 && f.x[i - 1] <= hi) take(i);
        continue;
      }
      if (line && last >= 0) { take(last); last = -1; }
      take(i);
    }
    return out;
  }

  /* @model as drawn on @u: a thinned layer with a finer level gives the
   * zoomed range from it once the reader has zoomed in past what the grid
   * resolves (fewer than two of its columns to a pixel), else @model. */
  function zoomed(model, u) {
    if (!model.layers.some((l) => l.fine)) return model;
    const lo = u.scales.x.min, hi = u.scales.x.max;
    if (!isFinite(lo) || !isFinite(hi) || hi <= lo) return model;
    const cache = model._fineCache;
    if (cache && cache.lo === lo && cache.hi === hi) return cache.model;
    let changed = false;
    const layers = model.layers.map((l) => {
      if (!l.fine || !l.x || !l.x.length) return l;
      const f = full(l);
      if (f.xmin === undefined) {
        f.xmin = Infinity; f.xmax = -Infinity;
        for (const v of f.x) if (isFinite(v)) { if (v < f.xmin) f.xmin = v; if (v > f.xmax) f.xmax = v; }
      }
      /* the grid's columns in view, against the pixels (u.bbox is in device pixels) */
      const columns = l.fine.columns * Math.min(1, (hi - lo) / Math.max(1e-300, f.xmax - f.xmin));
      if (columns >= u.bbox.width) return l;
      changed = true;
      return slice(l, lo, hi);
    });
    const out = changed ? Object.assign({}, model, { layers: layers }) : model;
    model._fineCache = { lo: lo, hi: hi, model: out };
    return out;
  }

  return { zoomed: zoomed };
})();
