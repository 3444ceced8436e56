# damas botunun Türkçe mesajları. Telegram HTML: düz metinde < > & karakterlerini kaçış dizisiyle yaz.

welcome =
    Merhaba { $name }! { $count } varyantta <b>dama</b> oynuyorum: Uluslararası, Rus, Brezilya, İngiliz, İspanyol, İtalyan, Türk daması ve daha fazlası.

    /oyna — bana karşı bir oyun
    /kurallar — her varyantın kuralları
    /yardim — anladığım her şey
help =
    <b>Komutlar</b>
    /oyna [varyant] [seviye] [white|black] — motora karşı bir oyun
    /tahta — tahtayı yeniden gönder
    /geri — son hamleni geri al
    /beraberlik — beraberlik teklif et ya da talep et
    /pes — oyundan çekil
    /pdn — oyun, PDN dosyası olarak
    /analiz — son biten oyununuzun motor tarafından incelenmesi (ya da bana bir PDN dosyası gönderin)
    /bulmaca [varyant] — bir bulmaca: kazandıran vuruşu bulun
    /kurallar [varyant] [konu] — kurallar
    /varyantlar — bildiğim varyantlar
    /istatistik — sonuçların
    /ayarlar — tahta resim mi düğme mi, yön, tema
    /dil — dil: es, en, ru, pt, tr, it, fr, nl

    <b>Arkadaşlarla</b>
    /davet [varyant] — grupta herkese açık bir davet; bir mesaja yanıt olarak, o kişiye
    /oyunlar — bu sohbetteki oyunlar
    /gunluk on [varyant] — burada her gün bir bulmaca (yöneticiler; /gunluk off durdurur)
    /siralama [varyant] — en yüksek puanlı oyuncular, burada ve genelde
    Herhangi bir sohbette @adımı ve bir varyant yazarak davet kartı gönderebilirsin.

    <b>Hamleler</b>: <code>27-23</code>, <code>23x16</code>, <code>23x14x5</code> ya da <code>c3-d4</code> gibi yaz (ya da <code>/m 27-23</code>) veya tahtaya dokun.
    İngilizce komut adları da çalışır: /play /rules /board /undo /draw /resign /variants /stats /settings /lang /help /challenge /games /top.
unknown-text = Bunu anlamadım. <code>27-23</code> gibi bir hamle yaz ya da /yardim.
unknown-command = Bu komutu bilmiyorum. Bkz. /yardim.
error-generic = Benim tarafımda bir şeyler ters gitti. Lütfen yeniden dene.
error-busy = Telegram şu an meşgul; lütfen birazdan yeniden dene.

lang-choose = Dilini seç:
lang-set = Bundan sonra Türkçe konuşacağım.
lang-unknown = <code>es</code> (Español), <code>en</code> (English), <code>ru</code> (Русский), <code>pt</code> (Português), <code>tr</code> (Türkçe), <code>it</code> (Italiano), <code>fr</code> (Français) ve <code>nl</code> (Nederlands) konuşuyorum.

variants-title = <b>Varyantlar</b> — kuralları için birine dokun ya da /oyna ile oyna:
variant-english = İngiliz daması (checkers)
variant-spanish = İspanyol daması
variant-international = Uluslararası dama (10×10)
variant-triestine = Trieste daması
variant-russian = Rus daması
variant-brazilian = Brezilya daması
variant-italian = İtalyan daması
variant-turkish = Türk daması
variant-pool = Amerikan pool daması
variant-czech = Çek daması
variant-thai = Tay daması (mak-hos)
variant-frisian = Friz daması
variant-canadian = Kanada daması (12×12)
variant-antidraughts = Anti-dama (kaybetmek için oynanır)
variant-unknown = “{ $name }” varyantını bilmiyorum. Bkz. /varyantlar.

rules-choose-variant = <b>Kurallar</b> — hangi varyant?
rules-unknown-topic = “{ $topic }” konusunu bilmiyorum. Konular: { $topics }.
rules-more = Diğer konular:
rules-unavailable = Kural metinlerine şu an ulaşılamıyor.

settings-title =
    <b>Ayarlar</b>
    Tahta: { $board }
    Yön: { $orientation }
    Tema: { $theme }
settings-board-image = resim
settings-board-buttons = düğmeler
settings-orientation-auto = benim tarafım altta
settings-orientation-white = Beyaz altta
settings-theme-classic = klasik
settings-theme-wood = ahşap
settings-theme-contrast = yüksek kontrast
settings-toggle-board = Tahta: { $value }
settings-toggle-orientation = Yön: { $value }
settings-toggle-theme = Tema: { $value }
settings-saved = Kaydedildi.

play-choose-variant = Hangi varyantı oynamak istiyorsun?
play-choose-level = { $variant } — hangi seviye?
play-choose-color = { $variant }, seviye: { $level } — hangi renk?
level = Seviye { $n }
color-white = Beyaz
color-black = Siyah
color-random = Rastgele
no-game = Devam eden bir oyunun yok. /oyna ile bir oyun başlat.
bad-level = Seviye şunlardan biri olmalı: easy (kolay), medium (orta), hard (zor) ya da master (usta); ya da 1 ile { $max } arasında bir sayı.

cmd-play = Motora karşı bir oyun oyna
cmd-rules = Bir varyantın kuralları
cmd-board = Tahtayı yeniden göster
cmd-undo = Son hamleni geri al
cmd-draw = Beraberlik teklif et ya da talep et
cmd-resign = Oyunda pes et
cmd-pdn = Oyun, PDN dosyası olarak
cmd-analyse = Son oyununuzun motor incelemesi
cmd-puzzle = Bir bulmaca: kazandıran vuruşu bulun
cmd-variants = Varyantlar
cmd-stats = Sonuçların
cmd-settings = Tahta ve görünüm ayarları
cmd-lang = Dil
cmd-help = Yardım

# Bir hamlenin neden reddedildiği; { $moves } kurallara uygun seçenekleri listeler.
reason-unreadable = Bu bir hamle değil. <code>27-23</code>, <code>23x16</code> ya da <code>c3-d4</code> gibi yaz.
reason-no-such-square = { $square } bu tahtada bir oyun karesi değil.
reason-no-piece = { $square } karesinde taş yok.
reason-not-your-piece = { $square } karesindeki taş senin değil.
reason-capture-required = Alma zorunlu.
reason-priority-most-pieces = En çok taşı alan almayı yapmalısın.
reason-priority-most-kings = Eşit almalar arasında en çok dama alanı yapmalısın.
reason-priority-king-captures = Eşit almalar arasında taşla değil, damayla almalısın.
reason-priority-king-first = Eşit almalar arasında bir damaya en önce ulaşan almayı yapmalısın.
reason-priority-most-value = En değerli almayı yapmalısın: bir dama bir taştan fazla, iki taştan az değerlidir.
reason-man-cannot-capture-king = Bu varyantta taş damayı alamaz.
reason-incomplete = Alma yarıda bırakılamaz: alan taş ya da dama almaya devam etmeli.
reason-ambiguous = Birden fazla hamle uyuyor; yolun tamamını yaz.
reason-not-legal = Bu taş oraya gidemez.
reason-game-over = Oyun bitti.
reason-alternatives = Olası hamleler: { $moves }
reason-or = ya da

level-1 = kolay
level-2 = orta
level-3 = zor
level-4 = usta
bad-color = Renk şunlardan biri olmalı: white (beyaz), black (siyah) ya da random (rastgele).
engine-name = Motor ({ $level })

# Bir oyunun tahta mesajı.
game-players = ⚪ { $white } — ⚫ { $black }
game-your-turn = <b>Sıra sende</b> ({ $color }).
game-their-turn = Hamle sırası: { $name } ({ $color }).
game-thinking = ⏳ Düşünüyorum…
game-last-move = Son hamle: { $n } { $move }
game-material = Taşlar: ⚪ { $white } · ⚫ { $black }
game-material-kings = { $men } + { $kings } D
game-button-rematch = Rövanş
game-button-pdn = PDN
game-button-analyse = 📈 Analiz
game-button-new = Yeni oyun
game-bad-position = Bu konumdan başlayamam: { $detail }
engine-busy = Motor şu an başka oyunlarla meşgul; birazdan hamleni yeniden dene. Hiçbir şey değişmedi.
engine-busy-user = Motor hâlâ diğer oyunların üzerinde çalışıyor; o hamleleri bekle ve yeniden dene. Hiçbir şey değişmedi.
game-too-complex = Bu hamle, izleyemeyeceğim kadar çok alma serisi olan bir konuma götürür; başka bir hamle seç.
game-not-your-turn = Sıra sende değil; motorun hamlesini bekle.
game-stale = Bu arada tahta değişti; tahtaya yeniden bak ve hamleni tekrarla.
button-unknown = Bu düğme eskidi ve artık bir şey yapmıyor. Yeni bir menü için /start gönder.
game-board-changed = Tahta değişti.
game-gone = Bu oyun artık yok.
game-draw-declined = Motor beraberliği kabul etmiyor. Oyuna devam!
game-draw-offered = Beraberlik teklif edildi.
game-nothing-to-undo = Geri alınacak bir hamlen yok.
game-already-offered = Bunu zaten teklif ettin.
game-not-over = Oyun henüz bitmedi.
game-undone = Son hamlen geri alındı.
game-resign-confirm = Bu oyunda gerçekten pes etmek istiyor musun?
game-resign-yes = Evet, pes et
game-resign-no = Hayır, devam
game-resign-cancelled = Oyuna devam!
game-rematch-offered = Rövanş teklif edildi.
game-pdn-caption = Oyun, PDN biçiminde.
game-in-progress = Zaten bana karşı bir oyun oynuyorsun. Önce onu bitir ya da yenisini başlatmak için pes et.
game-button-board = Tahtayı göster
game-button-resign = Pes et

result-you-win = Kazandın!
result-you-lose = Kaybettin.
result-draw = Berabere.
result-aborted = Oyun iptal edildi.
result-side-wins = { $color } kazandı.
end-no-moves = { $color } hamle yapamıyor.
end-no-pieces = { $color } tarafının hiç taşı kalmadı.
end-resignation = { $color } pes etti.
end-draw-agreed = Anlaşmayla berabere.
end-repetition = Aynı konum üç kez ortaya çıktı.
end-move-limit = Hamle sınırına ulaşıldı ({ $rule }).
end-timeout = { $color } tarafının süresi doldu.
end-aborted = Oyun, iki taraf da hamle yapmadan sona erdi.

# Bir oyunun hamle sınırıyla neden berabere bittiği; end-move-limit'teki "({ $rule })" kısmında gösterilir.
# $moves her tarafın hamle sayısı; $strong bir sayı ya da 1–2 gibi bir aralık.
draw-no-progress = { $moves ->
   *[other] alma ya da taş ilerlemesi olmadan taraf başına { $moves } hamle
  }
draw-short-ending = içlerinde en az bir dama bulunan { $strong } taşa karşı tek dama, taraf başına { $moves } hamle
draw-short-ending-kings = { $strong } damaya karşı tek dama, taraf başına { $moves } hamle
draw-balanced-kings = iki tarafta da dama ve tahtada toplam { $strong } taş, taraf başına { $moves } hamle
draw-lone-kings = iki tarafta da yalnızca birer dama

stats = <b>Sonuçların</b> — oyun: { $total } · galibiyet: { $won } · mağlubiyet: { $lost } · beraberlik: { $drawn }
stats-none = Henüz bitirdiğin bir oyun yok. /oyna ile bir oyun başlat.

# İnsanlar arası oyunlar: davetler, ortak oyun kartı, /oyunlar, /siralama.
cmd-challenge = Birini oyuna davet et (grupta: herkese açık ya da yanıt olarak)
cmd-games = Bu sohbetteki oyunlar
cmd-top = Sıralama
cmd-daily = Bu gruptaki günlük bulmaca (yöneticiler: on/off)
challenge-open = ⚔️ { $name } rakip arıyor: <b>{ $variant }</b>. İlk kabul eden oynar!
challenge-to = ⚔️ { $name }, { $opponent } kullanıcısını bir <b>{ $variant }</b> oyununa davet ediyor.
challenge-colour = { $name } { $color } taşlarla oynuyor.
challenge-unrated = Kurulmuş bir konumdan başlıyor: puana sayılmaz.
challenge-accept = ✅ Kabul et
challenge-decline = ❌ Reddet
challenge-cancel = İptal et
challenge-choose-variant = Hangi varyant? (Davet, seçtiğin anda gönderilir.)
challenge-private = Davetler gruplar içindir: orada /davet komutunu kullan (bir kişiyi davet etmek için onun mesajına yanıt olarak). Herhangi bir sohbetten adımı ve bir varyant yaz ya da düğmeyi kullan:
challenge-inline-button = Bir arkadaşını davet et
challenge-bot = Botlar burada dama oynamaz. Birini davet etmek için o kişinin mesajına yanıt ver.
challenge-taken = Bu daveti başka biri zaten kabul etti.
challenge-own = Kendi davetini kabul edemezsin.
challenge-not-invited = Bu davet başka biri için.
challenge-only-challenger = Daveti yalnızca davet eden iptal edebilir.
challenge-not-your-menu = Bu menü başka birine ait; /davet komutunu kendin gönder.
challenge-withdrawn = Davet geri çekildi.
card-draw-offered = 🤝 { $name } beraberlik teklif ediyor.
card-takeback-offered = ↩️ { $name } bir hamleyi geri almak istiyor.
card-rematch-offered = 🔁 { $name } rövanş istiyor.
card-open-app = Uygulamada aç
group-not-your-game = Bu senin oyunun değil.
group-not-your-turn = Sıra sende değil.
group-not-started = Daveti henüz kimse kabul etmedi.
group-no-offer = Yanıtlanacak bir teklif yok.
group-no-game-here = Bu sohbette devam eden bir oyunun yok. /davet ile bir oyun başlat.
limit-open-user = Açık davet sınırına ulaştın ({ $n }); bir yanıt bekle ya da birini iptal et.
limit-games-user = Aynı anda oynanabilecek oyun sınırına ulaştın ({ $n }); önce birini bitir.
limit-open-chat = Bu sohbet açık davet sınırına ulaştı ({ $n }); davetlerden birini kabul edin!
limit-games-chat = Bu sohbet devam eden oyun sınırına ulaştı ({ $n }).
notice-your-move = ⏰ <b>Sıra sende</b>: { $opponent } ile oyunun ({ $variant }).
notice-open-game = Oyuna git
games-title = <b>Bu sohbetteki oyunlar</b>
games-none = Burada devam eden oyun yok. /davet ile bir oyun başlat.
games-open = ⚔️ { $name } rakip bekliyor ({ $variant })
games-line = ⚪ { $white } — ⚫ { $black } · { $variant } · hamle { $n }, sıra: { $turn }
top-group = Bu grubun en iyileri
top-global = Genelde en iyiler
top-line = { $rank }. { $name } — { $rating } (oyun: { $games })
top-none = Henüz puanlı oyun yok. Puanlara yalnızca insanlar arasında, başlangıç konumundan oynanan oyunlar sayılır.
stats-ratings = Puanlar
stats-ratings-group = Bu gruptaki puanlar
stats-rating = { $variant }: { $rating } (oyun: { $games })
inline-title = Davet: { $variant }
inline-description = Bir davet kartı gönder; ilk kabul eden seninle oynar.
inline-card = ⚔️ { $name } rakip arıyor: <b>{ $variant }</b> ({ $side ->
    [white] { $name } beyaz taşlarla oynuyor
    [black] { $name } siyah taşlarla oynuyor
   *[other] renkler kurayla belirlenecek
  }). İlk kabul eden oynar!

rate-limited = Arka arkaya çok fazla dokundun; biraz bekle.

# Kural metinleri: konu adları (kullanıcıların /kurallar'dan sonra yazdıkları) ve her birinin kapsamı.
rules-topics-heading = Konular
rules-in-english = <i>Bu kurallar henüz Türkçeye çevrilmedi; İngilizcesi aşağıda.</i>
topic-movement = hareket
topic-capture = alma
topic-promotion = terfi
topic-end = bitiş
topic-notation = notasyon
topic-faq = sss
topic-movement-blurb = tahta, diziliş, taşların ve damaların hareketi
topic-capture-blurb = zorunluluk, hangi alma, çoklu alma, taşların kaldırılması
topic-promotion-blurb = dama olmak
topic-end-blurb = oyun nasıl kazanılır, beraberlikler
topic-notation-blurb = kare numaraları ve hamlelerin yazılışı
topic-faq-blurb = kısa cevaplar

# Ekran okuyucular için konumun sözlü anlatımı. $side white ya da black'tir.
describe-to-move = { $variant }. Hamle sırası { $side ->
    [white] Beyazda
   *[other] Siyahta
  }.
describe-side = { $side ->
    [white] Beyaz
   *[other] Siyah
  }: { $pieces }.
describe-men = { $n ->
    [one] { $n } taş, { $squares } karesinde
   *[other] { $n } taş, { $squares } karelerinde
  }
describe-kings = { $n ->
    [one] { $n } dama, { $squares } karesinde
   *[other] { $n } dama, { $squares } karelerinde
  }
describe-no-pieces = hiç taş yok

# Mini App: düğmeler, etiketler ve bildirimler (kısa: çoğu düğmedir). Burada seçim ifadesi yok.
app-loading = Yükleniyor…
app-retry = Yeniden dene
app-new-game = Yeni oyun
app-variant = Varyant
app-opponent = Rakip
app-vs-engine = Motor
app-vs-friend = Bir arkadaş
app-your-color = Taşların
app-white = Beyaz
app-black = Siyah
app-random = Rastgele
app-level = Motor seviyesi
app-play = Oyna
app-your-games = Oyunların
app-guest-note = Tarayıcında yerel oyun: Telegram gerekmez.
app-accept = Kabul et
app-decline = Reddet
app-share-hint = Bu bağlantıyı rakibine gönder:
app-copy = Kopyala
app-copied = Kopyalandı
app-join = Oyuna katıl
app-takeback = Geri al
app-draw = Beraberlik teklif et
app-resign = Pes et
app-confirm-resign = Emin misin?
app-rematch = Rövanş
app-new = Yeni oyun
app-moves = Hamleler
app-you = sen
app-engine-level = seviye { $n }
app-waiting-seat = bekleniyor…
app-your-turn = Sıra sende
app-their-turn = Sıra: { $name }
app-thinking = Düşünüyor
app-waiting = Rakip bekleniyor
app-white-wins = Beyaz kazandı
app-black-wins = Siyah kazandı
app-draw-result = Berabere
app-aborted = Oyun iptal edildi
app-you-win = Kazandın!
app-you-lose = Kaybettin
app-r-no-moves = hamle kalmadı
app-r-no-pieces = taş kalmadı
app-r-resignation = pes edildi
app-r-draw-agreed = anlaşmayla
app-r-repetition = konum tekrarıyla
app-r-move-limit = hamle sınırı
app-r-timeout = süre doldu
app-draw-offered-you = { $name } beraberlik teklif ediyor
app-takeback-offered-you = { $name } bir hamleyi geri almak istiyor
app-draw-offered-by-you = Beraberlik teklif edildi
app-takeback-offered-by-you = Geri alma istendi
app-choose-path = Hangi yoldan?
app-open-in-telegram = Bu sayfayı Telegram'da bot üzerinden aç.
app-no-game = Bu oyun yok (ya da artık yok).
app-network = Sunucuyla bağlantı yok.
app-e-not-your-turn = Sıra sende değil.
app-e-stale = Tahta değişti; işte güncel hâli.
app-e-game-over = Oyun bitti.
app-e-engine-declines = Motor beraberlik kabul etmiyor.
app-e-nothing-to-take-back = Geri alınacak hamle yok.
app-e-already-offered = Zaten teklif edildi.
app-e-not-a-player = Bu oyunu izliyorsun.
app-e-illegal-move = Bu hamleye izin verilmiyor.
app-e-seat-taken = Bu yeri başka biri aldı.
app-e-too-many-games = Bitmemiş oyunun çok fazla.
app-e-unauthorized = Oturumunun süresi doldu; sayfayı yeniden yükle.
app-e-other = Bir şeyler ters gitti.
app-live-lost = Yeniden bağlanılıyor…
app-engine = damas motoru
app-to-move = sırada
app-guest-name = Misafir
app-language = Dil
app-rules = Kurallar
app-e-bad-signature = Bu açılıştaki Telegram imzası doğrulanamadı. Uygulamayı kapatıp bottan yeniden aç.
app-e-init-data-expired = Bu açılış çok eski. Uygulamayı kapatıp bottan yeniden aç.
app-tap-no-move = { $square } karesindeki taşın şu an hamlesi yok.
app-tap-must-capture = Taş almak zorunlu. Alabilen taşlar: { $squares }.
app-must-legend = Turuncu halka: taş alması gereken bir taş.
app-flip = Tahtayı çevir
app-piece-wm = beyaz taş
app-piece-wk = beyaz dama
app-piece-bm = siyah taş
app-piece-bk = siyah dama
app-square-empty = boş
app-square-label = { $square }: { $what }
app-can-move = oynayabilir
app-move-here = buraya oyna
app-board-label = Tahta. Ok tuşları kareler arasında gezer; Enter taşı alır ve bırakır.
app-draw-engine-hint = Motor her oyunu sonuna kadar oynar: oynamaya devam et ya da terk et.

analysis-progress = Oyun inceleniyor… { $done }/{ $total }
analysis-title = <b>Analiz</b>: { $white } — { $black }, { $variant }
analysis-player = { $side } { $name }: isabet <b>%{ $accuracy }</b> · ?? { $blunders } · ? { $mistakes } · ?! { $inaccuracies }
analysis-legend = ?? büyük hata · ? hata · ?! eksik hamle
analysis-errors = <b>Bakılması gereken hamleler</b> (“daha iyi” sonrası motorun hamlesi ve devamı):
analysis-error-line = { $label } <code>{ $played }</code>{ $mark } — daha iyi <code>{ $best }</code>: { $line }
analysis-more = …ve { $n } tane daha.
analysis-clean = Hata bulunamadı: iki taraf da iyi oynadı.
analysis-not-over = Önce oyunu bitirin: analiz bitmiş oyunlar içindir.
analysis-none = Henüz analiz edilecek bitmiş bir oyununuz yok.
analysis-busy = Analiz şu anda başka oyunlarla meşgul; bir dakika sonra tekrar deneyin.
analysis-running = Önceki analiziniz hâlâ sürüyor; bitmesini bekleyin.
app-analysis = Analiz
app-analysing = Oyun inceleniyor…
app-accuracy = isabet
app-better = daha iyi
app-analysis-clean = Hata bulunamadı: iyi oynandı.
app-judgement-blunder = büyük hata
app-judgement-mistake = hata
app-judgement-inaccuracy = eksik hamle
app-eval-graph = Oyun boyunca değerlendirme (yukarı: beyaz daha iyi)
analysis-pdn-only = Analiz için oyunu .pdn dosyası olarak gönderin.
analysis-pdn-too-big = Bu dosya tek bir oyun için çok büyük (en fazla 64 KB).
analysis-pdn-bad = Bu oyunu okuyamadım: { $reason }
app-step-first = Başa
app-step-prev = Bir hamle geri
app-step-next = Bir hamle ileri
app-step-last = Sona
app-step-start = Başlangıç konumu
puzzle-caption =
    🧩 <b>Bulmaca #{ $number }</b> · { $variant } · derece { $rating }
    { $side } oynar ve kazanır. Bulunacak hamle: { $moves }. Hamlenizi yazın ya da aşağıdan dokunun.
    Bulmaca puanınız: { $yours }
puzzle-own = 📌 Oyunlarınızdan birinden: kaçırdığınız hamle.
puzzle-old-board = O tahta artık güncel değil; en sonuncusunu kullanın.
puzzle-right = ✅ Doğru! Cevap <code>{ $reply }</code> oldu ({ $found }/{ $total } bulundu).
puzzle-wrong = ❌ O değil. Yeniden deneyin ya da ipucu isteyin.
puzzle-solved = 🎉 Çözüldü!
puzzle-solved-late = ✅ Çözüldü, bir yanlış denemeden sonra.
puzzle-rating-change = Bulmaca puanı: { $before } → { $after }
puzzle-hint = 💡 { $square } karesindeki taşı oynayın.
puzzle-solution = 👁 Çözüm: <code>{ $line }</code>
puzzle-none = Süren bir bulmaca yok. Yenisi için Sonraki'ye dokunun.
puzzle-no-set = { $variant } için henüz bulmaca yok. Bulmacalar: { $variants }.
puzzle-button-hint = 💡 İpucu
puzzle-button-solution = 👁 Çözüm
puzzle-button-next = ⏭ Sonraki
daily-group-only = Günlük bulmaca gruplar içindir: beni bir gruba ekleyin ve orada /gunluk on gönderin.
daily-status-on = Günlük bulmaca burada açık ({ $variant }). /gunluk off kapatır.
daily-status-off = Günlük bulmaca burada kapalı. Bir yönetici /gunluk on [varyant] ile açabilir.
daily-admins-only = Günlük bulmacayı yalnızca grubun yöneticileri açıp kapatabilir.
daily-on = 🗓 Günlük bulmaca açık: her gün 00:00 UTC'de burada yeni bir { $variant } bulmacası. /gunluk off durdurur.
daily-off = Günlük bulmaca kapatıldı.
daily-caption = 🗓 <b>Günün bulmacası</b> · { $date } · { $variant } · derece { $rating }
    { $side } oynar ve kazanır: ilk hamleye dokunun. Herkese bir deneme.
daily-nobody = Henüz kimse bulamadı ({ $tries } deneme).
daily-solvers = Bulanlar: { $names } ({ $tries } denemenin { $solved } tanesi)
daily-yesterday = Dünün çözümü: <code>{ $line }</code>
daily-right = ✅ Doğru! { $rank }. sıradasınız. Varyant: { $line }
daily-wrong = ❌ O değil. Günde bir deneme: çözüm yarının bulmacasıyla gelir.
daily-tried = Bugünkü bulmacada denemenizi yaptınız.
daily-old = Bu eski bir günlük bulmaca.

# Mini App puzzles
app-puzzles = Bulmacalar
app-puzzle-hint = İpucu
app-puzzle-show = Çözüm
app-puzzle-next = Sonraki bulmaca
app-puzzle-caption = Bulmaca { $number } · puan { $rating }
app-puzzle-own = Kendi oyunlarınızdan · puan { $rating }
app-puzzle-yours = puanınız { $rating }
app-puzzle-progress = bulunan { $found }/{ $total }
app-puzzle-find = Sıra { $side } tarafta: en iyi hamleyi bulun.
app-puzzle-wrong = O değil. Yeniden deneyin.
app-puzzle-right = Doğru! Devam.
app-puzzle-right-reply = Doğru! Yanıt: { $reply }. Devam.
app-puzzle-solved = Çözüldü!
app-puzzle-solved-late = Bir yanlış denemeden sonra çözüldü.
app-puzzle-rating = Puan { $before } → { $after }.
app-puzzle-hint-text = { $square } karesindeki taşı oynayın.
app-puzzle-solution = Çözüm: { $line }.
app-puzzle-done = Bulmaca bitti: sonrakine geçin.
