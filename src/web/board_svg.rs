//! The board as SVG, drawn by the server: wood, lines, star points, stones, cropped to the
//! problem's viewport, with one tap target per intersection (a whole cell, so small fingers hit it).
//! The page's script redraws the stones from positions the API sends; it never computes rules.

use std::fmt::Write;

use crate::go::Point;
use crate::problem::Viewport;

/// Pixels per intersection at full size: a 9-line crop is 576 px wide and fits a 768 px tablet.
const CELL_PX: u32 = 64;
const MAX_WIDTH_PX: u32 = 720;

fn star_points(size: u8) -> Vec<(u8, u8)> {
    let lines: Vec<u8> = match size {
        19 => vec![3, 9, 15],
        13 => vec![3, 6, 9],
        9 => vec![2, 4, 6],
        s if s >= 7 && s % 2 == 1 => vec![s / 2],
        _ => vec![],
    };
    let mut out = Vec::new();
    for &y in &lines {
        for &x in &lines {
            // On 9×9 only the corners and the centre.
            if size == 9 && (x == 4) != (y == 4) {
                continue;
            }
            out.push((x, y));
        }
    }
    out
}

/// One stone element (the page's script writes the same markup).
pub fn stone_svg(out: &mut String, p: Point, black: bool) {
    let class = if black { "stone b" } else { "stone w" };
    let fill = if black { "url(#gb)" } else { "url(#gw)" };
    let _ = write!(
        out,
        r#"<circle class="{class}" data-p="{p}" cx="{}" cy="{}" r="0.47" fill="{fill}"/>"#,
        p.x, p.y
    );
}

/// The board with its stones and, on empty points, numbered marks (the class results' wrong
/// first moves with how many children played each).
pub fn render_marked(
    size: u8,
    vp: Viewport,
    black: &[Point],
    white: &[Point],
    marks: &[(Point, usize)],
) -> String {
    let mut s = render(size, vp, black, white);
    let mut extra = String::new();
    for (p, n) in marks {
        let _ = write!(
            extra,
            r##"<g class="mark wrong" data-p="{p}"><circle cx="{x}" cy="{y}" r="0.42" fill="#c0392b" opacity="0.85"/><text x="{x}" y="{y}" dy="0.17" text-anchor="middle" font-size="0.5" fill="#fff">{n}</text></g>"##,
            x = p.x,
            y = p.y
        );
    }
    if let Some(at) = s.rfind("</g></svg>") {
        s.insert_str(at, &extra);
    }
    s
}

/// The board with its stones.
pub fn render(size: u8, vp: Viewport, black: &[Point], white: &[Point]) -> String {
    let (x0, y0, x1, y1) = (
        f32::from(vp.x0),
        f32::from(vp.y0),
        f32::from(vp.x1),
        f32::from(vp.y1),
    );
    let last = f32::from(size - 1);
    let cols = u32::from(vp.x1 - vp.x0) + 1;
    let rows = u32::from(vp.y1 - vp.y0) + 1;
    let width = (cols * CELL_PX).min(MAX_WIDTH_PX);
    let height = width * rows / cols;
    let mut s = String::with_capacity(8192);
    let _ = write!(
        s,
        r#"<svg id="board" xmlns="http://www.w3.org/2000/svg" viewBox="{} {} {} {}" width="{width}" height="{height}" role="img" data-size="{size}">"#,
        x0 - 0.7,
        y0 - 0.7,
        x1 - x0 + 1.4,
        y1 - y0 + 1.4
    );
    s.push_str(
        r##"<defs><radialGradient id="gb" cx="0.35" cy="0.35" r="0.7"><stop offset="0" stop-color="#666"/><stop offset="1" stop-color="#111"/></radialGradient><radialGradient id="gw" cx="0.35" cy="0.35" r="0.75"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#cfcac0"/></radialGradient></defs>"##,
    );
    let _ = write!(
        s,
        r##"<rect x="{}" y="{}" width="{}" height="{}" rx="0.25" fill="#e3b76b"/>"##,
        x0 - 0.7,
        y0 - 0.7,
        x1 - x0 + 1.4,
        y1 - y0 + 1.4
    );
    // Lines run past the crop where the board goes on, and stop at real edges.
    let (lx0, lx1) = (
        if vp.x0 == 0 { 0.0 } else { x0 - 0.7 },
        if x1 == last { last } else { x1 + 0.7 },
    );
    let (ly0, ly1) = (
        if vp.y0 == 0 { 0.0 } else { y0 - 0.7 },
        if y1 == last { last } else { y1 + 0.7 },
    );
    s.push_str(r##"<g stroke="#3b2a12" stroke-linecap="square">"##);
    for y in vp.y0..=vp.y1 {
        let w = if y == 0 || y == size - 1 { 0.06 } else { 0.03 };
        let _ = write!(
            s,
            r#"<line x1="{lx0}" y1="{y}" x2="{lx1}" y2="{y}" stroke-width="{w}"/>"#
        );
    }
    for x in vp.x0..=vp.x1 {
        let w = if x == 0 || x == size - 1 { 0.06 } else { 0.03 };
        let _ = write!(
            s,
            r#"<line x1="{x}" y1="{ly0}" x2="{x}" y2="{ly1}" stroke-width="{w}"/>"#
        );
    }
    s.push_str("</g>");
    for (x, y) in star_points(size) {
        if vp.contains(Point::new(x, y)) {
            let _ = write!(
                s,
                r##"<circle cx="{x}" cy="{y}" r="0.11" fill="#3b2a12"/>"##
            );
        }
    }
    s.push_str(r#"<g id="marks"></g><g id="stones">"#);
    for &p in black.iter().filter(|p| vp.contains(**p)) {
        stone_svg(&mut s, p, true);
    }
    for &p in white.iter().filter(|p| vp.contains(**p)) {
        stone_svg(&mut s, p, false);
    }
    s.push_str(r#"</g><g id="points">"#);
    for y in vp.y0..=vp.y1 {
        for x in vp.x0..=vp.x1 {
            let p = Point::new(x, y);
            let _ = write!(
                s,
                r#"<rect class="pt" data-p="{p}" x="{}" y="{}" width="1" height="1" fill="transparent"/>"#,
                f32::from(x) - 0.5,
                f32::from(y) - 0.5
            );
        }
    }
    s.push_str("</g></svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nine_line_crop_gives_each_point_at_least_forty_pixels_and_fits_a_tablet() {
        let svg = render(
            19,
            Viewport {
                x0: 10,
                y0: 10,
                x1: 18,
                y1: 18,
            },
            &[Point::new(15, 15)],
            &[],
        );
        assert!(svg.contains(r#"width="576""#), "9 × 64 px");
        assert_eq!(svg.matches(r#"class="pt""#).count(), 81);
        assert_eq!(svg.matches("stone b").count(), 1);
        // The star point at (15,15) is inside the crop; the one at (3,3) is not.
        assert!(svg.contains(r#"cx="15" cy="15" r="0.11""#));
        assert!(!svg.contains(r#"cx="3" cy="3" r="0.11""#));
    }

    #[test]
    fn stones_outside_the_viewport_are_not_drawn() {
        let svg = render(
            9,
            Viewport {
                x0: 0,
                y0: 0,
                x1: 4,
                y1: 4,
            },
            &[Point::new(8, 8)],
            &[Point::new(1, 1)],
        );
        assert_eq!(svg.matches("class=\"stone").count(), 1);
        assert!(svg.contains(r#"width="320""#));
    }
}
