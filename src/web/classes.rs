//! Classes over HTTP: a teacher creates classes (each with a code children use to sign in),
//! adds children to them, and reads the class's progress; a parent takes a class child into the
//! family by proving the child's pictures. Handlers call `app::classes` / `app::accounts`.

use actix_web::{HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::auth::{NewChild, UserView, run};
use super::error::ErrorBody;
use super::session::ClientIp;
use crate::app::{AppError, AppState, Parent, Teacher, accounts, classes};
use crate::db::learning::ClassRow;
use crate::rating::rank_of;

#[derive(Deserialize, ToSchema)]
pub struct NewClass {
    pub name: String,
}

/// A class as the API shows it.
#[derive(Serialize, ToSchema)]
pub struct ClassView {
    pub id: i32,
    pub name: String,
    /// What children type (or a link carries) to sign in.
    pub code: String,
}

impl From<&ClassRow> for ClassView {
    fn from(c: &ClassRow) -> Self {
        ClassView {
            id: c.id,
            name: c.name.clone(),
            code: c.code.clone(),
        }
    }
}

/// A teacher creates a class.
#[utoipa::path(request_body = NewClass, responses((status = 201, body = ClassView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
#[post("/api/classes")]
pub async fn create_class(
    state: web::Data<AppState>,
    me: Teacher,
    body: web::Json<NewClass>,
) -> Result<HttpResponse, AppError> {
    let name = body.into_inner().name;
    let class = run(move || classes::create_class(&state, &me, &name)).await?;
    Ok(HttpResponse::Created().json(ClassView::from(&class)))
}

/// The teacher's classes.
#[utoipa::path(responses((status = 200, body = Vec<ClassView>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
#[get("/api/classes")]
pub async fn list_classes(
    state: web::Data<AppState>,
    me: Teacher,
) -> Result<web::Json<Vec<ClassView>>, AppError> {
    let list = run(move || classes::classes(&state, &me)).await?;
    Ok(web::Json(list.iter().map(ClassView::from).collect()))
}

/// One child's line in the class progress.
#[derive(Serialize, ToSchema)]
pub struct PupilProgress {
    pub id: i32,
    pub display_name: String,
    /// The child's animal avatar (0–11).
    pub avatar: i32,
    pub rating: f64,
    pub rank: String,
    pub attempts: i64,
    pub solved: i64,
    /// Problems solved in the last 7 days.
    pub solved_this_week: i64,
}

/// A class with its children's progress.
#[derive(Serialize, ToSchema)]
pub struct ClassProgress {
    pub class: ClassView,
    pub pupils: Vec<PupilProgress>,
}

/// A class's progress: each child's rank and work (the teacher's own classes only).
#[utoipa::path(params(("id" = i32, Path, description = "class id")), responses((status = 200, body = ClassProgress), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/api/classes/{id}")]
pub async fn class_progress(
    state: web::Data<AppState>,
    me: Teacher,
    id: web::Path<i32>,
) -> Result<web::Json<ClassProgress>, AppError> {
    let id = id.into_inner();
    let (class, pupils) = run(move || classes::progress(&state, &me, id)).await?;
    Ok(web::Json(ClassProgress {
        class: ClassView::from(&class),
        pupils: pupils
            .into_iter()
            .map(|p| PupilProgress {
                id: p.child.id,
                display_name: p.child.display_name.clone(),
                avatar: p.child.avatar,
                rating: p.child.rating,
                rank: rank_of(p.child.rating).to_string(),
                attempts: p.attempts,
                solved: p.solved,
                solved_this_week: p.solved_this_week,
            })
            .collect(),
    }))
}

/// A teacher adds a new child to a class; the child signs in with the class code and pictures.
#[utoipa::path(params(("id" = i32, Path, description = "class id")), request_body = NewChild, responses((status = 201, body = UserView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[post("/api/classes/{id}/children")]
pub async fn add_pupil(
    state: web::Data<AppState>,
    me: Teacher,
    id: web::Path<i32>,
    body: web::Json<NewChild>,
) -> Result<HttpResponse, AppError> {
    let (id, b) = (id.into_inner(), body.into_inner());
    let child =
        run(move || classes::add_pupil(&state, &me, id, &b.display_name, &b.pictures, b.avatar))
            .await?;
    Ok(HttpResponse::Created().json(UserView::from(&child)))
}

#[derive(Deserialize, ToSchema)]
pub struct ExistingChild {
    /// The code the child signs in with (their family's or class's).
    pub code: String,
    pub child_id: i32,
    /// The child's three pictures, in order: only someone who knows them can link the child.
    pub pictures: Vec<u8>,
}

/// A teacher adds a child who already has an account (from a family) to a class.
#[utoipa::path(params(("id" = i32, Path, description = "class id")), request_body = ExistingChild, responses((status = 200, body = UserView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 429, body = ErrorBody)))]
#[post("/api/classes/{id}/members")]
pub async fn add_member(
    state: web::Data<AppState>,
    ip: ClientIp,
    me: Teacher,
    id: web::Path<i32>,
    body: web::Json<ExistingChild>,
) -> Result<web::Json<UserView>, AppError> {
    let (id, b) = (id.into_inner(), body.into_inner());
    let child =
        run(move || classes::add_member(&state, ip.0, &me, id, &b.code, b.child_id, &b.pictures))
            .await?;
    Ok(web::Json(UserView::from(&child)))
}

/// A parent links a child who has no family yet (a class child) to their own family.
#[utoipa::path(request_body = ExistingChild, responses((status = 200, body = UserView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody), (status = 429, body = ErrorBody)))]
#[post("/api/children/link")]
pub async fn link_child(
    state: web::Data<AppState>,
    ip: ClientIp,
    me: Parent,
    body: web::Json<ExistingChild>,
) -> Result<web::Json<UserView>, AppError> {
    let b = body.into_inner();
    let child =
        run(move || accounts::link_child(&state, ip.0, &me, &b.code, b.child_id, &b.pictures))
            .await?;
    Ok(web::Json(UserView::from(&child)))
}
