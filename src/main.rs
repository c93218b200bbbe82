//! The `sente` command: serve the trainer, import/export/verify problems, replay records.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};

use sente::cli::{collect_sgf_files, compose, import, replay, solve, verify};
use sente::problem::solver::{Budget, Question};

#[derive(Parser)]
#[command(
    name = "sente",
    version,
    about = "先手 sente — Go problem trainer (no command: serve)"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

/// The database when none is named: the only URL for which `serve` creates the folder itself,
/// so that `cargo run --release` works on a fresh checkout.
const DEFAULT_DATABASE: &str = "sqlite:data/sente.db";

/// Where the database is: `--database`, else `DATABASE_URL`, else an SQLite file under data/.
#[derive(clap::Args, Clone)]
struct DatabaseArg {
    /// `sqlite:PATH` (its folder must exist), a plain file path, or
    /// `postgres://user[:password]@host[:port]/db`.
    #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE)]
    database: String,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the trainer (the default command).
    Serve {
        /// Address to listen on.
        #[arg(long, env = "SENTE_ADDR", default_value = "127.0.0.1:8080")]
        addr: String,
        #[command(flatten)]
        db: DatabaseArg,
        /// Open attempts held in memory, the least recently answered dropped beyond it (about
        /// 400 bytes each; a dropped attempt is read again at its next answer).
        #[arg(long, env = "SENTE_LIVE_ATTEMPTS", default_value_t = sente::app::LIVE_ATTEMPTS)]
        live_attempts: usize,
    },
    /// Import SGF problem files and folders into a problem set.
    Import {
        #[command(flatten)]
        db: DatabaseArg,
        /// The set to import into (default: each path's folder name).
        #[arg(long)]
        set: Option<String>,
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Replay each record's main line under the Chinese rules and report the final position.
    Replay {
        /// One JSON object per file and line (the contract of ARCHITECTURE.md §4).
        #[arg(long)]
        json: bool,
        /// SGF files or folders (searched recursively for *.sgf).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Import each problem, check every line of its tree with the judge, run the solver.
    Verify {
        /// One JSON object per problem and line (the contract of ARCHITECTURE.md §4).
        #[arg(long)]
        json: bool,
        /// Solver node budget per problem.
        #[arg(long, default_value_t = Budget::default().nodes)]
        nodes: u64,
        /// Solver time per problem: past it the solver answers `unknown`.
        #[arg(long, default_value_t = 2000)]
        time_ms: u64,
        /// SGF files or folders (searched recursively for *.sgf).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Create an administrator (who may read every learner's log). The password comes from
    /// SENTE_ADMIN_PASSWORD, else the first line of standard input.
    Admin {
        #[command(flatten)]
        db: DatabaseArg,
        #[arg(long)]
        username: String,
        #[arg(long, default_value = "Admin")]
        display_name: String,
    },
    /// Scale filler for load tests (not the problem generator: see `compose`): fills a database
    /// with made-up learners and a year of their attempts, on copies of the shipped bank's
    /// problems, to measure the growth log and "next problem" at scale.
    Generate {
        #[command(flatten)]
        db: DatabaseArg,
        #[arg(long, default_value_t = 100_000)]
        problems: usize,
        #[arg(long, default_value_t = 10_000)]
        learners: usize,
        #[arg(long, default_value_t = 10_000_000)]
        attempts: usize,
        /// Sessions to open for sampled learners; their ids and tokens go to --sessions-file.
        #[arg(long, default_value_t = 200)]
        sessions: usize,
        #[arg(long)]
        sessions_file: Option<PathBuf>,
        /// Seed; use another one to generate into the same database twice.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// The problem generator (not the scale filler `generate`): builds new problems of every
    /// kind of the curriculum by search, proves each with the solver, grades it, and writes the
    /// ones not already in the bank (up to symmetry and colour) as SGF files in sets by level
    /// and kind.
    Compose {
        /// Seed: the same seed makes the same problems.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Problems wanted of each kind.
        #[arg(long, default_value_t = 10)]
        per_kind: usize,
        /// Stop when this many problems are made in all.
        #[arg(long, default_value_t = usize::MAX)]
        total: usize,
        /// Give up after this many attempts.
        #[arg(long, default_value_t = 1_000_000)]
        max_attempts: usize,
        /// Threads (default: the machine's cores).
        #[arg(long)]
        threads: Option<usize>,
        /// At most this many problems of one kind at one level.
        #[arg(long, default_value_t = usize::MAX)]
        per_cell: usize,
        /// Only this kind (a slug such as `snapback`; repeat for more; default: every kind).
        #[arg(long)]
        only: Vec<String>,
        /// Only problems graded at this level (1–7; repeat for more; default: every level).
        #[arg(long = "level", value_parser = clap::value_parser!(u8).range(1..=7))]
        levels: Vec<u8>,
        /// Folder to write the sets into (its problems count as already made).
        #[arg(long, default_value = "problems")]
        out: PathBuf,
        /// Further banks whose problems must not be made again.
        #[arg(long)]
        against: Vec<PathBuf>,
    },
    /// Finds problems in game records: positions where one move decides the capture of a
    /// group, cut to a corner or side, proven and graded like composed ones, written with the
    /// game's players and date.
    Mine {
        /// Folder to write the sets into (its problems count as already made).
        #[arg(long, default_value = "problems")]
        out: PathBuf,
        /// At most this many problems.
        #[arg(long, default_value_t = 100)]
        limit: usize,
        /// Game records: SGF files or folders.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Prints a problem bank's counts by kind and level (a Markdown table).
    Bank {
        /// Bank folders or files.
        #[arg(default_value = "problems")]
        paths: Vec<PathBuf>,
    },
    /// Run the solver on one file and print its proof (first moves and refutations): the
    /// problem's own goal, or a question on a target chain of any position of the main line.
    Solve {
        /// One JSON object (the contract of ARCHITECTURE.md §4).
        #[arg(long)]
        json: bool,
        /// capture | save | kill | live (needs --target).
        #[arg(long, requires = "target")]
        goal: Option<String>,
        /// The chain the question is about, in GTP (`E3`) or SGF (`ec`) form.
        #[arg(long, requires = "goal")]
        target: Option<String>,
        /// The position before move N of the file's main line (as GTP `loadsgf FILE N`).
        #[arg(long = "move")]
        move_number: Option<usize>,
        /// Time budget: past it the answer is `unknown`.
        #[arg(long, default_value_t = 2000)]
        time_ms: u64,
        /// Node budget.
        #[arg(long, default_value_t = Budget::default().nodes)]
        nodes: u64,
        file: PathBuf,
    },
}

/// Errors end the program with one line on stderr (the causes joined by `: `) and exit code 1.
fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sente: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> anyhow::Result<()> {
    let cli = Cli::parse();
    // No command is `serve` with its defaults and environment variables, read by the same
    // parser (a bad SENTE_LIVE_ATTEMPTS is an error either way).
    let command = match cli.command {
        Some(c) => c,
        None => Cli::parse_from(["sente", "serve"])
            .command
            .expect("serve is a command"),
    };
    init_logging(matches!(command, Command::Serve { .. }));
    match command {
        Command::Serve {
            addr,
            db,
            live_attempts,
        } => run_serve(&addr, &db.database, live_attempts),
        Command::Import { db, set, paths } => run_import(&db.database, set.as_deref(), &paths),
        Command::Replay { json, paths } => run_replay(json, &paths),
        Command::Verify {
            json,
            nodes,
            time_ms,
            paths,
        } => run_verify(json, budget(nodes, time_ms), &paths),
        Command::Admin {
            db,
            username,
            display_name,
        } => run_admin(&db.database, &username, &display_name),
        Command::Generate {
            db,
            problems,
            learners,
            attempts,
            sessions,
            sessions_file,
            seed,
        } => run_generate(
            &db.database,
            &sente::db::generate::Spec {
                problems,
                learners,
                attempts,
                sessions,
                seed,
            },
            sessions_file.as_deref(),
        ),
        Command::Compose {
            seed,
            per_kind,
            total,
            max_attempts,
            threads,
            per_cell,
            only,
            levels,
            out,
            against,
        } => {
            let only = only
                .iter()
                .map(|s| {
                    sente::problem::generator::Topic::from_slug(s)
                        .ok_or_else(|| anyhow::anyhow!("no kind {s:?}"))
                })
                .collect::<anyhow::Result<Vec<_>>>()?;
            let settings = sente::problem::generator::Settings {
                seed,
                per_topic: per_kind,
                total,
                max_attempts,
                threads: threads
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
                per_cell,
                only,
                levels,
            };
            run_compose(&settings, &out, &against)
        }
        Command::Mine { out, limit, paths } => run_mine(&out, limit, &paths),
        Command::Bank { paths } => {
            print!("{}", compose::table(&compose::read_bank(&paths)?));
            Ok(())
        }
        Command::Solve {
            json,
            goal,
            target,
            move_number,
            time_ms,
            nodes,
            file,
        } => {
            let question = match (goal.as_deref(), target.as_deref()) {
                (Some(g), Some(t)) => Some((
                    Question::parse(g).ok_or_else(|| {
                        anyhow::anyhow!("--goal {g}: expected capture, save, kill or live")
                    })?,
                    t,
                )),
                _ => None,
            };
            let ask = solve::Ask {
                question,
                move_number,
            };
            run_solve(json, &ask, budget(nodes, time_ms), &file)
        }
    }
}

fn budget(nodes: u64, time_ms: u64) -> Budget {
    Budget {
        nodes,
        time: std::time::Duration::from_millis(time_ms),
        ..Budget::default()
    }
    .on_every_core()
}

/// Logs unless `RUST_LOG` says otherwise: the server at info to standard output (its first
/// line names the URL to open), the other commands at warn to standard error, since their
/// standard output carries JSON (`RUST_LOG=sente=debug sente solve …` shows each goal tried).
fn init_logging(serving: bool) {
    let default = if serving { "info" } else { "warn" };
    let filter =
        tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| default.into());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false);
    let _ = if serving {
        builder.try_init()
    } else {
        builder.with_writer(std::io::stderr).try_init()
    };
}

/// The shipped problem bank: `problems/` in the working directory, else beside the sources.
fn shipped_bank() -> Option<PathBuf> {
    [
        PathBuf::from("problems"),
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("problems"),
    ]
    .into_iter()
    .find(|p| p.is_dir())
}

/// The pool on `database`, its errors in the words of [`sente::db::DbError`].
fn open_database(database: &str, max_size: u32) -> anyhow::Result<sente::db::Pool> {
    sente::db::connect_pool(database, max_size).context("cannot open the database")
}

fn run_serve(addr: &str, database: &str, live_attempts: usize) -> anyhow::Result<()> {
    if database == DEFAULT_DATABASE {
        // Only the default: a folder named in a URL must exist (see connect_pool).
        std::fs::create_dir_all("data").context("cannot create the folder data/")?;
    }
    // Eight for requests and one the writer thread keeps (ARCHITECTURE.md "An answer", Pool).
    let pool = open_database(database, 9)?;
    let mut conn = pool.get()?;
    if sente::db::count_problems(&mut conn)? == 0 {
        match shipped_bank() {
            Some(bank) => {
                let files = collect_sgf_files(std::slice::from_ref(&bank))?;
                // Each sub-folder of the bank is a set of its own.
                let mut by_set: std::collections::BTreeMap<String, Vec<PathBuf>> =
                    Default::default();
                for f in files {
                    by_set
                        .entry(import::default_set_name(&f))
                        .or_default()
                        .push(f);
                }
                for (set, files) in by_set {
                    let s =
                        import::import_files(&mut conn, &set, Some("sente"), &files, |_, _| {})?;
                    tracing::info!("imported {} problems into set '{set}'", s.added);
                    for e in &s.errors {
                        tracing::warn!("{e}");
                    }
                }
            }
            None => tracing::warn!("no problems/ folder found: starting with an empty bank"),
        }
    }
    drop(conn);
    let state = sente::app::AppState::with_limits(pool, limits_from_env()?)
        .with_live_capacity(live_attempts);
    let (server, bound) = sente::web::start_with(state, addr)?;
    tracing::info!("sente is ready: open http://{bound}/ in a browser");
    actix_web::rt::System::new().block_on(server)?;
    Ok(())
}

/// Per-address limits per minute from `SENTE_LIMITS=SIGNIN,SIGNUP,CODE,PICTURES` (e.g. a school
/// behind one address, or a load test); the defaults otherwise (ARCHITECTURE.md "Secrets").
fn limits_from_env() -> anyhow::Result<sente::app::secrets::Limits> {
    let Ok(text) = std::env::var("SENTE_LIMITS") else {
        return Ok(Default::default());
    };
    let n: Vec<u32> = text
        .split(',')
        .map(|p| p.trim().parse::<u32>())
        .collect::<Result<_, _>>()
        .ok()
        .filter(|v: &Vec<u32>| v.len() == 4 && v.iter().all(|&x| x > 0))
        .ok_or_else(|| {
            anyhow::anyhow!(
                "SENTE_LIMITS is four positive numbers per minute: SIGNIN,SIGNUP,CODE,PICTURES (got '{text}')"
            )
        })?;
    Ok(sente::app::secrets::Limits::per_minute(
        n[0], n[1], n[2], n[3],
    ))
}

fn run_admin(database: &str, username: &str, display_name: &str) -> anyhow::Result<()> {
    let password = match std::env::var("SENTE_ADMIN_PASSWORD") {
        Ok(p) => p,
        Err(_) => {
            let mut line = String::new();
            std::io::stdin().read_line(&mut line)?;
            line.trim_end_matches(['\r', '\n']).to_string()
        }
    };
    let pool = open_database(database, 1)?;
    let mut conn = pool.get()?;
    let u = sente::app::accounts::create_admin(&mut conn, username, &password, display_name)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    println!("administrator '{username}' created (id {})", u.id);
    Ok(())
}

fn run_generate(
    database: &str,
    spec: &sente::db::generate::Spec,
    sessions_file: Option<&std::path::Path>,
) -> anyhow::Result<()> {
    if spec.learners == 0 || spec.problems == 0 {
        anyhow::bail!("--learners and --problems must be at least 1");
    }
    let bank = shipped_bank().ok_or_else(|| anyhow::anyhow!("no problems/ folder to copy"))?;
    let mut templates = Vec::new();
    for f in collect_sgf_files(std::slice::from_ref(&bank))? {
        let (items, _) = import::load_items(&f).map_err(anyhow::Error::msg)?;
        templates.extend(items);
    }
    let pool = open_database(database, 2)?;
    let mut conn = pool.get()?;
    let started = std::time::Instant::now();
    let report = sente::db::generate::generate(&mut conn, spec, &templates, |m| {
        eprintln!("[{:>6.1}s] {m}", started.elapsed().as_secs_f64());
    })?;
    println!(
        "generated {} problems, {} users, {} attempts ({} rated), {} moves, {} reviews in {:.1} s",
        report.problems,
        report.users,
        report.attempts,
        report.rated,
        report.moves,
        report.reviews,
        started.elapsed().as_secs_f64()
    );
    println!("admin: {} / {}", report.admin.0, report.admin.1);
    if let Some(path) = sessions_file {
        let text: String = report
            .sessions
            .iter()
            .map(|(id, token)| format!("{id} {token}\n"))
            .collect();
        std::fs::write(path, text)?;
        println!(
            "{} learner sessions written to {}",
            report.sessions.len(),
            path.display()
        );
    }
    Ok(())
}

fn run_import(database: &str, set: Option<&str>, paths: &[PathBuf]) -> anyhow::Result<()> {
    let pool = open_database(database, 2)?;
    let mut conn = pool.get()?;
    let (mut added, mut skipped, mut errors) = (0, 0, 0);
    for path in paths {
        let files = collect_sgf_files(std::slice::from_ref(path))?;
        let set_name = set
            .map(String::from)
            .unwrap_or_else(|| import::default_set_name(path));
        let s = import::import_files(&mut conn, &set_name, None, &files, |k, n| {
            if n > 20 {
                eprint!("\r[{k}/{n}] {}", path.display());
            }
        })?;
        if files.len() > 20 {
            eprintln!();
        }
        for e in &s.errors {
            eprintln!("skipped {e}");
        }
        println!(
            "{}: {} files, {} problems imported into '{set_name}', {} already there, {} skipped with errors",
            path.display(),
            s.files,
            s.added,
            s.skipped,
            s.errors.len()
        );
        added += s.added;
        skipped += s.skipped;
        errors += s.errors.len();
    }
    println!("total: {added} imported, {skipped} already there, {errors} skipped with errors");
    Ok(())
}

fn run_verify(json: bool, budget: Budget, paths: &[PathBuf]) -> anyhow::Result<()> {
    let files = collect_sgf_files(paths)?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let (mut problems, mut bad) = (0, 0);
    for (k, path) in files.iter().enumerate() {
        for r in verify::verify_file(path, budget) {
            problems += 1;
            bad += usize::from(!r.judge_ok || r.error.is_some());
            if json {
                writeln!(out, "{}", serde_json::to_string(&r)?)?;
            } else {
                let status = match (&r.error, r.judge_ok) {
                    (Some(e), _) => format!("ERROR {e}"),
                    (None, true) => "ok".into(),
                    (None, false) => format!("JUDGE {}", r.judge_failures.join("; ")),
                };
                writeln!(
                    out,
                    "{}#{}: {} lines ({} correct), solver {:?} {:?} in {} ms: {status}",
                    path.display(),
                    r.index,
                    r.lines.correct + r.lines.wrong,
                    r.lines.correct,
                    r.solver.status,
                    r.solver.correct_first_moves,
                    r.solver.ms
                )?;
            }
        }
        if !json && files.len() > 20 {
            // Progress on stderr so that stdout stays a clean report.
            eprint!("\r[{}/{}] files", k + 1, files.len());
        }
    }
    out.flush()?;
    if !json {
        eprintln!("\n{problems} problems, {bad} with errors or judge failures");
    }
    Ok(())
}

fn run_solve(
    json: bool,
    ask: &solve::Ask<'_>,
    budget: Budget,
    file: &std::path::Path,
) -> anyhow::Result<()> {
    let solution = solve::solve_file(file, ask, budget)?;
    if json {
        let mut v = serde_json::to_value(&solution)?;
        v["file"] = file
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default()
            .into();
        println!("{v}");
    } else {
        println!(
            "{}: {:?} ({}) after {} nodes in {} ms",
            file.display(),
            solution.status,
            solution.goal.as_deref().unwrap_or("no goal"),
            solution.nodes,
            solution.ms
        );
        for m in &solution.correct_first_moves {
            println!("  correct: {m:?}");
        }
        for (m, r) in &solution.refutations {
            println!("  wrong: {m:?}, refuted by {r:?}");
        }
    }
    Ok(())
}

fn run_replay(json: bool, paths: &[PathBuf]) -> anyhow::Result<()> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut failed = 0;
    for path in collect_sgf_files(paths)? {
        let report = replay::replay_file(&path);
        failed += usize::from(report.error.is_some());
        if json {
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
        } else {
            let status = report.error.as_deref().unwrap_or("ok");
            writeln!(
                out,
                "{}: {} moves, prisoners B {} W {}: {status}",
                path.display(),
                report.moves,
                report.prisoners.black,
                report.prisoners.white
            )?;
        }
    }
    out.flush()?;
    if failed > 0 && !json {
        eprintln!("{failed} file(s) stopped at an illegal move or could not be read");
    }
    Ok(())
}

fn run_compose(
    settings: &sente::problem::generator::Settings,
    out: &std::path::Path,
    against: &[PathBuf],
) -> anyhow::Result<()> {
    let mut banks = vec![out.to_path_buf()];
    banks.extend(against.iter().cloned());
    let known = compose::known_keys(&banks)?;
    let started = std::time::Instant::now();
    let mut failed: Option<anyhow::Error> = None;
    let made = sente::problem::generator::generate(
        settings,
        &known,
        |g| {
            if failed.is_none() {
                failed = compose::write_all(out, std::slice::from_ref(g)).err();
            }
        },
        |made, wanted, tries| {
            let note = format!(
                "problems, {tries} attempts, {:.0} s",
                started.elapsed().as_secs_f64()
            );
            compose::progress_bar(made, wanted, &note);
        },
    );
    eprintln!();
    if let Some(e) = failed {
        return Err(e);
    }
    let written = made.len();
    println!(
        "{written} new problems written under {} in {:.1} s ({} already in the banks)",
        out.display(),
        started.elapsed().as_secs_f64(),
        known.len()
    );
    Ok(())
}

fn run_mine(out: &std::path::Path, limit: usize, paths: &[PathBuf]) -> anyhow::Result<()> {
    let known = compose::known_keys(&[out.to_path_buf()])?;
    let files = collect_sgf_files(paths)?;
    let started = std::time::Instant::now();
    let made = compose::mine_files(&files, &known, limit, |k, n, found| {
        compose::progress_bar(k, n, &format!("records, {found} problems"));
    })?;
    eprintln!();
    let written = compose::write_all(out, &made)?;
    println!(
        "{written} problems mined from {} records in {:.1} s, written under {}",
        files.len(),
        started.elapsed().as_secs_f64(),
        out.display()
    );
    Ok(())
}
