//! The one integration-test binary: each module tells one part of the story.

#[macro_use]
mod app;
mod support;

mod browser;
mod gnugo_oracle;
mod learners;
mod learning;
mod problems;
mod reference_board;
mod rules_cases;
mod scoring_cases;
mod service;
mod shared_corpus;
mod shipped_bank;
mod solver_cli;
mod solver_corpus;
