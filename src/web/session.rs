//! Who a request comes from, as extractors: the session cookie becomes an `app::Actor`, and the
//! role types (`Learner`, `Parent`, `Teacher`, `Admin`, `Grownup`) are extracted from it, so a
//! handler that takes a `Teacher` cannot run for anyone else (401 when not signed in, 403 for
//! another role). `ClientIp` is the address the per-address limits count.

use std::future::{Future, Ready, ready};
use std::net::{IpAddr, Ipv4Addr};
use std::pin::Pin;

use actix_web::cookie::{Cookie, SameSite, time::Duration as CookieDuration};
use actix_web::{FromRequest, HttpRequest, web};

use crate::app::{self, Actor, AppError, AppState};

pub const SESSION_COOKIE: &str = "sente_session";

/// The session token of a request, if it carries one.
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

/// The actor of a request (looked up in a blocking thread).
async fn actor_of(req: &HttpRequest) -> Result<Actor, AppError> {
    let state = req
        .app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| AppError::Internal("no application state".into()))?;
    let Some(token) = req.cookie(SESSION_COOKIE).map(|c| c.value().to_string()) else {
        // Nobody signed in: no need to leave the async worker.
        return Ok(Actor(None));
    };
    web::block(move || app::accounts::actor(&state, Some(&token)))
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?
}

impl FromRequest for Actor {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { actor_of(&req).await })
    }
}

/// Implements the extractor of a role type from the actor.
macro_rules! role_extractors {
    ($($role:ident),*) => {$(
        impl FromRequest for app::$role {
            type Error = AppError;
            type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

            fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
                let req = req.clone();
                Box::pin(async move { app::$role::of(&actor_of(&req).await?) })
            }
        }
    )*};
}

role_extractors!(Learner, Parent, Teacher, Admin, Grownup);

/// The peer address of a request (behind a proxy: the proxy's; see ARCHITECTURE.md "Secrets").
pub struct ClientIp(pub IpAddr);

impl FromRequest for ClientIp {
    type Error = actix_web::Error;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let ip = req
            .peer_addr()
            .map_or(IpAddr::V4(Ipv4Addr::LOCALHOST), |a| a.ip());
        ready(Ok(ClientIp(ip)))
    }
}

/// The session cookie: HttpOnly, SameSite=Lax, 30 days, Secure over HTTPS.
pub fn session_cookie(req: &HttpRequest, token: &str) -> Cookie<'static> {
    let mut c = Cookie::new(SESSION_COOKIE, token.to_string());
    c.set_http_only(true);
    c.set_same_site(SameSite::Lax);
    c.set_path("/");
    c.set_secure(req.connection_info().scheme() == "https");
    c.set_max_age(CookieDuration::days(30));
    c
}

/// The cookie that removes the session.
pub fn removed_session() -> Cookie<'static> {
    let mut gone = Cookie::new(SESSION_COOKIE, "");
    gone.set_path("/");
    gone.make_removal();
    gone
}

/// The cookie of a remembered device (the token of `app::devices`, never a code).
pub const DEVICE_COOKIE: &str = "sente_device";

/// The remembered-device token of a request, if it carries one.
pub struct DeviceToken(pub Option<String>);

impl FromRequest for DeviceToken {
    type Error = actix_web::Error;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        ready(Ok(DeviceToken(
            req.cookie(DEVICE_COOKIE)
                .map(|c| c.value().to_string())
                .filter(|v| !v.is_empty()),
        )))
    }
}

/// The device cookie: HttpOnly, SameSite=Lax, as long as the device is remembered (180 days),
/// Secure over HTTPS.
pub fn device_cookie(req: &HttpRequest, token: &str) -> Cookie<'static> {
    let mut c = Cookie::new(DEVICE_COOKIE, token.to_string());
    c.set_http_only(true);
    c.set_same_site(SameSite::Lax);
    c.set_path("/");
    c.set_secure(req.connection_info().scheme() == "https");
    c.set_max_age(CookieDuration::milliseconds(app::devices::DEVICE_MS));
    c
}

/// The cookie that makes the device forget.
pub fn removed_device() -> Cookie<'static> {
    let mut gone = Cookie::new(DEVICE_COOKIE, "");
    gone.set_path("/");
    gone.make_removal();
    gone
}
