// The editor's input and output (ARCHITECTURE.md "The problem editor"): the editor's state as one
// SGF game tree in the form the sets API reads (web::sets: POST/PUT /api/sets/{id}/problems with
// {"sgf"}), comments in two languages, and the API calls.

/** A comment as {zh, en}: lines with Chinese characters are Chinese, the others English. */
export function splitComment(text) {
  const zh = [], en = [];
  for (const line of (text || "").split("\n")) {
    if (!line.trim()) continue;
    (/[\u4e00-\u9fff]/.test(line) ? zh : en).push(line.trim());
  }
  return { zh: zh.join(" "), en: en.join(" ") };
}

export function joinComment(zh, en) {
  return [zh, en].map((s) => (s || "").trim()).filter((s) => s).join("\n");
}

function esc(text) { return text.replace(/\\/g, "\\\\").replace(/]/g, "\\]"); }

function prop(name, value) { return value ? `${name}[${esc(value)}]` : ""; }

function points(name, list) {
  return list.length ? name + list.map((p) => `[${p}]`).join("") : "";
}

function nodeText(n) {
  const mark = n.mark === "correct" ? "TE[1]" : n.mark === "wrong" ? "BM[1]" : "";
  return `;${n.color}[${n.mv}]${mark}${prop("C", joinComment(n.zh, n.en))}`;
}

function lines(tree, id) {
  let out = nodeText(tree[id]);
  const kids = tree[id].children;
  if (kids.length === 1) out += lines(tree, kids[0]);
  else for (const c of kids) out += `(${lines(tree, c)})`;
  return out;
}

/**
 * The SGF of the editor's state: size, side to play, the kind's word first in the title (the
 * importer reads the kind from the title and question), the question in both languages, the
 * crop as VW (left out for the whole board), the setup stones, then the lines with TE/BM marks.
 */
export function toSgf(s, kindWord) {
  const [x0, y0, x1, y1] = s.crop;
  const whole = x0 === 0 && y0 === 0 && x1 === s.size - 1 && y1 === s.size - 1;
  const black = [...s.setup].filter(([, c]) => c === "B").map(([p]) => p).sort();
  const white = [...s.setup].filter(([, c]) => c === "W").map(([p]) => p).sort();
  const title = [kindWord, s.title.trim()].filter((t) => t).join(" · ");
  const corner = (x, y) => String.fromCharCode(97 + x, 97 + y);
  let root = `;GM[1]FF[4]CA[UTF-8]SZ[${s.size}]PL[${s.toPlay}]`;
  root += prop("GN", title) + prop("C", joinComment(s.questionZh, s.questionEn));
  if (!whole) root += `VW[${corner(x0, y0)}:${corner(x1, y1)}]`;
  root += points("AB", black) + points("AW", white);
  const kids = s.tree[0].children;
  let body = "";
  if (kids.length === 1) body = lines(s.tree, kids[0]);
  else for (const c of kids) body += `(${lines(s.tree, c)})`;
  return `(${root}${body})`;
}

async function send(method, url, body) {
  const r = await fetch(url, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  });
  const json = await r.json().catch(() => null);
  if (!r.ok) throw new Error((json && json.error && json.error.message) || `HTTP ${r.status}`);
  return json;
}

/** Saves the problem (a new one, or a new version of `problemId`): {id, version, check}. */
export function save(setId, problemId, sgf) {
  return problemId
    ? send("PUT", `/api/sets/${setId}/problems/${problemId}`, { sgf })
    : send("POST", `/api/sets/${setId}/problems`, { sgf });
}

/** The kind the server read for problem `id` of the set. */
export async function savedKind(setId, id) {
  const set = await send("GET", `/api/sets/${setId}`);
  const p = set.problems.find((x) => x.id === id);
  return p ? p.kind : null;
}
