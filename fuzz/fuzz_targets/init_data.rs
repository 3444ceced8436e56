//! initData parsing: arbitrary text is never accepted unsigned, and whatever we sign the way Telegram
//! does passes the signature check.
#![no_main]

use std::time::Duration;

use damas::webapp::init_data::{self, InitDataError};
use libfuzzer_sys::fuzz_target;

const TOKEN: &str = "123456:fuzz-token";
const NOW: i64 = 1_700_000_000;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let secret = init_data::secret_key(TOKEN);
    let max_age = Duration::from_secs(3600);
    // Arbitrary input: an answer, never a panic, and never accepted without our signature.
    if let Ok(valid) = init_data::validate(&text, &secret, max_age, NOW) {
        panic!("unsigned initData accepted: {valid:?}");
    }
    // Lines `key=value` signed the way Telegram does must pass the signature check, whatever the
    // characters in them.
    let mut pairs: Vec<(&str, &str)> = Vec::new();
    for line in text.split('\n') {
        let (key, value) = line.split_once('=').unwrap_or((line, ""));
        if key.is_empty() || key == "hash" || pairs.iter().any(|(k, _)| *k == key) {
            return;
        }
        pairs.push((key, value));
    }
    let signed = init_data::sign(&pairs, TOKEN);
    match init_data::validate(&signed, &secret, max_age, NOW) {
        Err(InitDataError::BadSignature | InitDataError::BadHashFormat | InitDataError::Malformed | InitDataError::MissingHash | InitDataError::DuplicateField(_)) => {
            panic!("own signature refused for {pairs:?}: {signed}")
        }
        _ => {}
    }
});
