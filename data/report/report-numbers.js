/* report-numbers.js — numbers as aiperf-plot's images write them, so a
 * live chart reads as its PNG does: an axis's tick labels (the rule of
 * aiperf_ticks_format_axis in src/render/aiperf-ticks.c: evenly spaced
 * ticks share their decimals and one SI multiplier, "0.0", "2.5k", "5.0k";
 * log decades one by one, "100", "1k") and a legend's numbers with one
 * count of decimals (aiperf_number_align in src/chart: "0.5", "2.0",
 * "16.0"). Pure functions; report.js and report-check.js use them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
var AiperfReportNumbers = (function () {
  "use strict";

  const SI = [[1e12, "T"], [1e9, "G"], [1e6, "M"], [1e3, "k"]];

  /* Digits after the point needed to tell ticks @step apart. */
  function decimalsFor(step) {
    if (!(step > 0) || !isFinite(step)) return 0;
    let d = Math.ceil(-Math.log10(step) - 1e-9);
    /* 2.5 × 10^k needs one digit more than its decade */
    if (Math.abs(step / Math.pow(10, Math.floor(Math.log10(step))) - 2.5) < 1e-6) d++;
    return Math.min(Math.max(d, 0), 12);
  }

  function fixed(v, decimals) {
    return v.toFixed(Math.min(Math.max(decimals, 0), 12));
  }

  /* One tick given the axis's @step (aiperf_ticks_format). */
  function tickFormat(value, step) {
    if (!isFinite(value)) return "";
    if (step > 0 && Math.abs(value) < step * 1e-9) value = 0;
    if (value === 0) return step > 0 ? fixed(0, decimalsFor(step)) : "0";
    const magnitude = Math.max(Math.abs(value), step > 0 ? step : 0);
    if (magnitude >= 1e4) {
      for (const [factor, suffix] of SI)
        if (magnitude >= factor)
          return fixed(value / factor, step > 0 ? decimalsFor(step / factor) : 1) + suffix;
    }
    if (step > 0) return fixed(value, decimalsFor(step));
    let s = fixed(value, Math.max(3 - Math.floor(Math.log10(Math.abs(value))), 0));
    if (s.indexOf(".") >= 0) s = s.replace(/0+$/, "").replace(/\.$/, "");
    return s;
  }

  function evenlySpaced(v) {
    if (v.length < 3) return v.length === 2;
    const step = v[1] - v[0];
    for (let i = 2; i < v.length; i++)
      if (Math.abs(v[i] - v[i - 1] - step) > Math.abs(step) * 1e-6) return false;
    return true;
  }

  /* The labels of a whole axis of @values (aiperf_ticks_format_axis). */
  function formatAxis(values, logDecades) {
    const even = !logDecades && evenlySpaced(values);
    const step = values.length >= 2 ? values[1] - values[0] : 0;
    const magnitude = values.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    return values.map((v) => {
      const ref = even ? magnitude : Math.abs(v);
      const limit = even ? 1e4 : 1e3;
      const vstep = even || !(v > 0) ? step : Math.pow(10, Math.floor(Math.log10(v) + 1e-9));
      if (!(step > 0) || ref < limit) return tickFormat(v, vstep);
      let k = 0;
      while (k + 1 < SI.length && ref < SI[k][0]) k++;
      if (v === 0) return tickFormat(0, vstep / SI[k][0]);
      return tickFormat(v / SI[k][0], vstep / SI[k][0]) + SI[k][1];
    });
  }

  /* @texts (strings, null allowed) with the numbers among them ("16",
   * "2.5k", "2 req/s") sharing their decimals within each family (the
   * multiplier and the words after a space); names are left as they are. */
  function alignNumbers(texts) {
    const re = /^(-?\d+)(?:\.(\d+))?([kMGT]?(?: .+)?)$/;
    const parsed = texts.map((t) => (typeof t === "string" ? re.exec(t) : null));
    const most = new Map(), members = new Map();
    parsed.forEach((m) => {
      if (!m) return;
      const d = m[2] ? m[2].length : 0;
      most.set(m[3], Math.max(most.get(m[3]) || 0, d));
      members.set(m[3], (members.get(m[3]) || 0) + 1);
    });
    return texts.map((t, i) => {
      const m = parsed[i];
      if (!m) return t;
      const want = most.get(m[3]), have = m[2] ? m[2].length : 0;
      /* past four decimals the text was no label's ("0.3333333") */
      if (members.get(m[3]) < 2 || want > 4 || have === want) return t;
      return m[1] + "." + (m[2] || "") + "0".repeat(want - have) + m[3];
    });
  }

  return { formatAxis: formatAxis, alignNumbers: alignNumbers, tickFormat: tickFormat };
})();
if (typeof module !== "undefined") module.exports = AiperfReportNumbers;
