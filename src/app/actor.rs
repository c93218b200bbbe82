//! Who is asking, with the role in the type: a use case that only a teacher may run takes a
//! `&Teacher`, which can only be made from a signed-in teacher's row. The web layer builds these
//! from the session cookie as extractors (web::session); 401 when nobody is signed in, 403 for
//! another role.

use std::ops::Deref;

use super::error::AppError;
use crate::db::Role;
use crate::db::accounts::UserRow;

/// The user a request acts as, if anyone is signed in.
#[derive(Debug, Clone, Default)]
pub struct Actor(pub Option<UserRow>);

impl Actor {
    pub fn user(&self) -> Option<&UserRow> {
        self.0.as_ref()
    }

    /// The signed-in user (401 otherwise).
    pub fn signed_in(&self) -> Result<&UserRow, AppError> {
        self.0
            .as_ref()
            .ok_or_else(|| AppError::Unauthorized("sign in first".into()))
    }
}

/// Implements a role type: made only from a row with one of the roles.
macro_rules! role_type {
    ($(#[$doc:meta])* $name:ident: $($role:ident)|+ => $who:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone)]
        pub struct $name(UserRow);

        impl $name {
            /// The actor in this role: 401 when not signed in, 403 in another role.
            pub fn of(actor: &Actor) -> Result<$name, AppError> {
                let me = actor.signed_in()?;
                match me.role {
                    $(Role::$role)|+ => Ok($name(me.clone())),
                    _ => Err(AppError::Forbidden(concat!("only ", $who).into())),
                }
            }
        }

        impl Deref for $name {
            type Target = UserRow;
            fn deref(&self) -> &UserRow {
                &self.0
            }
        }
    };
}

role_type!(
    /// A child signed in with pictures.
    Learner: Learner => "a learner (a child) does this"
);
role_type!(Parent: Parent => "a parent does this");
role_type!(Teacher: Teacher => "a teacher does this");
role_type!(Admin: Admin => "an administrator does this");
role_type!(
    /// A parent or a teacher: the grown-ups who look after children.
    Grownup: Parent | Teacher => "a parent or a teacher does this"
);
