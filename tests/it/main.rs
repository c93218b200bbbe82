//! The one integration-test binary: each module tells one part of the story.

#[macro_use]
mod app;
mod support;

mod assignments;
mod authz;
mod bank_verify;
mod browser;
mod editor_browser;
mod editor_pages;
mod games;
mod gnugo_oracle;
mod import_config;
mod kids;
mod learners;
mod learning;
mod live;
mod problems;
mod reference_board;
mod rules_cases;
mod scoring_cases;
mod security;
mod service;
mod sets;
mod shared_corpus;
mod shipped_bank;
mod solver_cli;
mod solver_corpus;
mod solver_oracle;
mod teach_pages;
mod worksheets;
