//! What the teacher's and the children's homework pages read (ARCHITECTURE.md "Teachers' sets",
//! "The pages of homework"): the teacher's desk — their sets with problem counts, the public sets
//! they may assign, their classes with each class's assignments — and a child's current
//! homework. Reads only: creating sets and assigning stay in `app::sets` and `app::assignments`.

use super::actor::{Learner, Teacher};
use super::assignments::{self, Homework};
use super::error::AppError;
use super::state::AppState;
use crate::db::learning::{self, ClassRow};
use crate::db::sets::{self as store, AssignmentRow};
use crate::db::{self, ProblemSetRow};

/// A set with its number of problems.
pub type CountedSet = (ProblemSetRow, i64);

/// One assignment of a class, with its set's name.
pub struct ClassAssignment {
    pub assignment: AssignmentRow,
    pub set_name: String,
}

/// A teacher's class and what it was given, due first.
pub struct ClassWork {
    pub class: ClassRow,
    pub children: usize,
    pub assignments: Vec<ClassAssignment>,
}

/// Everything the teacher's hub shows.
pub struct Desk {
    /// The teacher's own live sets, newest first.
    pub sets: Vec<CountedSet>,
    /// Public sets of the bank and of other teachers, which they may assign too.
    pub public: Vec<CountedSet>,
    pub classes: Vec<ClassWork>,
}

/// The teacher's desk: their sets, the public sets, their classes with their assignments.
pub fn desk(state: &AppState, me: &Teacher) -> Result<Desk, AppError> {
    let conn = &mut *state.conn()?;
    let mine = store::sets_of(conn, Some(me.id))?;
    let ids: Vec<i32> = mine.iter().map(|s| s.id).collect();
    let counts = store::problem_counts(conn, &ids)?;
    let sets = mine
        .into_iter()
        .map(|s| {
            let n = counts.get(&s.id).copied().unwrap_or(0);
            (s, n)
        })
        .collect();
    let public = db::list_sets(conn)?
        .into_iter()
        .filter(|(s, _)| s.owner_id != Some(me.id))
        .collect();
    let mut classes = Vec::new();
    for class in learning::teacher_classes(conn, me.id)? {
        let children = learning::class_children(conn, class.id)?.len();
        let mut list = Vec::new();
        for a in store::class_assignments(conn, &[class.id])? {
            let set_name = store::set_by_id(conn, a.set_id)?
                .map(|s| s.name)
                .unwrap_or_default();
            list.push(ClassAssignment {
                assignment: a,
                set_name,
            });
        }
        classes.push(ClassWork {
            class,
            children,
            assignments: list,
        });
    }
    Ok(Desk {
        sets,
        public,
        classes,
    })
}

/// Whether homework is still current: not every problem solved, or not yet due. Finished work
/// whose due date has passed leaves the child's home page (it stays in the homework list).
pub fn is_current(h: &Homework) -> bool {
    h.stars < h.problems.len() || !h.due_passed
}

/// The signed-in child's current homework, due first (the child's home page shows it first).
pub fn current_homework(state: &AppState, me: &Learner) -> Result<Vec<Homework>, AppError> {
    let actor = super::Actor(Some((**me).clone()));
    Ok(assignments::homework(state, &actor, me.id)?
        .into_iter()
        .filter(is_current)
        .collect())
}
