//! Compiles the text files into the binary: every message catalogue `templates/i18n/<lang>.ftl` and
//! every rules text `templates/rules/<lang>/<variant>.toml` present at build time, so a translation
//! is added by adding its file. The modules that read them check the names and contents.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    found.retain(|p| p.extension().is_some_and(|e| e == ext));
    found.sort();
    found
}

fn dirs(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    found.retain(|p| p.is_dir());
    found.sort();
    found
}

fn stem(path: &Path) -> String {
    path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into()));
    let catalogues = root.join("templates/i18n");
    let rules = root.join("templates/rules");
    println!("cargo:rerun-if-changed={}", catalogues.display());
    println!("cargo:rerun-if-changed={}", rules.display());

    let mut out = String::from("/// (language code, text) of every message catalogue.\n");
    out.push_str("pub const CATALOG_FILES: &[(&str, &str)] = &[\n");
    for path in files(&catalogues, "ftl") {
        let _ = writeln!(out, "    ({:?}, include_str!({:?})),", stem(&path), path.display().to_string());
    }
    out.push_str("];\n\n/// (language code, variant id, text) of every rules text.\n");
    out.push_str("pub const RULES_FILES: &[(&str, &str, &str)] = &[\n");
    for lang in dirs(&rules) {
        for path in files(&lang, "toml") {
            let _ = writeln!(
                out,
                "    ({:?}, {:?}, include_str!({:?})),",
                stem(&lang),
                stem(&path),
                path.display().to_string()
            );
        }
    }
    out.push_str("];\n");
    let target = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join("texts.rs");
    if let Err(e) = std::fs::write(&target, out) {
        panic!("cannot write {}: {e}", target.display());
    }
}
