//! CSRF tokens for the HTML forms (double submit): a page with a form sets a random token in an
//! HttpOnly, SameSite=Strict cookie and repeats it in a hidden field; a form post is accepted only
//! when the two match. Another site can neither read the cookie nor make the browser send it.

use actix_web::HttpRequest;
use actix_web::cookie::{Cookie, SameSite};

use std::future::Future;
use std::pin::Pin;

use actix_web::{FromRequest, web};
use serde::de::DeserializeOwned;

use super::error::AppError;

pub const CSRF_COOKIE: &str = "sente_csrf";

/// A token made for a request whose browser had none (the page and its cookie must agree).
#[derive(Clone)]
struct Fresh(String);

/// The token of this browser, and the cookie to set when it has none yet (the same fresh token
/// however often a request asks).
pub fn token(req: &HttpRequest) -> (String, Option<Cookie<'static>>) {
    use actix_web::HttpMessage;
    if let Some(c) = req.cookie(CSRF_COOKIE)
        && c.value().len() == 32
    {
        return (c.value().to_string(), None);
    }
    let existing = req.extensions().get::<Fresh>().cloned();
    let value = match existing {
        Some(Fresh(v)) => v,
        None => {
            let v = new_token();
            req.extensions_mut().insert(Fresh(v.clone()));
            v
        }
    };
    let mut c = Cookie::new(CSRF_COOKIE, value.clone());
    c.set_http_only(true);
    c.set_same_site(SameSite::Strict);
    c.set_path("/");
    c.set_secure(req.connection_info().scheme() == "https");
    (value, Some(c))
}

fn new_token() -> String {
    let mut buf = [0u8; 16];
    getrandom::getrandom(&mut buf).expect("the operating system's random source");
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether a posted form's token matches the browser's cookie (compared in constant time).
pub fn check(req: &HttpRequest, posted: &str) -> Result<(), AppError> {
    let forbidden = || {
        AppError::Forbidden(
            "the form has expired or came from another site; reload the page".into(),
        )
    };
    let cookie = req.cookie(CSRF_COOKIE).ok_or_else(forbidden)?;
    let (a, b) = (cookie.value().as_bytes(), posted.as_bytes());
    let same = a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0;
    if same && !a.is_empty() {
        Ok(())
    } else {
        Err(forbidden())
    }
}

/// A form with a `csrf` field.
pub trait CsrfField {
    fn csrf(&self) -> &str;
}

/// Implements `CsrfField` for form structs whose token field is named `csrf`.
macro_rules! csrf_forms {
    ($($form:ty),* $(,)?) => {
        $(impl $crate::web::csrf::CsrfField for $form {
            fn csrf(&self) -> &str {
                &self.csrf
            }
        })*
    };
}
pub(crate) use csrf_forms;

/// A posted form whose CSRF token was checked: a handler taking it cannot forget the check.
/// A bad token is a 403 page.
pub struct Checked<T>(pub T);

impl<T: DeserializeOwned + CsrfField + 'static> FromRequest for Checked<T> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        let form = web::Form::<T>::from_request(&req, payload);
        Box::pin(async move {
            let form = form.await?.into_inner();
            check(&req, form.csrf())?;
            Ok(Checked(form))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn a_form_passes_only_with_the_cookie_token() {
        let fresh = TestRequest::default().to_http_request();
        let (t, cookie) = token(&fresh);
        let cookie = cookie.expect("a new browser gets a cookie");
        assert!(cookie.http_only().unwrap_or(false));
        let with = TestRequest::default().cookie(cookie).to_http_request();
        assert!(check(&with, &t).is_ok());
        assert!(check(&with, "0123456789abcdef0123456789abcdef").is_err());
        assert!(check(&fresh, &t).is_err(), "no cookie, no post");
        assert_eq!(token(&with).0, t, "the token is stable");
        assert_eq!(token(&fresh).0, t, "and the same within one request");
    }
}
