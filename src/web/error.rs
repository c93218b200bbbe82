//! How the one application error (`app::AppError`) is answered: a status code and the JSON error
//! body for the API (`/api/...`), or the same error as a page inside the layout for a browser.
//! Handlers and extractors return `AppError` either way; `render_errors` picks the form by the
//! request's path, so no handler chooses (or forgets to choose) how an error looks.

use actix_web::body::{BoxBody, EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::RETRY_AFTER;
use actix_web::middleware::Next;
use actix_web::{HttpResponse, ResponseError};

pub use crate::app::error::{AppError, ErrorBody};

use super::i18n::Lang;

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        match self {
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            AppError::Forbidden(_) => StatusCode::FORBIDDEN,
            AppError::Conflict(_) => StatusCode::CONFLICT,
            AppError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::TooMany { .. } => StatusCode::TOO_MANY_REQUESTS,
            AppError::IllegalMove { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        match self {
            AppError::Internal(detail) => tracing::error!("internal error: {detail}"),
            AppError::Busy(detail) => tracing::warn!("busy: {detail}"),
            _ => {}
        }
        let mut resp = HttpResponse::build(self.status_code());
        match self {
            AppError::TooMany { retry_after, .. } => {
                resp.insert_header((RETRY_AFTER, retry_after.to_string()));
            }
            AppError::Busy(_) => {
                resp.insert_header((RETRY_AFTER, "1"));
            }
            _ => {}
        }
        resp.json(self.body())
    }
}

impl From<actix_web::error::BlockingError> for AppError {
    fn from(e: actix_web::error::BlockingError) -> Self {
        AppError::Internal(e.to_string())
    }
}

/// Whether a request is the JSON API's (errors as JSON) rather than a page's (errors as pages).
pub fn is_api(path: &str) -> bool {
    path.starts_with("/api/") || path == "/healthz"
}

/// Middleware: an `AppError` answering a page request becomes an HTML page in the request's
/// language, with the same status and headers (Retry-After stays).
pub async fn render_errors(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody, BoxBody>>, actix_web::Error> {
    let api = is_api(req.path());
    let res = next.call(req).await?;
    if api {
        return Ok(res.map_into_left_body());
    }
    let page = match res
        .response()
        .error()
        .and_then(|e| e.as_error::<AppError>())
    {
        Some(err) => {
            let lang = Lang::of(res.request());
            let mut page = super::pages::error_page(lang, err);
            if let Some(wait) = res.headers().get(RETRY_AFTER) {
                page.headers_mut().insert(RETRY_AFTER, wait.clone());
            }
            page
        }
        None => return Ok(res.map_into_left_body()),
    };
    let (req, _) = res.into_parts();
    Ok(ServiceResponse::new(req, page).map_into_right_body())
}
