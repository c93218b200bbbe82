//! The learner pages: sign-in for grown-ups (user name and password) and for children (a class
//! or family code, their name, then three pictures in order), sign-up, the account page of a
//! parent (children, family code) or a teacher (classes, class codes), practice and the placement
//! test. Every form carries a CSRF token (see `csrf`).

use actix_web::http::StatusCode;
use actix_web::http::header::LOCATION;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use askama::Template;
use serde::Deserialize;

use super::auth::run;
use super::csrf::{self, Checked, csrf_forms};
use super::i18n::{self, AVATARS, Lang, PICTURES, Shown, Text, Words};
use super::session::{
    ClientIp, DeviceToken, SessionToken, device_cookie, removed_device, removed_session,
    session_cookie,
};
use crate::app::{
    Actor, AppError, AppState, Grownup, Learner, Teacher, accounts, classes, devices, learners,
};
use crate::db::Role;
use crate::db::accounts::UserRow;
use crate::rating::{rank_of, stars_of};

type Page = Result<HttpResponse, AppError>;

csrf_forms!(
    SignInForm,
    CsrfForm,
    PictureForm,
    ChildForm,
    ClassForm,
    TargetForm,
    CodeForm,
    AvatarForm
);

fn see_other(to: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((LOCATION, to.to_string()))
        .finish()
}

/// A page with a form: the body with the CSRF cookie set when the browser has none.
pub(super) fn form_page(
    req: &HttpRequest,
    lang: Lang,
    status: StatusCode,
    body: Result<String, askama::Error>,
) -> Page {
    let body = body.map_err(|e| AppError::Internal(e.to_string()))?;
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
    ip: ClientIp,
    Checked(f): Checked<SignInForm>,
) -> Page {
    let signed = run(move || accounts::sign_in(&state, ip.0, &f.username, &f.password)).await;
    form_outcome(&req, signed.map(|s| s.token), false)
}

/// After a form's credentials: the session cookie and the account page, or the form again with
/// the use case's message (a 429 or a server error stays an error page).
fn form_outcome(req: &HttpRequest, signed: Result<String, AppError>, signup: bool) -> Page {
    use actix_web::ResponseError;
    match signed {
        Ok(token) => Ok(signed_in_redirect(req, &token, "/account")),
        Err(e @ (AppError::BadRequest(_) | AppError::Unauthorized(_) | AppError::Conflict(_))) => {
            let lang = Lang::of(req);
            let message = match &e {
                AppError::Unauthorized(_) => lang.words().wrong_password.to_string(),
                AppError::Conflict(_) => lang.words().name_taken.to_string(),
                other => other.to_string(),
            };
            signin_page(req, signup, Some(message), e.status_code())
        }
        Err(e) => Err(e),
    }
}

#[post("/signup")]
pub async fn signup_post(
    req: HttpRequest,
    state: web::Data<AppState>,
    ip: ClientIp,
    Checked(f): Checked<SignInForm>,
) -> Page {
    let signed = run(move || {
        let form = accounts::SignUp {
            role: f.role.as_deref().unwrap_or_default(),
            username: &f.username,
            password: &f.password,
            display_name: f.display_name.as_deref().unwrap_or_default(),
        };
        accounts::sign_up(&state, ip.0, form)
    })
    .await;
    form_outcome(&req, signed.map(|s| s.token), true)
}

#[derive(Deserialize)]
pub struct CsrfForm {
    csrf: String,
}

#[post("/signout")]
pub async fn signout_post(
    state: web::Data<AppState>,
    token: SessionToken,
    _form: Checked<CsrfForm>,
) -> Page {
    run(move || accounts::sign_out(&state, token.0.as_deref())).await?;
    Ok(HttpResponse::SeeOther()
        .cookie(removed_session())
        .insert_header((LOCATION, "/"))
        .finish())
}

struct KidButton {
    id: i32,
    name: String,
    avatar: Shown,
    /// Where tapping the child leads (their pictures).
    href: String,
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
    /// Whether the children are shown (by a code, or a remembered device).
    opened: bool,
    /// The code entered on a link (empty on a remembered device and on the first screen).
    code: String,
    /// A remembered device shows its children ("not your device?" forgets it).
    device: bool,
    kids: Vec<KidButton>,
    /// The child choosing pictures, if one was tapped.
    child: Option<KidButton>,
    pictures: Vec<Shown>,
    error: Option<String>,
    /// The child is locked out for now (the page shows a drawn lock with the wait).
    locked: bool,
    /// What the page says aloud when it opens.
    say: &'static str,
}

#[derive(Deserialize)]
pub struct KidsQuery {
    code: Option<String>,
    child: Option<i32>,
}

/// How the kids' page found its children.
enum Door {
    /// Nothing yet: the code screen.
    Nothing,
    /// A code on a link (`/kids?code=…`).
    Code(String),
    /// A remembered device's token.
    Device(String),
}

/// The kids' page: the code screen, the children of a code or a remembered device, or one
/// child's pictures. A device that is not remembered any more shows the code screen and loses
/// its cookie.
async fn kids_page(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    ip: ClientIp,
    door: Door,
    child: Option<i32>,
    error: Option<String>,
    status: StatusCode,
) -> Page {
    let lang = Lang::of(req);
    let st = state.clone();
    let found = match &door {
        Door::Nothing => Ok(None),
        Door::Code(code) => {
            let code = code.clone();
            run(move || accounts::children_of_code(&st, ip.0, &code))
                .await
                .map(Some)
        }
        Door::Device(token) => {
            let token = token.clone();
            run(move || devices::children(&st, &token)).await.map(Some)
        }
    };
    let (kids, unknown, forgotten) = match found {
        Ok(kids) => (kids, false, false),
        Err(AppError::NotFound(_)) => (None, true, false),
        Err(AppError::Unauthorized(_)) if matches!(door, Door::Device(_)) => (None, false, true),
        Err(e) => return Err(e),
    };
    let code = match &door {
        Door::Code(c) if !unknown => c.clone(),
        _ => String::new(),
    };
    let device = matches!(door, Door::Device(_)) && !forgotten;
    let href = |id: i32| {
        if device {
            format!("/kids?child={id}")
        } else {
            format!("/kids?code={code}&child={id}")
        }
    };
    let opened = kids.is_some();
    let kids: Vec<KidButton> = kids
        .unwrap_or_default()
        .into_iter()
        .map(|k| KidButton {
            id: k.id,
            href: href(k.id),
            name: k.display_name,
            avatar: i18n::avatar(lang, k.avatar),
        })
        .collect();
    let chosen = child.and_then(|c| kids.iter().position(|k| k.id == c));
    let child = chosen.map(|i| {
        let k = &kids[i];
        KidButton {
            id: k.id,
            name: k.name.clone(),
            avatar: k.avatar.clone(),
            href: k.href.clone(),
        }
    });
    let w = lang.words();
    let page = KidsPage {
        t: lang.text(),
        w,
        lang_code: lang.code(),
        lang_short: lang.short(),
        other_lang: lang.other().short(),
        csrf: csrf::token(req).0,
        opened,
        code,
        device,
        say: match (opened, &child) {
            (false, _) => "",
            (true, None) => w.who_are_you,
            (true, Some(_)) => w.pick_pictures,
        },
        kids,
        child,
        pictures: i18n::shown(lang, &PICTURES),
        error: if unknown {
            Some(format!("{} ✗", w.enter_code))
        } else {
            error
        },
        locked: status == StatusCode::TOO_MANY_REQUESTS,
    };
    let mut resp = form_page(
        req,
        lang,
        if unknown {
            StatusCode::NOT_FOUND
        } else {
            status
        },
        page.render(),
    )?;
    if forgotten {
        resp.add_cookie(&removed_device())
            .map_err(|e| AppError::Internal(e.to_string()))?;
    }
    Ok(resp)
}

/// The children's sign-in: a code on a link, else the remembered device's children, else the
/// code screen; then a child's pictures.
#[get("/kids")]
pub async fn kids_get(
    req: HttpRequest,
    state: web::Data<AppState>,
    ip: ClientIp,
    device: DeviceToken,
    q: web::Query<KidsQuery>,
) -> Page {
    let code = q.code.clone().unwrap_or_default().trim().to_uppercase();
    let door = match (code.is_empty(), device.0) {
        (false, _) => Door::Code(code),
        (true, Some(token)) => Door::Device(token),
        (true, None) => Door::Nothing,
    };
    kids_page(&req, &state, ip, door, q.child, None, StatusCode::OK).await
}

#[derive(Deserialize)]
pub struct CodeForm {
    csrf: String,
    code: String,
}

/// A grown-up types the family's or class's code once: this device remembers it (a token in a
/// long-lived cookie) and shows those children from now on.
#[post("/kids/code")]
pub async fn kids_code_post(
    req: HttpRequest,
    state: web::Data<AppState>,
    ip: ClientIp,
    actor: Actor,
    Checked(f): Checked<CodeForm>,
) -> Page {
    let st = state.clone();
    match run(move || devices::remember(&st, ip.0, &actor, &f.code)).await {
        Ok(d) => Ok(HttpResponse::SeeOther()
            .cookie(device_cookie(&req, &d.token))
            .insert_header((LOCATION, "/kids"))
            .finish()),
        Err(AppError::NotFound(_)) => {
            let w = Lang::of(&req).words();
            kids_page(
                &req,
                &state,
                ip,
                Door::Nothing,
                None,
                Some(format!("{} ✗", w.enter_code)),
                StatusCode::NOT_FOUND,
            )
            .await
        }
        Err(e) => Err(e),
    }
}

/// "Not your device?": this device forgets its family or class (the token is revoked) and shows
/// the code screen again.
#[post("/kids/forget")]
pub async fn kids_forget_post(
    state: web::Data<AppState>,
    device: DeviceToken,
    _form: Checked<CsrfForm>,
) -> Page {
    if let Some(token) = device.0 {
        run(move || devices::forget_here(&state, &token)).await?;
    }
    Ok(HttpResponse::SeeOther()
        .cookie(removed_device())
        .insert_header((LOCATION, "/kids"))
        .finish())
}

#[derive(Deserialize)]
pub struct PictureForm {
    csrf: String,
    /// The code of a link; empty on a remembered device.
    #[serde(default)]
    code: String,
    child: i32,
    /// The three pictures tapped, as "3-0-7".
    pictures: String,
}

#[post("/kids")]
pub async fn kids_post(
    req: HttpRequest,
    state: web::Data<AppState>,
    ip: ClientIp,
    device: DeviceToken,
    Checked(f): Checked<PictureForm>,
) -> Page {
    let lang = Lang::of(&req);
    let code = f.code.trim().to_uppercase();
    let picked: Vec<u8> = f
        .pictures
        .split('-')
        .filter_map(|p| p.trim().parse().ok())
        .collect();
    let door = match (code.is_empty(), device.0) {
        (true, Some(token)) => Door::Device(token),
        _ => Door::Code(code),
    };
    let (st, child) = (state.clone(), f.child);
    let signed = match &door {
        Door::Device(token) => {
            let token = token.clone();
            run(move || accounts::sign_in_device(&st, ip.0, &token, child, &picked)).await
        }
        Door::Code(code) => {
            let code = code.clone();
            run(move || accounts::sign_in_pictures(&st, ip.0, &code, child, &picked)).await
        }
        Door::Nothing => Err(AppError::Unauthorized("type the code first".into())),
    };
    let again = ClientIp(ip.0);
    match signed {
        // The child's home: homework first, else practice.
        Ok(s) => Ok(signed_in_redirect(&req, &s.token, "/")),
        Err(AppError::Unauthorized(_)) => {
            let msg = lang.words().wrong_pictures.to_string();
            kids_page(
                &req,
                &state,
                again,
                door,
                Some(f.child),
                Some(msg),
                StatusCode::UNAUTHORIZED,
            )
            .await
        }
        Err(AppError::TooMany { retry_after, .. }) => {
            let msg = format!("{} min", retry_after.div_ceil(60));
            let mut page = kids_page(
                &req,
                &state,
                again,
                door,
                Some(f.child),
                Some(msg),
                StatusCode::TOO_MANY_REQUESTS,
            )
            .await?;
            page.headers_mut().insert(
                actix_web::http::header::RETRY_AFTER,
                actix_web::http::header::HeaderValue::from(retry_after),
            );
            Ok(page)
        }
        Err(e) => Err(e),
    }
}

struct ChildLine {
    id: i32,
    name: String,
    avatar: Shown,
    rank: String,
    level: u8,
    stars: String,
    target: i32,
    locked: bool,
}

struct DeviceLine {
    id: i32,
    /// "Family" or "Class · name".
    what: String,
    created: String,
    last_used: String,
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
    tw: &'static i18n::TeachWords,
    lang_code: &'static str,
    lang_short: &'static str,
    other_lang: &'static str,
    csrf: String,
    name: String,
    role: String,
    family_code: String,
    children: Vec<ChildLine>,
    classes: Vec<ClassBlock>,
    devices: Vec<DeviceLine>,
    pictures: Vec<Shown>,
    avatars: Vec<Shown>,
    targets: Vec<i32>,
}

fn child_line(lang: Lang, u: &UserRow, locked: bool) -> ChildLine {
    let r = rank_of(u.rating);
    let s = stars_of(u.rating);
    ChildLine {
        id: u.id,
        name: u.display_name.clone(),
        avatar: i18n::avatar(lang, u.avatar),
        rank: if lang == Lang::Zh {
            r.zh()
        } else {
            r.to_string()
        },
        level: s.level,
        stars: "★".repeat(usize::from(s.stars)),
        target: (u.target_success * 100.0).round() as i32,
        locked,
    }
}

/// The account page: a parent's children and family code, a teacher's classes; a child goes to
/// their growth log.
#[get("/account")]
pub async fn account(req: HttpRequest, state: web::Data<AppState>, actor: Actor) -> Page {
    let lang = Lang::of(&req);
    let me = match actor.0 {
        None => return Ok(see_other("/signin")),
        Some(me) if me.role == Role::Learner => {
            return Ok(see_other(&format!("/learners/{}/growth", me.id)));
        }
        Some(me) => me,
    };
    let who = Actor(Some(me.clone()));
    let grownup = Grownup::of(&who);
    let overview = match grownup {
        Ok(g) => run(move || accounts::overview(&state, &g)).await?,
        Err(_) => accounts::Overview::default(),
    };
    let w = lang.words();
    let devices = overview
        .devices
        .iter()
        .map(|d| {
            let what = match d.class {
                Some(c) => {
                    let name = overview
                        .classes
                        .iter()
                        .find(|(cl, _)| cl.id == c)
                        .map(|(cl, _)| cl.name.as_str())
                        .unwrap_or_default();
                    format!("{} · {name}", w.device_class)
                }
                None => w.device_family.to_string(),
            };
            DeviceLine {
                id: d.id,
                what,
                created: super::growth::date_of_ms(d.created_at, 480),
                last_used: super::growth::date_of_ms(d.last_used_at, 480),
            }
        })
        .collect();
    let page = AccountPage {
        t: lang.text(),
        w: lang.words(),
        lang_code: lang.code(),
        lang_short: lang.short(),
        other_lang: lang.other().short(),
        csrf: csrf::token(&req).0,
        tw: lang.teach_words(),
        name: me.display_name.clone(),
        role: me.role.to_string(),
        family_code: me.family_code.clone().unwrap_or_default(),
        children: overview
            .children
            .iter()
            .map(|(c, locked)| child_line(lang, c, *locked))
            .collect(),
        classes: overview
            .classes
            .into_iter()
            .map(|(c, kids)| ClassBlock {
                id: c.id,
                name: c.name,
                code: c.code,
                children: kids
                    .iter()
                    .map(|(k, locked)| child_line(lang, k, *locked))
                    .collect(),
            })
            .collect(),
        devices,
        pictures: i18n::shown(lang, &PICTURES),
        avatars: i18n::shown(lang, &AVATARS),
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
    /// The avatar chosen (the app chooses one when none is).
    avatar: Option<i32>,
    /// A teacher adds to this class.
    class: Option<i32>,
}

/// A parent adds a child to the family, or a teacher to a class.
#[post("/account/children")]
pub async fn add_child_post(
    state: web::Data<AppState>,
    me: Grownup,
    Checked(f): Checked<ChildForm>,
) -> Page {
    let pictures = [f.p1, f.p2, f.p3];
    run(move || accounts::add_child_as(&state, &me, f.class, &f.display_name, &pictures, f.avatar))
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
    state: web::Data<AppState>,
    me: Teacher,
    Checked(f): Checked<ClassForm>,
) -> Page {
    run(move || classes::create_class(&state, &me, &f.name)).await?;
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
    state: web::Data<AppState>,
    actor: Actor,
    Checked(f): Checked<TargetForm>,
) -> Page {
    let (learner, p) = (f.learner, f64::from(f.target) / 100.0);
    run(move || learners::set_target(&state, &actor, learner, p)).await?;
    Ok(see_other("/account"))
}

/// A parent or teacher unlocks a child locked out by wrong pictures.
#[post("/account/children/{id}/unlock")]
pub async fn unlock_post(
    state: web::Data<AppState>,
    me: Grownup,
    id: web::Path<i32>,
    _form: Checked<CsrfForm>,
) -> Page {
    let id = id.into_inner();
    run(move || accounts::unlock_child(&state, &me, id)).await?;
    Ok(see_other("/account"))
}

#[derive(Deserialize)]
pub struct AvatarForm {
    csrf: String,
    avatar: i32,
}

/// A parent or teacher gives a child another avatar.
#[post("/account/children/{id}/avatar")]
pub async fn avatar_post(
    state: web::Data<AppState>,
    me: Grownup,
    id: web::Path<i32>,
    Checked(f): Checked<AvatarForm>,
) -> Page {
    let id = id.into_inner();
    run(move || accounts::set_avatar(&state, &me, id, f.avatar)).await?;
    Ok(see_other("/account"))
}

/// A parent or teacher forgets one of their remembered devices.
#[post("/account/devices/{id}/forget")]
pub async fn forget_device_post(
    state: web::Data<AppState>,
    me: Grownup,
    id: web::Path<i32>,
    _form: Checked<CsrfForm>,
) -> Page {
    let id = id.into_inner();
    run(move || devices::forget(&state, &me, id)).await?;
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
pub async fn practice(req: HttpRequest, state: web::Data<AppState>, actor: Actor) -> Page {
    let lang = Lang::of(&req);
    let Ok(me) = Learner::of(&actor) else {
        return Ok(see_other("/"));
    };
    match run(move || learners::next_problem(&state, &me, None, true)).await {
        Ok(n) => Ok(see_other(&match n.review_id {
            Some(r) => format!("/problems/{}?review={r}", n.problem_id),
            None => format!("/problems/{}?practice=1", n.problem_id),
        })),
        Err(AppError::NotFound(_)) => {
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
        Err(e) => Err(e),
    }
}

/// The placement test: the next problem while it runs, the result when it is over.
#[get("/assessment")]
pub async fn assessment_page(state: web::Data<AppState>, actor: Actor) -> Page {
    let Ok(me) = Learner::of(&actor) else {
        return Ok(see_other("/kids"));
    };
    let t = run(move || learners::start_test(&state, &me)).await?;
    let v = super::progress::assessment_view(&t);
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
    actor: Actor,
    id: web::Path<String>,
) -> Page {
    let lang = Lang::of(&req);
    let id: i32 = id.parse().map_err(|_| AppError::NotFound("assessment"))?;
    let t = run(move || learners::read_test(&state, &actor, id)).await?;
    let v = super::progress::assessment_view(&t);
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
