//! Text columns read as enums: a role or an attempt's state is one of a few words, and a row that
//! holds anything else fails to load instead of spreading a typo through the rules.

use diesel::backend::Backend;
use diesel::deserialize::{self, FromSql, FromSqlRow};
use diesel::expression::AsExpression;
use diesel::serialize::{self, Output, ToSql};
use diesel::sql_types::Text;

/// Implements diesel's Text mapping (both backends) and `as_str`/`parse` for a word enum.
macro_rules! text_enum {
    ($name:ident { $($variant:ident => $word:literal),* $(,)? }) => {
        impl $name {
            /// The word stored in the database and shown by the API.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $word),* }
            }

            pub fn parse(s: &str) -> Option<$name> {
                match s { $($word => Some($name::$variant),)* _ => None }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<DB: Backend> FromSql<Text, DB> for $name
        where
            String: FromSql<Text, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Self> {
                let s = String::from_sql(bytes)?;
                $name::parse(&s)
                    .ok_or_else(|| format!("'{s}' is not a {}", stringify!($name)).into())
            }
        }

        impl<DB: Backend> ToSql<Text, DB> for $name
        where
            str: ToSql<Text, DB>,
        {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
                self.as_str().to_sql(out)
            }
        }
    };
}

/// Who a user is. Learners are children (pictures, no password); parents and teachers sign up;
/// admins are made on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, AsExpression, FromSqlRow)]
#[diesel(sql_type = Text)]
pub enum Role {
    Learner,
    Parent,
    Teacher,
    Admin,
}

text_enum!(Role {
    Learner => "learner",
    Parent => "parent",
    Teacher => "teacher",
    Admin => "admin",
});

/// An attempt's state: open until a final verdict (or until it is abandoned).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, AsExpression, FromSqlRow)]
#[diesel(sql_type = Text)]
pub enum AttemptResult {
    Open,
    Solved,
    Wrong,
    Abandoned,
}

text_enum!(AttemptResult {
    Open => "open",
    Solved => "solved",
    Wrong => "wrong",
    Abandoned => "abandoned",
});
