//! Children who cannot read or type, on SQLite and PostgreSQL: a grown-up types the family's or
//! class's code once and the device remembers it (a revocable token, never the code); the kids'
//! page then lists only that family's or class's children, each with an avatar; a forgotten or
//! expired device is refused; the picture check behind a remembered device keeps its lock-out.

use diesel::{Connection, PgConnection, RunQueryDsl, SqliteConnection};
use serde_json::{Value, json};

use crate::app::{Db, TestApp};
use crate::learners::{Session, app, signed_in_family};
use crate::learning::Browser;

both_backends!(
    a_remembered_device_lists_only_its_own_family_or_class,
    a_forgotten_or_expired_device_is_refused,
    a_remembered_device_keeps_the_picture_lock_out,
    children_get_avatars_chosen_or_given,
);

const DEVICE: &str = "sente_device";

/// The family code of a signed-in parent.
fn family_code(parent: &mut Session) -> String {
    let (_, me) = parent.call("GET", "/api/me", None);
    me["family_code"].as_str().unwrap().to_string()
}

/// A tablet on which a grown-up types `code` once; returns it with its device cookie.
fn remembered_tablet<'a>(app: &'a TestApp, code: &str) -> Browser<'a> {
    let mut tablet = Browser::new(app);
    let (status, _, page) = tablet.get("/kids");
    assert_eq!(status, 200);
    assert!(page.contains("id=\"code\""), "the code screen first");
    let csrf = tablet.csrf();
    let (status, to, _) = tablet.post("/kids/code", &[("csrf", &csrf), ("code", code)]);
    assert_eq!((status, to.as_str()), (303, "/kids"));
    assert!(tablet.cookie(DEVICE).is_some(), "the device keeps a token");
    assert_ne!(
        tablet.cookie(DEVICE).as_deref(),
        Some(code),
        "not the code itself"
    );
    tablet
}

/// A child taps their name and three pictures on a remembered device.
fn tap_pictures(tablet: &mut Browser, child: i64, pictures: &str) -> (u16, String, String) {
    let csrf = tablet.csrf();
    let child = child.to_string();
    tablet.post(
        "/kids",
        &[("csrf", &csrf), ("child", &child), ("pictures", pictures)],
    )
}

fn lists(page: &str, child: i64) -> bool {
    page.contains(&format!("data-child=\"{child}\""))
}

fn a_remembered_device_lists_only_its_own_family_or_class(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    let (mut parent_a, _, child_a) = signed_in_family(&app, "device_a", [1, 2, 3]);
    let (mut parent_b, _, child_b) = signed_in_family(&app, "device_b", [4, 5, 6]);
    let (code_a, code_b) = (family_code(&mut parent_a), family_code(&mut parent_b));

    let mut tablet = remembered_tablet(&app, &code_a);
    let (status, _, page) = tablet.get("/kids");
    assert_eq!(status, 200);
    assert!(lists(&page, child_a), "the family's child, without a code");
    assert!(!lists(&page, child_b), "never another family's child");
    assert!(!page.contains(&code_a), "the page does not show the code");
    assert!(page.contains("id=\"not-my-device\""));
    // Another family's child, even with their right pictures, cannot sign in here.
    let (status, to, _) = tap_pictures(&mut tablet, child_b, "4-5-6");
    assert_eq!(status, 401, "{to}");
    let (status, _, page) = tablet.get(&format!("/kids?child={child_b}"));
    assert_eq!(status, 200);
    assert!(
        !page.contains("id=\"pictures-form\""),
        "no pictures for another family's child"
    );
    let (status, _, page) = tablet.get(&format!("/kids?child={child_a}"));
    assert_eq!(status, 200);
    assert_eq!(page.matches("class=\"picture\"").count(), 9);
    let (status, to, _) = tap_pictures(&mut tablet, child_a, "1-2-3");
    assert_eq!((status, to.as_str()), (303, "/"));

    // The second family's tablet shows only theirs.
    let mut other = remembered_tablet(&app, &code_b);
    let (_, _, page) = other.get("/kids");
    assert!(lists(&page, child_b) && !lists(&page, child_a));

    // Each parent sees only their own device.
    let (status, a_devices) = parent_a.call("GET", "/api/devices", None);
    assert_eq!(status, 200);
    let (_, b_devices) = parent_b.call("GET", "/api/devices", None);
    assert_eq!(a_devices.as_array().unwrap().len(), 1);
    assert_eq!(b_devices.as_array().unwrap().len(), 1);
    assert_eq!(a_devices[0]["kind"], "family");
    assert_ne!(a_devices[0]["id"], b_devices[0]["id"]);
    let (status, _) = parent_b.call(
        "DELETE",
        &format!("/api/devices/{}", a_devices[0]["id"]),
        None,
    );
    assert_eq!(status, 404, "another family cannot forget this device");

    // A class tablet remembers a class: its pupils, not the families'.
    let mut teacher = Session::new(&app);
    teacher.call("POST", "/api/auth/signup", Some(json!({"role": "teacher", "username": "device_teacher", "password": "violet harbor tadpole 19", "display_name": "老师"})));
    let (_, class) = teacher.call("POST", "/api/classes", Some(json!({"name": "一班"})));
    let (status, pupil) = teacher.call(
        "POST",
        &format!("/api/classes/{}/children", class["id"]),
        Some(json!({"display_name": "小红", "pictures": [0, 1, 2]})),
    );
    assert_eq!(status, 201);
    let pupil = pupil["id"].as_i64().unwrap();
    let mut class_tablet = remembered_tablet(&app, class["code"].as_str().unwrap());
    let (_, _, page) = class_tablet.get("/kids");
    assert!(lists(&page, pupil) && !lists(&page, child_a) && !lists(&page, child_b));
    let (_, t_devices) = teacher.call("GET", "/api/devices", None);
    assert_eq!(t_devices.as_array().unwrap().len(), 1);
    assert_eq!(t_devices[0]["kind"], "class");
    assert_eq!(t_devices[0]["class_id"], class["id"]);
    let (_, a_devices) = parent_a.call("GET", "/api/devices", None);
    assert_eq!(
        a_devices.as_array().unwrap().len(),
        1,
        "the class's is not theirs"
    );
    let (status, to, _) = tap_pictures(&mut class_tablet, pupil, "0-1-2");
    assert_eq!((status, to.as_str()), (303, "/"));

    // The account page lists the device with a button that forgets it.
    let mut grownup = Browser::new(&app);
    grownup.get("/signin");
    let csrf = grownup.csrf();
    grownup.post(
        "/signin",
        &[
            ("csrf", &csrf),
            ("username", "device_a"),
            ("password", "violet harbor tadpole 19"),
        ],
    );
    let (status, _, account) = grownup.get("/account");
    assert_eq!(status, 200);
    let id = a_devices[0]["id"].to_string();
    assert!(account.contains(&format!("data-device=\"{id}\"")));
    let (status, to, _) =
        grownup.post(&format!("/account/devices/{id}/forget"), &[("csrf", &csrf)]);
    assert_eq!((status, to.as_str()), (303, "/account"));
    let (_, _, page) = tablet.get("/kids");
    assert!(
        page.contains("id=\"code\""),
        "the tablet asks for the code again"
    );
}

/// Sets every device's end in the past, straight in the database.
fn expire_all_devices(url: &str) {
    let sql = "UPDATE devices SET expires_at = 1";
    match url.strip_prefix("sqlite:") {
        Some(path) => {
            let mut c = SqliteConnection::establish(path).unwrap();
            diesel::sql_query(sql).execute(&mut c).unwrap();
        }
        None => {
            let mut c = PgConnection::establish(url).unwrap();
            diesel::sql_query(sql).execute(&mut c).unwrap();
        }
    }
}

fn a_forgotten_or_expired_device_is_refused(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    let (mut parent, _, child) = signed_in_family(&app, "forget_a", [1, 2, 3]);
    let code = family_code(&mut parent);

    // The parent forgets the device from their account: the token is refused, even a copy.
    let mut tablet = remembered_tablet(&app, &code);
    let token = tablet.cookie(DEVICE).unwrap();
    let (_, list) = parent.call("GET", "/api/devices", None);
    let id = list[0]["id"].as_i64().unwrap();
    assert_eq!(
        parent.call("DELETE", &format!("/api/devices/{id}"), None).0,
        204
    );
    assert_eq!(parent.call("GET", "/api/devices", None).1, json!([]));
    let (status, _, page) = tablet.get("/kids");
    assert_eq!(status, 200);
    assert!(page.contains("id=\"code\"") && !lists(&page, child));
    assert_eq!(tablet.cookie(DEVICE), None, "the stale cookie is removed");
    let mut copy = Browser::new(&app);
    copy.get("/signin");
    copy.set_cookie(DEVICE, &token);
    let (status, _, page) = tap_pictures(&mut copy, child, "1-2-3");
    assert_eq!(status, 401, "a forgotten token signs nobody in");
    assert!(page.contains("id=\"code\""));

    // "Not your device?" on the tablet itself.
    let mut tablet = remembered_tablet(&app, &code);
    let token = tablet.cookie(DEVICE).unwrap();
    let csrf = tablet.csrf();
    assert_eq!(
        tablet.post("/kids/forget", &[("csrf", "wrong")]).0,
        403,
        "the button needs its CSRF token"
    );
    let (status, to, _) = tablet.post("/kids/forget", &[("csrf", &csrf)]);
    assert_eq!((status, to.as_str()), (303, "/kids"));
    assert_eq!(tablet.cookie(DEVICE), None);
    let (_, _, page) = tablet.get("/kids");
    assert!(page.contains("id=\"code\""), "the code screen again");
    let mut copy = Browser::new(&app);
    copy.set_cookie(DEVICE, &token);
    let (_, _, page) = copy.get("/kids");
    assert!(!lists(&page, child), "the revoked token lists nobody");

    // An expired device.
    let mut tablet = remembered_tablet(&app, &code);
    assert!(lists(&tablet.get("/kids").2, child));
    expire_all_devices(&app.db.url);
    let (status, _, page) = tablet.get("/kids");
    assert_eq!(status, 200);
    assert!(page.contains("id=\"code\"") && !lists(&page, child));
    let mut tablet = Browser::new(&app);
    tablet.get("/signin");
    tablet.set_cookie(DEVICE, &token);
    assert_eq!(tap_pictures(&mut tablet, child, "1-2-3").0, 401);
    assert_eq!(parent.call("GET", "/api/devices", None).1, json!([]));

    // A made-up token is nobody's either.
    let mut forged = Browser::new(&app);
    forged.set_cookie(DEVICE, &"ab".repeat(32));
    assert!(forged.get("/kids").2.contains("id=\"code\""));
    assert_eq!(
        tap_pictures(
            &mut forged_with_csrf(&app, &"ab".repeat(32)),
            child,
            "1-2-3"
        )
        .0,
        401
    );
}

fn forged_with_csrf<'a>(app: &'a TestApp, token: &str) -> Browser<'a> {
    let mut b = Browser::new(app);
    b.get("/signin");
    b.set_cookie(DEVICE, token);
    b
}

fn a_remembered_device_keeps_the_picture_lock_out(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    let (mut parent, _, child) = signed_in_family(&app, "lock_a", [1, 2, 3]);
    let code = family_code(&mut parent);
    let mut tablet = remembered_tablet(&app, &code);
    for n in 0..5 {
        let (status, _, page) = tap_pictures(&mut tablet, child, "0-4-8");
        assert_eq!(status, 401, "wrong try {n}");
        assert!(page.contains("id=\"pictures-form\""), "the pictures again");
    }
    let (status, _, page) = tap_pictures(&mut tablet, child, "1-2-3");
    assert_eq!(status, 429, "locked, even with the right pictures");
    assert!(page.contains("href=\"#lock\""), "a drawn lock");
    // The same lock holds on the code's path and the API.
    let mut api = Session::new(&app);
    let (status, _) = api.call(
        "POST",
        "/api/auth/pictures",
        Some(json!({"code": code, "child_id": child, "pictures": [1, 2, 3]})),
    );
    assert_eq!(status, 429);
    // The parent unlocks; the right pictures then open practice.
    assert_eq!(
        parent
            .call("POST", &format!("/api/children/{child}/unlock"), None)
            .0,
        204
    );
    let (status, to, _) = tap_pictures(&mut tablet, child, "1-2-3");
    assert_eq!((status, to.as_str()), (303, "/"));
}

fn children_get_avatars_chosen_or_given(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    let mut parent = Session::new(&app);
    parent.call("POST", "/api/auth/signup", Some(json!({"role": "parent", "username": "avatar_mama", "password": "violet harbor tadpole 19", "display_name": "妈妈"})));
    let add = |parent: &mut Session, body: Value| parent.call("POST", "/api/children", Some(body));
    let (status, first) = add(
        &mut parent,
        json!({"display_name": "一", "pictures": [0, 1, 2]}),
    );
    assert_eq!(status, 201);
    let (_, second) = add(
        &mut parent,
        json!({"display_name": "二", "pictures": [0, 1, 2]}),
    );
    assert_ne!(
        first["avatar"], second["avatar"],
        "the app gives siblings different avatars"
    );
    let (status, chosen) = add(
        &mut parent,
        json!({"display_name": "三", "pictures": [0, 1, 2], "avatar": 9}),
    );
    assert_eq!((status, chosen["avatar"].as_i64()), (201, Some(9)));
    let (status, _) = add(
        &mut parent,
        json!({"display_name": "四", "pictures": [0, 1, 2], "avatar": 12}),
    );
    assert_eq!(status, 400, "twelve avatars, 0 to 11");

    let id = first["id"].as_i64().unwrap();
    assert_eq!(
        parent
            .call(
                "PUT",
                &format!("/api/children/{id}/avatar"),
                Some(json!({"avatar": 4}))
            )
            .0,
        204
    );
    let code = family_code(&mut parent);
    let (_, cards) =
        Session::new(&app).call("GET", &format!("/api/families/{code}/children"), None);
    assert_eq!(cards[0]["avatar"], 4);
    // Shown beside the name on the kids' page and the growth page, as drawings.
    let mut tablet = remembered_tablet(&app, &code);
    let (_, _, page) = tablet.get("/kids");
    assert!(page.contains("href=\"#av-4\""));
    assert!(page.contains("href=\"#av-9\""));
    let mut grownup = Browser::new(&app);
    grownup.get("/signin");
    let csrf = grownup.csrf();
    grownup.post(
        "/signin",
        &[
            ("csrf", &csrf),
            ("username", "avatar_mama"),
            ("password", "violet harbor tadpole 19"),
        ],
    );
    let (_, _, growth) = grownup.get(&format!("/learners/{id}/growth"));
    assert!(growth.contains("id=\"growth-avatar\"") && growth.contains("href=\"#av-4\""));
    // The account page changes it with a tap.
    let (_, _, account) = grownup.get("/account");
    assert!(account.contains(&format!("action=\"/account/children/{id}/avatar\"")));
    let (status, to, _) = grownup.post(
        &format!("/account/children/{id}/avatar"),
        &[("csrf", &csrf), ("avatar", "11")],
    );
    assert_eq!((status, to.as_str()), (303, "/account"));
    let (_, cards) =
        Session::new(&app).call("GET", &format!("/api/families/{code}/children"), None);
    assert_eq!(cards[0]["avatar"], 11);

    // The teacher's class results carry each child's avatar.
    let mut teacher = Session::new(&app);
    teacher.call("POST", "/api/auth/signup", Some(json!({"role": "teacher", "username": "avatar_teacher", "password": "violet harbor tadpole 19", "display_name": "老师"})));
    let (_, class) = teacher.call("POST", "/api/classes", Some(json!({"name": "二班"})));
    teacher.call(
        "POST",
        &format!("/api/classes/{}/children", class["id"]),
        Some(json!({"display_name": "小明", "pictures": [0, 1, 2], "avatar": 7})),
    );
    let (_, progress) = teacher.call("GET", &format!("/api/classes/{}", class["id"]), None);
    assert_eq!(progress["pupils"][0]["avatar"], 7);
}
