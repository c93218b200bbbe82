//! Children's data: the grown-up responsible for a child (their parent; for a child who is only
//! in a class, the class's teacher) can download everything stored about the child and delete
//! the child. After a deletion nothing points to the child: their attempts stay as anonymous
//! guest attempts (problem ratings were moved by those games and stay consistent with them).

use diesel::Connection;
use serde::Serialize;

use super::accounts::cared_child;
use super::actor::Grownup;
use super::error::AppError;
use super::secrets;
use super::state::AppState;
use crate::db::accounts::{self, UserRow};
use crate::db::learning::{self, AssessmentRow, ClassRow, ConceptRow, HistoryRow, ReviewRow};
use crate::db::{self, AttemptMoveRow, AttemptRow, Role};

/// Everything stored about a child (the picture password only as "set": it is a hash).
#[derive(Serialize)]
pub struct ChildData {
    pub account: UserRow,
    pub picture_password_set: bool,
    pub pictures_locked: bool,
    pub classes: Vec<ClassRow>,
    pub attempts: Vec<AttemptWithMoves>,
    pub rated_games: Vec<HistoryRow>,
    pub concept_ratings: Vec<ConceptRow>,
    pub reviews: Vec<ReviewRow>,
    pub placement_tests: Vec<AssessmentRow>,
    /// Games played (capture-Go and Go) with their moves.
    pub games: Vec<crate::db::games::GameRow>,
    pub exported_at: i64,
}

#[derive(Serialize)]
pub struct AttemptWithMoves {
    #[serde(flatten)]
    pub attempt: AttemptRow,
    pub moves: Vec<AttemptMoveRow>,
}

/// The child when `me` is responsible for them: their parent, or the teacher of a class child
/// without a family (a family's child is the parent's to export or delete).
fn responsible_for(state: &AppState, me: &Grownup, child_id: i32) -> Result<UserRow, AppError> {
    let child = cared_child(state, me, child_id)?;
    match (me.role, child.parent_id) {
        (Role::Parent, _) | (Role::Teacher, None) => Ok(child),
        _ => Err(AppError::Forbidden(
            "this child's parent decides about their data".into(),
        )),
    }
}

/// Everything stored about the child, as one document.
pub fn export(state: &AppState, me: &Grownup, child_id: i32) -> Result<ChildData, AppError> {
    let child = responsible_for(state, me, child_id)?;
    let conn = &mut *state.conn()?;
    let rows = accounts::learner_attempts(conn, child.id, None, i64::MAX)?;
    let ids: Vec<i32> = rows.iter().map(|a| a.id).collect();
    let mut moves = db::attempts_moves(conn, &ids)?;
    let attempts = rows
        .into_iter()
        .map(|a| AttemptWithMoves {
            moves: moves.remove(&a.id).unwrap_or_default(),
            attempt: a,
        })
        .collect();
    Ok(ChildData {
        picture_password_set: child.picture_hash.is_some(),
        pictures_locked: secrets::pictures_locked(conn, child.id)?,
        classes: learning::learner_classes(conn, child.id)?,
        attempts,
        rated_games: learning::rating_history(conn, child.id)?,
        concept_ratings: learning::learner_concepts(conn, child.id)?,
        reviews: learning::learner_reviews(conn, child.id)?,
        placement_tests: learning::learner_assessments(conn, child.id)?,
        games: crate::db::games::of_user(conn, child.id, i64::MAX)?,
        exported_at: db::now_ms(),
        account: child,
    })
}

/// Deletes the child: the account, sessions, rated games, concept ratings, reviews, tests, class
/// places and lock-out state; attempts become anonymous, and so do their played games (the
/// seats are cleared by the database). All in one transaction.
pub fn delete(state: &AppState, me: &Grownup, child_id: i32) -> Result<(), AppError> {
    let child = responsible_for(state, me, child_id)?;
    let conn = &mut *state.conn()?;
    conn.transaction::<_, AppError, _>(|conn| {
        accounts::anonymise_attempts(conn, child.id)?;
        secrets::unlock_pictures(conn, child.id)?;
        accounts::delete_user(conn, child.id)?;
        Ok(())
    })
}
