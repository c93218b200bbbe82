// Games (issue #13): the start/join forms of /games and the live board of /games/{id}.
// The board is drawn from the server's view of the game (GET /api/games/{id}); moves go to
// POST /api/games/{id}/moves; a game on two devices follows /api/games/{id}/events (server-sent
// events), which sends the stored game first, so a reload or a lost connection resumes.

const SVG = "http://www.w3.org/2000/svg";

async function call(method, url, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["content-type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const r = await fetch(url, opts);
  const json = await r.json().catch(() => null);
  return { ok: r.ok, status: r.status, json };
}

function showError(el, reply) {
  el.hidden = false;
  el.textContent = (reply.json && reply.json.error && reply.json.error.message) || String(reply.status);
}

function setupForms() {
  const form = document.getElementById("new-game");
  const kind = document.getElementById("kind");
  const mode = document.getElementById("mode");
  const sync = () => {
    const capture = kind.value === "capture";
    document.getElementById("target-label").hidden = !capture;
    document.getElementById("handicap-label").hidden = capture;
    document.getElementById("level-label").hidden = mode.value !== "computer";
    const partner = document.getElementById("partner-label");
    if (partner) partner.hidden = mode.value !== "one_device";
    const size = document.getElementById("size");
    for (const o of size.options) {
      const n = Number(o.value);
      o.disabled = capture ? n > 9 : n < 9;
    }
    if (size.selectedOptions[0].disabled) size.value = capture ? "7" : "9";
  };
  kind.addEventListener("change", sync);
  mode.addEventListener("change", sync);
  sync();
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const capture = kind.value === "capture";
    const body = {
      kind: kind.value,
      size: Number(document.getElementById("size").value),
      target: Number(document.getElementById(capture ? "target" : "handicap").value),
      mode: mode.value,
      color: document.getElementById("color").value,
    };
    if (mode.value === "computer") body.level = Number(document.getElementById("level").value);
    const partner = document.getElementById("partner");
    if (mode.value === "one_device" && partner && partner.value) body.partner = Number(partner.value);
    const r = await call("POST", "/api/games", body);
    if (r.ok) location.href = "/games/" + r.json.id;
    else showError(document.getElementById("start-error"), r);
  });
  document.getElementById("join-game").addEventListener("submit", async (e) => {
    e.preventDefault();
    const r = await call("POST", "/api/games/join", { code: document.getElementById("join-code").value });
    if (r.ok) location.href = "/games/" + r.json.id;
    else showError(document.getElementById("join-error"), r);
  });
}

function el(name, attrs) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

const LETTERS = "abcdefghijklmnopqrs";
const pointName = (x, y) => LETTERS[x] + LETTERS[y];

function stars(n) {
  if (n === 5) return [[2, 2]];
  if (n === 7) return [[3, 3]];
  const e = n >= 13 ? 3 : 2;
  const m = (n - 1) / 2;
  return [[e, e], [n - 1 - e, e], [e, n - 1 - e], [n - 1 - e, n - 1 - e], [m, m]];
}

function drawBoard(view, showAtari) {
  const n = view.size;
  const svg = el("svg", { viewBox: `-0.75 -0.75 ${n + 0.5} ${n + 0.5}`, id: "board", role: "img" });
  svg.appendChild(el("rect", { x: -0.75, y: -0.75, width: n + 0.5, height: n + 0.5, fill: "#e8bf6a", rx: 0.2 }));
  for (let i = 0; i < n; i++) {
    svg.appendChild(el("line", { x1: 0, y1: i, x2: n - 1, y2: i, stroke: "#3a2a10", "stroke-width": 0.04 }));
    svg.appendChild(el("line", { x1: i, y1: 0, x2: i, y2: n - 1, stroke: "#3a2a10", "stroke-width": 0.04 }));
  }
  for (const [x, y] of stars(n)) svg.appendChild(el("circle", { cx: x, cy: y, r: 0.1, fill: "#3a2a10" }));
  const atari = new Set(showAtari ? view.atari : []);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const c = view.board[y][x];
      const p = pointName(x, y);
      if (c === "X" || c === "O") {
        const black = c === "X";
        svg.appendChild(el("circle", {
          cx: x, cy: y, r: 0.46, fill: black ? "#111" : "#fafafa",
          stroke: black ? "#000" : "#777", "stroke-width": 0.04, class: "stone " + (black ? "black" : "white"), "data-stone": p,
        }));
        if (atari.has(p)) {
          svg.appendChild(el("circle", { cx: x, cy: y, r: 0.5, fill: "none", stroke: "#e74c3c", "stroke-width": 0.09, "stroke-dasharray": "0.15 0.1", class: "atari" }));
        }
        if (view.last === p) {
          svg.appendChild(el("circle", { cx: x, cy: y, r: 0.18, fill: black ? "#fafafa" : "#111", id: "last-move" }));
        }
      }
      svg.appendChild(el("rect", { x: x - 0.5, y: y - 0.5, width: 1, height: 1, fill: "transparent", "data-p": p, class: "pt" }));
    }
  }
  return svg;
}

function setupGame(root) {
  const id = root.dataset.game;
  const d = root.dataset;
  const wrap = document.getElementById("board-wrap");
  const status = document.getElementById("status");
  const atariBox = document.getElementById("show-atari");
  let view = null;
  let busy = false;

  const endText = (v) => {
    const r = v.result;
    if (r.reason === "ended") return ["■", d.ended];
    const mine = v.you.length === 1;
    let text;
    let mark;
    if (r.winner === null) { text = d.draw; mark = "🤝"; }
    else if (mine && v.you[0] === r.winner) { text = d.youWon; mark = "🎉🏆🎉"; }
    else if (mine) { text = d.youLost; mark = "🌱"; }
    else { text = r.winner === "B" ? d.blackWon : d.whiteWon; mark = "🎉"; }
    if (r.reason === "resignation") text += " (" + d.byResignation + ")";
    if (r.reason === "score") text += " (" + r.margin + " " + d.byPoints + ")";
    return [mark, text];
  };

  const render = (v) => {
    if (view && v.version < view.version) return;
    view = v;
    wrap.replaceChildren(drawBoard(v, atariBox.checked));
    wrap.classList.toggle("turned", v.mode === "one_device" && v.to_move === "W" && !v.result);
    document.getElementById("captures").textContent =
      `${d.captured}: ${d.black} ${v.captures_black} · ${d.white} ${v.captures_white}` +
      (v.mode === "computer" && v.undos ? ` · ${d.undos}: ${v.undos}` : "");
    document.getElementById("undo").hidden = v.mode !== "computer";
    const over = !!v.result;
    for (const b of ["pass", "undo", "resign", "end"]) document.getElementById(b).disabled = over || v.state !== "playing";
    document.getElementById("end").disabled = over;
    const endScreen = document.getElementById("end-screen");
    endScreen.hidden = !over;
    if (over) {
      const [mark, text] = endText(v);
      document.getElementById("end-mark").textContent = mark;
      document.getElementById("end-text").textContent = text;
      status.textContent = text;
    } else if (v.state === "waiting") {
      status.textContent = d.waiting + " " + (v.code || "");
    } else {
      const color = v.to_move === "B" ? d.black : d.white;
      const stone = v.to_move === "B" ? "●" : "○";
      status.textContent = `${stone} ${color} · ` + (v.your_turn ? d.yourTurn : d.theirTurn);
    }
    status.dataset.toMove = v.to_move;
  };

  const act = async (url, body) => {
    if (busy) return;
    busy = true;
    if (view && view.mode === "computer") status.textContent = d.thinking;
    const r = await call("POST", url, body);
    busy = false;
    if (r.ok) render(r.json);
    else {
      status.textContent = r.status === 422 ? d.illegal : ((r.json && r.json.error && r.json.error.message) || r.status);
      if (r.status === 409) load();
    }
  };

  const load = async () => {
    const r = await call("GET", `/api/games/${id}`);
    if (r.ok) render(r.json);
  };

  wrap.addEventListener("click", (e) => {
    const t = e.target.closest("[data-p]");
    if (!t || !view || !view.your_turn || view.result) return;
    act(`/api/games/${id}/moves`, { move: t.dataset.p });
  });
  document.getElementById("pass").addEventListener("click", () => act(`/api/games/${id}/moves`, { move: "pass" }));
  document.getElementById("undo").addEventListener("click", () => act(`/api/games/${id}/undo`));
  document.getElementById("resign").addEventListener("click", () => act(`/api/games/${id}/resign`));
  document.getElementById("end").addEventListener("click", () => act(`/api/games/${id}/end`));
  atariBox.addEventListener("change", () => view && render(view));

  load().then(() => {
    if (!view || view.mode !== "two_devices" || view.result) return;
    const source = new EventSource(`/api/games/${id}/events`);
    source.addEventListener("game", (e) => {
      render(JSON.parse(e.data));
      if (view.result) source.close();
    });
    source.addEventListener("error", () => { if (!view.result) status.textContent = d.reconnecting; });
  });
}

const gameRoot = document.getElementById("game");
if (gameRoot) setupGame(gameRoot);
else if (document.getElementById("new-game")) setupForms();
