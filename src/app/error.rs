//! One application error type for every use case: each case maps to a status code and to the
//! JSON body of the API contract, `{"error": {"code": STRING, "message": STRING}}`; the web layer
//! renders the same value as JSON for the API and as a page for a browser (ARCHITECTURE.md
//! "Errors").

use serde::Serialize;

use crate::db::DbError;

/// What can go wrong while doing what a user asked.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0} not found")]
    NotFound(&'static str),
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    Conflict(String),
    /// A request body over the limit.
    #[error("{0}")]
    TooLarge(String),
    /// Too many tries of a secret, or too many requests: wait this many seconds.
    #[error("{message}")]
    TooMany { message: String, retry_after: u64 },
    /// An illegal move: the code is the reason (occupied, suicide, ko, off_board, finished).
    #[error("illegal move: {message}")]
    IllegalMove { code: &'static str, message: String },
    /// The server is busy (the pool had no connection in time): try again.
    #[error("the server is busy; try again in a moment")]
    Busy(String),
    #[error("the server could not finish the request")]
    Internal(String),
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorDetail {
    /// Machine-readable: not_found, bad_request, unauthorized, forbidden, conflict,
    /// payload_too_large, too_many_requests, occupied, suicide, ko, off_board, finished, busy, internal.
    pub code: String,
    pub message: String,
}

impl AppError {
    pub fn code(&self) -> &'static str {
        match self {
            AppError::NotFound(_) => "not_found",
            AppError::BadRequest(_) => "bad_request",
            AppError::Unauthorized(_) => "unauthorized",
            AppError::Forbidden(_) => "forbidden",
            AppError::Conflict(_) => "conflict",
            AppError::TooLarge(_) => "payload_too_large",
            AppError::TooMany { .. } => "too_many_requests",
            AppError::IllegalMove { code, .. } => code,
            AppError::Busy(_) => "busy",
            AppError::Internal(_) => "internal",
        }
    }

    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            error: ErrorDetail {
                code: self.code().to_string(),
                message: self.to_string(),
            },
        }
    }

    /// 400 with a message.
    pub fn bad(message: impl Into<String>) -> AppError {
        AppError::BadRequest(message.into())
    }
}

impl From<DbError> for AppError {
    fn from(e: DbError) -> Self {
        AppError::Internal(e.to_string())
    }
}

impl From<diesel::result::Error> for AppError {
    fn from(e: diesel::result::Error) -> Self {
        match e {
            diesel::result::Error::NotFound => AppError::NotFound("record"),
            other => AppError::Internal(other.to_string()),
        }
    }
}

impl From<diesel::r2d2::PoolError> for AppError {
    fn from(e: diesel::r2d2::PoolError) -> Self {
        // The pool waits its connection timeout before this: a full pool, not a bug.
        AppError::Busy(e.to_string())
    }
}

impl From<crate::db::WriteError> for AppError {
    fn from(e: crate::db::WriteError) -> Self {
        AppError::Internal(e.to_string())
    }
}
