//! Reading a command from a message: `/name[@bot] args`, the English names and their aliases in
//! the other languages.

use crate::i18n::Lang;

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
    Analyse,
    Puzzle,
    Lang,
    Settings,
    Stats,
    Move,
}

/// A command's name in every language, in the order of [`Lang::ALL`] (es, en, ru, pt, tr, it, fr,
/// nl). Telegram allows only Latin lowercase letters, digits and `_` in command names, so Russian
/// uses the English ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommandName([&'static str; 8]);

impl CommandName {
    /// The name the menu shows in `lang`.
    pub fn name(&self, lang: Lang) -> &'static str {
        self.0[Lang::ALL.iter().position(|l| *l == lang).unwrap_or(1)]
    }

    /// Whether a user typing `word` means this command, in any language.
    pub fn is(&self, word: &str) -> bool {
        self.0.contains(&word)
    }
}

const fn names(
    es: &'static str,
    en: &'static str,
    pt: &'static str,
    tr: &'static str,
    it: &'static str,
    fr: &'static str,
    nl: &'static str,
) -> CommandName {
    CommandName([es, en, en, pt, tr, it, fr, nl])
}

/// The private-chat commands; the menu shows the names of the user's language, all of them work.
pub const COMMANDS: &[(CommandName, Action)] = &[
    (names("jugar", "play", "jogar", "oyna", "gioca", "jouer", "spelen"), Action::Play),
    (names("reglas", "rules", "regras", "kurallar", "regole", "regles", "regels"), Action::Rules),
    (names("tablero", "board", "tabuleiro", "tahta", "damiera", "damier", "bord"), Action::Board),
    (names("deshacer", "undo", "desfazer", "geri", "annulla", "annuler", "terug"), Action::Undo),
    (names("tablas", "draw", "empate", "beraberlik", "patta", "nulle", "remise"), Action::Draw),
    (names("abandonar", "resign", "desistir", "pes", "abbandona", "abandon", "opgeven"), Action::Resign),
    (names("pdn", "pdn", "pdn", "pdn", "pdn", "pdn", "pdn"), Action::Pdn),
    (names("analizar", "analyse", "analisar", "analiz", "analizza", "analyser", "analyseren"), Action::Analyse),
    (names("problema", "puzzle", "problema", "bulmaca", "problema", "probleme", "puzzel"), Action::Puzzle),
    (names("variantes", "variants", "variantes", "varyantlar", "varianti", "variantes", "varianten"), Action::Variants),
    (
        names("estadisticas", "stats", "estatisticas", "istatistik", "statistiche", "stats", "statistieken"),
        Action::Stats,
    ),
    (names("ajustes", "settings", "ajustes", "ayarlar", "impostazioni", "reglages", "instellingen"), Action::Settings),
    (names("idioma", "lang", "idioma", "dil", "lingua", "langue", "taal"), Action::Lang),
    (names("ayuda", "help", "ajuda", "yardim", "aiuto", "aide", "hulp"), Action::Help),
];

/// The commands for games between people (in groups, and challenges from anywhere).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupAction {
    Challenge,
    Games,
    Top,
    Daily,
}

pub const GROUP_COMMANDS: &[(CommandName, GroupAction)] = &[
    (names("retar", "challenge", "desafiar", "davet", "sfida", "defi", "uitdagen"), GroupAction::Challenge),
    (names("partidas", "games", "partidas", "oyunlar", "partite", "parties", "partijen"), GroupAction::Games),
    (names("ranking", "top", "ranking", "siralama", "classifica", "classement", "ranglijst"), GroupAction::Top),
    (names("diario", "daily", "diario", "gunluk", "giornaliero", "quotidien", "dagelijks"), GroupAction::Daily),
];

/// The group command a user typed (`name` lowercased, without the slash), in any language.
pub fn group_action(name: &str) -> Option<GroupAction> {
    match name {
        "clasificacion" | "clasificación" => Some(GroupAction::Top),
        other => GROUP_COMMANDS.iter().find(|(names, _)| names.is(other)).map(|(_, a)| *a),
    }
}

/// A parsed command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    pub action: Action,
    pub args: Vec<String>,
}

/// Splits `text` into a command name (lower case, without `@bot`) and its words, when it is a
/// command for the bot named `bot_username`; `None` when it is not a command or is addressed to
/// another bot.
pub fn addressed(text: &str, bot_username: &str) -> Option<(String, Vec<String>)> {
    let rest = text.trim().strip_prefix('/')?;
    let mut words = rest.split_whitespace();
    let head = words.next()?;
    let (name, target) = match head.split_once('@') {
        Some((name, target)) => (name, Some(target)),
        None => (head, None),
    };
    if target.is_some_and(|t| !t.eq_ignore_ascii_case(bot_username)) {
        return None;
    }
    Some((name.to_lowercase(), words.map(str::to_string).collect()))
}

/// Reads `text` as a command for the bot named `bot_username`; `None` when the text is not a
/// command or is addressed to another bot.
pub fn parse(text: &str, bot_username: &str) -> Option<Command> {
    let (name, args) = addressed(text, bot_username)?;
    let action = match name.as_str() {
        "start" | "empezar" => Action::Start,
        "m" | "move" | "mover" => Action::Move,
        "estadísticas" => Action::Stats,
        "language" => Action::Lang,
        "analyze" | "analysis" => Action::Analyse,
        "puzzles" | "problemas" => Action::Puzzle,
        "settings" | "ajustes" | "configuracion" | "configuración" => Action::Settings,
        other => COMMANDS.iter().find(|(names, _)| names.is(other)).map(|(_, a)| *a)?,
    };
    Some(Command { action, args })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_for_this_bot_are_split_into_name_and_words() {
        assert_eq!(addressed("/retar inglesas", "b"), Some(("retar".into(), vec!["inglesas".into()])));
        assert_eq!(addressed("/challenge@DamasBot", "damasbot"), Some(("challenge".into(), vec![])));
        assert_eq!(addressed("/challenge@other", "damasbot"), None);
        assert_eq!(addressed("hello", "b"), None);
    }

    #[test]
    fn english_and_spanish_names() {
        assert_eq!(parse("/play", "b").unwrap().action, Action::Play);
        assert_eq!(
            parse("/jugar inglesas 2", "b").unwrap(),
            Command { action: Action::Play, args: vec!["inglesas".into(), "2".into()] }
        );
        assert_eq!(parse("/reglas", "b").unwrap().action, Action::Rules);
        assert_eq!(parse("/abandonar", "b").unwrap().action, Action::Resign);
        assert_eq!(parse("/tablas", "b").unwrap().action, Action::Draw);
        assert_eq!(parse("/deshacer", "b").unwrap().action, Action::Undo);
        assert_eq!(parse("/idioma es", "b").unwrap().action, Action::Lang);
        assert_eq!(parse("/tablero", "b").unwrap().action, Action::Board);
        assert_eq!(parse("/variantes", "b").unwrap().action, Action::Variants);
        assert_eq!(parse("/ayuda", "b").unwrap().action, Action::Help);
        assert_eq!(parse("/m 23x16", "b").unwrap().args, vec!["23x16"]);
        assert_eq!(parse("/analizar", "b").unwrap().action, Action::Analyse);
        assert_eq!(parse("/analyze", "b").unwrap().action, Action::Analyse);
    }

    #[test]
    fn names_in_other_languages() {
        assert_eq!(parse("/jogar", "b").unwrap().action, Action::Play);
        assert_eq!(parse("/regole", "b").unwrap().action, Action::Rules);
        assert_eq!(parse("/nulle", "b").unwrap().action, Action::Draw);
        assert_eq!(parse("/opgeven", "b").unwrap().action, Action::Resign);
        assert_eq!(parse("/yardim", "b").unwrap().action, Action::Help);
        assert_eq!(group_action("uitdagen"), Some(GroupAction::Challenge));
        assert_eq!(group_action("classement"), Some(GroupAction::Top));
        assert_eq!(group_action("partite"), Some(GroupAction::Games));
    }

    /// No word means two commands, and every menu name is one Telegram accepts.
    #[test]
    fn names_are_unambiguous_and_valid_for_telegram() {
        let all: Vec<(&str, String)> = COMMANDS
            .iter()
            .flat_map(|(n, a)| n.0.iter().map(move |w| (*w, format!("{a:?}"))))
            .chain(GROUP_COMMANDS.iter().flat_map(|(n, a)| n.0.iter().map(move |w| (*w, format!("{a:?}")))))
            .collect();
        for (word, action) in &all {
            assert!(
                !word.is_empty()
                    && word.len() <= 32
                    && word.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                "{word}"
            );
            for (other, other_action) in &all {
                assert!(word != other || action == other_action, "/{word} means both {action} and {other_action}");
            }
        }
        for lang in Lang::ALL {
            let mut menu: Vec<&str> = COMMANDS
                .iter()
                .map(|(n, _)| n.name(lang))
                .chain(GROUP_COMMANDS.iter().map(|(n, _)| n.name(lang)))
                .collect();
            menu.sort_unstable();
            let len = menu.len();
            menu.dedup();
            assert_eq!(menu.len(), len, "{lang} menu repeats a name");
        }
        assert_eq!(COMMANDS[0].0.name(Lang::Ru), "play");
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
