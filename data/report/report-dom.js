/* report-dom.js — the one way the report's scripts make an element:
 * el("td", {class: "num", text: "12", onclick: f}, [children]).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
var AiperfReportDom = (function () {
  "use strict";

  /* @props: "text" is the text content, "class" the class name, "on…" a
   * listener, anything else an attribute; null children are skipped. */
  function el(tag, props, children) {
    const e = document.createElement(tag);
    for (const k in props || {}) {
      if (k === "text") e.textContent = props[k];
      else if (k === "class") e.className = props[k];
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), props[k]);
      else e.setAttribute(k, props[k]);
    }
    for (const c of children || []) if (c) e.appendChild(c);
    return e;
  }

  return { el };
})();
