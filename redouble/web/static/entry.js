"use strict";
// A table's results entry, phone-sized: the round's pairs and boards; North enters each board, the score is
// computed by the server (the library's scoring), East-West confirm. Opened from the table's link or QR code.

(function () {
  if (location.pathname !== "/events/table") return;
  const { el, api, announce } = Ev;
  const params = Ev.hashParams();
  const eventId = params.e, token = params.t;
  const main = document.getElementById("main");
  let view = null;
  let round = null;
  const drafts = {};  // board -> {level, strain, doubled, declarer, tricks, lead}

  function error(text) {
    const box = document.getElementById("error");
    box.textContent = text;
    box.hidden = !text;
    if (text) announce(text);
  }

  async function load() {
    try {
      view = await api(`/api/events/${encodeURIComponent(eventId)}/table/${encodeURIComponent(params.n || "1")}`, token);
    } catch (exc) {
      main.replaceChildren(el("h1", {}, "Results entry"), el("p", { class: "error", role: "alert" }, exc.message));
      return;
    }
    if (round === null) round = view.current;
    render();
  }

  function choice(board, key, value, label, aria) {
    const draft = drafts[board];
    return el("button", { type: "button", "aria-pressed": String(draft[key] === value), "aria-label": aria || label,
      onclick: () => { draft[key] = draft[key] === value && key !== "level" ? null : value; render(); } }, label);
  }

  function form(b, r) {
    const draft = drafts[b.board] || (drafts[b.board] = { level: null, strain: null, doubled: "", declarer: null, tricks: null, lead: "" });
    const passed = draft.level === "Pass";
    const need = draft.level && !passed ? Number(draft.level) + 6 : null;
    const tricks = el("select", { "aria-label": `tricks on board ${b.board}`, onchange: e => { draft.tricks = e.target.value; } },
      el("option", { value: "" }, "tricks…"),
      Array.from({ length: 14 }, (_, t) => el("option", { value: String(t), selected: draft.tricks === String(t) },
        need === null ? String(t) : `${t} (${t === need ? "=" : (t > need ? "+" : "") + (t - need)})`)));
    const lead = el("input", { type: "text", value: draft.lead, size: 4, "aria-label": `opening lead on board ${b.board}`,
      placeholder: "lead, e.g. SA", oninput: e => { draft.lead = e.target.value; } });
    const submit = el("button", { type: "button", class: "primary", "aria-label": `enter board ${b.board}`,
      onclick: () => enter(b, r, draft) }, "Enter");
    return el("div", {},
      el("div", { class: "choices", role: "group", "aria-label": "level" },
        ["1", "2", "3", "4", "5", "6", "7"].map(l => choice(b.board, "level", l, l, `level ${l}`)),
        choice(b.board, "level", "Pass", "Pass", "passed out")),
      passed ? null : el("div", { class: "choices", role: "group", "aria-label": "strain" },
        [["C", "♣"], ["D", "♦"], ["H", "♥"], ["S", "♠"], ["NT", "NT"]].map(([k, s]) => choice(b.board, "strain", k, s, `strain ${k}`)),
        choice(b.board, "doubled", "X", "X", "doubled"), choice(b.board, "doubled", "XX", "XX", "redoubled")),
      passed ? null : el("div", { class: "choices", role: "group", "aria-label": "declarer" },
        ["N", "E", "S", "W"].map(s => choice(b.board, "declarer", s, s, `declarer ${s}`))),
      passed ? null : el("div", { class: "choices" }, tricks, lead),
      el("div", { class: "choices" }, submit));
  }

  async function enter(b, r, draft) {
    error("");
    if (!draft.level) { error("Choose the contract's level (or Pass)."); return; }
    const result = { board: b.board, ns: r.ns, ew: r.ew, round: r.round, table: view.table };
    if (draft.level === "Pass") result.contract = "Pass";
    else {
      if (!draft.strain || !draft.declarer || draft.tricks === null || draft.tricks === "") {
        error("Choose the strain, the declarer and the tricks."); return;
      }
      Object.assign(result, { contract: draft.level + draft.strain + (draft.doubled || ""), declarer: draft.declarer,
        tricks: Number(draft.tricks), lead: draft.lead.trim() || null });
    }
    try {
      const reply = await api(`/api/events/${encodeURIComponent(eventId)}/entries`, token, { op: "result", result });
      announce(`Board ${b.board}: ${reply.result.text}, North-South ${reply.result.score}`);
      delete drafts[b.board];
    } catch (exc) { error(exc.message); }
    await load();
  }

  async function confirm(b, r) {
    error("");
    try {
      await api(`/api/events/${encodeURIComponent(eventId)}/entries`, token, { op: "confirm", board: b.board, ns: r.ns, ew: r.ew });
      announce(`Board ${b.board} confirmed by East-West`);
    } catch (exc) { error(exc.message); }
    await load();
  }

  function traveller(b) {
    if (!b.traveller) return null;
    return el("details", { open: true }, el("summary", {}, "Traveller"),
      Ev.table(["NS", "EW", "Result", "Score"], b.traveller.map(t => [t.ns, t.ew, t.text, t.score === null ? "" : String(t.score)]), { left: [2] }));
  }

  function render() {
    const r = view.rounds.find(x => x.round === round) || view.rounds[0];
    const nav = el("div", { class: "round-nav" },
      el("button", { type: "button", disabled: r.round <= 1, onclick: () => { round = r.round - 1; render(); } }, "◀ Round"),
      el("strong", {}, `Round ${r.round} of ${view.rounds.length}`),
      el("button", { type: "button", disabled: r.round >= view.rounds.length, onclick: () => { round = r.round + 1; render(); } }, "Round ▶"));
    const parts = [el("h1", {}, `${view.name}: table ${view.table}`), nav,
      el("p", { id: "error", class: "error", role: "alert", hidden: true })];
    if (r.sitout) {
      parts.push(el("p", { class: "notice" }, `This table sits out in round ${r.round}.`));
    } else {
      parts.push(el("p", { class: "pairs" }, `North-South: pair ${r.ns} ${r.ns_names || ""}`, el("br"),
        `East-West: pair ${r.ew} ${r.ew_names || ""}`));
      for (const b of r.boards) {
        const head = el("h2", {}, el("span", {}, `Board ${b.board}`), el("small", {}, `dealer ${b.dealer}, ${b.vulnerability} vulnerable`));
        let body;
        if (b.result) {
          const score = b.result.score === null ? "" : (b.result.score > 0 ? `+${b.result.score}` : String(b.result.score));
          body = el("div", {},
            el("p", { class: "entered" }, `${b.result.text}`, el("span", {}, `  North-South ${score}`)),
            b.confirmed ? el("p", {}, "✔ confirmed by East-West")
                        : el("button", { type: "button", "aria-label": `East-West confirm board ${b.board}`, onclick: () => confirm(b, r) },
                             "East-West: confirm"),
            traveller(b));
        } else body = form(b, r);
        parts.push(el("section", { class: "board", "aria-label": `board ${b.board}` }, head, body));
      }
    }
    main.replaceChildren(...parts);
  }

  if (!eventId || !token) {
    main.replaceChildren(el("h1", {}, "Results entry"), el("p", { class: "error" }, "Open this page from your table's link or QR code."));
  } else {
    load();
    // Follow the other tables (the traveller) and the director's corrections, but never under a half-entered board.
    setInterval(() => { if (!Object.keys(drafts).length && !document.querySelector("input:focus, select:focus")) load(); }, 5000);
  }
})();
