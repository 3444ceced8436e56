//! Reading a command from a message: `/name[@bot] args`, English names and their Spanish aliases.

/// The actions a user can ask for by command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Start,
    Help,
    Play,
    Variants,
    Rules,
    Board,
    Resign,
    Undo,
    Draw,
    Pdn,
    Lang,
    Settings,
    Stats,
    Move,
}

/// (English name, Spanish name, action); the menu shows the name of the user's language, both work.
pub const COMMANDS: &[(&str, &str, Action)] = &[
    ("play", "jugar", Action::Play),
    ("rules", "reglas", Action::Rules),
    ("board", "tablero", Action::Board),
    ("undo", "deshacer", Action::Undo),
    ("draw", "tablas", Action::Draw),
    ("resign", "abandonar", Action::Resign),
    ("pdn", "pdn", Action::Pdn),
    ("variants", "variantes", Action::Variants),
    ("stats", "estadisticas", Action::Stats),
    ("settings", "ajustes", Action::Settings),
    ("lang", "idioma", Action::Lang),
    ("help", "ayuda", Action::Help),
];

/// A parsed command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    pub action: Action,
    pub args: Vec<String>,
}

/// Reads `text` as a command for the bot named `bot_username`; `None` when the text is not a
/// command or is addressed to another bot.
pub fn parse(text: &str, bot_username: &str) -> Option<Command> {
    let text = text.trim();
    let rest = text.strip_prefix('/')?;
    let mut words = rest.split_whitespace();
    let head = words.next()?;
    let (name, target) = match head.split_once('@') {
        Some((name, target)) => (name, Some(target)),
        None => (head, None),
    };
    if target.is_some_and(|t| !t.eq_ignore_ascii_case(bot_username)) {
        return None;
    }
    let name = name.to_lowercase();
    let action = match name.as_str() {
        "start" | "empezar" => Action::Start,
        "m" | "move" | "mover" => Action::Move,
        "estadísticas" => Action::Stats,
        "language" => Action::Lang,
        "settings" | "ajustes" | "configuracion" | "configuración" => Action::Settings,
        other => COMMANDS.iter().find(|(en, es, _)| *en == other || *es == other).map(|(_, _, a)| *a)?,
    };
    Some(Command { action, args: words.map(str::to_string).collect() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_and_spanish_names() {
        assert_eq!(parse("/play", "b").unwrap().action, Action::Play);
        assert_eq!(parse("/jugar inglesas 2", "b").unwrap(), Command { action: Action::Play, args: vec!["inglesas".into(), "2".into()] });
        assert_eq!(parse("/reglas", "b").unwrap().action, Action::Rules);
        assert_eq!(parse("/abandonar", "b").unwrap().action, Action::Resign);
        assert_eq!(parse("/tablas", "b").unwrap().action, Action::Draw);
        assert_eq!(parse("/deshacer", "b").unwrap().action, Action::Undo);
        assert_eq!(parse("/idioma es", "b").unwrap().action, Action::Lang);
        assert_eq!(parse("/tablero", "b").unwrap().action, Action::Board);
        assert_eq!(parse("/variantes", "b").unwrap().action, Action::Variants);
        assert_eq!(parse("/ayuda", "b").unwrap().action, Action::Help);
        assert_eq!(parse("/m 23x16", "b").unwrap().args, vec!["23x16"]);
    }

    #[test]
    fn addressed_commands() {
        assert!(parse("/help@DamasBot", "damasbot").is_some());
        assert!(parse("/help@other_bot", "damasbot").is_none());
        assert!(parse("help", "b").is_none());
        assert!(parse("/nonsense", "b").is_none());
        assert!(parse("/", "b").is_none());
    }
}
