// The teacher's set page (ARCHITECTURE.md "The problem editor"): saves the set's name,
// description and visibility, moves problems up and down, deletes them or the set, and uploads
// files to the import API, showing its report per problem. Everything goes through the sets API.

const page = document.getElementById("teach-set");
const id = page.dataset.set;
const $ = (x) => document.getElementById(x);
const REPORT = "sente-import-report";

function status(text, bad) {
  $("status").textContent = text;
  $("status").classList.toggle("error-note", !!bad);
}

async function call(method, url, body) {
  const r = await fetch(url, {
    method,
    credentials: "same-origin",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = r.status === 204 ? null : await r.json().catch(() => null);
  if (!r.ok) throw new Error((json && json.error && json.error.message) || `HTTP ${r.status}`);
  return json;
}

/** The set as last saved, with `order` when given: the API takes the whole set each time. */
function saved(order) {
  const body = { name: page.dataset.name, description: page.dataset.description, visibility: page.dataset.visibility };
  if (order) body.order = order;
  return body;
}

async function saveDetails() {
  const body = { name: $("set-name").value, description: $("set-description").value, visibility: $("set-visibility").value };
  try {
    const set = await call("PUT", `/api/sets/${id}`, body);
    page.dataset.name = set.name;
    page.dataset.description = set.description || "";
    page.dataset.visibility = set.visibility;
    $("set-title").textContent = set.name;
    status(page.dataset.saved);
  } catch (e) { status(e.message, true); }
}

function rows() { return [...document.querySelectorAll("#problems .ed-problem")]; }

function renumber() { rows().forEach((li, i) => { li.querySelector(".ed-number").textContent = i + 1; }); }

async function move(li, step) {
  const list = rows();
  const at = list.indexOf(li), to = at + step;
  if (to < 0 || to >= list.length) return;
  const order = list.map((r) => Number(r.dataset.id));
  [order[at], order[to]] = [order[to], order[at]];
  try {
    await call("PUT", `/api/sets/${id}`, saved(order));
    if (step < 0) list[to].before(li); else list[to].after(li);
    renumber();
  } catch (e) { status(e.message, true); }
}

async function del(li) {
  if (!confirm(page.dataset.confirmDelete)) return;
  try {
    await call("DELETE", `/api/sets/${id}/problems/${li.dataset.id}`);
    li.remove();
    renumber();
  } catch (e) { status(e.message, true); }
}

function showReport(r) {
  const box = $("upload-report");
  const line = (cls, text) => { const p = document.createElement("li"); p.className = cls; p.textContent = text; return p; };
  const list = document.createElement("ul");
  list.append(line("ed-imported", `${page.dataset.imported}: ${r.imported}`));
  for (const w of r.warnings) list.append(line("ed-warning", `${page.dataset.warnings}: ${w}`));
  for (const x of r.rejected) list.append(line("ed-rejected", `${page.dataset.rejected}: ${x.file} #${x.index + 1} — ${x.reason}`));
  box.replaceChildren(list);
}

async function upload() {
  const files = $("upload-files").files;
  if (!files.length) return;
  const form = new FormData();
  for (const f of files) form.append("files", f, f.name);
  try {
    const r = await fetch(`/api/sets/${id}/import`, { method: "POST", body: form, credentials: "same-origin" });
    const json = await r.json().catch(() => null);
    if (!r.ok) throw new Error((json && json.error && json.error.message) || `HTTP ${r.status}`);
    // The list is drawn by the server: keep the report across the reload that shows the new problems.
    sessionStorage.setItem(REPORT, JSON.stringify(json));
    location.reload();
  } catch (e) { status(e.message, true); }
}

async function deleteSet() {
  if (!confirm(page.dataset.confirmDeleteSet)) return;
  try {
    await call("DELETE", `/api/sets/${id}`);
    location.href = "/teach";
  } catch (e) { status(e.message, true); }
}

$("save-set").addEventListener("click", saveDetails);
for (const li of rows()) {
  li.querySelector(".ed-up").addEventListener("click", () => move(li, -1));
  li.querySelector(".ed-down").addEventListener("click", () => move(li, 1));
  li.querySelector(".ed-delete").addEventListener("click", () => del(li));
}
$("upload-send").addEventListener("click", upload);
$("delete-set").addEventListener("click", deleteSet);
const kept = sessionStorage.getItem(REPORT);
if (kept) {
  sessionStorage.removeItem(REPORT);
  showReport(JSON.parse(kept));
}
