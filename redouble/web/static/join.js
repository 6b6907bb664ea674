"use strict";
// An online event for a pair: register (a name), then each round the pair's table and seat links, and the
// travellers of the boards the pair has played (never before).

(function () {
  if (location.pathname !== "/events/join") return;
  const { el, api, announce } = Ev;
  const main = document.getElementById("main");
  const KEY = "redouble.pairs";

  function saved() { try { return JSON.parse(localStorage.getItem(KEY) || "{}"); } catch { return {}; } }

  function registration(eventId) {
    const name = el("input", { id: "pair-name", required: true, placeholder: "Ann Smith - Bo Li" });
    const people = el("select", { id: "pair-people" }, el("option", { value: "2" }, "two of us"),
      el("option", { value: "1" }, "only me (a robot partner)"));
    const err = el("p", { class: "error", role: "alert", hidden: true });
    const form = el("form", { class: "panel", onsubmit: async e => {
      e.preventDefault();
      try {
        const made = await api(`/api/events/${encodeURIComponent(eventId)}/register`, null, { name: name.value, people: Number(people.value) });
        const all = saved(); all[eventId] = made; localStorage.setItem(KEY, JSON.stringify(all));
        location.hash = `#e=${eventId}&p=${made.pair}&t=${made.token}`;
      } catch (exc) { err.hidden = false; err.textContent = exc.message; announce(exc.message); }
    } }, el("h1", {}, "Join the event"),
      el("div", { class: "grid-form" }, el("label", { for: "pair-name" }, "Your pair's name"), name,
        el("label", { for: "pair-people" }, "Who plays"), people),
      err, el("button", { type: "submit", class: "primary" }, "Register"));
    main.replaceChildren(form);
  }

  async function pairPage(eventId, pair, token) {
    let v;
    try { v = await api(`/api/events/${encodeURIComponent(eventId)}/pair/${encodeURIComponent(pair)}`, token); }
    catch (exc) { main.replaceChildren(el("p", { class: "error", role: "alert" }, exc.message)); return; }
    const names = { N: "North", E: "East", S: "South", W: "West" };
    const parts = [el("h1", {}, v.name), el("p", {}, `Pair ${v.pair}: ${v.names}`)];
    if (!v.round) parts.push(el("p", { class: "notice" }, `Waiting for the director to start (${v.registered} of ${v.pairs} pairs registered).`));
    else if (v.table) {
      const t = v.table;
      parts.push(el("section", { class: "panel", id: "this-round" }, el("h2", {}, `Round ${v.round} of ${v.rounds}: table ${t.table}`),
        el("p", {}, `You sit ${t.direction === "NS" ? "North-South" : "East-West"} against pair ${t.opponents}, boards ${t.boards.join(", ")}.`),
        el("div", { class: "toolbar" }, Object.entries(t.seats).map(([seat, url]) =>
          el("a", { href: url, target: "_blank", class: "seat-link", "data-seat": seat }, `Play as ${names[seat]}`)))));
    } else parts.push(el("p", { class: "notice" }, `Round ${v.round}: your pair sits out.`));
    if (v.played.length) {
      parts.push(el("h2", {}, "Your boards"));
      for (const p of v.played) {
        parts.push(el("section", { class: "board", "aria-label": `board ${p.board}` }, el("h3", {}, `Board ${p.board}: ${p.text}`),
          Ev.table(["NS", "EW", "Result", "Score"], p.traveller.map(t => [t.ns, t.ew, t.text, t.score === null ? "" : String(t.score)]), { left: [2] })));
      }
    }
    main.replaceChildren(...parts);
  }

  function route() {
    const h = Ev.hashParams();
    if (!h.e) { main.replaceChildren(el("p", { class: "error" }, "Open this page from the event's link.")); return; }
    const mine = saved()[h.e];
    if (h.p && h.t) pairPage(h.e, h.p, h.t);
    else if (mine) location.hash = `#e=${h.e}&p=${mine.pair}&t=${mine.token}`;
    else registration(h.e);
  }
  window.addEventListener("hashchange", route);
  route();
  setInterval(() => { const h = Ev.hashParams(); if (h.p && h.t) pairPage(h.e, h.p, h.t); }, 4000);
})();
