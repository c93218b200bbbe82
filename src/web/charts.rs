//! The growth log's charts, drawn as SVG by `plotters`: rating over time (with the rank on the
//! axis), a calendar of problems solved per day, and strength per concept.

use plotters::prelude::*;

use crate::db::learning::Day;
use crate::rating::rank_of;

const INK: RGBColor = RGBColor(0x33, 0x2b, 0x1f);
const WOOD: RGBColor = RGBColor(0xdc, 0xb3, 0x5c);
const GREEN: RGBColor = RGBColor(0x2e, 0x9e, 0x5b);
const PALE: RGBColor = RGBColor(0xee, 0xe8, 0xdc);

/// A rank label for an axis, in the page's language.
fn rank_label(rating: f64, zh: bool) -> String {
    let r = rank_of(rating);
    if zh { r.zh() } else { r.to_string() }
}

fn finish(svg: String, title: &str) -> String {
    // An accessible name for the picture; plotters writes the bare <svg>.
    svg.replacen(
        "<svg ",
        &format!(
            "<svg role=\"img\" aria-label=\"{}\" class=\"chart\" ",
            title.replace('"', "'")
        ),
        1,
    )
}

/// Rating after each rated problem, with the band of one deviation shaded.
pub fn rating_chart(points: &[(f64, f64)], title: &str, zh: bool) -> String {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (640, 260)).into_drawing_area();
        let _ = root.fill(&WHITE);
        let n = points.len().max(2) as f64;
        let lo = points
            .iter()
            .map(|p| p.0 - p.1)
            .fold(f64::INFINITY, f64::min)
            .min(800.0);
        let hi = points
            .iter()
            .map(|p| p.0 + p.1)
            .fold(f64::NEG_INFINITY, f64::max)
            .max(1200.0);
        let chart = ChartBuilder::on(&root)
            .margin(12)
            .x_label_area_size(28)
            .y_label_area_size(56)
            .build_cartesian_2d(1.0..n, (lo - 20.0)..(hi + 20.0));
        if let Ok(mut chart) = chart {
            let _ = chart
                .configure_mesh()
                .light_line_style(PALE)
                .x_labels(points.len().clamp(2, 8))
                .y_labels(6)
                .x_label_formatter(&|x| {
                    // Problem numbers: whole numbers only.
                    if (x - x.round()).abs() < 1e-6 {
                        format!("{}", x.round() as i64)
                    } else {
                        String::new()
                    }
                })
                .y_label_formatter(&|y| rank_label(*y, zh))
                .label_style(("sans-serif", 13).into_font().color(&INK))
                .draw();
            let band: Vec<(f64, f64)> = points
                .iter()
                .enumerate()
                .map(|(i, p)| ((i + 1) as f64, p.0 + p.1))
                .chain(
                    points
                        .iter()
                        .enumerate()
                        .rev()
                        .map(|(i, p)| ((i + 1) as f64, p.0 - p.1)),
                )
                .collect();
            if band.len() > 2 {
                let _ = chart.draw_series(std::iter::once(Polygon::new(band, WOOD.mix(0.25))));
            }
            let _ = chart.draw_series(LineSeries::new(
                points
                    .iter()
                    .enumerate()
                    .map(|(i, p)| ((i + 1) as f64, p.0)),
                ShapeStyle::from(&GREEN).stroke_width(3),
            ));
        }
        let _ = root.present();
    }
    finish(svg, title)
}

/// A calendar of the last weeks: one square a day, darker with more problems solved.
pub fn calendar_chart(days: &[Day], title: &str) -> String {
    let mut svg = String::new();
    let weeks = days.len().div_ceil(7).max(1);
    let cell = 18;
    {
        let size = ((weeks * cell + 8) as u32, (7 * cell + 8) as u32);
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        let _ = root.fill(&WHITE);
        // Columns are weeks (Monday on top); 1970-01-01 was a Thursday.
        let first = days.first().map_or(0, |d| d.day);
        let offset = (first + 3).rem_euclid(7) as usize;
        let most = days.iter().map(|d| d.solved).max().unwrap_or(0).max(1);
        for (i, d) in days.iter().enumerate() {
            let k = i + offset;
            let (col, row) = ((k / 7) as i32, (k % 7) as i32);
            let color = if d.solved == 0 {
                if d.attempts > 0 {
                    WOOD.mix(0.35)
                } else {
                    PALE.mix(1.0)
                }
            } else {
                GREEN.mix(0.3 + 0.7 * f64::from(d.solved) / f64::from(most))
            };
            let (x, y) = (4 + col * cell as i32, 4 + row * cell as i32);
            let _ = root.draw(&Rectangle::new(
                [(x, y), (x + cell as i32 - 3, y + cell as i32 - 3)],
                color.filled(),
            ));
        }
        let _ = root.present();
    }
    finish(svg, title)
}

/// Strength per concept: one bar per concept, its length the rating, labelled with the rank.
pub fn concept_chart(concepts: &[(String, f64)], title: &str, zh: bool) -> String {
    let mut svg = String::new();
    {
        let h = (40 + 34 * concepts.len().max(1)) as u32;
        let root = SVGBackend::with_string(&mut svg, (640, h)).into_drawing_area();
        let _ = root.fill(&WHITE);
        let top = concepts
            .iter()
            .map(|c| c.1)
            .fold(1500.0, f64::max)
            .max(1500.0);
        let n = concepts.len().max(1) as i32;
        let chart = ChartBuilder::on(&root)
            .margin(10)
            .y_label_area_size(130)
            .x_label_area_size(24)
            .build_cartesian_2d(400.0..top + 100.0, (0..n).into_segmented());
        if let Ok(mut chart) = chart {
            let names: Vec<String> = concepts.iter().map(|c| c.0.clone()).collect();
            let _ = chart
                .configure_mesh()
                .disable_y_mesh()
                .light_line_style(PALE)
                .x_labels(5)
                .x_label_formatter(&|x| rank_label(*x, zh))
                .y_labels(n as usize)
                .y_label_formatter(&|y| match y {
                    SegmentValue::CenterOf(i) => {
                        names.get(*i as usize).cloned().unwrap_or_default()
                    }
                    _ => String::new(),
                })
                .label_style(("sans-serif", 14).into_font().color(&INK))
                .draw();
            let _ = chart.draw_series(concepts.iter().enumerate().map(|(i, c)| {
                let i = i as i32;
                let mut bar = Rectangle::new(
                    [
                        (400.0, SegmentValue::Exact(i)),
                        (c.1.max(400.0), SegmentValue::Exact(i + 1)),
                    ],
                    GREEN.mix(0.8).filled(),
                );
                bar.set_margin(5, 5, 0, 0);
                bar
            }));
        }
        let _ = root.present();
    }
    finish(svg, title)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charts_are_svg_with_their_data_drawn() {
        let s = rating_chart(
            &[(1000.0, 300.0), (1100.0, 200.0), (1200.0, 120.0)],
            "r",
            true,
        );
        assert!(s.starts_with("<svg role=\"img\""), "{}", &s[..80]);
        assert!(s.contains("<polyline") || s.contains("<path"), "a line");
        assert!(s.contains("级"), "ranks on the axis");
        let days: Vec<Day> = (0..28)
            .map(|i| Day {
                day: 20000 + i,
                attempts: (i % 3) as i32,
                solved: (i % 2) as i32,
            })
            .collect();
        let c = calendar_chart(&days, "c");
        assert_eq!(
            c.matches("<rect").count(),
            28 + 1,
            "a square a day and the background"
        );
        let b = concept_chart(
            &[("吃子".into(), 1200.0), ("征子".into(), 900.0)],
            "k",
            true,
        );
        assert!(b.contains("吃子") && b.contains("征子"));
    }
}
