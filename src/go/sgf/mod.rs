//! SGF (Smart Game Format, FF[1]–FF[4]): a lossless tree of properties, its reader and writer,
//! and helpers to read Go values (points, compressed point lists, moves) from it.
//!
//! The tree is an arena (all text in one string, nodes linked by index): reading allocates a few
//! vectors per file rather than per node, deep files cannot overflow the stack, and dropping is
//! free. Unknown properties are kept; values are stored unescaped, so writing then reading gives
//! the same tree.
//!
//! ```
//! use sente::go::sgf;
//!
//! let file = sgf::parse(b"(;GM[1]SZ[9]C[Black to play];B[cc](;W[dd])(;W[gg]C[trap \\] ok]))").unwrap();
//! let root = file.root(0).unwrap();
//! assert_eq!(root.get("SZ"), Some("9"));
//! let first = root.children().next().unwrap();
//! assert_eq!(first.get("B"), Some("cc"));
//! assert_eq!(first.children().nth(1).unwrap().get("C"), Some("trap ] ok"));
//! assert_eq!(sgf::parse(sgf::write(&file).as_bytes()).unwrap(), file);
//! ```

mod reader;
mod values;
mod writer;

pub use reader::{SgfError, parse};
pub use values::{ValueError, board_size, parse_move, parse_point_list};
pub use writer::write;

/// Index of a node inside its [`Sgf`].
pub type NodeId = u32;

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
struct NodeData {
    first_prop: u32,
    prop_count: u32,
    parent: u32,
    first_child: u32,
    last_child: u32,
    next_sibling: u32,
}

#[derive(Clone, Copy, Debug)]
struct PropData {
    id: (u32, u32),
    first_value: u32,
    value_count: u32,
}

/// One SGF file: a collection of game trees.
#[derive(Clone, Debug, Default)]
pub struct Sgf {
    text: String,
    values: Vec<(u32, u32)>,
    props: Vec<PropData>,
    nodes: Vec<NodeData>,
    roots: Vec<NodeId>,
    /// The character set the file was read with (e.g. "UTF-8", "gb18030").
    pub encoding: &'static str,
    /// What the reader had to guess or skip.
    pub warnings: Vec<String>,
}

impl PartialEq for Sgf {
    /// Structural equality: the same trees with the same properties in the same order.
    fn eq(&self, other: &Sgf) -> bool {
        self.roots.len() == other.roots.len()
            && self
                .trees()
                .zip(other.trees())
                .all(|(a, b)| a.same_subtree(&b))
    }
}

/// A node of an [`Sgf`] tree.
#[derive(Clone, Copy)]
pub struct Node<'a> {
    sgf: &'a Sgf,
    id: NodeId,
}

impl std::fmt::Debug for Node<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut m = f.debug_map();
        for (id, values) in self.props() {
            m.entry(&id, &values.collect::<Vec<_>>());
        }
        m.finish()
    }
}

impl<'a> Node<'a> {
    pub fn id(&self) -> NodeId {
        self.id
    }

    fn data(&self) -> &'a NodeData {
        &self.sgf.nodes[self.id as usize]
    }

    /// The properties in file order: identifier and values.
    pub fn props(
        &self,
    ) -> impl Iterator<Item = (&'a str, impl Iterator<Item = &'a str> + 'a)> + 'a {
        let sgf = self.sgf;
        let d = self.data();
        (d.first_prop..d.first_prop + d.prop_count).map(move |k| {
            let p = &sgf.props[k as usize];
            let values = (p.first_value..p.first_value + p.value_count)
                .map(move |v| sgf.slice(sgf.values[v as usize]));
            (sgf.slice(p.id), values)
        })
    }

    /// The first value of a property.
    pub fn get(&self, id: &str) -> Option<&'a str> {
        self.values(id).next()
    }

    /// All values of a property (empty when absent).
    pub fn values(&self, id: &str) -> impl Iterator<Item = &'a str> + 'a {
        let id = id.to_owned();
        self.props()
            .filter(move |(pid, _)| *pid == id)
            .flat_map(|(_, v)| v)
    }

    pub fn has(&self, id: &str) -> bool {
        self.props().any(|(pid, _)| pid == id)
    }

    pub fn parent(&self) -> Option<Node<'a>> {
        let p = self.data().parent;
        (p != NONE).then(|| self.sgf.node(p))
    }

    /// The children in file order; the first is the main line.
    pub fn children(&self) -> impl Iterator<Item = Node<'a>> + 'a {
        let sgf = self.sgf;
        let mut next = self.data().first_child;
        std::iter::from_fn(move || {
            (next != NONE).then(|| {
                let n = sgf.node(next);
                next = n.data().next_sibling;
                n
            })
        })
    }

    pub fn child_count(&self) -> usize {
        self.children().count()
    }

    /// This node and its first children down to the end of the main line.
    pub fn main_line(&self) -> impl Iterator<Item = Node<'a>> + 'a {
        let mut cur = Some(*self);
        std::iter::from_fn(move || {
            let n = cur?;
            cur = n.children().next();
            Some(n)
        })
    }

    fn same_subtree(&self, other: &Node<'_>) -> bool {
        let mut stack = vec![(*self, *other)];
        while let Some((a, b)) = stack.pop() {
            let pa: Vec<(&str, Vec<&str>)> = a.props().map(|(k, v)| (k, v.collect())).collect();
            let pb: Vec<(&str, Vec<&str>)> = b.props().map(|(k, v)| (k, v.collect())).collect();
            if pa != pb || a.child_count() != b.child_count() {
                return false;
            }
            stack.extend(a.children().zip(b.children()));
        }
        true
    }
}

impl Sgf {
    /// An empty collection, to build with [`Sgf::add_node`].
    pub fn new() -> Sgf {
        Sgf {
            encoding: "UTF-8",
            ..Sgf::default()
        }
    }

    fn slice(&self, (a, b): (u32, u32)) -> &str {
        &self.text[a as usize..b as usize]
    }

    /// The node with this id (ids come from this same `Sgf`).
    pub fn node(&self, id: NodeId) -> Node<'_> {
        Node { sgf: self, id }
    }

    /// The root of the `k`-th game tree.
    pub fn root(&self, k: usize) -> Option<Node<'_>> {
        self.roots.get(k).map(|&id| self.node(id))
    }

    /// The roots of all game trees in the collection.
    pub fn trees(&self) -> impl Iterator<Item = Node<'_>> {
        self.roots.iter().map(|&id| self.node(id))
    }

    pub fn tree_count(&self) -> usize {
        self.roots.len()
    }

    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    fn push_text(&mut self, s: &str) -> (u32, u32) {
        let a = self.text.len() as u32;
        self.text.push_str(s);
        (a, self.text.len() as u32)
    }

    /// Adds a node with its properties, as a new game tree (`parent` = None) or as the last child
    /// of `parent`.
    pub fn add_node<S: AsRef<str>>(
        &mut self,
        parent: Option<NodeId>,
        props: &[(&str, Vec<S>)],
    ) -> NodeId {
        let first_prop = self.props.len() as u32;
        for (id, values) in props {
            let id = self.push_text(id);
            let first_value = self.values.len() as u32;
            for v in values {
                let r = self.push_text(v.as_ref());
                self.values.push(r);
            }
            self.props.push(PropData {
                id,
                first_value,
                value_count: values.len() as u32,
            });
        }
        self.link_node(parent, first_prop, props.len() as u32)
    }

    fn link_node(&mut self, parent: Option<NodeId>, first_prop: u32, prop_count: u32) -> NodeId {
        let id = self.nodes.len() as NodeId;
        self.nodes.push(NodeData {
            first_prop,
            prop_count,
            parent: parent.unwrap_or(NONE),
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
        });
        match parent {
            None => self.roots.push(id),
            Some(p) => {
                let last = self.nodes[p as usize].last_child;
                if last == NONE {
                    self.nodes[p as usize].first_child = id;
                } else {
                    self.nodes[last as usize].next_sibling = id;
                }
                self.nodes[p as usize].last_child = id;
            }
        }
        id
    }
}
