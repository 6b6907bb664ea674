"use strict";
// The Director area: create an event, print its cards, hand out the tables' links, follow the progress,
// correct entries, see the ranking and travellers, export; or show the results another scoring program wrote
// (a USEBIO file), read-only. The director's secret link stays in this browser.

(function () {
  const { el, api, announce } = Ev;
  const main = document.getElementById("main");
  const KEY = "redouble.events";
  let timer = null;
  let correcting = null;  // "board|ns|ew" being corrected

  function saved() { try { return JSON.parse(localStorage.getItem(KEY) || "{}"); } catch { return {}; } }
  function save(id, data) { const all = saved(); all[id] = Object.assign(all[id] || {}, data); localStorage.setItem(KEY, JSON.stringify(all)); }

  function field(label, input) { return [el("label", { for: input.id }, label), input]; }
  // The page's sections, leaving out those it does not have (replaceChildren would write "null").
  function show(...parts) { main.replaceChildren(...parts.filter(p => p !== null && p !== undefined && p !== false)); }

  function createForm() {
    const f = {
      name: el("input", { id: "ev-name", value: "Club pairs", required: true }),
      movement: el("select", { id: "ev-movement" },
        el("option", { value: "mitchell" }, "Mitchell"), el("option", { value: "howell" }, "Howell"),
        el("option", { value: "teams" }, "Teams match (2 tables)"), el("option", { value: "round-robin" }, "Teams round robin")),
      tables: el("input", { id: "ev-tables", type: "number", min: 2, max: 15, value: 3 }),
      teams: el("input", { id: "ev-teams", type: "number", min: 3, max: 40, value: 4 }),
      variant: el("select", { id: "ev-variant" }, el("option", { value: "" }, "(odd tables)"),
        el("option", { value: "relay" }, "relay and bye stand"), el("option", { value: "skip" }, "skip")),
      arrow: el("input", { id: "ev-arrow", type: "number", min: 0, max: 15, value: 0 }),
      rounds: el("input", { id: "ev-rounds", type: "number", min: 1, max: 40, placeholder: "all" }),
      bpr: el("input", { id: "ev-bpr", type: "number", min: 1, max: 36, value: 3 }),
      scoring: el("select", { id: "ev-scoring" }, el("option", { value: "mp" }, "matchpoints"),
        el("option", { value: "butler" }, "IMPs (Butler)"), el("option", { value: "cross-imps" }, "IMPs (cross-IMPs)"),
        el("option", { value: "imps" }, "teams: IMPs and VPs"), el("option", { value: "bam" }, "teams: board-a-match")),
      scale: el("select", { id: "ev-scale" }, el("option", { value: "european" }, "2/1/0"), el("option", { value: "american" }, "1/½/0")),
      traveller: el("input", { id: "ev-traveller", type: "checkbox", checked: true }),
      deal: el("input", { id: "ev-deal", type: "checkbox", checked: true }),
      online: el("input", { id: "ev-online", type: "checkbox" }),
      minutes: el("input", { id: "ev-minutes", type: "number", min: 0, max: 240, value: 0 }),
    };
    const go = el("button", { type: "submit", class: "primary" }, "Create the event");
    const err = el("p", { class: "error", role: "alert", hidden: true });
    const form = el("form", { class: "panel", "aria-label": "new event", onsubmit: async e => {
      e.preventDefault();
      const kind = f.movement.value === "teams" || f.movement.value === "round-robin" ? "teams" : "pairs";
      const movement = { type: f.movement.value };
      if (kind === "pairs") {
        movement.tables = Number(f.tables.value);
        if (f.movement.value === "mitchell") {
          if (f.variant.value) movement.variant = f.variant.value;
          movement.arrow_switch = Number(f.arrow.value || 0);
        }
      } else if (f.movement.value === "round-robin") movement.teams = Number(f.teams.value);
      if (f.rounds.value && f.movement.value !== "teams") movement.rounds = Number(f.rounds.value);
      let scoring = f.scoring.value;
      if (kind === "teams" && !["imps", "bam"].includes(scoring)) scoring = "imps";
      if (kind === "pairs" && ["imps", "bam"].includes(scoring)) scoring = "mp";
      const body = { name: f.name.value, kind, movement, boards_per_round: Number(f.bpr.value), scoring,
        scale: f.scale.value, show_traveller: f.traveller.checked, deal: f.deal.checked,
        online: f.online.checked, round_minutes: Number(f.minutes.value || 0) };
      try {
        const made = await api("/api/events", null, body);
        save(made.id, { name: body.name, director: made.director, tables: made.tables });
        location.hash = "#e=" + made.id;
      } catch (exc) { err.hidden = false; err.textContent = exc.message; announce(exc.message); }
    } },
      el("h2", {}, "New event"),
      el("div", { class: "grid-form" },
        field("Name", f.name), field("Movement", f.movement), field("Tables", f.tables), field("Teams (round robin)", f.teams),
        field("Even Mitchell", f.variant), field("Arrow-switch rounds", f.arrow), field("Rounds", f.rounds),
        field("Boards a round", f.bpr), field("Scoring", f.scoring), field("Matchpoint scale", f.scale),
        field("Show the traveller after entry", f.traveller), field("Redouble deals the boards", f.deal),
        field("Online (pairs register and play here)", f.online), field("Minutes a round (online; 0: none)", f.minutes)),
      err, go);
    return form;
  }

  function importForm() {
    const err = el("p", { class: "error", role: "alert", hidden: true, id: "import-error" });
    const input = el("input", { id: "usebio-file", type: "file", accept: ".xml,application/xml,text/xml", onchange: async e => {
      const file = e.target.files[0];
      if (!file) return;
      err.hidden = true;
      try {
        const made = await api(`/api/events/usebio?filename=${encodeURIComponent(file.name)}`, null,
          new Blob([file], { type: "application/xml" }));
        save(made.id, { name: made.name, director: made.director, tables: [] });
        announce(`${made.name} read from ${file.name}`);
        location.hash = "#e=" + made.id;
      } catch (exc) { err.hidden = false; err.textContent = exc.message; announce(exc.message); input.value = ""; }
    } });
    return el("section", { class: "panel", "aria-label": "results from another program" },
      el("h2", {}, "Results from another scoring program"),
      el("p", {}, "A USEBIO XML file (pairs or teams) from the club's scoring program: its ranking and travellers are shown here, read-only."),
      el("div", { class: "grid-form" }, field("USEBIO file", input)), err);
  }

  function lobby() {
    const events = Object.entries(saved());
    show(el("h1", {}, "Director"), createForm(), importForm(),
      events.length ? el("section", { class: "panel" }, el("h2", {}, "Your events"),
        el("ul", {}, events.map(([id, e]) => el("li", {}, el("a", { href: "#e=" + id }, e.name || id))))) : null);
  }

  async function dashboard(id) {
    const mine = saved()[id];
    if (!mine || !mine.director) {
      main.replaceChildren(el("h1", {}, "Director"), el("p", { class: "error" }, "This browser does not hold the director's link of that event."));
      return;
    }
    const token = mine.director;
    let ev, res;
    try {
      [ev, res] = await Promise.all([api(`/api/events/${id}`, token), api(`/api/events/${id}/results`, token)]);
    } catch (exc) {
      main.replaceChildren(el("h1", {}, "Director"), el("p", { class: "error", role: "alert" }, exc.message));
      return;
    }
    const err = el("p", { class: "error", role: "alert", hidden: true, id: "dir-error" });
    const fail = exc => { err.hidden = false; err.textContent = exc.message; announce(exc.message); };
    const exportButton = (kind, label, open) => el("button", { type: "button", onclick: () =>
      Ev.download(`/api/events/${id}/export/${kind}`, token, `${id}-${kind}`, open).catch(fail) }, label);
    if (ev.imported) { imported(ev, res, exportButton, err); return; }
    // A teams event has no travellers to export as PBN or CSV; its USEBIO XML gives every match board by board.
    const pairs = ev.config.kind !== "teams";
    const tools = el("div", { class: "toolbar" },
      exportButton("tables.html", "Table cards", true), exportButton("guides.html", "Guide cards", true),
      exportButton("results.html", "Results page", true), pairs ? exportButton("results.pbn", "PBN") : null,
      exportButton("ranking.csv", "Ranking CSV"), pairs ? exportButton("travellers.csv", "Travellers CSV") : null,
      exportButton("results.xml", "USEBIO XML"),
      el("label", {}, "Deals (PBN): ", el("input", { type: "file", accept: ".pbn", onchange: async e => {
        const file = e.target.files[0];
        if (!file) return;
        try {
          const reply = await api(`/api/events/${id}/entries`, token, { op: "deals", pbn: await file.text() });
          const boards = ns => `board${ns.length === 1 ? "" : "s"} ${ns.join(", ")}`;
          const notes = [...reply.problems];
          if (reply.incomplete.length) notes.push(`not all 52 cards dealt on ${boards(reply.incomplete)}`);
          if (reply.unused.length) notes.push(`${boards(reply.unused)} not in this event`);
          announce(`Deals loaded for ${boards(reply.deals)}` + (notes.length ? `; ${notes.join("; ")}` : ""));
          refresh();
        }
        catch (exc) { fail(exc); }
      } })));
    const online = ev.online ? el("section", { class: "panel", id: "online" }, el("h2", {}, "Online event"),
      el("p", {}, "Registration link: ", el("a", { href: `${location.origin}/events/join#e=${id}`, target: "_blank", id: "join-link" },
        `${location.origin}/events/join#e=${id}`)),
      el("p", {}, `${Object.keys(ev.registered).length} of ${ev.pairs.length} pairs registered; ` +
        (ev.round ? `round ${ev.round} of ${ev.rounds} under way.` : "not started.")),
      // A pair that lost its links (or whose link leaked) gets new ones; the old ones stop working.
      Object.keys(ev.registered).length ? Ev.table(["Pair", "Name", "Links"], Object.entries(ev.registered).map(([pair, r]) => [pair, r.name,
        el("span", { class: "toolbar" },
          el("button", { type: "button", class: "new-seat-links", "data-pair": pair, onclick: async () => {
            try { await api(`/api/events/${id}/pair/${pair}/links`, token, {}); announce(`Pair ${pair}: new seat links on its page`); }
            catch (exc) { fail(exc); } } }, "New seat links"),
          el("button", { type: "button", class: "new-pair-link", "data-pair": pair, onclick: async () => {
            try {
              const made = await api(`/api/events/${id}/pair/${pair}/links`, token, { pair_link: true });
              save(id, { pairs: Object.assign(saved()[id].pairs || {}, { [pair]: `${location.origin}/events/join#e=${id}&p=${pair}&t=${made.token}` }) });
              announce(`Pair ${pair}: a new link; the old one no longer works`);
              refresh();
            } catch (exc) { fail(exc); } } }, "New pair link"),
          (mine.pairs || {})[pair] ? el("input", { readonly: true, value: mine.pairs[pair], "aria-label": `new link for pair ${pair}`, class: "pair-link" }) : null)]),
        { cls: "pairs" }) : null,
      ev.round < ev.rounds ? el("button", { type: "button", class: "primary", id: "next-round", onclick: async () => {
        try { const r = await api(`/api/events/${id}/rounds`, token, {}); announce(`Round ${r.round} started`); refresh(); }
        catch (exc) { fail(exc); } } }, ev.round ? `Start round ${ev.round + 1} now` : "Start the event") : null) : null;
    const links = ev.online ? null : el("section", { class: "panel" }, el("h2", {}, "Table links"),
      el("div", { class: "links" }, Array.from({ length: ev.tables }, (_, k) => {
        const t = (mine.tables || []).find(x => x.table === k + 1);
        if (!t) return el("figure", {}, el("figcaption", {}, `Table ${k + 1}`),
          el("button", { type: "button", onclick: async () => {
            try { const made = await api(`/api/events/${id}/links/${k + 1}`, token, {});
                  save(id, { tables: [...(saved()[id].tables || []), made] }); refresh(); } catch (exc) { fail(exc); } } }, "Make a link"));
        return el("figure", {}, el("img", { src: t.qr, alt: `QR code for table ${t.table}` }),
          el("figcaption", {}, el("a", { href: t.url, target: "_blank", class: "table-link", "data-table": String(t.table) }, `Table ${t.table}`)),
          el("input", { readonly: true, value: t.url, "aria-label": `link for table ${t.table}` }));
      })));
    const grid = [];
    for (let r = 1; r <= ev.rounds; r++) {
      grid.push([String(r), ...Array.from({ length: ev.tables }, (_, k) => {
        const p = ev.progress.find(x => x.round === r && x.table === k + 1);
        return p ? `${p.entered}/${p.total}` : "–";
      })]);
    }
    const progress = Ev.table(["Round", ...Array.from({ length: ev.tables }, (_, k) => `Table ${k + 1}`)], grid, { cls: "progress" });
    for (const td of progress.querySelectorAll("td")) {
      const m = /^(\d+)\/(\d+)$/.exec(td.textContent);
      if (m) td.className = m[1] === m[2] ? "done" : (m[1] !== "0" ? "part" : "");
    }
    show(el("h1", {}, ev.config.name),
      el("p", {}, `${ev.movement}, ${ev.config.boards_per_round} boards a round; ${ev.changes} changes logged.`),
      ev.notes.length ? el("ul", { class: "note" }, ev.notes.map(n => el("li", {}, n))) : null,
      tools, err, online, links, el("section", { class: "panel" }, el("h2", {}, "Progress"), progress),
      ranking(res), travellers(ev, res, id, token, fail));
  }

  // An event read from a USEBIO file: its ranking and results, and the exports; nothing to enter or correct.
  function imported(ev, res, exportButton, err) {
    const pairs = ev.config.kind !== "teams";
    const tools = el("div", { class: "toolbar" },
      exportButton("results.html", "Results page", true), pairs ? exportButton("results.pbn", "PBN") : null,
      exportButton("ranking.csv", "Ranking CSV"), pairs ? exportButton("travellers.csv", "Travellers CSV") : null,
      exportButton("results.xml", "USEBIO XML (as uploaded)"));
    main.replaceChildren(el("h1", {}, ev.config.name),
      el("p", { id: "imported" }, `${pairs ? "Pairs" : "Teams"} event read from ${ev.imported.filename}, ` +
        `${ev.boards.length} boards; read-only: its results are the file's.`),
      tools, err, ranking(res), travellers(ev, res, null, null, null));
  }

  function ranking(res) {
    if (res.teams) return el("section", { class: "panel", id: "ranking" }, el("h2", {}, "Ranking"),
      Ev.table(["Rank", "Team", res.scoring === "bam" ? "Points" : "VPs"],
        res.teams.map(t => [(t.rank + (t.tied ? "=" : "")), t.team, (res.scoring === "bam" ? t.points : t.vp).toFixed(2)])));
    if (!res.pairs || !res.pairs.length) return el("section", { class: "panel", id: "ranking" }, el("h2", {}, "Ranking"), el("p", {}, "No results yet."));
    const mp = res.scoring === "mp";
    const byField = {};
    for (const p of res.pairs) (byField[p.field || ""] = byField[p.field || ""] || []).push(p);
    return el("section", { class: "panel", id: "ranking" }, el("h2", {}, "Ranking"),
      Object.entries(byField).map(([f, pairs]) => [f ? el("h3", {}, f === "NS" ? "North-South" : "East-West") : null,
        Ev.table(mp ? ["Rank", "Pair", "Names", "MP", "Top", "%"] : ["Rank", "Pair", "Names", "IMPs"],
          pairs.map(p => mp ? [p.rank + (p.tied ? "=" : ""), p.pair, p.names || "", String(p.matchpoints), String(p.top), p.percentage.toFixed(2)]
                            : [p.rank + (p.tied ? "=" : ""), p.pair, p.names || "", p.imps.toFixed(2)]), { left: [2], cls: "ranking" })]));
  }

  // Every result, with its history and the director's corrections; an event read from a file has neither, and
  // its rounds and tables only when the file gives them (a teams match's rooms).
  function travellers(ev, res, id, token, fail) {
    const rows = [];
    const readonly = Boolean(ev.imported);
    const placed = !readonly || ev.results.some(r => r.round !== undefined && r.round !== null);
    for (const r of ev.results) {
      const key = `${r.board}|${r.ns}|${r.ew}`;
      const board = (res.boards || []).find(b => b.board === r.board);
      const line = board ? board.results.find(x => x.ns === r.ns && x.ew === r.ew) : null;
      const points = line ? (line.ns_matchpoints ?? line.ns_imps) : "";
      const row = [String(r.board), ...(placed ? [String(r.round ?? ""), String(r.table ?? "")] : []), r.ns, r.ew, r.text,
        r.score === null ? "" : String(r.score), points === undefined || points === null ? "" : String(points)];
      if (!readonly) {
        const correct = el("button", { type: "button", "aria-label": `correct board ${r.board} ${r.ns} v ${r.ew}`,
          onclick: () => { correcting = key; refresh(); } }, "Correct");
        const remove = el("button", { type: "button", "aria-label": `remove board ${r.board} ${r.ns} v ${r.ew}`, onclick: async () => {
          try { await api(`/api/events/${id}/entries`, token, { op: "remove", board: r.board, ns: r.ns, ew: r.ew }); refresh(); } catch (exc) { fail(exc); } } }, "Remove");
        row.push(r.confirmed ? "✔" : "", r.changes.length > 1 ? `${r.changes.length} versions` : "", el("span", {}, correct, " ", remove));
      }
      rows.push(row);
      if (correcting === key) rows.push(correctionRow(r, id, token, fail));
    }
    const headers = ["Board", ...(placed ? ["Round", "Table"] : []), "NS", "EW", "Result", "NS score", "NS points",
      ...(readonly ? [] : ["EW ok", "History", ""])];
    return el("section", { class: "panel", id: "travellers" }, el("h2", {}, "Results"),
      rows.length ? Ev.table(headers, rows, { left: [headers.indexOf("Result")] }) : el("p", {}, "Nothing entered yet."));
  }

  function correctionRow(r, id, token, fail) {
    const contract = el("input", { value: r.contract || "", size: 5, "aria-label": "corrected contract" });
    const declarer = el("input", { value: r.declarer || "", size: 2, "aria-label": "corrected declarer" });
    const tricks = el("input", { value: r.tricks ?? "", size: 3, "aria-label": "corrected tricks" });
    const lead = el("input", { value: r.lead || "", size: 3, "aria-label": "corrected lead" });
    const save = el("button", { type: "button", class: "primary", onclick: async () => {
      const result = { board: r.board, ns: r.ns, ew: r.ew, round: r.round, table: r.table };
      const c = contract.value.trim().toUpperCase();
      if (["A", "A+", "A-"].includes(c)) Object.assign(result, { kind: "artificial", ns_percent: c, ew_percent: declarer.value.trim() || null });
      else Object.assign(result, { contract: c, declarer: declarer.value.trim() || null, tricks: tricks.value.trim(), lead: lead.value.trim() || null });
      try { await api(`/api/events/${id}/entries`, token, { op: "correct", result }); correcting = null; announce(`Board ${r.board} corrected`); refresh(); }
      catch (exc) { fail(exc); }
    } }, "Save correction");
    const cancel = el("button", { type: "button", onclick: () => { correcting = null; refresh(); } }, "Cancel");
    const cell = el("div", { class: "correcting" }, "Contract ", contract, " by ", declarer, " tricks ", tricks, " lead ", lead, " ", save, " ", cancel,
      el("div", { class: "note" }, "A, A+ or A- as the contract gives an artificial score (East-West's in the 'by' box)."));
    return [cell];
  }

  function refresh() {
    const id = Ev.hashParams().e;
    if (id) dashboard(id); else lobby();
  }

  window.addEventListener("hashchange", () => { correcting = null; refresh(); });
  refresh();
  timer = setInterval(() => { if (Ev.hashParams().e && correcting === null) refresh(); }, 3000);
})();
