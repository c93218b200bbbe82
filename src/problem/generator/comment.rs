//! The words of a problem (ARCHITECTURE.md "Problem generator"): the question, and a short
//! comment in Chinese then English on the correct answer and on the main wrong answer, written
//! from what the proof's lines do on the board (stones taken, liberties gained, a ko, life).

use crate::go::{Color, Move};

use super::kinds::{Task, Topic};
use super::search::Candidate;
use super::tree::play_line;

fn side(c: Color) -> (&'static str, &'static str) {
    match c {
        Color::Black => ("黑", "Black"),
        Color::White => ("白", "White"),
    }
}

/// The root comment: "黑先吃子 Black to capture."
pub fn question(learner: Color, task: Task) -> String {
    let (zh, en) = side(learner);
    let (wz, we) = task.words();
    format!("{zh}先{wz} {en} to {we}.")
}

/// What a correct line achieves: the main line (`c.correct[0]`) in the words of its kind; another
/// answer (a different first move) only in the words of the task, since the kind's technique
/// (a ladder, a throw-in, a ko) is the main line's and need not be that answer's.
pub fn correct(c: &Candidate, line: &[Move]) -> String {
    let f = &c.fight;
    let (oz, oe) = side(f.learner.opponent());
    let taken = play_line(&f.board, f.learner, line)
        .map(|g| g.captures(f.learner) as usize)
        .unwrap_or(0);
    let moves = line.len().div_ceil(2);
    let main = c.correct.first().is_none_or(|m| m.first() == line.first());
    let topic = match (main, f.task) {
        (true, _) => c.topic,
        (false, Task::Live) => Topic::TwoEyes,
        (false, Task::Kill) => Topic::DestroyEye,
        (false, Task::Escape) => Topic::Escape,
        (false, Task::Connect) => Topic::ConnectAndCut,
        (false, _) => Topic::CaptureInAtari,
    };
    let (zh, en): (String, String) = match topic {
        Topic::Ladder => (
            format!("征子：{oz}子一路被征吃，{moves}手吃掉{taken}子。"),
            format!("Ladder: {oe} is chased to the edge and {taken} stone(s) are captured."),
        ),
        Topic::Net => (
            format!("枷吃：{oz}子跑不出去，被吃掉{taken}子。"),
            format!("Net: {oe} cannot run away; {taken} stone(s) are captured."),
        ),
        Topic::Snapback => (
            format!("倒扑：先送一子，再提回{taken}子。"),
            format!("Snapback: give one stone, then take back {taken}."),
        ),
        Topic::ThrowIn => (
            format!("扑：先扑入送吃，{oz}子气紧被吃。"),
            format!("Throw-in: sacrifice a stone first; {oe} runs short of liberties."),
        ),
        Topic::FirstKo => (
            format!("提劫：提掉{oz}子。打劫时{oz}不能马上提回，要先在别处走一手。"),
            format!("Take the ko: {oe} may not take back at once but must play elsewhere first."),
        ),
        Topic::DoubleAtari => (
            format!("双打吃：一手同时打吃两块{oz}子，{oz}只能救一块。"),
            format!("Double atari: two {oe} groups in atari at once; only one can be saved."),
        ),
        Topic::Escape => (
            "逃子成功：气变多了，跑出来了。".to_string(),
            "Escaped: the stones have more liberties now.".to_string(),
        ),
        Topic::ConnectAndCut if f.task == Task::Connect => (
            "连接：连成一块就安全了。".to_string(),
            "Connected: one group together is safe.".to_string(),
        ),
        Topic::ConnectAndCut => (
            format!("切断：把{oz}子分开，吃掉{taken}子。"),
            format!("Cut: {oe} is split and {taken} stone(s) are captured."),
        ),
        Topic::CapturingRace => (
            format!("对杀：先紧{oz}子的外气，{oz}少一气被吃。"),
            format!("Capturing race: fill {oe}'s outside liberties; {oe} is one liberty short."),
        ),
        Topic::TwoEyes => (
            "做活：做成两只眼，活了。".to_string(),
            "Alive: two eyes, the group lives.".to_string(),
        ),
        Topic::DestroyEye => (
            format!("破眼：{oz}只有一只眼，死了。"),
            format!("Eye destroyed: {oe} has only one eye and dies."),
        ),
        Topic::VitalPoint => vital_point(c),
        Topic::CountLiberties => {
            let libs = f.board.liberty_count(f.target);
            (
                format!("数气：双方都是{libs}口气，先紧{oz}子的外气，快一气吃掉{taken}子。"),
                format!(
                    "Count liberties: both sides have {libs}; fill {oe}'s outside liberties first and win by one, capturing {taken}."
                ),
            )
        }
        Topic::ShortageOfLiberties => (
            format!("紧气：{oz}子长出来也只有一口气，被吃掉{taken}子。"),
            format!(
                "Shortage of liberties: even after extending {oe} has one liberty; {taken} captured."
            ),
        ),
        _ => (
            format!("吃子：{moves}手吃掉{oz}子{taken}颗。"),
            format!("Captured {taken} {oe} stone(s) in {moves} move(s)."),
        ),
    };
    format!("正解！{zh} Correct! {en}")
}

/// What the opponent's refutation of `mv` does.
pub fn wrong(c: &Candidate, mv: Move, reply: Move) -> String {
    let f = &c.fight;
    let (oz, oe) = side(f.learner.opponent());
    let (lz, le) = side(f.learner);
    let Some(g) = play_line(&f.board, f.learner, &[mv, reply]) else {
        return "失败。 Wrong.".into();
    };
    let b = g.board();
    let taken = g.captures(f.learner.opponent());
    let (zh, en) = if taken > 0 {
        (
            format!("{oz}反而提掉了{lz}子。"),
            format!("{oe} captures {le}'s stone(s) instead."),
        )
    } else if matches!(f.task, Task::Live) {
        (
            format!("{oz}破了眼，{lz}活不了。"),
            format!("{oe} spoils the eye; {le} cannot live."),
        )
    } else if matches!(f.task, Task::Kill) {
        (
            format!("{oz}做成两只眼，活了。"),
            format!("{oe} makes two eyes and lives."),
        )
    } else if matches!(f.task, Task::Race) {
        (
            format!("{oz}抢先紧气，{lz}子反而少一气。"),
            format!("{oe} fills a liberty first; now {le} is a liberty short."),
        )
    } else if !f.task.attacks() {
        (
            format!("{oz}继续追，{lz}子逃不掉。"),
            format!("{oe} keeps chasing; the stones cannot escape."),
        )
    } else if b.get(f.target).is_some() {
        let libs = b.liberty_count(f.target);
        (
            format!("{oz}子长出，有了{libs}口气，逃走了。"),
            format!("{oe} extends to {libs} liberties and escapes."),
        )
    } else {
        (format!("{oz}子逃走了。"), format!("{oe} gets away."))
    };
    format!("失败：{zh} Wrong: {en}")
}

/// A vital-point problem's words: the shape's name and what the learner's stone on its vital
/// point does (kills by leaving one eye, or lives by making two).
fn vital_point(c: &Candidate) -> (String, String) {
    let (sz, se) = c.shape.unwrap_or(("眼形", "eye shape"));
    let (oz, oe) = side(c.fight.learner.opponent());
    // A square four has no vital point of its own: the space is too small, and the problem is
    // where to play into it.
    if sz == "方四" && c.fight.task == Task::Kill {
        let (lz, le) = side(c.fight.learner);
        return (
            format!("方四：眼位只有方四这么大，{lz}点进去，{oz}做不出两只眼。"),
            format!(
                "Square four: the eye space is that small; with {le}'s stone inside, {oe} cannot make two eyes."
            ),
        );
    }
    if c.fight.task == Task::Kill {
        (
            format!("{sz}的要点：点在要点上，{oz}只能做出一只眼，死了。"),
            format!("The vital point of the {se}: {oe} can make only one eye and dies."),
        )
    } else {
        (
            format!("{sz}的要点：自己占住要点，做成两只眼，活了。"),
            format!("The vital point of the {se}: taking it makes two eyes; the group lives."),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{Board, Point};
    use crate::problem::generator::tree::Fight;

    fn at(s: &str) -> Move {
        Move::Play(Point::from_sgf(s).unwrap())
    }

    #[test]
    fn another_answer_is_told_what_it_does_not_the_main_lines_technique() {
        // 5×5: White throws in at ab; White's second answer bc takes the stones without one.
        let mut board = Board::new(5).unwrap();
        for p in ["aa", "ba", "ac"] {
            board.set(Point::from_sgf(p).unwrap(), Some(Color::Black));
        }
        for p in ["ca", "cb"] {
            board.set(Point::from_sgf(p).unwrap(), Some(Color::White));
        }
        let main: Vec<Move> = ["ab", "bb", "bc", "ab", "ad"].map(at).to_vec();
        let other: Vec<Move> = ["bc", "ab", "ad", "ae", "bb"].map(at).to_vec();
        let fight = Fight {
            board,
            learner: Color::White,
            target: Point::from_sgf("aa").unwrap(),
            task: Task::Capture,
        };
        let c = Candidate::new(fight, Topic::ThrowIn, vec![main.clone(), other.clone()]);
        let told = correct(&c, &main);
        assert!(told.contains("扑：") && told.contains("Throw-in"), "{told}");
        let told = correct(&c, &other);
        assert!(
            told.starts_with("正解！吃子：") && !told.contains("扑") && !told.contains("Throw-in"),
            "{told}"
        );
    }
}
