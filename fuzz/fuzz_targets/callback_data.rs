#![no_main]

use damas::bot::callback::BoardData;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Telegram hands over text; invalid UTF-8 is checked too, lossily.
    let text = String::from_utf8_lossy(data);
    if let Ok(parsed) = BoardData::parse(&text) {
        // Whatever parses is canonical and fits Telegram's limit.
        let encoded = parsed.encode();
        assert_eq!(encoded, text);
        assert!(encoded.len() <= damas::bot::callback::MAX_LEN);
        assert_eq!(BoardData::parse(&encoded).ok(), Some(parsed));
    }
});
