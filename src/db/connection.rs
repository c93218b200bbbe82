//! Connections: `AnyConnection` over SQLite and PostgreSQL, the pool, and migrations.

use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::r2d2::{ConnectionManager, CustomizeConnection, R2D2Connection};
use diesel::{PgConnection, SqliteConnection};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/postgres");

/// A connection to either backend; queries are written once for both.
#[derive(diesel::MultiConnection)]
pub enum AnyConnection {
    Postgresql(PgConnection),
    Sqlite(SqliteConnection),
}

pub type Pool = diesel::r2d2::Pool<ConnectionManager<AnyConnection>>;
/// A connection checked out of the pool.
pub type PooledConn = diesel::r2d2::PooledConnection<ConnectionManager<AnyConnection>>;

/// Which database a URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Failures of the persistence layer.
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
    #[error("cannot create the database folder {0}: {1}")]
    Folder(String, std::io::Error),
}

/// The backend named by a URL: `postgres://` or `postgresql://` is PostgreSQL; anything else
/// (`sqlite:path`, `sqlite://path`, a plain path) is an SQLite file. Never guessed by trying.
pub fn backend_of(url: &str) -> Backend {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Backend::Postgres
    } else {
        Backend::Sqlite
    }
}

/// The file path of an SQLite URL.
fn sqlite_path(url: &str) -> &str {
    url.strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .unwrap_or(url)
}

/// Per-connection settings for SQLite: WAL, foreign keys, a busy timeout; synchronous=FULL so an
/// acknowledged move survives a crash of the process or the machine.
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

/// Opens a pool on `url` and runs the pending migrations of its backend.
pub fn connect_pool(url: &str, max_size: u32) -> Result<Pool, DbError> {
    let url = match backend_of(url) {
        Backend::Postgres => url.to_string(),
        Backend::Sqlite => {
            let path = sqlite_path(url);
            if let Some(dir) = std::path::Path::new(path).parent()
                && !dir.as_os_str().is_empty()
            {
                std::fs::create_dir_all(dir)
                    .map_err(|e| DbError::Folder(dir.display().to_string(), e))?;
            }
            path.to_string()
        }
    };
    let manager = ConnectionManager::<AnyConnection>::new(url);
    let pool = diesel::r2d2::Pool::builder()
        .max_size(max_size)
        .connection_timeout(Duration::from_secs(10))
        .connection_customizer(Box::new(SqliteSettings))
        .build(manager)?;
    let mut conn = pool.get()?;
    run_migrations(&mut conn)?;
    debug_assert!(conn.ping().is_ok());
    Ok(pool)
}

fn run_migrations(conn: &mut AnyConnection) -> Result<(), DbError> {
    let result = match conn {
        AnyConnection::Sqlite(c) => c.run_pending_migrations(SQLITE_MIGRATIONS).map(|_| ()),
        AnyConnection::Postgresql(c) => c.run_pending_migrations(POSTGRES_MIGRATIONS).map(|_| ()),
    };
    result.map_err(|e| DbError::Migration(e.to_string()))
}
