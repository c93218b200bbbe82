// The problem editor (ARCHITECTURE.md "The problem editor"): set up the position, record the
// solution tree by playing, save through the sets API and show the check. The board, the tree
// and the SGF/API live in their own modules; this one keeps the state and wires the page.

import { draw, listen, play, xy } from "/static/editor/board.js";
import { child, fromNodes, nextColor, path, remove, render } from "/static/editor/tree.js";
import { save, savedKind, splitComment, toSgf } from "/static/editor/io.js";

const root = document.getElementById("editor");
const words = JSON.parse(root.dataset.words);
const kindWords = JSON.parse(root.dataset.kindWords);
const $ = (id) => document.getElementById(id);
const setId = root.dataset.set;

function initial() {
  const st = root.dataset.state ? JSON.parse(root.dataset.state) : null;
  const size = st ? st.size : 9;
  const setup = new Map();
  if (st) {
    for (const p of st.black) setup.set(p, "B");
    for (const p of st.white) setup.set(p, "W");
  }
  const q = splitComment(st ? st.comment : "");
  return {
    size, setup,
    toPlay: st ? st.to_play : "B",
    kind: st ? st.kind : "capture",
    crop: st ? st.crop : [0, 0, size - 1, size - 1],
    title: (st && st.name) || "",
    questionZh: q.zh, questionEn: q.en,
    tree: fromNodes(st ? st.nodes : null, splitComment),
    current: 0,
  };
}

let s = initial();
let mode = "setup", tool = "black", cropStart = null, suggestions = [];
let problemId = root.dataset.problem ? Number(root.dataset.problem) : null;
let dirty = false;
const undoStack = [];

function snapshot() {
  undoStack.push(JSON.stringify({ ...s, setup: [...s.setup] }));
  if (undoStack.length > 200) undoStack.shift();
  dirty = true;
  $("test-solve").hidden = true;
}

function undo() {
  const last = undoStack.pop();
  if (!last) return;
  const o = JSON.parse(last);
  s = { ...o, setup: new Map(o.setup) };
  fillFields();
  redraw();
}

/** The stones after the moves from the start to the current node. */
function position() {
  let stones = new Map(s.setup), last = null;
  for (const id of path(s.tree, s.current).slice(1)) {
    const n = s.tree[id];
    if (!n.mv) continue;
    const r = play(stones, s.size, n.color, n.mv);
    stones = r.stones || new Map([...stones, [n.mv, n.color]]);
    last = n.mv;
  }
  return { stones, last };
}

function marks() {
  const out = [];
  if (mode === "record") {
    for (const c of s.tree[s.current].children) {
      const n = s.tree[c];
      if (n.mv) out.push({ p: n.mv, kind: n.mark || "child", text: n.mark === "correct" ? "✓" : n.mark === "wrong" ? "✗" : "" });
    }
  }
  if (s.current === 0) for (const m of suggestions) out.push({ p: m, kind: "suggest", text: "+" });
  if (cropStart) out.push({ p: cropStart, kind: "corner", text: "" });
  return out;
}

function redraw() {
  const { stones, last } = position();
  draw($("ed-board"), { size: s.size, stones, crop: s.crop, last: mode === "record" ? last : null, marks: marks() });
  $("ed-board").dataset.current = s.current;
  render($("tree"), s.tree, s.current, words, (id) => { s.current = id; redraw(); });
  const n = s.tree[s.current];
  for (const [id, key] of [["comment-zh", "zh"], ["comment-en", "en"]]) {
    $(id).value = n[key];
    $(id).disabled = s.current === 0;
  }
}

function fillFields() {
  $("size").value = s.size;
  $("to-play").value = s.toPlay;
  $("kind").value = s.kind;
  $("title").value = s.title;
  $("question-zh").value = s.questionZh;
  $("question-en").value = s.questionEn;
}

function say(text) { $("hint-line").textContent = text || ""; }

function setupTap(p) {
  if (tool === "crop") {
    if (!cropStart) { cropStart = p; say(words.hint_crop); redraw(); return; }
    const [ax, ay] = xy(cropStart), [bx, by] = xy(p);
    snapshot();
    s.crop = [Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)];
    cropStart = null;
  } else {
    snapshot();
    const colour = tool === "black" ? "B" : tool === "white" ? "W" : null;
    if (!colour || s.setup.get(p) === colour) s.setup.delete(p);
    else s.setup.set(p, colour);
  }
  redraw();
}

function addSuggestion(p) {
  snapshot();
  const id = child(s.tree, 0, s.toPlay, p);
  for (const d of descendants(id)) s.tree[d].mark = null;
  s.tree[id].mark = "correct";
  suggestions = suggestions.filter((m) => m !== p);
  s.current = id;
  redraw();
  showSuggestions();
}

function descendants(id) {
  const out = [];
  const todo = [...s.tree[id].children];
  while (todo.length) { const d = todo.pop(); out.push(d); todo.push(...s.tree[d].children); }
  return out;
}

function recordTap(p) {
  if (s.current === 0 && suggestions.includes(p)) { addSuggestion(p); return; }
  const colour = nextColor(s.tree, s.current, s.toPlay);
  const existing = s.tree[s.current].children.find((c) => s.tree[c].mv === p);
  if (existing !== undefined) { s.current = existing; redraw(); return; }
  const r = play(position().stones, s.size, colour, p);
  if (r.error) { say(words["illegal_" + r.error]); return; }
  snapshot();
  s.current = child(s.tree, s.current, colour, p);
  say(words.hint_record);
  redraw();
}

function setMode(m) {
  mode = m;
  cropStart = null;
  $("mode-setup").setAttribute("aria-pressed", m === "setup");
  $("mode-record").setAttribute("aria-pressed", m === "record");
  $("setup-panel").hidden = m !== "setup";
  $("record-panel").hidden = m !== "record";
  say(m === "setup" ? words.hint_setup : words.hint_record);
  if (m === "setup") s.current = 0;
  redraw();
}

function changeSize(size) {
  snapshot();
  const inside = (p) => { const [x, y] = xy(p); return x < size && y < size; };
  s.size = size;
  s.setup = new Map([...s.setup].filter(([p]) => inside(p)));
  s.crop = [0, 0, size - 1, size - 1];
  let i = s.tree.findIndex((n, k) => k > 0 && n.mv && !inside(n.mv));
  while (i > 0) {
    s.tree = remove(s.tree, i).tree;
    i = s.tree.findIndex((n, k) => k > 0 && n.mv && !inside(n.mv));
  }
  s.current = 0;
  redraw();
}

function changeToPlay(colour) {
  snapshot();
  if (colour !== s.toPlay) for (const n of s.tree) if (n.color) n.color = n.color === "B" ? "W" : "B";
  s.toPlay = colour;
  redraw();
}

function mark(m) {
  if (s.current === 0) return;
  snapshot();
  s.tree[s.current].mark = m;
  redraw();
}

function showSuggestions() {
  const box = $("suggestions");
  box.replaceChildren(...suggestions.map((m) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "ed-suggest";
    b.dataset.move = m;
    b.textContent = words.add_suggestion.replace("{m}", m);
    b.addEventListener("click", () => { if (mode !== "record") setMode("record"); addSuggestion(m); });
    return b;
  }));
}

function showCheck(saved) {
  const c = saved.check;
  $("check").hidden = false;
  $("check").dataset.status = c.status;
  $("saved-note").textContent = words.saved_version.replace("{n}", saved.version);
  $("check-status").textContent = words["status_" + c.status] || c.status;
  $("check-goal").textContent = c.goal ? words.goal + c.goal : "";
  const list = $("findings");
  list.replaceChildren(...c.findings.map((f) => {
    const li = document.createElement("li");
    li.dataset.code = f.code;
    li.textContent = (words["f_" + f.code] || f.code) + (f.move ? ` (${f.move})` : "") + " — " + f.message;
    return li;
  }));
  if (!c.findings.length) {
    const li = document.createElement("li");
    li.textContent = words.no_findings;
    list.append(li);
  }
  const proven = new Set(c.solver_correct);
  suggestions = c.findings
    .filter((f) => (f.code === "missed_correct" || f.code === "marked_wrong_but_correct") && f.move && proven.has(f.move))
    .map((f) => f.move);
  showSuggestions();
}

async function onSave() {
  if (!s.setup.size) { say(words.need_stones); return; }
  const sgf = toSgf(s, kindWords[s.kind] || "");
  $("save").disabled = true;
  say(words.saving);
  try {
    const saved = await save(setId, problemId, sgf);
    problemId = saved.id;
    dirty = false;
    history.replaceState(null, "", `/teach/sets/${setId}/problems/${saved.id}/edit`);
    showCheck(saved);
    $("version-label").textContent = words.saved_version.replace("{n}", saved.version);
    $("test-solve").href = `/problems/${saved.id}`;
    $("test-solve").hidden = false;
    say("");
    const kind = await savedKind(setId, saved.id).catch(() => null);
    if (kind) $("check-goal").textContent += ` · ${words.kind_read_as}${$("kind").querySelector(`option[value="${kind}"]`)?.textContent || kind}`;
  } catch (e) {
    $("check").hidden = false;
    $("check").dataset.status = "error";
    $("check-status").textContent = e.message;
    say(e.message);
  } finally {
    $("save").disabled = false;
  }
}

listen($("ed-board"), (p) => (mode === "setup" ? setupTap(p) : recordTap(p)));
$("mode-setup").addEventListener("click", () => setMode("setup"));
$("mode-record").addEventListener("click", () => setMode("record"));
for (const b of document.querySelectorAll(".ed-tool")) {
  b.addEventListener("click", () => {
    tool = b.dataset.tool;
    cropStart = null;
    for (const o of document.querySelectorAll(".ed-tool")) o.setAttribute("aria-pressed", o === b);
    say(tool === "crop" ? words.hint_crop : words.hint_setup);
    redraw();
  });
}
$("crop-whole").addEventListener("click", () => { snapshot(); s.crop = [0, 0, s.size - 1, s.size - 1]; redraw(); });
$("size").addEventListener("change", (e) => changeSize(Number(e.target.value)));
$("to-play").addEventListener("change", (e) => changeToPlay(e.target.value));
for (const [id, key] of [["kind", "kind"], ["title", "title"], ["question-zh", "questionZh"], ["question-en", "questionEn"]]) {
  $(id).addEventListener("change", (e) => { snapshot(); s[key] = e.target.value; });
}
for (const [id, key] of [["comment-zh", "zh"], ["comment-en", "en"]]) {
  $(id).addEventListener("input", (e) => { if (s.current) { s.tree[s.current][key] = e.target.value; dirty = true; } });
}
$("mark-correct").addEventListener("click", () => mark("correct"));
$("mark-wrong").addEventListener("click", () => mark("wrong"));
$("mark-none").addEventListener("click", () => mark(null));
$("to-start").addEventListener("click", () => { s.current = 0; redraw(); });
$("delete-node").addEventListener("click", () => {
  if (!s.current) return;
  snapshot();
  const r = remove(s.tree, s.current);
  s.tree = r.tree;
  s.current = r.parent;
  redraw();
});
$("undo").addEventListener("click", undo);
if ($("save")) $("save").addEventListener("click", onSave);
window.addEventListener("beforeunload", (e) => { if (dirty) e.preventDefault(); });
if (problemId) { $("test-solve").href = `/problems/${problemId}`; $("test-solve").hidden = false; }
fillFields();
setMode("setup");
