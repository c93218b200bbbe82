//! The learner pages: sign-in for grown-ups (user name and password) and for children (a class
//! or family code, their name, then three pictures in order), sign-up, the account page of a
//! parent (children, family code) or a teacher (classes, class codes), practice and the placement
//! test. Every form carries a CSRF token (see `csrf`).

use actix_web::http::StatusCode;
use actix_web::http::header::LOCATION;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use askama::Template;
use serde::Deserialize;

use super::auth::{SESSION_COOKIE, SessionToken, current_user, session_cookie};
use super::csrf::{self, Checked, csrf_forms};
use super::error::AppError;
use super::i18n::{Lang, PICTURES, Text, Words};
use super::pages::{PageError, blocking};
use super::state::AppState;
use crate::db::accounts::{self, MAX_FAILED_SIGNINS, UserRow};
use crate::db::learning;
use crate::rating::{rank_of, stars_of};

type Page = Result<HttpResponse, PageError>;

csrf_forms!(
    SignInForm,
    CsrfForm,
    PictureForm,
    ChildForm,
    ClassForm,
    TargetForm
);

fn see_other(to: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((LOCATION, to.to_string()))
        .finish()
}

/// A page with a form: the body with the CSRF cookie set when the browser has none.
fn form_page(
    req: &HttpRequest,
    lang: Lang,
    status: StatusCode,
    body: Result<String, askama::Error>,
) -> Page {
    let body = body.map_err(|e| PageError::new(AppError::Internal(e.to_string()), lang))?;
    let (_, cookie) = csrf::token(req);
    let mut resp = HttpResponse::build(status);
    resp.content_type("text/html; charset=utf-8");
    if let Some(c) = cookie {
        resp.cookie(c);
    }
    if let Some(c) = super::pages::lang_cookie(req, lang) {
        resp.cookie(c);
    }
    Ok(resp.body(body))
}

#[derive(Template)]
#[template(path = "signin.html")]
struct SignInPage {
    t: &'static Text,
    w: &'static Words,
    lang_code: &'static str,
    lang_short: &'static str,
    other_lang: &'static str,
    csrf: String,
    error: Option<String>,
    signup: bool,
}

fn signin_page(req: &HttpRequest, signup: bool, error: Option<String>, status: StatusCode) -> Page {
    let lang = Lang::of(req);
    let page = SignInPage {
        t: lang.text(),
        w: lang.words(),
        lang_code: lang.code(),
        lang_short: lang.short(),
        other_lang: lang.other().short(),
        csrf: csrf::token(req).0,
        error,
        signup,
    };
    form_page(req, lang, status, page.render())
}

#[get("/signin")]
pub async fn signin_get(req: HttpRequest) -> Page {
    signin_page(&req, false, None, StatusCode::OK)
}

#[get("/signup")]
pub async fn signup_get(req: HttpRequest) -> Page {
    signin_page(&req, true, None, StatusCode::OK)
}

#[derive(Deserialize)]
pub struct SignInForm {
    csrf: String,
    username: String,
    password: String,
    role: Option<String>,
    display_name: Option<String>,
}

fn signed_in_redirect(req: &HttpRequest, token: &str, to: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .cookie(session_cookie(req, token))
        .insert_header((LOCATION, to.to_string()))
        .finish()
}

#[post("/signin")]
pub async fn signin_post(
    req: HttpRequest,
    state: web::Data<AppState>,
    Checked(f): Checked<SignInForm>,
) -> Page {
    let lang = Lang::of(&req);
    let st = state.clone();
    let found = blocking(lang, move || {
        let conn = &mut *st.conn()?;
        match accounts::authenticate(conn, f.username.trim(), &f.password)? {
            Some(user) => Ok(Some(accounts::open_session(conn, user.id)?)),
            None => Ok(None),
        }
    })
    .await?;
    let error = lang.words().wrong_password;
    signed_in_or_form(&req, found, false, error, StatusCode::UNAUTHORIZED)
}

/// After a form's credentials: the session cookie and the account page, or the form again.
fn signed_in_or_form(
    req: &HttpRequest,
    token: Option<String>,
    signup: bool,
    error: &str,
    status: StatusCode,
) -> Page {
    match token {
        Some(token) => Ok(signed_in_redirect(req, &token, "/account")),
        None => signin_page(req, signup, Some(error.to_string()), status),
    }
}

#[post("/signup")]
pub async fn signup_post(
    req: HttpRequest,
    state: web::Data<AppState>,
    Checked(f): Checked<SignInForm>,
) -> Page {
    let lang = Lang::of(&req);
    let role = f.role.clone().unwrap_or_default();
    let name = f.display_name.clone().unwrap_or_default();
    let user_ok = super::auth::check_username(f.username.trim()).is_ok();
    let complete = (role == "parent" || role == "teacher")
        && user_ok
        && f.password.chars().count() >= 8
        && !name.trim().is_empty();
    if !complete {
        let why = lang.words().form_incomplete.to_string();
        return signin_page(&req, true, Some(why), StatusCode::BAD_REQUEST);
    }
    let st = state.clone();
    let made = blocking(lang, move || {
        let conn = &mut *st.conn()?;
        let Some(user) =
            accounts::create_account(conn, &role, f.username.trim(), &f.password, name.trim())?
        else {
            return Ok(None);
        };
        Ok(Some(accounts::open_session(conn, user.id)?))
    })
    .await?;
    let error = lang.words().name_taken;
    signed_in_or_form(&req, made, true, error, StatusCode::CONFLICT)
}

#[derive(Deserialize)]
pub struct CsrfForm {
    csrf: String,
}

#[post("/signout")]
pub async fn signout_post(
    req: HttpRequest,
    state: web::Data<AppState>,
    token: SessionToken,
    _form: Checked<CsrfForm>,
) -> Page {
    let lang = Lang::of(&req);
    if let Some(t) = token.0 {
        let st = state.clone();
        blocking(lang, move || {
            Ok(accounts::close_session(&mut *st.conn()?, &t)?)
        })
        .await?;
    }
    let mut gone = actix_web::cookie::Cookie::new(SESSION_COOKIE, "");
    gone.set_path("/");
    gone.make_removal();
    Ok(HttpResponse::SeeOther()
        .cookie(gone)
        .insert_header((LOCATION, "/"))
        .finish())
}

struct KidButton {
    id: i32,
    name: String,
}

#[derive(Template)]
#[template(path = "kids.html")]
struct KidsPage {
    t: &'static Text,
    w: &'static Words,
    lang_code: &'static str,
    lang_short: &'static str,
    other_lang: &'static str,
    csrf: String,
    /// The code entered (empty on the first screen).
    code: String,
    kids: Vec<KidButton>,
    /// The child choosing pictures, if one was tapped.
    child: Option<KidButton>,
    pictures: Vec<(usize, &'static str)>,
    error: Option<String>,
}

#[derive(Deserialize)]
pub struct KidsQuery {
    code: Option<String>,
    child: Option<i32>,
}

async fn kids_page(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    code: String,
    child: Option<i32>,
    error: Option<String>,
    status: StatusCode,
) -> Page {
    let lang = Lang::of(req);
    let st = state.clone();
    let lookup = code.clone();
    let kids = if code.is_empty() {
        None
    } else {
        blocking(lang, move || {
            Ok(learning::children_of_code(&mut *st.conn()?, &lookup)?)
        })
        .await?
    };
    let unknown = !code.is_empty() && kids.is_none();
    let kids: Vec<KidButton> = kids
        .unwrap_or_default()
        .into_iter()
        .map(|k| KidButton {
            id: k.id,
            name: k.display_name,
        })
        .collect();
    let chosen = child
        .and_then(|c| kids.iter().find(|k| k.id == c))
        .map(|k| KidButton {
            id: k.id,
            name: k.name.clone(),
        });
    let w = lang.words();
    let page = KidsPage {
        t: lang.text(),
        w,
        lang_code: lang.code(),
        lang_short: lang.short(),
        other_lang: lang.other().short(),
        csrf: csrf::token(req).0,
        code: if unknown { String::new() } else { code },
        kids,
        child: chosen,
        pictures: PICTURES.iter().copied().enumerate().collect(),
        error: if unknown {
            Some(format!("{} ✗", w.enter_code))
        } else {
            error
        },
    };
    form_page(
        req,
        lang,
        if unknown {
            StatusCode::NOT_FOUND
        } else {
            status
        },
        page.render(),
    )
}

/// The children's sign-in: the code, then their name, then their pictures.
#[get("/kids")]
pub async fn kids_get(
    req: HttpRequest,
    state: web::Data<AppState>,
    q: web::Query<KidsQuery>,
) -> Page {
    let code = q.code.clone().unwrap_or_default().trim().to_uppercase();
    kids_page(&req, &state, code, q.child, None, StatusCode::OK).await
}

#[derive(Deserialize)]
pub struct PictureForm {
    csrf: String,
    code: String,
    child: i32,
    /// The three pictures tapped, as "3-0-7".
    pictures: String,
}

#[post("/kids")]
pub async fn kids_post(
    req: HttpRequest,
    state: web::Data<AppState>,
    Checked(f): Checked<PictureForm>,
) -> Page {
    let lang = Lang::of(&req);
    let code = f.code.trim().to_uppercase();
    let picked: Vec<u8> = f
        .pictures
        .split('-')
        .filter_map(|p| p.trim().parse().ok())
        .collect();
    let st = state.clone();
    let lookup = code.clone();
    let outcome = blocking(lang, move || {
        let conn = &mut *st.conn()?;
        let kids = learning::children_of_code(conn, &lookup)?.unwrap_or_default();
        let Some(child) = kids.into_iter().find(|k| k.id == f.child) else {
            return Ok(Err(false));
        };
        if child.failed_signins >= MAX_FAILED_SIGNINS {
            return Ok(Err(true));
        }
        let ok = accounts::pictures_match(&child, &picked);
        accounts::note_signin(conn, child.id, ok)?;
        if !ok {
            return Ok(Err(false));
        }
        Ok(Ok(accounts::open_session(conn, child.id)?))
    })
    .await?;
    match outcome {
        Ok(token) => Ok(signed_in_redirect(&req, &token, "/practice")),
        Err(locked) => {
            let w = lang.words();
            let msg = if locked {
                "🔒".to_string()
            } else {
                w.wrong_pictures.to_string()
            };
            kids_page(
                &req,
                &state,
                code,
                Some(f.child),
                Some(msg),
                StatusCode::UNAUTHORIZED,
            )
            .await
        }
    }
}

struct ChildLine {
    id: i32,
    name: String,
    rank: String,
    level: u8,
    stars: String,
    target: i32,
}

struct ClassBlock {
    id: i32,
    name: String,
    code: String,
    children: Vec<ChildLine>,
}

#[derive(Template)]
#[template(path = "account.html")]
struct AccountPage {
    t: &'static Text,
    w: &'static Words,
    lang_code: &'static str,
    lang_short: &'static str,
    other_lang: &'static str,
    csrf: String,
    name: String,
    role: String,
    family_code: String,
    children: Vec<ChildLine>,
    classes: Vec<ClassBlock>,
    pictures: Vec<(usize, &'static str)>,
    targets: Vec<i32>,
}

fn child_line(lang: Lang, u: &UserRow) -> ChildLine {
    let r = rank_of(u.rating);
    let s = stars_of(u.rating);
    ChildLine {
        id: u.id,
        name: u.display_name.clone(),
        rank: if lang == Lang::Zh {
            r.zh()
        } else {
            r.to_string()
        },
        level: s.level,
        stars: "★".repeat(usize::from(s.stars)),
        target: (u.target_success * 100.0).round() as i32,
    }
}

/// The account page: a parent's children and family code, a teacher's classes; a child goes to
/// their growth log.
#[get("/account")]
pub async fn account(req: HttpRequest, state: web::Data<AppState>, token: SessionToken) -> Page {
    let lang = Lang::of(&req);
    let st = state.clone();
    let data = blocking(lang, move || {
        let Some(me) = current_user(&st, &token)? else {
            return Ok(None);
        };
        let conn = &mut *st.conn()?;
        let children = if me.role == "parent" {
            accounts::children_of(conn, me.id)?
        } else {
            Vec::new()
        };
        let mut classes = Vec::new();
        if me.role == "teacher" {
            for c in learning::teacher_classes(conn, me.id)? {
                let kids = learning::class_children(conn, c.id)?;
                classes.push((c, kids));
            }
        }
        Ok(Some((me, children, classes)))
    })
    .await?;
    let Some((me, children, classes)) = data else {
        return Ok(see_other("/signin"));
    };
    if me.role == "learner" {
        return Ok(see_other(&format!("/learners/{}/growth", me.id)));
    }
    let page = AccountPage {
        t: lang.text(),
        w: lang.words(),
        lang_code: lang.code(),
        lang_short: lang.short(),
        other_lang: lang.other().short(),
        csrf: csrf::token(&req).0,
        name: me.display_name.clone(),
        role: me.role.clone(),
        family_code: me.family_code.clone().unwrap_or_default(),
        children: children.iter().map(|c| child_line(lang, c)).collect(),
        classes: classes
            .into_iter()
            .map(|(c, kids)| ClassBlock {
                id: c.id,
                name: c.name,
                code: c.code,
                children: kids.iter().map(|k| child_line(lang, k)).collect(),
            })
            .collect(),
        pictures: PICTURES.iter().copied().enumerate().collect(),
        targets: vec![60, 75, 90],
    };
    form_page(&req, lang, StatusCode::OK, page.render())
}

#[derive(Deserialize)]
pub struct ChildForm {
    csrf: String,
    display_name: String,
    p1: u8,
    p2: u8,
    p3: u8,
    /// A teacher adds to this class.
    class: Option<i32>,
}

/// A parent adds a child to the family, or a teacher to a class.
#[post("/account/children")]
pub async fn add_child_post(
    req: HttpRequest,
    state: web::Data<AppState>,
    token: SessionToken,
    Checked(f): Checked<ChildForm>,
) -> Page {
    let lang = Lang::of(&req);
    let bad = |m: &str| PageError::new(AppError::BadRequest(m.into()), lang);
    let secret = accounts::picture_secret(&[f.p1, f.p2, f.p3])
        .ok_or_else(|| bad("pick three of the nine pictures"))?;
    let name = f.display_name.trim().to_string();
    if name.is_empty() || name.chars().count() > 40 {
        return Err(bad("a name of 1 to 40 characters is needed"));
    }
    let st = state.clone();
    blocking(lang, move || {
        let me = current_user(&st, &token)?
            .ok_or_else(|| AppError::Unauthorized("not signed in".into()))?;
        let conn = &mut *st.conn()?;
        match (me.role.as_str(), f.class) {
            ("parent", None) => {
                accounts::create_child(conn, Some(me.id), &name, &secret)?;
            }
            ("teacher", Some(class)) => {
                let c = learning::class_by_id(conn, class)?
                    .filter(|c| c.teacher_id == me.id)
                    .ok_or(AppError::NotFound("class"))?;
                let child = accounts::create_child(conn, None, &name, &secret)?;
                learning::add_member(conn, c.id, child.id)?;
            }
            _ => {
                return Err(AppError::Forbidden(
                    "parents add children to their family, teachers to their classes".into(),
                ));
            }
        }
        Ok(())
    })
    .await?;
    Ok(see_other("/account"))
}

#[derive(Deserialize)]
pub struct ClassForm {
    csrf: String,
    name: String,
}

#[post("/account/classes")]
pub async fn add_class_post(
    req: HttpRequest,
    state: web::Data<AppState>,
    token: SessionToken,
    Checked(f): Checked<ClassForm>,
) -> Page {
    let lang = Lang::of(&req);
    let name = f.name.trim().to_string();
    if name.is_empty() || name.chars().count() > 60 {
        return Err(PageError::new(
            AppError::BadRequest("a class name of 1 to 60 characters is needed".into()),
            lang,
        ));
    }
    let st = state.clone();
    blocking(lang, move || {
        let me = current_user(&st, &token)?
            .ok_or_else(|| AppError::Unauthorized("not signed in".into()))?;
        if me.role != "teacher" {
            return Err(AppError::Forbidden("only a teacher has classes".into()));
        }
        learning::create_class(&mut *st.conn()?, me.id, &name)?;
        Ok(())
    })
    .await?;
    Ok(see_other("/account"))
}

#[derive(Deserialize)]
pub struct TargetForm {
    csrf: String,
    learner: i32,
    /// Percent: 50 to 95.
    target: i32,
}

/// A parent or teacher sets how often a child should succeed.
#[post("/account/target")]
pub async fn target_post(
    req: HttpRequest,
    state: web::Data<AppState>,
    token: SessionToken,
    Checked(f): Checked<TargetForm>,
) -> Page {
    let lang = Lang::of(&req);
    let (learner, target) = (f.learner, f.target);
    if !(50..=95).contains(&target) {
        return Err(PageError::new(
            AppError::BadRequest("the success rate is 50% to 95%".into()),
            lang,
        ));
    }
    let st = state.clone();
    blocking(lang, move || {
        let (mut conn, _, l) = super::progress::viewable_learner(&st, &token, learner)?;
        accounts::set_target_success(&mut conn, l.id, f64::from(target) / 100.0)?;
        Ok(())
    })
    .await?;
    Ok(see_other("/account"))
}

#[derive(Template)]
#[template(path = "message.html")]
struct MessagePage {
    t: &'static Text,
    lang_code: &'static str,
    lang_short: &'static str,
    other_lang: &'static str,
    heading: String,
    lines: Vec<String>,
    link: String,
    link_text: String,
}

fn message(
    req: &HttpRequest,
    lang: Lang,
    heading: String,
    lines: Vec<String>,
    link: &str,
    link_text: &str,
) -> Page {
    let page = MessagePage {
        t: lang.text(),
        lang_code: lang.code(),
        lang_short: lang.short(),
        other_lang: lang.other().short(),
        heading,
        lines,
        link: link.to_string(),
        link_text: link_text.to_string(),
    };
    super::pages::render_page(req, lang, page.render())
}

/// Practice: the signed-in learner's next problem (a due review first); guests start at the
/// first problem.
#[get("/practice")]
pub async fn practice(req: HttpRequest, state: web::Data<AppState>, token: SessionToken) -> Page {
    let lang = Lang::of(&req);
    let st = state.clone();
    let next = blocking(lang, move || {
        let Some(me) = current_user(&st, &token)?.filter(|u| u.role == "learner") else {
            return Ok(Err(false));
        };
        match super::progress::pick_next(&st, &me, me.target_success, true) {
            Ok(n) => Ok(Ok(n)),
            Err(AppError::NotFound(_)) => Ok(Err(true)),
            Err(e) => Err(e),
        }
    })
    .await?;
    match next {
        Ok(n) => Ok(see_other(&match n.review_id {
            Some(r) => format!("/problems/{}?review={r}", n.problem_id),
            None => format!("/problems/{}?practice=1", n.problem_id),
        })),
        Err(false) => Ok(see_other("/")),
        Err(true) => {
            let w = lang.words();
            message(
                &req,
                lang,
                w.all_done.to_string(),
                Vec::new(),
                "/",
                lang.text().back_home,
            )
        }
    }
}

/// The placement test: the next problem while it runs, the result when it is over.
#[get("/assessment")]
pub async fn assessment_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    token: SessionToken,
) -> Page {
    let lang = Lang::of(&req);
    let st = state.clone();
    let view = blocking(lang, move || {
        let Some(me) = current_user(&st, &token)?.filter(|u| u.role == "learner") else {
            return Ok(None);
        };
        let a = learning::open_assessment(&mut *st.conn()?, me.id)?;
        Ok(Some(super::progress::assessment_view(&st, &a)?))
    })
    .await?;
    let Some(v) = view else {
        return Ok(see_other("/kids"));
    };
    match v.next_problem_id {
        Some(p) => Ok(see_other(&format!(
            "/problems/{p}?assessment={}",
            v.assessment_id
        ))),
        None => Ok(see_other(&format!("/assessments/{}", v.assessment_id))),
    }
}

/// A placement test's result: the rank and its band.
#[get("/assessments/{id}")]
pub async fn assessment_result(
    req: HttpRequest,
    state: web::Data<AppState>,
    token: SessionToken,
    id: web::Path<String>,
) -> Page {
    let lang = Lang::of(&req);
    let id: i32 = id
        .parse()
        .map_err(|_| PageError::new(AppError::NotFound("assessment"), lang))?;
    let st = state.clone();
    let v = blocking(lang, move || {
        let a = learning::assessment_by_id(&mut *st.conn()?, id)?
            .ok_or(AppError::NotFound("assessment"))?;
        drop(super::progress::viewable_learner(
            &st,
            &token,
            a.learner_id,
        )?);
        super::progress::assessment_view(&st, &a)
    })
    .await?;
    let w = lang.words();
    let zh = lang == Lang::Zh;
    let tr = |s: &str| {
        if zh {
            s.replace(" kyu", "级").replace(" dan", "段")
        } else {
            s.to_string()
        }
    };
    let heading = if v.finished {
        w.assessment_done.to_string()
    } else {
        w.assessment.to_string()
    };
    let lines = vec![
        format!("{}: {}", w.rank, tr(&v.rank)),
        format!("({} – {})", tr(&v.rank_low), tr(&v.rank_high)),
        format!(
            "{} {} {}",
            v.items,
            w.question,
            if v.finished { "✓" } else { "…" }
        ),
    ];
    let (link, text) = if v.finished {
        (format!("/learners/{}/growth", v.learner_id), w.growth_title)
    } else {
        ("/assessment".to_string(), w.start_assessment)
    };
    message(&req, lang, heading, lines, &link, text)
}
