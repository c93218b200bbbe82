//! Teachers' sets in the database (ARCHITECTURE.md "Teachers' sets"): sets with an owner and a
//! visibility, problems in order, versions, assignments. Decides no permission (`app::sets`
//! does). Each edit is one transaction.

use diesel::prelude::*;

use super::connection::AnyConnection;
use super::models::{ProblemRow, ProblemSetRow};
use super::queries::{ImportItem, new_problem, now_ms};
use super::schema::{assignments, attempts, problem_sets, problems};

/// A problem's place in the history of its versions.
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize)]
#[diesel(table_name = problems)]
pub struct VersionRow {
    pub id: i32,
    pub set_id: i32,
    pub position: i32,
    pub version: i32,
    /// The newer version that replaced this one.
    pub replaced_by: Option<i32>,
    /// Out of the set (an old version, or deleted but kept for its attempts).
    pub retired: bool,
    pub copied_from: Option<String>,
}

/// What a new set is.
pub struct NewSet<'a> {
    pub owner: i32,
    pub name: &'a str,
    pub description: Option<&'a str>,
    pub visibility: &'a str,
    pub copied_from: Option<&'a str>,
}

/// Creates a set; returns its id. The slug (the bank's address of public sets) is `t<owner>-<n>`.
pub fn create_set(conn: &mut AnyConnection, s: &NewSet<'_>) -> QueryResult<i32> {
    let slug = format!(
        "t{}-{}",
        s.owner,
        super::accounts::new_code().to_lowercase()
    );
    let values = (
        problem_sets::slug.eq(&slug),
        problem_sets::name.eq(s.name),
        problem_sets::description.eq(s.description),
        problem_sets::created_at.eq(now_ms()),
        problem_sets::owner_id.eq(Some(s.owner)),
        problem_sets::visibility.eq(s.visibility),
        problem_sets::copied_from.eq(s.copied_from),
    );
    diesel::insert_into(problem_sets::table)
        .values(values)
        .execute(conn)?;
    problem_sets::table
        .filter(problem_sets::slug.eq(&slug))
        .select(problem_sets::id)
        .first(conn)
}

/// A set by id (deleted ones too: the caller decides).
pub fn set_by_id(conn: &mut AnyConnection, id: i32) -> QueryResult<Option<ProblemSetRow>> {
    problem_sets::table
        .find(id)
        .select(ProblemSetRow::as_select())
        .first(conn)
        .optional()
}

/// The live sets of an owner (every owner's for None), newest first.
pub fn sets_of(conn: &mut AnyConnection, owner: Option<i32>) -> QueryResult<Vec<ProblemSetRow>> {
    let mut q = problem_sets::table
        .filter(problem_sets::owner_id.is_not_null())
        .filter(problem_sets::retired.eq(false))
        .into_boxed();
    if let Some(o) = owner {
        q = q.filter(problem_sets::owner_id.eq(o));
    }
    q.order(problem_sets::id.desc())
        .select(ProblemSetRow::as_select())
        .load(conn)
}

/// Renames, describes or publishes a set.
pub fn update_set(
    conn: &mut AnyConnection,
    id: i32,
    name: &str,
    description: Option<&str>,
    visibility: &str,
) -> QueryResult<()> {
    diesel::update(problem_sets::table.find(id))
        .set((
            problem_sets::name.eq(name),
            problem_sets::description.eq(description),
            problem_sets::visibility.eq(visibility),
        ))
        .execute(conn)
        .map(|_| ())
}

/// The current problems of a set, in order.
pub fn set_problems(
    conn: &mut AnyConnection,
    set: i32,
) -> QueryResult<Vec<(ProblemRow, VersionRow)>> {
    let rows: Vec<ProblemRow> = problems::table
        .filter(problems::set_id.eq(set))
        .filter(problems::retired.eq(false))
        .order(problems::position)
        .select(ProblemRow::as_select())
        .load(conn)?;
    let ids: Vec<i32> = rows.iter().map(|r| r.id).collect();
    let versions: Vec<VersionRow> = problems::table
        .filter(problems::id.eq_any(&ids))
        .order(problems::position)
        .select(VersionRow::as_select())
        .load(conn)?;
    Ok(rows.into_iter().zip(versions).collect())
}

/// One problem row of any version with its version data.
pub fn problem_version(
    conn: &mut AnyConnection,
    id: i32,
) -> QueryResult<Option<(ProblemRow, VersionRow)>> {
    let Some(row) = super::get_problem(conn, id)? else {
        return Ok(None);
    };
    let v = problems::table
        .find(id)
        .select(VersionRow::as_select())
        .first(conn)?;
    Ok(Some((row, v)))
}

fn has_attempts(conn: &mut AnyConnection, problem: i32) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        attempts::table.filter(attempts::problem_id.eq(problem)),
    ))
    .get_result(conn)
}

fn insert_returning_id(
    conn: &mut AnyConnection,
    new: &super::models::NewProblem,
) -> QueryResult<i32> {
    match conn {
        AnyConnection::Sqlite(c) => diesel::insert_into(problems::table)
            .values(new)
            .returning(problems::id)
            .get_result(c),
        AnyConnection::Postgresql(c) => diesel::insert_into(problems::table)
            .values(new)
            .returning(problems::id)
            .get_result(c),
    }
}

/// Adds problems after the set's last one, in one transaction (all or none); returns their ids.
pub fn append_problems(
    conn: &mut AnyConnection,
    set: i32,
    items: &[(ImportItem, Option<String>)],
) -> QueryResult<Vec<i32>> {
    conn.transaction(|conn| {
        let first: i32 = problems::table
            .filter(problems::set_id.eq(set))
            .select(diesel::dsl::max(problems::position))
            .first::<Option<i32>>(conn)?
            .map_or(1, |m| m.max(0) + 1);
        let mut ids = Vec::with_capacity(items.len());
        for (next, (item, copied_from)) in (first..).zip(items) {
            let id = insert_returning_id(conn, &new_problem(set, next, item))?;
            diesel::update(problems::table.find(id))
                .set(problems::copied_from.eq(copied_from))
                .execute(conn)?;
            ids.push(id);
        }
        Ok(ids)
    })
}

/// Takes a problem out of its set's order: deleted, or kept (retired, position -id) when
/// learners tried it, so that their attempts keep the problem they answered.
fn take_out(conn: &mut AnyConnection, id: i32, replaced_by: Option<i32>) -> QueryResult<()> {
    if has_attempts(conn, id)? {
        diesel::update(problems::table.find(id))
            .set((
                problems::retired.eq(true),
                problems::position.eq(-id),
                problems::replaced_by.eq(replaced_by),
            ))
            .execute(conn)?;
    } else {
        // Older versions that this one replaced point at it no more.
        diesel::update(problems::table.filter(problems::replaced_by.eq(id)))
            .set(problems::replaced_by.eq(replaced_by))
            .execute(conn)?;
        diesel::delete(problems::table.find(id)).execute(conn)?;
    }
    Ok(())
}

/// Stores a new version of a problem at its place; the old row is kept for its attempts (or
/// deleted when nobody tried it). Returns the new row's id: an edit always makes a new id, so
/// no cached reading of the old one can be stale.
pub fn replace_problem(
    conn: &mut AnyConnection,
    old: &VersionRow,
    item: &ImportItem,
) -> QueryResult<i32> {
    conn.transaction(|conn| {
        // Free the position first (it is unique in the set).
        diesel::update(problems::table.find(old.id))
            .set(problems::position.eq(-old.id))
            .execute(conn)?;
        let mut row = new_problem(old.set_id, old.position, item);
        row.created_at = now_ms();
        let id = insert_returning_id(conn, &row)?;
        diesel::update(problems::table.find(id))
            .set((
                problems::version.eq(old.version + 1),
                problems::copied_from.eq(&old.copied_from),
            ))
            .execute(conn)?;
        take_out(conn, old.id, Some(id))?;
        Ok(id)
    })
}

/// Removes a problem from its set.
pub fn remove_problem(conn: &mut AnyConnection, id: i32) -> QueryResult<()> {
    conn.transaction(|conn| take_out(conn, id, None))
}

/// Puts a set's problems in the given order (`ids` are exactly its current problems).
pub fn reorder(conn: &mut AnyConnection, set: i32, ids: &[i32]) -> QueryResult<()> {
    conn.transaction(|conn| {
        // Two passes, so that no moment has two problems on one position.
        let far = 1_000_000;
        for (k, &id) in ids.iter().enumerate() {
            diesel::update(problems::table.find(id).filter(problems::set_id.eq(set)))
                .set(problems::position.eq(far + k as i32 + 1))
                .execute(conn)?;
        }
        for (k, &id) in ids.iter().enumerate() {
            diesel::update(problems::table.find(id).filter(problems::set_id.eq(set)))
                .set(problems::position.eq(k as i32 + 1))
                .execute(conn)?;
        }
        Ok(())
    })
}

/// Deletes a set: its problems nobody tried go, the others stay retired with the set (hidden
/// everywhere) for their attempts; its assignments go.
pub fn delete_set(conn: &mut AnyConnection, set: i32) -> QueryResult<()> {
    conn.transaction(|conn| {
        let ids: Vec<i32> = problems::table
            .filter(problems::set_id.eq(set))
            .filter(problems::retired.eq(false))
            .select(problems::id)
            .load(conn)?;
        for id in ids {
            take_out(conn, id, None)?;
        }
        diesel::delete(assignments::table.filter(assignments::set_id.eq(set))).execute(conn)?;
        let left: i64 = problems::table
            .filter(problems::set_id.eq(set))
            .count()
            .get_result(conn)?;
        if left == 0 {
            diesel::delete(problem_sets::table.find(set)).execute(conn)?;
        } else {
            diesel::update(problem_sets::table.find(set))
                .set(problem_sets::retired.eq(true))
                .execute(conn)?;
        }
        Ok(())
    })
}

/// The size, side to play and stones of every current problem in the bank's public sets and in
/// the given owner's sets, for the duplicate check: (id, set id, size, to_play, black, white).
pub type StonesRow = (i32, i32, i32, String, String, String);

pub fn positions_for_duplicates(
    conn: &mut AnyConnection,
    owner: i32,
    size: i32,
) -> QueryResult<Vec<StonesRow>> {
    let mine = problem_sets::table
        .filter(problem_sets::owner_id.eq(owner))
        .filter(problem_sets::retired.eq(false))
        .select(problem_sets::id);
    let public: Vec<i32> = super::public_sets().load(conn)?;
    let mine: Vec<i32> = mine.load(conn)?;
    let sets: Vec<i32> = public.into_iter().chain(mine).collect();
    problems::table
        .filter(problems::retired.eq(false))
        .filter(problems::size.eq(size))
        .filter(problems::set_id.eq_any(sets))
        .select((
            problems::id,
            problems::set_id,
            problems::size,
            problems::to_play,
            problems::black,
            problems::white,
        ))
        .load(conn)
}

/// Whether the set is assigned to the class.
pub fn is_assigned(conn: &mut AnyConnection, set: i32, class: i32) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        assignments::table
            .filter(assignments::set_id.eq(set))
            .filter(assignments::class_id.eq(class)),
    ))
    .get_result(conn)
}

/// Creates a set holding the given problems, in one transaction.
pub fn create_set_with(
    conn: &mut AnyConnection,
    s: &NewSet<'_>,
    items: &[(ImportItem, Option<String>)],
) -> QueryResult<i32> {
    conn.transaction(|conn| {
        let id = create_set(conn, s)?;
        append_problems(conn, id, items)?;
        Ok(id)
    })
}

/// A set given to a class.
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize)]
#[diesel(table_name = assignments)]
pub struct AssignmentRow {
    pub id: i32,
    pub set_id: i32,
    pub class_id: i32,
    pub starts_at: i64,
    pub due_at: i64,
    pub created_at: i64,
}

pub fn create_assignment(
    conn: &mut AnyConnection,
    set: i32,
    class: i32,
    starts_at: i64,
    due_at: i64,
) -> QueryResult<AssignmentRow> {
    let now = now_ms();
    diesel::insert_into(assignments::table)
        .values((
            assignments::set_id.eq(set),
            assignments::class_id.eq(class),
            assignments::starts_at.eq(starts_at),
            assignments::due_at.eq(due_at),
            assignments::created_at.eq(now),
        ))
        .execute(conn)?;
    assignments::table
        .filter(assignments::set_id.eq(set))
        .filter(assignments::class_id.eq(class))
        .order(assignments::id.desc())
        .select(AssignmentRow::as_select())
        .first(conn)
}

pub fn assignment_by_id(conn: &mut AnyConnection, id: i32) -> QueryResult<Option<AssignmentRow>> {
    assignments::table
        .find(id)
        .select(AssignmentRow::as_select())
        .first(conn)
        .optional()
}

/// The assignments of some classes, due first.
pub fn class_assignments(
    conn: &mut AnyConnection,
    classes: &[i32],
) -> QueryResult<Vec<AssignmentRow>> {
    assignments::table
        .filter(assignments::class_id.eq_any(classes))
        .order((assignments::due_at, assignments::id))
        .select(AssignmentRow::as_select())
        .load(conn)
}

/// Every row of a set (all versions) as (id, replaced_by).
pub fn set_versions(conn: &mut AnyConnection, set: i32) -> QueryResult<Vec<(i32, Option<i32>)>> {
    problems::table
        .filter(problems::set_id.eq(set))
        .select((problems::id, problems::replaced_by))
        .load(conn)
}

/// The attempts of some learners at some problems, oldest first.
pub fn attempts_at(
    conn: &mut AnyConnection,
    learners: &[i32],
    problems_: &[i32],
) -> QueryResult<Vec<super::AttemptRow>> {
    attempts::table
        .filter(attempts::learner_id.eq_any(learners))
        .filter(attempts::problem_id.eq_any(problems_))
        .order((attempts::started_at, attempts::id))
        .select(super::AttemptRow::as_select())
        .load(conn)
}

/// The number of current problems of each of some sets (a set without any is absent).
pub fn problem_counts(
    conn: &mut AnyConnection,
    sets: &[i32],
) -> QueryResult<std::collections::HashMap<i32, i64>> {
    let rows: Vec<(i32, i64)> = problems::table
        .filter(problems::set_id.eq_any(sets))
        .filter(problems::retired.eq(false))
        .group_by(problems::set_id)
        .select((problems::set_id, diesel::dsl::count_star()))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}
