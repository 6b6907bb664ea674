// Redouble in the browser. The page draws what the server sends and sends back what the player means to do;
// every rule (legal calls and cards, turns, scores) is the server's. No build step, no outside assets.
"use strict";

const SEATS = ["N", "E", "S", "W"];
const SEAT_NAMES = { N: "North", E: "East", S: "South", W: "West" };
const SUIT_SYMBOLS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const STRAIN_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs", NT: "no trumps" };
const RANK_NAMES = { A: "Ace", K: "King", Q: "Queen", J: "Jack", T: "10" };
const LEVEL_NAMES = ["", "one", "two", "three", "four", "five", "six", "seven"];
const main = document.getElementById("main");
const live = document.getElementById("live");

const S = { ws: null, token: null, state: null, error: null, hint: null, pending: null, selected: null,
  showLast: false, replay: 0, review: null, reviewKey: null, keys: "", closing: false, meaning: "",
  invitations: {}, drawnBoard: null };

// --- small helpers ---------------------------------------------------------------------------------------
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}
function announce(text) { live.textContent = ""; setTimeout(() => { live.textContent = text; }, 30); }
function rankText(r) { return r === "T" ? "10" : r; }
function cardLabel(c) { return `${RANK_NAMES[c[1]] || c[1]} of ${SUIT_NAMES[c[0]]}`; }
function cardText(c) { return SUIT_SYMBOLS[c[0]] + rankText(c[1]); }
function strainOf(call) { return call.replace(/^[1-7]/, ""); }
function callText(call) {
  if (call === "Pass" || call === "X" || call === "XX") return call;
  const s = strainOf(call);
  return call[0] + (s === "NT" ? "NT" : SUIT_SYMBOLS[s]);
}
function callLabel(call) {
  if (call === "Pass") return "pass";
  if (call === "X") return "double";
  if (call === "XX") return "redouble";
  return `${LEVEL_NAMES[+call[0]]} ${STRAIN_NAMES[strainOf(call)]}`;
}
function contractText(c) {
  if (!c) return "";
  if (c === "Pass") return "Passed out";
  const m = /^([1-7])(NT|[SHDC])(X{0,2})-([NESW])$/.exec(c);
  if (!m) return c;
  return `${m[1]}${m[2] === "NT" ? "NT" : SUIT_SYMBOLS[m[2]]}${m[3]} by ${SEAT_NAMES[m[4]]}`;
}
function cardNode(c, opts = {}) {
  const red = c[0] === "H" || c[0] === "D";
  const cls = `card${red ? " red" : ""}${opts.small ? " small" : ""}${opts.chosen ? " chosen" : ""}`;
  const inner = [el("span", { class: "r", "aria-hidden": "true" }, rankText(c[1])),
    el("span", { class: "s", "aria-hidden": "true" }, SUIT_SYMBOLS[c[0]])];
  if (opts.onclick) {
    return el("button", { class: cls, "aria-label": cardLabel(c) + (opts.note || ""), "data-card": c,
      disabled: opts.disabled, onclick: opts.onclick }, ...inner);
  }
  return el("span", { class: cls, role: "img", "aria-label": cardLabel(c), "data-card": c }, ...inner);
}
function seatPos(seat, me) { return ["bottom", "left", "top", "right"][(SEATS.indexOf(seat) - SEATS.indexOf(me) + 4) % 4]; }
function confirmWanted() { return localStorage.getItem("redouble.confirm") === "1"; }
// This browser's own links (table id -> the link of the seat it sits at): the history and the reviews of
// those tables are shown with them. Invitation links for friends are never kept: they are shown once.
function myLinks() { try { return JSON.parse(localStorage.getItem("redouble.mine") || "{}") || {}; } catch (e) { return {}; } }
function rememberLink(table, token) {
  const mine = myLinks();
  if (mine[table] !== token) { mine[table] = token; localStorage.setItem("redouble.mine", JSON.stringify(mine)); }
}
async function request(path, body, token) {
  const headers = {};
  if (body) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(path, body ? { method: "POST", headers, body: JSON.stringify(body) } : { headers });
  if (!r.ok) {
    let message = `request failed (${r.status})`;
    try { message = (await r.json()).error || message; } catch (e) { /* not JSON */ }
    throw new Error(message);
  }
  return r;
}
async function api(path, body, token) { return (await request(path, body, token)).json(); }
async function download(path, token) {
  try {
    const r = await request(path, null, token);
    const name = (/filename="([^"]+)"/.exec(r.headers.get("Content-Disposition") || "") || [])[1] || "deal.txt";
    const url = URL.createObjectURL(await r.blob());
    const a = el("a", { href: url, download: name });
    document.body.append(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (e) { S.error = e.message; announce(e.message); }
}

// --- routing ---------------------------------------------------------------------------------------------
function route() {
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  if (parts[0] !== "t" && S.ws) { S.closing = true; S.ws.close(); S.ws = null; }
  if (parts[0] === "t" && parts[1]) return openTable(parts[1]);
  if (parts[0] === "history") return showHistory();
  if (parts[0] === "review" && parts[2] !== undefined) return showReview(parts[1], +parts[2]);
  return showLobby();
}
window.addEventListener("hashchange", route);

// --- lobby -----------------------------------------------------------------------------------------------
async function showLobby() {
  document.title = "Redouble: new game";
  let forms = [];
  try { forms = (await api("/api/forms")).forms; } catch (e) { main.replaceChildren(el("p", { class: "error" }, e.message)); return; }
  const formField = el("fieldset", {}, el("legend", {}, "Form of the game"),
    forms.map((f, i) => el("label", {}, el("input", { type: "radio", name: "form", value: f.key, checked: i === 0 }), " ", f.title)));
  const seatField = el("fieldset", {}, el("legend", {}, "Your seat"),
    el("div", { class: "seats" }, SEATS.map((s) => el("label", {},
      el("input", { type: "radio", name: "seat", value: s, checked: s === "S" }), " ", SEAT_NAMES[s]))));
  const others = el("fieldset", {}, el("legend", {}, "The other seats"),
    el("p", {}, "Computer players take the seats you do not keep for friends. Each friend gets a link."),
    el("div", { class: "seats" }, SEATS.map((s) => el("label", { "data-seat": s },
      el("input", { type: "checkbox", name: "invite", value: s }), ` Keep ${SEAT_NAMES[s]} for a friend`))));
  const robotField = el("fieldset", {}, el("legend", {}, "Computer players"),
    el("label", {}, el("input", { type: "radio", name: "robots", value: "strong", checked: true }), " Strong (they think a little)"),
    el("label", {}, el("input", { type: "radio", name: "robots", value: "fast" }), " Fast (rules of thumb)"));
  const confirmBox = el("input", { type: "checkbox", id: "confirm", checked: confirmWanted() });
  const err = el("div", { role: "alert" });
  const form = el("form", { class: "lobby panel", onsubmit: async (ev) => {
    ev.preventDefault();
    const fd = new FormData(form);
    const seat = fd.get("seat");
    localStorage.setItem("redouble.confirm", confirmBox.checked ? "1" : "0");
    try {
      const made = await api("/api/tables", { form: fd.get("form"), seat,
        invite: fd.getAll("invite").filter((s) => s !== seat), options: { robots: fd.get("robots") } });
      rememberLink(made.table, made.token);
      S.invitations[made.table] = made.invitations;
      location.hash = `#/t/${made.token}`;
    } catch (e) { err.replaceChildren(el("p", { class: "error" }, e.message)); }
  } },
  formField, seatField, others, robotField,
  el("fieldset", {}, el("legend", {}, "Options"), el("label", { for: "confirm" }, confirmBox, " Ask me to confirm each call and card")),
  err, el("button", { class: "primary", type: "submit", id: "start" }, "Start the game"));
  main.replaceChildren(el("h1", {}, "A new game of bridge"), form);
  // Your own seat is not one to keep for a friend.
  const sync = () => {
    const mine = new FormData(form).get("seat");
    for (const box of form.querySelectorAll("input[name=invite]")) {
      box.disabled = box.value === mine;
      if (box.disabled) box.checked = false;
      box.parentElement.hidden = box.disabled;
    }
  };
  for (const r of form.querySelectorAll("input[name=seat]")) r.addEventListener("change", sync);
  sync();
}

// --- the table -------------------------------------------------------------------------------------------
function openTable(token) {
  if (S.ws && S.token === token) { renderTable(); return; }
  if (S.ws) { S.closing = true; S.ws.close(); }
  Object.assign(S, { token, state: null, error: null, hint: null, pending: null, review: null, reviewKey: null,
    drawnBoard: null });
  main.replaceChildren(el("p", {}, "Joining the table\u2026"));
  connect(token);
}
function connect(token) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/ws/${token}`);
  S.ws = ws; S.closing = false;
  ws.onmessage = (ev) => {
    if (S.ws !== ws) return;  // a table left (for the history, say): its last messages must not redraw the page
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") {
      rememberLink(msg.table.table, token);
      const before = S.state;
      S.state = msg.table; S.error = null; S.pending = null; S.selected = null;
      if (!before || before.seq !== msg.table.seq) S.hint = null;
      announceChange(before, msg.table);
      renderTable();
    } else if (msg.type === "error") {
      S.error = msg.message; renderTable(); announce(msg.message);
      if (msg.code === "bad_token" || msg.code === "revoked") { S.closing = true; }
    } else if (msg.type === "invitation") {
      const table = S.state ? S.state.table : "";
      S.invitations[table] = Object.assign({}, S.invitations[table], { [msg.seat]: msg.token });
      renderTable(); announce(`A new link for ${SEAT_NAMES[msg.seat]}.`);
    } else if (msg.type === "hint") {
      S.hint = msg; renderTable(); announce(`Hint: ${msg.action}. ${msg.reason}`);
    }
  };
  ws.onclose = () => {
    if (S.closing || S.token !== token) return;
    S.error = "Connection lost; reconnecting\u2026"; renderTable();
    setTimeout(() => { if (S.token === token && location.hash.includes(token)) connect(token); }, 1000);
  };
}
function send(msg) {
  if (!S.ws || S.ws.readyState !== 1) { S.error = "Not connected."; renderTable(); return; }
  S.ws.send(JSON.stringify(msg));
}
function act(msg, what) {
  if (confirmWanted() && (msg.type === "call" || msg.type === "card")) { S.pending = { msg, what }; renderTable(); 
    const yes = document.getElementById("confirm-yes"); if (yes) yes.focus(); return; }
  send(msg);
}
function announceChange(before, now) {
  const b = now.board;
  if (!b) return;
  const parts = [];
  if (before && before.board && before.board.index === b.index) {
    if (b.auction.length > before.board.auction.length) {
      const c = b.auction[b.auction.length - 1];
      parts.push(`${SEAT_NAMES[c.seat]} ${callLabel(c.call)}.`);
    }
    if (b.trick.length) { const t = b.trick[b.trick.length - 1]; parts.push(`${SEAT_NAMES[t.seat]} played ${cardLabel(t.card)}.`); }
  } else parts.push(`Board ${b.number}.`);
  if (b.phase === "done") parts.push(`Deal over: ${b.result.text}.`);
  else if (b.to_act) parts.push(b.phase === "auction" ? "Your call." : b.claim ? "Answer the claim." :
    b.phase === "declare" ? "Name the contract." : b.acting_for !== now.seat ? "Play from dummy." : "Your card.");
  announce(parts.join(" "));
}

// Every state redraws the table; keep the keyboard focus on the same control (screen readers and keyboard
// users would otherwise be thrown back to the top of the page).
const FOCUS_KEYS = ["data-card", "data-call", "data-standin", "data-invite", "data-link"];
function focusKey() {
  const a = document.activeElement;
  if (!a || a === document.body || !main.contains(a)) return null;
  if (a.id) return `#${a.id}`;
  for (const k of FOCUS_KEYS) if (a.hasAttribute(k)) return `[${k}="${a.getAttribute(k)}"]`;
  return null;
}
// What the player has chosen but not sent (the tricks to claim, an alert and its explanation, a minibridge
// game) survives the redraw a new state brings while the same board is on: a robot's card arriving as the
// player picks "claim 0" must not send a claim of all the tricks.
const DRAFT_IDS = ["claim-n", "alert", "explain", "mini-game"];
function keepDrafts() {
  const board = S.state && S.state.board ? `${S.state.table}/${S.state.board.index}` : null;
  const kept = [];
  if (board !== null && board === S.drawnBoard) {
    for (const id of DRAFT_IDS) {
      const node = document.getElementById(id);
      if (node) kept.push([id, node.type === "checkbox" ? node.checked : node.value]);
    }
  }
  S.drawnBoard = board;
  return () => {
    for (const [id, value] of kept) {
      const node = document.getElementById(id);
      if (!node) continue;
      if (node.type === "checkbox") node.checked = value;
      else if (node.tagName !== "SELECT") node.value = value;
      else if (node.querySelector(`option[value="${value}"]`)) node.value = value;
      else node.value = node.options[node.options.length - 1].value;  // fewer tricks left than chosen: all of them
    }
  };
}
function renderTable() {
  // Late answers (a review's analysis, the last messages of a table left) must not redraw another page.
  if (!location.hash.startsWith(`#/t/${S.token}`)) return;
  const key = focusKey();
  const restore = keepDrafts();
  drawTable();
  restore();
  if (key) {
    const again = main.querySelector(key);
    if (again && !again.disabled) again.focus();
    else { const first = main.querySelector("button.card:not([disabled]), #bidding-box button:not([disabled])"); if (first) first.focus(); }
  }
}
function drawTable() {
  const st = S.state;
  if (!st) { if (S.error) main.replaceChildren(el("p", { class: "error", role: "alert" }, S.error)); return; }
  const b = st.board;
  document.title = `Redouble: board ${b ? b.number : ""}`;
  const left = el("section", { "aria-label": "The table" }, infoBar(st), b ? felt(st) : null,
    S.pending ? confirmBar() : null, S.error ? el("p", { class: "error", role: "alert" }, S.error) : null,
    S.hint ? el("p", { class: "notice", id: "hint" }, `Hint: ${S.hint.action} \u2014 ${S.hint.reason}`) : null,
    actionArea(st), controls(st), b && b.phase === "done" ? reviewPanel(st.table, b) : null);
  const right = el("aside", {}, b && st.form !== "minibridge" ? auctionPanel(b) : null, scorePanel(st.score),
    invitePanel(st));
  main.replaceChildren(el("div", { class: "layout" }, left, right));
}
function infoBar(st) {
  const b = st.board;
  if (!b) return el("div", { class: "info" }, st.form_title);
  const vul = { None: "None", NS: "N-S", EW: "E-W", All: "All" }[b.vulnerability] || b.vulnerability;
  return el("div", { class: "info panel", id: "info" },
    el("span", {}, el("b", {}, st.form_title)),
    el("span", {}, "Board ", el("b", {}, b.number)),
    el("span", {}, "Dealer ", el("b", {}, SEAT_NAMES[b.dealer])),
    el("span", {}, "Vulnerable ", el("b", {}, vul)),
    b.contract ? el("span", {}, "Contract ", el("b", { id: "contract" }, contractText(b.contract))) : null,
    b.phase !== "auction" ? el("span", { id: "tricks" }, "Tricks N-S ", el("b", {}, b.tricks.NS), " E-W ", el("b", {}, b.tricks.EW)) : null,
    el("span", {}, "You are ", el("b", {}, SEAT_NAMES[st.seat])));
}
function handNode(st, seat) {
  const b = st.board;
  const hand = b.hands[seat];
  const playable = b.phase === "play" && b.to_act && b.acting_for === seat;
  if (!hand.cards) {
    return el("div", { class: "hand", "aria-label": `${SEAT_NAMES[seat]}: ${hand.count} cards, hidden` },
      Array.from({ length: hand.count }, () => el("span", { class: "back", "aria-hidden": "true" })),
      el("span", { class: "count" }, `${hand.count}`));
  }
  const lines = ["S", "H", "D", "C"].map((suit) => {
    const cards = hand.cards.filter((c) => c[0] === suit);
    return el("div", { class: "suitline", "aria-label": `${SEAT_NAMES[seat]}'s ${SUIT_NAMES[suit]}` },
      cards.map((c) => {
        if (!playable) return cardNode(c);
        const legal = b.legal.includes(c);
        return cardNode(c, { disabled: !legal, chosen: S.selected === c,
          onclick: () => act({ type: "card", card: c }, `play ${cardLabel(c)}`) });
      }));
  });
  return el("div", { class: "hand byline", role: "group",
    "aria-label": `${SEAT_NAMES[seat]}'s hand${seat === b.dummy ? " (dummy)" : ""}` }, lines);
}
function felt(st) {
  const b = st.board;
  const me = st.seat;
  const seats = SEATS.map((seat) => {
    const pos = seatPos(seat, me);
    const who = st.seats[seat];
    const tag = seat === me ? "you" : who.kind === "robot" ? "robot" : who.stand_in ? "robot standing in" : "friend";
    const title = `${SEAT_NAMES[seat]} (${tag})${b.dummy === seat && b.phase !== "auction" ? ", dummy" : ""}` +
      (b.points ? `, ${b.points[seat]} points` : "");
    const onTurn = b.phase === "play" && !b.claim ? b.acting_for === seat : b.turn === seat;
    return el("section", { class: `seat pos-${pos}${onTurn ? " turn" : ""}`,
      "aria-label": title, id: `seat-${seat}` }, el("h3", {}, title), handNode(st, seat));
  });
  const place = { bottom: "b", left: "l", top: "t", right: "r" };
  let trick = b.trick;
  let label = "Current trick";
  if ((S.showLast || (!trick.length && b.phase === "play")) && b.last_trick) { trick = b.last_trick.cards; label = "Last trick"; }
  const centre = el("section", { class: "centre", id: "trick", "aria-label": label },
    trick.map((t) => el("div", { class: place[seatPos(t.seat, me)] }, cardNode(t.card, { small: true }))));
  return el("div", { class: "felt" }, seats, centre);
}
function confirmBar() {
  return el("div", { class: "confirmbar", role: "dialog", "aria-label": "Confirm" },
    `Really ${S.pending.what}?`,
    el("button", { id: "confirm-yes", class: "primary", onclick: () => { const m = S.pending.msg; S.pending = null; send(m); } }, "Yes"),
    el("button", { onclick: () => { S.pending = null; renderTable(); } }, "No"));
}
function actionArea(st) {
  const b = st.board;
  if (!b || !b.to_act) return null;
  if (b.phase === "auction") return biddingBox(b);
  if (b.phase === "declare") {
    const game = el("input", { type: "checkbox", id: "mini-game" });
    return el("div", { class: "panel", id: "declare" }, el("h2", {}, "Name the contract"),
      el("label", { for: "mini-game" }, game, " Game (otherwise a part score)"),
      el("div", { class: "controls" }, b.legal.map((s) => el("button", { "aria-label": STRAIN_NAMES[s],
        onclick: () => send({ type: "mini_contract", strain: s, game: game.checked }) }, s === "NT" ? "NT" : SUIT_SYMBOLS[s]))));
  }
  if (b.claim) {
    return el("div", { class: "panel", id: "claim-answer" },
      `${SEAT_NAMES[b.claim.seat]} claims ${b.claim.tricks} of the remaining tricks.`,
      el("div", { class: "controls" },
        el("button", { class: "primary", onclick: () => send({ type: "claim_answer", accept: true }) }, "Accept"),
        el("button", { onclick: () => send({ type: "claim_answer", accept: false }) }, "Reject")));
  }
  return null;
}
function biddingBox(b) {
  const legal = new Set(b.legal);
  const alert = el("input", { type: "checkbox", id: "alert" });
  const expl = el("input", { type: "text", id: "explain", placeholder: "explanation (optional)", "aria-label": "Explanation of your call" });
  const call = (c) => act({ type: "call", call: c, alert: alert.checked, explanation: expl.value || null }, callLabel(c));
  const grid = [];
  for (let level = 1; level <= 7; level++) {
    for (const s of ["C", "D", "H", "S", "NT"]) {
      const c = `${level}${s}`;
      grid.push(el("button", { class: `suit-${s}`, disabled: !legal.has(c), "aria-label": callLabel(c), "data-call": c,
        onclick: () => call(c) }, callText(c)));
    }
  }
  return el("div", { class: "panel", id: "bidding-box", role: "group", "aria-label": "Bidding box" },
    el("h2", {}, "Your call"),
    el("div", { class: "box" }, el("div", { class: "wide" },
      el("button", { class: "primary", "data-call": "Pass", onclick: () => call("Pass") }, "Pass"),
      el("button", { disabled: !legal.has("X"), "data-call": "X", "aria-label": "double", onclick: () => call("X") }, "X"),
      el("button", { disabled: !legal.has("XX"), "data-call": "XX", "aria-label": "redouble", onclick: () => call("XX") }, "XX")),
    grid),
    el("div", { class: "controls" }, el("label", { for: "alert" }, alert, " Alert"), expl));
}
function controls(st) {
  const b = st.board;
  const out = [];
  if (b && b.to_act) out.push(el("button", { id: "hint-btn", onclick: () => send({ type: "hint" }) }, "Hint"));
  if (st.can_undo) out.push(el("button", { id: "undo", onclick: () => send({ type: "undo" }) }, "Undo"));
  if (b && b.phase === "play" && !b.claim && b.dummy !== st.seat) {
    const n = el("select", { id: "claim-n", "aria-label": "Tricks to claim" },
      Array.from({ length: b.tricks_left + 1 }, (_, i) => el("option", { value: i, selected: i === b.tricks_left }, i)));
    out.push(el("span", {}, n, " ", el("button", { id: "claim", onclick: () => send({ type: "claim", tricks: +n.value }) }, "Claim")));
  }
  if (b && b.last_trick && b.phase === "play") out.push(el("button", { id: "last-trick", "aria-pressed": S.showLast ? "true" : "false",
    onclick: () => { S.showLast = !S.showLast; renderTable(); } }, S.showLast ? "Show current trick" : "Show last trick"));
  if (st.can_next) out.push(el("button", { class: "primary", id: "next", onclick: () => send({ type: "next" }) }, "Next deal"));
  for (const seat of SEATS) {
    const who = st.seats[seat];
    if (seat !== st.seat && who.kind === "human" && (who.stand_in || !who.connected)) {
      out.push(el("button", { "data-standin": seat, onclick: () => send({ type: "robot", seat, on: !who.stand_in }) },
        who.stand_in ? `${SEAT_NAMES[seat]} back to their player` : `Robot plays for ${SEAT_NAMES[seat]}`));
    }
  }
  const conf = el("input", { type: "checkbox", id: "confirm-toggle", checked: confirmWanted(),
    onchange: (e) => localStorage.setItem("redouble.confirm", e.target.checked ? "1" : "0") });
  out.push(el("label", { for: "confirm-toggle" }, conf, " Confirm each action"));
  return el("div", { class: "controls", id: "controls" }, out);
}
function auctionTable(auction, dealer, onMeaning) {
  const cells = Array(SEATS.indexOf(dealer)).fill(null).concat(auction);
  const rows = [];
  for (let i = 0; i < cells.length; i += 4) rows.push(cells.slice(i, i + 4));
  return el("table", { id: "auction" }, el("thead", {}, el("tr", {}, SEATS.map((s) => el("th", { scope: "col" }, SEAT_NAMES[s])))),
    el("tbody", {}, rows.map((r) => el("tr", {}, [0, 1, 2, 3].map((k) => {
      const c = r[k];
      if (!c) return el("td", {});
      const meaning = [c.explanation, c.meaning].filter(Boolean).join(" \u2014 ") || "no explanation";
      return el("td", {}, el("button", { class: `call${c.alert ? " alerted" : ""} suit-${strainOf(c.call)}`, title: meaning,
        "aria-label": `${SEAT_NAMES[c.seat]}: ${callLabel(c.call)}${c.alert ? ", alerted" : ""}. ${meaning}`,
        onclick: () => onMeaning(`${SEAT_NAMES[c.seat]} ${callText(c.call)}: ${meaning}`) }, callText(c.call), c.alert ? "!" : ""));
    })))));
}
function auctionPanel(b) {
  const meaning = el("p", { class: "meaning", id: "meaning", "aria-live": "polite" }, S.meaning || "Tap a call for its meaning.");
  return el("section", { class: "panel auction", "aria-label": "Auction" }, el("h2", {}, "Auction"),
    auctionTable(b.auction, b.dealer, (text) => { S.meaning = text; meaning.textContent = text; }), meaning);
}

// --- the score ------------------------------------------------------------------------------------------
function sheetTable(game) {
  const h = game.headings;
  const above = { NS: [], EW: [] }, below = {};
  for (const e of game.entries) {
    if (e.below) { (below[e.game] = below[e.game] || { NS: [], EW: [] })[e.side].push(e); } else above[e.side].push(e);
  }
  const rows = [];
  const fmt = (e) => (e ? `${e.points}${e.label ? ` (${e.label})` : ""}` : "");
  const height = Math.max(above.NS.length, above.EW.length);
  const up = { NS: above.NS.slice().reverse(), EW: above.EW.slice().reverse() };
  for (let i = 0; i < height; i++) {
    const ns = up.NS[i - (height - up.NS.length)], ew = up.EW[i - (height - up.EW.length)];
    rows.push(el("tr", {}, el("td", {}, fmt(ns)), el("td", { class: "mid" }, fmt(ew))));
  }
  const games = Object.keys(below).map(Number).sort((a, b) => a - b);
  let first = true;
  for (const g of games.length ? games : [0]) {
    const part = below[g] || { NS: [], EW: [] };
    const n = Math.max(part.NS.length, part.EW.length, 1);
    for (let i = 0; i < n; i++) {
      rows.push(el("tr", { class: i === 0 ? "line" : "" }, el("td", {}, fmt(part.NS[i])), el("td", { class: "mid" }, fmt(part.EW[i]))));
    }
    first = false;
  }
  rows.push(el("tr", { class: "total" }, el("td", {}, game.totals.NS), el("td", { class: "mid" }, game.totals.EW)));
  return el("table", { "aria-label": `Score sheet, ${h.NS} ${game.totals.NS}, ${h.EW} ${game.totals.EW}` },
    el("thead", {}, el("tr", {}, el("th", {}, h.NS), el("th", { class: "mid" }, h.EW))), el("tbody", {}, rows));
}
function scorePanel(score) {
  if (!score) return null;
  const body = [];
  if (score.kind === "rubber" || score.kind === "chicago") {
    score.games.forEach((g, i) => {
      if (!g.entries && g.deals) {
        body.push(el("table", {}, el("thead", {}, el("tr", {}, ["Deal", "Contract", "N-S", "E-W"].map((t) => el("th", {}, t)))),
          el("tbody", {}, g.deals.map((d) => el("tr", {}, el("td", {}, d.label), el("td", {}, contractText(String(d.contract))),
            el("td", {}, d.ns), el("td", {}, -d.ns)))),
          el("tfoot", {}, el("tr", {}, el("td", {}, "Total"), el("td", {}), el("td", {}, g.totals.NS), el("td", {}, g.totals.EW)))));
        return;
      }
      body.push(el("h3", {}, `${score.kind === "rubber" ? "Rubber" : "Chicago"} ${i + 1}${g.over ? " (over)" : ""}`), sheetTable(g));
    });
  } else if (score.kind === "duplicate") {
    body.push(el("table", {}, el("thead", {}, el("tr", {}, ["Bd", "Contract", "Tricks", "N-S", "Robots", "IMPs", "Par"].map((t) => el("th", {}, t)))),
      el("tbody", {}, score.rows.map((r) => el("tr", {}, el("td", {}, r.number), el("td", {}, contractText(r.contract)),
        el("td", {}, r.tricks ?? ""), el("td", {}, r.ns_score), el("td", {}, r.robot_table ? `${r.robot_table.contract} ${r.robot_table.ns_score}` : ""),
        el("td", {}, r.imps ?? ""), el("td", {}, r.par ? `${r.par.score}` : ""))))),
    el("p", {}, `IMPs against the robots: ${score.imps_total}; against par: ${score.par_imps_total}`));
  } else if (score.kind === "minibridge") {
    const g = score.games[score.games.length - 1];
    body.push(el("table", {}, el("thead", {}, el("tr", {}, ["Deal", "Contract", "Tricks", "N-S", "E-W"].map((t) => el("th", {}, t)))),
      el("tbody", {}, g.deals.map((d) => el("tr", {}, el("td", {}, d.label), el("td", {}, `${d.strain || ""} ${d.kind || ""} ${d.declarer || ""}`),
        el("td", {}, d.tricks ?? ""), el("td", {}, d.ns), el("td", {}, d.ew)))),
      el("tfoot", {}, el("tr", {}, el("td", {}, "Total"), el("td", {}), el("td", {}), el("td", {}, g.totals.NS), el("td", {}, g.totals.EW)))));
  }
  return el("section", { class: "panel sheet", id: "score", "aria-label": "Score" }, el("h2", {}, "Score"), body);
}
// The owner's panel: one invitation link per friend's seat, shown once (a new one revokes the old), and
// whether the finished deals are shared with anyone who has the table's address.
function invitePanel(st) {
  if (!st.owner) return null;
  const links = S.invitations[st.table] || {};
  const friends = SEATS.filter((s) => s !== st.seat && st.seats[s].kind === "human");
  const rows = friends.map((s) => el("div", { class: "invite" },
    links[s] ? el("label", {}, `${SEAT_NAMES[s]}: `, el("input", { readonly: true, "data-invite": s,
      value: `${location.origin}/#/t/${links[s]}`, onfocus: (e) => e.target.select() })) : `${SEAT_NAMES[s]}: `,
    el("button", { "data-link": `new-${s}`, onclick: () => send({ type: "invite", seat: s }) }, links[s] ? "New link" : "Make a link"),
    el("button", { "data-link": `revoke-${s}`, onclick: () => { delete links[s]; send({ type: "revoke", seat: s }); } }, "Revoke")));
  const share = el("input", { type: "checkbox", id: "share", checked: st.public,
    onchange: (e) => send({ type: "share", on: e.target.checked }) });
  return el("section", { class: "panel links", "aria-label": "Invitations" },
    friends.length ? el("h2", {}, "Invite your friends") : null,
    friends.length ? el("p", {}, "Each link is shown once; a new link or Revoke stops the old one.") : null, rows,
    el("label", { for: "share" }, share, " Share the finished deals with anyone who has their address"));
}

// --- after the deal: the review ---------------------------------------------------------------------------
function reviewPanel(tableId, b) {
  const key = `${tableId}/${b.index}`;
  if (S.reviewKey !== key) {
    S.reviewKey = key; S.review = null; S.replay = 0;
    api(`/api/review/${tableId}/${b.index}`, null, myLinks()[tableId]).then((r) => { if (S.reviewKey === key) { S.review = r; renderTable(); } })
      .catch((e) => { S.review = { error: e.message }; });
  }
  return reviewNode(tableId, b, S.review, renderTable);
}
function reviewNode(tableId, b, full, rerender) {
  const rv = b.review;
  const res = b.result;
  const parts = [el("h2", {}, "Result: ", el("span", { id: "result" }, res.text), res.ns_score !== null ? ` (N-S ${res.ns_score > 0 ? "+" : ""}${res.ns_score})` : "")];
  if (res.robot_table) parts.push(el("p", {}, `Robot table: ${res.robot_table.contract}, N-S ${res.robot_table.ns_score}; IMPs ${res.imps ?? "?"}`));
  if (res.par) parts.push(el("p", {}, `Par: ${res.par.score} (${res.par.contracts.join(", ") || "pass"}); IMPs against par ${res.par.imps ?? "?"}`));
  const played = new Set();
  const n = rv.tricks.length;
  const upto = Math.min(S.replay, n);
  rv.tricks.slice(0, upto).forEach((t) => t.cards.forEach((c) => played.add(c.card)));
  parts.push(el("div", { class: "hands4", id: "review-hands" }, SEATS.map((s) => el("div", { class: s, "aria-label": `${SEAT_NAMES[s]}'s hand` },
    el("b", {}, SEAT_NAMES[s]), ["S", "H", "D", "C"].map((suit) => el("div", { class: "suitline" },
      el("span", { class: `suit-${suit}`, "aria-hidden": "true" }, SUIT_SYMBOLS[suit]), " ",
      rv.hands[s].filter((c) => c[0] === suit && !played.has(c)).map((c) => rankText(c[1])).join(" ") || "\u2014"))))));
  if (n) {
    const t = upto > 0 ? rv.tricks[upto - 1] : null;
    parts.push(el("div", { class: "controls", id: "replay" },
      el("button", { "aria-label": "Previous trick", disabled: upto === 0, onclick: () => { S.replay = upto - 1; rerender(); } }, "\u25c0"),
      el("span", { id: "replay-pos" }, upto === 0 ? "Before the opening lead" : `Trick ${upto} of ${n}: led by ${SEAT_NAMES[t.leader]}, ` +
        `${t.cards.map((c) => `${c.seat} ${cardText(c.card)}`).join(", ")}${t.winner ? `; won by ${SEAT_NAMES[t.winner]}` : ""}`),
      el("button", { "aria-label": "Next trick", disabled: upto >= n, onclick: () => { S.replay = upto + 1; rerender(); } }, "\u25b6")));
  }
  if (full && full.analysis && full.analysis.table) {
    const dd = full.analysis.table;
    parts.push(el("h3", {}, "Double dummy"), el("table", { class: "ddtable", id: "ddtable" },
      el("thead", {}, el("tr", {}, el("th", {}, ""), ["C", "D", "H", "S", "NT"].map((s) => el("th", {}, s === "NT" ? "NT" : SUIT_SYMBOLS[s])))),
      el("tbody", {}, SEATS.map((seat) => el("tr", {}, el("th", {}, seat), ["C", "D", "H", "S", "NT"].map((s) => el("td", {}, dd[seat][s])))))));
    if (full.analysis.par) parts.push(el("p", { id: "par" }, `Par ${full.analysis.par.score}: ${full.analysis.par.contracts.join(", ") || "pass"}`));
  } else if (full && full.error) parts.push(el("p", { class: "error" }, full.error));
  const token = myLinks()[tableId];
  parts.push(el("p", { class: "controls" },
    el("button", { id: "export-pbn", onclick: () => download(`/api/export/${tableId}/${b.index}.pbn`, token) }, "Export PBN"),
    el("button", { id: "export-lin", onclick: () => download(`/api/export/${tableId}/${b.index}.lin`, token) }, "Export LIN"),
    el("a", { href: `#/review/${tableId}/${b.index}`, id: "share-link" }, "Link to this deal")));
  return el("section", { class: "panel review", id: "review", "aria-label": "Review of the deal" }, parts);
}

// --- history ----------------------------------------------------------------------------------------------
async function showHistory() {
  document.title = "Redouble: history";
  const list = el("ul", { class: "history", id: "history-list" });
  const q = el("input", { type: "search", id: "history-q", "aria-label": "Search the deals (contract, result, deal)" });
  const load = async () => {
    try {
      const deals = (await api("/api/history", { q: q.value, links: Object.values(myLinks()) })).deals;
      list.replaceChildren(...(deals.length ? deals.map((d) => el("li", {}, el("a", { href: `#/review/${d.table}/${d.index}` },
        `${d.form}, board ${d.number}: ${d.result}`), ` (${d.ns_score ?? ""})`)) : [el("li", {}, "No deals yet.")]));
    } catch (e) { list.replaceChildren(el("li", { class: "error" }, e.message)); }
  };
  main.replaceChildren(el("h1", {}, "Deals played"), el("form", { onsubmit: (e) => { e.preventDefault(); load(); } }, q, " ",
    el("button", { type: "submit" }, "Search")), list);
  load();
}
async function showReview(tableId, index) {
  document.title = "Redouble: review";
  try {
    const full = await api(`/api/review/${tableId}/${index}`, null, myLinks()[tableId]);
    S.replay = 0;
    const draw = () => main.replaceChildren(el("h1", {}, `Board ${full.number}: ${contractText(full.contract)}`),
      el("div", { class: "layout" }, reviewNode(tableId, full, full, draw), auctionPanel(full)));
    draw();
  } catch (e) { main.replaceChildren(el("p", { class: "error" }, e.message)); }
}

// --- keyboard ---------------------------------------------------------------------------------------------
// In the play: a suit letter (s h d c) then a rank (2-9, t, j, q, k, a) plays that card. In the auction:
// a level then a strain (1 n, 4 s) bids, p passes, x doubles or redoubles. ? asks for a hint.
document.addEventListener("keydown", (ev) => {
  if (!S.state || !location.hash.startsWith("#/t/")) return;
  if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const b = S.state.board;
  const k = ev.key.toLowerCase();
  if (k === "?") { send({ type: "hint" }); return; }
  if (!b || !b.to_act) return;
  if (b.phase === "auction") {
    if (k === "p") return act({ type: "call", call: "Pass" }, "pass");
    if (k === "x") { const c = b.legal.includes("XX") ? "XX" : "X"; if (b.legal.includes(c)) act({ type: "call", call: c }, callLabel(c)); return; }
    if (/^[1-7]$/.test(k)) { S.keys = k; return; }
    if (S.keys && /^[cdhsn]$/.test(k)) {
      const c = S.keys + (k === "n" ? "NT" : k.toUpperCase()); S.keys = "";
      if (b.legal.includes(c)) act({ type: "call", call: c }, callLabel(c)); else { S.error = `${callText(c)} is not a legal call now.`; renderTable(); }
    }
  } else if (b.phase === "play") {
    if (/^[shdc]$/.test(k) && !S.keys) { S.keys = k.toUpperCase(); return; }
    if (S.keys && /^[2-9tjqka]$/.test(k)) {
      const c = S.keys + k.toUpperCase(); S.keys = "";
      if (b.legal.includes(c)) act({ type: "card", card: c }, `play ${cardLabel(c)}`);
      else { S.error = `${cardLabel(c)} cannot be played now.`; renderTable(); }
      return;
    }
    S.keys = "";
  }
});

route();
