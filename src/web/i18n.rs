//! The words of the pages, in Simplified Chinese (the default) and English. Templates take every
//! string from here; none is written in one language inside a template.

use actix_web::HttpRequest;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    Zh,
    En,
}

impl Lang {
    pub fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh-CN",
            Lang::En => "en",
        }
    }

    pub fn short(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        }
    }

    pub fn other(self) -> Lang {
        match self {
            Lang::Zh => Lang::En,
            Lang::En => Lang::Zh,
        }
    }

    fn parse(s: &str) -> Option<Lang> {
        let s = s.trim().to_ascii_lowercase();
        if s.starts_with("zh") {
            Some(Lang::Zh)
        } else if s.starts_with("en") {
            Some(Lang::En)
        } else {
            None
        }
    }

    /// `?lang=` first, then the `lang` cookie, then `Accept-Language` (by the order and weights
    /// the browser sends), else Chinese.
    pub fn of(req: &HttpRequest) -> Lang {
        if let Some(l) = req
            .query_string()
            .split('&')
            .find_map(|kv| kv.strip_prefix("lang="))
            .and_then(Lang::parse)
        {
            return l;
        }
        if let Some(l) = req.cookie("lang").and_then(|c| Lang::parse(c.value())) {
            return l;
        }
        let header = req
            .headers()
            .get("accept-language")
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        let mut best: Option<(f32, Lang)> = None;
        for part in header.split(',') {
            let mut it = part.split(';');
            let tag = it.next().unwrap_or("");
            let q = it
                .find_map(|p| p.trim().strip_prefix("q="))
                .and_then(|q| q.parse().ok())
                .unwrap_or(1.0);
            if let Some(l) = Lang::parse(tag)
                && best.is_none_or(|(bq, _)| q > bq)
            {
                best = Some((q, l));
            }
        }
        best.map_or(Lang::Zh, |(_, l)| l)
    }

    pub fn text(self) -> &'static Text {
        match self {
            Lang::Zh => &ZH,
            Lang::En => &EN,
        }
    }
}

/// Every string of the pages.
pub struct Text {
    pub app: &'static str,
    pub tagline: &'static str,
    pub home_intro: &'static str,
    pub start: &'static str,
    pub sets: &'static str,
    pub problems_count: &'static str,
    pub problem: &'static str,
    pub all_kinds: &'static str,
    pub all_levels: &'static str,
    pub easy: &'static str,
    pub medium: &'static str,
    pub hard: &'static str,
    pub show: &'static str,
    pub no_problems: &'static str,
    pub black_to_play: &'static str,
    pub white_to_play: &'static str,
    pub retry: &'static str,
    pub hint: &'static str,
    pub solution: &'static str,
    pub next: &'static str,
    pub solved: &'static str,
    pub wrong: &'static str,
    pub cannot_play_there: &'static str,
    pub sound: &'static str,
    pub back_home: &'static str,
    pub not_found: &'static str,
    pub not_found_detail: &'static str,
    pub error_title: &'static str,
    pub switch_language: &'static str,
    pub level: &'static str,
}

static ZH: Text = Text {
    app: "先手",
    tagline: "小朋友的围棋题",
    home_intro: "点一点棋盘，吃掉对方的棋子，救出自己的棋子！",
    start: "开始做题",
    sets: "题库",
    problems_count: "道题",
    problem: "第",
    all_kinds: "全部类型",
    all_levels: "全部难度",
    easy: "简单",
    medium: "中等",
    hard: "难",
    show: "筛选",
    no_problems: "这里还没有题目。",
    black_to_play: "黑先",
    white_to_play: "白先",
    retry: "再试一次",
    hint: "提示",
    solution: "看答案",
    next: "下一题",
    solved: "答对了！",
    wrong: "再想想",
    cannot_play_there: "这里不能下",
    sound: "声音",
    back_home: "回到首页",
    not_found: "找不到这一页",
    not_found_detail: "这一页不存在，也许题目已经换了位置。",
    error_title: "出错了",
    switch_language: "English",
    level: "难度",
};

static EN: Text = Text {
    app: "Sente",
    tagline: "Go problems for young players",
    home_intro: "Tap the board: capture the other stones and save your own!",
    start: "Start",
    sets: "Problem sets",
    problems_count: "problems",
    problem: "Problem",
    all_kinds: "All kinds",
    all_levels: "All levels",
    easy: "Easy",
    medium: "Medium",
    hard: "Hard",
    show: "Show",
    no_problems: "No problems here yet.",
    black_to_play: "Black to play",
    white_to_play: "White to play",
    retry: "Try again",
    hint: "Hint",
    solution: "Solution",
    next: "Next",
    solved: "Well done!",
    wrong: "Not quite",
    cannot_play_there: "You can't play there",
    sound: "Sound",
    back_home: "Back home",
    not_found: "Page not found",
    not_found_detail: "This page does not exist; the problem may have moved.",
    error_title: "Something went wrong",
    switch_language: "中文",
    level: "Level",
};

/// The name of a problem kind.
pub fn kind_name(lang: Lang, kind: &str) -> &'static str {
    let (zh, en) = match kind {
        "capture" => ("吃子", "Capture"),
        "escape" => ("逃子", "Escape"),
        "ladder" => ("征子", "Ladder"),
        "net" => ("枷吃", "Net"),
        "snapback" => ("倒扑", "Snapback"),
        "connect" => ("连接", "Connect"),
        "cut" => ("切断", "Cut"),
        "live" => ("做活", "Live"),
        "kill" => ("杀棋", "Kill"),
        "ko" => ("打劫", "Ko"),
        "capturing_race" => ("对杀", "Capturing race"),
        _ => ("死活", "Life and death"),
    };
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

/// All kinds, for filters.
pub const KINDS: [&str; 12] = [
    "capture",
    "escape",
    "ladder",
    "net",
    "snapback",
    "connect",
    "cut",
    "live",
    "kill",
    "ko",
    "capturing_race",
    "life_and_death",
];

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn language_comes_from_query_then_cookie_then_accept_language_else_chinese() {
        assert_eq!(
            Lang::of(&TestRequest::default().to_http_request()),
            Lang::Zh
        );
        let en = TestRequest::default()
            .insert_header(("accept-language", "en-US,en;q=0.9,zh;q=0.5"))
            .to_http_request();
        assert_eq!(Lang::of(&en), Lang::En);
        let zh_first = TestRequest::default()
            .insert_header(("accept-language", "de;q=0.9,zh-CN;q=0.8,en;q=0.1"))
            .to_http_request();
        assert_eq!(Lang::of(&zh_first), Lang::Zh);
        let query = TestRequest::with_uri("/?lang=en")
            .insert_header(("accept-language", "zh"))
            .to_http_request();
        assert_eq!(Lang::of(&query), Lang::En);
        let cookie = TestRequest::default()
            .cookie(actix_web::cookie::Cookie::new("lang", "en"))
            .to_http_request();
        assert_eq!(Lang::of(&cookie), Lang::En);
    }
}
