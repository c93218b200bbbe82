//! A generator of large databases for measuring the growth log and "next problem" at scale:
//! problems (copies of real ones, so every page can draw them), families, classes and learners,
//! and a year of attempts with their moves, rated games, concept ratings, reviews and placement
//! tests, written with multi-row INSERT statements in large transactions.
//!
//! Generated children all share one picture password (0-1-2): hashing 10,000 argon2 secrets would
//! take minutes and tells nothing about query speed.

use std::collections::{HashMap, HashSet};

use diesel::connection::SimpleConnection;
use diesel::prelude::*;

use super::connection::AnyConnection;
use super::queries::{ImportItem, now_ms};
use crate::go::Rng;
use crate::rating::assessment::{rating_of_number, success_chance};
use crate::rating::rank_of;

/// How much to generate.
#[derive(Debug, Clone, Copy)]
pub struct Spec {
    pub problems: usize,
    pub learners: usize,
    pub attempts: usize,
    /// Sessions opened for sampled learners (their tokens are returned for load clients).
    pub sessions: usize,
    pub seed: u64,
}

/// What was written.
#[derive(Debug, Default)]
pub struct Report {
    pub problems: usize,
    pub users: usize,
    pub attempts: usize,
    pub moves: usize,
    pub rated: usize,
    pub reviews: usize,
    /// (learner id, session token) of sampled learners.
    pub sessions: Vec<(i32, String)>,
    /// The admin account's user name and password (it may read every learner).
    pub admin: (String, String),
}

fn sql_text(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

fn max_id(conn: &mut AnyConnection, table: &str) -> QueryResult<i64> {
    #[derive(QueryableByName)]
    struct M {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        m: i64,
    }
    let q = format!("SELECT CAST(COALESCE(MAX(id), 0) AS BIGINT) AS m FROM {table}");
    let rows: Vec<M> = match conn {
        AnyConnection::Sqlite(c) => diesel::sql_query(q).load(c)?,
        AnyConnection::Postgresql(c) => diesel::sql_query(q).load(c)?,
    };
    Ok(rows.first().map_or(0, |r| r.m))
}

fn exec(conn: &mut AnyConnection, sql: &str) -> QueryResult<()> {
    match conn {
        AnyConnection::Sqlite(c) => c.batch_execute(sql),
        AnyConnection::Postgresql(c) => c.batch_execute(sql),
    }
}

/// Collects rows and writes them as multi-row INSERTs of up to 1,000 rows.
struct Inserter<'a> {
    head: String,
    rows: Vec<String>,
    written: usize,
    conn: &'a mut AnyConnection,
}

impl<'a> Inserter<'a> {
    fn new(conn: &'a mut AnyConnection, table: &str, columns: &str) -> Self {
        Inserter {
            head: format!("INSERT INTO {table} ({columns}) VALUES "),
            rows: Vec::with_capacity(1000),
            written: 0,
            conn,
        }
    }

    fn row(&mut self, values: String) -> QueryResult<()> {
        self.rows.push(values);
        if self.rows.len() == 1000 {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> QueryResult<()> {
        if self.rows.is_empty() {
            return Ok(());
        }
        let mut sql = String::with_capacity(self.head.len() + self.rows.len() * 80);
        sql.push_str(&self.head);
        for (i, r) in self.rows.iter().enumerate() {
            if i > 0 {
                sql.push(',');
            }
            sql.push('(');
            sql.push_str(r);
            sql.push(')');
        }
        exec(self.conn, &sql)?;
        self.written += self.rows.len();
        self.rows.clear();
        Ok(())
    }

    fn finish(mut self) -> QueryResult<usize> {
        self.flush()?;
        Ok(self.written)
    }
}

/// Runs `f` in one transaction (big batches commit far faster than one row at a time).
fn in_tx<T>(
    conn: &mut AnyConnection,
    f: impl FnOnce(&mut AnyConnection) -> QueryResult<T>,
) -> QueryResult<T> {
    conn.transaction(f)
}

const DAY_MS: i64 = 24 * 3600 * 1000;

/// Fills the database. `templates` are real problems the generated ones copy (round robin).
pub fn generate(
    conn: &mut AnyConnection,
    spec: &Spec,
    templates: &[ImportItem],
    mut progress: impl FnMut(&str),
) -> QueryResult<Report> {
    assert!(!templates.is_empty(), "the generator copies real problems");
    let mut rng = Rng::new(spec.seed);
    let mut report = Report::default();
    let now = now_ms();

    // Problems, in one generated set, rated from 25 kyu to 3 dan.
    let set_id =
        super::queries::ensure_set(conn, "generated", "Generated", Some("sente generate"))?;
    let p0 = max_id(conn, "problems")? + 1;
    let pos0 = p0;
    let mut ratings = Vec::with_capacity(spec.problems);
    let mut kinds = Vec::with_capacity(spec.problems);
    in_tx(conn, |conn| {
        let mut ins = Inserter::new(
            conn,
            "problems",
            "id, set_id, position, file, sgf, size, to_play, kind, black, white, vp_x0, vp_y0, vp_x1, vp_y1, name, comment, source, rating, rating_rd, rating_vol, created_at",
        );
        for i in 0..spec.problems {
            let t = &templates[i % templates.len()];
            let p = &t.problem;
            let rating = rating_of_number(5.0 + 28.0 * rng.uniform());
            ratings.push(rating);
            let kind = crate::rating::concept_of(p.kind.as_str()).to_string();
            kinds.push(kind);
            let pts = |v: &[crate::go::Point]| v.iter().map(|q| q.to_sgf()).collect::<String>();
            ins.row(format!(
                "{},{set_id},{},{},{},{},{},{},{},{},{},{},{},{},NULL,NULL,NULL,{rating},{},0.06,{now}",
                p0 + i as i64,
                pos0 + i as i64,
                sql_text(&format!("generated-{i}-{}", t.file)),
                sql_text(&t.sgf),
                p.size,
                sql_text(p.to_play.sgf_letter()),
                sql_text(p.kind.as_str()),
                sql_text(&pts(&p.black)),
                sql_text(&pts(&p.white)),
                p.viewport.x0,
                p.viewport.y0,
                p.viewport.x1,
                p.viewport.y1,
                80.0 + 60.0 * rng.uniform(),
            ))?;
        }
        report.problems = ins.finish()?;
        Ok(())
    })?;
    progress(&format!("{} problems", report.problems));

    // People: an admin; one parent per two children; one teacher per class of 25.
    let u0 = max_id(conn, "users")? + 1;
    let picture_hash = super::accounts::hash_secret("0-1-2");
    let admin_password = "bench admin password".to_string();
    let admin_hash = super::accounts::hash_secret(&admin_password);
    let admin_name = format!("bench_admin_{}", spec.seed);
    let parents = spec.learners.div_ceil(2);
    let classes = spec.learners.div_ceil(25);
    let parent0 = u0 + 1;
    let teacher0 = parent0 + parents as i64;
    let child0 = teacher0 + classes as i64;
    let truths: Vec<f64> = (0..spec.learners)
        .map(|_| (12.0 + 7.0 * rng.normal()).clamp(0.0, 32.0))
        .collect();
    let c0 = max_id(conn, "classes")? + 1;
    in_tx(conn, |conn| {
        let mut ins = Inserter::new(
            conn,
            "users",
            "id, role, username, password_hash, display_name, picture_hash, parent_id, family_code, rating, rating_rd, rating_vol, created_at, target_success",
        );
        let year_ago = now - 365 * DAY_MS;
        ins.row(format!(
            "{u0},'admin',{},{},'Admin',NULL,NULL,NULL,1500,350,0.06,{year_ago},0.75",
            sql_text(&admin_name),
            sql_text(&admin_hash)
        ))?;
        for k in 0..parents {
            ins.row(format!(
                "{},'parent','gen_parent_{}_{k}',NULL,'家长 {k}',NULL,NULL,'G{}{k:06}',1500,350,0.06,{year_ago},0.75",
                parent0 + k as i64,
                spec.seed,
                spec.seed % 10
            ))?;
        }
        for k in 0..classes {
            ins.row(format!(
                "{},'teacher','gen_teacher_{}_{k}',NULL,'老师 {k}',NULL,NULL,NULL,1500,350,0.06,{year_ago},0.75",
                teacher0 + k as i64,
                spec.seed
            ))?;
        }
        for (k, truth) in truths.iter().enumerate() {
            ins.row(format!(
                "{},'learner',NULL,NULL,'孩子 {k}',{},{},NULL,{},80,0.06,{year_ago},0.75",
                child0 + k as i64,
                sql_text(&picture_hash),
                parent0 + (k / 2) as i64,
                rating_of_number(*truth)
            ))?;
        }
        report.users = ins.finish()?;
        let mut ins = Inserter::new(conn, "classes", "id, teacher_id, name, code, created_at");
        for k in 0..classes {
            ins.row(format!(
                "{},{},'班 {k}','C{}{k:06}',{year_ago}",
                c0 + k as i64,
                teacher0 + k as i64,
                spec.seed % 10
            ))?;
        }
        ins.finish()?;
        let mut ins = Inserter::new(conn, "class_members", "class_id, learner_id");
        for k in 0..spec.learners {
            ins.row(format!("{},{}", c0 + (k / 25) as i64, child0 + k as i64))?;
        }
        ins.finish()?;
        Ok(())
    })?;
    progress(&format!("{} users", report.users));

    // A year of attempts per learner, in time order: first tries rated, a few with hints,
    // failures leaving their wrong move and, in the last week, a pending review.
    let a0 = max_id(conn, "attempts")? + 1;
    let m0 = max_id(conn, "attempt_moves")? + 1;
    let h0 = max_id(conn, "ratings_history")? + 1;
    let mut order: Vec<usize> = (0..ratings.len()).collect();
    order.sort_by(|&a, &b| ratings[a].total_cmp(&ratings[b]));
    let sorted: Vec<f64> = order.iter().map(|&i| ratings[i]).collect();
    let per = spec.attempts / spec.learners.max(1);
    let extra = spec.attempts % spec.learners.max(1);
    let mut next_attempt = a0;
    let mut next_move = m0;
    let mut next_history = h0;
    let chunk = 200usize;
    for start in (0..spec.learners).step_by(chunk) {
        in_tx(conn, |conn| {
            let mut rows_a = Vec::new();
            let mut rows_m = Vec::new();
            let mut rows_h = Vec::new();
            let mut rows_c = Vec::new();
            let mut rows_r = Vec::new();
            let mut rows_s = Vec::new();
            for (k, &truth_rank) in truths.iter().enumerate().skip(start).take(chunk) {
                let learner = child0 + k as i64;
                let n = per + usize::from(k < extra);
                let truth = rating_of_number(truth_rank);
                let mut seen = HashSet::with_capacity(n);
                let mut concept: HashMap<&str, (i32, i32)> = HashMap::new();
                let mut times: Vec<i64> = (0..n)
                    .map(|_| now - (rng.uniform() * 365.0 * DAY_MS as f64) as i64)
                    .collect();
                times.sort_unstable();
                let mut rated_k = 0.0f64;
                for t in times {
                    let id = next_attempt;
                    next_attempt += 1;
                    // Problems near the learner's level, as practice picks them.
                    let target = truth - 190.0 + 150.0 * rng.normal();
                    let at = sorted.partition_point(|&r| r < target);
                    let spread = (sorted.len() / 50).max(50);
                    let jitter = rng.below(2 * spread + 1) as i64 - spread as i64;
                    let pos = (at as i64 + jitter).clamp(0, sorted.len() as i64 - 1) as usize;
                    let pi = order[pos];
                    let problem = p0 + pi as i64;
                    let solved = rng.chance(success_chance(truth, ratings[pi], 80.0));
                    let hints = i32::from(rng.uniform() < 0.05);
                    let rated = seen.insert(pi) && hints == 0;
                    let ended = t + 5_000 + (rng.uniform() * 60_000.0) as i64;
                    let result = if solved { "solved" } else { "wrong" };
                    rows_a.push(format!(
                        "{id},{problem},{learner},{t},{ended},'{result}',{},{hints},0,NULL,NULL,{},{}",
                        bool_sql(conn, rated),
                        bool_sql(conn, false),
                        i32::from(!solved)
                    ));
                    if !solved {
                        let p = &templates[pi % templates.len()].problem;
                        let mv = crate::go::Point::new(p.viewport.x0, p.viewport.y0).to_sgf();
                        rows_m.push(format!(
                            "{},{id},0,'{mv}',{},'wrong',NULL,{},{ended}",
                            next_move,
                            bool_sql(conn, true),
                            ended - t
                        ));
                        next_move += 1;
                        if now - t < 7 * DAY_MS {
                            rows_r.push(format!(
                                "{learner},{problem},1,{},{},NULL,{ended}",
                                ended + DAY_MS,
                                1 + rng.below(15)
                            ));
                        }
                    }
                    if rated {
                        // The rating closes in on the truth as games accumulate.
                        rated_k += 1.0;
                        let settle = (-rated_k / 40.0).exp();
                        let r = truth + (800.0 - truth) * settle + 40.0 * rng.normal();
                        let rd = (350.0 * settle).max(60.0);
                        rows_h.push(format!(
                            "{},{learner},{id},{problem},{},{r},{r},{rd},{},{ended}",
                            next_history,
                            bool_sql(conn, solved),
                            ratings[pi]
                        ));
                        next_history += 1;
                        let c = concept.entry(kinds[pi].as_str()).or_default();
                        c.0 += 1;
                        c.1 += i32::from(solved);
                    }
                }
                for (name, (tries, ok)) in concept {
                    rows_c.push(format!(
                        "{learner},'{name}',{},90,0.06,{tries},{ok}",
                        truth + 60.0 * rng.normal()
                    ));
                }
                let est = truth + 50.0 * rng.normal();
                let (lo, mid, hi) = (rank_of(est - 80.0), rank_of(est), rank_of(est + 80.0));
                rows_s.push(format!(
                    "{learner},{},{},14,{est},1.2,'{mid}','{lo}','{hi}'",
                    now - 300 * DAY_MS,
                    now - 300 * DAY_MS + 600_000
                ));
            }
            report.attempts += write_rows(
                conn,
                "attempts",
                "id, problem_id, learner_id, started_at, ended_at, result, rated, hints, view, review_id, assessment_id, solution_viewed, move_count",
                rows_a,
            )?;
            report.moves += write_rows(
                conn,
                "attempt_moves",
                "id, attempt_id, seq, mv, by_learner, judged, comment, ms_since_prev, created_at",
                rows_m,
            )?;
            report.rated += write_rows(
                conn,
                "ratings_history",
                "id, user_id, attempt_id, problem_id, solved, rating_before, rating_after, rd_after, problem_rating_after, created_at",
                rows_h,
            )?;
            write_rows(
                conn,
                "concept_ratings",
                "learner_id, concept, rating, rating_rd, rating_vol, attempts, solved",
                rows_c,
            )?;
            report.reviews += write_rows(
                conn,
                "reviews",
                "learner_id, problem_id, stage, due_at, view, done_at, created_at",
                rows_r,
            )?;
            write_rows(
                conn,
                "assessments",
                "learner_id, started_at, ended_at, items, estimate, sd, rank, rank_low, rank_high",
                rows_s,
            )?;
            Ok(())
        })?;
        progress(&format!(
            "learners {}/{}: {} attempts",
            (start + chunk).min(spec.learners),
            spec.learners,
            report.attempts
        ));
    }
    // PostgreSQL's sequences must move past the explicit ids.
    if let AnyConnection::Postgresql(_) = conn {
        for t in [
            "problems",
            "users",
            "classes",
            "attempts",
            "attempt_moves",
            "ratings_history",
        ] {
            exec(
                conn,
                &format!(
                    "SELECT setval(pg_get_serial_sequence('{t}', 'id'), (SELECT MAX(id) FROM {t}))"
                ),
            )?;
        }
        exec(conn, "ANALYZE")?;
    } else {
        exec(conn, "ANALYZE")?;
    }
    // Sessions for sampled learners (a load client signs in as them).
    for _ in 0..spec.sessions.min(spec.learners) {
        let learner = (child0 + rng.below(spec.learners) as i64) as i32;
        let token = super::accounts::open_session(conn, learner)?;
        report.sessions.push((learner, token));
    }
    report.admin = (admin_name, admin_password);
    Ok(report)
}

fn bool_sql(conn: &AnyConnection, b: bool) -> &'static str {
    match (conn, b) {
        (AnyConnection::Postgresql(_), true) => "TRUE",
        (AnyConnection::Postgresql(_), false) => "FALSE",
        (_, true) => "1",
        (_, false) => "0",
    }
}

fn write_rows(
    conn: &mut AnyConnection,
    table: &str,
    columns: &str,
    rows: Vec<String>,
) -> QueryResult<usize> {
    let mut ins = Inserter::new(conn, table, columns);
    for r in rows {
        ins.row(r)?;
    }
    ins.finish()
}

/// A sum used by tests: the number of rows of a table.
pub fn count_rows(conn: &mut AnyConnection, table: &str) -> QueryResult<i64> {
    #[derive(QueryableByName)]
    struct N {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let q = format!("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM {table}");
    let rows: Vec<N> = match conn {
        AnyConnection::Sqlite(c) => diesel::sql_query(q).load(c)?,
        AnyConnection::Postgresql(c) => diesel::sql_query(q).load(c)?,
    };
    Ok(rows.first().map_or(0, |r| r.n))
}
