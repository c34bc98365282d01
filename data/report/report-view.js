/* report-view.js — the page's view as a link: which runs are hidden, the
 * parameter and metric filters, and per chart its axes, statistics, log
 * scales, plot type, hidden series and zoom, written into the URL's
 * fragment (#view=…) as the reader changes them, and read back when the
 * page opens with one, so a link reopens the same view.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
var AiperfReportView = (function () {
  "use strict";

  const PREFIX = "#view=";
  const FIELDS = ["mode", "type", "x", "xs", "y", "ys", "logx", "logy"];

  /* The saved view of @hash, or null (no view, or not one this page
   * can read: a damaged link opens the page as it was written). */
  function read(hash) {
    if (!hash || hash.indexOf(PREFIX) !== 0) return null;
    let text = hash.slice(PREFIX.length);
    const extra = text.indexOf("&");
    if (extra >= 0) text = text.slice(0, extra);
    try {
      const v = JSON.parse(decodeURIComponent(text));
      if (!v || typeof v !== "object" || v.v !== 1) return null;
      return {
        hidden: Array.isArray(v.hidden) ? v.hidden.filter((i) => Number.isInteger(i)) : [],
        params: v.params && typeof v.params === "object" ? v.params : {},
        ranges: Array.isArray(v.ranges) ? v.ranges : [],
        cards: v.cards && typeof v.cards === "object" ? v.cards : {},
        added: Array.isArray(v.added) ? v.added : [],
      };
    } catch (e) {
      return null;
    }
  }

  function cardView(card) {
    const out = {};
    for (const f of FIELDS) if (card.view[f] !== undefined) out[f] = card.view[f];
    if (card.hiddenSeries.size) out.series = Array.from(card.hiddenSeries);
    if (card.zoom) out.zoom = card.zoom;
    return out;
  }

  /* "#view=…" for the page's @state and @cards: of each chart only what
   * differs from the page as written (card.initial, its view when made),
   * by its key (the figure's id, "c3", or "c7-2" for a panel). */
  function write(state, cards) {
    const v = { v: 1, hidden: Array.from(state.hidden).sort((a, b) => a - b), params: {}, ranges: state.ranges, cards: {}, added: [] };
    for (const key in state.params) if (state.params[key]) v.params[key] = Array.from(state.params[key]);
    for (const card of cards) {
      const view = cardView(card);
      if (card.added) v.added.push(view);
      else if (JSON.stringify(view) !== JSON.stringify(card.initial)) v.cards[card.key] = view;
    }
    return PREFIX + encodeURIComponent(JSON.stringify(v));
  }

  /* Applies @saved (read ()) to a card just made. */
  function restoreCard(card, saved) {
    if (!saved) return;
    for (const f of FIELDS) if (saved[f] !== undefined) card.view[f] = saved[f];
    if (Array.isArray(saved.series)) card.hiddenSeries = new Set(saved.series);
    if (Array.isArray(saved.zoom) && saved.zoom.length === 4 && saved.zoom.every(isFinite)) card.zoom = saved.zoom;
  }

  return { read: read, write: write, cardView: cardView, restoreCard: restoreCard };
})();
