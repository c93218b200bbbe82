// The editor's solution tree (ARCHITECTURE.md "The problem editor"): nodes in a flat list, node 0
// the start position; each node has its parent, children, colour, move (an SGF point), mark
// ("correct" | "wrong" | null) and a comment in Chinese and English. Also the tree view: a nested
// list of buttons to jump between variations.

/** A tree from the server's nodes (or an empty one). */
export function fromNodes(nodes, splitComment) {
  const tree = [{ parent: null, children: [], color: "", mv: "", mark: null, zh: "", en: "" }];
  (nodes || []).forEach((n, i) => {
    if (i === 0) return;
    const c = splitComment(n.comment || "");
    tree.push({ parent: n.parent, children: [], color: n.color, mv: n.mv, mark: n.mark || null, zh: c.zh, en: c.en });
    tree[n.parent].children.push(i);
  });
  return tree;
}

/** The child of `parent` with move `mv`, or a new one; returns its id. */
export function child(tree, parent, color, mv) {
  const found = tree[parent].children.find((c) => tree[c].mv === mv && tree[c].color === color);
  if (found !== undefined) return found;
  tree.push({ parent, children: [], color, mv, mark: null, zh: "", en: "" });
  const id = tree.length - 1;
  tree[parent].children.push(id);
  return id;
}

/** Removes node `id` and its lines; returns the new tree (ids renumbered) and the parent's id. */
export function remove(tree, id) {
  if (id === 0) return { tree, parent: 0 };
  const gone = new Set([id]);
  for (let i = 0; i < tree.length; i++) if (gone.has(tree[i].parent)) gone.add(i);
  const renumber = new Map();
  const out = [];
  tree.forEach((n, i) => { if (!gone.has(i)) { renumber.set(i, out.length); out.push({ ...n }); } });
  for (const n of out) {
    n.parent = n.parent === null ? null : renumber.get(n.parent);
    n.children = n.children.filter((c) => !gone.has(c)).map((c) => renumber.get(c));
  }
  return { tree: out, parent: renumber.get(tree[id].parent) };
}

/** Node ids from the start to `id`. */
export function path(tree, id) {
  const out = [];
  for (let n = id; n !== null && n !== undefined; n = tree[n].parent) out.unshift(n);
  return out;
}

/** The colour to play after node `id`. */
export function nextColor(tree, id, toPlay) {
  const c = tree[id].color;
  if (!c) return toPlay;
  return c === "B" ? "W" : "B";
}

function label(n, number, words) {
  if (number === 0) return words.start;
  const mark = n.mark === "correct" ? " ✓" : n.mark === "wrong" ? " ✗" : "";
  return `${number}. ${n.color === "B" ? "●" : "○"} ${n.mv || "pass"}${mark}`;
}

/** Draws the tree view into `box`; `onJump(id)` when a node is tapped. */
export function render(box, tree, current, words, onJump) {
  const build = (id, depth) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "ed-node" + (id === current ? " current" : "") + (tree[id].mark ? " " + tree[id].mark : "");
    b.dataset.node = id;
    b.textContent = label(tree[id], depth, words);
    b.addEventListener("click", () => onJump(id));
    li.append(b);
    if (tree[id].children.length) {
      const ul = document.createElement("ul");
      for (const c of tree[id].children) ul.append(build(c, depth + 1));
      li.append(ul);
    }
    return li;
  };
  const root = document.createElement("ul");
  root.append(build(0, 0));
  box.replaceChildren(root);
}
