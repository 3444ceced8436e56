// damas Mini App. Works inside Telegram (initData from Telegram.WebApp or from the launch URL's
// #tgWebAppData) and, when the server allows guests, in any browser without Telegram.
// All rules live on the server: the page only offers the legal moves the API lists.
(function () {
  "use strict";

  // ---------------------------------------------------------------------------------------------
  // Texts

  // The texts come from the server's catalogues (/app/static/i18n/<code>.json), one language at a
  // time; until they arrive the page shows the HTML's own English words.
  var CODES = ["es", "en", "ru", "pt", "tr", "it", "fr", "nl"];
  var STR = null, VARIANT_NAMES = {}, LANGS = [];

  // ---------------------------------------------------------------------------------------------
  // Telegram: the official script's object when present, else the documented postEvent bridge.

  var hash = new URLSearchParams(location.hash.slice(1));
  var query = new URLSearchParams(location.search);
  var tg = window.Telegram && window.Telegram.WebApp && window.Telegram.WebApp.initData ? window.Telegram.WebApp : null;
  var initData = tg ? tg.initData : (hash.get("tgWebAppData") || sessionStorage.getItem("damas.initData") || "");
  if (initData) { sessionStorage.setItem("damas.initData", initData); }
  var inTelegram = !!initData;

  function postEvent(type, data) {
    var payload = JSON.stringify(data || {});
    try {
      if (window.TelegramWebviewProxy && window.TelegramWebviewProxy.postEvent) {
        window.TelegramWebviewProxy.postEvent(type, payload);
      } else if (window.external && "notify" in window.external) {
        window.external.notify(JSON.stringify({ eventType: type, eventData: data || {} }));
      } else if (window.parent !== window) {
        window.parent.postMessage(JSON.stringify({ eventType: type, eventData: data || {} }), "*");
      }
    } catch (e) { /* not inside Telegram after all */ }
  }

  var haptic = {
    select: function () {
      if (!inTelegram) return;
      if (tg && tg.HapticFeedback) tg.HapticFeedback.selectionChanged();
      else postEvent("web_app_trigger_haptic_feedback", { type: "selection_change" });
    },
    impact: function (style) {
      if (!inTelegram) return;
      if (tg && tg.HapticFeedback) tg.HapticFeedback.impactOccurred(style || "light");
      else postEvent("web_app_trigger_haptic_feedback", { type: "impact", impact_style: style || "light" });
    },
    notify: function (kind) {
      if (!inTelegram) return;
      if (tg && tg.HapticFeedback) tg.HapticFeedback.notificationOccurred(kind);
      else postEvent("web_app_trigger_haptic_feedback", { type: "notification", notification_type: kind });
    }
  };

  function telegramSetup() {
    if (!inTelegram) return;
    if (tg) {
      tg.ready();
      tg.expand();
      if (tg.disableVerticalSwipes) tg.disableVerticalSwipes();
    } else {
      postEvent("web_app_ready");
      postEvent("web_app_expand");
      postEvent("web_app_setup_swipe_behavior", { allow_vertical_swipe: false });
    }
  }

  function themeParams() {
    if (tg && tg.themeParams) return tg.themeParams;
    try { return JSON.parse(hash.get("tgWebAppThemeParams") || "null"); } catch (e) { return null; }
  }

  function luminance(hex) {
    var m = /^#?([0-9a-f]{6})$/i.exec(hex || "");
    if (!m) return 1;
    var n = parseInt(m[1], 16);
    return (0.2126 * (n >> 16 & 255) + 0.7152 * (n >> 8 & 255) + 0.0722 * (n & 255)) / 255;
  }

  var boardTheme = "light";
  function applyTheme() {
    var p = inTelegram ? themeParams() : null;
    var root = document.documentElement;
    if (p && p.bg_color) {
      root.classList.add("tg");
      var map = { bg_color: "bg", secondary_bg_color: "secondary-bg", text_color: "text", hint_color: "hint",
        button_color: "button", button_text_color: "button-text", section_separator_color: "section-separator",
        destructive_text_color: "destructive" };
      Object.keys(map).forEach(function (k) { if (p[k]) root.style.setProperty("--tg-" + map[k], p[k]); });
      boardTheme = luminance(p.bg_color) < 0.4 ? "dark" : "light";
    } else {
      boardTheme = window.matchMedia && matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Language

  function initUser() {
    try { return JSON.parse(new URLSearchParams(initData).get("user") || "null"); } catch (e) { return null; }
  }
  // Telegram's language_code (or the browser's) to one of ours, as the bot reads it.
  function pickLang(code) {
    var primary = String(code || "").toLowerCase().split(/[-_]/)[0];
    var alias = { ca: "es", gl: "es", eu: "es", ast: "es", be: "ru", kk: "ru", fy: "nl" };
    primary = alias[primary] || primary;
    return CODES.indexOf(primary) >= 0 ? primary : "en";
  }
  var lang = localStorage.getItem("damas.lang");
  if (CODES.indexOf(lang) < 0) {
    var u = initUser();
    lang = pickLang((u && u.language_code) || navigator.language);
  }
  function loadLang(code) {
    return fetch("/app/static/i18n/" + code + ".json").then(function (r) {
      if (!r.ok) throw new Error("strings " + r.status);
      return r.json();
    }).then(function (j) {
      STR = j.text;
      VARIANT_NAMES = j.variants;
      LANGS = j.langs;
      lang = code;
    });
  }
  function t(key, args) {
    var s = (STR && STR[key]) || key;
    if (args) s = s.replace(/\{\s*\$(\w+)\s*\}/g, function (m, k) { return k in args ? String(args[k]) : m; });
    return s;
  }
  function translatePage() {
    document.documentElement.lang = lang;
    document.querySelectorAll("[data-i18n]").forEach(function (el) { el.textContent = t(el.getAttribute("data-i18n")); });
    document.querySelectorAll("[data-i18n-label]").forEach(function (el) {
      var text = t(el.getAttribute("data-i18n-label"));
      el.setAttribute("aria-label", text);
      el.setAttribute("title", text);
    });
    $("board-view").setAttribute("aria-label", t("board_label"));
    $("moves").setAttribute("aria-label", t("moves"));
    var select = $("lang-select");
    select.innerHTML = "";
    LANGS.forEach(function (l) {
      var o = document.createElement("option");
      o.value = l.code;
      o.textContent = l.name;
      select.appendChild(o);
    });
    select.value = lang;
    select.setAttribute("aria-label", t("language"));
    if (info) fillVariants();
    if (game) render(game);
  }

  // ---------------------------------------------------------------------------------------------
  // API

  function $(id) { return document.getElementById(id); }
  var token = null;
  var info = null;
  var game = null;
  // The viewer turned the board around (kept per game in this browser).
  var turned = false;

  function api(method, path, body) {
    var sep = path.indexOf("?") < 0 ? "?" : "&";
    var drawn = path.indexOf("/api/games") === 0 || path.indexOf("/api/puzzles") === 0;
    var url = path + (drawn ? sep + "theme=" + boardTheme + (turned ? "&turned=true" : "") : "");
    var headers = { "Accept": "application/json" };
    if (token) headers.Authorization = "Bearer " + token;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    return fetch(url, { method: method, headers: headers, body: body === undefined ? undefined : JSON.stringify(body) })
      .then(function (r) {
        return r.text().then(function (text) {
          var data = null;
          try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
          if (!r.ok) {
            var err = new Error((data && data.message) || ("HTTP " + r.status));
            err.code = (data && data.error) || "other";
            err.status = r.status;
            err.reason = data && data.reason;
            throw err;
          }
          return data;
        });
      }, function () {
        var err = new Error("network");
        err.code = "network";
        throw err;
      });
  }

  // The rules' reason for refusing a move, in the page's language (tags of the bot's wording removed).
  function reasonText(reason) {
    var key = reason.kind === "priority_required" ? "reason_priority_" + reason.rule : "reason_" + reason.kind;
    if (!STR || !STR[key]) return null;
    return t(key, reason).replace(/<[^>]*>/g, "");
  }

  function errorText(err) {
    if (err.code === "network") return t("network");
    if (err.code === "illegal_move" && err.reason) {
      var why = reasonText(err.reason);
      if (why) return why;
    }
    var key = "e_" + err.code;
    return STR && STR[key] ? t(key) : (t("e_other") + " (" + err.message + ")");
  }

  function signIn() {
    if (initData) {
      return api("POST", "/api/session", { init_data: initData }).then(function (s) {
        token = s.token;
        return s;
      });
    }
    if (!info.guest) {
      var err = new Error("telegram");
      err.code = "telegram";
      return Promise.reject(err);
    }
    var saved = localStorage.getItem("damas.guest");
    var check = saved ? (token = saved, api("GET", "/api/games").then(function () { return { token: saved }; }, function () { return null; }))
      : Promise.resolve(null);
    return check.then(function (ok) {
      if (ok) return ok;
      token = null;
      return api("POST", "/api/session/guest", { name: t("guest_name") }).then(function (s) {
        token = s.token;
        localStorage.setItem("damas.guest", s.token);
        return s;
      });
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Screens

  function show(name) {
    ["loading", "error", "new", "game"].forEach(function (n) { $("screen-" + n).hidden = n !== name; });
  }

  function fail(text) {
    $("error-text").textContent = text;
    show("error");
  }

  var choice = { opponent: "engine", color: "white", level: 3 };

  function fillVariants() {
    var select = $("variant");
    var current = select.value || localStorage.getItem("damas.variant") || "international";
    select.innerHTML = "";
    info.variants.forEach(function (v) {
      var o = document.createElement("option");
      o.value = v.id;
      o.textContent = VARIANT_NAMES[v.id] || v.name_en;
      select.appendChild(o);
    });
    select.value = current;
    if (!select.value) select.value = "international";
  }

  function segment(id, key) {
    var box = $(id);
    box.querySelectorAll("button").forEach(function (b) {
      var on = b.getAttribute("data-value") === String(choice[key]);
      b.classList.toggle("on", on);
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.onclick = function () {
        choice[key] = key === "level" ? Number(b.getAttribute("data-value")) : b.getAttribute("data-value");
        haptic.select();
        segment(id, key);
        $("level-field").hidden = choice.opponent !== "engine";
      };
    });
  }

  function showNewGame() {
    stopLive();
    game = null;
    history.replaceState(null, "", "/app" + location.hash);
    $("bar-title").textContent = "";
    fillVariants();
    var levels = $("level");
    if (!levels.children.length) {
      for (var i = 1; i <= info.max_level; i++) {
        var b = document.createElement("button");
        b.type = "button";
        b.setAttribute("data-value", String(i));
        b.textContent = String(i);
        levels.appendChild(b);
      }
    }
    choice.level = Number(localStorage.getItem("damas.level")) || info.default_level;
    segment("opponent", "opponent");
    segment("color", "color");
    segment("level", "level");
    $("level-field").hidden = choice.opponent !== "engine";
    $("guest-note").hidden = inTelegram;
    puzzleButton();
    show("new");
    api("GET", "/api/games").then(function (list) {
      var ul = $("my-games");
      ul.innerHTML = "";
      list.forEach(function (g) {
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = "/app?game=" + encodeURIComponent(g.id);
        a.textContent = g.white + " – " + g.black;
        a.onclick = function (ev) { ev.preventDefault(); openGame(g.id); };
        var s = document.createElement("span");
        s.className = "muted small";
        s.textContent = variantName(g.variant) + (g.your_turn ? " · " + t("your_turn") : "");
        li.appendChild(a);
        li.appendChild(s);
        ul.appendChild(li);
      });
      $("my-games-card").hidden = list.length === 0;
    }, function () { $("my-games-card").hidden = true; });
  }

  // The puzzles button takes the chosen variant, and is there only when that variant has a set.
  function puzzleButton() {
    var sets = (info && info.puzzles) || [];
    $("btn-puzzles").hidden = sets.indexOf($("variant").value) < 0;
  }

  function variantName(id) {
    var v = info && info.variants.filter(function (x) { return x.id === id; })[0];
    return v ? (VARIANT_NAMES[v.id] || v.name_en) : id;
  }

  function startGame() {
    var button = $("start");
    turned = false;
    button.disabled = true;
    localStorage.setItem("damas.variant", $("variant").value);
    localStorage.setItem("damas.level", String(choice.level));
    api("POST", "/api/games", { variant: $("variant").value, opponent: choice.opponent, color: choice.color, level: choice.level })
      .then(function (view) {
        button.disabled = false;
        haptic.impact("medium");
        enterGame(view);
      }, function (err) {
        button.disabled = false;
        fail(errorText(err));
      });
  }

  // ---------------------------------------------------------------------------------------------
  // The game

  var live = null;
  var selected = null;
  var resignArmed = false;

  function openGame(id) {
    turned = localStorage.getItem("damas.turned." + id) === "1";
    show("loading");
    api("GET", "/api/games/" + encodeURIComponent(id)).then(enterGame, function (err) {
      if (err.status === 404) { fail(t("no_game")); } else { fail(errorText(err)); }
    });
  }

  function enterGame(view) {
    selected = null;
    if (view.turned !== (localStorage.getItem("damas.turned." + view.id) === "1")) {
      // The stored choice for this game differs from what the answer was drawn with.
      turned = !view.turned;
      openGame(view.id);
      return;
    }
    turned = view.turned;
    history.replaceState(null, "", "/app?game=" + encodeURIComponent(view.id) + location.hash);
    show("game");
    render(view);
    startLive(view.id);
  }

  var streamSvg = null;

  // n keeps n lines of the old drawing, -n skips n, an array inserts its lines; null when the
  // patch was made for another drawing than the one held.
  function applyPatch(old, patch) {
    var lines = old.split("\n");
    if (lines.length !== patch.base) return null;
    var out = [], at = 0;
    for (var i = 0; i < patch.ops.length; i++) {
      var op = patch.ops[i];
      if (typeof op === "number") {
        if (op >= 0) { if (at + op > lines.length) return null; out.push.apply(out, lines.slice(at, at + op)); at += op; }
        else at -= op;
      } else {
        out.push.apply(out, op);
      }
    }
    return at === lines.length && out.length === patch.lines ? out.join("\n") : null;
  }

  function stopLive() {
    if (live) { live.close(); live = null; }
  }

  function startLive(id) {
    stopLive();
    var url = "/api/games/" + encodeURIComponent(id) + "/events?token=" + encodeURIComponent(token) + "&theme=" + boardTheme + (turned ? "&turned=true" : "");
    live = new EventSource(url);
    streamSvg = null;
    live.addEventListener("game", function (ev) {
      var view;
      try { view = JSON.parse(ev.data); } catch (e) { return; }
      // After the first drawing the stream sends only the lines that changed.
      if (view.svg_patch) {
        var svg = streamSvg === null ? null : applyPatch(streamSvg, view.svg_patch);
        if (svg === null) { startLive(id); return; }
        view.svg = svg;
        delete view.svg_patch;
      }
      streamSvg = view.svg;
      if (!game || view.id !== game.id || view.version > game.version) {
        var moved = game && view.moves.length > game.moves.length && view.last && view.legal.length > 0;
        render(view);
        if (moved) haptic.impact("light");
      }
    });
    live.addEventListener("gone", function () { stopLive(); fail(t("no_game")); });
    live.onerror = function () {
      if (live && live.readyState === EventSource.CONNECTING) notice(t("live_lost"), "");
    };
    live.onopen = function () { if (game) renderNotice(game); };
  }

  function notice(text, kind) {
    var n = $("notice");
    n.textContent = text;
    n.className = "notice" + (kind ? " " + kind : "");
  }

  function isMine(color) { return game.you.indexOf(color) >= 0; }
  function myTurn(view) { return view.status === "active" && view.legal.length > 0; }

  function playerLine(el, view, color) {
    var p = view[color];
    el.innerHTML = "";
    var disc = document.createElement("span");
    disc.className = "disc " + color;
    var name = document.createElement("span");
    name.className = "name";
    name.textContent = p.kind === "open" ? t("waiting_seat") : (p.kind === "engine" ? t("engine") : p.name);
    var tag = document.createElement("span");
    tag.className = "tag";
    tag.textContent = p.you ? "(" + t("you") + ")" : (p.kind === "engine" ? t("engine_level", { n: p.level }) : "");
    var turn = document.createElement("span");
    turn.className = "turn" + (p.kind === "engine" ? " thinking" : "");
    turn.textContent = p.you ? t("your_turn") : (p.kind === "engine" ? t("thinking") : t("to_move"));
    el.appendChild(disc);
    el.appendChild(name);
    el.appendChild(tag);
    el.appendChild(turn);
    el.classList.toggle("moving", view.status === "active" && view.turn === color);
    el.setAttribute("data-color", color);
  }

  function resultText(view) {
    var r = view.result;
    if (view.status === "aborted" || !r) return t("aborted");
    var head;
    if (!r.winner) head = t("draw_result");
    else if (view.you.length === 1) head = isMine(r.winner) ? t("you_win") : t("you_lose");
    else head = t(r.winner === "white" ? "white_wins" : "black_wins");
    var why = t("r_" + r.reason.kind);
    return why && why !== "r_" + r.reason.kind ? head + " · " + why : head;
  }

  function renderNotice(view) {
    if (view.puzzle) {
      notice(view.puzzle.done ? t("puzzle_done") : t("puzzle_find", { side: t(view.turn) }), "");
      return;
    }
    if (view.status === "finished" || view.status === "aborted") { notice(resultText(view), "over"); return; }
    if (view.status === "waiting") { notice(t("waiting"), ""); return; }
    if (myTurn(view)) { notice(t("your_turn"), ""); return; }
    var mover = view[view.turn];
    notice(mover.kind === "engine" ? t("thinking") + "…" : t("their_turn", { name: mover.kind === "open" ? "?" : mover.name }), "");
  }

  function render(view) {
    var changed = !game || game.id !== view.id || game.version !== view.version || !game.puzzle !== !view.puzzle;
    game = view;
    if (changed) selected = null;
    resignArmed = false;
    document.body.setAttribute("data-game", view.id);
    document.body.setAttribute("data-status", view.status);
    document.body.setAttribute("data-ply", String(view.moves.length));
    document.body.setAttribute("data-my-turn", myTurn(view) ? "1" : "0");
    $("bar-title").textContent = variantName(view.variant.id);
    $("variant-name").textContent = variantName(view.variant.id);
    var bottom = view.flip ? "black" : "white";
    var top = view.flip ? "white" : "black";
    playerLine($("player-top"), view, top);
    playerLine($("player-bottom"), view, bottom);
    $("player-top").hidden = $("player-bottom").hidden = !!view.puzzle;
    $("puzzle-bar").hidden = !view.puzzle;
    if (view.puzzle) puzzleCaption(view);
    $("board-view").innerHTML = view.svg;
    decorate();
    renderNotice(view);
    renderMoves(view);
    renderControls(view);
    $("choices").hidden = true;
  }

  function renderMoves(view) {
    var ol = $("moves");
    ol.innerHTML = "";
    for (var i = 0; i < view.moves.length; i += 2) {
      var li = document.createElement("li");
      var n = document.createElement("span");
      n.className = "n";
      n.textContent = (i / 2 + 1) + ".";
      li.appendChild(n);
      for (var j = i; j < Math.min(i + 2, view.moves.length); j++) {
        // A space between the parts, so that the list reads "1. 32-28 19-23", not "1.32-2819-23".
        li.appendChild(document.createTextNode(" "));
        var m = document.createElement("span");
        m.className = "m" + (j === view.moves.length - 1 ? " last" : "");
        m.textContent = view.moves[j];
        li.appendChild(m);
      }
      ol.appendChild(li);
    }
    ol.scrollTop = ol.scrollHeight;
  }

  function renderControls(view) {
    if (view.puzzle) {
      ["btn-takeback", "btn-draw", "btn-resign", "btn-rematch", "btn-analysis"].forEach(function (b) { $(b).hidden = true; });
      ["analysis", "share", "join", "offer"].forEach(function (b) { $(b).hidden = true; });
      $("actions").hidden = false;
      $("legend").hidden = !(myTurn(view) && view.legal.some(function (m) { return m.captures.length > 0; }));
      $("puzzle-hint").disabled = $("puzzle-solution").disabled = view.puzzle.done;
      return;
    }
    ["btn-takeback", "btn-draw", "btn-resign"].forEach(function (b) { $(b).hidden = false; });
    var active = view.status === "active";
    var over = view.status === "finished" || view.status === "aborted";
    var playing = view.you.length > 0;
    var opponentIsEngine = playing && view[view.you[0] === "white" ? "black" : "white"].kind === "engine";
    $("actions").hidden = !playing;
    $("btn-takeback").disabled = !(active && playing && view.moves.length > 0);
    $("btn-draw").disabled = !(active && playing);
    // Against the engine the button stays, greyed, and says why when tapped.
    $("btn-draw").classList.toggle("off", opponentIsEngine);
    $("btn-draw").setAttribute("aria-disabled", opponentIsEngine ? "true" : "false");
    $("legend").hidden = !(myTurn(view) && view.legal.some(function (m) { return m.captures.length > 0; }));
    $("btn-resign").disabled = !((active || view.status === "waiting") && playing);
    $("btn-resign").textContent = t("resign");
    $("btn-resign").classList.remove("danger");
    $("btn-rematch").hidden = !(over && playing && view.status === "finished");
    $("btn-analysis").hidden = !(playing && view.status === "finished" && view.moves.length > 0);
    if (!analysisShown || analysisShown !== view.id + ":" + view.moves.length) $("analysis").hidden = true;
    $("btn-draw").hidden = over && playing && view.status === "finished";
    $("share").hidden = !(view.status === "waiting" && playing);
    $("share-url").value = location.origin + "/app?game=" + view.id;
    $("join").hidden = !view.can_join;
    var offer = null;
    if (active && playing && view.you.length === 1) {
      var me = view.you[0];
      var them = me === "white" ? "black" : "white";
      if (view.offers.draw === them) offer = { kind: "draw", text: t("draw_offered_you", { name: view[them].name }) };
      else if (view.offers.takeback === them) offer = { kind: "takeback", text: t("takeback_offered_you", { name: view[them].name }) };
      else if (view.offers.draw === me) notice(t("draw_offered_by_you"), "");
      else if (view.offers.takeback === me) notice(t("takeback_offered_by_you"), "");
    }
    $("offer").hidden = !offer;
    if (offer) {
      $("offer-text").textContent = offer.text;
      $("offer-accept").onclick = function () { act(offer.kind, { accept: true, version: view.version }); };
      $("offer-decline").onclick = function () { act(offer.kind, { accept: false, version: view.version }); };
    }
  }

  // --- post-game analysis

  var analysisShown = null;

  var MARKS = { blunder: "??", mistake: "?", inaccuracy: "?!" };

  function winPercent(score) {
    if (score >= 30000) return 100;
    if (score <= -30000) return 0;
    return 50 + 50 * (2 / (1 + Math.exp(-0.006 * score)) - 1);
  }

  function showAnalysis() {
    var id = game.id, plies = game.moves.length;
    var button = $("btn-analysis");
    button.disabled = true;
    button.textContent = t("analysing");
    api("POST", "/api/games/" + encodeURIComponent(id) + "/analysis", {}).then(function (a) {
      button.disabled = false;
      button.textContent = t("analysis");
      if (!game || game.id !== id) return;
      renderAnalysis(a);
      analysisShown = id + ":" + plies;
      $("analysis").hidden = false;
      $("analysis").scrollIntoView({ behavior: "smooth", block: "nearest" });
    }, function (err) {
      button.disabled = false;
      button.textContent = t("analysis");
      notice(errorText(err), "error");
    });
  }

  var analysisData = null, analysisPly = 0;

  // Shows the position after `ply` moves of the analysed game, with White's chances in the bar.
  function stepTo(ply) {
    var a = analysisData;
    if (!a || !game) return;
    analysisPly = Math.max(0, Math.min(a.plies, ply));
    var flip = game.flip ? "true" : "false";
    $("analysis-board").src = "/board/" + encodeURIComponent(a.game) + "/" + analysisPly + ".png?size=480&theme=" + boardTheme + "&flip=" + flip;
    $("eval-fill").style.height = winPercent(a.white_scores[analysisPly]).toFixed(1) + "%";
    var text = t("step_start");
    if (analysisPly > 0) {
      var m = a.moves[analysisPly - 1];
      text = m.label + " " + m.played + (MARKS[m.judgement] || "");
    }
    $("analysis-ply").textContent = text;
    $("analysis-board").alt = text;
    document.querySelectorAll("#analysis-errors li[data-index]").forEach(function (li) {
      li.classList.toggle("current", Number(li.getAttribute("data-index")) === analysisPly);
    });
  }

  function renderAnalysis(a) {
    analysisData = a;
    var acc = $("analysis-accuracy");
    acc.innerHTML = "";
    ["white", "black"].forEach(function (side) {
      var row = document.createElement("div");
      var value = a["accuracy_" + side];
      row.appendChild(document.createTextNode((side === "white" ? "⚪ " : "⚫ ") + game[side].name + ": " + t("accuracy") + " "));
      var b = document.createElement("b");
      b.textContent = value === null || value === undefined ? "—" : Math.round(value) + "%";
      row.appendChild(b);
      row.setAttribute("data-side", side);
      acc.appendChild(row);
    });
    // The graph: White's expected score after every move, White's share in light.
    var svg = $("analysis-graph");
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    var n = Math.max(1, a.white_scores.length - 1);
    var points = a.white_scores.map(function (s, i) { return (i * 300 / n).toFixed(1) + "," + (80 - winPercent(s) * 0.8).toFixed(1); });
    var area = document.createElementNS(SVGNS, "polygon");
    area.setAttribute("class", "white-area");
    area.setAttribute("points", "0,80 " + points.join(" ") + " 300,80");
    svg.appendChild(area);
    var mid = document.createElementNS(SVGNS, "line");
    mid.setAttribute("class", "mid");
    mid.setAttribute("x1", 0); mid.setAttribute("x2", 300); mid.setAttribute("y1", 40); mid.setAttribute("y2", 40);
    svg.appendChild(mid);
    var list = $("analysis-errors");
    list.innerHTML = "";
    var errors = a.moves.filter(function (m) { return MARKS[m.judgement]; });
    errors.forEach(function (m) {
      var dot = document.createElementNS(SVGNS, "circle");
      dot.setAttribute("class", "err");
      dot.setAttribute("cx", ((m.index + 1) * 300 / n).toFixed(1));
      dot.setAttribute("cy", (80 - winPercent(a.white_scores[m.index + 1]) * 0.8).toFixed(1));
      dot.setAttribute("r", 2.5);
      svg.appendChild(dot);
      var li = document.createElement("li");
      li.setAttribute("data-index", m.index);
      var j = document.createElement("span");
      j.className = "j-" + m.judgement;
      j.title = t("judgement_" + m.judgement);
      j.textContent = m.label + " " + m.played + MARKS[m.judgement];
      li.appendChild(j);
      li.appendChild(document.createTextNode(" — " + t("better") + " " + m.best + ": " + m.line.slice(0, 6).join(" ")));
      list.appendChild(li);
    });
    list.querySelectorAll("li[data-index]").forEach(function (li) {
      // The position before the error, where the better move was there to be found.
      li.onclick = function () { stepTo(Number(li.getAttribute("data-index"))); };
    });
    stepTo(errors.length ? errors[0].index : a.plies);
    if (!errors.length) {
      var li = document.createElement("li");
      li.className = "muted";
      li.textContent = t("analysis_clean");
      list.appendChild(li);
    }
  }

  function act(kind, body) {
    var id = game.id;
    $("board-view").classList.add("busy");
    return api("POST", "/api/games/" + encodeURIComponent(id) + "/" + kind, body).then(function (view) {
      $("board-view").classList.remove("busy");
      if (view.id !== id) { enterGame(view); return; }
      if (!game || view.version >= game.version) render(view);
    }, function (err) {
      $("board-view").classList.remove("busy");
      haptic.notify("error");
      notice(errorText(err), "error");
      if (err.code === "stale" || err.code === "not_your_turn") openGame(id);
    });
  }

  // --- puzzles: the same board, fed by /api/puzzles; no live stream, no players' bar

  function openPuzzle(variant) {
    show("loading");
    stopLive();
    api("GET", "/api/puzzles" + (variant ? "?variant=" + encodeURIComponent(variant) : "")).then(enterPuzzle, function (err) {
      fail(errorText(err));
    });
  }

  function enterPuzzle(view) {
    selected = null;
    turned = view.turned;
    history.replaceState(null, "", "/app?puzzle=" + encodeURIComponent(view.variant.id) + location.hash);
    show("game");
    render(view);
  }

  function puzzleCaption(view) {
    var p = view.puzzle;
    var parts = [p.own ? t("puzzle_own", { rating: p.rating }) : t("puzzle_caption", { number: p.number, rating: p.rating })];
    parts.push(t("puzzle_yours", { rating: p.your_rating }));
    parts.push(t("puzzle_progress", { found: p.found, total: p.total }));
    $("puzzle-caption").textContent = parts.join(" · ");
    document.body.setAttribute("data-puzzle", p.done ? "done" : String(p.found));
  }

  // A request that answers with a puzzle (or `{view: ...}`); `after` says what came of it.
  function puzzleCall(method, path, body, after) {
    $("board-view").classList.add("busy");
    return api(method, path, body).then(function (answer) {
      $("board-view").classList.remove("busy");
      var view = answer.view || answer;
      if (view.turned !== turned) turned = view.turned;
      show("game");
      render(view);
      history.replaceState(null, "", "/app?puzzle=" + encodeURIComponent(view.variant.id) + location.hash);
      if (after) after(answer);
    }, function (err) {
      $("board-view").classList.remove("busy");
      haptic.notify("error");
      notice(errorText(err), "error");
    });
  }

  function ratingText(r) {
    return r ? " " + t("puzzle_rating", { before: r.before, after: r.after }) : "";
  }

  function puzzleMove(text) {
    puzzleCall("POST", "/api/puzzles/moves", { move: text }, function (a) {
      if (a.outcome === "wrong") { haptic.notify("error"); notice(t("puzzle_wrong"), "error"); }
      else if (a.outcome === "right") {
        haptic.notify("success");
        notice(a.reply ? t("puzzle_right_reply", { reply: a.reply }) : t("puzzle_right"), "good");
      } else {
        haptic.notify("success");
        notice(t(a.clean ? "puzzle_solved" : "puzzle_solved_late") + ratingText(a.rating), "good");
      }
    });
  }

  function puzzleHint() {
    if (!game || !game.puzzle) return;
    api("POST", "/api/puzzles/hint", {}).then(function (h) {
      selected = h.square;
      drawSelection();
      notice(t("puzzle_hint_text", { square: h.square }), "");
    }, function (err) { notice(errorText(err), "error"); });
  }

  function puzzleSolution() {
    puzzleCall("POST", "/api/puzzles/solution", {}, function (a) {
      notice(t("puzzle_solution", { line: a.line.join(" ") }) + ratingText(a.rating), "");
    });
  }

  // --- board interaction -----------------------------------------------------------------------
  // Tap a piece then its destination, drag it there, or use the keyboard: arrows move between the
  // squares, Enter or Space acts as a tap. A tap that cannot be played says why.

  var SVGNS = "http://www.w3.org/2000/svg";
  var XLINK = "http://www.w3.org/1999/xlink";
  var squares = {};
  var focusSq = null;

  function svgRoot() { return $("board-view").querySelector("svg"); }

  function mover() { return game.turn === "white" ? "w" : "b"; }
  function captures() { return game.legal.some(function (m) { return m.captures.length > 0; }); }
  function movableFrom(sq) { return game.legal.some(function (m) { return m.from === sq; }); }

  function squareLabel(name) {
    var piece = game.pieces[name];
    var what = piece ? t("piece_" + piece) : t("square_empty");
    if (movableFrom(name)) what += ", " + t("can_move");
    if (selected && game.legal.some(function (m) { return m.from === selected && m.to === name; })) what += ", " + t("move_here");
    return t("square_label", { square: name, what: what });
  }

  function decorate() {
    squares = {};
    var svg = svgRoot();
    if (!svg) return;
    var hadFocus = document.activeElement && document.activeElement.closest && document.activeElement.closest("#board-view");
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("aria-hidden", "false");
    svg.querySelectorAll("rect[data-sq]").forEach(function (r) {
      var name = r.getAttribute("data-sq");
      squares[name] = { x: Number(r.getAttribute("x")), y: Number(r.getAttribute("y")), el: r };
      r.setAttribute("role", "button");
      r.setAttribute("tabindex", "-1");
      if (movableFrom(name) && myTurn(game)) { r.setAttribute("data-movable", "1"); r.classList.add("movable"); }
    });
    if (!focusSq || !squares[focusSq]) {
      var first = game.legal.length ? game.legal[0].from : null;
      focusSq = first || Object.keys(squares)[0] || null;
    }
    if (focusSq) squares[focusSq].el.setAttribute("tabindex", "0");
    svg.addEventListener("click", onBoardClick);
    svg.addEventListener("keydown", onBoardKey);
    svg.addEventListener("pointerdown", onPointerDown);
    drawSelection();
    if (hadFocus && focusSq) squares[focusSq].el.focus();
  }

  function drawSelection() {
    var svg = svgRoot();
    if (!svg) return;
    svg.querySelectorAll(".ui-mark").forEach(function (el) { el.parentNode.removeChild(el); });
    Object.keys(squares).forEach(function (name) {
      var el = squares[name].el;
      el.setAttribute("aria-label", squareLabel(name));
      if (movableFrom(name) && myTurn(game)) el.setAttribute("aria-pressed", name === selected ? "true" : "false");
      else el.removeAttribute("aria-pressed");
    });
    if (!selected || !squares[selected]) return;
    var s = squares[selected];
    var sel = document.createElementNS(SVGNS, "rect");
    sel.setAttribute("class", "sel ui-mark");
    sel.setAttribute("x", s.x); sel.setAttribute("y", s.y);
    sel.setAttribute("width", 100); sel.setAttribute("height", 100);
    sel.setAttribute("data-selected", selected);
    sel.setAttribute("pointer-events", "none");
    // Right above the square, below the pieces.
    s.el.parentNode.insertBefore(sel, s.el.nextSibling);
    var layer = svg.querySelector("#board") || svg;
    var seen = {};
    game.legal.forEach(function (m) {
      if (m.from !== selected || seen[m.to] || !squares[m.to]) return;
      seen[m.to] = true;
      var d = squares[m.to];
      var c = document.createElementNS(SVGNS, "circle");
      c.setAttribute("class", "dest ui-mark");
      c.setAttribute("cx", d.x + 50); c.setAttribute("cy", d.y + 50); c.setAttribute("r", 17);
      c.setAttribute("data-dest", m.to);
      c.setAttribute("pointer-events", "none");
      layer.appendChild(c);
    });
  }

  function pointInSvg(ev) {
    var svg = svgRoot();
    var ctm = svg && svg.getScreenCTM();
    if (!ctm) return null;
    var pt = svg.createSVGPoint();
    pt.x = ev.clientX; pt.y = ev.clientY;
    return pt.matrixTransform(ctm.inverse());
  }

  function squareAt(ev) {
    var p = pointInSvg(ev);
    if (!p) return null;
    var names = Object.keys(squares);
    for (var i = 0; i < names.length; i++) {
      var s = squares[names[i]];
      if (p.x >= s.x && p.x < s.x + 100 && p.y >= s.y && p.y < s.y + 100) return names[i];
    }
    return null;
  }

  var suppressClick = false;

  function onBoardClick(ev) {
    if (suppressClick) { suppressClick = false; return; }
    tap(squareAt(ev));
  }

  // What a tap on `sq` (null: outside the squares) does: pick a piece, play, or say why not.
  function tap(sq) {
    if (!game) return;
    $("choices").hidden = true;
    if (sq) focusSq = sq;
    if (!myTurn(game)) {
      if (sq && game.status === "active" && game.you.length > 0) notice(t("e_not_your_turn"), "error");
      return;
    }
    if (!sq) { selected = null; drawSelection(); return; }
    if (selected) {
      var options = game.legal.filter(function (m) { return m.from === selected && m.to === sq; });
      if (options.length === 1) { submit(options[0]); return; }
      if (options.length > 1) { choosePath(options); return; }
      if (sq === selected) { selected = null; drawSelection(); renderNotice(game); return; }
      if (!movableFrom(sq)) {
        var piece = game.pieces[sq];
        if (piece && piece.charAt(0) === mover()) explainPiece(sq);
        else explainMove(selected, sq);
        return;
      }
    }
    if (movableFrom(sq)) {
      selected = sq;
      haptic.select();
      renderNotice(game);
      drawSelection();
      return;
    }
    explainPiece(sq);
  }

  // Why the piece (or empty square) on `sq` cannot be picked up.
  function explainPiece(sq) {
    var piece = game.pieces[sq];
    var text;
    if (!piece) text = t("reason_no_piece", { square: sq });
    else if (piece.charAt(0) !== mover()) text = t("reason_not_your_piece", { square: sq });
    else if (captures()) {
      var froms = [];
      game.legal.forEach(function (m) { if (froms.indexOf(m.from) < 0) froms.push(m.from); });
      text = t("tap_must_capture", { squares: froms.join(", ") });
    } else text = t("tap_no_move", { square: sq });
    selected = null;
    drawSelection();
    haptic.notify("error");
    notice(text, "error");
  }

  // A destination the selected piece cannot reach: the server's rules say why (a capture is
  // compulsory, a longer capture must be taken, ...); nothing is played.
  function explainMove(from, to) {
    selected = null;
    drawSelection();
    if (game.puzzle) { puzzleMove(from + "-" + to); return; }
    var id = game.id;
    api("POST", "/api/games/" + encodeURIComponent(id) + "/moves", { move: from + "-" + to, version: game.version }).then(function (view) {
      if (game && view.id === id && view.version >= game.version) render(view);
    }, function (err) {
      haptic.notify("error");
      notice(errorText(err), "error");
    });
  }

  // --- keyboard

  function neighbour(from, key) {
    var s = squares[from];
    var best = null, bestScore = Infinity;
    Object.keys(squares).forEach(function (name) {
      var o = squares[name];
      var dx = o.x - s.x, dy = o.y - s.y;
      var along, across;
      if (key === "ArrowRight") { along = dx; across = dy; }
      else if (key === "ArrowLeft") { along = -dx; across = dy; }
      else if (key === "ArrowDown") { along = dy; across = dx; }
      else { along = -dy; across = dx; }
      if (along <= 0) return;
      // The nearest row or column first, then the closest square in it.
      var score = along * 1000 + Math.abs(across);
      if (score < bestScore) { bestScore = score; best = name; }
    });
    return best;
  }

  function onBoardKey(ev) {
    var sq = ev.target && ev.target.getAttribute && ev.target.getAttribute("data-sq");
    if (!sq) return;
    if (/^Arrow/.test(ev.key)) {
      var next = neighbour(sq, ev.key);
      ev.preventDefault();
      if (!next) return;
      squares[sq].el.setAttribute("tabindex", "-1");
      squares[next].el.setAttribute("tabindex", "0");
      focusSq = next;
      squares[next].el.focus();
    } else if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      tap(sq);
    } else if (ev.key === "Escape") {
      selected = null;
      drawSelection();
    }
  }

  // --- drag and drop

  var drag = null;

  function pieceUseAt(name) {
    var s = squares[name];
    var svg = svgRoot();
    if (!s || !svg) return null;
    var x = String(s.x + 50), y = String(s.y + 50);
    var uses = svg.querySelectorAll("use");
    for (var i = 0; i < uses.length; i++) {
      var u = uses[i];
      var href = u.getAttribute("href") || u.getAttributeNS(XLINK, "href") || "";
      if (/^#[wb][mk]$/.test(href) && u.getAttribute("x") === x && u.getAttribute("y") === y) return u;
    }
    return null;
  }

  function onPointerDown(ev) {
    if (!game || !myTurn(game) || ev.button > 0) return;
    var sq = squareAt(ev);
    if (!sq || !movableFrom(sq)) return;
    drag = { from: sq, id: ev.pointerId, x: ev.clientX, y: ev.clientY, ghost: null, piece: null };
    var svg = svgRoot();
    svg.setPointerCapture && svg.setPointerCapture(ev.pointerId);
    svg.addEventListener("pointermove", onPointerMove);
    svg.addEventListener("pointerup", onPointerUp);
    svg.addEventListener("pointercancel", endDrag);
  }

  function onPointerMove(ev) {
    if (!drag || ev.pointerId !== drag.id) return;
    if (!drag.ghost) {
      if (Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) < 8) return;
      drag.piece = pieceUseAt(drag.from);
      if (!drag.piece) { endDrag(); return; }
      selected = drag.from;
      drawSelection();
      drag.ghost = drag.piece.cloneNode(true);
      drag.ghost.setAttribute("class", "drag-ghost");
      drag.piece.classList.add("dragged");
      svgRoot().appendChild(drag.ghost);
    }
    var p = pointInSvg(ev);
    if (p) { drag.ghost.setAttribute("x", p.x); drag.ghost.setAttribute("y", p.y); }
  }

  function onPointerUp(ev) {
    if (!drag || ev.pointerId !== drag.id) return;
    var dragged = !!drag.ghost, from = drag.from;
    endDrag();
    if (!dragged) return;
    // The click that follows the release is part of the drop.
    suppressClick = true;
    setTimeout(function () { suppressClick = false; }, 0);
    var to = squareAt(ev);
    if (!to || to === from) { selected = null; drawSelection(); return; }
    selected = from;
    tap(to);
  }

  function endDrag() {
    var svg = svgRoot();
    if (svg) {
      svg.removeEventListener("pointermove", onPointerMove);
      svg.removeEventListener("pointerup", onPointerUp);
      svg.removeEventListener("pointercancel", endDrag);
    }
    if (drag) {
      if (drag.ghost && drag.ghost.parentNode) drag.ghost.parentNode.removeChild(drag.ghost);
      if (drag.piece) drag.piece.classList.remove("dragged");
    }
    drag = null;
  }

  function choosePath(options) {
    var box = $("choices");
    box.innerHTML = "";
    var label = document.createElement("span");
    label.className = "muted";
    label.textContent = t("choose_path");
    box.appendChild(label);
    options.forEach(function (m) {
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = [m.from].concat(m.path).join("×");
      b.setAttribute("data-move", m.text);
      b.onclick = function () { box.hidden = true; submit(m); };
      box.appendChild(b);
    });
    box.hidden = false;
    haptic.select();
  }

  function submit(m) {
    selected = null;
    drawSelection();
    haptic.impact("light");
    if (game.puzzle) { puzzleMove(m.text); return; }
    // The page keeps the picture until the server answers: the SSE stream shows our move at once.
    act("moves", { move: m.text, version: game.version });
  }

  // ---------------------------------------------------------------------------------------------
  // Buttons and start

  function wire() {
    $("lang-select").onchange = function () {
      var code = this.value;
      loadLang(code).then(function () {
        localStorage.setItem("damas.lang", code);
        translatePage();
      }, function () { $("lang-select").value = lang; });
    };
    $("start").onclick = startGame;
    $("variant").onchange = puzzleButton;
    $("btn-puzzles").onclick = function () {
      turned = false;
      localStorage.setItem("damas.variant", $("variant").value);
      openPuzzle($("variant").value);
    };
    $("puzzle-hint").onclick = puzzleHint;
    $("puzzle-solution").onclick = puzzleSolution;
    $("puzzle-next").onclick = function () { puzzleCall("POST", "/api/puzzles", { variant: game.variant.id }); };
    $("btn-new").onclick = showNewGame;
    $("home-link").onclick = function (ev) { ev.preventDefault(); if (info && token) showNewGame(); };
    $("btn-takeback").onclick = function () { act("takeback", { version: game.version }); };
    $("btn-draw").onclick = function () {
      if (this.classList.contains("off")) { notice(t("draw_engine_hint"), "error"); return; }
      act("draw", { version: game.version });
    };
    $("btn-flip").onclick = function () {
      if (!game) return;
      if (game.puzzle) { turned = !turned; openPuzzle(game.variant.id); return; }
      var id = game.id;
      localStorage.setItem("damas.turned." + id, turned ? "0" : "1");
      if (turned) localStorage.removeItem("damas.turned." + id);
      openGame(id);
    };
    $("btn-resign").onclick = function () {
      var b = $("btn-resign");
      if (!resignArmed) {
        resignArmed = true;
        b.textContent = t("confirm_resign");
        b.classList.add("danger");
        haptic.notify("warning");
        setTimeout(function () { if (resignArmed) { resignArmed = false; b.textContent = t("resign"); b.classList.remove("danger"); } }, 3000);
        return;
      }
      resignArmed = false;
      act("resign", { version: game.version });
    };
    $("btn-rematch").onclick = function () { act("rematch", undefined); };
    $("btn-analysis").onclick = showAnalysis;
    $("step-first").onclick = function () { stepTo(0); };
    $("step-prev").onclick = function () { stepTo(analysisPly - 1); };
    $("step-next").onclick = function () { stepTo(analysisPly + 1); };
    $("step-last").onclick = function () { if (analysisData) stepTo(analysisData.plies); };
    $("analysis").addEventListener("keydown", function (ev) {
      if (ev.key === "ArrowLeft") { stepTo(analysisPly - 1); ev.preventDefault(); }
      else if (ev.key === "ArrowRight") { stepTo(analysisPly + 1); ev.preventDefault(); }
    });
    $("join-btn").onclick = function () { act("join", undefined); };
    $("share-copy").onclick = function () {
      var input = $("share-url");
      input.select();
      var done = function () { $("share-copy").textContent = t("copied"); };
      if (navigator.clipboard) navigator.clipboard.writeText(input.value).then(done, function () {});
      else { try { document.execCommand("copy"); done(); } catch (e) { /* ignore */ } }
    };
    $("error-retry").onclick = function () { boot(); };
  }

  function boot() {
    show("loading");
    api("GET", "/api/info").then(function (i) {
      info = i;
      return signIn();
    }).then(function (s) {
      var wanted = query.get("game") || (s && s.start_game) || hash.get("tgWebAppStartParam") || query.get("tgWebAppStartParam");
      var puzzle = query.get("puzzle");
      if (puzzle !== null) openPuzzle(/^[a-z]{1,20}$/.test(puzzle) ? puzzle : "");
      else if (wanted && /^[A-Za-z0-9]{1,32}$/.test(wanted)) openGame(wanted);
      else showNewGame();
    }).catch(function (err) {
      if (err.code === "telegram") fail(t("open_in_telegram"));
      else fail(errorText(err));
    });
  }

  function start() {
    applyTheme();
    telegramSetup();
    wire();
    if (window.matchMedia && !inTelegram) {
      var mq = matchMedia("(prefers-color-scheme: dark)");
      var onChange = function () { applyTheme(); if (game) openGame(game.id); };
      if (mq.addEventListener) mq.addEventListener("change", onChange);
    }
    // Without the texts the page still works, in the HTML's English.
    loadLang(lang).then(translatePage, function () {}).then(boot);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
