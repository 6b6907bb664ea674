"use strict";
// Shared by the Director area and the tables' results entry: the API, a tiny element builder, announcements.

const Ev = {
  async api(path, token, body) {
    const headers = { "Accept": "application/json" };
    if (token) headers["Authorization"] = "Bearer " + token;
    const init = { headers };
    if (body instanceof Blob) {  // a file, sent as it is
      init.method = "POST";
      headers["Content-Type"] = body.type || "application/octet-stream";
      init.body = body;
    } else if (body !== undefined) {
      init.method = "POST";
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const r = await fetch(path, init);
    const data = await r.json().catch(() => ({ error: "the server's answer was not JSON (" + r.status + ")" }));
    if (!r.ok) throw new Error(data.error || ("request failed (" + r.status + ")"));
    return data;
  },

  async download(path, token, filename, open) {
    const r = await fetch(path, { headers: { "Authorization": "Bearer " + token } });
    if (!r.ok) {
      const data = await r.json().catch(() => ({}));
      throw new Error(data.error || ("download failed (" + r.status + ")"));
    }
    const url = URL.createObjectURL(await r.blob());
    if (open) { window.open(url, "_blank"); return; }
    const a = Ev.el("a", { href: url, download: filename });
    document.body.appendChild(a); a.click(); a.remove();
  },

  el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else if (k === "text") node.textContent = v;
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat(Infinity)) {
      if (c === null || c === undefined || c === false) continue;
      node.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
    }
    return node;
  },

  announce(text) {
    const live = document.getElementById("live");
    if (live) { live.textContent = ""; setTimeout(() => { live.textContent = text; }, 30); }
  },

  hashParams() {
    const out = {};
    for (const part of location.hash.replace(/^#/, "").split("&")) {
      const [k, v] = part.split("=");
      if (k) out[decodeURIComponent(k)] = decodeURIComponent(v || "");
    }
    return out;
  },

  // "4SX" -> "4♠X", with red suits marked.
  contract(text) {
    const symbols = { C: "♣", D: "♦", H: "♥", S: "♠" };
    const m = /^([1-7])(NT|[CDHS])(X{0,2})$/.exec(text || "");
    if (!m) return Ev.el("span", {}, text || "");
    const red = m[2] === "H" || m[2] === "D";
    return Ev.el("span", {}, m[1], Ev.el("span", { class: red ? "red" : null }, symbols[m[2]] || m[2]), m[3]);
  },

  resultText(r) {
    if (!r) return "";
    return r.text;
  },

  table(headers, rows, opts) {
    const left = (opts && opts.left) || [];
    return Ev.el("table", { class: "data" + (opts && opts.cls ? " " + opts.cls : "") },
      Ev.el("thead", {}, Ev.el("tr", {}, headers.map((h, k) => Ev.el("th", { class: left.includes(k) ? "left" : null }, h)))),
      Ev.el("tbody", {}, rows.map(row => Ev.el("tr", {}, row.map((c, k) =>
        c instanceof Node ? Ev.el("td", { class: left.includes(k) ? "left" : null }, c)
                          : Ev.el("td", { class: left.includes(k) ? "left" : null }, c === null || c === undefined ? "" : String(c)))))));
  },
};
