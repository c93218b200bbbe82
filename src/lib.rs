//! 先手 sente — a Go (weiqi/baduk) tsumego problem bank and trainer.
//!
//! The library holds the pure domain layers (no I/O, no HTTP, no SQL) that a reader can lift into
//! another program, plus the command-line front ends that drive them.
//!
//! ```
//! use sente::go::{Color, Game, Move, Point, Rules};
//!
//! let mut game = Game::new(9, Rules::chinese()).unwrap();
//! game.play(Move::Play(Point::new(2, 2))).unwrap();       // Black at "cc"
//! assert_eq!(game.to_move(), Color::White);
//! assert!(game.play(Move::Play(Point::new(2, 2))).is_err()); // occupied
//! ```

pub mod app;
pub mod cli;
pub mod db;
pub mod go;
pub mod gtp;
pub mod play;
pub mod problem;
pub mod rating;
pub mod web;
