//! The bot end to end: the real `damas serve` binary talking to a fake Bot API.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a test stops at its first surprise

mod support;

use std::time::Duration;

use support::fake_telegram::{FakeTelegram, TestUser};
use support::{Damas, TOKEN, started};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn startup_sets_menus_and_stops_cleanly_on_ctrl_c() {
    let (fake, mut damas) = started(&[]).await;
    let calls = fake.calls();
    let pos = |m: &str| calls.iter().position(|c| c.method == m);
    assert!(pos("getMe").is_some() && pos("deleteWebhook").is_some(), "{calls:#?}");
    let menus = fake.calls_to("setMyCommands");
    let es = menus.iter().find(|c| c.str("language_code").as_deref() == Some("es")).expect("Spanish menu");
    let en = menus.iter().find(|c| c.str("language_code").as_deref() == Some("en")).expect("English menu");
    let names = |c: &support::fake_telegram::Call| -> Vec<String> {
        c.params["commands"].as_array().unwrap().iter().map(|x| x["command"].as_str().unwrap().to_string()).collect()
    };
    let spanish = [
        "jugar",
        "reglas",
        "tablero",
        "deshacer",
        "tablas",
        "abandonar",
        "pdn",
        "analizar",
        "problema",
        "variantes",
        "estadisticas",
        "ajustes",
        "idioma",
        "ayuda",
    ];
    let english = [
        "play", "rules", "board", "undo", "draw", "resign", "pdn", "analyse", "puzzle", "variants", "stats",
        "settings", "lang", "help",
    ];
    // Other commands may follow these; none in the wrong language.
    assert!(
        names(es).starts_with(&spanish.map(String::from)),
        "the Spanish menu has the Spanish names: {:?}",
        names(es)
    );
    assert!(names(en).starts_with(&english.map(String::from)), "{:?}", names(en));
    assert!(
        !names(es).iter().any(|n| ["play", "rules", "resign", "undo", "help"].contains(&n.as_str())),
        "{:?}",
        names(es)
    );
    let description = |c: &support::fake_telegram::Call, name: &str| -> String {
        c.params["commands"].as_array().unwrap().iter().find(|x| x["command"] == name).unwrap()["description"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(description(es, "abandonar"), "Abandonar la partida");
    assert_eq!(description(en, "resign"), "Resign the game");
    // Everyone else (no language_code) gets the English menu.
    let default = menus.iter().find(|c| c.params.get("language_code").is_none()).expect("default menu");
    assert_eq!(names(default), names(en));
    assert!(menus.iter().all(|c| c.ok()));
    assert!(!damas.log().contains(TOKEN.split(':').nth(1).unwrap()), "the token must not be logged");

    let status = damas.interrupt();
    assert!(status.success(), "exit status {status:?}; log:\n{}", damas.log());
    assert!(damas.log().contains("stopped"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_help_and_language() {
    let (fake, _damas) = started(&[]).await;
    let ana = TestUser::new(1001, "Ana", Some("es"));
    let bob = TestUser::new(1002, "Bob <b>", Some("en-GB"));

    let n = fake.call_count();
    fake.send_text(&ana, "/start");
    let m = fake.wait_sent(n, ana.id).await;
    assert!(m.body().contains("¡Hola, Ana!"), "{}", m.body());
    let count = format!("en {} variantes", damas::rules::VariantId::ALL.len());
    assert!(m.body().contains(&count), "the welcome counts the variants: {}", m.body());

    let n = fake.call_count();
    fake.send_text(&bob, "/start");
    let m = fake.wait_sent(n, bob.id).await;
    assert!(m.body().contains("Hello, Bob &lt;b&gt;!"), "user text is escaped: {}", m.body());
    let count = format!("in {} variants", damas::rules::VariantId::ALL.len());
    assert!(m.body().contains(&count), "the English welcome counts the variants too: {}", m.body());

    let n = fake.call_count();
    fake.send_text(&ana, "/ayuda");
    let m = fake.wait_sent(n, ana.id).await;
    assert!(m.body().contains("/abandonar"), "{}", m.body());

    // /lang overrides Telegram's language_code, for every later message.
    let n = fake.call_count();
    fake.send_text(&ana, "/lang en");
    assert!(fake.wait_sent(n, ana.id).await.body().contains("English"));
    let n = fake.call_count();
    fake.send_text(&ana, "/help");
    assert!(fake.wait_sent(n, ana.id).await.body().contains("Commands"));

    // ...and back through the buttons.
    let n = fake.call_count();
    fake.send_text(&ana, "/idioma");
    let menu = fake.wait_sent(n, ana.id).await;
    let n = fake.call_count();
    let cq = fake.tap(&ana, menu.message_id, "m:lang:es");
    let answer = fake
        .wait_call(n, "the tap to be answered", |c| {
            c.method == "answerCallbackQuery" && c.str("callback_query_id").as_deref() == Some(cq.as_str())
        })
        .await;
    assert!(answer.ok());
    assert!(fake.wait_sent(n, ana.id).await.body().contains("español"));

    let n = fake.call_count();
    fake.send_text(&bob, "/frobnicate");
    let bob_reply = fake.wait_sent(n, bob.id).await;
    assert!(bob_reply.body().contains("/help"));

    // Buttons this bot never made (or no longer makes) change nothing and say so, in the user's
    // language; the Spanish menu above is still the user's choice afterwards.
    let (ana_message, bob_message) = (menu.message_id, bob_reply.message_id);
    for (user, message, data, said) in [
        (&bob, bob_message, "zzz", "out of date"),
        (&ana, ana_message, "m:lang:xx", "desfasado"),
        (&bob, bob_message, "dy:x:y", "out of date"),
    ] {
        let n = fake.call_count();
        let cq = fake.tap(user, message, data);
        let answer =
            fake.wait_until(Duration::from_secs(10), "the forged tap answered", |f| f.callback_answer(&cq)).await;
        assert!(answer.contains(said), "{data}: {answer:?}");
        let sent: Vec<String> = fake.calls()[n..]
            .iter()
            .filter(|c| c.method.starts_with("send") || c.method.starts_with("edit"))
            .map(|c| c.method.clone())
            .collect();
        assert!(sent.is_empty(), "{data}: {sent:?}");
    }
}

/// Each of the eight languages: its own command menu, Telegram's language followed, `/lang` by code
/// or name, the localized command names, and the rules in the variant's home language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_language_has_its_menu_messages_and_rules() {
    use damas::i18n::{Lang, t, tf};
    use damas::rulebook::{self, Topic};
    use damas::rules::VariantId;

    let (fake, _damas) = started(&[]).await;
    let menus = fake.calls_to("setMyCommands");
    let names = |c: &support::fake_telegram::Call| -> Vec<(String, String)> {
        c.params["commands"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| (x["command"].as_str().unwrap().to_string(), x["description"].as_str().unwrap().to_string()))
            .collect()
    };
    for (lang, play, resign) in [
        (Lang::Ru, "play", "resign"),
        (Lang::Pt, "jogar", "desistir"),
        (Lang::Tr, "oyna", "pes"),
        (Lang::It, "gioca", "abbandona"),
        (Lang::Fr, "jouer", "abandon"),
        (Lang::Nl, "spelen", "opgeven"),
    ] {
        let menu = menus
            .iter()
            .find(|c| c.str("language_code").as_deref() == Some(lang.code()))
            .unwrap_or_else(|| panic!("no {lang} menu"));
        let menu = names(menu);
        assert_eq!(menu[0], (play.to_string(), t(lang, "cmd-play")), "{lang}");
        assert!(menu.contains(&(resign.to_string(), t(lang, "cmd-resign"))), "{lang}: {menu:?}");
        assert_ne!(t(lang, "cmd-resign"), t(Lang::En, "cmd-resign"), "{lang} menu is translated");
    }

    // Telegram's language is followed: Russian, and Brazilian Portuguese from "pt-br".
    let ivan = TestUser::new(3001, "Иван", Some("ru"));
    let n = fake.call_count();
    fake.send_text(&ivan, "/start");
    let count = damas::rules::VariantId::ALL.len().to_string();
    let welcome = tf(Lang::Ru, "welcome", &[("name", &"Иван"), ("count", &count.as_str())]);
    assert_eq!(fake.wait_sent(n, ivan.id).await.body(), welcome);
    let n = fake.call_count();
    fake.send_text(&ivan, "/rules russian взятие");
    let answer = fake.wait_sent(n, ivan.id).await.body();
    let capture = rulebook::text(VariantId::Russian, Lang::Ru, Topic::Capture).unwrap();
    assert!(rulebook::is_translated(VariantId::Russian, Lang::Ru).unwrap());
    assert_eq!(answer, capture, "the Russian rules in Russian");

    let joao = TestUser::new(3002, "João", Some("pt-br"));
    let n = fake.call_count();
    fake.send_text(&joao, "/ajuda");
    assert_eq!(fake.wait_sent(n, joao.id).await.body(), t(Lang::Pt, "help"));

    // /lang by code, by the language's own name, and by the menu's buttons (all eight).
    for (word, lang) in [("tr", Lang::Tr), ("Italiano", Lang::It), ("français", Lang::Fr)] {
        let n = fake.call_count();
        fake.send_text(&joao, &format!("/idioma {word}"));
        assert_eq!(fake.wait_sent(n, joao.id).await.body(), t(lang, "lang-set"), "{word}");
    }
    let n = fake.call_count();
    fake.send_text(&joao, "/lang");
    let menu = fake.wait_sent(n, joao.id).await;
    assert_eq!(menu.buttons().len(), 8, "{:?}", menu.buttons());
    let n = fake.call_count();
    fake.tap(&joao, menu.message_id, "m:lang:nl");
    assert_eq!(fake.wait_sent(n, joao.id).await.body(), t(Lang::Nl, "lang-set"));
    let n = fake.call_count();
    fake.send_text(&joao, "/regels");
    assert_eq!(fake.wait_sent(n, joao.id).await.body(), t(Lang::Nl, "rules-choose-variant"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_menu_asks_for_what_is_missing_and_settings_toggle() {
    let (fake, _damas) = started(&[]).await;
    let eva = TestUser::new(2001, "Eva", Some("en"));

    let n = fake.call_count();
    fake.send_text(&eva, "/play");
    let menu = fake.wait_sent(n, eva.id).await;
    assert!(
        menu.buttons().iter().any(|(l, d)| l.contains("International") && d == "m:play:international"),
        "{:?}",
        menu.buttons()
    );

    let n = fake.call_count();
    fake.tap_label(&eva, "International");
    let edited = fake
        .wait_until(Duration::from_secs(20), "the level question", |f| {
            f.message(eva.id, menu.message_id).filter(|m| m.body().contains("level"))
        })
        .await;
    assert_eq!(edited.buttons().len(), 4, "easy, medium, hard, master");
    assert!(fake.calls().iter().skip(n).all(|c| c.method != "sendMessage"), "the menu is edited in place");

    fake.tap_label(&eva, "hard");
    let edited = fake
        .wait_until(Duration::from_secs(20), "the colour question", |f| {
            f.message(eva.id, menu.message_id).filter(|m| m.body().contains("colour"))
        })
        .await;
    assert!(edited.buttons().iter().any(|(_, d)| d == "m:play:international:3:black"));

    let n = fake.call_count();
    fake.send_text(&eva, "/play checkers 9");
    assert!(fake.wait_sent(n, eva.id).await.body().contains("from 1 to 4"));
    let n = fake.call_count();
    fake.send_text(&eva, "/play polish");
    assert!(fake.wait_sent(n, eva.id).await.body().contains("polish"));

    let n = fake.call_count();
    fake.send_text(&eva, "/settings");
    let s = fake.wait_sent(n, eva.id).await;
    assert!(s.body().contains("Board: image"), "{}", s.body());
    fake.rate_limit_next("editMessageText", 1);
    fake.tap(&eva, s.message_id, "m:set:board");
    let after = fake
        .wait_until(Duration::from_secs(20), "the settings to change", |f| {
            f.message(eva.id, s.message_id).filter(|m| m.body().contains("Board: buttons"))
        })
        .await;
    assert_eq!(after.edits, 1);
    let edits = fake.calls_to("editMessageText");
    assert_eq!(edits.iter().filter(|c| !c.ok()).count(), 1, "one 429, then the retry succeeded");
    assert!(edits.iter().all(|c| !c.response.to_string().contains("not modified")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_server_alone_without_token() {
    let dir = tempfile::tempdir().unwrap();
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_damas"))
        .current_dir(dir.path())
        .env_remove("TELEGRAM_BOT_TOKEN")
        .env_remove("REDIS_URL")
        .env("DAMAS_HTTP_BIND", format!("127.0.0.1:{port}"))
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let client = reqwest::Client::new();
    let url = format!("http://127.0.0.1:{port}/healthz");
    let mut ok = false;
    for _ in 0..200 {
        if let Ok(r) = client.get(&url).send().await {
            ok = r.status().is_success() && r.text().await.unwrap_or_default() == "ok";
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let ready = client.get(format!("http://127.0.0.1:{port}/readyz")).send().await.map(|r| r.status().as_u16());
    let _ = child.kill();
    let _ = child.wait();
    assert!(ok, "healthz answered");
    assert_eq!(ready.ok(), Some(200));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_lookup_in_both_languages() {
    let (fake, _damas) = started(&[]).await;
    let ann = TestUser::new(3001, "Ann", Some("en-US"));
    let pepe = TestUser::new(3002, "Pepe", Some("es-ES"));

    // English: the menu, a variant's overview, then a topic through its button.
    let n = fake.call_count();
    fake.send_text(&ann, "/rules");
    let menu = fake.wait_sent(n, ann.id).await;
    assert_eq!(menu.buttons().len(), damas::rules::VariantId::ALL.len(), "{:?}", menu.buttons());
    let n = fake.call_count();
    fake.tap(&ann, menu.message_id, "m:rules:international");
    let overview = fake.wait_sent(n, ann.id).await;
    assert!(overview.body().contains("Topics") && overview.body().contains("International"), "{}", overview.body());
    assert_eq!(overview.buttons().len(), 6);
    let n = fake.call_count();
    fake.tap_label(&ann, "capture");
    let capture = fake.wait_sent(n, ann.id).await;
    assert!(capture.body().to_lowercase().contains("captur"), "{}", capture.body());
    assert_ne!(capture.body(), overview.body());
    assert!(!capture.buttons().iter().any(|(l, _)| l == "capture"), "the shown topic is not offered again");

    // Spanish: everything on one line, with Spanish names.
    let n = fake.call_count();
    fake.send_text(&pepe, "/reglas españolas coronación");
    let promo = fake.wait_sent(n, pepe.id).await;
    assert!(promo.body().contains("dama") || promo.body().contains("corona"), "{}", promo.body());
    assert!(promo.buttons().iter().any(|(l, _)| l == "captura"), "{:?}", promo.buttons());

    let n = fake.call_count();
    fake.send_text(&pepe, "/reglas rusas preguntas");
    let faq = fake.wait_sent(n, pepe.id).await;
    assert!(!faq.body().is_empty());

    let n = fake.call_count();
    fake.send_text(&pepe, "/reglas polacas");
    assert!(fake.wait_sent(n, pepe.id).await.body().contains("No conozco la variante"));
    let n = fake.call_count();
    fake.send_text(&ann, "/rules english castling");
    let m = fake.wait_sent(n, ann.id).await;
    assert!(m.body().contains("castling") && m.body().contains("movement"), "{}", m.body());

    // Deep link from a shared t.me link.
    let n = fake.call_count();
    fake.send_text(&ann, "/start rules_turkish");
    assert!(fake.wait_sent(n, ann.id).await.body().contains("Turkish"));

    // Every long text made it: the fake refuses messages over Telegram's limit.
    assert!(fake.calls_to("sendMessage").iter().all(|c| c.ok()), "a message was refused");
}

/// With Redis, what a user chose survives a restart of the bot (the process keeps nothing itself).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn restart_with_redis_keeps_user_choices() {
    let redis = std::env::var("REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379/0".into());
    let fake = FakeTelegram::start(TOKEN).await;
    // A fresh user id per run, so an earlier run's data cannot make this pass.
    let id = 4_000_000
        + (std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_micros() % 1_000_000) as i64;
    let kim = TestUser::new(id, "Kim", Some("en"));

    let mut first = Damas::start(&fake.url(), &[("REDIS_URL", &redis)]);
    fake.wait_until(Duration::from_secs(30), "the first process to poll", |f| {
        (f.get_updates_polls() > 0).then_some(())
    })
    .await;
    let n = fake.call_count();
    fake.send_text(&kim, "/settings");
    let s = fake.wait_sent(n, kim.id).await;
    fake.tap(&kim, s.message_id, "m:set:board");
    fake.wait_until(Duration::from_secs(20), "the board setting to change", |f| {
        f.message(kim.id, s.message_id).filter(|m| m.body().contains("buttons"))
    })
    .await;
    let n = fake.call_count();
    fake.send_text(&kim, "/lang es");
    fake.wait_sent(n, kim.id).await;
    assert!(first.interrupt().success(), "{}", first.log());

    let polls = fake.get_updates_polls();
    let _second = Damas::start(&fake.url(), &[("REDIS_URL", &redis)]);
    fake.wait_until(Duration::from_secs(30), "the second process to poll", |f| {
        (f.get_updates_polls() > polls).then_some(())
    })
    .await;
    let n = fake.call_count();
    fake.send_text(&kim, "/settings");
    let s = fake.wait_sent(n, kim.id).await;
    assert!(s.body().contains("Ajustes") && s.body().contains("botones"), "{}", s.body());
}
