//! The OpenAPI document of the JSON API, generated from the handlers' annotations.

use utoipa::OpenApi;

use super::{api, auth, classes, games, growth, progress};
use crate::app::error::{ErrorBody, ErrorDetail};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "sente",
        description = "先手 sente: Go problems for young learners"
    ),
    paths(
        api::list_problems,
        api::get_problem,
        api::create_attempt,
        api::post_move,
        api::get_attempt,
        api::hint,
        api::solution,
        api::attempt_solution,
        auth::signup,
        auth::signin,
        auth::signout,
        auth::unlock_child,
        auth::reset_pictures,
        auth::child_data,
        auth::delete_child,
        auth::me,
        auth::add_child,
        auth::family,
        auth::picture_signin,
        auth::set_avatar,
        auth::list_devices,
        auth::forget_device,
        progress::learner_log,
        progress::next_problem,
        progress::put_settings,
        progress::start_assessment,
        progress::get_assessment,
        growth::growth_json,
        games::start_game,
        games::join_game,
        games::get_game,
        games::post_game_move,
        games::resign_game,
        games::undo_game,
        games::end_game,
        games::game_sgf,
        games::game_events,
        classes::create_class,
        classes::list_classes,
        classes::class_progress,
        classes::add_pupil,
        classes::add_member,
        classes::link_child
    ),
    components(schemas(
        api::ProblemSummary,
        api::ProblemDetail,
        api::Stones,
        api::ViewportJson,
        api::AttemptCreated,
        api::MoveRequest,
        api::MoveResponse,
        api::MoveView,
        api::AttemptView,
        api::Hint,
        api::SolutionStep,
        api::Solution,
        auth::UserView,
        progress::LogEntry,
        progress::NextProblem,
        progress::LoggedMove,
        progress::LearnerSettings,
        progress::AssessmentView,
        growth::GrowthView,
        growth::RatingPoint,
        growth::CalendarDay,
        growth::ConceptStrength,
        growth::MistakeView,
        growth::AssessmentSummary,
        games::StartGame,
        games::JoinGame,
        games::GameMove,
        crate::app::games::GameView,
        crate::app::games::ResultView,
        crate::app::games::GameTally,
        crate::app::games::LevelTally,
        classes::NewClass,
        classes::ClassView,
        classes::PupilProgress,
        classes::ClassProgress,
        classes::ExistingChild,
        auth::SignUp,
        auth::SignIn,
        auth::NewChild,
        auth::ChildCard,
        auth::PictureSignIn,
        auth::NewPictures,
        auth::NewAvatar,
        auth::DeviceView,
        ErrorBody,
        ErrorDetail
    ))
)]
pub struct ApiDoc;

#[actix_web::get("/api/openapi.json")]
pub async fn openapi_json() -> actix_web::HttpResponse {
    actix_web::HttpResponse::Ok().json(ApiDoc::openapi())
}
