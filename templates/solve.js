// sente solve page: sends the child's moves to the API and redraws the board from the positions
// it answers with (the rules live on the server only). No framework, no build step.
const root = document.getElementById("solve");
const board = document.getElementById("board");
const NS = "http://www.w3.org/2000/svg";
const problemId = root.dataset.problem;
let attemptId = null;
let busy = false;
let done = false;
let hintLevel = 0;
let soundOn = localStorage.getItem("sente-sound") !== "off";
// Spoken prompts (speak.js, loaded before this module): the task on opening, the verdict after
// an answer; silent without a voice or with the sound switched off.
const speak = window.senteSpeak || (() => false);

async function api(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  let json = null;
  try { json = await res.json(); } catch (_) { /* not JSON */ }
  return { status: res.status, json };
}

function drawStones(position) {
  const layer = board.querySelector("#stones");
  layer.replaceChildren();
  for (const [color, points] of [["b", position.black], ["w", position.white]]) {
    for (const p of points) {
      const x = p.charCodeAt(0) - 97, y = p.charCodeAt(1) - 97;
      const c = document.createElementNS(NS, "circle");
      c.setAttribute("class", "stone " + color);
      c.setAttribute("data-p", p);
      c.setAttribute("cx", x); c.setAttribute("cy", y); c.setAttribute("r", "0.47");
      c.setAttribute("fill", color === "b" ? "url(#gb)" : "url(#gw)");
      layer.appendChild(c);
    }
  }
}

function clearMarks() { board.querySelector("#marks").replaceChildren(); }

function mark(p, cls) {
  const x = p.charCodeAt(0) - 97, y = p.charCodeAt(1) - 97;
  const el = document.createElementNS(NS, cls === "area" ? "rect" : "circle");
  el.setAttribute("class", cls);
  if (cls === "area") {
    el.setAttribute("x", x - 0.5); el.setAttribute("y", y - 0.5);
    el.setAttribute("width", 1); el.setAttribute("height", 1);
  } else {
    el.setAttribute("cx", x); el.setAttribute("cy", y); el.setAttribute("r", cls === "last" ? 0.2 : 0.35);
  }
  board.querySelector("#marks").appendChild(el);
}

function chime(ok) {
  if (!soundOn) return;
  try {
    const ctx = new (window.AudioContext || window.webkitAudioContext)();
    const notes = ok ? [523, 659, 784] : [330, 262];
    notes.forEach((f, i) => {
      const o = ctx.createOscillator(), g = ctx.createGain();
      o.frequency.value = f; o.type = "sine";
      g.gain.setValueAtTime(0.2, ctx.currentTime + i * 0.15);
      g.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + i * 0.15 + 0.3);
      o.connect(g).connect(ctx.destination);
      o.start(ctx.currentTime + i * 0.15); o.stop(ctx.currentTime + i * 0.15 + 0.3);
    });
  } catch (_) { /* no audio: the picture says it all */ }
}

function feedback(kind, text) {
  const box = document.getElementById("feedback");
  box.className = "feedback " + kind;
  document.getElementById("feedback-mark").textContent = kind === "solved" ? "✓" : kind === "wrong" ? "✗" : "⊘";
  document.getElementById("feedback-text").textContent = text;
  box.hidden = false;
  root.dataset.state = kind;
  if (kind === "illegal") setTimeout(() => { box.hidden = true; root.dataset.state = "playing"; }, 900);
}

// After the chime, so that the two do not talk over each other.
function speakLater(text) { setTimeout(() => speak(text), soundOn ? 500 : 0); }

function say(text) { document.getElementById("comment").textContent = text || ""; }

async function start() {
  const r = await api("POST", `/api/problems/${problemId}/attempts${root.dataset.attemptQuery || ""}`);
  attemptId = r.json && r.json.attempt_id;
  root.dataset.state = "playing";
  root.dataset.attempt = attemptId;
}

async function play(p) {
  if (busy || done || attemptId === null) return;
  busy = true;
  clearMarks();
  const r = await api("POST", `/api/attempts/${attemptId}/moves`, { move: p });
  if (r.status === 422) {
    feedback("illegal", root.dataset.illegal);
    busy = false;
    return;
  }
  if (r.status !== 200) { busy = false; say(r.json && r.json.error ? r.json.error.message : ""); return; }
  const m = r.json;
  drawStones(m.after_move);
  mark(p, "last");
  say(m.comment);
  await new Promise((ok) => setTimeout(ok, m.reply ? 450 : 0));
  drawStones(m.position);
  if (m.reply) { clearMarks(); mark(m.reply, "last"); }
  if (m.result === "solved") { done = true; feedback("solved", root.dataset.solved); chime(true); speakLater(root.dataset.sayRight); }
  else if (m.result === "wrong") { done = true; feedback("wrong", root.dataset.wrong); chime(false); speakLater(root.dataset.sayWrong); }
  busy = false;
}

board.addEventListener("click", (e) => {
  const t = e.target.closest(".pt");
  if (t) play(t.dataset.p);
});

document.getElementById("retry").addEventListener("click", () => location.reload());

document.getElementById("hint").addEventListener("click", async () => {
  if (done || attemptId === null) return;
  const r = await api("POST", `/api/attempts/${attemptId}/hint`);
  if (r.status !== 200) return;
  clearMarks();
  hintLevel += 1;
  // First the area to look at, then the move itself.
  if (hintLevel === 1 || !r.json.move) r.json.area.forEach((p) => mark(p, "area"));
  else mark(r.json.move, "mark");
});

document.getElementById("solution").addEventListener("click", async () => {
  // During an attempt the solution is revealed with a POST (it is logged and unrates the attempt).
  const r = attemptId !== null
    ? await api("POST", `/api/attempts/${attemptId}/solution`)
    : await api("GET", `/api/problems/${problemId}/solution`);
  if (r.status !== 200) return;
  done = true;
  clearMarks();
  for (const step of r.json.steps) {
    drawStones(step.position);
    clearMarks();
    mark(step.move, "last");
    say(step.comment);
    await new Promise((ok) => setTimeout(ok, 900));
  }
});

const soundButton = document.getElementById("sound");
soundButton.setAttribute("aria-pressed", String(soundOn));
soundButton.addEventListener("click", () => {
  soundOn = !soundOn;
  localStorage.setItem("sente-sound", soundOn ? "on" : "off");
  soundButton.setAttribute("aria-pressed", String(soundOn));
  if (!soundOn && window.speechSynthesis) window.speechSynthesis.cancel();
});

// The speaker button says the task again (browsers may not speak before the first tap).
const sayTask = document.getElementById("say-task");
if (window.speechSynthesis) {
  sayTask.hidden = false;
  sayTask.addEventListener("click", () => speak(root.dataset.task));
}
speak(root.dataset.task);

start();
