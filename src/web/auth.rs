//! Accounts over HTTP: parents and teachers sign up with a user name and password (argon2id);
//! a child finds their family by its code and signs in with three of nine pictures, in order;
//! sessions are HttpOnly, SameSite=Lax cookies. State-changing endpoints take JSON bodies only,
//! which a cross-site form cannot send, so they need no CSRF token.

use std::future::{Ready, ready};

use actix_web::cookie::{Cookie, SameSite, time::Duration as CookieDuration};
use actix_web::{FromRequest, HttpRequest, HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::error::{AppError, ErrorBody};
use super::state::AppState;
use crate::db::accounts::{self, MAX_FAILED_SIGNINS, UserRow};

pub const SESSION_COOKIE: &str = "sente_session";

/// The session token of a request, if it carries one (checked against the database by callers).
pub struct SessionToken(pub Option<String>);

impl FromRequest for SessionToken {
    type Error = actix_web::Error;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        ready(Ok(SessionToken(
            req.cookie(SESSION_COOKIE).map(|c| c.value().to_string()),
        )))
    }
}

/// The signed-in user of a request, looked up in a blocking context.
pub fn current_user(state: &AppState, token: &SessionToken) -> Result<Option<UserRow>, AppError> {
    let Some(t) = &token.0 else { return Ok(None) };
    Ok(accounts::session_user(&mut *state.conn()?, t)?)
}

/// A user as the API shows it.
#[derive(Serialize, ToSchema)]
pub struct UserView {
    pub id: i32,
    pub role: String,
    pub display_name: String,
    pub username: Option<String>,
    /// Parents: the code their children use to find the family.
    pub family_code: Option<String>,
    pub rating: f64,
    pub rank: String,
}

impl From<&UserRow> for UserView {
    fn from(u: &UserRow) -> Self {
        UserView {
            id: u.id,
            role: u.role.clone(),
            display_name: u.display_name.clone(),
            username: u.username.clone(),
            family_code: u.family_code.clone(),
            rating: u.rating,
            rank: crate::rating::rank_of(u.rating).to_string(),
        }
    }
}

pub(super) fn session_cookie(req: &HttpRequest, token: &str) -> Cookie<'static> {
    let mut c = Cookie::new(SESSION_COOKIE, token.to_string());
    c.set_http_only(true);
    c.set_same_site(SameSite::Lax);
    c.set_path("/");
    c.set_secure(req.connection_info().scheme() == "https");
    c.set_max_age(CookieDuration::days(30));
    c
}

fn signed_in(
    req: &HttpRequest,
    status: actix_web::http::StatusCode,
    user: &UserRow,
    token: &str,
) -> HttpResponse {
    HttpResponse::build(status)
        .cookie(session_cookie(req, token))
        .json(UserView::from(user))
}

#[derive(Deserialize, ToSchema)]
pub struct SignUp {
    /// parent or teacher
    pub role: String,
    pub username: String,
    pub password: String,
    pub display_name: String,
}

pub(super) fn check_username(u: &str) -> Result<(), AppError> {
    let ok = (3..=32).contains(&u.chars().count())
        && u.chars().all(|c| c.is_alphanumeric() || "._-".contains(c));
    if ok {
        Ok(())
    } else {
        Err(AppError::BadRequest(
            "a user name has 3 to 32 letters, digits, '.', '_' or '-'".into(),
        ))
    }
}

/// A parent's or teacher's account; signs in at once.
#[utoipa::path(request_body = SignUp, responses((status = 201, body = UserView), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[post("/api/auth/signup")]
pub async fn signup(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<SignUp>,
) -> Result<HttpResponse, AppError> {
    let b = body.into_inner();
    if b.role != "parent" && b.role != "teacher" {
        return Err(AppError::BadRequest(
            "role is parent or teacher (children are added by a parent)".into(),
        ));
    }
    check_username(&b.username)?;
    if b.password.chars().count() < 8 {
        return Err(AppError::BadRequest(
            "a password has at least 8 characters".into(),
        ));
    }
    if b.display_name.trim().is_empty() {
        return Err(AppError::BadRequest("a display name is needed".into()));
    }
    let st = state.clone();
    let (user, token) = web::block(move || -> Result<_, AppError> {
        let conn = &mut *st.conn()?;
        let user = accounts::create_account(
            conn,
            &b.role,
            &b.username,
            &b.password,
            b.display_name.trim(),
        )?
        .ok_or_else(|| AppError::Conflict(format!("the user name '{}' is taken", b.username)))?;
        let token = accounts::open_session(conn, user.id)?;
        Ok((user, token))
    })
    .await??;
    Ok(signed_in(
        &req,
        actix_web::http::StatusCode::CREATED,
        &user,
        &token,
    ))
}

#[derive(Deserialize, ToSchema)]
pub struct SignIn {
    pub username: String,
    pub password: String,
}

/// Signs a parent or teacher in.
#[utoipa::path(request_body = SignIn, responses((status = 200, body = UserView), (status = 401, body = ErrorBody)))]
#[post("/api/auth/signin")]
pub async fn signin(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<SignIn>,
) -> Result<HttpResponse, AppError> {
    let b = body.into_inner();
    let st = state.clone();
    let (user, token) = web::block(move || -> Result<_, AppError> {
        let conn = &mut *st.conn()?;
        let user = accounts::authenticate(conn, &b.username, &b.password)?
            .ok_or_else(|| AppError::Unauthorized("wrong user name or password".into()))?;
        let token = accounts::open_session(conn, user.id)?;
        Ok((user, token))
    })
    .await??;
    Ok(signed_in(
        &req,
        actix_web::http::StatusCode::OK,
        &user,
        &token,
    ))
}

/// Ends the session.
#[post("/api/auth/signout")]
pub async fn signout(
    state: web::Data<AppState>,
    token: SessionToken,
) -> Result<HttpResponse, AppError> {
    if let Some(t) = token.0 {
        let st = state.clone();
        web::block(move || -> Result<_, AppError> {
            Ok(accounts::close_session(&mut *st.conn()?, &t)?)
        })
        .await??;
    }
    let mut gone = Cookie::new(SESSION_COOKIE, "");
    gone.set_path("/");
    gone.make_removal();
    Ok(HttpResponse::NoContent().cookie(gone).finish())
}

/// The signed-in user.
#[utoipa::path(responses((status = 200, body = UserView), (status = 401, body = ErrorBody)))]
#[get("/api/me")]
pub async fn me(
    state: web::Data<AppState>,
    token: SessionToken,
) -> Result<web::Json<UserView>, AppError> {
    let st = state.clone();
    let user = web::block(move || current_user(&st, &token)).await??;
    let user = user.ok_or_else(|| AppError::Unauthorized("not signed in".into()))?;
    Ok(web::Json(UserView::from(&user)))
}

#[derive(Deserialize, ToSchema)]
pub struct NewChild {
    pub display_name: String,
    /// Three of the nine pictures (0–8), in order.
    pub pictures: Vec<u8>,
}

/// A parent adds a child, who will sign in with the family code and the pictures.
#[utoipa::path(request_body = NewChild, responses((status = 201, body = UserView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
#[post("/api/children")]
pub async fn add_child(
    state: web::Data<AppState>,
    token: SessionToken,
    body: web::Json<NewChild>,
) -> Result<HttpResponse, AppError> {
    let b = body.into_inner();
    let pictures = accounts::picture_secret(&b.pictures)
        .ok_or_else(|| AppError::BadRequest("pick three of the nine pictures (0 to 8)".into()))?;
    if b.display_name.trim().is_empty() {
        return Err(AppError::BadRequest("a name to show is needed".into()));
    }
    let st = state.clone();
    let child = web::block(move || -> Result<_, AppError> {
        let parent = current_user(&st, &token)?
            .ok_or_else(|| AppError::Unauthorized("not signed in".into()))?;
        if parent.role != "parent" {
            return Err(AppError::Forbidden("only a parent adds children".into()));
        }
        Ok(accounts::create_child(
            &mut *st.conn()?,
            Some(parent.id),
            b.display_name.trim(),
            &pictures,
        )?)
    })
    .await??;
    Ok(HttpResponse::Created().json(UserView::from(&child)))
}

/// A child on the sign-in screen: the name to tap (no other detail).
#[derive(Serialize, ToSchema)]
pub struct ChildCard {
    pub id: i32,
    pub display_name: String,
}

/// The children of a family or class, for the picture sign-in screen.
#[utoipa::path(params(("code" = String, Path, description = "family or class code")), responses((status = 200, body = Vec<ChildCard>), (status = 404, body = ErrorBody)))]
#[get("/api/families/{code}/children")]
pub async fn family(
    state: web::Data<AppState>,
    code: web::Path<String>,
) -> Result<web::Json<Vec<ChildCard>>, AppError> {
    let code = code.into_inner().to_uppercase();
    let st = state.clone();
    let kids = web::block(move || -> Result<_, AppError> {
        crate::db::learning::children_of_code(&mut *st.conn()?, &code)?
            .ok_or(AppError::NotFound("family or class"))
    })
    .await??;
    Ok(web::Json(
        kids.iter()
            .map(|k| ChildCard {
                id: k.id,
                display_name: k.display_name.clone(),
            })
            .collect(),
    ))
}

#[derive(Deserialize, ToSchema)]
pub struct PictureSignIn {
    /// The family's or the class's code.
    #[serde(alias = "code")]
    pub family_code: String,
    pub child_id: i32,
    pub pictures: Vec<u8>,
}

/// A child signs in with their pictures.
#[utoipa::path(request_body = PictureSignIn, responses((status = 200, body = UserView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
#[post("/api/auth/pictures")]
pub async fn picture_signin(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<PictureSignIn>,
) -> Result<HttpResponse, AppError> {
    let b = body.into_inner();
    let st = state.clone();
    let (user, token) = web::block(move || -> Result<_, AppError> {
        let conn = &mut *st.conn()?;
        let wrong = || AppError::Unauthorized("those are not the pictures".into());
        let kids = crate::db::learning::children_of_code(conn, &b.family_code.to_uppercase())?
            .ok_or_else(wrong)?;
        let child = kids
            .into_iter()
            .find(|k| k.id == b.child_id)
            .ok_or_else(wrong)?;
        if child.failed_signins >= MAX_FAILED_SIGNINS {
            return Err(AppError::Forbidden(
                "too many wrong tries: ask a parent to help".into(),
            ));
        }
        let ok = accounts::pictures_match(&child, &b.pictures);
        accounts::note_signin(conn, child.id, ok)?;
        if !ok {
            return Err(wrong());
        }
        let token = accounts::open_session(conn, child.id)?;
        Ok((child, token))
    })
    .await??;
    Ok(signed_in(
        &req,
        actix_web::http::StatusCode::OK,
        &user,
        &token,
    ))
}
