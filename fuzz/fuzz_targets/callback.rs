#![no_main]

use damas::bot::callback::{Callback, MAX_LEN};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Telegram hands over text; invalid UTF-8 is checked too, lossily.
    let text = String::from_utf8_lossy(data);
    if let Ok(parsed) = Callback::parse(&text) {
        // Menus read words leniently, so the text written back may differ from the text read; it
        // must still fit Telegram's limit and read back as the same callback.
        let encoded = parsed.encode();
        assert!(encoded.len() <= MAX_LEN, "{encoded}");
        assert_eq!(Callback::parse(&encoded).ok(), Some(parsed), "{text:?} -> {encoded:?}");
        assert_eq!(Callback::parse(&encoded).map(|c| c.encode()).ok(), Some(encoded));
    }
});
