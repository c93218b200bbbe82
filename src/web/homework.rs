//! The homework pages (ARCHITECTURE.md "The pages of homework"): a signed-in child's home page
//! shows their current homework first — big, one tile per problem with a star for each solved,
//! late work marked — with practice below; `/learners/{id}/homework` shows a child's homework to
//! the child, their parent, their teachers and admins. Handlers call one use case
//! (`app::teaching::current_homework`, `app::assignments::homework`) and render.

use actix_web::{HttpRequest, HttpResponse, get, web};
use askama::Template;

use super::auth::run;
use super::growth::date_of_ms;
use super::i18n::{Lang, TeachWords, Text};
use super::pages::render_page;
use super::teach::{TZ_MINUTES, see_other};
use crate::app::assignments::{self, Homework};
use crate::app::{Actor, AppError, AppState, Learner, teaching};

struct Tile {
    number: usize,
    problem: i32,
    solved: bool,
    late: bool,
}

struct HomeworkView {
    set_name: String,
    due: String,
    due_passed: bool,
    /// "★★☆": a filled star per problem solved.
    stars: String,
    solved: usize,
    total: usize,
    tiles: Vec<Tile>,
}

fn view(h: &Homework) -> HomeworkView {
    let total = h.problems.len();
    HomeworkView {
        set_name: h.set_name.clone(),
        due: date_of_ms(h.assignment.due_at, TZ_MINUTES),
        due_passed: h.due_passed,
        stars: "★".repeat(h.stars) + &"☆".repeat(total.saturating_sub(h.stars)),
        solved: h.stars,
        total,
        tiles: h
            .problems
            .iter()
            .enumerate()
            .map(|(i, (id, c))| Tile {
                number: i + 1,
                problem: *id,
                solved: c.solved(),
                late: c.late,
            })
            .collect(),
    }
}

#[derive(Template)]
#[template(path = "kid_home.html")]
struct KidHomePage {
    t: &'static Text,
    tw: &'static TeachWords,
    lang_code: &'static str,
    lang_short: &'static str,
    other_lang: &'static str,
    name: String,
    homework: Vec<HomeworkView>,
}

/// The home page of a signed-in child: current homework first, then practice. With no current
/// homework the child's home is practice.
pub(super) async fn child_home(
    req: &HttpRequest,
    state: web::Data<AppState>,
    me: Learner,
) -> Result<HttpResponse, AppError> {
    let lang = Lang::of(req);
    let name = me.display_name.clone();
    let list = run(move || teaching::current_homework(&state, &me)).await?;
    if list.is_empty() {
        return Ok(see_other("/practice"));
    }
    let page = KidHomePage {
        t: lang.text(),
        tw: lang.teach_words(),
        lang_code: lang.code(),
        lang_short: lang.short(),
        other_lang: lang.other().short(),
        name,
        homework: list.iter().map(view).collect(),
    };
    render_page(req, lang, page.render())
}

#[derive(Template)]
#[template(path = "homework.html")]
struct HomeworkPage {
    t: &'static Text,
    tw: &'static TeachWords,
    lang_code: &'static str,
    lang_short: &'static str,
    other_lang: &'static str,
    learner: i32,
    homework: Vec<HomeworkView>,
}

/// A child's homework, all of it (finished work too), due first.
#[get("/learners/{id}/homework")]
pub async fn homework_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let lang = Lang::of(&req);
    let id: i32 = id.parse().map_err(|_| AppError::NotFound("learner"))?;
    let list = run(move || assignments::homework(&state, &actor, id)).await?;
    let page = HomeworkPage {
        t: lang.text(),
        tw: lang.teach_words(),
        lang_code: lang.code(),
        lang_short: lang.short(),
        other_lang: lang.other().short(),
        learner: id,
        homework: list.iter().map(view).collect(),
    };
    render_page(&req, lang, page.render())
}
