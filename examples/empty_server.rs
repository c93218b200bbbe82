//! The load benchmark's baseline: an actix-web server whose handler does nothing but answer a
//! small JSON body, with the same worker count as `sente serve` (see benches/load.sh).

use actix_web::{App, HttpResponse, HttpServer, post, web};

#[post("/api/attempts/{id}/moves")]
async fn empty(_id: web::Path<i32>, _body: web::Bytes) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(r#"{"result":"continue","reply":null,"comment":null}"#)
}

fn main() -> std::io::Result<()> {
    let addr = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:18181".into());
    actix_web::rt::System::new().block_on(
        HttpServer::new(|| App::new().service(empty))
            .bind(addr)?
            .run(),
    )
}
