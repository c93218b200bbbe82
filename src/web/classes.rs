//! Classes over HTTP: a teacher creates classes (each with a code children type to sign in),
//! adds children to them, and reads the class's progress; a parent takes a class child into the
//! family by proving the child's pictures.

use actix_web::{HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::auth::{NewChild, SessionToken, UserView, current_user};
use super::error::{AppError, ErrorBody};
use super::state::AppState;
use crate::db::accounts::{self, UserRow};
use crate::db::learning::{self, ClassRow};
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

fn teacher(st: &AppState, token: &SessionToken) -> Result<UserRow, AppError> {
    let me =
        current_user(st, token)?.ok_or_else(|| AppError::Unauthorized("not signed in".into()))?;
    if me.role != "teacher" {
        return Err(AppError::Forbidden("only a teacher has classes".into()));
    }
    Ok(me)
}

/// The teacher's own class (404 for anyone else's, so ids reveal nothing).
fn own_class(
    conn: &mut crate::db::AnyConnection,
    me: &UserRow,
    id: i32,
) -> Result<ClassRow, AppError> {
    learning::class_by_id(conn, id)?
        .filter(|c| c.teacher_id == me.id)
        .ok_or(AppError::NotFound("class"))
}

/// A teacher creates a class.
#[utoipa::path(request_body = NewClass, responses((status = 201, body = ClassView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
#[post("/api/classes")]
pub async fn create_class(
    state: web::Data<AppState>,
    token: SessionToken,
    body: web::Json<NewClass>,
) -> Result<HttpResponse, AppError> {
    let name = body.name.trim().to_string();
    if name.is_empty() || name.chars().count() > 60 {
        return Err(AppError::BadRequest(
            "a class name has 1 to 60 characters".into(),
        ));
    }
    let st = state.clone();
    let class = web::block(move || -> Result<_, AppError> {
        let me = teacher(&st, &token)?;
        Ok(learning::create_class(&mut *st.conn()?, me.id, &name)?)
    })
    .await??;
    Ok(HttpResponse::Created().json(ClassView::from(&class)))
}

/// The teacher's classes.
#[utoipa::path(responses((status = 200, body = Vec<ClassView>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
#[get("/api/classes")]
pub async fn list_classes(
    state: web::Data<AppState>,
    token: SessionToken,
) -> Result<web::Json<Vec<ClassView>>, AppError> {
    let st = state.clone();
    let classes = web::block(move || -> Result<_, AppError> {
        let me = teacher(&st, &token)?;
        Ok(learning::teacher_classes(&mut *st.conn()?, me.id)?)
    })
    .await??;
    Ok(web::Json(classes.iter().map(ClassView::from).collect()))
}

/// One child's line in the class progress.
#[derive(Serialize, ToSchema)]
pub struct PupilProgress {
    pub id: i32,
    pub display_name: String,
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
    token: SessionToken,
    id: web::Path<i32>,
) -> Result<web::Json<ClassProgress>, AppError> {
    let id = id.into_inner();
    let st = state.clone();
    let progress = web::block(move || -> Result<_, AppError> {
        let me = teacher(&st, &token)?;
        let conn = &mut *st.conn()?;
        let class = own_class(conn, &me, id)?;
        let week_ago = crate::db::now_ms() - 7 * 24 * 3600 * 1000;
        let mut pupils = Vec::new();
        for kid in learning::class_children(conn, class.id)? {
            let (attempts, solved, week) = learning::work_counts(conn, kid.id, week_ago)?;
            pupils.push(PupilProgress {
                id: kid.id,
                display_name: kid.display_name.clone(),
                rating: kid.rating,
                rank: rank_of(kid.rating).to_string(),
                attempts,
                solved,
                solved_this_week: week,
            });
        }
        Ok(ClassProgress {
            class: ClassView::from(&class),
            pupils,
        })
    })
    .await??;
    Ok(web::Json(progress))
}

/// A teacher adds a new child to a class; the child signs in with the class code and pictures.
#[utoipa::path(params(("id" = i32, Path, description = "class id")), request_body = NewChild, responses((status = 201, body = UserView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[post("/api/classes/{id}/children")]
pub async fn add_pupil(
    state: web::Data<AppState>,
    token: SessionToken,
    id: web::Path<i32>,
    body: web::Json<NewChild>,
) -> Result<HttpResponse, AppError> {
    let id = id.into_inner();
    let b = body.into_inner();
    let pictures = accounts::picture_secret(&b.pictures)
        .ok_or_else(|| AppError::BadRequest("pick three of the nine pictures (0 to 8)".into()))?;
    let name = b.display_name.trim().to_string();
    if name.is_empty() || name.chars().count() > 40 {
        return Err(AppError::BadRequest("a name of 1 to 40 characters".into()));
    }
    let st = state.clone();
    let child = web::block(move || -> Result<_, AppError> {
        let me = teacher(&st, &token)?;
        let conn = &mut *st.conn()?;
        let class = own_class(conn, &me, id)?;
        let child = accounts::create_child(conn, None, &name, &pictures)?;
        learning::add_member(conn, class.id, child.id)?;
        Ok(child)
    })
    .await??;
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

fn proven_child(
    conn: &mut crate::db::AnyConnection,
    b: &ExistingChild,
) -> Result<UserRow, AppError> {
    let wrong = || AppError::Unauthorized("that child and those pictures do not match".into());
    let kids =
        learning::children_of_code(conn, &b.code.trim().to_uppercase())?.ok_or_else(wrong)?;
    let child = kids
        .into_iter()
        .find(|k| k.id == b.child_id)
        .ok_or_else(wrong)?;
    let ok = accounts::pictures_match(&child, &b.pictures);
    if ok { Ok(child) } else { Err(wrong()) }
}

/// A teacher adds a child who already has an account (from a family) to a class.
#[utoipa::path(params(("id" = i32, Path, description = "class id")), request_body = ExistingChild, responses((status = 200, body = UserView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[post("/api/classes/{id}/members")]
pub async fn add_member(
    state: web::Data<AppState>,
    token: SessionToken,
    id: web::Path<i32>,
    body: web::Json<ExistingChild>,
) -> Result<web::Json<UserView>, AppError> {
    let id = id.into_inner();
    let b = body.into_inner();
    let st = state.clone();
    let child = web::block(move || -> Result<_, AppError> {
        let me = teacher(&st, &token)?;
        let conn = &mut *st.conn()?;
        let class = own_class(conn, &me, id)?;
        let child = proven_child(conn, &b)?;
        learning::add_member(conn, class.id, child.id)?;
        Ok(child)
    })
    .await??;
    Ok(web::Json(UserView::from(&child)))
}

/// A parent links a child who has no family yet (a class child) to their own family.
#[utoipa::path(request_body = ExistingChild, responses((status = 200, body = UserView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[post("/api/children/link")]
pub async fn link_child(
    state: web::Data<AppState>,
    token: SessionToken,
    body: web::Json<ExistingChild>,
) -> Result<web::Json<UserView>, AppError> {
    let b = body.into_inner();
    let st = state.clone();
    let child = web::block(move || -> Result<_, AppError> {
        let me = current_user(&st, &token)?
            .ok_or_else(|| AppError::Unauthorized("not signed in".into()))?;
        if me.role != "parent" {
            return Err(AppError::Forbidden("only a parent links children".into()));
        }
        let conn = &mut *st.conn()?;
        let child = proven_child(conn, &b)?;
        if child.parent_id == Some(me.id) {
            return Ok(child);
        }
        if !accounts::adopt_child(conn, me.id, child.id)? {
            return Err(AppError::Conflict(
                "this child already belongs to a family".into(),
            ));
        }
        accounts::user_by_id(conn, child.id)?.ok_or(AppError::NotFound("child"))
    })
    .await??;
    Ok(web::Json(UserView::from(&child)))
}
