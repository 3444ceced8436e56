//! A fake Telegram Bot API server for end-to-end tests: it serves the methods the bot calls, records
//! every call, keeps the chat history as Telegram would (so edits can be checked and "message is not
//! modified" is answered like the real thing), and plays scripted users who type text and tap buttons.

#![allow(dead_code)]

use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use tokio::sync::Notify;

pub const BOT_ID: i64 = 7_000_000;
pub const BOT_USERNAME: &str = "damas_test_bot";

/// One recorded Bot API call.
#[derive(Clone, Debug)]
pub struct Call {
    pub seq: usize,
    pub method: String,
    /// Parameters as JSON; uploaded files appear as `{"upload": <file id>, "filename": ..., "size": ...}`.
    pub params: Value,
    /// What the fake answered: `{"ok": true, "result": ...}` or an error.
    pub response: Value,
}

impl Call {
    pub fn chat_id(&self) -> Option<i64> {
        self.params.get("chat_id").and_then(as_i64)
    }

    pub fn str(&self, key: &str) -> Option<String> {
        self.params.get(key).and_then(|v| v.as_str().map(str::to_string))
    }

    pub fn ok(&self) -> bool {
        self.response.get("ok").and_then(Value::as_bool).unwrap_or(false)
    }
}

/// A message as the chat shows it now (after edits).
#[derive(Clone, Debug)]
pub struct ChatMessage {
    pub chat_id: i64,
    pub message_id: i64,
    pub from_bot: bool,
    pub text: Option<String>,
    pub caption: Option<String>,
    /// Upload id of the photo or document, if any.
    pub file: Option<String>,
    pub file_name: Option<String>,
    pub kind: &'static str,
    pub reply_markup: Option<Value>,
    pub edits: usize,
}

impl ChatMessage {
    /// A copy without the inline keyboard, for an edit, which always sets the keyboard anew.
    fn without_markup(&self) -> ChatMessage {
        ChatMessage {
            chat_id: self.chat_id,
            message_id: self.message_id,
            from_bot: self.from_bot,
            text: self.text.clone(),
            caption: self.caption.clone(),
            file: self.file.clone(),
            file_name: self.file_name.clone(),
            kind: self.kind,
            reply_markup: None,
            edits: self.edits,
        }
    }

    /// Text or caption, whichever the message has.
    pub fn body(&self) -> String {
        self.text.clone().or_else(|| self.caption.clone()).unwrap_or_default()
    }

    /// Every inline button as (label, callback data or url).
    pub fn buttons(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        if let Some(rows) = self.reply_markup.as_ref().and_then(|m| m.get("inline_keyboard")).and_then(Value::as_array)
        {
            for row in rows {
                for b in row.as_array().into_iter().flatten() {
                    let label = b.get("text").and_then(Value::as_str).unwrap_or("").to_string();
                    let data = b
                        .get("callback_data")
                        .or_else(|| b.get("url"))
                        .or_else(|| b.get("switch_inline_query"))
                        .or_else(|| b.get("web_app").and_then(|w| w.get("url")))
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_string();
                    out.push((label, data));
                }
            }
        }
        out
    }

    fn to_json(&self, users: &HashMap<i64, TestUser>) -> Value {
        let chat = chat_json(self.chat_id, users);
        let from = if self.from_bot {
            bot_user_json()
        } else {
            users.get(&self.chat_id).map(TestUser::json).unwrap_or(Value::Null)
        };
        let mut m = json!({ "message_id": self.message_id, "date": now(), "chat": chat, "from": from });
        if let Some(t) = &self.text {
            m["text"] = json!(t);
        }
        if let Some(c) = &self.caption {
            m["caption"] = json!(c);
        }
        match self.kind {
            "photo" => {
                let id = self.file.clone().unwrap_or_default();
                m["photo"] =
                    json!([{ "file_id": id, "file_unique_id": id, "width": 640, "height": 640, "file_size": 1 }]);
            }
            "document" => {
                let id = self.file.clone().unwrap_or_default();
                m["document"] =
                    json!({ "file_id": id, "file_unique_id": id, "file_name": self.file_name, "file_size": 1 });
            }
            _ => {
                if m.get("text").is_none() {
                    m["text"] = json!("");
                }
            }
        }
        if let Some(r) = &self.reply_markup {
            m["reply_markup"] = r.clone();
        }
        if self.edits > 0 {
            m["edit_date"] = json!(now());
        }
        m
    }
}

/// A scripted user in a private chat with the bot (chat id = user id).
#[derive(Clone, Debug)]
pub struct TestUser {
    pub id: i64,
    pub first_name: String,
    pub language_code: Option<String>,
}

impl TestUser {
    pub fn new(id: i64, first_name: &str, language_code: Option<&str>) -> Self {
        TestUser { id, first_name: first_name.into(), language_code: language_code.map(str::to_string) }
    }

    fn json(&self) -> Value {
        let mut u = json!({ "id": self.id, "is_bot": false, "first_name": self.first_name });
        if let Some(l) = &self.language_code {
            u["language_code"] = json!(l);
        }
        u
    }
}

#[derive(Default)]
struct Inner {
    token: String,
    updates: VecDeque<Value>,
    next_update_id: i64,
    next_message_id: i64,
    next_file: u64,
    calls: Vec<Call>,
    messages: Vec<ChatMessage>,
    /// Where each message is in `messages`, by (chat id, message id).
    message_at: HashMap<(i64, i64), usize>,
    files: HashMap<String, (String, Vec<u8>)>,
    users: HashMap<i64, TestUser>,
    /// Method name → retry_after seconds for the next call to it.
    rate_limits: HashMap<String, u64>,
    /// Method name → how many of the next calls to it fail as if Telegram were down.
    outages: HashMap<String, u32>,
    get_updates_polls: usize,
    /// Every tap: callback query id, number of calls recorded when it was made, user id.
    taps: Vec<(String, usize, i64)>,
    /// Messages sent through inline mode, by inline_message_id.
    inline_messages: HashMap<String, ChatMessage>,
    next_inline: u64,
    /// Who wrote each group message: (chat id, message id) → user id.
    senders: HashMap<(i64, i64), i64>,
    /// (chat id, user id) of the groups' owners; everyone else is a plain member.
    owners: std::collections::HashSet<(i64, i64)>,
}

impl Inner {
    fn push_message(&mut self, msg: ChatMessage) {
        self.message_at.insert((msg.chat_id, msg.message_id), self.messages.len());
        self.messages.push(msg);
    }

    fn message(&self, chat_id: i64, message_id: i64) -> Option<&ChatMessage> {
        self.message_at.get(&(chat_id, message_id)).and_then(|&i| self.messages.get(i))
    }
}

#[derive(Clone)]
struct Shared {
    inner: Arc<Mutex<Inner>>,
    updates_ready: Arc<Notify>,
    changed: Arc<Notify>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panicking test thread must not hide the state from the others.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
}

pub struct FakeTelegram {
    pub addr: SocketAddr,
    pub token: String,
    shared: Shared,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for FakeTelegram {
    fn drop(&mut self) {
        self.server.abort();
    }
}

impl FakeTelegram {
    pub async fn start(token: &str) -> FakeTelegram {
        let shared = Shared {
            inner: Arc::new(Mutex::new(Inner {
                token: token.into(),
                next_update_id: 1,
                next_message_id: 1,
                ..Default::default()
            })),
            updates_ready: Arc::new(Notify::new()),
            changed: Arc::new(Notify::new()),
        };
        let app = Router::new()
            .route("/{bot}/{method}", post(handle))
            .route("/file/{bot}/{id}", get(download))
            .with_state(shared.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind fake Telegram");
        let addr = listener.local_addr().expect("fake Telegram address");
        let server = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        FakeTelegram { addr, token: token.into(), shared, server }
    }

    /// Base URL to give the bot as TELOXIDE_API_URL.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    // ---- scripted users ----

    /// The user types `text` in their private chat with the bot; returns the message id.
    pub fn send_text(&self, user: &TestUser, text: &str) -> i64 {
        let mut inner = self.shared.lock();
        inner.users.insert(user.id, user.clone());
        let message_id = inner.next_message_id;
        inner.next_message_id += 1;
        let msg = ChatMessage {
            chat_id: user.id,
            message_id,
            from_bot: false,
            text: Some(text.into()),
            caption: None,
            file: None,
            file_name: None,
            kind: "text",
            reply_markup: None,
            edits: 0,
        };
        let mut json = msg.to_json(&inner.users);
        if text.starts_with('/') {
            let len = text.split_whitespace().next().map(|w| w.encode_utf16().count()).unwrap_or(1);
            json["entities"] = json!([{ "type": "bot_command", "offset": 0, "length": len }]);
        }
        self.deliver(inner, msg, json);
        message_id
    }

    /// Keeps `msg` in its chat and hands `json` to the bot as a message update.
    fn deliver(&self, mut inner: MutexGuard<'_, Inner>, msg: ChatMessage, json: Value) {
        inner.push_message(msg);
        let update_id = inner.next_update_id;
        inner.next_update_id += 1;
        inner.updates.push_back(json!({ "update_id": update_id, "message": json }));
        drop(inner);
        self.shared.updates_ready.notify_waiters();
    }

    /// The user sends a file in their private chat with the bot; returns the message id.
    pub fn send_document(&self, user: &TestUser, file_name: &str, bytes: &[u8]) -> i64 {
        let mut inner = self.shared.lock();
        inner.users.insert(user.id, user.clone());
        inner.next_file += 1;
        let id = format!("file{}", inner.next_file);
        inner.files.insert(id.clone(), (file_name.to_owned(), bytes.to_vec()));
        let message_id = inner.next_message_id;
        inner.next_message_id += 1;
        let msg = ChatMessage {
            chat_id: user.id,
            message_id,
            from_bot: false,
            text: None,
            caption: None,
            file: Some(id),
            file_name: Some(file_name.to_owned()),
            kind: "document",
            reply_markup: None,
            edits: 0,
        };
        let json = msg.to_json(&inner.users);
        self.deliver(inner, msg, json);
        message_id
    }

    /// The user taps the button with callback data `data` under message `message_id`; returns the
    /// callback query id (to find the bot's answer).
    pub fn tap(&self, user: &TestUser, message_id: i64, data: &str) -> String {
        let mut inner = self.shared.lock();
        inner.users.insert(user.id, user.clone());
        let message =
            inner.message(user.id, message_id).map(|m| m.to_json(&inner.users)).expect("tapped message exists");
        let update_id = inner.next_update_id;
        inner.next_update_id += 1;
        let id = format!("cq{update_id}");
        let seq = inner.calls.len();
        inner.taps.push((id.clone(), seq, user.id));
        inner.updates.push_back(json!({
            "update_id": update_id,
            "callback_query": {
                "id": id, "from": user.json(), "message": message,
                "chat_instance": format!("ci{}", user.id), "data": data
            }
        }));
        drop(inner);
        self.shared.updates_ready.notify_waiters();
        id
    }

    /// Taps the first button whose label contains `label` on the newest bot message that has one.
    pub fn tap_label(&self, user: &TestUser, label: &str) -> String {
        let (message_id, data) = self
            .last_bot_message_where(user.id, |m| m.buttons().iter().any(|(l, _)| l.contains(label)))
            .and_then(|m| m.buttons().into_iter().find(|(l, _)| l.contains(label)).map(|(_, d)| (m.message_id, d)))
            .unwrap_or_else(|| panic!("no button labelled {label:?}; chat: {:#?}", self.messages(user.id)));
        self.tap(user, message_id, &data)
    }

    // ---- groups and inline mode ----

    fn push_update(&self, inner: &mut Inner, kind: &str, payload: Value) {
        let update_id = inner.next_update_id;
        inner.next_update_id += 1;
        inner.updates.push_back(json!({ "update_id": update_id, kind: payload }));
    }

    /// The user writes `text` in the group `chat_id` (negative), optionally as a reply to message
    /// `reply_to` of that group; returns the message id.
    pub fn send_group_text(&self, chat_id: i64, user: &TestUser, text: &str, reply_to: Option<i64>) -> i64 {
        let mut inner = self.shared.lock();
        inner.users.insert(user.id, user.clone());
        let message_id = inner.next_message_id;
        inner.next_message_id += 1;
        let msg = ChatMessage {
            chat_id,
            message_id,
            from_bot: false,
            text: Some(text.into()),
            caption: None,
            file: None,
            file_name: None,
            kind: "text",
            reply_markup: None,
            edits: 0,
        };
        let mut json = msg.to_json(&inner.users);
        json["from"] = user.json();
        if text.starts_with('/') {
            let len = text.split_whitespace().next().map(|w| w.encode_utf16().count()).unwrap_or(1);
            json["entities"] = json!([{ "type": "bot_command", "offset": 0, "length": len }]);
        }
        if let Some(reply_to) = reply_to {
            let mut original = inner
                .message(chat_id, reply_to)
                .map(|m| m.to_json(&inner.users))
                .expect("the message replied to exists");
            if let Some(sender) = inner.senders.get(&(chat_id, reply_to)).and_then(|id| inner.users.get(id)) {
                original["from"] = sender.json();
            }
            json["reply_to_message"] = original;
        }
        inner.senders.insert((chat_id, message_id), user.id);
        inner.push_message(msg);
        self.push_update(&mut inner, "message", json);
        drop(inner);
        self.shared.updates_ready.notify_waiters();
        message_id
    }

    /// The user taps a button with callback data `data` under message `message_id` of any chat
    /// (a group, say); returns the callback query id.
    pub fn tap_in(&self, chat_id: i64, user: &TestUser, message_id: i64, data: &str) -> String {
        self.taps_in(chat_id, &[(user, message_id, data)]).remove(0)
    }

    /// Several taps delivered in one batch, as when people tap at the same instant.
    pub fn taps_in(&self, chat_id: i64, taps: &[(&TestUser, i64, &str)]) -> Vec<String> {
        let mut inner = self.shared.lock();
        let mut ids = Vec::new();
        for (user, message_id, data) in taps {
            inner.users.insert(user.id, (*user).clone());
            let message =
                inner.message(chat_id, *message_id).map(|m| m.to_json(&inner.users)).expect("tapped message exists");
            let id = format!("cq{}", inner.next_update_id);
            let payload = json!({ "id": id, "from": user.json(), "message": message, "chat_instance": format!("ci{chat_id}"), "data": data });
            self.push_update(&mut inner, "callback_query", payload);
            ids.push(id);
        }
        drop(inner);
        self.shared.updates_ready.notify_waiters();
        ids
    }

    /// The user types `@bot <query>` in some chat; returns the inline query id.
    pub fn inline_query(&self, user: &TestUser, query: &str) -> String {
        let mut inner = self.shared.lock();
        inner.users.insert(user.id, user.clone());
        let id = format!("iq{}", inner.next_update_id);
        let payload = json!({ "id": id, "from": user.json(), "query": query, "offset": "", "chat_type": "group" });
        self.push_update(&mut inner, "inline_query", payload);
        drop(inner);
        self.shared.updates_ready.notify_waiters();
        id
    }

    /// The results the bot answered inline query `query_id` with.
    pub fn inline_results(&self, query_id: &str) -> Option<Vec<Value>> {
        self.calls_to("answerInlineQuery")
            .into_iter()
            .find(|c| c.str("inline_query_id").as_deref() == Some(query_id))
            .and_then(|c| match c.params.get("results") {
                Some(Value::String(s)) => serde_json::from_str(s).ok(),
                Some(Value::Array(a)) => Some(a.clone()),
                _ => None,
            })
    }

    /// The user picks `result` (one of the inline results): Telegram posts its message in the chat
    /// and, with inline feedback on, reports the choice. Returns the inline_message_id.
    pub fn choose_inline_result(&self, user: &TestUser, query: &str, result: &Value, feedback: bool) -> String {
        let mut inner = self.shared.lock();
        inner.next_inline += 1;
        let inline_message_id = format!("IM{}x{}", inner.next_inline, user.id);
        let content = &result["input_message_content"];
        // A photo result posts the picture at its URL with the caption; any other, its text.
        let photo = result["type"] == "photo";
        let msg = ChatMessage {
            chat_id: 0,
            message_id: 0,
            from_bot: true,
            text: if photo { None } else { content["message_text"].as_str().map(str::to_string) },
            caption: if photo { result["caption"].as_str().map(str::to_string) } else { None },
            file: if photo { result["photo_url"].as_str().map(str::to_string) } else { None },
            file_name: None,
            kind: if photo { "photo" } else { "text" },
            reply_markup: result.get("reply_markup").cloned(),
            edits: 0,
        };
        inner.inline_messages.insert(inline_message_id.clone(), msg);
        if feedback {
            let payload = json!({
                "result_id": result["id"], "from": user.json(), "query": query, "inline_message_id": inline_message_id
            });
            self.push_update(&mut inner, "chosen_inline_result", payload);
        }
        drop(inner);
        self.shared.updates_ready.notify_waiters();
        inline_message_id
    }

    /// The inline message as the chat shows it now.
    pub fn inline_message(&self, inline_message_id: &str) -> Option<ChatMessage> {
        self.shared.lock().inline_messages.get(inline_message_id).cloned()
    }

    /// Taps on inline messages (no `message` in the query, only its inline_message_id), delivered
    /// in one batch; returns the callback query ids.
    pub fn taps_inline(&self, taps: &[(&TestUser, &str, &str)]) -> Vec<String> {
        let mut inner = self.shared.lock();
        let mut ids = Vec::new();
        for (user, inline_message_id, data) in taps {
            inner.users.insert(user.id, (*user).clone());
            let id = format!("cq{}", inner.next_update_id);
            let payload = json!({
                "id": id, "from": user.json(), "inline_message_id": inline_message_id,
                "chat_instance": format!("ci-{inline_message_id}"), "data": data
            });
            self.push_update(&mut inner, "callback_query", payload);
            ids.push(id);
        }
        drop(inner);
        self.shared.updates_ready.notify_waiters();
        ids
    }

    /// The bot's answer to callback query `id` (its text, empty for a silent answer), once given.
    pub fn callback_answer(&self, id: &str) -> Option<String> {
        self.calls_to("answerCallbackQuery")
            .into_iter()
            .find(|c| c.str("callback_query_id").as_deref() == Some(id))
            .map(|c| c.str("text").unwrap_or_default())
    }

    /// Removes and returns the queued updates, for delivering them to a webhook instead of getUpdates.
    pub fn take_updates(&self) -> Vec<Value> {
        self.shared.lock().updates.drain(..).collect()
    }

    /// The next `calls` calls to `method` fail with 502 Bad Gateway, as during a Telegram outage.
    pub fn fail_next(&self, method: &str, calls: u32) {
        self.shared.lock().outages.insert(method.into(), calls);
    }

    /// Makes `user` the owner of group `chat_id` (getChatMember says so).
    pub fn make_owner(&self, chat_id: i64, user: &TestUser) {
        self.shared.lock().owners.insert((chat_id, user.id));
    }

    /// The next call to `method` answers 429 with this retry_after.
    pub fn rate_limit_next(&self, method: &str, retry_after_secs: u64) {
        self.shared.lock().rate_limits.insert(method.into(), retry_after_secs);
    }

    // ---- inspection ----

    /// Taps the bot has not answered with answerCallbackQuery, or answered only after it had sent
    /// or edited something in the tapping user's chat (the button would keep spinning meanwhile).
    pub fn taps_answered_late(&self) -> Vec<String> {
        let inner = self.shared.lock();
        let mut late = Vec::new();
        for (id, after, user) in &inner.taps {
            let answer = inner.calls.iter().skip(*after).find(|c| {
                c.method == "answerCallbackQuery" && c.str("callback_query_id").as_deref() == Some(id.as_str())
            });
            match answer {
                None => late.push(format!("{id}: never answered")),
                Some(answer) => {
                    if let Some(c) = inner.calls[*after..answer.seq]
                        .iter()
                        .find(|c| c.method != "answerCallbackQuery" && c.chat_id() == Some(*user))
                    {
                        late.push(format!("{id}: {} came first", c.method));
                    }
                }
            }
        }
        late
    }

    pub fn calls(&self) -> Vec<Call> {
        self.shared.lock().calls.clone()
    }

    pub fn calls_to(&self, method: &str) -> Vec<Call> {
        self.calls().into_iter().filter(|c| c.method == method).collect()
    }

    pub fn call_count(&self) -> usize {
        self.shared.lock().calls.len()
    }

    pub fn messages(&self, chat_id: i64) -> Vec<ChatMessage> {
        self.shared.lock().messages.iter().filter(|m| m.chat_id == chat_id).cloned().collect()
    }

    pub fn message(&self, chat_id: i64, message_id: i64) -> Option<ChatMessage> {
        self.shared.lock().message(chat_id, message_id).cloned()
    }

    pub fn last_bot_message_where(&self, chat_id: i64, pred: impl Fn(&ChatMessage) -> bool) -> Option<ChatMessage> {
        self.shared.lock().messages.iter().rev().find(|m| m.chat_id == chat_id && m.from_bot && pred(m)).cloned()
    }

    pub fn file(&self, file_id: &str) -> Option<(String, Vec<u8>)> {
        self.shared.lock().files.get(file_id).cloned()
    }

    pub fn get_updates_polls(&self) -> usize {
        self.shared.lock().get_updates_polls
    }

    /// Waits until `check` returns Some over the recorded state, re-checking after every call.
    pub async fn wait_until<T>(
        &self,
        timeout: Duration,
        what: &str,
        mut check: impl FnMut(&FakeTelegram) -> Option<T>,
    ) -> T {
        let deadline = Instant::now() + timeout;
        loop {
            let notified = self.shared.changed.notified();
            if let Some(found) = check(self) {
                return found;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                let recent: Vec<String> = self
                    .calls()
                    .iter()
                    .rev()
                    .take(12)
                    .map(|c| format!("{} {}", c.method, truncate(&c.params.to_string(), 300)))
                    .collect();
                panic!("timed out waiting for {what}; latest calls (newest first):\n{}", recent.join("\n"));
            }
            let _ = tokio::time::timeout(left.min(Duration::from_millis(200)), notified).await;
        }
    }

    /// Waits for a call made after call number `after` (see `call_count`) that satisfies `pred`.
    pub async fn wait_call(&self, after: usize, what: &str, pred: impl Fn(&Call) -> bool) -> Call {
        self.wait_until(Duration::from_secs(30), what, |f| f.calls().into_iter().skip(after).find(|c| pred(c))).await
    }

    /// Waits for the bot's next message sent (not edited) to `chat_id` after call `after`.
    pub async fn wait_sent(&self, after: usize, chat_id: i64) -> ChatMessage {
        let call = self
            .wait_call(after, "a message from the bot", |c| {
                matches!(c.method.as_str(), "sendMessage" | "sendPhoto" | "sendDocument")
                    && c.chat_id() == Some(chat_id)
                    && c.ok()
            })
            .await;
        let id = call.response["result"]["message_id"].as_i64().unwrap_or_default();
        self.message(chat_id, id).expect("sent message is stored")
    }
}

fn truncate(s: &str, n: usize) -> String {
    if s.len() <= n {
        s.to_string()
    } else {
        format!("{}…", &s[..s.char_indices().take_while(|(i, _)| *i < n).last().map(|(i, _)| i).unwrap_or(0)])
    }
}

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

fn as_i64(v: &Value) -> Option<i64> {
    v.as_i64().or_else(|| v.as_str().and_then(|s| s.parse().ok()))
}

fn bot_user_json() -> Value {
    json!({ "id": BOT_ID, "is_bot": true, "first_name": "Damas", "username": BOT_USERNAME })
}

fn chat_json(chat_id: i64, users: &HashMap<i64, TestUser>) -> Value {
    if chat_id < 0 {
        return json!({ "id": chat_id, "type": "supergroup", "title": format!("Group {chat_id}") });
    }
    let name = users.get(&chat_id).map(|u| u.first_name.clone()).unwrap_or_else(|| "User".into());
    json!({ "id": chat_id, "type": "private", "first_name": name })
}

fn ok(result: Value) -> Value {
    json!({ "ok": true, "result": result })
}

fn err(code: u16, description: &str) -> Value {
    json!({ "ok": false, "error_code": code, "description": description })
}

/// A file the bot fetches after getFile, as Telegram serves them.
async fn download(State(shared): State<Shared>, Path((bot, id)): Path<(String, String)>) -> Response {
    let inner = shared.lock();
    if bot != format!("bot{}", inner.token) {
        return (axum::http::StatusCode::UNAUTHORIZED, "Unauthorized").into_response();
    }
    match inner.files.get(&id) {
        Some((_, bytes)) => bytes.clone().into_response(),
        None => (axum::http::StatusCode::NOT_FOUND, "Not Found").into_response(),
    }
}

async fn handle(
    State(shared): State<Shared>,
    Path((bot, method)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    // Telegram treats method names case-insensitively; teloxide sends "GetMe", "SendMessage".
    let method = {
        let mut chars = method.chars();
        chars.next().map(|c| c.to_ascii_lowercase().to_string() + chars.as_str()).unwrap_or_default()
    };
    let expected = format!("bot{}", shared.lock().token);
    if bot != expected {
        return Json(err(401, "Unauthorized")).into_response();
    }
    let content_type = headers.get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    let mut uploads = Vec::new();
    let params = if let Some(boundary) = content_type.split("boundary=").nth(1) {
        parse_multipart(&body, boundary.trim_matches('"'), &mut uploads)
    } else if content_type.starts_with("application/x-www-form-urlencoded") {
        let map: serde_json::Map<String, Value> =
            url::form_urlencoded::parse(&body).map(|(k, v)| (k.into_owned(), Value::String(v.into_owned()))).collect();
        Value::Object(map)
    } else if body.is_empty() {
        json!({})
    } else {
        serde_json::from_slice(&body).unwrap_or_else(|_| json!({}))
    };

    if method == "getUpdates" {
        let response = get_updates(&shared, &params).await;
        return Json(response).into_response();
    }

    let response = {
        let mut inner = shared.lock();
        let mut params = params;
        for (field, filename, bytes) in uploads {
            inner.next_file += 1;
            let id = format!("file{}", inner.next_file);
            let size = bytes.len();
            inner.files.insert(id.clone(), (filename.clone(), bytes));
            params[field] = json!({ "upload": id, "filename": filename, "size": size });
        }
        let outage = match inner.outages.get_mut(&method) {
            Some(left) if *left > 0 => {
                *left -= 1;
                true
            }
            _ => false,
        };
        let response = if outage {
            json!({ "ok": false, "error_code": 502, "description": "Bad Gateway" })
        } else if let Some(secs) = inner.rate_limits.remove(&method) {
            json!({ "ok": false, "error_code": 429, "description": format!("Too Many Requests: retry after {secs}"), "parameters": { "retry_after": secs } })
        } else {
            apply(&mut inner, &method, &params)
        };
        // The answer is written out before the call is logged, so that the log takes the value
        // itself rather than a copy.
        let body = serde_json::to_vec(&response).unwrap_or_default();
        let seq = inner.calls.len();
        inner.calls.push(Call { seq, method, params, response });
        body
    };
    shared.changed.notify_waiters();
    ([(header::CONTENT_TYPE, "application/json")], response).into_response()
}

async fn get_updates(shared: &Shared, params: &Value) -> Value {
    let offset = params.get("offset").and_then(as_i64).unwrap_or(0);
    let timeout = params.get("timeout").and_then(as_i64).unwrap_or(0).clamp(0, 50) as u64;
    let deadline = Instant::now() + Duration::from_secs(timeout);
    loop {
        let notified = shared.updates_ready.notified();
        {
            let mut inner = shared.lock();
            inner.get_updates_polls += 1;
            // Telegram forgets updates once a later offset confirms them.
            while inner.updates.front().and_then(|u| u["update_id"].as_i64()).is_some_and(|id| id < offset) {
                inner.updates.pop_front();
            }
            if !inner.updates.is_empty() || Instant::now() >= deadline {
                let result: Vec<Value> = inner.updates.iter().cloned().collect();
                let seq = inner.calls.len();
                let response = ok(json!(result));
                if !result.is_empty() {
                    inner.calls.push(Call {
                        seq,
                        method: "getUpdates".into(),
                        params: params.clone(),
                        response: response.clone(),
                    });
                }
                drop(inner);
                shared.changed.notify_waiters();
                return response;
            }
        }
        let left = deadline.saturating_duration_since(Instant::now());
        let _ = tokio::time::timeout(left, notified).await;
    }
}

fn reply_markup(params: &Value) -> Option<Value> {
    match params.get("reply_markup") {
        Some(Value::String(s)) => serde_json::from_str(s).ok(),
        Some(Value::Null) | None => None,
        Some(v) => Some(v.clone()),
    }
}

fn upload_id(v: Option<&Value>) -> Option<(String, Option<String>)> {
    match v {
        Some(Value::Object(o)) => o
            .get("upload")
            .and_then(Value::as_str)
            .map(|id| (id.to_string(), o.get("filename").and_then(Value::as_str).map(str::to_string))),
        Some(Value::String(s)) => Some((s.clone(), None)),
        _ => None,
    }
}

/// The file field `name`, following `attach://<part>` to the uploaded part (teloxide sends every
/// upload that way).
fn attached<'a>(params: &'a Value, name: &str) -> Option<&'a Value> {
    match params.get(name) {
        Some(Value::String(s)) => match s.strip_prefix("attach://") {
            Some(part) => params.get(part),
            None => params.get(name),
        },
        other => other,
    }
}

fn apply(inner: &mut Inner, method: &str, params: &Value) -> Value {
    let chat_id = params.get("chat_id").and_then(as_i64);
    let message_id = params.get("message_id").and_then(as_i64);
    match method {
        "getFile" => {
            let id = params.get("file_id").and_then(Value::as_str).unwrap_or_default();
            match inner.files.get(id) {
                Some((_, bytes)) => ok(json!({
                    "file_id": id, "file_unique_id": id, "file_size": bytes.len(), "file_path": id
                })),
                None => err(400, "Bad Request: invalid file_id"),
            }
        }
        "getChatMember" => {
            let user_id = params.get("user_id").and_then(as_i64).unwrap_or_default();
            let user = inner
                .users
                .get(&user_id)
                .map(TestUser::json)
                .unwrap_or_else(|| json!({"id": user_id, "is_bot": false, "first_name": "?"}));
            if chat_id.is_some_and(|c| inner.owners.contains(&(c, user_id))) {
                ok(json!({"status": "creator", "user": user, "is_anonymous": false}))
            } else {
                ok(json!({"status": "member", "user": user}))
            }
        }
        "getMe" => ok(json!({
            "id": BOT_ID, "is_bot": true, "first_name": "Damas", "username": BOT_USERNAME,
            "can_join_groups": true, "can_read_all_group_messages": false, "supports_inline_queries": true,
            "can_connect_to_business": false, "has_main_web_app": false
        })),
        "deleteWebhook"
        | "setWebhook"
        | "setMyCommands"
        | "answerCallbackQuery"
        | "answerInlineQuery"
        | "setChatMenuButton"
        | "sendChatAction" => ok(json!(true)),
        "sendMessage" | "sendPhoto" | "sendDocument" => {
            let Some(chat_id) = chat_id else {
                return err(400, "Bad Request: chat_id is empty");
            };
            let message_id = inner.next_message_id;
            inner.next_message_id += 1;
            let (kind, file, file_name) = match method {
                "sendPhoto" => match upload_id(attached(params, "photo")) {
                    Some((id, name)) => ("photo", Some(id), name),
                    None => return err(400, "Bad Request: there is no photo in the request"),
                },
                "sendDocument" => match upload_id(attached(params, "document")) {
                    Some((id, name)) => ("document", Some(id), name),
                    None => return err(400, "Bad Request: there is no document in the request"),
                },
                _ => ("text", None, None),
            };
            let text =
                if kind == "text" { params.get("text").and_then(Value::as_str).map(str::to_string) } else { None };
            if kind == "text" && text.as_deref().is_none_or(str::is_empty) {
                return err(400, "Bad Request: message text is empty");
            }
            if text.as_ref().is_some_and(|t| t.chars().count() > 4096) {
                return err(400, "Bad Request: message is too long");
            }
            let caption = params.get("caption").and_then(Value::as_str).map(str::to_string);
            if caption.as_ref().is_some_and(|t| t.chars().count() > 1024) {
                return err(400, "Bad Request: message caption is too long");
            }
            let msg = ChatMessage {
                chat_id,
                message_id,
                from_bot: true,
                text,
                caption,
                file,
                file_name,
                kind,
                reply_markup: reply_markup(params),
                edits: 0,
            };
            let json = msg.to_json(&inner.users);
            inner.push_message(msg);
            ok(json)
        }
        "editMessageText" | "editMessageCaption" | "editMessageReplyMarkup" | "editMessageMedia"
            if params.get("inline_message_id").is_some() =>
        {
            edit_inline(inner, method, params)
        }
        "editMessageText" | "editMessageCaption" | "editMessageReplyMarkup" | "editMessageMedia" => {
            let (Some(chat_id), Some(message_id)) = (chat_id, message_id) else {
                return err(400, "Bad Request: message identifier is not specified");
            };
            let Inner { messages, message_at, users, .. } = inner;
            let Some(msg) = message_at.get(&(chat_id, message_id)).and_then(|&i| messages.get_mut(i)) else {
                return err(400, "Bad Request: message to edit not found");
            };
            if !msg.from_bot {
                return err(400, "Bad Request: message can't be edited");
            }
            let markup = reply_markup(params);
            let mut next = msg.without_markup();
            match method {
                "editMessageText" => {
                    if msg.kind != "text" {
                        return err(400, "Bad Request: there is no text in the message to edit");
                    }
                    next.text = params.get("text").and_then(Value::as_str).map(str::to_string);
                    next.reply_markup = markup;
                }
                "editMessageCaption" => {
                    next.caption = params.get("caption").and_then(Value::as_str).map(str::to_string);
                    next.reply_markup = markup;
                }
                "editMessageReplyMarkup" => next.reply_markup = markup,
                _ => {
                    let media: Value = match params.get("media") {
                        Some(Value::String(s)) => serde_json::from_str(s).unwrap_or(Value::Null),
                        Some(v) => v.clone(),
                        None => Value::Null,
                    };
                    let Some(reference) = media.get("media").and_then(Value::as_str) else {
                        return err(400, "Bad Request: media not specified");
                    };
                    let file = match reference.strip_prefix("attach://") {
                        Some(part) => match upload_id(params.get(part)) {
                            Some((id, _)) => id,
                            None => return err(400, "Bad Request: attached file not found"),
                        },
                        None => reference.to_string(),
                    };
                    next.kind = match media.get("type").and_then(Value::as_str) {
                        Some("document") => "document",
                        _ => "photo",
                    };
                    next.file = Some(file);
                    next.text = None;
                    next.caption = media.get("caption").and_then(Value::as_str).map(str::to_string);
                    next.reply_markup = markup;
                }
            }
            let same = method != "editMessageMedia"
                && next.text == msg.text
                && next.caption == msg.caption
                && next.reply_markup == msg.reply_markup;
            if same {
                return err(
                    400,
                    "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
                );
            }
            next.edits += 1;
            *msg = next;
            ok(msg.to_json(users))
        }
        _ => err(404, "Not Found: method not found"),
    }
}

/// Edits of a message sent through inline mode (no uploads there: a photo must be a URL or file id).
fn edit_inline(inner: &mut Inner, method: &str, params: &Value) -> Value {
    let Some(id) = params.get("inline_message_id").and_then(Value::as_str) else {
        return err(400, "Bad Request: message identifier is not specified");
    };
    let Some(msg) = inner.inline_messages.get_mut(id) else {
        return err(400, "Bad Request: MESSAGE_ID_INVALID");
    };
    let markup = reply_markup(params);
    let mut next = msg.without_markup();
    match method {
        "editMessageText" => {
            if msg.kind != "text" {
                return err(400, "Bad Request: there is no text in the message to edit");
            }
            next.text = params.get("text").and_then(Value::as_str).map(str::to_string);
            next.reply_markup = markup;
        }
        "editMessageCaption" => {
            next.caption = params.get("caption").and_then(Value::as_str).map(str::to_string);
            next.reply_markup = markup;
        }
        "editMessageReplyMarkup" => next.reply_markup = markup,
        _ => {
            let media: Value = match params.get("media") {
                Some(Value::String(s)) => serde_json::from_str(s).unwrap_or(Value::Null),
                Some(v) => v.clone(),
                None => Value::Null,
            };
            match media.get("media").and_then(Value::as_str) {
                Some(r) if !r.starts_with("attach://") => next.file = Some(r.to_string()),
                _ => return err(400, "Bad Request: can't upload file for inline messages"),
            }
            next.kind = "photo";
            next.text = None;
            next.caption = media.get("caption").and_then(Value::as_str).map(str::to_string);
            next.reply_markup = markup;
        }
    }
    if method != "editMessageMedia"
        && next.text == msg.text
        && next.caption == msg.caption
        && next.reply_markup == msg.reply_markup
    {
        return err(
            400,
            "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
        );
    }
    next.edits += 1;
    *msg = next;
    ok(json!(true))
}

/// Minimal multipart/form-data parsing: text fields become JSON strings (or JSON when they parse as
/// JSON objects/arrays, like reply_markup), file fields go to `uploads`.
fn parse_multipart(body: &[u8], boundary: &str, uploads: &mut Vec<(String, String, Vec<u8>)>) -> Value {
    let mut map = serde_json::Map::new();
    let delimiter = format!("--{boundary}");
    let parts = split_bytes(body, delimiter.as_bytes());
    for part in parts {
        let part = part.strip_prefix(b"\r\n").unwrap_or(part);
        if part.starts_with(b"--") || part.is_empty() {
            continue;
        }
        let Some(split) = find(part, b"\r\n\r\n") else { continue };
        let headers = String::from_utf8_lossy(&part[..split]).to_string();
        let mut content = &part[split + 4..];
        if content.ends_with(b"\r\n") {
            content = &content[..content.len() - 2];
        }
        let name = header_param(&headers, "name").unwrap_or_default();
        match header_param(&headers, "filename") {
            Some(filename) => uploads.push((name, filename, content.to_vec())),
            None => {
                let text = String::from_utf8_lossy(content).to_string();
                let value = match serde_json::from_str::<Value>(&text) {
                    Ok(v @ (Value::Object(_) | Value::Array(_))) => v,
                    _ => Value::String(text),
                };
                map.insert(name, value);
            }
        }
    }
    Value::Object(map)
}

fn header_param(headers: &str, key: &str) -> Option<String> {
    let needle = format!("{key}=\"");
    let lower = headers.to_string();
    let mut search = 0;
    while let Some(pos) = lower[search..].find(&needle) {
        let at = search + pos;
        // "filename=" also contains "name="; only accept a match at a parameter boundary.
        let boundary_ok = at == 0 || matches!(lower.as_bytes()[at - 1], b' ' | b';');
        let start = at + needle.len();
        if boundary_ok {
            let end = lower[start..].find('"')? + start;
            return Some(headers[start..end].to_string());
        }
        search = start;
    }
    None
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn split_bytes<'a>(mut body: &'a [u8], delimiter: &[u8]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    while let Some(pos) = find(body, delimiter) {
        out.push(&body[..pos]);
        body = &body[pos + delimiter.len()..];
    }
    out.push(body);
    out
}
