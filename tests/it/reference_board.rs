//! A deliberately naive reference board (flood fill for chains and liberties, every earlier
//! position kept in a set) and a property test: it and the fast board agree on legality,
//! captures and positions over random move sequences on sizes 2–19 and under each ko rule.

use std::collections::HashSet;

use proptest::prelude::*;
use sente::go::{Color, Game, IllegalMove, KoRule, Move, Point, Rules};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refusal {
    Occupied,
    Suicide,
    Repetition,
}

#[derive(Clone)]
struct NaiveGame {
    size: usize,
    grid: Vec<u8>, // 0 empty, 1 black, 2 white
    to_move: u8,
    rules: Rules,
    /// Positions after each ply (passes included), for the simple-ko comparison.
    plies: Vec<Vec<u8>>,
    /// Positions (with the side to move under situational superko) after each stone.
    seen: HashSet<(Vec<u8>, u8)>,
    captures: [u32; 2],
    passes: u8,
}

impl NaiveGame {
    fn new(size: usize, rules: Rules) -> NaiveGame {
        let grid = vec![0; size * size];
        let mut g = NaiveGame {
            size,
            grid: grid.clone(),
            to_move: 1,
            rules,
            plies: vec![grid],
            seen: HashSet::new(),
            captures: [0; 2],
            passes: 0,
        };
        g.seen.insert(g.key(&g.grid.clone(), 1));
        g
    }

    fn key(&self, grid: &[u8], to_move: u8) -> (Vec<u8>, u8) {
        let side = if self.rules.ko == KoRule::SituationalSuperko {
            to_move
        } else {
            0
        };
        (grid.to_vec(), side)
    }

    fn neighbours(&self, k: usize) -> Vec<usize> {
        let (x, y, n) = (k % self.size, k / self.size, self.size);
        let mut v = Vec::new();
        if x > 0 {
            v.push(k - 1);
        }
        if x + 1 < n {
            v.push(k + 1);
        }
        if y > 0 {
            v.push(k - n);
        }
        if y + 1 < n {
            v.push(k + n);
        }
        v
    }

    /// The chain through k and whether it has any liberty.
    fn chain(&self, grid: &[u8], k: usize) -> (Vec<usize>, bool) {
        let color = grid[k];
        let mut stack = vec![k];
        let mut chain = vec![k];
        let mut free = false;
        while let Some(s) = stack.pop() {
            for n in self.neighbours(s) {
                if grid[n] == 0 {
                    free = true;
                } else if grid[n] == color && !chain.contains(&n) {
                    chain.push(n);
                    stack.push(n);
                }
            }
        }
        (chain, free)
    }

    /// The grid after the move and the stones it removed (opponent, own), or why it is illegal.
    fn result(&self, k: usize) -> Result<(Vec<u8>, u32, u32), Refusal> {
        if self.grid[k] != 0 {
            return Err(Refusal::Occupied);
        }
        let me = self.to_move;
        let mut grid = self.grid.clone();
        grid[k] = me;
        let mut taken = 0;
        for n in self.neighbours(k) {
            if grid[n] == 3 - me {
                let (chain, free) = self.chain(&grid, n);
                if !free {
                    taken += chain.len() as u32;
                    for s in chain {
                        grid[s] = 0;
                    }
                }
            }
        }
        let mut own = 0;
        let (chain, free) = self.chain(&grid, k);
        if !free {
            if !self.rules.suicide_allowed {
                return Err(Refusal::Suicide);
            }
            own = chain.len() as u32;
            for s in chain {
                grid[s] = 0;
            }
        }
        let repeated = match self.rules.ko {
            KoRule::Simple => self.plies.len() >= 2 && self.plies[self.plies.len() - 2] == grid,
            _ => self.seen.contains(&self.key(&grid, 3 - me)),
        };
        if repeated {
            return Err(Refusal::Repetition);
        }
        Ok((grid, taken, own))
    }

    fn play(&mut self, mv: Option<usize>) -> Result<(), Refusal> {
        match mv {
            None => {
                self.passes += 1;
                self.plies.push(self.grid.clone());
                if self.rules.ko == KoRule::SituationalSuperko {
                    let key = self.key(&self.grid.clone(), 3 - self.to_move);
                    self.seen.insert(key);
                }
            }
            Some(k) => {
                let (grid, taken, own) = self.result(k)?;
                let me = self.to_move as usize - 1;
                self.captures[me] += taken;
                self.captures[1 - me] += own;
                self.grid = grid;
                self.passes = 0;
                self.plies.push(self.grid.clone());
                let key = self.key(&self.grid.clone(), 3 - self.to_move);
                self.seen.insert(key);
            }
        }
        self.to_move = 3 - self.to_move;
        Ok(())
    }

    fn rows(&self) -> String {
        self.grid
            .iter()
            .map(|&c| ['.', 'X', 'O'][c as usize])
            .collect()
    }
}

fn refusal(e: IllegalMove) -> Refusal {
    match e {
        IllegalMove::Occupied => Refusal::Occupied,
        IllegalMove::Suicide => Refusal::Suicide,
        IllegalMove::Ko | IllegalMove::Superko => Refusal::Repetition,
        other => panic!("unexpected refusal {other:?}"),
    }
}

fn rule_sets() -> [Rules; 4] {
    [
        Rules::chinese(),
        Rules::tromp_taylor(),
        Rules {
            ko: KoRule::SituationalSuperko,
            ..Rules::chinese()
        },
        Rules::japanese(),
    ]
}

fn run_sequence(size: usize, rules: Rules, moves: &[u16]) -> Result<(), TestCaseError> {
    let mut fast = Game::new(size as u8, rules).unwrap();
    let mut naive = NaiveGame::new(size, rules);
    for (ply, &m) in moves.iter().enumerate() {
        if naive.passes >= 2 {
            break;
        }
        // A pass now and then; otherwise any point, occupied or not.
        let k = (m as usize % (size * size + 1) != size * size && m % 37 != 0)
            .then_some(m as usize % (size * size));
        let mv = match k {
            None => Move::Pass,
            Some(k) => Move::Play(Point::new((k % size) as u8, (k / size) as u8)),
        };
        let want = naive.play(k);
        let got = fast.play(mv).map_err(refusal);
        prop_assert_eq!(got, want, "ply {} move {:?} on\n{}", ply, mv, naive.rows());
        prop_assert_eq!(fast.board().to_rows(), naive.rows(), "ply {}", ply);
        prop_assert_eq!(
            [fast.captures(Color::Black), fast.captures(Color::White)],
            naive.captures,
            "captures after ply {}",
            ply
        );
        if size <= 7 || ply % 16 == 0 {
            let legal: Vec<bool> = (0..size * size).map(|k| naive.result(k).is_ok()).collect();
            if naive.passes < 2 {
                prop_assert_eq!(fast.legal_map(), legal, "legal map after ply {}", ply);
            }
        }
    }
    fast.board()
        .check_invariants()
        .map_err(TestCaseError::fail)?;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn fast_board_agrees_with_the_naive_reference(
        size in prop_oneof![3 => 2usize..=7, 1 => 8usize..=19],
        rules_index in 0usize..4,
        moves in prop::collection::vec(any::<u16>(), 0..400),
    ) {
        run_sequence(size, rule_sets()[rules_index], &moves)?;
    }
}

#[test]
fn fast_board_agrees_with_the_naive_reference_through_long_ko_fights_on_tiny_boards() {
    // Tiny boards force captures, kos and repetitions quickly.
    let mut x: u64 = 0x9E3779B97F4A7C15;
    for round in 0..400 {
        let size = 2 + round % 3;
        let moves: Vec<u16> = (0..300)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 16) as u16
            })
            .collect();
        run_sequence(size, rule_sets()[round % 4], &moves).unwrap();
    }
}
