//! Connections: `AnyConnection` over SQLite and PostgreSQL, the pool, and migrations. The URL is
//! checked before anything is opened (its scheme picks the backend; an SQLite file's folder must
//! exist), and a failure to connect is explained in one line. Never creates folders.

use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::r2d2::{CustomizeConnection, R2D2Connection};
use diesel::{Connection, PgConnection, SqliteConnection};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/postgres");

/// A connection to either backend; queries are written once for both.
#[derive(diesel::MultiConnection)]
pub enum AnyConnection {
    Postgresql(PgConnection),
    Sqlite(SqliteConnection),
}

pub type Pool = diesel::r2d2::Pool<Manager>;
/// A connection checked out of the pool.
pub type PooledConn = diesel::r2d2::PooledConnection<Manager>;

/// Which database a URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Failures of the persistence layer. The connection errors say what is wrong and what to do,
/// in one line, because they are what a person starting the server reads first.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("database: {0}")]
    Query(#[from] diesel::result::Error),
    #[error("database pool: {0}")]
    Pool(#[from] diesel::r2d2::PoolError),
    #[error("database connection: {0}")]
    Connection(#[from] diesel::ConnectionError),
    #[error("database migration: {0}")]
    Migration(String),
    #[error("unknown database URL scheme '{0}': use sqlite:PATH or postgres://user@host/db")]
    UnknownScheme(String),
    #[error("the folder {0} for the SQLite database does not exist")]
    NoFolder(String),
    #[error("cannot open the SQLite database {path}: {message}")]
    Sqlite { path: String, message: String },
    #[error(
        "cannot connect to PostgreSQL at {at}: connection refused (is the server running there?)"
    )]
    PgRefused { at: String },
    #[error(
        "the PostgreSQL database '{name}' does not exist on {at}: create it with `createdb {name}` (or CREATE DATABASE {name};)"
    )]
    PgNoDatabase { name: String, at: String },
    #[error("PostgreSQL authentication failed for user '{user}' on {at} ({reason})")]
    PgAuth {
        user: String,
        at: String,
        reason: String,
    },
    #[error(
        "bad PostgreSQL URL {url}: {message} (expected postgres://user[:password]@host[:port]/db)"
    )]
    PgBadUrl { url: String, message: String },
    #[error("cannot connect to PostgreSQL at {at}: {message}")]
    PgOther { at: String, message: String },
}

/// The backend named by a URL: `postgres://` or `postgresql://` is PostgreSQL; `sqlite:PATH`,
/// `sqlite://PATH` and a plain path are SQLite. Any other `word:` prefix is an error rather than
/// a file name, so that a typo such as `postgress://` cannot quietly create an SQLite file.
pub fn backend_of(url: &str) -> Result<Backend, DbError> {
    match scheme(url) {
        None | Some("sqlite") => Ok(Backend::Sqlite),
        Some("postgres" | "postgresql") => Ok(Backend::Postgres),
        Some(other) => Err(DbError::UnknownScheme(other.to_string())),
    }
}

/// The URL scheme: the text before the first `:` when it is a word of two or more letters,
/// digits, `+`, `-` or `.` starting with a letter (one letter is a Windows drive, `C:\`).
fn scheme(url: &str) -> Option<&str> {
    let (word, _) = url.split_once(':')?;
    let is_word = word.len() >= 2
        && word.starts_with(|c: char| c.is_ascii_alphabetic())
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    is_word.then_some(word)
}

/// The file path of an SQLite URL.
fn sqlite_path(url: &str) -> &str {
    url.strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .unwrap_or(url)
}

/// What to connect to, checked once: the pool then opens exactly this backend for every
/// connection (diesel's `AnyConnection::establish` would try PostgreSQL, then SQLite).
#[derive(Clone, Debug)]
enum Target {
    Sqlite(String),
    /// The URL as given (for messages) and as libpq gets it.
    Postgres {
        given: String,
        url: String,
    },
}

impl Target {
    /// The target of a URL. An SQLite file's folder must exist: creating folders from a URL
    /// would turn a typo into a new, empty database somewhere unexpected.
    fn of(url: &str) -> Result<Target, DbError> {
        match backend_of(url)? {
            Backend::Postgres => Ok(Target::Postgres {
                given: url.to_string(),
                url: with_connect_timeout(url),
            }),
            Backend::Sqlite => {
                let path = sqlite_path(url);
                if let Some(dir) = std::path::Path::new(path).parent()
                    && !dir.as_os_str().is_empty()
                    && !dir.is_dir()
                {
                    return Err(DbError::NoFolder(dir.display().to_string()));
                }
                Ok(Target::Sqlite(path.to_string()))
            }
        }
    }

    fn establish(&self) -> diesel::ConnectionResult<AnyConnection> {
        match self {
            Target::Sqlite(path) => SqliteConnection::establish(path).map(AnyConnection::Sqlite),
            Target::Postgres { url, .. } => {
                PgConnection::establish(url).map(AnyConnection::Postgresql)
            }
        }
    }

    /// One connection, with its failure explained (see [`DbError`]).
    fn connect_once(&self) -> Result<AnyConnection, DbError> {
        self.establish().map_err(|e| match self {
            Target::Sqlite(path) => DbError::Sqlite {
                path: path.clone(),
                message: e.to_string(),
            },
            Target::Postgres { given, .. } => explain_pg(given, &e.to_string()),
        })
    }
}

/// libpq waits for the operating system's TCP timeout (minutes) on a host that does not answer;
/// five seconds is plenty on a network where the database is meant to be reached.
fn with_connect_timeout(url: &str) -> String {
    if url.contains("connect_timeout=") {
        url.to_string()
    } else if url.contains('?') {
        format!("{url}&connect_timeout=5")
    } else {
        format!("{url}?connect_timeout=5")
    }
}

/// The parts of a PostgreSQL URL that messages name: host:port, user and database.
fn pg_parts(url: &str) -> (String, String, String) {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let rest = rest.split_once('?').map_or(rest, |(r, _)| r);
    let (authority, db) = rest.split_once('/').unwrap_or((rest, ""));
    let (user, host) = match authority.rsplit_once('@') {
        Some((info, host)) => (info.split_once(':').map_or(info, |(u, _)| u), host),
        None => ("", authority),
    };
    let host = if host.is_empty() { "localhost" } else { host };
    let at = if host.contains(':') {
        host.to_string()
    } else {
        format!("{host}:5432")
    };
    (at, user.to_string(), db.to_string())
}

/// The URL with its password (if any) replaced by `***`, fit for a log line.
fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let authority_end = rest.find('/').unwrap_or(rest.len());
    match rest[..authority_end].rsplit_once('@') {
        Some((info, _)) if info.contains(':') => {
            let user = info.split_once(':').map_or(info, |(u, _)| u);
            format!("{scheme}://{user}:***@{}", &rest[info.len() + 1..])
        }
        _ => url.to_string(),
    }
}

/// Turns libpq's message into one that says what failed. libpq's wording is stable across
/// versions for these cases (`Connection refused`, `database "x" does not exist`, ...).
fn explain_pg(url: &str, message: &str) -> DbError {
    let (at, user, db) = pg_parts(url);
    let lower = message.to_lowercase();
    let quoted = |after: &str| {
        message
            .find(after)
            .and_then(|i| message[i + after.len()..].split('"').next())
            .map(str::to_string)
    };
    let first_line = |text: &str| {
        text.lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or("no message from libpq")
            .to_string()
    };
    // The server's own reason, after libpq's "connection to server at ... failed:".
    let fatal = message.split_once("FATAL:").map_or(message, |(_, r)| r);
    // Names in quotes (a host called `x.invalid`) must not look like libpq's words.
    let unquoted: String = lower.split('"').step_by(2).collect();
    if unquoted.contains("connection refused") {
        DbError::PgRefused { at }
    } else if lower.contains("database \"") && unquoted.contains("does not exist") {
        let name = quoted("database \"").unwrap_or(db);
        DbError::PgNoDatabase { name, at }
    } else if unquoted.contains("authentication failed")
        || unquoted.contains("no password supplied")
        || unquoted.contains("no pg_hba.conf entry")
        || (lower.contains("role \"") && unquoted.contains("does not exist"))
    {
        let user = quoted("user \"")
            .or_else(|| quoted("role \""))
            .unwrap_or(user);
        DbError::PgAuth {
            user,
            at,
            reason: first_line(fatal),
        }
    } else if unquoted.contains("invalid")
        || unquoted.contains("connection info string")
        || unquoted.contains("unterminated")
        || unquoted.contains("nul byte")
    {
        DbError::PgBadUrl {
            url: without_password(url),
            message: first_line(message),
        }
    } else {
        DbError::PgOther {
            at,
            message: first_line(message),
        }
    }
}

/// Opens connections of the one backend its [`Target`] names.
#[derive(Debug)]
pub struct Manager(Target);

impl diesel::r2d2::ManageConnection for Manager {
    type Connection = AnyConnection;
    type Error = diesel::r2d2::Error;

    fn connect(&self) -> Result<AnyConnection, Self::Error> {
        self.0
            .establish()
            .map_err(diesel::r2d2::Error::ConnectionError)
    }

    fn is_valid(&self, conn: &mut AnyConnection) -> Result<(), Self::Error> {
        conn.ping().map_err(diesel::r2d2::Error::QueryError)
    }

    fn has_broken(&self, conn: &mut AnyConnection) -> bool {
        std::thread::panicking() || conn.is_broken()
    }
}

/// Per-connection settings for SQLite: WAL, foreign keys, a busy timeout; synchronous=NORMAL, which
/// in WAL mode keeps every committed transaction through a crash of the process.
#[derive(Debug)]
struct SqliteSettings;

impl CustomizeConnection<AnyConnection, diesel::r2d2::Error> for SqliteSettings {
    fn on_acquire(&self, conn: &mut AnyConnection) -> Result<(), diesel::r2d2::Error> {
        if let AnyConnection::Sqlite(c) = conn {
            c.batch_execute(
                "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;",
            )
            .map_err(diesel::r2d2::Error::QueryError)?;
        }
        Ok(())
    }
}

/// Opens a pool of at most `max_size` connections on `url` and runs the pending migrations.
///
/// One direct connection is made first, so that a wrong URL, a stopped server, a missing database
/// or a refused password is reported at once and by name (see [`DbError`]) instead of as the
/// pool's timeout. The pool then holds `max_size` connections, opened at start: the caller picks
/// the size from its concurrency (the server: its blocking workers plus the writer; a CLI command:
/// one or two). `pool.get()` waits at most 10 s for a free connection: long enough to ride out a
/// burst of requests, short enough that a database that stopped answering shows up as an error
/// rather than a page that hangs.
pub fn connect_pool(url: &str, max_size: u32) -> Result<Pool, DbError> {
    let target = Target::of(url)?;
    drop(target.connect_once()?);
    let pool = diesel::r2d2::Pool::builder()
        .max_size(max_size)
        .connection_timeout(Duration::from_secs(10))
        .connection_customizer(Box::new(SqliteSettings))
        .build(Manager(target))?;
    let mut conn = pool.get()?;
    run_migrations(&mut conn)?;
    Ok(pool)
}

fn run_migrations(conn: &mut AnyConnection) -> Result<(), DbError> {
    let result = match conn {
        AnyConnection::Sqlite(c) => c.run_pending_migrations(SQLITE_MIGRATIONS).map(|_| ()),
        AnyConnection::Postgresql(c) => c.run_pending_migrations(POSTGRES_MIGRATIONS).map(|_| ()),
    };
    result.map_err(|e| DbError::Migration(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_backend_comes_from_the_scheme_and_unknown_schemes_are_errors() {
        for url in [
            "sqlite:data/x.db",
            "sqlite:///tmp/x.db",
            "data/x.db",
            "x.db",
            ":memory:",
        ] {
            assert_eq!(backend_of(url).unwrap(), Backend::Sqlite, "{url}");
        }
        for url in ["postgres://u@h/db", "postgresql://h:5433/db"] {
            assert_eq!(backend_of(url).unwrap(), Backend::Postgres, "{url}");
        }
        assert_eq!(backend_of(r"C:\data\x.db").unwrap(), Backend::Sqlite);
        let err = backend_of("postgress://u@h/db").unwrap_err().to_string();
        assert_eq!(
            err,
            "unknown database URL scheme 'postgress': use sqlite:PATH or postgres://user@host/db"
        );
        assert!(backend_of("mysql:x").is_err());
    }

    #[test]
    fn libpq_messages_become_errors_that_say_what_failed() {
        let url = "postgres://bob:secret@db.example:5433/sente";
        let refused = "connection to server at \"db.example\" (10.0.0.1), port 5433 failed: Connection refused\n\tIs the server running on that host and accepting TCP/IP connections?";
        assert!(
            matches!(explain_pg(url, refused), DbError::PgRefused { at } if at == "db.example:5433")
        );
        let missing = "connection to server at \"db.example\", port 5433 failed: FATAL:  database \"sente\" does not exist";
        assert!(
            matches!(explain_pg(url, missing), DbError::PgNoDatabase { name, .. } if name == "sente")
        );
        let auth =
            "connection to server failed: FATAL:  password authentication failed for user \"bob\"";
        assert!(matches!(explain_pg(url, auth), DbError::PgAuth { user, .. } if user == "bob"));
        let unknown =
            "could not translate host name \"x.invalid\" to address: Name or service not known";
        assert!(matches!(explain_pg(url, unknown), DbError::PgOther { .. }));
        let bad = "invalid integer value \"x\" for connection option \"port\"";
        let err = explain_pg("postgres://bob:secret@h:x/db", bad).to_string();
        assert!(
            err.starts_with("bad PostgreSQL URL postgres://bob:***@h:x/db"),
            "{err}"
        );
        assert_eq!(
            pg_parts("postgres://h/db"),
            ("h:5432".into(), String::new(), "db".into())
        );
    }
}
