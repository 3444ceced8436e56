//! Commands that print a lot end quietly, with success, when their reader has gone
//! (`damas moves ... | head -1`).
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

use std::process::{Command, Stdio};

/// Runs damas with `args`, its output going to `stdout`; the exit and what it said on stderr.
fn damas(args: &[&str], stdout: Stdio) -> (std::process::Output, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_damas"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("run damas");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output, stderr)
}

#[test]
fn printing_into_a_closed_pipe_is_a_normal_end() {
    let commands: &[&[&str]] = &[
        &["moves", "-v", "russian"],
        &["moves", "-v", "international", "--json"],
        &["perft", "-v", "russian", "-d", "3", "--divide"],
        &["perft", "-v", "english", "-d", "2"],
        &["variants"],
        &["variants", "--json"],
        &["apply", "-v", "russian", "c3-d4"],
    ];
    for args in commands {
        // The reading end is closed before the command starts, so its first write fails.
        let (reader, writer) = std::io::pipe().expect("pipe");
        drop(reader);
        let (output, stderr) = damas(args, writer.into());
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(output.status.success(), "{args:?}: {:?}\n{stderr}", output.status);
    }
}

#[test]
fn other_output_errors_still_fail() {
    // A full device is not a reader that went away.
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    let (output, stderr) = damas(&["moves", "-v", "russian"], full.into());
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(!output.status.success());
    assert!(stderr.contains("error:"), "{stderr}");
}
