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
    pub nav_practice: &'static str,
    pub nav_games: &'static str,
    pub nav_account: &'static str,
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
    nav_practice: "练习",
    nav_games: "对弈",
    nav_account: "我的",
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
    nav_practice: "Practice",
    nav_games: "Play",
    nav_account: "Me",
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

/// The words of the learner pages: sign-in, accounts, practice, the test and the growth log.
pub struct Words {
    pub growth_title: &'static str,
    pub rating_over_time: &'static str,
    pub calendar: &'static str,
    pub by_concept: &'static str,
    pub streak: &'static str,
    pub best_streak: &'static str,
    pub days: &'static str,
    pub recent_mistakes: &'static str,
    pub no_mistakes: &'static str,
    pub assessments: &'static str,
    pub no_assessments: &'static str,
    pub tried: &'static str,
    pub solved_count: &'static str,
    pub accuracy: &'static str,
    pub reviews_waiting: &'static str,
    pub rank: &'static str,
    pub level_word: &'static str,
    pub try_again: &'static str,
    pub sign_in: &'static str,
    pub sign_up: &'static str,
    pub sign_out: &'static str,
    pub username: &'static str,
    pub password: &'static str,
    pub display_name: &'static str,
    pub parent: &'static str,
    pub teacher: &'static str,
    pub grown_ups: &'static str,
    pub kids_sign_in: &'static str,
    pub enter_code: &'static str,
    pub go: &'static str,
    pub who_are_you: &'static str,
    pub pick_pictures: &'static str,
    pub start_over: &'static str,
    pub wrong_pictures: &'static str,
    /// A child locked out by wrong pictures, and the button that lets them in again.
    pub locked: &'static str,
    pub unlock: &'static str,
    pub my_children: &'static str,
    pub add_child: &'static str,
    pub child_pictures: &'static str,
    pub family_code: &'static str,
    pub my_classes: &'static str,
    pub new_class: &'static str,
    pub class_name: &'static str,
    pub class_code: &'static str,
    pub add_to_class: &'static str,
    pub practice: &'static str,
    pub assessment: &'static str,
    pub start_assessment: &'static str,
    pub assessment_intro: &'static str,
    pub assessment_done: &'static str,
    pub question: &'static str,
    pub of_at_most: &'static str,
    pub account: &'static str,
    pub success_target: &'static str,
    pub save: &'static str,
    pub all_done: &'static str,
    pub review_badge: &'static str,
    pub wrong_password: &'static str,
    pub name_taken: &'static str,
    pub form_incomplete: &'static str,
    /// A remembered device: the button that forgets it here, and the account page's list.
    pub not_your_device: &'static str,
    pub remember_note: &'static str,
    pub devices: &'static str,
    pub devices_intro: &'static str,
    pub no_devices: &'static str,
    pub device_family: &'static str,
    pub device_class: &'static str,
    pub remembered_since: &'static str,
    pub last_used: &'static str,
    pub forget: &'static str,
    pub avatar: &'static str,
    pub choose_avatar: &'static str,
    /// Spoken (and shown) after an answer.
    pub say_right: &'static str,
    pub say_wrong: &'static str,
}

static ZH_WORDS: Words = Words {
    growth_title: "成长日志",
    rating_over_time: "棋力变化（每道计分题之后）",
    calendar: "每天答对的题",
    by_concept: "各类题目的棋力",
    streak: "连续做题",
    best_streak: "最长连续",
    days: "天",
    recent_mistakes: "最近做错的题",
    no_mistakes: "还没有做错的题。",
    assessments: "棋力测评记录",
    no_assessments: "还没有测评。",
    tried: "做题",
    solved_count: "答对",
    accuracy: "正确率",
    reviews_waiting: "待复习",
    rank: "棋力",
    level_word: "等级",
    try_again: "再做一次",
    sign_in: "登录",
    sign_up: "注册",
    sign_out: "退出",
    username: "用户名",
    password: "密码（至少 8 位）",
    display_name: "显示的名字",
    parent: "家长",
    teacher: "老师",
    grown_ups: "家长和老师",
    kids_sign_in: "小朋友登录",
    enter_code: "输入班级码或家庭码",
    go: "好",
    who_are_you: "你是谁？",
    pick_pictures: "按顺序点你的三张图片",
    start_over: "重来",
    wrong_pictures: "图片不对，再试一次吧",
    locked: "已锁定",
    unlock: "解锁",
    my_children: "我的孩子",
    add_child: "添加孩子",
    child_pictures: "孩子的图片密码：按顺序选三张",
    family_code: "家庭码",
    my_classes: "我的班级",
    new_class: "新建班级",
    class_name: "班级名称",
    class_code: "班级码",
    add_to_class: "添加学生",
    practice: "练习",
    assessment: "棋力测评",
    start_assessment: "开始测评",
    assessment_intro: "做几道题，看看你现在的棋力。最多 20 题。",
    assessment_done: "测评完成！",
    question: "题",
    of_at_most: "最多",
    account: "我的账户",
    success_target: "目标正确率",
    save: "保存",
    all_done: "题目都做完了！",
    review_badge: "复习",
    wrong_password: "用户名或密码不对",
    name_taken: "这个用户名已经有人用了",
    form_incomplete: "请填写所有内容：用户名 3–32 个字，密码至少 8 位",
    not_your_device: "不是你的设备？",
    remember_note: "家长或老师输入一次，这台设备就会记住这些孩子。",
    devices: "记住的设备",
    devices_intro: "在孩子的平板上输入一次家庭码或班级码，这台设备就会记住；不再用时可以在这里忘记它。",
    no_devices: "还没有记住的设备。",
    device_family: "家庭",
    device_class: "班级",
    remembered_since: "记住于",
    last_used: "最近使用",
    forget: "忘记",
    avatar: "头像",
    choose_avatar: "选一个头像",
    say_right: "对了！",
    say_wrong: "再想想",
};

static EN_WORDS: Words = Words {
    growth_title: "Growth log",
    rating_over_time: "Strength after each rated problem",
    calendar: "Problems solved each day",
    by_concept: "Strength by kind of problem",
    streak: "Day streak",
    best_streak: "Best streak",
    days: "days",
    recent_mistakes: "Recent mistakes",
    no_mistakes: "No mistakes yet.",
    assessments: "Placement tests",
    no_assessments: "No placement test yet.",
    tried: "Tried",
    solved_count: "Solved",
    accuracy: "Accuracy",
    reviews_waiting: "Reviews waiting",
    rank: "Rank",
    level_word: "Level",
    try_again: "Try again",
    sign_in: "Sign in",
    sign_up: "Sign up",
    sign_out: "Sign out",
    username: "User name",
    password: "Password (8 characters or more)",
    display_name: "Name to show",
    parent: "Parent",
    teacher: "Teacher",
    grown_ups: "Parents and teachers",
    kids_sign_in: "Children sign in here",
    enter_code: "Type the class or family code",
    go: "Go",
    who_are_you: "Who are you?",
    pick_pictures: "Tap your three pictures in order",
    start_over: "Start over",
    wrong_pictures: "Those are not your pictures; try again",
    locked: "locked",
    unlock: "Unlock",
    my_children: "My children",
    add_child: "Add a child",
    child_pictures: "The child’s picture password: choose three, in order",
    family_code: "Family code",
    my_classes: "My classes",
    new_class: "New class",
    class_name: "Class name",
    class_code: "Class code",
    add_to_class: "Add a pupil",
    practice: "Practice",
    assessment: "Placement test",
    start_assessment: "Start the test",
    assessment_intro: "Solve a few problems to find your level. 20 at most.",
    assessment_done: "Test finished!",
    question: "problem",
    of_at_most: "of at most",
    account: "My account",
    success_target: "Aim for this success rate",
    save: "Save",
    all_done: "You have done every problem!",
    review_badge: "Review",
    wrong_password: "Wrong user name or password",
    name_taken: "That user name is taken",
    form_incomplete: "Please fill everything in: a user name of 3–32 characters, a password of 8 or more",
    not_your_device: "Not your device?",
    remember_note: "A parent or teacher types it once; this device then remembers the children.",
    devices: "Remembered devices",
    devices_intro: "Type the family or class code once on a child’s tablet and it remembers; forget it here when it is no longer used.",
    no_devices: "No remembered device yet.",
    device_family: "Family",
    device_class: "Class",
    remembered_since: "Remembered since",
    last_used: "Last used",
    forget: "Forget",
    avatar: "Avatar",
    choose_avatar: "Choose an avatar",
    say_right: "Well done!",
    say_wrong: "Try again",
};

impl Lang {
    pub fn words(self) -> &'static Words {
        match self {
            Lang::Zh => &ZH_WORDS,
            Lang::En => &EN_WORDS,
        }
    }
}

/// The name of a concept (a problem kind, or life and death for live/kill).
pub fn concept_name(lang: Lang, concept: &str) -> &'static str {
    kind_name(lang, concept)
}

/// One of the app's own drawings (templates/pictures.svg): its symbol there and its name,
/// which is also its spoken and alternative text.
#[derive(Clone, Copy, Debug)]
pub struct Drawing {
    /// The `<symbol>` id in templates/pictures.svg.
    pub symbol: &'static str,
    pub zh: &'static str,
    pub en: &'static str,
}

impl Drawing {
    pub fn name(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::Zh => self.zh,
            Lang::En => self.en,
        }
    }
}

const fn drawing(symbol: &'static str, zh: &'static str, en: &'static str) -> Drawing {
    Drawing { symbol, zh, en }
}

/// The nine pictures of picture passwords, in their fixed order (a password stores their
/// numbers): drawings shipped with the app, so that they look the same on every device.
pub const PICTURES: [Drawing; 9] = [
    drawing("pic-0", "苹果", "apple"),
    drawing("pic-1", "太阳", "sun"),
    drawing("pic-2", "汽车", "car"),
    drawing("pic-3", "花", "flower"),
    drawing("pic-4", "鱼", "fish"),
    drawing("pic-5", "树", "tree"),
    drawing("pic-6", "房子", "house"),
    drawing("pic-7", "小船", "boat"),
    drawing("pic-8", "星星", "star"),
];

/// The children's animal avatars, by number (`users.avatar`).
pub const AVATARS: [Drawing; 12] = [
    drawing("av-0", "小猫", "cat"),
    drawing("av-1", "小狗", "dog"),
    drawing("av-2", "小兔", "rabbit"),
    drawing("av-3", "小熊", "bear"),
    drawing("av-4", "熊猫", "panda"),
    drawing("av-5", "狐狸", "fox"),
    drawing("av-6", "青蛙", "frog"),
    drawing("av-7", "小猪", "pig"),
    drawing("av-8", "老鼠", "mouse"),
    drawing("av-9", "狮子", "lion"),
    drawing("av-10", "猫头鹰", "owl"),
    drawing("av-11", "小鸡", "chick"),
];

/// A drawing as a page shows it: its symbol and its name in the page's language.
#[derive(Clone, Debug)]
pub struct Shown {
    pub n: usize,
    pub symbol: &'static str,
    pub name: &'static str,
}

/// The drawings of a set as shown in `lang`.
pub fn shown(lang: Lang, set: &[Drawing]) -> Vec<Shown> {
    set.iter()
        .enumerate()
        .map(|(n, d)| Shown {
            n,
            symbol: d.symbol,
            name: d.name(lang),
        })
        .collect()
}

/// A child's avatar (an unknown number shows the first one).
pub fn avatar(lang: Lang, n: i32) -> Shown {
    let n = usize::try_from(n)
        .ok()
        .filter(|&n| n < AVATARS.len())
        .unwrap_or(0);
    Shown {
        n,
        symbol: AVATARS[n].symbol,
        name: AVATARS[n].name(lang),
    }
}

/// What the solve page says aloud (and shows): who plays and what to do, e.g. "黑棋走，吃掉白子".
pub fn task(lang: Lang, black: bool, kind: &str) -> String {
    let (me_zh, them_zh, me_en, them_en) = if black {
        ("黑", "白", "Black", "white")
    } else {
        ("白", "黑", "White", "black")
    };
    let my_en = me_en.to_lowercase();
    match lang {
        Lang::Zh => {
            let goal = match kind {
                "capture" | "ladder" | "net" | "snapback" => format!("吃掉{them_zh}子"),
                "escape" => format!("救出{me_zh}子"),
                "connect" => format!("把{me_zh}子连起来"),
                "cut" => format!("切断{them_zh}子"),
                "live" => format!("让{me_zh}棋活下来"),
                "kill" => format!("杀死{them_zh}棋"),
                "ko" => "打劫".to_string(),
                "capturing_race" => "赢下对杀".to_string(),
                _ => "找到最好的一步".to_string(),
            };
            format!("{me_zh}棋走，{goal}")
        }
        Lang::En => {
            let goal = match kind {
                "capture" | "ladder" | "net" | "snapback" => {
                    format!("capture the {them_en} stones")
                }
                "escape" => format!("save the {my_en} stones"),
                "connect" => format!("connect the {my_en} stones"),
                "cut" => format!("cut the {them_en} stones apart"),
                "live" => format!("make the {my_en} group live"),
                "kill" => format!("kill the {them_en} group"),
                "ko" => "win the ko".to_string(),
                "capturing_race" => "win the capturing race".to_string(),
                _ => "find the best move".to_string(),
            };
            format!("{me_en} to play: {goal}")
        }
    }
}

/// The words of the game pages (issue #13): 吃子棋 and 围棋 against the computer or a parent.
pub struct GameWords {
    pub title: &'static str,
    pub intro: &'static str,
    pub new_game: &'static str,
    pub capture_go: &'static str,
    pub go: &'static str,
    pub board_size: &'static str,
    pub captures_to_win: &'static str,
    pub handicap: &'static str,
    pub opponent: &'static str,
    pub computer: &'static str,
    pub one_device: &'static str,
    /// Who takes the other colour on one device (a parent's child).
    pub partner: &'static str,
    pub no_partner: &'static str,
    pub two_devices: &'static str,
    pub level: &'static str,
    pub your_color: &'static str,
    pub black: &'static str,
    pub white: &'static str,
    pub start: &'static str,
    pub join_title: &'static str,
    pub code: &'static str,
    pub join: &'static str,
    pub my_games: &'static str,
    pub open: &'static str,
    pub your_turn: &'static str,
    pub their_turn: &'static str,
    pub thinking: &'static str,
    pub waiting: &'static str,
    pub pass: &'static str,
    pub resign: &'static str,
    pub undo: &'static str,
    pub end: &'static str,
    pub sgf: &'static str,
    pub atari: &'static str,
    pub captured: &'static str,
    pub you_won: &'static str,
    pub you_lost: &'static str,
    pub black_won: &'static str,
    pub white_won: &'static str,
    pub draw: &'static str,
    pub ended: &'static str,
    pub by_resignation: &'static str,
    pub by_points: &'static str,
    pub play_again: &'static str,
    pub illegal: &'static str,
    pub reconnecting: &'static str,
    pub games_played: &'static str,
    pub games_won: &'static str,
    pub vs_people: &'static str,
    pub undos: &'static str,
}

static ZH_GAMES: GameWords = GameWords {
    title: "对弈",
    intro: "和电脑下，或者和爸爸妈妈下！",
    new_game: "新的一盘",
    capture_go: "吃子棋",
    go: "围棋",
    board_size: "棋盘",
    captures_to_win: "吃几个子赢",
    handicap: "让子",
    opponent: "和谁下",
    computer: "电脑",
    one_device: "同一台设备上和家人下",
    partner: "和谁下",
    no_partner: "不记在孩子的成长日志里",
    two_devices: "两台设备（对弈码）",
    level: "级",
    your_color: "我执",
    black: "黑",
    white: "白",
    start: "开始",
    join_title: "输入对弈码加入",
    code: "对弈码",
    join: "加入",
    my_games: "我的对局",
    open: "继续",
    your_turn: "轮到你了",
    their_turn: "等对方下",
    thinking: "电脑在想……",
    waiting: "等另一台设备加入，对弈码：",
    pass: "停一手",
    resign: "认输",
    undo: "悔棋",
    end: "结束",
    sgf: "下载棋谱",
    atari: "显示被打吃的子",
    captured: "吃子",
    you_won: "你赢了！太棒了！",
    you_lost: "这盘输了，再来一盘吧！",
    black_won: "黑棋赢了！",
    white_won: "白棋赢了！",
    draw: "和棋！",
    ended: "这盘棋结束了",
    by_resignation: "对方认输",
    by_points: "目",
    play_again: "再来一盘",
    illegal: "这里不能下",
    reconnecting: "正在重新连接……",
    games_played: "下过的棋",
    games_won: "赢了",
    vs_people: "和家人",
    undos: "悔棋次数",
};

static EN_GAMES: GameWords = GameWords {
    title: "Play",
    intro: "Play against the computer, or with your mum or dad!",
    new_game: "New game",
    capture_go: "Capture Go",
    go: "Go",
    board_size: "Board",
    captures_to_win: "Captures to win",
    handicap: "Handicap",
    opponent: "Opponent",
    computer: "Computer",
    one_device: "Family, on this device",
    partner: "Playing with",
    no_partner: "Not in a child's growth log",
    two_devices: "Two devices (game code)",
    level: "level",
    your_color: "I play",
    black: "Black",
    white: "White",
    start: "Start",
    join_title: "Join with a game code",
    code: "Game code",
    join: "Join",
    my_games: "My games",
    open: "Continue",
    your_turn: "Your turn",
    their_turn: "Waiting for the other player",
    thinking: "The computer is thinking…",
    waiting: "Waiting for the other device. Game code:",
    pass: "Pass",
    resign: "Resign",
    undo: "Undo",
    end: "End",
    sgf: "Download SGF",
    atari: "Show stones in atari",
    captured: "Captures",
    you_won: "You won! Well done!",
    you_lost: "Not this time. Play again!",
    black_won: "Black wins!",
    white_won: "White wins!",
    draw: "A draw!",
    ended: "This game has ended",
    by_resignation: "by resignation",
    by_points: "points",
    play_again: "Play again",
    illegal: "You cannot play there",
    reconnecting: "Reconnecting…",
    games_played: "Games played",
    games_won: "Won",
    vs_people: "With family",
    undos: "Undos",
};

impl Lang {
    pub fn game_words(self) -> &'static GameWords {
        match self {
            Lang::Zh => &ZH_GAMES,
            Lang::En => &EN_GAMES,
        }
    }
}

/// The words of a printed worksheet (ARCHITECTURE.md §6a "Worksheets").
pub struct SheetWords {
    pub name_line: &'static str,
    pub date_line: &'static str,
    pub answer_key: &'static str,
}

static ZH_SHEET: SheetWords = SheetWords {
    name_line: "姓名",
    date_line: "日期",
    answer_key: "答案",
};

static EN_SHEET: SheetWords = SheetWords {
    name_line: "Name",
    date_line: "Date",
    answer_key: "Answer key",
};

impl Lang {
    pub fn sheet_words(self) -> &'static SheetWords {
        match self {
            Lang::Zh => &ZH_SHEET,
            Lang::En => &EN_SHEET,
        }
    }
}

/// The words of the teacher's desk, the class results and the homework pages
/// (ARCHITECTURE.md "The pages of homework").
pub struct TeachWords {
    pub title: &'static str,
    pub my_sets: &'static str,
    pub no_sets: &'static str,
    pub set_name: &'static str,
    pub description: &'static str,
    pub visibility: &'static str,
    pub vis_private: &'static str,
    pub vis_class: &'static str,
    pub vis_public: &'static str,
    pub problems: &'static str,
    pub edit: &'static str,
    pub worksheet: &'static str,
    pub export: &'static str,
    pub new_set: &'static str,
    pub create: &'static str,
    pub my_classes: &'static str,
    pub children: &'static str,
    pub no_classes: &'static str,
    pub homework: &'static str,
    pub no_assignments: &'static str,
    pub set: &'static str,
    pub starts: &'static str,
    pub due: &'static str,
    pub results: &'static str,
    pub assign: &'static str,
    pub public_sets: &'static str,
    pub results_title: &'static str,
    pub child: &'static str,
    pub solved: &'static str,
    pub time: &'static str,
    pub late: &'static str,
    pub legend: &'static str,
    pub first_try: &'static str,
    pub later: &'static str,
    pub hint: &'static str,
    pub failed: &'static str,
    pub not_tried: &'static str,
    pub wrong_moves: &'static str,
    pub no_wrong_moves: &'static str,
    pub stuck: &'static str,
    pub stuck_why: &'static str,
    pub nobody_stuck: &'static str,
    pub csv: &'static str,
    pub sort_hint: &'static str,
    pub back: &'static str,
    pub past_due: &'static str,
    pub practice: &'static str,
    pub no_homework: &'static str,
    pub all_homework: &'static str,
}

static ZH_TEACH: TeachWords = TeachWords {
    title: "教师台",
    my_sets: "我的题集",
    no_sets: "还没有题集。",
    set_name: "题集名称",
    description: "说明（可不填）",
    visibility: "谁能看到",
    vis_private: "只有我",
    vis_class: "我的班级",
    vis_public: "所有人",
    problems: "题",
    edit: "编辑",
    worksheet: "练习纸",
    export: "导出 SGF",
    new_set: "新建题集",
    create: "创建",
    my_classes: "我的班级",
    children: "名学生",
    no_classes: "还没有班级：先在账户页建一个班。",
    homework: "作业",
    no_assignments: "还没有布置作业。",
    set: "题集",
    starts: "开始",
    due: "截止",
    results: "结果",
    assign: "布置作业",
    public_sets: "公开题集",
    results_title: "班级结果",
    child: "学生",
    solved: "答对",
    time: "用时",
    late: "迟交",
    legend: "图例",
    first_try: "一次答对",
    later: "后来答对",
    hint: "看了提示",
    failed: "没答对",
    not_tried: "没做",
    wrong_moves: "常见的错误第一手",
    no_wrong_moves: "没有错误的第一手。",
    stuck: "需要帮助的学生",
    stuck_why: "连续三次没答对，或一周没做还有题没完成。",
    nobody_stuck: "没有人卡住。",
    csv: "下载 CSV",
    sort_hint: "点列标题排序。",
    back: "返回教师台",
    past_due: "过期了，还可以做",
    practice: "自由练习",
    no_homework: "没有作业。",
    all_homework: "全部作业",
};

static EN_TEACH: TeachWords = TeachWords {
    title: "Teacher's desk",
    my_sets: "My problem sets",
    no_sets: "No sets yet.",
    set_name: "Set name",
    description: "Description (optional)",
    visibility: "Who sees it",
    vis_private: "Only me",
    vis_class: "My classes",
    vis_public: "Everyone",
    problems: "problems",
    edit: "Edit",
    worksheet: "Worksheet",
    export: "Export SGF",
    new_set: "New set",
    create: "Create",
    my_classes: "My classes",
    children: "children",
    no_classes: "No classes yet: make one on the account page.",
    homework: "Homework",
    no_assignments: "No homework given yet.",
    set: "Set",
    starts: "Starts",
    due: "Due",
    results: "Results",
    assign: "Assign",
    public_sets: "Public sets",
    results_title: "Class results",
    child: "Child",
    solved: "Solved",
    time: "Time",
    late: "late",
    legend: "Legend",
    first_try: "Solved first try",
    later: "Solved later",
    hint: "Solved with a hint",
    failed: "Failed",
    not_tried: "Not tried",
    wrong_moves: "Most common wrong first moves",
    no_wrong_moves: "No wrong first moves.",
    stuck: "Who is stuck",
    stuck_why: "Three failures in a row, or unsolved work and nothing tried this week.",
    nobody_stuck: "Nobody is stuck.",
    csv: "Download CSV",
    sort_hint: "Click a column header to sort.",
    back: "Back to the desk",
    past_due: "Past due: you can still do it",
    practice: "Free practice",
    no_homework: "No homework.",
    all_homework: "All homework",
};

impl Lang {
    pub fn teach_words(self) -> &'static TeachWords {
        match self {
            Lang::Zh => &ZH_TEACH,
            Lang::En => &EN_TEACH,
        }
    }
}

/// The words of the teacher's set page and problem editor (ARCHITECTURE.md "The problem editor");
/// `js` are the ones the editor's script shows, sent to it as one JSON object.
pub struct EditorWords {
    pub my_sets: &'static str,
    pub read_only: &'static str,
    pub set_name: &'static str,
    pub description: &'static str,
    pub visibility: &'static str,
    pub vis_private: &'static str,
    pub vis_class: &'static str,
    pub vis_public: &'static str,
    pub save: &'static str,
    pub saved: &'static str,
    pub new_problem: &'static str,
    pub export: &'static str,
    pub worksheet: &'static str,
    pub problems: &'static str,
    pub no_problems_yet: &'static str,
    pub test_solve: &'static str,
    pub version: &'static str,
    pub copied_from: &'static str,
    pub move_up: &'static str,
    pub move_down: &'static str,
    pub edit: &'static str,
    pub delete: &'static str,
    pub confirm_delete_problem: &'static str,
    pub confirm_delete_set: &'static str,
    pub delete_set: &'static str,
    pub upload: &'static str,
    pub upload_help: &'static str,
    pub upload_send: &'static str,
    pub imported: &'static str,
    pub warnings: &'static str,
    pub rejected: &'static str,
    pub mode: &'static str,
    pub mode_setup: &'static str,
    pub mode_record: &'static str,
    pub board_size: &'static str,
    pub to_play: &'static str,
    pub kind: &'static str,
    pub tools: &'static str,
    pub tool_black: &'static str,
    pub tool_white: &'static str,
    pub tool_erase: &'static str,
    pub tool_crop: &'static str,
    pub crop_whole: &'static str,
    pub title: &'static str,
    pub question_zh: &'static str,
    pub question_en: &'static str,
    pub board: &'static str,
    pub mark_correct: &'static str,
    pub mark_wrong: &'static str,
    pub mark_none: &'static str,
    pub to_start: &'static str,
    pub delete_node: &'static str,
    pub undo: &'static str,
    pub comment_zh: &'static str,
    pub comment_en: &'static str,
    pub tree: &'static str,
    pub check: &'static str,
    pub new_heading: &'static str,
    pub edit_heading: &'static str,
    pub js: &'static [(&'static str, &'static str)],
}

static ZH_EDITOR: EditorWords = EditorWords {
    my_sets: "我的题集",
    read_only: "只能查看：只有题集的老师可以修改。",
    set_name: "题集名称",
    description: "说明",
    visibility: "谁能看到",
    vis_private: "只有我",
    vis_class: "我的班级",
    vis_public: "所有人",
    save: "保存",
    saved: "已保存",
    new_problem: "新题目",
    export: "导出 SGF",
    worksheet: "打印练习纸",
    problems: "题目",
    no_problems_yet: "还没有题目：新建一道，或者上传 SGF 文件。",
    test_solve: "试做",
    version: "版本",
    copied_from: "来自",
    move_up: "上移",
    move_down: "下移",
    edit: "编辑",
    delete: "删除",
    confirm_delete_problem: "删除这道题吗？",
    confirm_delete_set: "删除整个题集吗？",
    delete_set: "删除题集",
    upload: "上传题目",
    upload_help: "SGF、SGF 合集或 OGS 题目 JSON；UTF-8 或 GBK 都可以，一次可以选多个文件。",
    upload_send: "上传",
    imported: "已导入",
    warnings: "提醒",
    rejected: "未导入",
    mode: "模式",
    mode_setup: "摆棋",
    mode_record: "记录答案",
    board_size: "棋盘",
    to_play: "谁先走",
    kind: "题型",
    tools: "工具",
    tool_black: "黑子",
    tool_white: "白子",
    tool_erase: "擦掉",
    tool_crop: "显示范围",
    crop_whole: "整个棋盘",
    title: "标题",
    question_zh: "题目说明（中文）",
    question_en: "题目说明（英文）",
    board: "棋盘",
    mark_correct: "正解",
    mark_wrong: "失败",
    mark_none: "不标记",
    to_start: "回到开始",
    delete_node: "删除这一步",
    undo: "撤销",
    comment_zh: "这一步的说明（中文）",
    comment_en: "这一步的说明（英文）",
    tree: "变化图",
    check: "检查结果",
    new_heading: "新题目",
    edit_heading: "编辑题目",
    js: &ZH_EDITOR_JS,
};

static ZH_EDITOR_JS: [(&str, &str); 28] = [
    ("hint_setup", "点棋盘摆上或拿掉棋子。"),
    ("hint_crop", "点两个角，选出给孩子看的范围。"),
    (
        "hint_record",
        "在棋盘上下出答案；点变化图可以跳到别的变化。",
    ),
    ("illegal_occupied", "这里已经有棋子了。"),
    ("illegal_suicide", "这一步没有气，不能下。"),
    ("saving", "正在保存并检查……"),
    ("saved_version", "已保存为第 {n} 版"),
    ("status_proven", "已证明 ✓"),
    ("status_refuted", "被推翻：每个第一步都失败"),
    ("status_ko", "劫：未证明"),
    ("status_unknown", "不确定：电脑在时间内没算清"),
    ("goal", "目标："),
    ("no_findings", "没有问题。"),
    ("kind_read_as", "保存后的题型："),
    ("add_suggestion", "把 {m} 加为正解"),
    ("unsaved", "有没保存的修改"),
    ("start", "开始"),
    ("need_stones", "先在棋盘上摆棋子。"),
    ("f_illegal", "棋子摆放或某一步不合法"),
    ("f_no_correct_line", "没有正解"),
    ("f_refuted", "电脑证明每个第一步都失败"),
    ("f_ko", "最好的结果是劫"),
    ("f_unknown", "电脑没能算清"),
    ("f_correct_not_proven", "标为正解，但电脑没有证明"),
    ("f_wrong_without_refutation", "失败的一步还缺对方的应手"),
    ("f_marked_wrong_but_correct", "标为失败，但电脑证明它是对的"),
    ("f_missed_correct", "电脑证明这一步也对，变化图里没有"),
    ("f_duplicate", "题库或你的题集里已经有同样的局面"),
];

static EN_EDITOR: EditorWords = EditorWords {
    my_sets: "My sets",
    read_only: "Read only: only the set's teacher can change it.",
    set_name: "Set name",
    description: "Description",
    visibility: "Who sees it",
    vis_private: "Only me",
    vis_class: "My classes",
    vis_public: "Everyone",
    save: "Save",
    saved: "Saved",
    new_problem: "New problem",
    export: "Export SGF",
    worksheet: "Worksheet",
    problems: "Problems",
    no_problems_yet: "No problems yet: write one, or upload SGF files.",
    test_solve: "Test-solve",
    version: "version",
    copied_from: "from",
    move_up: "Move up",
    move_down: "Move down",
    edit: "Edit",
    delete: "Delete",
    confirm_delete_problem: "Delete this problem?",
    confirm_delete_set: "Delete the whole set?",
    delete_set: "Delete set",
    upload: "Upload problems",
    upload_help: "SGF, SGF collections or OGS puzzle JSON, in UTF-8 or GBK; several files at once.",
    upload_send: "Upload",
    imported: "Imported",
    warnings: "Warnings",
    rejected: "Not imported",
    mode: "Mode",
    mode_setup: "Set up",
    mode_record: "Record the answer",
    board_size: "Board",
    to_play: "Who plays",
    kind: "Kind",
    tools: "Tools",
    tool_black: "Black",
    tool_white: "White",
    tool_erase: "Erase",
    tool_crop: "Crop",
    crop_whole: "Whole board",
    title: "Title",
    question_zh: "Question (Chinese)",
    question_en: "Question (English)",
    board: "Board",
    mark_correct: "Correct",
    mark_wrong: "Wrong",
    mark_none: "No mark",
    to_start: "Back to start",
    delete_node: "Delete this move",
    undo: "Undo",
    comment_zh: "Comment on this move (Chinese)",
    comment_en: "Comment on this move (English)",
    tree: "Variations",
    check: "The check",
    new_heading: "New problem",
    edit_heading: "Edit problem",
    js: &EN_EDITOR_JS,
};

static EN_EDITOR_JS: [(&str, &str); 28] = [
    ("hint_setup", "Tap the board to place or remove stones."),
    ("hint_crop", "Tap two corners of the part the children see."),
    (
        "hint_record",
        "Play the answer on the board; tap the variations to jump between lines.",
    ),
    ("illegal_occupied", "There is a stone there already."),
    ("illegal_suicide", "That move has no liberty."),
    ("saving", "Saving and checking…"),
    ("saved_version", "Saved as version {n}"),
    ("status_proven", "Proven ✓"),
    ("status_refuted", "Refuted: every first move fails"),
    ("status_ko", "Ko: not proven"),
    (
        "status_unknown",
        "Unknown: the solver could not decide in time",
    ),
    ("goal", "Goal: "),
    ("no_findings", "Nothing to fix."),
    ("kind_read_as", "Kind as saved: "),
    ("add_suggestion", "Add {m} as correct"),
    ("unsaved", "Unsaved changes"),
    ("start", "Start"),
    ("need_stones", "Place stones on the board first."),
    ("f_illegal", "the setup or a move is illegal"),
    ("f_no_correct_line", "no correct line"),
    ("f_refuted", "the solver proves every first move fails"),
    ("f_ko", "the best result is a ko"),
    ("f_unknown", "the solver could not decide"),
    ("f_correct_not_proven", "marked correct but not proven"),
    (
        "f_wrong_without_refutation",
        "a wrong move without the refuting reply",
    ),
    (
        "f_marked_wrong_but_correct",
        "marked wrong but the solver proves it correct",
    ),
    (
        "f_missed_correct",
        "the solver proves this move correct too; the tree leaves it out",
    ),
    (
        "f_duplicate",
        "the same position is already in the bank or your sets",
    ),
];

impl Lang {
    pub fn editor_words(self) -> &'static EditorWords {
        match self {
            Lang::Zh => &ZH_EDITOR,
            Lang::En => &EN_EDITOR,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_drawing_is_in_the_sprite_and_no_picture_is_an_emoji() {
        let sprite = include_str!("../../templates/pictures.svg");
        for d in PICTURES.iter().chain(AVATARS.iter()) {
            assert!(
                sprite.contains(&format!("<symbol id=\"{}\"", d.symbol)),
                "{}",
                d.symbol
            );
            assert!(!d.zh.is_empty() && !d.en.is_empty());
        }
        assert_eq!(AVATARS.len() as i32, crate::app::accounts::AVATAR_COUNT);
        assert!(!sprite.chars().any(|c| c as u32 >= 0x1F000));
    }

    #[test]
    fn the_task_says_who_plays_and_what_to_do() {
        assert_eq!(task(Lang::Zh, true, "capture"), "黑棋走，吃掉白子");
        assert_eq!(
            task(Lang::En, true, "capture"),
            "Black to play: capture the white stones"
        );
        assert_eq!(task(Lang::Zh, false, "live"), "白棋走，让白棋活下来");
    }
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
