//! The problem generator (ARCHITECTURE.md "Problem generator"): positions of each kind of the
//! curriculum built by search ([`search`], [`eyes`], [`double`], [`snapback`], [`race`]), kept when the solver proves
//! them with every correct first move known, their trees built from the proof ([`tree`]),
//! graded from the proof ([`grade`]), commented in Chinese and English ([`comment`]), checked
//! like every shipped problem and kept only when no problem of the bank is the same up to the
//! eight symmetries and colour swap ([`bank`]). Mining real games is [`mine`].
//!
//! Pure: no I/O. The generator's own choices are fixed by the seed (threads only share the work
//! of a fixed batch, whose results are taken in order); the solver reads in time slices, so a
//! position proven just inside the node budget may be missed in another run.

pub mod bank;
mod comment;
mod double;
mod eyes;
pub mod grade;
pub mod kinds;
pub mod mine;
mod race;
mod search;
mod snapback;
mod tree;

use std::collections::{BTreeMap, HashSet};

use crate::go::sgf::{self, Sgf};
use crate::go::{Color, Move, Point, Rng};
use crate::problem::solver;
use crate::problem::{Problem, Ruleset, Viewport};

pub use bank::{Checked, check, check_budget, key};
pub use kinds::{Task, Topic};
pub use search::Candidate;

/// One generated (or mined) problem, ready to write.
#[derive(Clone, Debug)]
pub struct Generated {
    pub problem: Problem,
    pub topic: Topic,
    pub level: u8,
    pub score: f64,
    /// The problem's key up to symmetry and colour ([`bank::key`]).
    pub key: String,
    /// The SGF file's text.
    pub sgf: String,
}

impl Generated {
    /// The file name inside its set's folder.
    pub fn file_name(&self) -> String {
        format!("{}-{}.sgf", self.topic.slug(), &self.key_hash()[..10])
    }

    fn key_hash(&self) -> String {
        use sha2::{Digest, Sha256};
        let d = Sha256::digest(self.key.as_bytes());
        d.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The set (folder) by level and kind: `L2 征子 Ladder`.
    pub fn set_name(&self) -> String {
        set_name(self.level, self.topic)
    }
}

/// A set's folder name: level, then the kind in Chinese and English.
pub fn set_name(level: u8, topic: Topic) -> String {
    format!(
        "L{level} {:02} {} {}",
        topic.number(),
        topic.zh(),
        topic.en()
    )
}

/// The level and kind of a set's folder name (inverse of [`set_name`]).
pub fn parse_set_name(name: &str) -> Option<(u8, Topic)> {
    let rest = name.strip_prefix('L')?;
    let (level, rest) = rest.split_once(' ')?;
    let (number, _) = rest.split_once(' ')?;
    let topic = *Topic::ALL.get(number.parse::<usize>().ok()?.checked_sub(1)?)?;
    Some((level.parse().ok()?, topic))
}

/// Where a problem came from, written into its SGF root.
#[derive(Clone, Debug, Default)]
pub struct Origin {
    /// `SO`: "sente generator, seed 1" or the game's description.
    pub source: String,
    /// Further root properties (players `PB`/`PW`, date `DT`, event `EV`).
    pub props: Vec<(&'static str, String)>,
}

/// The candidate as a problem (its lines, no words yet).
fn provisional(c: &Candidate) -> Problem {
    let f = &c.fight;
    let b = &f.board;
    let stones = |c: Color| {
        b.points()
            .filter(|&p| b.get(p) == Some(c))
            .collect::<Vec<_>>()
    };
    Problem {
        size: b.size(),
        black: stones(Color::Black),
        white: stones(Color::White),
        to_play: f.learner,
        kind: f.task.kind(),
        viewport: Viewport::whole(b.size()),
        tree: tree::build_tree(f.learner, &c.correct, &c.wrong),
        comment: Some(comment::question(f.learner, f.task)),
        name: None,
        source: None,
        tags: Vec::new(),
        warnings: Vec::new(),
        rules: Ruleset::Chinese,
    }
}

/// Settles the candidate's first moves as a problem: the solver, under the goal the correct
/// lines show, must prove the problem; the correct lines it does not prove are dropped (a slow
/// move the whole-board question allowed), a move it proves that has no line rejects the
/// candidate, and the refutations it finds for the beginner's moves become the wrong tries.
pub(crate) fn refute_plausible(c: &mut Candidate) -> bool {
    let problem = provisional(c);
    let s = solver::solve(&problem, search::query_budget());
    if s.status != solver::Status::Proven {
        trace(&format!("{:?}: as a problem {:?}", c.topic, s.status));
        return false;
    }
    let proven: HashSet<Move> = s.correct_first_moves.iter().copied().collect();
    c.correct.retain(|l| proven.contains(&l[0]));
    let lined: HashSet<Move> = c.correct.iter().map(|l| l[0]).collect();
    if lined != proven {
        trace(&format!(
            "{:?}: proven {proven:?}, lined {lined:?}",
            c.topic
        ));
        return false;
    }
    c.wrong.clear();
    let plausible: Vec<Move> = tree::plausible_moves(&c.fight)
        .into_iter()
        .map(Move::Play)
        .filter(|mv| !proven.contains(mv))
        .collect();
    for &mv in &plausible {
        if c.wrong.len() >= 6 {
            break;
        }
        if let Some(&(_, reply)) = s.refutations.iter().find(|(m, _)| *m == mv) {
            c.wrong.push(tree::Wrong { mv, reply });
        }
    }
    if c.wrong.is_empty() {
        // The search lists only the fight's own points (a chain in atari has one): a beginner's
        // move beside them is read on its own, as the judge reads a move off the tree.
        read_wrong_tries(c, &problem, &plausible[..plausible.len().min(4)]);
    }
    !c.wrong.is_empty()
}

/// Reads each of `moves` under the settled goal of `problem` (the candidate's [`provisional`]
/// problem) and keeps those refuted, with the refutation, as the candidate's wrong tries.
fn read_wrong_tries(c: &mut Candidate, problem: &Problem, moves: &[Move]) {
    let Ok(start) = crate::problem::replay_history(problem, &[]) else {
        return;
    };
    for &mv in moves {
        let (verdict, reply, _) =
            solver::judge_first_move(problem, &start, mv, search::first_budget());
        if let (solver::MoveVerdict::Wrong, Some(reply)) = (verdict, reply) {
            c.wrong.push(tree::Wrong { mv, reply });
        }
    }
}

/// Turns a proven candidate into a checked, graded, commented problem; None when the problem
/// does not pass [`check`].
pub fn assemble(c: &Candidate, origin: &Origin) -> Option<Generated> {
    let f = &c.fight;
    let mut tree = tree::build_tree(f.learner, &c.correct, &c.wrong);
    for id in 0..tree.nodes.len() {
        if !tree.nodes[id].children.is_empty() || id == 0 {
            continue;
        }
        let path: Vec<Move> = tree.path(id).iter().map(|&(_, m)| m).collect();
        tree.nodes[id].comment = Some(if tree.nodes[id].leads_to_success {
            comment::correct(c, &path)
        } else {
            comment::wrong(c, path[0], path[1])
        });
    }
    let b = &f.board;
    let stones = |c: Color| {
        b.points()
            .filter(|&p| b.get(p) == Some(c))
            .collect::<Vec<_>>()
    };
    let question = comment::question(f.learner, f.task);
    let problem = Problem {
        size: b.size(),
        black: stones(Color::Black),
        white: stones(Color::White),
        to_play: f.learner,
        kind: f.task.kind(),
        viewport: Viewport {
            x0: c.view.0.x,
            y0: c.view.0.y,
            x1: c.view.1.x,
            y1: c.view.1.y,
        },
        tree,
        comment: Some(question),
        name: None,
        source: Some(origin.source.clone()),
        tags: Vec::new(),
        warnings: Vec::new(),
        rules: Ruleset::Chinese,
    };
    let key = key(&problem);
    // The bank's own budget: a second answer only its 200,000 nodes find would fail the bank
    // test later (16 of 1,200 problems in one run).
    let checked = match check(&problem, check_budget()) {
        Ok(c) => c,
        Err(e) => {
            trace(&format!("{:?} rejected: {e}", c.topic));
            return None;
        }
    };
    let features = grade::Features {
        depth: c.correct[0].len(),
        branching: checked.branching,
        tempting: c.wrong.len(),
        answers: c
            .correct
            .iter()
            .map(|l| l[0])
            .collect::<HashSet<Move>>()
            .len(),
        nodes: checked.nodes,
        size: b.size(),
    };
    let score = grade::score(c.topic, &features);
    let level = grade::level(score);
    let mut g = Generated {
        problem,
        topic: c.topic,
        level,
        score,
        key,
        sgf: String::new(),
    };
    let short = g.key_hash()[..6].to_string();
    g.problem.name = Some(format!("{}-{short}", c.topic.number()));
    g.sgf = write_sgf(&g.problem, level, origin);
    Some(g)
}

/// The problem as SGF: the position, the question, the level (`LV`, read back by the importer
/// for the starting rating), where it came from, and the tree with its comments (correct
/// leaves start 正解, wrong ones 失败: the importer's markers).
pub fn write_sgf(p: &Problem, level: u8, origin: &Origin) -> String {
    let mut out = Sgf::new();
    let pts = |v: &[Point]| v.iter().map(|p| p.to_sgf()).collect::<Vec<_>>();
    let vw = p.viewport;
    let mut root: Vec<(&str, Vec<String>)> = vec![
        ("GM", vec!["1".into()]),
        ("FF", vec!["4".into()]),
        ("CA", vec!["UTF-8".into()]),
        ("AP", vec!["sente".into()]),
        ("SZ", vec![p.size.to_string()]),
        ("PL", vec![p.to_play.sgf_letter().into()]),
        ("AB", pts(&p.black)),
        ("AW", pts(&p.white)),
        (
            "VW",
            vec![format!(
                "{}:{}",
                Point::new(vw.x0, vw.y0).to_sgf(),
                Point::new(vw.x1, vw.y1).to_sgf()
            )],
        ),
        ("GN", p.name.iter().cloned().collect()),
        ("LV", vec![level.to_string()]),
        ("C", p.comment.iter().cloned().collect()),
        ("SO", p.source.iter().cloned().collect()),
    ];
    for (id, v) in &origin.props {
        root.push((id, vec![v.clone()]));
    }
    root.retain(|(_, v)| !v.is_empty());
    let top = out.add_node(None, &root);
    let mut stack: Vec<(usize, sgf::NodeId)> = p
        .tree
        .root()
        .children
        .iter()
        .rev()
        .map(|&c| (c, top))
        .collect();
    while let Some((id, parent)) = stack.pop() {
        let n = &p.tree.nodes[id];
        let Some((color, mv)) = n.mv else { continue };
        let value = match mv {
            Move::Play(q) => q.to_sgf(),
            Move::Pass => String::new(),
        };
        let mut props: Vec<(&str, Vec<String>)> = vec![(color.sgf_letter(), vec![value])];
        if let Some(c) = &n.comment {
            props.push(("C", vec![c.clone()]));
        }
        let sid = out.add_node(Some(parent), &props);
        stack.extend(n.children.iter().rev().map(|&c| (c, sid)));
    }
    sgf::write(&out)
}

/// What to generate.
#[derive(Clone, Debug)]
pub struct Settings {
    pub seed: u64,
    /// Problems wanted of each kind.
    pub per_topic: usize,
    /// Stop when this many problems are made in all.
    pub total: usize,
    /// Give up after this many attempts.
    pub max_attempts: usize,
    /// Threads sharing each batch.
    pub threads: usize,
    /// At most this many problems of one kind at one level (so that the kinds' easy levels do
    /// not take the whole run and the thin levels fill).
    pub per_cell: usize,
    /// Only these kinds (all when empty).
    pub only: Vec<Topic>,
    /// Only problems graded at these levels (all when empty): fills the thin levels.
    pub levels: Vec<u8>,
}

/// The makers of candidates and the kinds each can produce.
const MAKERS: [(&str, &[Topic]); 6] = [
    (
        "capture",
        &[
            Topic::CaptureInAtari,
            Topic::CountLiberties,
            Topic::Ladder,
            Topic::Net,
            Topic::Snapback,
            Topic::ConnectAndCut,
            Topic::CaptureCuttingStones,
            Topic::EdgeCapture,
            Topic::CapturingRace,
            Topic::FirstKo,
            Topic::ThrowIn,
            Topic::ShortageOfLiberties,
        ],
    ),
    ("escape", &[Topic::Escape, Topic::ConnectAndCut]),
    ("double", &[Topic::DoubleAtari]),
    (
        "life",
        &[Topic::TwoEyes, Topic::DestroyEye, Topic::VitalPoint],
    ),
    ("snapback", &[Topic::Snapback]),
    ("race", &[Topic::CountLiberties, Topic::CapturingRace]),
];

/// One attempt: its own generator from the seed and the attempt number, a maker chosen by
/// the kinds still wanted.
fn attempt(
    seed: u64,
    n: usize,
    weights: &[usize; MAKERS.len()],
    full: &[Topic],
) -> Option<Candidate> {
    let mut rng = Rng::new(seed ^ (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let total: usize = weights.iter().sum();
    if total == 0 {
        return None;
    }
    let mut pick = rng.below(total);
    let maker = weights
        .iter()
        .position(|&w| {
            if pick < w {
                true
            } else {
                pick -= w;
                false
            }
        })
        .expect("a weight");
    let spot = search::pick_spot(&mut rng);
    match maker {
        0 => search::capture(&mut rng, &spot, full),
        1 => search::escape(&mut rng, &spot, full),
        2 => double::double_atari(&mut rng, &spot, full),
        3 => eyes::life(&mut rng, full),
        4 => snapback::snapback(&mut rng, &spot, full),
        _ => race::race(&mut rng, &spot, full),
    }
}

/// Generates problems until each kind has `per_topic` (or the attempts run out), none the same
/// as a key in `known` or as each other. `made_one` gets each problem as it is kept (to write
/// it at once); `progress(made, wanted, attempts)` after each batch.
pub fn generate(
    settings: &Settings,
    known: &HashSet<String>,
    mut made_one: impl FnMut(&Generated),
    mut progress: impl FnMut(usize, usize, usize),
) -> Vec<Generated> {
    let origin = Origin {
        source: format!("sente generator, seed {}", settings.seed),
        props: Vec::new(),
    };
    let mut seen = known.clone();
    let mut made: BTreeMap<Topic, usize> = BTreeMap::new();
    let mut cells: BTreeMap<(Topic, u8), usize> = BTreeMap::new();
    let unwanted = |t: &Topic| !settings.only.is_empty() && !settings.only.contains(t);
    let mut out = Vec::new();
    let kinds = if settings.only.is_empty() {
        Topic::ALL.len()
    } else {
        settings.only.len()
    };
    let wanted = (settings.per_topic * kinds).min(settings.total);
    // A fixed batch: the same seed makes the same problems whatever the threads.
    let batch = 32;
    let mut n = 0;
    while n < settings.max_attempts && out.len() < wanted {
        let weights: [usize; MAKERS.len()] = std::array::from_fn(|k| {
            MAKERS[k]
                .1
                .iter()
                .filter(|t| !unwanted(t))
                .map(|t| {
                    settings
                        .per_topic
                        .saturating_sub(*made.get(t).unwrap_or(&0))
                })
                .sum::<usize>()
                .min(settings.per_topic * 2)
        });
        let full: Vec<Topic> = Topic::ALL
            .into_iter()
            .filter(|t| made.get(t).is_some_and(|&k| k >= settings.per_topic) || unwanted(t))
            .collect();
        let results = run_batch(settings, n, batch, &weights, &full, &origin);
        if std::env::var_os("SENTE_COMPOSE_TRACE").is_some() {
            let kinds: Vec<String> = results.iter().flatten().map(|g| g.topic.slug()).collect();
            eprintln!("\nbatch at {n}: {kinds:?}");
        }
        n += batch;
        for g in results.into_iter().flatten() {
            let count = made.entry(g.topic).or_default();
            let cell = cells.entry((g.topic, g.level)).or_default();
            if out.len() >= wanted
                || unwanted(&g.topic)
                || (!settings.levels.is_empty() && !settings.levels.contains(&g.level))
                || *count >= settings.per_topic
                || *cell >= settings.per_cell
                || !seen.insert(g.key.clone())
            {
                continue;
            }
            *count += 1;
            *cell += 1;
            made_one(&g);
            out.push(g);
        }
        progress(out.len(), wanted, n);
    }
    out
}

/// Attempts `from..from + count`, shared by the threads, results in attempt order.
fn run_batch(
    settings: &Settings,
    from: usize,
    count: usize,
    weights: &[usize; MAKERS.len()],
    full: &[Topic],
    origin: &Origin,
) -> Vec<Option<Generated>> {
    let threads = settings.threads.max(1);
    let mut slots: Vec<Option<Generated>> = vec![None; count];
    std::thread::scope(|s| {
        let chunks: Vec<_> = slots
            .chunks_mut(count.div_ceil(threads))
            .enumerate()
            .map(|(k, chunk)| {
                let start = from + k * count.div_ceil(threads);
                s.spawn(move || {
                    for (i, slot) in chunk.iter_mut().enumerate() {
                        *slot = attempt(settings.seed, start + i, weights, full)
                            .and_then(|c| assemble(&c, origin));
                    }
                })
            })
            .collect();
        for c in chunks {
            c.join().expect("a generator thread");
        }
    });
    slots
}

/// With `SENTE_COMPOSE_TRACE` set, why candidates are dropped (on standard error).
pub(crate) fn trace(what: &str) {
    if std::env::var_os("SENTE_COMPOSE_TRACE").is_some() {
        eprintln!("{what}");
    }
}
