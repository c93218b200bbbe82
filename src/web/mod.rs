//! The web service (actix-web): the JSON API and the pages. Thin: handlers parse, call one use
//! case of `app` in `web::block`, and render; who may do what is decided in `app`, never here.
//! This module also sets what every response shares: errors rendered by request (JSON or page),
//! security headers, body limits.

mod api;
mod assignments;
mod auth;
mod board_svg;
mod charts;
mod class_results;
mod classes;
mod csrf;
mod editor;
mod error;
mod games;
mod growth;
mod homework;
pub mod i18n;
mod learner_pages;
mod multipart;
mod openapi;
mod pages;
mod progress;
mod session;
mod sets;
mod teach;
mod worksheets;

use std::net::SocketAddr;

use actix_web::{App, HttpResponse, HttpServer, web};

pub use crate::app::{AppError, AppState};
pub use session::SESSION_COOKIE;

use crate::db::Pool;

/// Largest JSON body (a move, a sign-in, a child): 64 KiB.
pub const MAX_JSON_BYTES: usize = 64 * 1024;
/// Largest form body: 16 KiB.
pub const MAX_FORM_BYTES: usize = 16 * 1024;

/// Registers every route on an actix app.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(
        web::JsonConfig::default()
            .limit(MAX_JSON_BYTES)
            .error_handler(|err, _req| {
                use actix_web::error::JsonPayloadError as E;
                let e = match &err {
                    E::OverflowKnownLength { .. } | E::Overflow { .. } => AppError::TooLarge(
                        format!("the body is larger than {MAX_JSON_BYTES} bytes"),
                    ),
                    _ => AppError::BadRequest(format!("invalid JSON body: {err}")),
                };
                let resp = actix_web::ResponseError::error_response(&e);
                actix_web::error::InternalError::from_response(err, resp).into()
            }),
    )
    .app_data(web::QueryConfig::default().error_handler(|err, _req| {
        let e = AppError::BadRequest(format!("invalid query: {err}"));
        actix_web::error::InternalError::from_response(
            err,
            HttpResponse::BadRequest().json(e.body()),
        )
        .into()
    }))
    .app_data(
        web::FormConfig::default()
            .limit(MAX_FORM_BYTES)
            .error_handler(|err, req| {
                let e = AppError::BadRequest(format!("the form is incomplete: {err}"));
                let page = pages::error_page(i18n::Lang::of(req), &e);
                actix_web::error::InternalError::from_response(err, page).into()
            }),
    )
    .app_data(web::PathConfig::default().error_handler(|err, _req| {
        let e = AppError::NotFound("route");
        actix_web::error::InternalError::from_response(err, HttpResponse::NotFound().json(e.body()))
            .into()
    }))
    // The answer path first: the router tries routes in this order.
    .service(api::post_move)
    .service(api::create_attempt)
    .service(api::healthz)
    .service(api::list_problems)
    .service(api::get_problem)
    .service(api::get_attempt)
    .service(api::hint)
    .service(api::solution)
    .service(api::attempt_solution)
    .service(auth::signup)
    .service(auth::signin)
    .service(auth::signout)
    .service(auth::me)
    .service(auth::add_child)
    .service(auth::family)
    .service(auth::picture_signin)
    .service(auth::unlock_child)
    .service(auth::reset_pictures)
    .service(auth::child_data)
    .service(auth::delete_child)
    .service(progress::learner_log)
    .service(progress::next_problem)
    .service(progress::put_settings)
    .service(progress::start_assessment)
    .service(progress::get_assessment)
    .service(games::start_game)
    .service(games::join_game)
    .service(games::get_game)
    .service(games::post_game_move)
    .service(games::resign_game)
    .service(games::undo_game)
    .service(games::end_game)
    .service(games::game_sgf)
    .service(games::game_events)
    .service(games::games_page)
    .service(games::game_page)
    .service(games::games_script)
    .service(growth::growth_json)
    .service(growth::growth_page)
    .service(classes::create_class)
    .service(classes::list_classes)
    .service(classes::class_progress)
    .service(classes::add_pupil)
    .service(classes::add_member)
    .service(classes::link_child)
    .service(learner_pages::signin_get)
    .service(learner_pages::signin_post)
    .service(learner_pages::signup_get)
    .service(learner_pages::signup_post)
    .service(learner_pages::signout_post)
    .service(learner_pages::kids_get)
    .service(learner_pages::kids_post)
    .service(learner_pages::kids_code_post)
    .service(learner_pages::kids_forget_post)
    .service(learner_pages::forget_device_post)
    .service(learner_pages::avatar_post)
    .service(auth::list_devices)
    .service(auth::forget_device)
    .service(auth::set_avatar)
    .service(learner_pages::account)
    .service(learner_pages::add_child_post)
    .service(learner_pages::add_class_post)
    .service(learner_pages::target_post)
    .service(learner_pages::unlock_post)
    .service(learner_pages::practice)
    .service(learner_pages::assessment_page)
    .service(learner_pages::assessment_result)
    .service(sets::create_set)
    .service(sets::list_sets)
    .service(sets::get_set)
    .service(sets::put_set)
    .service(sets::delete_set)
    .service(sets::copy_set)
    .service(sets::add_problem)
    .service(sets::get_set_problem)
    .service(sets::put_set_problem)
    .service(sets::delete_set_problem)
    .service(sets::import_set)
    .service(sets::export_set)
    .service(editor::teach_set_page)
    .service(editor::new_problem_page)
    .service(editor::edit_problem_page)
    .service(editor::editor_script)
    .service(assignments::assign)
    .service(assignments::homework)
    .service(assignments::results)
    .service(assignments::results_csv)
    .service(teach::desk_page)
    .service(teach::new_set_post)
    .service(teach::assign_post)
    .service(class_results::results_page)
    .service(homework::homework_page)
    .service(openapi::openapi_json)
    .service(pages::home)
    .service(pages::sets_page)
    .service(worksheets::worksheet_page)
    .service(pages::set_page)
    .service(pages::solve_page)
    .service(pages::style)
    .service(pages::script)
    .service(pages::kids_script)
    .service(pages::speak_script);
}

/// Security headers on every response: a Content-Security-Policy without inline script (pages
/// load /static/solve.js; styles may be inline in SVG), no framing, no MIME sniffing, and no
/// referrer outside the site.
fn security_headers() -> actix_web::middleware::DefaultHeaders {
    actix_web::middleware::DefaultHeaders::new()
        .add((
            "Content-Security-Policy",
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
             img-src 'self' data:; media-src 'self' data:; connect-src 'self'; \
             frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
        ))
        .add(("X-Frame-Options", "DENY"))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "same-origin"))
}

/// Refuses a request whose path or query carries a NUL or another control character (400):
/// no text field can carry one into a database.
async fn refuse_control_characters(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, actix_web::Error> {
    let raw = req.uri().to_string();
    let decoded = percent_decoded(&raw);
    if decoded.chars().any(char::is_control) {
        return Err(AppError::bad("the address contains a control character").into());
    }
    next.call(req).await
}

/// The bytes of a percent-encoded string, as text (invalid escapes are kept as they are).
fn percent_decoded(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        if b[i] == b'%'
            && let (Some(h), Some(l)) = (
                b.get(i + 1).and_then(|&c| hex(c)),
                b.get(i + 2).and_then(|&c| hex(c)),
            )
        {
            out.push((h * 16 + l) as u8);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Binds the server (port 0 picks a free port) and returns it with the address it listens on.
pub fn start(pool: Pool, addr: &str) -> std::io::Result<(actix_web::dev::Server, SocketAddr)> {
    start_with(AppState::new(pool), addr)
}

/// The same with a prepared state (other request limits, for tests or a deployment).
pub fn start_with(
    state: AppState,
    addr: &str,
) -> std::io::Result<(actix_web::dev::Server, SocketAddr)> {
    let state = web::Data::new(state);
    let server = HttpServer::new(move || {
        App::new()
            .app_data(state.clone())
            .configure(configure)
            .default_service(web::to(pages::not_found))
            .wrap(actix_web::middleware::from_fn(error::render_errors))
            .wrap(actix_web::middleware::from_fn(refuse_control_characters))
            .wrap(security_headers())
    })
    .bind(addr)?;
    let bound = server.addrs()[0];
    Ok((server.run(), bound))
}
