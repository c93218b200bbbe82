//! The web service (actix-web): the JSON API, the pages, errors. Thin: parse, call the domain
//! and the database, answer. Blocking database work runs in `web::block`.

mod api;
mod auth;
mod board_svg;
mod error;
pub mod i18n;
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
