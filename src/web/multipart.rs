//! `multipart/form-data` uploads (RFC 7578), as browsers send several files: only what an
//! import needs — each part's file name and bytes. Fields without a file name are skipped.

use memchr::memmem;

use crate::app::AppError;

/// The boundary of a multipart content type, if it is one.
pub fn boundary(content_type: &str) -> Option<String> {
    let (kind, params) = content_type.split_once(';')?;
    if !kind.trim().eq_ignore_ascii_case("multipart/form-data") {
        return None;
    }
    params.split(';').find_map(|p| {
        let (k, v) = p.split_once('=')?;
        (k.trim().eq_ignore_ascii_case("boundary")).then(|| v.trim().trim_matches('"').to_string())
    })
}

/// The files of a multipart body: (file name, bytes).
pub fn files(body: &[u8], boundary: &str) -> Result<Vec<(String, Vec<u8>)>, AppError> {
    let bad = || AppError::bad("the multipart upload is malformed");
    let delim = format!("--{boundary}");
    let finder = memmem::Finder::new(delim.as_bytes());
    let starts: Vec<usize> = finder.find_iter(body).collect();
    if starts.len() < 2 {
        return Err(bad());
    }
    let mut out = Vec::new();
    for w in starts.windows(2) {
        let part = &body[w[0] + delim.len()..w[1]];
        let part = part.strip_prefix(b"\r\n").ok_or_else(bad)?;
        let part = part.strip_suffix(b"\r\n").ok_or_else(bad)?;
        let split = memmem::find(part, b"\r\n\r\n").ok_or_else(bad)?;
        let headers = String::from_utf8_lossy(&part[..split]);
        let Some(name) = headers
            .lines()
            .filter(|l| l.to_ascii_lowercase().starts_with("content-disposition:"))
            .find_map(|l| {
                let at = l.find("filename=\"")? + "filename=\"".len();
                l[at..].split('"').next().map(str::to_string)
            })
        else {
            continue;
        };
        out.push((name, part[split + 4..].to_vec()));
    }
    if out.is_empty() {
        return Err(AppError::bad("the multipart upload holds no file"));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_file_of_a_form_is_read_with_its_name() {
        let b = "XyZ";
        let body = format!(
            "--{b}\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.sgf\"\r\n\
             Content-Type: application/x-go-sgf\r\n\r\n(;SZ[9])\r\n--{b}\r\n\
             Content-Disposition: form-data; name=\"note\"\r\n\r\nhi\r\n--{b}\r\n\
             Content-Disposition: form-data; name=\"f\"; filename=\"b.json\"\r\n\r\n{{}}\r\n--{b}--\r\n"
        );
        assert_eq!(
            boundary("multipart/form-data; boundary=XyZ").as_deref(),
            Some("XyZ")
        );
        let got = files(body.as_bytes(), b).unwrap();
        assert_eq!(
            got,
            vec![
                ("a.sgf".to_string(), b"(;SZ[9])".to_vec()),
                ("b.json".to_string(), b"{}".to_vec())
            ]
        );
        assert!(files(b"garbage", b).is_err());
    }
}
