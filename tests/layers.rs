//! The layers point one way (rules ← engine ← render ← game ← bot and webapp), and the bot's
//! modules do not import each other in a circle. Read from the sources, so that a change that
//! breaks either is caught where it is made.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const TOP_LEVEL: [&str; 11] =
    ["bot", "cli", "config", "engine", "game", "i18n", "ops", "render", "rulebook", "rules", "webapp"];

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// The code of a file without its tests and comments.
fn code_of(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap();
    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
    code.lines().map(|l| l.split("//").next().unwrap_or_default()).collect::<Vec<_>>().join("\n")
}

/// The names that follow `prefix` in `code`, alone (`prefix::name`) or in a group
/// (`prefix::{a, b::c}`).
fn names_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for (at, _) in code.match_indices(prefix) {
        let before = code[..at].chars().last();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let rest = &code[at + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            for item in group.split(',') {
                let name: String = item.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                names.insert(name);
            }
        } else {
            names.insert(rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect());
        }
    }
    names.retain(|n| !n.is_empty() && n != "self");
    names
}

#[test]
fn lower_layers_know_nothing_of_the_upper_ones() {
    let allowed: [(&str, &[&str]); 5] = [
        ("rules", &[]),
        ("i18n", &["rules"]),
        ("engine", &["rules"]),
        ("render", &["engine", "rules", "i18n"]),
        ("game", &["render", "engine", "rules", "i18n", "config", "rulebook"]),
    ];
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut wrong = Vec::new();
    for (layer, may_use) in allowed {
        for file in rust_files(&src.join(layer)) {
            for used in names_after(&code_of(&file), "crate::") {
                let is_layer = TOP_LEVEL.contains(&used.as_str());
                if is_layer && used != layer && !may_use.contains(&used.as_str()) {
                    wrong.push(format!("{} uses crate::{used}", file.display()));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "layers pointing the wrong way:\n{}", wrong.join("\n"));
}

/// A module of the bot: a file of `src/bot`, or a folder (its files together).
fn bot_modules(bot: &Path) -> BTreeMap<String, Vec<PathBuf>> {
    let mut modules = BTreeMap::new();
    for entry in fs::read_dir(bot).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            modules.insert(name, rust_files(&path));
        } else if name != "mod" && path.extension().is_some_and(|e| e == "rs") {
            modules.insert(name, vec![path]);
        }
    }
    modules
}

#[test]
fn bot_modules_import_each_other_in_no_circle() {
    let bot = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/bot");
    let modules = bot_modules(&bot);
    let mut uses: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for (name, files) in &modules {
        let mut used = BTreeSet::new();
        for file in files {
            let code = code_of(file);
            // Files of a folder reach their siblings through `super::` and the bot through `crate::bot::`.
            let in_folder = file.parent() != Some(bot.as_path());
            let mut names = names_after(&code, "crate::bot::");
            if !in_folder {
                names.extend(names_after(&code, "super::"));
            }
            used.extend(names.into_iter().filter(|n| n != name && modules.contains_key(n)));
        }
        uses.insert(name, used);
    }
    // A circle exists when some module reaches itself.
    for start in uses.keys() {
        let mut seen = BTreeSet::new();
        let mut todo: Vec<(&str, Vec<&str>)> = vec![(start, vec![start])];
        while let Some((at, path)) = todo.pop() {
            for next in &uses[at] {
                let next = next.as_str();
                assert!(next != *start, "bot modules in a circle: {} -> {next}", path.join(" -> "));
                if seen.insert(next) {
                    let mut longer = path.clone();
                    longer.push(next);
                    todo.push((next, longer));
                }
            }
        }
    }
}

#[test]
fn the_reader_sees_single_and_grouped_paths() {
    let code = "use crate::game::{self, Game};\nuse crate::{rules::Color, engine};\nlet x = crate::bot::tap::vet();";
    assert_eq!(
        names_after(code, "crate::"),
        ["bot", "engine", "game", "rules"].into_iter().map(String::from).collect::<BTreeSet<_>>()
    );
    assert_eq!(names_after(code, "crate::game::"), BTreeSet::from(["Game".to_owned()]));
}
