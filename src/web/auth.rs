//! Accounts over the JSON API: sign-up and sign-in for grown-ups, the picture sign-in of a
//! child, children of a family, unlocking a child, a child's data. Handlers parse, call one use
//! case (`app::accounts`, `app::children`) and render. State-changing endpoints take JSON bodies
//! only, which a cross-site form cannot send, so they need no CSRF token.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, put, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::error::ErrorBody;
use super::session::{ClientIp, SessionToken, removed_session, session_cookie};
use crate::app::accounts::{self, SignedIn};
use crate::app::{Actor, AppError, AppState, Grownup, Parent, children, devices};
use crate::db::accounts::UserRow;

/// A user as the API shows it.
#[derive(Serialize, ToSchema)]
pub struct UserView {
    pub id: i32,
    /// learner, parent, teacher or admin.
    pub role: String,
    pub display_name: String,
    pub username: Option<String>,
    /// Parents: the code their children use to find the family.
    pub family_code: Option<String>,
    pub rating: f64,
    pub rank: String,
    /// Children: their animal avatar (0–11).
    pub avatar: i32,
}

impl From<&UserRow> for UserView {
    fn from(u: &UserRow) -> Self {
        UserView {
            id: u.id,
            role: u.role.to_string(),
            display_name: u.display_name.clone(),
            username: u.username.clone(),
            family_code: u.family_code.clone(),
            rating: u.rating,
            rank: crate::rating::rank_of(u.rating).to_string(),
            avatar: u.avatar,
        }
    }
}

fn signed_in(req: &HttpRequest, status: StatusCode, s: &SignedIn) -> HttpResponse {
    HttpResponse::build(status)
        .cookie(session_cookie(req, &s.token))
        .json(UserView::from(&s.user))
}

/// Runs a use case in a blocking thread.
pub(super) async fn run<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, AppError> + Send + 'static,
) -> Result<T, AppError> {
    web::block(f)
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?
}

#[derive(Deserialize, ToSchema)]
pub struct SignUp {
    /// parent or teacher
    pub role: String,
    pub username: String,
    /// At least 10 characters, not the user name, not a common or easily guessed password.
    pub password: String,
    pub display_name: String,
}

/// A parent's or teacher's account; signs in at once.
#[utoipa::path(request_body = SignUp, responses((status = 201, body = UserView), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody), (status = 429, body = ErrorBody)))]
#[post("/api/auth/signup")]
pub async fn signup(
    req: HttpRequest,
    state: web::Data<AppState>,
    ip: ClientIp,
    body: web::Json<SignUp>,
) -> Result<HttpResponse, AppError> {
    let b = body.into_inner();
    let s = run(move || {
        accounts::sign_up(
            &state,
            ip.0,
            accounts::SignUp {
                role: &b.role,
                username: &b.username,
                password: &b.password,
                display_name: &b.display_name,
            },
        )
    })
    .await?;
    Ok(signed_in(&req, StatusCode::CREATED, &s))
}

#[derive(Deserialize, ToSchema)]
pub struct SignIn {
    pub username: String,
    pub password: String,
}

/// Signs a parent or teacher in. Five wrong passwords lock the name for a growing time.
#[utoipa::path(request_body = SignIn, responses((status = 200, body = UserView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 429, body = ErrorBody)))]
#[post("/api/auth/signin")]
pub async fn signin(
    req: HttpRequest,
    state: web::Data<AppState>,
    ip: ClientIp,
    body: web::Json<SignIn>,
) -> Result<HttpResponse, AppError> {
    let b = body.into_inner();
    let s = run(move || accounts::sign_in(&state, ip.0, &b.username, &b.password)).await?;
    Ok(signed_in(&req, StatusCode::OK, &s))
}

/// Ends the session.
#[utoipa::path(responses((status = 204)))]
#[post("/api/auth/signout")]
pub async fn signout(
    state: web::Data<AppState>,
    token: SessionToken,
) -> Result<HttpResponse, AppError> {
    run(move || accounts::sign_out(&state, token.0.as_deref())).await?;
    Ok(HttpResponse::NoContent().cookie(removed_session()).finish())
}

/// The signed-in user.
#[utoipa::path(responses((status = 200, body = UserView), (status = 401, body = ErrorBody)))]
#[get("/api/me")]
pub async fn me(actor: Actor) -> Result<web::Json<UserView>, AppError> {
    Ok(web::Json(UserView::from(actor.signed_in()?)))
}

#[derive(Deserialize, ToSchema)]
pub struct NewChild {
    pub display_name: String,
    /// Three of the nine pictures (0–8), in order.
    pub pictures: Vec<u8>,
    /// The child's animal avatar (0–11); the app chooses one the family or class does not use
    /// yet when none is given.
    #[serde(default)]
    pub avatar: Option<i32>,
}

/// A parent adds a child, who will sign in with the family code and the pictures.
#[utoipa::path(request_body = NewChild, responses((status = 201, body = UserView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
#[post("/api/children")]
pub async fn add_child(
    state: web::Data<AppState>,
    parent: Parent,
    body: web::Json<NewChild>,
) -> Result<HttpResponse, AppError> {
    let b = body.into_inner();
    let child =
        run(move || accounts::add_child(&state, &parent, &b.display_name, &b.pictures, b.avatar))
            .await?;
    Ok(HttpResponse::Created().json(UserView::from(&child)))
}

/// A child on the sign-in screen: the name to tap (no other detail).
#[derive(Serialize, ToSchema)]
pub struct ChildCard {
    pub id: i32,
    pub display_name: String,
    pub avatar: i32,
}

/// The children of a family or class, for the picture sign-in screen.
#[utoipa::path(params(("code" = String, Path, description = "family or class code")), responses((status = 200, body = Vec<ChildCard>), (status = 404, body = ErrorBody), (status = 429, body = ErrorBody)))]
#[get("/api/families/{code}/children")]
pub async fn family(
    state: web::Data<AppState>,
    ip: ClientIp,
    code: web::Path<String>,
) -> Result<web::Json<Vec<ChildCard>>, AppError> {
    let code = code.into_inner();
    let kids = run(move || accounts::children_of_code(&state, ip.0, &code)).await?;
    Ok(web::Json(
        kids.iter()
            .map(|k| ChildCard {
                id: k.id,
                display_name: k.display_name.clone(),
                avatar: k.avatar,
            })
            .collect(),
    ))
}

#[derive(Deserialize, ToSchema)]
pub struct PictureSignIn {
    /// The family's or the class's code.
    #[serde(alias = "family_code")]
    pub code: String,
    pub child_id: i32,
    pub pictures: Vec<u8>,
}

/// A child signs in with their pictures. Five wrong tries lock the child for a growing time
/// (1 minute, 5 minutes, 1 hour…) until then or until a parent or teacher unlocks them.
#[utoipa::path(request_body = PictureSignIn, responses((status = 200, body = UserView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 429, body = ErrorBody)))]
#[post("/api/auth/pictures")]
pub async fn picture_signin(
    req: HttpRequest,
    state: web::Data<AppState>,
    ip: ClientIp,
    body: web::Json<PictureSignIn>,
) -> Result<HttpResponse, AppError> {
    let b = body.into_inner();
    let s = run(move || accounts::sign_in_pictures(&state, ip.0, &b.code, b.child_id, &b.pictures))
        .await?;
    Ok(signed_in(&req, StatusCode::OK, &s))
}

/// A parent or teacher unlocks a child locked out by wrong pictures.
#[utoipa::path(params(("id" = i32, Path, description = "child id")), responses((status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[post("/api/children/{id}/unlock")]
pub async fn unlock_child(
    state: web::Data<AppState>,
    grownup: Grownup,
    id: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let id = id.into_inner();
    run(move || accounts::unlock_child(&state, &grownup, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Deserialize, ToSchema)]
pub struct NewPictures {
    /// Three of the nine pictures (0–8), in order.
    pub pictures: Vec<u8>,
}

/// A parent or teacher gives a child new pictures (which also unlocks them).
#[utoipa::path(params(("id" = i32, Path, description = "child id")), request_body = NewPictures, responses((status = 204), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[post("/api/children/{id}/pictures")]
pub async fn reset_pictures(
    state: web::Data<AppState>,
    grownup: Grownup,
    id: web::Path<i32>,
    body: web::Json<NewPictures>,
) -> Result<HttpResponse, AppError> {
    let (id, b) = (id.into_inner(), body.into_inner());
    run(move || accounts::reset_pictures(&state, &grownup, id, &b.pictures)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Everything stored about a child, as JSON (their parent, or the teacher of a class child
/// without a family).
#[utoipa::path(params(("id" = i32, Path, description = "child id")), responses((status = 200, description = "the child's account, classes, attempts with moves, rated games, concept ratings, reviews and placement tests"), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/api/children/{id}/data")]
pub async fn child_data(
    state: web::Data<AppState>,
    grownup: Grownup,
    id: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let id = id.into_inner();
    let data = run(move || children::export(&state, &grownup, id)).await?;
    Ok(HttpResponse::Ok()
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"sente-child-{id}.json\""),
        ))
        .json(data))
}

/// Deletes a child and everything stored about them (their attempts stay, anonymous).
#[utoipa::path(params(("id" = i32, Path, description = "child id")), responses((status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[delete("/api/children/{id}")]
pub async fn delete_child(
    state: web::Data<AppState>,
    grownup: Grownup,
    id: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let id = id.into_inner();
    run(move || children::delete(&state, &grownup, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Deserialize, ToSchema)]
pub struct NewAvatar {
    /// One of the animal avatars (0–11).
    pub avatar: i32,
}

/// A parent or teacher gives a child another avatar.
#[utoipa::path(params(("id" = i32, Path, description = "child id")), request_body = NewAvatar, responses((status = 204), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[put("/api/children/{id}/avatar")]
pub async fn set_avatar(
    state: web::Data<AppState>,
    grownup: Grownup,
    id: web::Path<i32>,
    body: web::Json<NewAvatar>,
) -> Result<HttpResponse, AppError> {
    let (id, avatar) = (id.into_inner(), body.into_inner().avatar);
    run(move || accounts::set_avatar(&state, &grownup, id, avatar)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// A remembered device as its grown-up sees it.
#[derive(Serialize, ToSchema)]
pub struct DeviceView {
    pub id: i32,
    /// family or class
    pub kind: String,
    /// The class it remembers (a teacher's device).
    pub class_id: Option<i32>,
    /// Milliseconds since 1970.
    pub created_at: i64,
    pub last_used_at: i64,
    pub expires_at: i64,
}

/// The devices that remember the parent's family or one of the teacher's classes.
#[utoipa::path(responses((status = 200, body = Vec<DeviceView>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
#[get("/api/devices")]
pub async fn list_devices(
    state: web::Data<AppState>,
    grownup: Grownup,
) -> Result<web::Json<Vec<DeviceView>>, AppError> {
    let list = run(move || devices::list(&state, &grownup)).await?;
    Ok(web::Json(
        list.iter()
            .map(|d| DeviceView {
                id: d.id,
                kind: if d.class.is_some() { "class" } else { "family" }.into(),
                class_id: d.class,
                created_at: d.created_at,
                last_used_at: d.last_used_at,
                expires_at: d.expires_at,
            })
            .collect(),
    ))
}

/// Forgets a remembered device: its token is refused from now on.
#[utoipa::path(params(("id" = i32, Path, description = "device id")), responses((status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[delete("/api/devices/{id}")]
pub async fn forget_device(
    state: web::Data<AppState>,
    grownup: Grownup,
    id: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let id = id.into_inner();
    run(move || devices::forget(&state, &grownup, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
