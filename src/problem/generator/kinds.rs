//! The curriculum: the kinds of problem children meet, in order (ARCHITECTURE.md "Problem
//! generator"), with their names in Chinese and English, the model [`Kind`] each is stored as
//! (which decides the solver's goal), and the level a first problem of the kind starts at.

use crate::problem::Kind;

/// One kind of the curriculum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Topic {
    CaptureInAtari,
    Escape,
    CountLiberties,
    DoubleAtari,
    Ladder,
    Net,
    Snapback,
    ConnectAndCut,
    CaptureCuttingStones,
    EdgeCapture,
    TwoEyes,
    DestroyEye,
    VitalPoint,
    CapturingRace,
    FirstKo,
    ThrowIn,
    ShortageOfLiberties,
}

impl Topic {
    pub const ALL: [Topic; 17] = [
        Topic::CaptureInAtari,
        Topic::Escape,
        Topic::CountLiberties,
        Topic::DoubleAtari,
        Topic::Ladder,
        Topic::Net,
        Topic::Snapback,
        Topic::ConnectAndCut,
        Topic::CaptureCuttingStones,
        Topic::EdgeCapture,
        Topic::TwoEyes,
        Topic::DestroyEye,
        Topic::VitalPoint,
        Topic::CapturingRace,
        Topic::FirstKo,
        Topic::ThrowIn,
        Topic::ShortageOfLiberties,
    ];

    /// The Chinese name children's teachers use.
    pub fn zh(self) -> &'static str {
        match self {
            Topic::CaptureInAtari => "吃子",
            Topic::Escape => "逃子",
            Topic::CountLiberties => "数气",
            Topic::DoubleAtari => "双打吃",
            Topic::Ladder => "征子",
            Topic::Net => "枷吃",
            Topic::Snapback => "倒扑",
            Topic::ConnectAndCut => "连接与切断",
            Topic::CaptureCuttingStones => "吃断子",
            Topic::EdgeCapture => "边角吃子",
            Topic::TwoEyes => "做眼",
            Topic::DestroyEye => "破眼",
            Topic::VitalPoint => "死活要点",
            Topic::CapturingRace => "对杀",
            Topic::FirstKo => "打劫",
            Topic::ThrowIn => "扑",
            Topic::ShortageOfLiberties => "紧气",
        }
    }

    pub fn en(self) -> &'static str {
        match self {
            Topic::CaptureInAtari => "Capture in atari",
            Topic::Escape => "Escape",
            Topic::CountLiberties => "Count liberties",
            Topic::DoubleAtari => "Double atari",
            Topic::Ladder => "Ladder",
            Topic::Net => "Net",
            Topic::Snapback => "Snapback",
            Topic::ConnectAndCut => "Connect and cut",
            Topic::CaptureCuttingStones => "Capture the cutting stones",
            Topic::EdgeCapture => "Edge and corner captures",
            Topic::TwoEyes => "Make two eyes",
            Topic::DestroyEye => "Destroy an eye",
            Topic::VitalPoint => "Vital points of basic shapes",
            Topic::CapturingRace => "Capturing race",
            Topic::FirstKo => "First ko",
            Topic::ThrowIn => "Throw-in",
            Topic::ShortageOfLiberties => "Shortage of liberties",
        }
    }

    /// A file-name word: `capture-in-atari`.
    pub fn slug(self) -> String {
        self.en().to_lowercase().replace(' ', "-")
    }

    /// The position in the curriculum, from 1.
    pub fn number(self) -> usize {
        Topic::ALL.iter().position(|&t| t == self).expect("listed") + 1
    }

    /// The topic of a slug (inverse of [`Topic::slug`]).
    pub fn from_slug(s: &str) -> Option<Topic> {
        Topic::ALL.into_iter().find(|t| t.slug() == s)
    }

    /// The lowest level a problem of this kind is graded at.
    pub fn base_level(self) -> u8 {
        match self {
            Topic::CaptureInAtari | Topic::Escape => 1,
            Topic::CountLiberties | Topic::DoubleAtari | Topic::EdgeCapture => 2,
            Topic::Ladder | Topic::ConnectAndCut | Topic::FirstKo | Topic::CaptureCuttingStones => {
                2
            }
            Topic::Net | Topic::Snapback | Topic::TwoEyes | Topic::DestroyEye => 3,
            Topic::ThrowIn | Topic::CapturingRace | Topic::ShortageOfLiberties => 3,
            Topic::VitalPoint => 3,
        }
    }
}

/// What the learner is asked, which decides the model kind (and so the solver's goal) and the
/// question's words. A question's words are read back by the importer (`kind_from_text`), so
/// they avoid the words of other kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    Capture,
    Escape,
    Connect,
    Cut,
    Ladder,
    Net,
    Snapback,
    Race,
    Live,
    Kill,
}

impl Task {
    pub fn kind(self) -> Kind {
        match self {
            Task::Capture => Kind::Capture,
            Task::Escape => Kind::Escape,
            Task::Connect => Kind::Connect,
            Task::Cut => Kind::Cut,
            Task::Ladder => Kind::Ladder,
            Task::Net => Kind::Net,
            Task::Snapback => Kind::Snapback,
            Task::Race => Kind::CapturingRace,
            Task::Live => Kind::Live,
            Task::Kill => Kind::Kill,
        }
    }

    /// Whether the learner attacks the target (else defends their own stones).
    pub fn attacks(self) -> bool {
        !matches!(self, Task::Escape | Task::Connect | Task::Live)
    }

    /// The question after "黑先" / "Black to": its Chinese and English words.
    pub fn words(self) -> (&'static str, &'static str) {
        match self {
            Task::Capture => ("吃子", "capture"),
            Task::Escape => ("逃出", "escape"),
            Task::Connect => ("连接", "connect"),
            Task::Cut => ("切断", "cut and capture"),
            Task::Ladder => ("征子", "capture in a ladder"),
            Task::Net => ("枷吃", "capture with a net"),
            Task::Snapback => ("倒扑", "capture by snapback"),
            Task::Race => ("对杀", "win the capturing race"),
            Task::Live => ("做活", "live"),
            Task::Kill => ("杀棋", "kill"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::import_sgf::kind_from_text;

    #[test]
    fn every_question_reads_back_as_its_kind_and_slugs_are_unique() {
        for t in [
            Task::Capture,
            Task::Escape,
            Task::Connect,
            Task::Cut,
            Task::Ladder,
            Task::Net,
            Task::Snapback,
            Task::Race,
            Task::Live,
            Task::Kill,
        ] {
            for side in ["黑先", "白先"] {
                let (zh, en) = t.words();
                let q = format!("{side}{zh} Black to {en}.");
                assert_eq!(kind_from_text(&q), Some(t.kind()), "{q}");
            }
        }
        let slugs: std::collections::HashSet<String> =
            Topic::ALL.iter().map(|t| t.slug()).collect();
        assert_eq!(slugs.len(), Topic::ALL.len());
        for t in Topic::ALL {
            assert_eq!(Topic::from_slug(&t.slug()), Some(t));
        }
    }
}
