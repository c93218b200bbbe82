//! `TestApp`: the real service on port 0 with its own fresh database, SQLite (a temp file) or
//! PostgreSQL (a new database on `SENTE_TEST_POSTGRES`, dropped afterwards), and client methods
//! so that tests read like the learner's story.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use diesel::{Connection, PgConnection, RunQueryDsl};
use sente::app::secrets::Limits;
use serde_json::Value;

/// Runs each named story (a `fn(Db, &str)` of the calling module) as two tests, one per backend.
macro_rules! both_backends {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(#[test] fn $name() { super::$name(super::Db::Sqlite, concat!("sqlite::", stringify!($name))) })*
        }
        mod postgres {
            $(#[test] fn $name() { super::$name(super::Db::Postgres, concat!("postgres::", stringify!($name))) })*
        }
    };
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Db {
    Sqlite,
    Postgres,
}

/// A database that exists for one test.
pub struct TestDb {
    pub url: String,
    dir: PathBuf,
    pg_admin: Option<(String, String)>,
}

impl TestDb {
    /// `None` (with a message) when PostgreSQL is asked for but `SENTE_TEST_POSTGRES` is unset.
    pub fn new(kind: Db, test: &str) -> Option<TestDb> {
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let dir = std::env::temp_dir().join(format!("sente-it-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        match kind {
            Db::Sqlite => Some(TestDb {
                url: format!("sqlite:{}", dir.join("sente.db").display()),
                dir,
                pg_admin: None,
            }),
            Db::Postgres => {
                let Ok(admin) = std::env::var("SENTE_TEST_POSTGRES") else {
                    eprintln!("{test}: PostgreSQL part skipped, SENTE_TEST_POSTGRES is not set");
                    return None;
                };
                let name = format!("sente_it_{}_{n}", std::process::id());
                let mut conn =
                    PgConnection::establish(&admin).expect("connect to SENTE_TEST_POSTGRES");
                diesel::sql_query(format!("CREATE DATABASE {name}"))
                    .execute(&mut conn)
                    .unwrap();
                let base = admin
                    .rsplit_once('/')
                    .map_or(admin.as_str(), |(b, _)| b)
                    .to_string();
                Some(TestDb {
                    url: format!("{base}/{name}"),
                    dir,
                    pg_admin: Some((admin, name)),
                })
            }
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
        if let Some((admin, name)) = &self.pg_admin
            && let Ok(mut conn) = PgConnection::establish(admin)
        {
            let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                .execute(&mut conn);
        }
    }
}

/// The service running on a free port of the loopback interface.
pub struct TestApp {
    pub base: String,
    /// Shared by every server of the test (`another_server`).
    pub db: std::sync::Arc<TestDb>,
    handle: actix_web::dev::ServerHandle,
    thread: Option<std::thread::JoinHandle<()>>,
    agent: ureq::Agent,
}

/// An HTTP answer: status and JSON body (Null when the body is not JSON).
pub struct Reply {
    pub status: u16,
    pub json: Value,
    pub text: String,
}

impl TestApp {
    /// The app with request limits too high to matter: the stories send many requests from one
    /// address. `spawn_with_limits` tests the limits themselves.
    pub fn spawn(kind: Db, test: &str) -> Option<TestApp> {
        Self::spawn_with_limits(
            kind,
            test,
            Limits::per_minute(100_000, 100_000, 100_000, 100_000),
        )
    }

    pub fn spawn_with_limits(kind: Db, test: &str, limits: Limits) -> Option<TestApp> {
        Self::spawn_with(kind, test, 4, limits)
    }

    /// The app on a pool of `pool_size` connections.
    pub fn spawn_with(kind: Db, test: &str, pool_size: u32, limits: Limits) -> Option<TestApp> {
        let db = std::sync::Arc::new(TestDb::new(kind, test)?);
        Some(Self::serve(
            db,
            pool_size,
            limits,
            sente::app::state::LIVE_ATTEMPTS,
        ))
    }

    /// Another server process on this app's database (as behind a load balancer), holding at
    /// most `live` open attempts in memory.
    pub fn another_server(&self, live: usize) -> TestApp {
        Self::serve(
            self.db.clone(),
            4,
            Limits::per_minute(100_000, 100_000, 100_000, 100_000),
            live,
        )
    }

    fn serve(db: std::sync::Arc<TestDb>, pool_size: u32, limits: Limits, live: usize) -> TestApp {
        let pool = sente::db::connect_pool(&db.url, pool_size).expect("open the test database");
        let (tx, rx) = std::sync::mpsc::channel();
        let thread = std::thread::spawn(move || {
            actix_web::rt::System::new().block_on(async move {
                let state =
                    sente::app::AppState::with_limits(pool, limits).with_live_capacity(live);
                let (server, addr) =
                    sente::web::start_with(state, "127.0.0.1:0").expect("bind port 0");
                tx.send((addr, server.handle())).unwrap();
                server.await.unwrap();
            })
        });
        let (addr, handle) = rx.recv().unwrap();
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .into();
        TestApp {
            base: format!("http://{addr}"),
            db,
            handle,
            thread: Some(thread),
            agent,
        }
    }

    fn reply(resp: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Reply {
        let mut resp = resp.expect("the server answers");
        let status = resp.status().as_u16();
        let text = resp.body_mut().read_to_string().unwrap_or_default();
        Reply {
            status,
            json: serde_json::from_str(&text).unwrap_or(Value::Null),
            text,
        }
    }

    pub fn get(&self, path: &str) -> Reply {
        Self::reply(self.agent.get(format!("{}{path}", self.base)).call())
    }

    /// The headers of a GET (lower-case names).
    pub fn agent_get_headers(&self, path: &str) -> std::collections::HashMap<String, String> {
        let resp = self
            .agent
            .get(format!("{}{path}", self.base))
            .call()
            .expect("the server answers");
        resp.headers()
            .iter()
            .map(|(k, v)| (k.as_str().to_string(), v.to_str().unwrap_or("").to_string()))
            .collect()
    }

    pub fn post(&self, path: &str, body: Option<&str>) -> Reply {
        let req = self.agent.post(format!("{}{path}", self.base));
        Self::reply(match body {
            Some(b) => req.header("content-type", "application/json").send(b),
            None => req.send_empty(),
        })
    }

    /// Starts an attempt and returns its id.
    pub fn start_attempt(&self, problem_id: i64) -> i64 {
        let r = self.post(&format!("/api/problems/{problem_id}/attempts"), None);
        assert_eq!(r.status, 201, "{}", r.text);
        r.json["attempt_id"].as_i64().unwrap()
    }

    pub fn post_move(&self, attempt: i64, mv: &str) -> Reply {
        self.post(
            &format!("/api/attempts/{attempt}/moves"),
            Some(&serde_json::json!({ "move": mv }).to_string()),
        )
    }

    /// Runs `sente import` against this app's database.
    pub fn import(&self, set: Option<&str>, paths: &[&Path]) -> std::process::Output {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_sente"));
        cmd.args(["import", "--database", &self.db.url]);
        if let Some(s) = set {
            cmd.args(["--set", s]);
        }
        cmd.args(paths).output().unwrap()
    }

    /// The id of the problem whose stored file name is `file`.
    pub fn problem_id(&self, set: &str, position: usize) -> i64 {
        let r = self.get(&format!("/api/problems?set={set}&limit=500"));
        r.json.as_array().unwrap()[position - 1]["id"]
            .as_i64()
            .unwrap()
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        let handle = self.handle.clone();
        // Stop the server before the database is dropped.
        futures_stop(handle);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn futures_stop(handle: actix_web::dev::ServerHandle) {
    actix_web::rt::System::new().block_on(handle.stop(false));
}
