/* test-report-numbers.js — report.html's numbers as the images write them:
 * the axis cases of test-ticks.c (aiperf_ticks_format_axis) and the legend
 * cases of test-chart.c (aiperf_number_align), run by Node on
 * data/report/report-numbers.js.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
"use strict";
const assert = require("assert");
const path = require("path");
const N = require(path.join(process.argv[2], "data", "report", "report-numbers.js"));

const range = (a, b, step) => { const out = []; for (let v = a; v <= b + step * 1e-9; v += step) out.push(+v.toPrecision(12)); return out; };

/* the axes of test-ticks.c */
assert.deepStrictEqual(N.formatAxis(range(0, 10, 2.5), false), ["0.0", "2.5", "5.0", "7.5", "10.0"]);
assert.deepStrictEqual(N.formatAxis(range(0, 10000, 2500), false), ["0.0", "2.5k", "5.0k", "7.5k", "10.0k"]);
assert.deepStrictEqual(N.formatAxis(range(0, 20000, 5000), false), ["0", "5k", "10k", "15k", "20k"]);
assert.deepStrictEqual(N.formatAxis(range(-1, 1, 0.5), false), ["-1.0", "-0.5", "0.0", "0.5", "1.0"]);
assert.deepStrictEqual(N.formatAxis([1e-3, 1e-2, 0.1, 1, 10, 100, 1e3, 1e4], true),
                       ["0.001", "0.01", "0.1", "1", "10", "100", "1k", "10k"]);
assert.deepStrictEqual(N.formatAxis([1e6, 1.5e6, 2e6], false), ["1.0M", "1.5M", "2.0M"]);

/* the legends of test-chart.c */
assert.deepStrictEqual(N.alignNumbers(["0.5", "2", "16"]), ["0.5", "2.0", "16.0"]);
assert.deepStrictEqual(N.alignNumbers(["1", "4", "16", "64"]), ["1", "4", "16", "64"]);
assert.deepStrictEqual(N.alignNumbers(["0.25", "1.5", "10"]), ["0.25", "1.50", "10.00"]);
assert.deepStrictEqual(N.alignNumbers(["0.5 req/s", "2 req/s", "inf", "8 req/s"]),
                       ["0.5 req/s", "2.0 req/s", "inf", "8.0 req/s"]);
assert.deepStrictEqual(N.alignNumbers(["1.5k", "12k", "3"]), ["1.5k", "12.0k", "3"]);
assert.deepStrictEqual(N.alignNumbers(["qwen2.5", "qwen3", "7B", "1.5B", "Llama 3.1", "Llama 3"]),
                       ["qwen2.5", "qwen3", "7B", "1.5B", "Llama 3.1", "Llama 3"]);
assert.deepStrictEqual(N.alignNumbers(["0.3333333", "2"]), ["0.3333333", "2"]);
assert.deepStrictEqual(N.alignNumbers(["-2.5", "4", "Unknown", null]), ["-2.5", "4.0", "Unknown", null]);
console.log("ok: report-numbers agrees with the renderer's axis and legend rules");
