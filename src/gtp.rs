//! A GTP client for Go engines (GNU Go): starts the engine, sends commands, reads replies.
//! The tests use it as an independent rules oracle and the benchmarks as a peer to compare with.
//! It does process I/O, so it stays out of the pure `go` module.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A running engine speaking GTP on its standard input and output.
pub struct Gtp {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Gtp {
    /// Starts `program` with `args` (e.g. `gnugo --mode gtp`).
    pub fn start(program: &std::path::Path, args: &[&str]) -> std::io::Result<Gtp> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        Ok(Gtp {
            child,
            stdin,
            stdout,
        })
    }

    /// Sends one command; `Ok` with the reply text after `=`, `Err` with the text after `?`.
    pub fn command(&mut self, c: &str) -> std::io::Result<Result<String, String>> {
        writeln!(self.stdin, "{c}")?;
        self.stdin.flush()?;
        let mut reply = String::new();
        loop {
            let mut line = String::new();
            if self.stdout.read_line(&mut line)? == 0 {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::UnexpectedEof,
                    format!("engine closed on `{c}`"),
                ));
            }
            if line.trim().is_empty() && !reply.is_empty() {
                break;
            }
            if !line.trim().is_empty() {
                reply.push_str(&line);
            }
        }
        let text = reply[1..].trim().to_string();
        Ok(if reply.starts_with('=') {
            Ok(text)
        } else {
            Err(text)
        })
    }

    /// GNU Go's chains of the position (its `worm`s): a vertex of each, once, with its liberty
    /// count, Black's first. `Err` with the refused command and its reason.
    pub fn chains(&mut self) -> std::io::Result<Result<Vec<(String, usize)>, String>> {
        let mut seen: Vec<String> = Vec::new();
        let mut out = Vec::new();
        for colour in ["black", "white"] {
            let stones = match self.command(&format!("list_stones {colour}"))? {
                Ok(v) => v,
                Err(e) => return Ok(Err(format!("list_stones {colour}: {e}"))),
            };
            for s in stones.split_whitespace() {
                if seen.iter().any(|v| v == s) {
                    continue;
                }
                let (chain, libs) = match (
                    self.command(&format!("worm_stones {s}"))?,
                    self.command(&format!("countlib {s}"))?,
                ) {
                    (Ok(chain), Ok(libs)) => (chain, libs),
                    (Err(e), _) | (_, Err(e)) => return Ok(Err(format!("chain at {s}: {e}"))),
                };
                let Ok(libs) = libs.parse() else {
                    return Ok(Err(format!("countlib {s}: {libs}")));
                };
                out.push((s.to_string(), libs));
                seen.extend(chain.split_whitespace().map(str::to_string));
            }
        }
        Ok(Ok(out))
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

/// Where GNU Go is installed: on `PATH`, or in Debian's `/usr/games`.
pub fn find_gnugo() -> Option<PathBuf> {
    let path = std::env::var("PATH").unwrap_or_default();
    path.split(':')
        .chain(["/usr/games"])
        .map(|d| PathBuf::from(d).join("gnugo"))
        .find(|p| p.is_file())
}
