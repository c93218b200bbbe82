//! Homework over HTTP (ARCHITECTURE.md "Teachers' sets"): assigning a set to a class, a child's
//! homework, the class results as JSON and CSV. Handlers call one use case of `app::assignments`.

use actix_web::{HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::auth::run;
use super::error::ErrorBody;
use crate::app::assignments::{self, Cell, Results};
use crate::app::{Actor, AppError, AppState, Teacher};
use crate::db::sets::AssignmentRow;

/// A set to give to the class, from `starts_at` to `due_at` (ms since the Unix epoch).
#[derive(Deserialize, ToSchema)]
pub struct NewAssignment {
    pub set_id: i32,
    pub starts_at: i64,
    pub due_at: i64,
}

#[derive(Serialize, ToSchema)]
pub struct AssignmentJson {
    pub id: i32,
    pub set_id: i32,
    pub class_id: i32,
    pub starts_at: i64,
    pub due_at: i64,
}

impl From<&AssignmentRow> for AssignmentJson {
    fn from(a: &AssignmentRow) -> Self {
        AssignmentJson {
            id: a.id,
            set_id: a.set_id,
            class_id: a.class_id,
            starts_at: a.starts_at,
            due_at: a.due_at,
        }
    }
}

/// How a child did on one problem.
#[derive(Serialize, ToSchema)]
pub struct CellJson {
    pub problem_id: i32,
    /// first_try | later | hint | failed | not_tried
    pub status: String,
    pub attempts: usize,
    pub ms: i64,
    pub late: bool,
}

fn cell_json(problem_id: i32, c: &Cell) -> CellJson {
    CellJson {
        problem_id,
        status: c.status.to_string(),
        attempts: c.attempts,
        ms: c.ms,
        late: c.late,
    }
}

/// A teacher assigns a set to their class.
#[utoipa::path(params(("id" = i32, Path, description = "class id")), request_body = NewAssignment, responses((status = 201, body = AssignmentJson), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[post("/api/classes/{id}/assignments")]
pub async fn assign(
    state: web::Data<AppState>,
    me: Teacher,
    id: web::Path<i32>,
    body: web::Json<NewAssignment>,
) -> Result<HttpResponse, AppError> {
    let class = id.into_inner();
    let b = body.into_inner();
    let a = run(move || assignments::assign(&state, &me, class, b.set_id, b.starts_at, b.due_at))
        .await?;
    Ok(HttpResponse::Created().json(AssignmentJson::from(&a)))
}

/// One assignment as a child's homework: a star per problem solved.
#[derive(Serialize, ToSchema)]
pub struct HomeworkJson {
    pub assignment: AssignmentJson,
    pub set_name: String,
    pub problems: Vec<CellJson>,
    pub stars: usize,
    pub due_passed: bool,
}

/// A learner's homework, due first: for the learner, their parent, their teachers, admins.
#[utoipa::path(params(("id" = i32, Path, description = "learner id")), responses((status = 200, body = Vec<HomeworkJson>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/api/learners/{id}/homework")]
pub async fn homework(
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<i32>,
) -> Result<web::Json<Vec<HomeworkJson>>, AppError> {
    let id = id.into_inner();
    let list = run(move || assignments::homework(&state, &actor, id)).await?;
    Ok(web::Json(
        list.iter()
            .map(|h| HomeworkJson {
                assignment: AssignmentJson::from(&h.assignment),
                set_name: h.set_name.clone(),
                problems: h.problems.iter().map(|(p, c)| cell_json(*p, c)).collect(),
                stars: h.stars,
                due_passed: h.due_passed,
            })
            .collect(),
    ))
}

#[derive(Serialize, ToSchema)]
pub struct ChildResults {
    pub id: i32,
    pub display_name: String,
    pub cells: Vec<CellJson>,
    pub solved: usize,
    pub stuck: bool,
}

#[derive(Serialize, ToSchema)]
pub struct WrongMoveJson {
    #[serde(rename = "move")]
    pub mv: String,
    pub count: usize,
}

#[derive(Serialize, ToSchema)]
pub struct ProblemResults {
    pub id: i32,
    pub position: i32,
    /// Wrong first moves, most common first.
    pub wrong_moves: Vec<WrongMoveJson>,
    /// The problem's board (SVG) with each wrong first move marked with its count.
    pub board_svg: String,
}

/// The class results of an assignment.
#[derive(Serialize, ToSchema)]
pub struct ResultsJson {
    pub assignment: AssignmentJson,
    pub set_name: String,
    pub problems: Vec<ProblemResults>,
    pub children: Vec<ChildResults>,
}

fn results_json(r: &Results) -> ResultsJson {
    ResultsJson {
        assignment: AssignmentJson::from(&r.assignment),
        set_name: r.set.name.clone(),
        problems: r
            .problems
            .iter()
            .zip(&r.wrong_moves)
            .map(|(p, w)| ProblemResults {
                id: p.id,
                position: p.position,
                board_svg: wrong_moves_board(p, w),
                wrong_moves: w
                    .iter()
                    .map(|m| WrongMoveJson {
                        mv: m.mv.clone(),
                        count: m.count,
                    })
                    .collect(),
            })
            .collect(),
        children: r
            .children
            .iter()
            .map(|(kid, cells)| ChildResults {
                id: kid.id,
                display_name: kid.display_name.clone(),
                cells: r
                    .problems
                    .iter()
                    .zip(cells)
                    .map(|(p, c)| cell_json(p.id, c))
                    .collect(),
                solved: cells.iter().filter(|c| c.solved()).count(),
                stuck: r.stuck.contains(&kid.id),
            })
            .collect(),
    }
}

/// The problem's board with the wrong first moves marked by their counts.
pub(super) fn wrong_moves_board(
    p: &crate::db::ProblemRow,
    moves: &[crate::app::assignments::WrongMove],
) -> String {
    use crate::go::Point;
    let pts = |s: &str| -> Vec<Point> {
        s.as_bytes()
            .chunks(2)
            .filter_map(|c| std::str::from_utf8(c).ok().and_then(Point::from_sgf))
            .collect()
    };
    let size = p.size as u8;
    let vp = crate::problem::Viewport {
        x0: p.vp_x0 as u8,
        y0: p.vp_y0 as u8,
        x1: p.vp_x1 as u8,
        y1: p.vp_y1 as u8,
    };
    let marks: Vec<(Point, usize)> = moves
        .iter()
        .filter_map(|m| Point::from_sgf(&m.mv).map(|pt| (pt, m.count)))
        .collect();
    super::board_svg::render_marked(size, vp, &pts(&p.black), &pts(&p.white), &marks)
}

/// The class results: children × problems, the most common wrong first moves, who is stuck.
#[utoipa::path(params(("id" = i32, Path, description = "assignment id")), responses((status = 200, body = ResultsJson), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/api/assignments/{id}/results")]
pub async fn results(
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<i32>,
) -> Result<web::Json<ResultsJson>, AppError> {
    let id = id.into_inner();
    let r = run(move || assignments::results(&state, &actor, id)).await?;
    Ok(web::Json(results_json(&r)))
}

/// The class results as CSV (one line per child).
#[utoipa::path(params(("id" = i32, Path, description = "assignment id")), responses((status = 200, body = String, content_type = "text/csv"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/api/assignments/{id}/results.csv")]
pub async fn results_csv(
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let id = id.into_inner();
    let r = run(move || assignments::results(&state, &actor, id)).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"results-{id}.csv\""),
        ))
        .body(assignments::results_csv(&r)))
}
