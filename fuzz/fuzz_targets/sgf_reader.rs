//! Fuzz target: the SGF reader never panics, and whatever it accepts survives a write/read round
//! trip unchanged; the main line of every tree replays without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sente::go::{Rules, replay_main_line, sgf};

fuzz_target!(|data: &[u8]| {
    let Ok(tree) = sgf::parse(data) else { return };
    let text = sgf::write(&tree);
    let again = sgf::parse(text.as_bytes()).expect("the writer's output parses");
    assert!(again == tree, "round trip changed the tree");
    for root in tree.trees() {
        let _ = replay_main_line(root, Rules::chinese());
    }
});
