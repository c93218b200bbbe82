//! Teachers' sets over HTTP (ARCHITECTURE.md "Teachers' sets"): the JSON API the editor uses.
//! Handlers parse, call one use case of `app::sets`, and render.

use actix_web::{HttpRequest, HttpResponse, delete, get, post, put, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::auth::run;
use super::error::ErrorBody;
use crate::app::sets::{self, SetFields, SetView, Source};
use crate::app::{Actor, AppError, AppState, Teacher};
use crate::db::ProblemRow;
use crate::db::sets::VersionRow;

/// Largest upload (all files of one import): 8 MiB.
pub const MAX_UPLOAD_BYTES: usize = 8 * 1024 * 1024;

/// A new set.
#[derive(Deserialize, ToSchema)]
pub struct NewSetJson {
    pub name: String,
    pub description: Option<String>,
    /// private (default) | class | public
    pub visibility: Option<String>,
}

/// A set's fields to change; `order` (every problem id of the set, in the new order) reorders.
#[derive(Deserialize, ToSchema)]
pub struct SetChange {
    pub name: String,
    pub description: Option<String>,
    pub visibility: Option<String>,
    pub order: Option<Vec<i32>>,
}

#[derive(Serialize, ToSchema)]
pub struct Created {
    pub id: i32,
}

/// A problem in a set.
#[derive(Serialize, ToSchema)]
pub struct SetProblemJson {
    pub id: i32,
    pub position: i32,
    pub version: i32,
    pub size: i32,
    pub to_play: String,
    pub kind: String,
    pub name: Option<String>,
    pub copied_from: Option<String>,
}

/// A set with its problems in order.
#[derive(Serialize, ToSchema)]
pub struct SetJson {
    pub id: i32,
    pub name: String,
    pub description: Option<String>,
    pub visibility: String,
    pub owner_id: Option<i32>,
    pub copied_from: Option<String>,
    pub problems: Vec<SetProblemJson>,
}

fn problem_json((r, v): &(ProblemRow, VersionRow)) -> SetProblemJson {
    SetProblemJson {
        id: r.id,
        position: r.position,
        version: v.version,
        size: r.size,
        to_play: r.to_play.clone(),
        kind: r.kind.clone(),
        name: r.name.clone(),
        copied_from: v.copied_from.clone(),
    }
}

fn set_json(v: &SetView) -> SetJson {
    SetJson {
        id: v.set.id,
        name: v.set.name.clone(),
        description: v.set.description.clone(),
        visibility: v.set.visibility.clone(),
        owner_id: v.set.owner_id,
        copied_from: v.set.copied_from.clone(),
        problems: v.problems.iter().map(problem_json).collect(),
    }
}

/// A set in a list.
#[derive(Serialize, ToSchema)]
pub struct SetSummaryJson {
    pub id: i32,
    pub name: String,
    pub visibility: String,
    pub owner_id: Option<i32>,
}

/// A teacher creates a set.
#[utoipa::path(request_body = NewSetJson, responses((status = 201, body = Created), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
#[post("/api/sets")]
pub async fn create_set(
    state: web::Data<AppState>,
    me: Teacher,
    body: web::Json<NewSetJson>,
) -> Result<HttpResponse, AppError> {
    let b = body.into_inner();
    let f = SetFields {
        name: b.name,
        description: b.description,
        visibility: b.visibility,
    };
    let id = run(move || sets::create(&state, &me, &f)).await?;
    Ok(HttpResponse::Created().json(Created { id }))
}

/// The teacher's own sets (an admin: every teacher's).
#[utoipa::path(responses((status = 200, body = Vec<SetSummaryJson>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
#[get("/api/sets")]
pub async fn list_sets(
    state: web::Data<AppState>,
    actor: Actor,
) -> Result<web::Json<Vec<SetSummaryJson>>, AppError> {
    let list = run(move || sets::list(&state, &actor)).await?;
    Ok(web::Json(
        list.into_iter()
            .map(|s| SetSummaryJson {
                id: s.id,
                name: s.name,
                visibility: s.visibility,
                owner_id: s.owner_id,
            })
            .collect(),
    ))
}

/// A set with its problems: public sets for everyone, others for their owner, the admins, and
/// the children (and parents) of the classes they are for.
#[utoipa::path(params(("id" = i32, Path, description = "set id")), responses((status = 200, body = SetJson), (status = 404, body = ErrorBody)))]
#[get("/api/sets/{id}")]
pub async fn get_set(
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<i32>,
) -> Result<web::Json<SetJson>, AppError> {
    let id = id.into_inner();
    let view = run(move || sets::get(&state, &actor, id)).await?;
    Ok(web::Json(set_json(&view)))
}

/// Renames, describes, publishes and reorders the teacher's set.
#[utoipa::path(params(("id" = i32, Path, description = "set id")), request_body = SetChange, responses((status = 200, body = SetJson), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[put("/api/sets/{id}")]
pub async fn put_set(
    state: web::Data<AppState>,
    me: Teacher,
    id: web::Path<i32>,
    body: web::Json<SetChange>,
) -> Result<web::Json<SetJson>, AppError> {
    let id = id.into_inner();
    let b = body.into_inner();
    let f = SetFields {
        name: b.name,
        description: b.description,
        visibility: b.visibility,
    };
    let view = run(move || sets::update(&state, &me, id, &f, b.order.as_deref())).await?;
    Ok(web::Json(set_json(&view)))
}

/// Deletes the teacher's set (problems learners tried stay, hidden, for their attempts).
#[utoipa::path(params(("id" = i32, Path, description = "set id")), responses((status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[delete("/api/sets/{id}")]
pub async fn delete_set(
    state: web::Data<AppState>,
    me: Teacher,
    id: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let id = id.into_inner();
    run(move || sets::delete(&state, &me, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Copies a set the teacher may read into a new private set of theirs (attribution kept).
#[utoipa::path(params(("id" = i32, Path, description = "set to copy")), responses((status = 201, body = Created), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[post("/api/sets/{id}/copy")]
pub async fn copy_set(
    state: web::Data<AppState>,
    me: Teacher,
    id: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let id = id.into_inner();
    let new = run(move || sets::copy_set(&state, &me, id)).await?;
    Ok(HttpResponse::Created().json(Created { id: new }))
}

/// A problem to save: its SGF (one game tree), or `copy_of` a problem the teacher may read.
#[derive(Deserialize, ToSchema)]
pub struct ProblemIn {
    pub sgf: Option<String>,
    pub copy_of: Option<i32>,
}

/// A saved problem: its id (an edit makes a new version with a new id), version and the check
/// on save (the solver's status, goal, proven first moves, and findings).
#[derive(Serialize, ToSchema)]
pub struct SavedJson {
    pub id: i32,
    pub version: i32,
    #[schema(value_type = Object)]
    pub check: serde_json::Value,
}

fn saved_json(s: &sets::Saved) -> SavedJson {
    SavedJson {
        id: s.id,
        version: s.version,
        check: serde_json::to_value(&s.check).unwrap_or_default(),
    }
}

/// Adds a problem to the teacher's set; the answer carries the check.
#[utoipa::path(params(("id" = i32, Path, description = "set id")), request_body = ProblemIn, responses((status = 201, body = SavedJson), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[post("/api/sets/{id}/problems")]
pub async fn add_problem(
    state: web::Data<AppState>,
    me: Teacher,
    id: web::Path<i32>,
    body: web::Json<ProblemIn>,
) -> Result<HttpResponse, AppError> {
    let id = id.into_inner();
    let src = match body.into_inner() {
        ProblemIn {
            sgf: Some(s),
            copy_of: None,
        } => Source::Sgf(s),
        ProblemIn {
            sgf: None,
            copy_of: Some(p),
        } => Source::CopyOf(p),
        _ => return Err(AppError::bad("send either sgf or copy_of")),
    };
    let saved = run(move || sets::add_problem(&state, &me, id, src)).await?;
    Ok(HttpResponse::Created().json(saved_json(&saved)))
}

/// One problem of a set, any version (an old version names the one that replaced it).
#[derive(Serialize, ToSchema)]
pub struct ProblemOut {
    pub id: i32,
    pub set_id: i32,
    pub position: i32,
    pub version: i32,
    pub replaced_by: Option<i32>,
    pub retired: bool,
    pub copied_from: Option<String>,
    pub sgf: String,
}

/// One problem of a set with its SGF.
#[utoipa::path(params(("id" = i32, Path, description = "set id"), ("pid" = i32, Path, description = "problem id")), responses((status = 200, body = ProblemOut), (status = 404, body = ErrorBody)))]
#[get("/api/sets/{id}/problems/{pid}")]
pub async fn get_set_problem(
    state: web::Data<AppState>,
    actor: Actor,
    path: web::Path<(i32, i32)>,
) -> Result<web::Json<ProblemOut>, AppError> {
    let (set, pid) = path.into_inner();
    let (r, v) = run(move || sets::problem(&state, &actor, set, pid)).await?;
    Ok(web::Json(ProblemOut {
        id: r.id,
        set_id: r.set_id,
        position: r.position,
        version: v.version,
        replaced_by: v.replaced_by,
        retired: v.retired,
        copied_from: v.copied_from,
        sgf: r.sgf,
    }))
}

/// Saves an edited problem: a new version in the same place; attempts keep the old one.
#[utoipa::path(params(("id" = i32, Path, description = "set id"), ("pid" = i32, Path, description = "problem id")), request_body = ProblemIn, responses((status = 200, body = SavedJson), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[put("/api/sets/{id}/problems/{pid}")]
pub async fn put_set_problem(
    state: web::Data<AppState>,
    me: Teacher,
    path: web::Path<(i32, i32)>,
    body: web::Json<ProblemIn>,
) -> Result<web::Json<SavedJson>, AppError> {
    let (set, pid) = path.into_inner();
    let sgf = body
        .into_inner()
        .sgf
        .ok_or_else(|| AppError::bad("send the problem's sgf"))?;
    let saved = run(move || sets::edit_problem(&state, &me, set, pid, &sgf)).await?;
    Ok(web::Json(saved_json(&saved)))
}

/// Removes a problem from the teacher's set.
#[utoipa::path(params(("id" = i32, Path, description = "set id"), ("pid" = i32, Path, description = "problem id")), responses((status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[delete("/api/sets/{id}/problems/{pid}")]
pub async fn delete_set_problem(
    state: web::Data<AppState>,
    me: Teacher,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (set, pid) = path.into_inner();
    run(move || sets::delete_problem(&state, &me, set, pid)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// What an import did.
#[derive(Serialize, ToSchema)]
pub struct ImportJson {
    pub imported: usize,
    pub warnings: Vec<String>,
    pub rejected: Vec<RejectedJson>,
}

#[derive(Serialize, ToSchema)]
pub struct RejectedJson {
    pub file: String,
    pub index: usize,
    pub reason: String,
}

/// Imports problem files into the teacher's set: the file's bytes as the body (SGF, an SGF
/// collection or OGS puzzle JSON; UTF-8 or GBK/GB18030), or `multipart/form-data` with several
/// files. Every readable problem is stored (all in one transaction); the others are named.
#[utoipa::path(params(("id" = i32, Path, description = "set id")), request_body(content = Vec<u8>, content_type = "application/octet-stream"), responses((status = 200, body = ImportJson), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 413, body = ErrorBody)))]
#[post("/api/sets/{id}/import")]
pub async fn import_set(
    req: HttpRequest,
    state: web::Data<AppState>,
    me: Teacher,
    id: web::Path<i32>,
    body: web::Payload,
) -> Result<web::Json<ImportJson>, AppError> {
    let id = id.into_inner();
    let bytes = body
        .to_bytes_limited(MAX_UPLOAD_BYTES)
        .await
        .map_err(|_| AppError::TooLarge(format!("uploads have at most {MAX_UPLOAD_BYTES} bytes")))?
        .map_err(|e| AppError::bad(format!("the upload did not arrive: {e}")))?;
    let content_type = req
        .headers()
        .get("content-type")
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let files = match super::multipart::boundary(content_type) {
        Some(b) => super::multipart::files(&bytes, &b)?,
        None => vec![(file_name(&req), bytes.to_vec())],
    };
    let r = run(move || sets::import(&state, &me, id, &files)).await?;
    Ok(web::Json(ImportJson {
        imported: r.imported,
        warnings: r.warnings,
        rejected: r
            .rejected
            .into_iter()
            .map(|x| RejectedJson {
                file: x.file,
                index: x.index,
                reason: x.reason,
            })
            .collect(),
    }))
}

/// The name a raw upload goes by: `?file=` or `upload`.
fn file_name(req: &HttpRequest) -> String {
    web::Query::<std::collections::HashMap<String, String>>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.get("file").cloned())
        .filter(|f| !f.is_empty() && f.chars().count() <= 200)
        .unwrap_or_else(|| "upload".into())
}

/// The set as one SGF collection, as Sabaki and MultiGo open it.
#[utoipa::path(params(("id" = i32, Path, description = "set id")), responses((status = 200, body = String, content_type = "application/x-go-sgf"), (status = 404, body = ErrorBody)))]
#[get("/api/sets/{id}/export")]
pub async fn export_set(
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let id = id.into_inner();
    let (name, text) = run(move || sets::export(&state, &actor, id)).await?;
    Ok(HttpResponse::Ok()
        .content_type("application/x-go-sgf; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"{name}\""),
        ))
        .body(text))
}
