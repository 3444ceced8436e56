//! The Hub protocol, version 2 (as spoken by Scan 3.x): the engine side (`damas hub`) and a client
//! that drives any Hub engine as a subprocess (for `damas match`).
//!
//! Positions are `W`/`B` for the side to move followed by one letter per playing square in the
//! variant's notation order (`w`, `b` men, `W`, `B` kings, `e` empty). Moves are `32-28` for a step and
//! `from x to x captured x ...` for a capture, with the variant's square names. Variants other than
//! International are chosen with `set-param name=variant value=<name>`. As an extension, `pos`
//! also takes `fen="<PDN FEN>"` instead of `pos=`, which carries what a Hub position cannot (the
//! Frisian count of plain king moves in a row, `:RW3@42`).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use super::{Engine, Info, Limits, WIN, WIN_BOUND, format_score};
use crate::rules::{Color, GameState, Move, Position, Role, VariantId};

/// One protocol line: the command and its `name=value` arguments (flags have an empty value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub command: String,
    pub args: Vec<(String, String)>,
}

impl Line {
    pub fn parse(text: &str) -> Option<Line> {
        let mut tokens = Vec::new();
        let chars = text.trim().chars();
        let mut current = String::new();
        let mut in_quotes = false;
        for c in chars {
            match c {
                '"' => in_quotes = !in_quotes,
                c if c.is_whitespace() && !in_quotes => {
                    if !current.is_empty() {
                        tokens.push(std::mem::take(&mut current));
                    }
                }
                c => current.push(c),
            }
        }
        if !current.is_empty() {
            tokens.push(current);
        }
        let mut it = tokens.into_iter();
        let command = it.next()?;
        let args = it
            .map(|t| match t.split_once('=') {
                Some((k, v)) => (k.to_string(), v.to_string()),
                None => (t, String::new()),
            })
            .collect();
        Some(Line { command, args })
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.args.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    pub fn has(&self, name: &str) -> bool {
        self.args.iter().any(|(k, _)| k == name)
    }
}

/// Why a Hub position or move was not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HubError {
    #[error("position '{0}' does not fit the board")]
    Position(String),
    #[error("move '{0}' is not legal here")]
    Move(String),
    #[error("engine process: {0}")]
    Process(String),
    #[error("engine did not answer in time")]
    Timeout,
}

/// The position in Hub notation.
pub fn encode_position(p: &Position) -> String {
    let rules = p.rules();
    let mut s = String::with_capacity(rules.square_count() + 1);
    s.push(if p.side_to_move() == Color::White { 'W' } else { 'B' });
    for sq in rules.squares() {
        s.push(match p.piece_at(sq) {
            None => 'e',
            Some(pc) => match (pc.color, pc.role) {
                (Color::White, Role::Man) => 'w',
                (Color::Black, Role::Man) => 'b',
                (Color::White, Role::King) => 'W',
                (Color::Black, Role::King) => 'B',
            },
        });
    }
    s
}

/// Reads a Hub position for `variant` (through a FEN, so the rules core checks it).
pub fn decode_position(variant: VariantId, text: &str) -> Result<Position, HubError> {
    let rules = variant.rules();
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.len() != rules.square_count() + 1 {
        return Err(HubError::Position(text.to_string()));
    }
    let side = match chars[0] {
        'W' | 'w' => "W",
        'B' | 'b' => "B",
        _ => return Err(HubError::Position(text.to_string())),
    };
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for (sq, &c) in rules.squares().zip(&chars[1..]) {
        let name = rules.square_name(sq);
        match c {
            'w' => white.push(name),
            'W' => white.push(format!("K{name}")),
            'b' => black.push(name),
            'B' => black.push(format!("K{name}")),
            'e' | '.' => {}
            _ => return Err(HubError::Position(text.to_string())),
        }
    }
    let fen = format!("{side}:W{}:B{}", white.join(","), black.join(","));
    Position::from_fen(variant, &fen).map_err(|_| HubError::Position(text.to_string()))
}

/// The game a `pos` line sets up: the position from `pos=` (Hub notation), or from `fen=` (a PDN
/// FEN; our extension, because Hub positions cannot carry the Frisian count of plain king moves in
/// a row), or the start position; then the `moves=` played from it. Nothing is kept of a line with
/// an error.
pub fn game_of(variant: VariantId, line: &Line) -> Result<GameState, HubError> {
    let start = match (line.get("pos"), line.get("fen")) {
        (Some(p), _) => decode_position(variant, p)?,
        (None, Some(fen)) => Position::from_fen(variant, fen).map_err(|e| HubError::Position(format!("{fen}: {e}")))?,
        (None, None) => Position::start(variant),
    };
    let mut game = GameState::new(start);
    for mv in line.get("moves").unwrap_or("").split_whitespace() {
        let m = decode_move(game.position(), mv)?;
        game.play(&m);
    }
    Ok(game)
}

/// A move in Hub notation: captured squares listed after the destination.
pub fn encode_move(p: &Position, m: &Move) -> String {
    let rules = p.rules();
    let name = |s| rules.square_name(s);
    if !m.is_capture() {
        return format!("{}-{}", name(m.from()), name(m.to()));
    }
    let mut s = format!("{}x{}", name(m.from()), name(m.to()));
    for &c in m.captures() {
        s.push('x');
        s.push_str(&name(c));
    }
    s
}

/// Finds the legal move a Hub move text names (captured squares, when given, must match as a set).
pub fn decode_move(p: &Position, text: &str) -> Result<Move, HubError> {
    let rules = p.rules();
    let bad = || HubError::Move(text.to_string());
    let parts: Vec<&str> = text.trim().split(['-', 'x', 'X', ':']).filter(|t| !t.is_empty()).collect();
    if parts.len() < 2 {
        return Err(bad());
    }
    let squares = parts.iter().map(|t| rules.parse_square(t).ok_or_else(bad)).collect::<Result<Vec<_>, _>>()?;
    let legal = p.legal_moves();
    let found = legal.iter().find(|m| {
        m.from() == squares[0]
            && m.to() == squares[1]
            && (squares.len() == 2 || {
                let mut given: Vec<usize> = squares[2..].iter().map(|s| s.index()).collect();
                let mut taken: Vec<usize> = m.captures().iter().map(|s| s.index()).collect();
                given.sort_unstable();
                taken.sort_unstable();
                given == taken
            })
    });
    // Some engines write a capture with its landing squares instead (PDN style).
    let found = found
        .or_else(|| legal.iter().find(|m| m.from() == squares[0] && m.to() == *squares.last().unwrap_or(&squares[0])));
    found.copied().ok_or_else(bad)
}

/// The `info` line for a finished iteration.
pub fn info_line(root: &Position, info: &Info) -> String {
    let mut pos = *root;
    let mut pv = Vec::new();
    for m in &info.pv {
        pv.push(encode_move(&pos, m));
        pos = pos.play(m);
    }
    format!(
        "info depth={} score={} nodes={} time={:.3} nps={:.2} pv=\"{}\"",
        info.depth,
        format_score(info.score),
        info.nodes,
        info.time.as_secs_f64(),
        info.nps() as f64 / 1e6,
        pv.join(" ")
    )
}

type Shared<W> = Arc<Mutex<W>>;

fn say<W: Write>(out: &Shared<W>, text: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{text}");
        let _ = w.flush();
    }
}

struct Running {
    cancel: Arc<AtomicBool>,
    handle: JoinHandle<Engine>,
}

/// Serves the Hub protocol on `input`/`output` until `quit` or end of input.
pub fn serve<R, W>(input: R, output: W)
where
    R: BufRead + Send + 'static,
    W: Write + Send + 'static,
{
    let out: Shared<W> = Arc::new(Mutex::new(output));
    let (tx, rx) = channel::<String>();
    std::thread::spawn(move || {
        for line in input.lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut variant = VariantId::International;
    let mut tt_bits = 21u32;
    let mut engine: Option<Engine> = None;
    let mut running: Option<Running> = None;
    let mut state = GameState::new(Position::start(variant));
    let mut limits = Limits::movetime(1000);
    let finish = |running: &mut Option<Running>, engine: &mut Option<Engine>, cancel: bool| {
        if let Some(r) = running.take() {
            if cancel {
                r.cancel.store(true, Ordering::Relaxed);
            }
            if let Ok(e) = r.handle.join() {
                *engine = Some(e);
            }
        }
    };
    while let Ok(text) = rx.recv() {
        let Some(line) = Line::parse(&text) else { continue };
        match line.command.as_str() {
            "ping" => {
                say(&out, "pong");
                continue;
            }
            "ponder-hit" => continue,
            "stop" => {
                finish(&mut running, &mut engine, true);
                continue;
            }
            "quit" => {
                finish(&mut running, &mut engine, true);
                return;
            }
            _ => finish(&mut running, &mut engine, false),
        }
        match line.command.as_str() {
            "hub" => {
                say(&out, &format!("id name=damas version={} author=\"damas\"", env!("CARGO_PKG_VERSION")));
                let names: Vec<&str> = VariantId::ALL.iter().map(|v| v.as_str()).collect();
                say(&out, &format!("param name=variant value={variant} type=enum values=\"{}\"", names.join(" ")));
                say(&out, &format!("param name=hash value={tt_bits} type=int min=12 max=26"));
                say(&out, "wait");
            }
            "set-param" => match (line.get("name"), line.get("value")) {
                (Some("variant"), Some(v)) => match v.parse::<VariantId>() {
                    Ok(v) => {
                        variant = v;
                        engine = None;
                        state = GameState::new(Position::start(variant));
                    }
                    Err(e) => say(&out, &format!("error message=\"{e}\"")),
                },
                (Some("hash"), Some(v)) => {
                    if let Ok(bits) = v.parse::<u32>() {
                        tt_bits = bits.clamp(12, 26);
                        engine = None;
                    }
                }
                _ => {}
            },
            "init" => {
                engine = Some(Engine::new(variant, tt_bits));
                say(&out, "ready");
            }
            "new-game" => {
                if let Some(e) = engine.as_mut() {
                    e.new_game();
                }
            }
            "pos" => match game_of(variant, &line) {
                Ok(game) => state = game,
                Err(e) => say(&out, &format!("error message=\"{e}\"")),
            },
            "level" => limits = level_limits(&line),
            "go" => {
                let mut eng = engine.take().unwrap_or_else(|| Engine::new(variant, tt_bits));
                if eng.variant() != variant {
                    eng = Engine::new(variant, tt_bits);
                }
                let cancel = Arc::new(AtomicBool::new(false));
                let (c2, out2, st, lim) = (cancel.clone(), out.clone(), state.clone(), limits);
                let handle = std::thread::spawn(move || {
                    let root = *st.position();
                    let result = eng.analyse(&st, &lim, Some(c2), &mut |info| say(&out2, &info_line(&root, info)));
                    match result {
                        Ok(r) => {
                            let ponder =
                                r.pv.get(1)
                                    .map(|m| format!(" ponder={}", encode_move(&root.play(&r.best), m)))
                                    .unwrap_or_default();
                            say(&out2, &format!("done move={}{ponder}", encode_move(&root, &r.best)));
                        }
                        Err(e) => say(&out2, &format!("error message=\"{e}\"")),
                    }
                    eng
                });
                running = Some(Running { cancel, handle });
            }
            _ => {}
        }
    }
    finish(&mut running, &mut engine, true);
}

/// Limits from a `level` line.
pub fn level_limits(line: &Line) -> Limits {
    let secs = |k: &str| line.get(k).and_then(|v| v.parse::<f64>().ok()).filter(|v| v.is_finite() && *v >= 0.0);
    if line.has("infinite") {
        return Limits::default();
    }
    if let Some(d) = line.get("depth").and_then(|v| v.parse::<u32>().ok()) {
        return Limits::depth(d.max(1));
    }
    if let Some(t) = secs("move-time") {
        return Limits { movetime: Some(Duration::from_secs_f64(t)), use_all_time: true, ..Limits::default() };
    }
    if let Some(t) = secs("time") {
        let moves = line.get("moves").and_then(|v| v.parse::<f64>().ok()).filter(|m| *m >= 1.0).unwrap_or(30.0);
        let inc = secs("inc").unwrap_or(0.0);
        let per_move = (t / moves + inc * 0.8).min(t * 0.4);
        return Limits { movetime: Some(Duration::from_secs_f64(per_move.max(0.01))), ..Limits::default() };
    }
    Limits::movetime(1000)
}

/// A Hub engine running as a subprocess.
pub struct HubClient {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    pub name: String,
}

impl HubClient {
    /// Starts `command` through the shell, introduces itself and waits for `ready`.
    pub fn start(command: &str, variant: VariantId) -> Result<HubClient, HubError> {
        let err = |e: std::io::Error| HubError::Process(e.to_string());
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {command}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(err)?;
        let stdin = child.stdin.take().ok_or_else(|| HubError::Process("no stdin".into()))?;
        let stdout = child.stdout.take().ok_or_else(|| HubError::Process("no stdout".into()))?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut client = HubClient { child, stdin, lines: rx, name: command.to_string() };
        client.send("hub")?;
        let mut declares_variant = false;
        loop {
            let line = client.read(Duration::from_secs(20))?;
            if let Some(l) = Line::parse(&line) {
                match l.command.as_str() {
                    "id" => {
                        if let Some(n) = l.get("name") {
                            client.name = format!("{n} {}", l.get("version").unwrap_or("")).trim().to_string();
                        }
                    }
                    "param" if l.get("name") == Some("variant") => declares_variant = true,
                    "wait" => break,
                    _ => {}
                }
            }
        }
        if declares_variant {
            client.send(&format!("set-param name=variant value={variant}"))?;
        }
        client.send("init")?;
        loop {
            if client.read(Duration::from_secs(60))?.trim() == "ready" {
                break;
            }
        }
        Ok(client)
    }

    pub fn send(&mut self, text: &str) -> Result<(), HubError> {
        writeln!(self.stdin, "{text}").and_then(|_| self.stdin.flush()).map_err(|e| HubError::Process(e.to_string()))
    }

    fn read(&mut self, timeout: Duration) -> Result<String, HubError> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => Ok(l),
            Err(RecvTimeoutError::Timeout) => Err(HubError::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(HubError::Process("the engine exited".into())),
        }
    }

    pub fn new_game(&mut self) -> Result<(), HubError> {
        self.send("new-game")
    }

    /// Asks for a move: `start` is the position after the last irreversible move, `moves` what was
    /// played since (for repetitions).
    /// Asks for a move after `moves` from `start`; also returns the engine's last reported score
    /// (hundredths of a man for the side to move), when it gave one.
    pub fn go(
        &mut self,
        start: &Position,
        moves: &[Move],
        movetime: Duration,
    ) -> Result<(Move, Option<i32>), HubError> {
        let mut pos = *start;
        let mut texts = Vec::new();
        for m in moves {
            texts.push(encode_move(&pos, m));
            pos = pos.play(m);
        }
        let moves_arg = if texts.is_empty() { String::new() } else { format!(" moves=\"{}\"", texts.join(" ")) };
        self.send(&format!("pos pos={}{moves_arg}", encode_position(start)))?;
        self.send(&format!("level move-time={:.3}", movetime.as_secs_f64()))?;
        self.send("go think")?;
        let deadline = movetime * 4 + Duration::from_secs(10);
        let mut score = None;
        loop {
            let line = self.read(deadline)?;
            let Some(l) = Line::parse(&line) else { continue };
            match l.command.as_str() {
                "info" => score = l.get("score").and_then(parse_score).or(score),
                "done" => {
                    let text = l.get("move").ok_or_else(|| HubError::Move(line.clone()))?;
                    return Ok((decode_move(&pos, text)?, score));
                }
                _ => {}
            }
        }
    }
}

/// A Hub `score=` value in hundredths of a man: a number of men (`0.35`, `-1.2`) or our own
/// `win7`/`loss7` for a forced result.
fn parse_score(text: &str) -> Option<i32> {
    if let Some(plies) = text.strip_prefix("win") {
        return plies.parse::<i32>().ok().map(|p| WIN - p);
    }
    if let Some(plies) = text.strip_prefix("loss") {
        return plies.parse::<i32>().ok().map(|p| p - WIN);
    }
    let men = text.parse::<f64>().ok().filter(|m| m.is_finite())?;
    Some((men * 100.0).round().clamp(-(WIN_BOUND - 1) as f64, (WIN_BOUND - 1) as f64) as i32)
}

impl Drop for HubClient {
    fn drop(&mut self) {
        let _ = self.send("quit");
        std::thread::sleep(Duration::from_millis(20));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_parse_as_hundredths_of_a_man() {
        assert_eq!(parse_score("0.35"), Some(35));
        assert_eq!(parse_score("-1.2"), Some(-120));
        assert_eq!(parse_score(&format_score(WIN - 7)), Some(WIN - 7));
        assert_eq!(parse_score(&format_score(7 - WIN)), Some(7 - WIN));
        assert_eq!(parse_score("1e9"), Some(WIN_BOUND - 1));
        assert_eq!(parse_score("NaN"), None);
        assert_eq!(parse_score("much"), None);
    }

    #[test]
    fn lines_parse_quotes_and_flags() {
        let l = Line::parse("info depth=3 pv=\"32-28 19-23\" infinite").unwrap();
        assert_eq!(l.command, "info");
        assert_eq!(l.get("pv"), Some("32-28 19-23"));
        assert!(l.has("infinite"));
        assert_eq!(l.get("depth"), Some("3"));
        assert!(Line::parse("   ").is_none());
    }

    #[test]
    fn positions_and_moves_round_trip() {
        for v in VariantId::ALL {
            let p = Position::start(v);
            let text = encode_position(&p);
            assert_eq!(decode_position(v, &text).unwrap(), p);
            for m in p.legal_moves() {
                assert!(decode_move(&p, &encode_move(&p, &m)).unwrap().same_effect(&m));
            }
        }
        let start = Position::start(VariantId::International);
        assert_eq!(&encode_position(&start)[..3], "Wbb");
        assert!(decode_position(VariantId::International, "Wbbb").is_err());
    }

    #[test]
    fn captures_list_the_captured_squares() {
        let p = Position::from_fen(VariantId::International, "W:W28:B23,13").unwrap();
        let m = p.legal_moves()[0];
        let text = encode_move(&p, &m);
        assert_eq!(text, "28x8x23x13");
        assert!(decode_move(&p, "28x8x13x23").unwrap().same_effect(&m));
        assert!(decode_move(&p, "28x8x14").is_err());
    }

    #[test]
    fn level_lines_give_limits() {
        assert_eq!(level_limits(&Line::parse("level depth=7").unwrap()).depth, Some(7));
        assert_eq!(
            level_limits(&Line::parse("level move-time=0.5").unwrap()).movetime,
            Some(Duration::from_millis(500))
        );
        assert_eq!(level_limits(&Line::parse("level infinite").unwrap()), Limits::default());
        let t = level_limits(&Line::parse("level moves=10 time=60").unwrap()).movetime.unwrap();
        assert!(t > Duration::from_secs(5) && t < Duration::from_secs(7));
    }

    #[test]
    fn a_fen_position_carries_the_frisian_king_run() {
        let v = VariantId::Frisian;
        // White's king on 28 has made its three plain moves in a row: only the man may move.
        let line = Line::parse("pos fen=\"W:WK28,45:B1,2:RW3@28\"").unwrap();
        let game = game_of(v, &line).unwrap();
        let moves = game.position().legal_moves();
        assert!(!moves.is_empty());
        assert!(moves.iter().all(|m| m.from() != game.position().rules().parse_square("28").unwrap()));
        // The same board as a Hub position has lost the count, so the king may move again.
        let plain = decode_position(v, &encode_position(game.position())).unwrap();
        assert!(plain.legal_moves().len() > moves.len());
        assert!(game_of(v, &Line::parse("pos fen=\"W:WK28:B1:RW9@28\"").unwrap()).is_err());
        assert!(game_of(v, &Line::parse("pos fen=\"W:W28:B1\" moves=\"28-99\"").unwrap()).is_err());
    }
}
