//! The web service (actix-web): the JSON API, the pages, errors. Thin: parse, call the domain
//! and the database, answer. Blocking database work runs in `web::block`.

mod api;
mod auth;
mod board_svg;
mod charts;
mod classes;
mod csrf;
mod error;
mod growth;
pub mod i18n;
mod learner_pages;
mod openapi;
mod pages;
mod progress;
mod state;

use std::net::SocketAddr;

use actix_web::{App, HttpResponse, HttpServer, web};

pub use error::AppError;
pub use state::AppState;

use crate::db::Pool;

/// Registers every route on an actix app.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(web::JsonConfig::default().error_handler(|err, _req| {
        // Malformed or mistyped JSON: 400 with the one error body.
        let e = AppError::BadRequest(format!("invalid JSON body: {err}"));
        actix_web::error::InternalError::from_response(
            err,
            HttpResponse::BadRequest().json(e.body()),
        )
        .into()
    }))
    .app_data(web::QueryConfig::default().error_handler(|err, _req| {
        let e = AppError::BadRequest(format!("invalid query: {err}"));
        actix_web::error::InternalError::from_response(
            err,
            HttpResponse::BadRequest().json(e.body()),
        )
        .into()
    }))
    .app_data(web::FormConfig::default().error_handler(|err, req| {
        let e = AppError::BadRequest(format!("the form is incomplete: {err}"));
        let page = pages::error_page(i18n::Lang::of(req), &e);
        actix_web::error::InternalError::from_response(err, page).into()
    }))
    .app_data(web::PathConfig::default().error_handler(|err, _req| {
        let e = AppError::NotFound("route");
        actix_web::error::InternalError::from_response(err, HttpResponse::NotFound().json(e.body()))
            .into()
    }))
    .service(api::healthz)
    .service(api::list_problems)
    .service(api::get_problem)
    .service(api::create_attempt)
    .service(api::post_move)
    .service(api::get_attempt)
    .service(api::hint)
    .service(api::solution)
    .service(auth::signup)
    .service(auth::signin)
    .service(auth::signout)
    .service(auth::me)
    .service(auth::add_child)
    .service(auth::family)
    .service(auth::picture_signin)
    .service(progress::learner_log)
    .service(progress::next_problem)
    .service(progress::put_settings)
    .service(progress::start_assessment)
    .service(progress::get_assessment)
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
    .service(learner_pages::account)
    .service(learner_pages::add_child_post)
    .service(learner_pages::add_class_post)
    .service(learner_pages::target_post)
    .service(learner_pages::practice)
    .service(learner_pages::assessment_page)
    .service(learner_pages::assessment_result)
    .service(openapi::openapi_json)
    .service(pages::home)
    .service(pages::sets_page)
    .service(pages::set_page)
    .service(pages::solve_page)
    .service(pages::style)
    .service(pages::script);
}

/// Binds the server (port 0 picks a free port) and returns it with the address it listens on.
pub fn start(pool: Pool, addr: &str) -> std::io::Result<(actix_web::dev::Server, SocketAddr)> {
    let state = web::Data::new(AppState::new(pool));
    let server = HttpServer::new(move || {
        App::new()
            .app_data(state.clone())
            .configure(configure)
            .default_service(web::to(pages::not_found))
    })
    .bind(addr)?;
    let bound = server.addrs()[0];
    Ok((server.run(), bound))
}
