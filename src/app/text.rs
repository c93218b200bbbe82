//! Limits on what people type: names, user names, codes. Every string that is stored or looked
//! up passes one of these, so no handler forgets a length cap, and no NUL or control character
//! reaches a database (PostgreSQL refuses NUL in text).

use super::error::AppError;

/// Longest display name of a child, parent, teacher or class.
pub const MAX_NAME: usize = 40;

fn no_controls(s: &str, what: &str) -> Result<(), AppError> {
    if s.chars().any(char::is_control) {
        return Err(AppError::bad(format!(
            "{what} must not contain control characters"
        )));
    }
    Ok(())
}

/// A display name (child, grown-up, class): 1 to 40 characters, no control characters; trimmed.
pub fn name(s: &str, what: &str) -> Result<String, AppError> {
    let t = s.trim();
    no_controls(t, what)?;
    let n = t.chars().count();
    if n == 0 || n > MAX_NAME {
        return Err(AppError::bad(format!(
            "{what} has 1 to {MAX_NAME} characters"
        )));
    }
    Ok(t.to_string())
}

/// A user name: 3 to 32 letters, digits, '.', '_' or '-'.
pub fn username(s: &str) -> Result<String, AppError> {
    let t = s.trim();
    let ok = (3..=32).contains(&t.chars().count())
        && t.chars().all(|c| c.is_alphanumeric() || "._-".contains(c));
    if ok {
        Ok(t.to_string())
    } else {
        Err(AppError::bad(
            "a user name has 3 to 32 letters, digits, '.', '_' or '-'",
        ))
    }
}

/// A family or class code as typed: spaces and dashes dropped, upper case; None when it cannot
/// be a code (so it is not even looked up).
pub fn code(s: &str) -> Option<String> {
    let c: String = s
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_uppercase)
        .collect();
    ((4..=12).contains(&c.len()) && c.chars().all(|c| c.is_ascii_alphanumeric())).then_some(c)
}

/// Any other short text a request carries (a set's slug, a kind): at most `max` characters and
/// no control characters.
pub fn short(s: &str, what: &str, max: usize) -> Result<(), AppError> {
    no_controls(s, what)?;
    if s.chars().count() > max {
        return Err(AppError::bad(format!(
            "{what} has at most {max} characters"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_refuse_nul_control_characters_and_length() {
        assert!(name("Ann\0a", "a name").is_err());
        assert!(name("Ann\u{7}", "a name").is_err());
        assert!(name("  ", "a name").is_err());
        assert!(name(&"长".repeat(41), "a name").is_err());
        assert_eq!(name(" 小明 ", "a name").unwrap(), "小明");
        assert_eq!(
            name(&"长".repeat(40), "a name").unwrap().chars().count(),
            40
        );
    }

    #[test]
    fn codes_are_normalised_or_refused() {
        assert_eq!(code("abcd-efgh").as_deref(), Some("ABCDEFGH"));
        assert_eq!(code("AB\0C"), None);
        assert_eq!(code("x"), None);
    }
}
