/* report-check.js — report.html's own checks, run as a user would use
 * the page: report.html#selftest (every chart drawn, what each draws layer
 * by layer, an axis changed, runs unchecked, hover, PNG, type switch,
 * zoom, pan, a chart added; the result as JSON in the pre element
 * #selftest-result), report.html#timeline=LO,HI,AT (a trace zoomed in) and report.html#bench (how long the page took to open
 * and to react, in #bench-result). Nothing runs without those fragments.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
(function () {
  "use strict";

  const R = window.aiperfReport;
  if (!R) return;
  const D = R.data, problems = R.problems, started = R.started;
  const state = { cards: R.cards };
  const { drawable } = AiperfReportDraw;
  const addChart = R.addChart, pngDataUrl = R.pngDataUrl;

  const { el } = AiperfReportDom;


  function countPoints(card) {
    let n = 0;
    for (const l of card.model.layers) if (l.kind === "points" && l.x) n += l.x.length;
    return n;
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  async function selftest() {
    const out = { charts: D.charts.length, cards: state.cards.length, canvases: 0, problems: problems };
    out.canvases = state.cards.filter((c) => c.plot && c.plot.ctx.canvas.width > 0).length;
    out.svgs = Array.from(document.querySelectorAll("figure.chart .static noscript")).filter((n) => n.textContent.indexOf("\x3csvg") >= 0).length;
    out.titles = state.cards.map((c) => c.titleEl.textContent);
    /* the controls each chart and the page offer: [title, metric pickers,
     * log x, log y]; the metric-range filter and "Add chart" */
    const has = (root, sel) => !!root.querySelector(sel);
    out.toolbars = state.cards.map((c) => [c.titleEl.textContent, has(c.el, "select.pick-x"), has(c.el, "input.log-x"),
                                           has(c.el, "input.log-y")]);
    out.page_controls = { range: has(document, "input.range-min"), add: has(document, "button.add-chart") };
    /* what each live chart draws, layer by layer, beside what aiperf-plot
     * drew of it: [kind, drawn here, drawn by the renderer (or embedded
     * of it, when thinned)] */
    const sum = (a) => a.reduce((x, y) => x + y, 0);
    out.counts = state.cards.map((c) => ({ name: c.name, title: c.titleEl.textContent, id_kind: c.model.id_kind || "",
      layers: c.drawn ? c.drawn.layers.map((l, i) => [l.kind, c.painted[i] || 0, l.lod !== undefined ? l.lod : l.n]) : [] }));
    /* each chart's note as shown, with the point labels in view it left
     * out for want of room and those it had to place */
    out.notes = state.cards.map((c) => ({ name: c.name, note: c.noteEl.textContent, hidden_labels: c.hiddenLabels || 0,
                                          labelled: c.plot ? c.plot._labelled : 0 }));
    /* the hover of each chart's first marker */
    out.hovers = [];
    for (const c of state.cards) {
      const l = c.model.layers.find((q) => q.kind === "points" && q.pick && q.x && q.x.some((v) => v !== null));
      let text = "";
      if (l) {
        const i = l.x.findIndex((v, k) => v !== null && l.y[k] !== null);
        const u = c.plot, rect = u.over.getBoundingClientRect();
        const px = u.valToPos(l.x[i], "x"), py = u.valToPos(l.y[i], l.y2 ? "y2" : "y");
        u.over.dispatchEvent(new MouseEvent("mousemove", { clientX: rect.left + px, clientY: rect.top + py, bubbles: true }));
        text = c.el.dataset.hover || "";
        u.over.dispatchEvent(new MouseEvent("mouseleave", { bubbles: true }));
      }
      out.hovers.push(text);
    }
    /* every run unchecked: only the items that belong to a run go */
    const none = Array.from(document.querySelectorAll("#controls button")).find((b) => b.textContent === "None");
    if (none) {
      none.click();
      await settle();
      out.hidden = state.cards.map((c) => {
        let expect = 0;
        if (c.drawn) for (const l of c.drawn.layers) {
          const n = l.x ? l.x.length : (l.y ? l.y.length : 0);
          for (let i = 0; i < n; i++) if (drawable(l, i) && !(l.runs && l.runs[i] >= 0)) expect++;
        }
        return [sum(c.painted), expect];
      });
      Array.from(document.querySelectorAll("#controls button")).find((b) => b.textContent === "All").click();
      await settle();
      out.restored = state.cards.map((c) => sum(c.painted));
    }
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
    const logged = state.cards.find((c) => c.el.querySelector("input.log-y"));
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
      /* Shift+drag 100 px to the right: the view moves left by 100 px of data, same width */
      const cx = rect.left + rect.width / 2, cy = rect.top + rect.height / 2, min = u.scales.x.min;
      const perPx = (u.scales.x.max - u.scales.x.min) / u.over.clientWidth;
      u.over.dispatchEvent(new MouseEvent("mousedown", { clientX: cx, clientY: cy, shiftKey: true, bubbles: true }));
      document.dispatchEvent(new MouseEvent("mousemove", { clientX: cx + 100, clientY: cy, shiftKey: true, bubbles: true }));
      document.dispatchEvent(new MouseEvent("mouseup", { clientX: cx + 100, clientY: cy, bubbles: true }));
      await settle();
      out.pan = { shift: (min - u.scales.x.min) / perPx, width: u.scales.x.max - u.scales.x.min };
    }
    /* each trace's timeline: its first slice (the longest of those that
     * start first) hovered, a search, the next match, a wheel zoom, a drag */
    out.timelines = [];
    for (const tl of R.timelines || []) {
      const t = { slices: tl.def.slices, embedded: tl.def.embedded, drawn: tl.drawn, lanes: tl.def.lanes.length };
      let first = null;
      tl.def.lanes.forEach((lane, li) => (lane.rows || []).forEach((row, d) => {
        for (let i = 0; i < row.start.length; i++) {
          const dur = row.end[i] - row.start[i];
          if (row.name[i] >= 0 && (!first || row.start[i] < first.start || (row.start[i] === first.start && dur > first.dur)))
            first = { lane: li, depth: d, start: row.start[i], dur: dur, name: tl.def.names[row.name[i]] };
        }
      }));
      t.first = first;
      if (first) {
        const [x, y] = tl.pointOf(first.lane, first.depth, first.start + first.dur / 2);
        tl.canvas.dispatchEvent(new MouseEvent("mousemove", { clientX: x, clientY: y, bubbles: true }));
        t.hover = tl.el.dataset.hover || "";
        t.tip = tl.tip.style.display === "block";
        tl.canvas.dispatchEvent(new MouseEvent("mouseleave", { bubbles: true }));
        const word = first.name.split(/[ :(]/)[0];
        t.search = { text: word, matches: tl.find(word), dimmed: tl.matched ? tl.matched.filter((m) => !m).length : 0 };
        tl.nextMatch();
        t.search.view = tl.view.slice();
        tl.find("");
      }
      tl.setView(tl.def.extent[0], tl.def.extent[1]);
      const rect = tl.canvas.getBoundingClientRect(), before = tl.view[1] - tl.view[0];
      tl.canvas.dispatchEvent(new WheelEvent("wheel", { deltaY: -100, clientX: rect.left + rect.width / 2, clientY: rect.top + 30, bubbles: true, cancelable: true }));
      t.zoom = { before: before, after: tl.view[1] - tl.view[0], drawn: tl.drawn };
      const v0 = tl.view[0];
      tl.canvas.dispatchEvent(new MouseEvent("mousedown", { clientX: rect.left + 400, clientY: rect.top + 30, bubbles: true }));
      document.dispatchEvent(new MouseEvent("mousemove", { clientX: rect.left + 300, clientY: rect.top + 30, bubbles: true }));
      document.dispatchEvent(new MouseEvent("mouseup", { clientX: rect.left + 300, clientY: rect.top + 30, bubbles: true }));
      t.pan = { shift: tl.view[0] - v0, width: tl.view[1] - tl.view[0] };
      tl.setView(tl.def.extent[0], tl.def.extent[1]);
      out.timelines.push(t);
    }
    if (document.querySelector("button.add-chart")) {
      const added = addChart();
      out.added = { points: countPoints(added), title: added.model.title };
    }
    /* the view now, and its link: opened, the link must show the same */
    await settle();
    out.link = R.link();
    out.view = viewSummary();
    const pre = el("pre", { id: "selftest-result", text: JSON.stringify(out) });
    document.body.appendChild(pre);
  }

  /* ---- report.html#bench: how long the page took to open (from the
   * navigation's start to every chart drawn) and to react to a run
   * unchecked and checked again, timed in the page itself ---- */

  async function bench(opened) {
    const out = { open_ms: opened, script_start_ms: started, built_ms: R.built, cards: state.cards.length, items: 0, embedded: 0 };
    out.drawn_at_open = state.cards.filter((c) => c.plot).length;
    /* the charts out of sight too, as a reader scrolling through */
    let t = performance.now();
    R.renderAll();
    await Promise.resolve(); await Promise.resolve();
    out.all_ms = opened + performance.now() - t;
    for (const c of state.cards) for (const n of c.painted) out.items += n;
    for (const c of state.cards) if (c.drawn) for (const l of c.drawn.layers) out.embedded += l.x ? l.x.length : 0;
    const cb = document.querySelector("#controls input[data-run='0']");
    t = performance.now();
    if (cb) {
      cb.checked = false; cb.dispatchEvent(new Event("change"));
      cb.checked = true; cb.dispatchEvent(new Event("change"));
      out.toggle_ms = (performance.now() - t) / 2;
    }
    const big = state.cards.slice().sort((a, b) => b.painted.reduce((x, y) => x + y, 0) - a.painted.reduce((x, y) => x + y, 0))[0];
    if (big) {
      const u = big.plot, rect = u.over.getBoundingClientRect();
      t = performance.now();
      u.over.dispatchEvent(new WheelEvent("wheel", { deltaY: -100, clientX: rect.left + rect.width / 2, clientY: rect.top + rect.height / 2, bubbles: true, cancelable: true }));
      out.zoom_ms = performance.now() - t;
      t = performance.now();
      for (let k = 0; k < 20; k++)
        u.over.dispatchEvent(new MouseEvent("mousemove", { clientX: rect.left + rect.width * (k + 1) / 21, clientY: rect.top + rect.height / 2, bubbles: true }));
      out.hover_ms = (performance.now() - t) / 20;
    }
    document.body.appendChild(el("pre", { id: "bench-result", text: JSON.stringify(out) }));
  }

  /* What a view is: each chart's view, the items it draws, its ranges;
   * which runs are checked. */
  function viewSummary() {
    const p = (v) => Number(v).toPrecision(6);
    return state.cards.map((c) => [c.key, JSON.stringify(AiperfReportView.cardView(c)), c.painted.reduce((a, b) => a + b, 0),
                                   p(c.plot.scales.x.min), p(c.plot.scales.x.max), p(c.plot.scales.y.min), p(c.plot.scales.y.max)])
      .concat([[Array.from(document.querySelectorAll("#controls input[data-run]")).map((b) => (b.checked ? "1" : "0")).join("")]]);
  }

  /* What each chart shows, to compare two pages: its title, axes, scales
   * (log, range) and the points of its markers, sorted. */
  function chartSummary() {
    const p = (v) => Number(v).toPrecision(6);
    const { axisLabel } = AiperfReportDraw;
    return state.cards.map((c) => {
      const pts = [];
      for (const l of c.model.layers) if ((l.kind === "points" || l.kind === "bars") && l.x)
        for (let i = 0; i < l.x.length; i++) if (l.x[i] !== null && l.y[i] !== null) pts.push(p(l.x[i]) + "," + p(l.y[i]));
      pts.sort();
      return { key: c.key, title: c.model.title, x: axisLabel(c.model.x), y: axisLabel(c.model.y),
               log: [c.plot.scales.x.distr === 3, c.plot.scales.y.distr === 3],
               range: [p(c.plot.scales.x.min), p(c.plot.scales.x.max), p(c.plot.scales.y.min), p(c.plot.scales.y.max)],
               series: c.model.series.filter((s) => s.legend !== false).map((s) => s.name), points: pts };
    });
  }

  /* Which runs and parameter values are checked ("101"), and the metric
   * ranges in force. */
  function runsSummary() {
    const boxes = (sel) => Array.from(document.querySelectorAll(sel)).map((b) => (b.checked ? "1" : "0")).join("");
    return { runs: boxes("#controls input[data-run]"), params: boxes("#controls input[data-param]"),
             ranges: R.state.ranges.map((r) => [r.tag, r.stat, r.min, r.max].join(" ")) };
  }

  /* The parameter filters as the reader sees them, row by row: the
   * parameter, its name, its values' labels, what else it stands for. */
  function filterRows() {
    return Array.from(document.querySelectorAll("#controls .filter-row")).map((row) => {
      const also = row.querySelector(".filter-also");
      return { param: row.dataset.filter, name: row.querySelector(".filter-name").textContent,
               values: Array.from(row.querySelectorAll("label")).map((l) => l.textContent),
               also: also ? also.textContent : "", text: row.textContent };
    });
  }

  /* Zoomed in on x in [lo, hi]: what each chart with a thinned layer's
   * finer level draws there, layer by layer — [kind, items of the grid in
   * the range, items drawn from the finer level, painted]:
   * report.html#fine=LO,HI */
  async function fineCheck(lo, hi) {
    R.renderAll();
    const out = [];
    for (const c of state.cards) {
      if (!c.drawn || !c.drawn.layers.some((l) => l.fine)) continue;
      /* as the reader's zooms do: both scales (y as it was) */
      const u = c.plot, y = [u.scales.y.min, u.scales.y.max];
      u.batch(() => { u.setScale("x", { min: lo, max: hi }); u.setScale("y", { min: y[0], max: y[1] }); });
      await settle();
      const inRange = (l) => (l.x || []).filter((v) => v !== null && v >= lo && v <= hi).length;
      out.push({ name: c.name, layers: c.model.layers.map((l, i) => [l.kind, inRange(l), inRange(c.shown.layers[i]), c.painted[i] || 0]),
                 hover: hoverAt(c, lo, hi) });
    }
    return out;
  }

  /* The hover of the shown point nearest the middle of [lo, hi]. */
  function hoverAt(c, lo, hi) {
    const l = c.shown.layers.find((q) => q.kind === "points" && q.x && q.x.length);
    if (!l) return "";
    let best = -1;
    l.x.forEach((v, k) => { if (v !== null && l.y[k] !== null && (best < 0 || Math.abs(v - (lo + hi) / 2) < Math.abs(l.x[best] - (lo + hi) / 2))) best = k; });
    if (best < 0) return "";
    const u = c.plot, rect = u.over.getBoundingClientRect();
    const px = u.valToPos(l.x[best], "x"), py = u.valToPos(l.y[best], l.y2 ? "y2" : "y");
    if (!isFinite(px) || !isFinite(py)) return "";
    u.over.dispatchEvent(new MouseEvent("mousemove", { clientX: rect.left + px, clientY: rect.top + py, bubbles: true }));
    return c.el.dataset.hover || "";
  }

  /* Each trace's timeline zoomed to [lo, hi] ns: what it draws there (and
   * whether from its finer level), the embedded grid's marks in that
   * range, and the hover of the slice covering @at, pointed at its middle:
   * report.html#timeline=LO,HI,AT */
  function timelineCheck(lo, hi, at) {
    return (R.timelines || []).map((tl) => {
      tl.setView(lo, hi);
      const t = { drawn: tl.drawn, fine: tl.def.fine || null, grid: 0, hover: "" };
      tl.def.lanes.forEach((lane) => (lane.rows || []).forEach((row) => {
        for (let i = 0; i < row.start.length; i++) if (row.end[i] > lo && row.start[i] < hi) t.grid++;
      }));
      tl.lanes.forEach((L, li) => tl.lanes[li].lane.counter || tl.rowsOf(li).forEach((row, d) => {
        for (let i = 0; i < row.start.length && !t.hover; i++) {
          if (row.start[i] > at || row.end[i] <= at) continue;
          const [x, y] = tl.pointOf(li, d, (row.start[i] + row.end[i]) / 2);
          tl.canvas.dispatchEvent(new MouseEvent("mousemove", { clientX: x, clientY: y, bubbles: true }));
          t.hover = tl.el.dataset.hover || "";
        }
      }));
      return t;
    });
  }

  if (location.hash === "#selftest") setTimeout(selftest, 0);
  const zoomTo = /^#timeline=([0-9.e]+),([0-9.e]+),([0-9.e]+)$/.exec(location.hash);
  if (zoomTo)
    setTimeout(() => document.body.appendChild(el("pre", { id: "timeline-result",
      text: JSON.stringify({ timelines: timelineCheck(+zoomTo[1], +zoomTo[2], +zoomTo[3]), problems: problems }) })), 300);
  const fine = /^#fine=([-0-9.e]+),([-0-9.e]+)$/.exec(location.hash);
  if (fine)
    setTimeout(async () => {
      const charts = await fineCheck(+fine[1], +fine[2]);
      document.body.appendChild(el("pre", { id: "fine-result", text: JSON.stringify({ charts: charts, problems: problems }) }));
    }, 300);
  /* a view's preset file and what its charts show: report.html#view=…&yaml */
  if (/^#view=.*&yaml$/.test(location.hash))
    setTimeout(() => document.body.appendChild(el("pre", { id: "yaml-result", text: JSON.stringify({ yaml: R.presetYaml(), charts: chartSummary(), shown: runsSummary(), filters: filterRows(), problems: problems }) })), 300);
  /* what the charts show as the page opens: report.html#charts */
  if (location.hash === "#charts")
    setTimeout(() => document.body.appendChild(el("pre", { id: "charts-result", text: JSON.stringify({ charts: chartSummary(), shown: runsSummary(), problems: problems }) })), 300);
  /* a link's view, as opened: report.html#view=…&check */
  if (/^#view=.*&check$/.test(location.hash))
    setTimeout(() => document.body.appendChild(el("pre", { id: "view-result", text: JSON.stringify({ view: viewSummary(), problems: problems }) })), 300);
  /* uPlot draws in a microtask: the bench waits for it */
  if (location.hash === "#bench") Promise.resolve().then(() => Promise.resolve()).then(() => bench(performance.now()));
})();
