//! Games as stored (issue #13): one row per game with its moves as text, its seats and its
//! state. What a game is, who may play it and who won is the use-case layer's (`app::games`);
//! this file reads and writes rows, each change conditional on the version it was read at
//! (ARCHITECTURE.md "A game").

use diesel::prelude::*;

use super::connection::AnyConnection;
use super::schema::games;

/// A game row.
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize)]
#[diesel(table_name = games)]
pub struct GameRow {
    pub id: i32,
    /// capture | go
    pub kind: String,
    pub size: i32,
    /// Captures to win (capture-Go) or handicap stones (Go).
    pub target: i32,
    /// computer | one_device | two_devices
    pub mode: String,
    pub bot_level: Option<i32>,
    /// The code the second device types (two devices, until it has joined).
    pub code: Option<String>,
    pub black_id: Option<i32>,
    pub white_id: Option<i32>,
    pub created_by: Option<i32>,
    /// SGF points and `pass`, separated by spaces.
    pub moves: String,
    /// Moves taken back by the child against the computer.
    pub undos: i32,
    /// B or W: who resigned.
    pub resigned: Option<String>,
    /// waiting | playing | finished | ended
    pub state: String,
    /// B or W; None for a draw or an unfinished game.
    pub winner: Option<String>,
    /// The SGF result (`B+R`, `W+3.75`, `B+`, `0`).
    pub result: Option<String>,
    pub version: i32,
    pub started_at: i64,
    pub updated_at: i64,
    pub ended_at: Option<i64>,
}

/// A game to store.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = games)]
pub struct NewGame {
    pub kind: String,
    pub size: i32,
    pub target: i32,
    pub mode: String,
    pub bot_level: Option<i32>,
    pub code: Option<String>,
    pub black_id: Option<i32>,
    pub white_id: Option<i32>,
    pub created_by: Option<i32>,
    pub moves: String,
    pub state: String,
    pub started_at: i64,
    pub updated_at: i64,
}

/// Everything a change may set (every field written: a None clears the column).
#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = games, treat_none_as_null = true)]
pub struct GameChange {
    pub code: Option<String>,
    pub black_id: Option<i32>,
    pub white_id: Option<i32>,
    pub moves: String,
    pub undos: i32,
    pub resigned: Option<String>,
    pub state: String,
    pub winner: Option<String>,
    pub result: Option<String>,
    pub updated_at: i64,
    pub ended_at: Option<i64>,
}

impl GameRow {
    /// The row's fields a change starts from.
    pub fn change(&self, now: i64) -> GameChange {
        GameChange {
            code: self.code.clone(),
            black_id: self.black_id,
            white_id: self.white_id,
            moves: self.moves.clone(),
            undos: self.undos,
            resigned: self.resigned.clone(),
            state: self.state.clone(),
            winner: self.winner.clone(),
            result: self.result.clone(),
            updated_at: now,
            ended_at: self.ended_at,
        }
    }
}

/// Stores a new game and returns its row.
pub fn insert(conn: &mut AnyConnection, new: &NewGame) -> QueryResult<GameRow> {
    let id: i32 = match conn {
        AnyConnection::Sqlite(c) => diesel::insert_into(games::table)
            .values(new)
            .returning(games::id)
            .get_result(c)?,
        AnyConnection::Postgresql(c) => diesel::insert_into(games::table)
            .values(new)
            .returning(games::id)
            .get_result(c)?,
    };
    by_id(conn, id)?.ok_or(diesel::result::Error::NotFound)
}

pub fn by_id(conn: &mut AnyConnection, id: i32) -> QueryResult<Option<GameRow>> {
    games::table
        .find(id)
        .select(GameRow::as_select())
        .first(conn)
        .optional()
}

/// The game waiting for a second device with this code.
pub fn waiting_by_code(conn: &mut AnyConnection, code: &str) -> QueryResult<Option<GameRow>> {
    games::table
        .filter(games::code.eq(code))
        .filter(games::state.eq("waiting"))
        .select(GameRow::as_select())
        .first(conn)
        .optional()
}

/// Stores a change when the game is still at `version`; false when another change came first.
pub fn update_if(
    conn: &mut AnyConnection,
    id: i32,
    version: i32,
    change: &GameChange,
) -> QueryResult<bool> {
    let n = diesel::update(
        games::table
            .filter(games::id.eq(id))
            .filter(games::version.eq(version)),
    )
    .set((change, games::version.eq(version + 1)))
    .execute(conn)?;
    Ok(n == 1)
}

/// The games a user sits at (either colour, or started), newest first.
pub fn of_user(conn: &mut AnyConnection, user: i32, limit: i64) -> QueryResult<Vec<GameRow>> {
    games::table
        .filter(
            games::black_id
                .eq(user)
                .or(games::white_id.eq(user))
                .or(games::created_by.eq(user)),
        )
        .order(games::id.desc())
        .limit(limit)
        .select(GameRow::as_select())
        .load(conn)
}

/// The finished games a user played, oldest first.
pub fn finished_of(conn: &mut AnyConnection, user: i32) -> QueryResult<Vec<GameRow>> {
    games::table
        .filter(games::black_id.eq(user).or(games::white_id.eq(user)))
        .filter(games::state.eq("finished"))
        .order(games::id.asc())
        .select(GameRow::as_select())
        .load(conn)
}
