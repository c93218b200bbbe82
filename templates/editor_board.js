// The editor's board (ARCHITECTURE.md "The problem editor"): draws a position as SVG with one
// tap target per intersection, the crop shown to children, marks on points, and plays a move
// with its captures so a recorded line looks right. The server's check on save is the judge of
// legality; this only keeps the drawing honest while the teacher records.

const NS = "http://www.w3.org/2000/svg";

export function pt(x, y) { return String.fromCharCode(97 + x) + String.fromCharCode(97 + y); }
export function xy(p) { return [p.charCodeAt(0) - 97, p.charCodeAt(1) - 97]; }

function el(name, attrs) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

function neighbours(p, size) {
  const [x, y] = xy(p);
  return [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]]
    .filter(([a, b]) => a >= 0 && b >= 0 && a < size && b < size)
    .map(([a, b]) => pt(a, b));
}

/** The chain at `p` and whether it has a liberty. */
function chain(stones, size, p) {
  const colour = stones.get(p);
  const seen = new Set([p]);
  const todo = [p];
  let free = false;
  while (todo.length) {
    for (const q of neighbours(todo.pop(), size)) {
      const c = stones.get(q);
      if (!c) free = true;
      else if (c === colour && !seen.has(q)) { seen.add(q); todo.push(q); }
    }
  }
  return { points: seen, free };
}

/** Plays `colour` at `p` on a copy of `stones`: {stones} or {error: "occupied" | "suicide"}. */
export function play(stones, size, colour, p) {
  if (stones.has(p)) return { error: "occupied" };
  const next = new Map(stones);
  next.set(p, colour);
  for (const q of neighbours(p, size)) {
    if (next.get(q) && next.get(q) !== colour) {
      const c = chain(next, size, q);
      if (!c.free) for (const s of c.points) next.delete(s);
    }
  }
  if (!chain(next, size, p).free) return { error: "suicide" };
  return { stones: next };
}

function starPoints(size) {
  const lines = size === 19 ? [3, 9, 15] : size === 13 ? [3, 6, 9] : size === 9 ? [2, 4, 6]
    : size >= 7 && size % 2 === 1 ? [(size - 1) / 2] : [];
  const out = [];
  for (const y of lines) for (const x of lines) {
    if (size === 9 && (x === 4) !== (y === 4)) continue;
    out.push([x, y]);
  }
  return out;
}

/**
 * Draws the board into `svg`: `view` is {size, stones: Map point → "B"|"W", crop: [x0,y0,x1,y1],
 * last, marks: [{p, kind: "correct"|"wrong"|"child"|"suggest"|"corner", text}]}.
 */
export function draw(svg, view) {
  const { size, stones, crop } = view;
  svg.replaceChildren();
  svg.setAttribute("viewBox", `-0.7 -0.7 ${size + 0.4} ${size + 0.4}`);
  svg.setAttribute("data-size", size);
  svg.append(el("rect", { x: -0.7, y: -0.7, width: size + 0.4, height: size + 0.4, rx: 0.25, fill: "#e3b76b" }));
  const lines = el("g", { stroke: "#3b2a12", "stroke-width": 0.04 });
  for (let i = 0; i < size; i++) {
    lines.append(el("line", { x1: 0, y1: i, x2: size - 1, y2: i }));
    lines.append(el("line", { x1: i, y1: 0, x2: i, y2: size - 1 }));
  }
  svg.append(lines);
  for (const [x, y] of starPoints(size)) svg.append(el("circle", { cx: x, cy: y, r: 0.1, fill: "#3b2a12" }));
  const [x0, y0, x1, y1] = crop;
  const shade = { fill: "#000", opacity: 0.28, class: "ed-outside" };
  const lo = -0.7, hi = size - 0.3, w = hi - lo;
  if (y0 > 0) svg.append(el("rect", { ...shade, x: lo, y: lo, width: w, height: y0 - 0.5 - lo }));
  if (y1 < size - 1) svg.append(el("rect", { ...shade, x: lo, y: y1 + 0.5, width: w, height: hi - y1 - 0.5 }));
  if (x0 > 0) svg.append(el("rect", { ...shade, x: lo, y: y0 - 0.5, width: x0 - 0.5 - lo, height: y1 - y0 + 1 }));
  if (x1 < size - 1) svg.append(el("rect", { ...shade, x: x1 + 0.5, y: y0 - 0.5, width: hi - x1 - 0.5, height: y1 - y0 + 1 }));
  const group = el("g", { id: "stones" });
  for (const [p, c] of stones) {
    const [x, y] = xy(p);
    group.append(el("circle", {
      class: c === "B" ? "stone b" : "stone w", "data-p": p, cx: x, cy: y, r: 0.47,
      fill: c === "B" ? "#1b1b1b" : "#f7f4ee", stroke: c === "B" ? "#000" : "#8a8275", "stroke-width": 0.03,
    }));
  }
  svg.append(group);
  const marks = el("g", { id: "marks", "pointer-events": "none" });
  if (view.last) {
    const [x, y] = xy(view.last);
    marks.append(el("circle", { class: "ed-last", cx: x, cy: y, r: 0.22 }));
  }
  for (const m of view.marks || []) {
    const [x, y] = xy(m.p);
    const g = el("g", { class: `ed-mark ${m.kind}`, "data-p": m.p });
    g.append(el("circle", { cx: x, cy: y, r: m.kind === "suggest" ? 0.44 : 0.3 }));
    if (m.text) {
      const t = el("text", { x, y, dy: 0.17, "text-anchor": "middle", "font-size": 0.45 });
      t.textContent = m.text;
      g.append(t);
    }
    marks.append(g);
  }
  svg.append(marks);
  const targets = el("g", { id: "targets" });
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) {
    targets.append(el("rect", { class: "pt", "data-p": pt(x, y), x: x - 0.5, y: y - 0.5, width: 1, height: 1, fill: "transparent" }));
  }
  svg.append(targets);
}

/** Calls `onPoint(p)` when a finger, pen or mouse lifts on an intersection. */
export function listen(svg, onPoint) {
  svg.addEventListener("pointerup", (e) => {
    const target = e.target.closest && e.target.closest("rect.pt");
    if (target) { e.preventDefault(); onPoint(target.getAttribute("data-p")); }
  });
}
