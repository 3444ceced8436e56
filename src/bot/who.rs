//! Who sent an update: the user, the chat, and the language and settings they are answered with.

use teloxide::prelude::*;
use teloxide::types::User;

use super::Ctx;
use super::i18n::Lang;
use super::prefs::Prefs;

/// Who is talking and in which language.
#[derive(Clone)]
pub struct Who {
    pub user: u64,
    pub chat: ChatId,
    pub lang: Lang,
    pub prefs: Prefs,
    pub first_name: String,
}

impl Ctx {
    pub(crate) async fn who(&self, user: &User, chat: ChatId) -> Who {
        let prefs = match self.prefs.get(user.id.0).await {
            Ok(p) => p,
            Err(e) => {
                // Preferences are a nicety; a store hiccup must not stop the answer.
                tracing::warn!(error = %e, "cannot read preferences");
                Prefs::default()
            }
        };
        let lang = prefs.lang.unwrap_or_else(|| Lang::from_telegram(user.language_code.as_deref()));
        Who { user: user.id.0, chat, lang, prefs, first_name: user.first_name.clone() }
    }
}
