//! Games (issue #13): capture-Go and small-board Go against the computer (levels 1–7), or
//! between a parent and a child on one device or on two devices joined by a short code. One
//! function per thing a player does; the rules and the bot are `crate::play`'s, the rows
//! `db::games`'. See ARCHITECTURE.md "A game".

mod hub;
mod view;

use std::net::IpAddr;

use serde::Serialize;

pub use hub::Hub;
pub use view::{GameView, ResultView};
use view::{color_letter, move_token, view_of};

use super::actor::Actor;
use super::answers::{illegal, parse_move};
use super::error::AppError;
use super::learners::viewable;
use super::secrets::Gate;
use super::state::AppState;
use crate::db;
use crate::db::accounts::UserRow;
use crate::db::games::{self as rows, GameRow, NewGame};
use crate::go::Color;
use crate::play::{Bot, Kind, Limits, Match, PlayError};

/// The computer's thinking time per move in a game: the child gets the answer within a second,
/// replay and storage included (ARCHITECTURE.md "A game").
pub const BOT_TIME: std::time::Duration = std::time::Duration::from_millis(850);

/// Who plays against whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The player against the bot.
    Computer,
    /// Two people taking turns on one device (the player holds both colours).
    OneDevice,
    /// Two signed-in people on two devices; the second joins with the game's code.
    TwoDevices,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Computer => "computer",
            Mode::OneDevice => "one_device",
            Mode::TwoDevices => "two_devices",
        }
    }

    pub fn parse(s: &str) -> Result<Mode, AppError> {
        match s {
            "computer" => Ok(Mode::Computer),
            "one_device" => Ok(Mode::OneDevice),
            "two_devices" => Ok(Mode::TwoDevices),
            other => Err(AppError::bad(format!(
                "mode '{other}' is not computer, one_device or two_devices"
            ))),
        }
    }
}

/// What a new game is.
#[derive(Clone, Debug)]
pub struct NewGameSpec {
    /// capture | go
    pub kind: String,
    pub size: u8,
    /// Capture-Go: stones to capture (1, 3, 5). Go: handicap stones (0, 2–9).
    pub target: u8,
    pub mode: Mode,
    /// The computer's level, 1–7 (computer games).
    pub level: Option<u8>,
    /// The colour the starting player takes (black or white; black by default).
    pub color: Option<String>,
    /// On one device: the child (a learner the starter may follow) who takes the other colour,
    /// so that the game reaches the child's growth log.
    pub partner: Option<i32>,
}

/// The games of one level (None: against people) in the growth log.
#[derive(Serialize, Clone, Debug, Default, PartialEq, Eq, utoipa::ToSchema)]
pub struct LevelTally {
    pub level: Option<u8>,
    pub played: u32,
    pub won: u32,
}

/// A learner's finished games: all, and per computer level (people last).
#[derive(Serialize, Clone, Debug, Default, PartialEq, Eq, utoipa::ToSchema)]
pub struct GameTally {
    pub played: u32,
    pub won: u32,
    pub by_level: Vec<LevelTally>,
}

fn parse_color(s: Option<&str>) -> Result<Color, AppError> {
    match s.unwrap_or("black") {
        "black" | "B" => Ok(Color::Black),
        "white" | "W" => Ok(Color::White),
        other => Err(AppError::bad(format!(
            "colour '{other}' is not black or white"
        ))),
    }
}

fn kind_of(kind: &str, target: u8) -> Result<Kind, AppError> {
    match kind {
        "capture" => Ok(Kind::Capture { target }),
        "go" => Ok(Kind::Go { handicap: target }),
        other => Err(AppError::bad(format!(
            "kind '{other}' is not capture or go"
        ))),
    }
}

/// The match of a stored game: its moves replayed by the rules core.
fn replay(row: &GameRow) -> Result<Match, AppError> {
    let broken = |why: String| AppError::Internal(format!("stored game {}: {why}", row.id));
    let kind = kind_of(&row.kind, row.target as u8)?;
    let mut m = Match::new(kind, row.size as u8).map_err(|e| broken(e.to_string()))?;
    for token in row.moves.split_whitespace() {
        let mv = parse_move(token)?;
        m.play(mv).map_err(|e| broken(format!("{token}: {e}")))?;
    }
    if let Some(c) = row.resigned.as_deref() {
        m.resign(parse_color(Some(c))?)
            .map_err(|e| broken(e.to_string()))?;
    }
    Ok(m)
}

fn moves_text(m: &Match) -> String {
    m.moves()
        .iter()
        .map(|&mv| move_token(mv))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The colours `user` may play in this game (the one rule of who plays what).
fn seats(row: &GameRow, user: &UserRow) -> Vec<Color> {
    let mine = |id: Option<i32>| id == Some(user.id);
    match row.mode.as_str() {
        "one_device" if mine(row.created_by) => vec![Color::Black, Color::White],
        _ => [Color::Black, Color::White]
            .into_iter()
            .filter(|&c| match c {
                Color::Black => mine(row.black_id),
                Color::White => mine(row.white_id),
            })
            .collect(),
    }
}

/// The bot's colour in a computer game.
fn bot_color(row: &GameRow) -> Option<Color> {
    if row.mode != "computer" {
        return None;
    }
    match (row.black_id, row.white_id) {
        (None, _) => Some(Color::Black),
        (_, None) => Some(Color::White),
        _ => None,
    }
}

/// The game row when the actor may see it: a player, or someone who may read a learner
/// player's progress (their parent, teacher, an admin). 401, 404, 403 otherwise.
fn readable(state: &AppState, actor: &Actor, id: i32) -> Result<GameRow, AppError> {
    let me = actor.signed_in()?;
    let row = rows::by_id(&mut *state.conn()?, id)?.ok_or(AppError::NotFound("game"))?;
    let player = [row.black_id, row.white_id, row.created_by].contains(&Some(me.id));
    if player {
        return Ok(row);
    }
    for seat in [row.black_id, row.white_id].into_iter().flatten() {
        if viewable(state, actor, seat).is_ok() {
            return Ok(row);
        }
    }
    Err(AppError::Forbidden("this game is not yours".into()))
}

/// The game row when the actor plays in it (403 for a watcher).
fn playable(state: &AppState, actor: &Actor, id: i32) -> Result<(GameRow, Vec<Color>), AppError> {
    let row = readable(state, actor, id)?;
    let colors = seats(&row, actor.signed_in()?);
    if colors.is_empty() {
        return Err(AppError::Forbidden("you do not play in this game".into()));
    }
    Ok((row, colors))
}

fn play_error(e: PlayError) -> AppError {
    match e {
        PlayError::Illegal(i) => illegal(i),
        PlayError::Finished => AppError::IllegalMove {
            code: "finished",
            message: "the game is over".into(),
        },
    }
}

/// The computer's replies until it is a person's turn or the game is over. Runs on the caller's
/// (blocking) thread, the level's budget (`play::Limits::for_level`) cut to `BOT_TIME`.
fn bot_replies(row: &GameRow, m: &mut Match) -> Result<(), AppError> {
    let (Some(bot), Some(level)) = (bot_color(row), row.bot_level) else {
        return Ok(());
    };
    while m.result().is_none() && m.to_move() == bot {
        let seed = (row.id as u64) << 16 | m.moves().len() as u64;
        let mut limits = Limits::for_level(level as u8);
        limits.time = limits.time.min(BOT_TIME);
        let mv = Bot::with_limits(level as u8, seed, limits).choose(m);
        m.play(mv).map_err(|e| {
            AppError::Internal(format!("the computer's move {mv:?} was refused: {e}"))
        })?;
    }
    Ok(())
}

/// Stores the match's new moves, undos and result when the row is still at its version; 409
/// when another change came first. Publishes the change to the watching devices.
fn store(
    state: &AppState,
    row: &GameRow,
    m: &Match,
    edit: impl FnOnce(&mut rows::GameChange),
) -> Result<GameRow, AppError> {
    let now = db::now_ms();
    let mut change = row.change(now);
    change.moves = moves_text(m);
    if let Some(o) = m.result() {
        change.state = "finished".into();
        change.winner = o.winner.map(color_letter);
        change.result = Some(o.sgf_result());
        change.ended_at = Some(now);
    }
    edit(&mut change);
    let conn = &mut *state.conn()?;
    if !rows::update_if(conn, row.id, row.version, &change)? {
        return Err(AppError::Conflict(
            "the game changed meanwhile; reload it".into(),
        ));
    }
    let stored = rows::by_id(conn, row.id)?.ok_or(AppError::NotFound("game"))?;
    state.games.publish(stored.id, stored.version);
    Ok(stored)
}

/// Starts a game (any signed-in user). Against the computer, the computer plays first when it
/// has the first move (White after handicap stones, or when the player takes White).
pub fn start(state: &AppState, actor: &Actor, spec: &NewGameSpec) -> Result<GameView, AppError> {
    let me = actor.signed_in()?;
    let kind = kind_of(&spec.kind, spec.target)?;
    let mut m = Match::new(kind, spec.size).map_err(|e| AppError::bad(e.to_string()))?;
    let color = parse_color(spec.color.as_deref())?;
    let level = match (spec.mode, spec.level) {
        (Mode::Computer, Some(l @ 1..=7)) => Some(i32::from(l)),
        (Mode::Computer, _) => return Err(AppError::bad("the computer's level is 1 to 7")),
        (_, _) => None,
    };
    let partner = match (spec.mode, spec.partner) {
        (_, None) => None,
        (Mode::OneDevice, Some(id)) => Some(partner_of(state, actor, id)?),
        (_, Some(_)) => {
            return Err(AppError::bad(
                "a partner is named for a game on one device; on two devices the other player joins with the code",
            ));
        }
    };
    let mine = |c: Color| if c == color { Some(me.id) } else { partner };
    let now = db::now_ms();
    let new = NewGame {
        kind: spec.kind.clone(),
        size: i32::from(spec.size),
        target: i32::from(spec.target),
        mode: spec.mode.name().into(),
        bot_level: level,
        // Six characters of 32 (about 10^9 codes), valid until the second device joins.
        code: (spec.mode == Mode::TwoDevices).then(|| db::accounts::new_code()[..6].to_string()),
        black_id: mine(Color::Black),
        white_id: mine(Color::White),
        created_by: Some(me.id),
        moves: String::new(),
        state: if spec.mode == Mode::TwoDevices {
            "waiting".into()
        } else {
            "playing".into()
        },
        started_at: now,
        updated_at: now,
    };
    let mut row = rows::insert(&mut *state.conn()?, &new)?;
    if bot_color(&row) == Some(m.to_move()) {
        bot_replies(&row, &mut m)?;
        row = store(state, &row, &m, |_| {})?;
    }
    Ok(view_of(&row, &m, Some(me)))
}

/// The child who sits at the board with the starter on one device: a learner the starter may
/// follow (their child, a pupil; any learner for an admin), never the starter.
fn partner_of(state: &AppState, actor: &Actor, id: i32) -> Result<i32, AppError> {
    let me = actor.signed_in()?;
    if me.id == id {
        return Err(AppError::bad("the partner is the other player, not you"));
    }
    Ok(viewable(state, actor, id)?.id)
}

/// The games page: the player's recent games and the children they may play with on one device
/// (a parent's children).
pub fn lobby(state: &AppState, actor: &Actor) -> Result<(Vec<GameView>, Vec<UserRow>), AppError> {
    let me = actor.signed_in()?;
    let games = mine(state, actor)?;
    let partners = if me.role == db::Role::Parent {
        db::accounts::children_of(&mut *state.conn()?, me.id)?
    } else {
        Vec::new()
    };
    Ok((games, partners))
}

/// The second device joins a waiting game with its code (a code look-up, under the per-address
/// limit): the joiner takes the free colour and the game starts.
pub fn join(state: &AppState, actor: &Actor, ip: IpAddr, code: &str) -> Result<GameView, AppError> {
    let me = actor.signed_in()?;
    state.limits.check(Gate::Code, ip)?;
    let code = code.trim().to_ascii_uppercase();
    let row = rows::waiting_by_code(&mut *state.conn()?, &code)?
        .ok_or(AppError::NotFound("game with this code"))?;
    if row.created_by == Some(me.id) {
        return Err(AppError::Conflict(
            "you started this game: the other player types the code".into(),
        ));
    }
    let m = replay(&row)?;
    let stored = store(state, &row, &m, |c| {
        c.code = None;
        c.state = "playing".into();
        if c.black_id.is_none() {
            c.black_id = Some(me.id);
        } else {
            c.white_id = Some(me.id);
        }
    })?;
    Ok(view_of(&stored, &m, Some(me)))
}

/// A game as the actor sees it.
pub fn view(state: &AppState, actor: &Actor, id: i32) -> Result<GameView, AppError> {
    let row = readable(state, actor, id)?;
    let m = replay(&row)?;
    Ok(view_of(&row, &m, actor.user()))
}

fn check_playing(row: &GameRow) -> Result<(), AppError> {
    match row.state.as_str() {
        "playing" => Ok(()),
        "waiting" => Err(AppError::Conflict(
            "the other player has not joined yet".into(),
        )),
        _ => Err(AppError::IllegalMove {
            code: "finished",
            message: "the game is over".into(),
        }),
    }
}

/// A move (an SGF point or "pass") by the side to move, which must be the actor's; against the
/// computer, its answer follows in the same request.
pub fn play(state: &AppState, actor: &Actor, id: i32, mv: &str) -> Result<GameView, AppError> {
    let (row, colors) = playable(state, actor, id)?;
    check_playing(&row)?;
    let mv = parse_move(mv)?;
    let mut m = replay(&row)?;
    if !colors.contains(&m.to_move()) {
        return Err(AppError::Conflict("it is not your turn".into()));
    }
    m.play(mv).map_err(play_error)?;
    bot_replies(&row, &mut m)?;
    let stored = store(state, &row, &m, |_| {})?;
    Ok(view_of(&stored, &m, actor.user()))
}

/// The actor resigns (on one device: the side to move resigns).
pub fn resign(state: &AppState, actor: &Actor, id: i32) -> Result<GameView, AppError> {
    let (row, colors) = playable(state, actor, id)?;
    check_playing(&row)?;
    let mut m = replay(&row)?;
    let who = if colors.contains(&m.to_move()) {
        m.to_move()
    } else {
        colors[0]
    };
    m.resign(who).map_err(play_error)?;
    let stored = store(state, &row, &m, |c| c.resigned = Some(color_letter(who)))?;
    Ok(view_of(&stored, &m, actor.user()))
}

/// Against the computer: takes back the player's last move and the computer's answer (counted
/// in `undos`). 409 in other games or with nothing to take back.
pub fn undo(state: &AppState, actor: &Actor, id: i32) -> Result<GameView, AppError> {
    let (row, colors) = playable(state, actor, id)?;
    check_playing(&row)?;
    if row.mode != "computer" {
        return Err(AppError::Conflict(
            "undo is for games against the computer".into(),
        ));
    }
    let me = colors[0];
    let mut m = replay(&row)?;
    // The computer's opening move (when it plays first) stays.
    let first = match m.kind() {
        Kind::Go { handicap } if handicap >= 2 => Color::White,
        _ => Color::Black,
    };
    let first_own = usize::from(bot_color(&row) == Some(first));
    if m.moves().len() <= first_own {
        return Err(AppError::Conflict("there is no move to take back".into()));
    }
    // Back to the player's turn: the computer's answer, then the player's move.
    while m.undo(me) && m.to_move() != me {}
    let stored = store(state, &row, &m, |c| c.undos += 1)?;
    Ok(view_of(&stored, &m, actor.user()))
}

/// A player ends an unfinished game without a result (it leaves the list of open games and
/// counts nowhere).
pub fn end(state: &AppState, actor: &Actor, id: i32) -> Result<GameView, AppError> {
    let (row, _) = playable(state, actor, id)?;
    if !matches!(row.state.as_str(), "playing" | "waiting") {
        return Err(AppError::IllegalMove {
            code: "finished",
            message: "the game is over".into(),
        });
    }
    let m = replay(&row)?;
    let now = db::now_ms();
    let stored = store(state, &row, &m, |c| {
        c.state = "ended".into();
        c.code = None;
        c.ended_at = Some(now);
    })?;
    Ok(view_of(&stored, &m, actor.user()))
}

/// The game's SGF record and a file name for it.
pub fn sgf(state: &AppState, actor: &Actor, id: i32) -> Result<(String, String), AppError> {
    let row = readable(state, actor, id)?;
    let m = replay(&row)?;
    Ok((format!("sente-game-{}.sgf", row.id), m.to_sgf()))
}

/// The actor's own games, newest first (the games page).
pub fn mine(state: &AppState, actor: &Actor) -> Result<Vec<GameView>, AppError> {
    let me = actor.signed_in()?;
    let list = rows::of_user(&mut *state.conn()?, me.id, 20)?;
    list.iter()
        .map(|row| Ok(view_of(row, &replay(row)?, Some(me))))
        .collect()
}

/// The learner's finished games, counted for the growth log (the caller checked `viewable`).
pub fn tally(conn: &mut db::AnyConnection, learner: &UserRow) -> Result<GameTally, AppError> {
    let mut t = GameTally::default();
    let mut levels: Vec<LevelTally> = Vec::new();
    for row in rows::finished_of(conn, learner.id)? {
        let color = if row.black_id == Some(learner.id) {
            "B"
        } else {
            "W"
        };
        let won = row.winner.as_deref() == Some(color);
        let level = row.bot_level.map(|l| l as u8);
        let line = match levels.iter().position(|l| l.level == level) {
            Some(i) => &mut levels[i],
            None => {
                levels.push(LevelTally {
                    level,
                    ..LevelTally::default()
                });
                levels.last_mut().expect("just pushed")
            }
        };
        line.played += 1;
        line.won += u32::from(won);
        t.played += 1;
        t.won += u32::from(won);
    }
    levels.sort_by_key(|l| l.level.map_or(u8::MAX, |x| x));
    t.by_level = levels;
    Ok(t)
}
