/* report-timeline.js — a trace's timeline in report.html: its lanes and
 * their nested slices on a canvas, zoomed with the wheel, panned by
 * dragging, reset by a double-click; the slice under the pointer named in
 * a tooltip; a search that dims what does not match and steps from match
 * to match. Slices shorter than a pixel at the current zoom are merged,
 * per row, into one mark per pixel column (as the window's track model
 * answers), so a view costs what its pixels cost.
 *
 * The embedded data (aiperf-report-timeline-json.c): per lane its rows of
 * slices (start, end in ns from the trace's start; colour key; name
 * index, -1 for a mark that already merges several), or a counter's
 * samples. A large trace is embedded on a grid of columns (def.ns_per_column)
 * and with a finer level (def.fine: every slice, when the report had room)
 * in a <script> of its own, decoded when the reader first zooms in past
 * the grid (a column wider than a pixel) or searches. Every timeline is on
 * window.aiperfReport.timelines for the page's checks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
(function () {
  "use strict";

  const R = window.aiperfReport;
  if (!R || !R.data.timelines || !R.data.timelines.length) return;
  const css = getComputedStyle(document.documentElement);
  const FG = css.getPropertyValue("--fg").trim() || "#1f2328";
  const GRID = css.getPropertyValue("--line").trim() || "#d1d9e0";
  const MUTED = css.getPropertyValue("--muted").trim() || "#59636e";
  const ROW = 16, COUNTER_ROWS = 2, LEFT = 170, TOP = 26, BOTTOM = 8, LABEL_MIN = 36;

  const { el } = AiperfReportDom;

  /* A time in ns as a person reads it: "1.25 ms", "820 µs", "40 ns". */
  function fmtTime(ns) {
    const a = Math.abs(ns);
    const num = (v) => { const d = Math.max(0, Math.min(3, 2 - Math.floor(Math.log10(Math.abs(v) || 1)))); return v.toFixed(d); };
    if (a >= 1e9) return num(ns / 1e9) + " s";
    if (a >= 1e6) return num(ns / 1e6) + " ms";
    if (a >= 1e3) return num(ns / 1e3) + " µs";
    return ns === 0 ? "0" : Math.round(ns) + " ns";
  }

  /* A tick at @t of ticks @step apart, in the unit of the step and with
   * the decimals it needs ("40820 ms" when zoomed to 20 ms steps). */
  function fmtTick(t, step) {
    if (t === 0) return "0";
    const units = [[1e9, " s"], [1e6, " ms"], [1e3, " µs"], [1, " ns"]];
    const [scale, name] = units.find((u) => step >= u[0]) || units[3];
    const decimals = Math.max(0, Math.ceil(-Math.log10(step / scale) - 1e-9));
    return (t / scale).toFixed(decimals) + name;
  }

  /* @text cut to @width with an ellipsis ("CPU · thread 4934…"). */
  function fitText(ctx, text, width) {
    if (ctx.measureText(text).width <= width) return text;
    let lo = 0, hi = text.length;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (ctx.measureText(text.slice(0, mid) + "…").width <= width) lo = mid; else hi = mid - 1; }
    return text.slice(0, lo) + "…";
  }

  /* The index of the first slice of @row ending after @t (ends grow along
   * a row: its slices do not overlap). */
  function firstEndingAfter(row, t) {
    let lo = 0, hi = row.end.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (row.end[mid] <= t) lo = mid + 1; else hi = mid; }
    return lo;
  }

  /* A base64 array of the finer level: integers of 1, 2 or 4 bytes, or
   * 8-byte floats, by its key's suffix (aiperf-report-timeline-json.c). */
  function ints(blob, key) {
    for (const [suffix, Type] of [["8", Uint8Array], ["16", Uint16Array], ["32", Uint32Array], ["f64", Float64Array]]) {
      if (blob[key + suffix] === undefined) continue;
      const bin = atob(blob[key + suffix]), bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      return new Type(bytes.buffer);
    }
    return null;
  }

  /* A finer level's row as the embedded rows are: start, end, key, name
   * (-1: merged), count. */
  function fineRow(blob) {
    const n = blob.n, d = ints(blob, "start"), dur = ints(blob, "dur"), name = ints(blob, "name"), count = ints(blob, "count");
    const row = { start: new Float64Array(n), end: new Float64Array(n), key: ints(blob, "key"), name: new Int32Array(n),
                  count: count || new Uint32Array(n).fill(1) };
    let t = 0;
    for (let i = 0; i < n; i++) {
      t += d[i];
      row.start[i] = t;
      row.end[i] = t + dur[i];
      row.name[i] = name[i] - 1;
    }
    return row;
  }

  function Timeline(def, figure) {
    this.def = def;
    this.el = figure;
    this.view = [def.extent[0], def.extent[1]];
    this.drawn = { boxes: 0, merged: 0, labels: 0 };
    this.matched = null;
    this.matches = [];
    this.next = 0;
    /* where each lane starts, in rows */
    this.lanes = def.lanes.map((lane) => ({ lane: lane, rows: lane.counter ? COUNTER_ROWS : Math.max(1, lane.rows.length) }));
    let top = 0;
    for (const l of this.lanes) { l.top = top; top += l.rows; }
    this.nRows = top;

    this.search = el("input", { type: "search", class: "timeline-search", placeholder: "Search slices", title: "Slices whose name holds this text (Enter: the next one)" });
    this.count = el("span", { class: "timeline-count" });
    this.canvas = el("canvas", { class: "timeline-canvas" });
    this.tip = el("div", { class: "tip" });
    const reset = el("button", { type: "button", text: "Reset zoom", title: "The whole trace (or double-click it)", onclick: () => this.setView(def.extent[0], def.extent[1]) });
    const nextBtn = el("button", { type: "button", text: "Next match", onclick: () => this.nextMatch() });
    this.search.addEventListener("input", () => this.find(this.search.value));
    this.search.addEventListener("keydown", (e) => { if (e.key === "Enter") this.nextMatch(); });
    const legend = el("div", { class: "legend" });
    def.keys.forEach((k) => legend.appendChild(el("span", { text: k.name, style: "--c:" + k.color })));
    const note = el("div", { class: "chart-note", text: def.note || "" });
    const toolbar = el("div", { class: "toolbar" }, [el("label", { text: "Find " }, [this.search]), nextBtn, this.count, reset]);
    this.box = el("div", { class: "plot" }, [this.canvas, this.tip]);
    const live = el("div", { class: "live-view" }, [toolbar, el("div", { class: "chart-title", text: def.title }), note, this.box, legend]);
    const caption = figure.querySelector("figcaption");
    figure.insertBefore(live, caption ? caption.nextSibling : figure.firstChild);
    figure.classList.add("live");
    this.bind();
    this.draw();
  }

  Timeline.prototype.plotWidth = function () { return this.width - LEFT - 10; };

  /* The finer level's lanes (null for a counter's), decoded once. */
  Timeline.prototype.fineLanes = function () {
    if (!this.def.fine) return null;
    if (!this.fine) {
      const blob = JSON.parse(document.getElementById(this.def.fine.ref).textContent);
      this.fine = blob.lanes.map((lane) => (lane ? lane.rows.map(fineRow) : null));
    }
    return this.fine;
  };

  /* Zoomed in past the grid embedded (one of its columns wider than a
   * pixel), the finer level is drawn. */
  Timeline.prototype.usesFine = function () {
    return !!this.def.fine && (this.view[1] - this.view[0]) / this.plotWidth() < this.def.ns_per_column;
  };

  /* The rows of lane @li at the level drawn. */
  Timeline.prototype.rowsOf = function (li) {
    const fine = this.usesFine() ? this.fineLanes() : null;
    return fine && fine[li] ? fine[li] : this.def.lanes[li].rows;
  };
  Timeline.prototype.X = function (t) { return LEFT + (t - this.view[0]) / (this.view[1] - this.view[0]) * this.plotWidth(); };
  Timeline.prototype.T = function (x) { return this.view[0] + (x - LEFT) / this.plotWidth() * (this.view[1] - this.view[0]); };

  Timeline.prototype.setView = function (t0, t1) {
    const [e0, e1] = this.def.extent;
    const span = Math.max(100, Math.min(t1 - t0, e1 - e0));
    t0 = Math.max(e0, Math.min(t0, e1 - span));
    this.view = [t0, t0 + span];
    this.draw();
  };

  Timeline.prototype.draw = function () {
    const dpr = devicePixelRatio || 1, def = this.def;
    this.width = Math.max(400, this.box.clientWidth || this.el.clientWidth - 20 || 900);
    const height = TOP + this.nRows * ROW + BOTTOM;
    this.canvas.width = Math.round(this.width * dpr);
    this.canvas.height = Math.round(height * dpr);
    this.canvas.style.width = this.width + "px";
    this.canvas.style.height = height + "px";
    const ctx = this.canvas.getContext("2d");
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, this.width, height);
    ctx.font = "11px system-ui, sans-serif";
    /* time axis: about one tick per 110 px, at 1, 2 or 5 × a power of ten */
    const span = this.view[1] - this.view[0], want = span / Math.max(1, this.plotWidth() / 110);
    const p10 = Math.pow(10, Math.floor(Math.log10(want)));
    const step = [1, 2, 5, 10].map((m) => m * p10).find((s) => s >= want);
    ctx.fillStyle = MUTED; ctx.strokeStyle = GRID; ctx.lineWidth = 1;
    ctx.textAlign = "center";
    for (let t = Math.ceil(this.view[0] / step) * step; t <= this.view[1]; t += step) {
      const x = Math.round(this.X(t)) + 0.5;
      ctx.beginPath(); ctx.moveTo(x, TOP - 4); ctx.lineTo(x, height - BOTTOM); ctx.stroke();
      ctx.fillText(fmtTick(t, step), x, TOP - 8);
    }
    ctx.textAlign = "start";
    const drawn = { boxes: 0, merged: 0, labels: 0, fine: this.usesFine() };
    const v0 = this.view[0], v1 = this.view[1], right = LEFT + this.plotWidth();
    this.lanes.forEach((L, li) => {
      const y0 = TOP + L.top * ROW, lane = L.lane;
      ctx.fillStyle = FG;
      ctx.textAlign = "right"; ctx.fillText(fitText(ctx, lane.name, LEFT - 12), LEFT - 8, y0 + 12); ctx.textAlign = "start";
      ctx.strokeStyle = GRID;
      ctx.beginPath(); ctx.moveTo(0, y0 + L.rows * ROW - 0.5); ctx.lineTo(right, y0 + L.rows * ROW - 0.5); ctx.stroke();
      ctx.save(); ctx.beginPath(); ctx.rect(LEFT, y0, this.plotWidth(), L.rows * ROW); ctx.clip();
      if (lane.counter) this.drawCounter(ctx, lane.counter, y0, L.rows * ROW);
      else this.rowsOf(li).forEach((row, d) => { if (d < L.rows) this.drawRow(ctx, row, y0 + d * ROW, v0, v1, drawn); });
      ctx.restore();
    });
    this.drawn = drawn;
  };

  /* One row: slices of a pixel or more as boxes (named when there is
   * room), shorter ones merged into one mark per pixel column. */
  Timeline.prototype.drawRow = function (ctx, row, y, v0, v1, drawn) {
    const keys = this.def.keys, names = this.def.names, matched = this.matched;
    let col = null;
    const flush = () => {
      if (!col) return;
      ctx.globalAlpha = matched && !col.match ? 0.2 : 1;
      ctx.fillStyle = keys[col.key] ? keys[col.key].color : MUTED;
      ctx.fillRect(col.x, y, 1, ROW - 2);
      drawn.merged++;
      col = null;
    };
    for (let i = firstEndingAfter(row, v0); i < row.start.length && row.start[i] < v1; i++) {
      const x0 = this.X(row.start[i]), x1 = this.X(row.end[i]);
      const match = matched && row.name[i] >= 0 && matched[row.name[i]];
      if (x1 - x0 < 1) {
        const c = Math.floor(x0);
        if (col && col.x === c) { col.match = col.match || match; continue; }
        flush();
        col = { x: c, key: row.key[i], match: match };
        continue;
      }
      flush();
      ctx.globalAlpha = matched && !match ? 0.2 : 1;
      ctx.fillStyle = keys[row.key[i]] ? keys[row.key[i]].color : MUTED;
      ctx.fillRect(x0, y, x1 - x0, ROW - 2);
      /* a mark the embedded data already merged (a large trace) has no name */
      if (row.count[i] > 1) { drawn.merged++; continue; }
      drawn.boxes++;
      if (x1 - x0 > LABEL_MIN && row.name[i] >= 0) {
        const left = Math.max(x0, LEFT) + 3, room = Math.min(x1, LEFT + this.plotWidth()) - left - 3;
        if (room > 20) {
          ctx.save(); ctx.beginPath(); ctx.rect(left, y, room, ROW); ctx.clip();
          ctx.fillStyle = "#ffffff"; ctx.globalAlpha = matched && !match ? 0.4 : 1;
          ctx.fillText(names[row.name[i]], left, y + 11);
          ctx.restore();
          drawn.labels++;
        }
      }
    }
    flush();
    ctx.globalAlpha = 1;
  };

  /* A counter: its value as steps between its lane's min and max. */
  Timeline.prototype.drawCounter = function (ctx, c, y, h) {
    const span = c.max - c.min || 1, Y = (v) => y + h - 3 - (v - c.min) / span * (h - 6);
    ctx.strokeStyle = c.color; ctx.lineWidth = 1.5;
    ctx.beginPath();
    for (let i = 0; i < c.t.length; i++) {
      const x = this.X(c.t[i]), yv = Y(c.v[i]);
      if (i === 0) ctx.moveTo(x, yv);
      else { ctx.lineTo(x, Y(c.v[i - 1])); ctx.lineTo(x, yv); }
    }
    if (c.t.length) ctx.lineTo(this.X(this.def.extent[1]), Y(c.v[c.t.length - 1]));
    ctx.stroke();
  };

  /* What is under (@px, @py) of the canvas: a slice, a merged mark, a
   * counter's value, or null. */
  Timeline.prototype.hit = function (px, py) {
    if (py < TOP) return null;
    const r = Math.floor((py - TOP) / ROW), li = this.lanes.findIndex((l) => r >= l.top && r < l.top + l.rows), L = this.lanes[li];
    if (!L) return null;
    /* over a lane's (maybe shortened) name: the whole of it */
    if (px < LEFT) return { lane: L.lane.name, text: L.lane.name };
    const lane = L.lane, t = this.T(px), names = this.def.names;
    if (lane.counter) {
      const c = lane.counter;
      let i = -1;
      for (let k = 0; k < c.t.length && c.t[k] <= t; k++) i = k;
      return i < 0 ? null : { lane: lane.name, text: lane.name + "\nAt: " + fmtTime(t) + "\nValue: " + c.v[i] };
    }
    const row = this.rowsOf(li)[r - L.top];
    if (!row) return null;
    /* the slice covering t, else the marks within half a pixel of it */
    const i = firstEndingAfter(row, t);
    if (i < row.start.length && row.start[i] <= t && row.count[i] === 1 && this.X(row.end[i]) - this.X(row.start[i]) >= 1) {
      const name = row.name[i] >= 0 ? names[row.name[i]] : "";
      return { lane: lane.name, name: name, start: row.start[i], dur: row.end[i] - row.start[i],
               text: name + "\nLane: " + lane.name + (r - L.top ? " (depth " + (r - L.top) + ")" : "") +
                     "\nStart: " + fmtTime(row.start[i]) + "\nDuration: " + fmtTime(row.end[i] - row.start[i]) };
    }
    const c = Math.floor(px);
    let n = 0, first = -1;
    for (let k = firstEndingAfter(row, this.T(c)); k < row.start.length && this.X(row.start[k]) < c + 1; k++) {
      if (first < 0) first = k;
      n += row.count[k];
    }
    if (!n) return null;
    if (n === 1 && row.name[first] >= 0)
      return { lane: lane.name, name: names[row.name[first]], start: row.start[first], dur: row.end[first] - row.start[first],
               text: names[row.name[first]] + "\nLane: " + lane.name + "\nStart: " + fmtTime(row.start[first]) +
                     "\nDuration: " + fmtTime(row.end[first] - row.start[first]) };
    return { lane: lane.name, merged: n, text: n + " slices in this pixel (zoom in to see them)\nLane: " + lane.name +
                                           "\nFrom: " + fmtTime(row.start[first]) };
  };

  /* Where on the page (client coordinates) time @t of lane @lane's row
   * @depth is, for the page's checks. */
  Timeline.prototype.pointOf = function (lane, depth, t) {
    const r = this.canvas.getBoundingClientRect();
    return [r.left + this.X(t), r.top + TOP + (this.lanes[lane].top + depth) * ROW + ROW / 2];
  };

  Timeline.prototype.bind = function () {
    const cv = this.canvas;
    const pos = (e) => { const r = cv.getBoundingClientRect(); return [e.clientX - r.left, e.clientY - r.top]; };
    cv.addEventListener("mousemove", (e) => {
      if (this.drag) return;
      const [x, y] = pos(e), hit = this.hit(x, y);
      this.hovered = hit;
      this.el.dataset.hover = hit ? hit.text : "";
      if (!hit) { this.tip.style.display = "none"; return; }
      this.tip.textContent = "";
      const lines = hit.text.split("\n");
      this.tip.appendChild(el("b", { text: lines[0] }));
      this.tip.appendChild(document.createTextNode("\n" + lines.slice(1).join("\n")));
      this.tip.style.display = "block";
      const flip = x + this.tip.offsetWidth + 16 > this.width;
      this.tip.style.left = (flip ? x - this.tip.offsetWidth - 12 : x + 12) + "px";
      this.tip.style.top = Math.max(0, y - this.tip.offsetHeight - 8) + "px";
    });
    cv.addEventListener("mouseleave", () => { this.tip.style.display = "none"; this.el.dataset.hover = ""; });
    cv.addEventListener("wheel", (e) => {
      e.preventDefault();
      const [x] = pos(e), at = this.T(Math.max(LEFT, x)), f = e.deltaY < 0 ? 0.8 : 1.25;
      this.setView(at - (at - this.view[0]) * f, at + (this.view[1] - at) * f);
    }, { passive: false });
    cv.addEventListener("mousedown", (e) => {
      const [x] = pos(e), start = { x: x, view: this.view.slice() };
      this.drag = true;
      const move = (m) => {
        const dx = pos(m)[0] - start.x, shift = dx / this.plotWidth() * (start.view[1] - start.view[0]);
        this.setView(start.view[0] - shift, start.view[1] - shift);
      };
      const up = () => { this.drag = false; document.removeEventListener("mousemove", move); document.removeEventListener("mouseup", up); };
      document.addEventListener("mousemove", move);
      document.addEventListener("mouseup", up);
    });
    cv.addEventListener("dblclick", () => this.setView(this.def.extent[0], this.def.extent[1]));
    window.addEventListener("resize", () => { clearTimeout(this.resizing); this.resizing = setTimeout(() => this.draw(), 150); });
  };

  /* Slices whose name holds @text (any case): the rest dimmed; returns
   * how many of the embedded slices match. */
  Timeline.prototype.find = function (text) {
    const names = this.def.names, q = text.trim().toLowerCase();
    this.matches = [];
    this.next = 0;
    if (!q) { this.matched = null; this.count.textContent = ""; this.draw(); return 0; }
    this.matched = new Uint8Array(names.length);
    names.forEach((n, i) => { if (n.toLowerCase().indexOf(q) >= 0) this.matched[i] = 1; });
    /* every slice that has a name: the finer level's when there is one */
    const fine = this.fineLanes();
    this.def.lanes.forEach((lane, li) => ((fine && fine[li]) || lane.rows || []).forEach((row) => {
      for (let i = 0; i < row.start.length; i++)
        if (row.name[i] >= 0 && this.matched[row.name[i]]) this.matches.push([row.start[i], row.end[i]]);
    }));
    this.matches.sort((a, b) => a[0] - b[0]);
    this.count.textContent = this.matches.length === 1 ? "1 slice" : this.matches.length + " slices";
    this.draw();
    return this.matches.length;
  };

  /* The next match, in the middle of a view ten times as long. */
  Timeline.prototype.nextMatch = function () {
    if (!this.matches.length) return;
    const [s, e] = this.matches[this.next % this.matches.length];
    this.next++;
    const span = Math.max(1000, (e - s) * 10);
    this.setView((s + e) / 2 - span / 2, (s + e) / 2 + span / 2);
  };

  R.timelines = R.data.timelines.map((def) => {
    const figure = document.getElementById(def.id);
    if (!figure) return null;
    try {
      return new Timeline(def, figure);
    } catch (e) {
      R.problems.push("timeline " + def.title + ": " + e.message);
      const ns = figure.querySelector(".static noscript");
      if (ns) ns.parentNode.innerHTML = ns.textContent;
      return null;
    }
  }).filter(Boolean);
})();
