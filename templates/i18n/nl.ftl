# Nederlandse berichten van de damas-bot. Telegram-HTML: < > & in gewone tekst escapen.

welcome =
    Hallo, { $name }! Ik speel <b>dammen</b> in { $count } varianten: internationaal, Russisch, Braziliaans, Engels (checkers), Spaans, Italiaans, Turks en meer.

    /spelen — een partij tegen mij
    /regels — de spelregels van elke variant
    /hulp — alles wat ik begrijp
help =
    <b>Commando's</b>
    /spelen [variant] [niveau] [white|black] — een partij tegen de computer
    /bord — het bord opnieuw sturen
    /terug — je laatste zet terugnemen
    /remise — remise aanbieden of claimen
    /opgeven — de partij opgeven
    /pdn — de partij als PDN-bestand
    /analyseren — de analyse door de engine van je laatste uitgespeelde partij (of stuur me een PDN-bestand)
    /puzzel [variant] — een puzzel: vind de winnende slag
    /regels [variant] [onderwerp] — de spelregels
    /varianten — de varianten die ik ken
    /statistieken — je resultaten
    /instellingen — bord als afbeelding of knoppen, oriëntatie, thema
    /taal — taal: es, en, ru, pt, tr, it, fr, nl

    <b>Met vrienden</b>
    /uitdagen [variant] — een open uitdaging in een groep; als antwoord op een bericht: aan die persoon
    /partijen — de partijen in deze chat
    /dagelijks on [variant] — elke dag een puzzel hier (beheerders; /dagelijks off stopt hem)
    /ranglijst [variant] — de spelers met de hoogste rating, hier en overal
    Typ in elke chat mijn @naam en een variant om een uitdagingskaart te sturen.

    <b>Zetten</b>: typ ze zoals <code>27-23</code>, <code>23x16</code>, <code>23x14x5</code> of <code>c3-d4</code> (ook <code>/m 27-23</code>), of tik op het bord.
    De Engelse commandonamen werken ook: /play /rules /board /undo /draw /resign /variants /stats /settings /lang /help /challenge /games /top.
unknown-text = Dat begreep ik niet. Typ een zet zoals <code>27-23</code>, of /hulp.
unknown-command = Dat commando ken ik niet. Zie /hulp.
error-generic = Er ging aan mijn kant iets mis. Probeer het opnieuw.
error-busy = Telegram heeft het druk; probeer het zo meteen opnieuw.

lang-choose = Kies je taal:
lang-set = Vanaf nu spreek ik Nederlands.
lang-unknown = Ik spreek <code>es</code> (Español), <code>en</code> (English), <code>ru</code> (Русский), <code>pt</code> (Português), <code>tr</code> (Türkçe), <code>it</code> (Italiano), <code>fr</code> (Français) en <code>nl</code> (Nederlands).

variants-title = <b>Varianten</b> — tik op een variant voor de regels, of /spelen:
variant-english = Engels dammen (checkers)
variant-spanish = Spaans dammen
variant-international = Internationaal dammen (10×10)
variant-triestine = Triëstijns dammen
variant-russian = Russisch dammen
variant-brazilian = Braziliaans dammen
variant-italian = Italiaans dammen
variant-turkish = Turks dammen
variant-pool = Amerikaans pooldammen
variant-czech = Tsjechisch dammen
variant-thai = Thais dammen (mak-hos)
variant-frisian = Fries dammen
variant-canadian = Canadees dammen (12×12)
variant-antidraughts = Antidammen (wie verliest, wint)
variant-unknown = De variant “{ $name }” ken ik niet. Zie /varianten.

rules-choose-variant = <b>Regels</b> — welke variant?
rules-unknown-topic = Het onderwerp “{ $topic }” ken ik niet. Onderwerpen: { $topics }.
rules-more = Meer onderwerpen:
rules-unavailable = De regelteksten zijn op dit moment niet beschikbaar.

settings-title =
    <b>Instellingen</b>
    Bord: { $board }
    Oriëntatie: { $orientation }
    Thema: { $theme }
settings-board-image = afbeelding
settings-board-buttons = knoppen
settings-orientation-auto = mijn kant onderaan
settings-orientation-white = wit onderaan
settings-theme-classic = klassiek
settings-theme-wood = hout
settings-theme-contrast = hoog contrast
settings-toggle-board = Bord: { $value }
settings-toggle-orientation = Oriëntatie: { $value }
settings-toggle-theme = Thema: { $value }
settings-saved = Opgeslagen.

play-choose-variant = Welke variant wil je spelen?
play-choose-level = { $variant } — welk niveau?
play-choose-color = { $variant }, niveau { $level } — welke kleur?
level = Niveau { $n }
color-white = Wit
color-black = Zwart
color-random = Willekeurig
no-game = Je hebt geen lopende partij. Begin er een met /spelen.
bad-level = Het niveau moet easy, medium, hard of master zijn (of een getal van 1 tot { $max }).

cmd-play = Een partij spelen tegen de computer
cmd-rules = Spelregels van een variant
cmd-board = Het bord opnieuw tonen
cmd-undo = Je laatste zet terugnemen
cmd-draw = Remise aanbieden of claimen
cmd-resign = De partij opgeven
cmd-pdn = De partij als PDN-bestand
cmd-analyse = De analyse door de engine van je laatste partij
cmd-puzzle = Een puzzel: vind de winnende slag
cmd-variants = De varianten
cmd-stats = Je resultaten
cmd-settings = Instellingen voor bord en weergave
cmd-lang = Taal
cmd-help = Hulp

# Waarom een zet geweigerd is; { $moves } somt de geldige alternatieven op.
reason-unreadable = Dat is geen zet. Schrijf hem zoals <code>27-23</code>, <code>23x16</code> of <code>c3-d4</code>.
reason-no-such-square = { $square } is geen speelveld van dit bord.
reason-no-piece = Er staat geen stuk op { $square }.
reason-not-your-piece = Het stuk op { $square } is niet van jou.
reason-capture-required = Slaan is verplicht.
reason-priority-most-pieces = Je moet de slag nemen waarmee je de meeste stukken slaat.
reason-priority-most-kings = Bij gelijke slagen moet je de slag nemen waarmee je de meeste dammen slaat.
reason-priority-king-captures = Bij gelijke slagen moet je met een dam slaan in plaats van met een schijf.
reason-priority-king-first = Bij gelijke slagen moet je de slag nemen die het eerst een dam tegenkomt.
reason-priority-most-value = Je moet de slag nemen die het meest waard is: een dam is meer waard dan één schijf en minder dan twee.
reason-man-cannot-capture-king = In deze variant mag een schijf geen dam slaan.
reason-incomplete = Een slag mag niet halverwege stoppen: het stuk moet doorslaan.
reason-ambiguous = Er passen meerdere zetten; schrijf de hele route uit.
reason-not-legal = Dat stuk kan daar niet heen.
reason-game-over = De partij is afgelopen.
reason-alternatives = Mogelijk: { $moves }
reason-or = of

level-1 = makkelijk
level-2 = gemiddeld
level-3 = moeilijk
level-4 = meester
bad-color = De kleur moet white, black of random zijn.
engine-name = Computer ({ $level })

# Het bordbericht van een partij.
game-players = ⚪ { $white } — ⚫ { $black }
game-your-turn = <b>Jij bent aan zet</b> ({ $color }).
game-their-turn = { $name } is aan zet ({ $color }).
game-thinking = ⏳ Denkt na…
game-last-move = Laatste zet: { $n } { $move }
game-material = Stukken: ⚪ { $white } · ⚫ { $black }
game-material-kings = { $men } + { $kings } D
game-button-rematch = Revanche
game-button-pdn = PDN
game-button-analyse = 📈 Analyse
game-button-new = Nieuwe partij
game-bad-position = Vanuit die stelling kan ik niet beginnen: { $detail }
engine-busy = De computer is nu bezig met andere partijen; probeer je zet zo meteen nog eens. Er is niets veranderd.
engine-busy-user = De computer is nog bezig met je andere partijen; wacht op die zetten en probeer het dan opnieuw. Er is niets veranderd.
game-too-complex = Die zet leidt tot een stelling met te veel slagvarianten om te volgen; kies een andere zet.
game-not-your-turn = Je bent niet aan zet; wacht op de zet van de computer.
game-stale = Het bord is intussen veranderd; bekijk het opnieuw en herhaal je zet.
button-unknown = Deze knop is verouderd en doet niets meer. Stuur /start voor een nieuw menu.
game-board-changed = Het bord is veranderd.
game-gone = Deze partij bestaat niet meer.
game-draw-declined = De computer weigert de remise. Speel verder!
game-draw-offered = Remise aangeboden.
game-nothing-to-undo = Er is geen zet van jou om terug te nemen.
game-already-offered = Dat heb je al aangeboden.
game-not-over = De partij is nog niet afgelopen.
game-undone = Je laatste zet is teruggenomen.
game-resign-confirm = Wil je deze partij echt opgeven?
game-resign-yes = Ja, opgeven
game-resign-no = Nee, verder spelen
game-resign-cancelled = Speel verder!
game-rematch-offered = Revanche aangeboden.
game-pdn-caption = De partij in PDN.
game-in-progress = Je speelt al een partij tegen mij. Maak die eerst af, of geef hem op om een nieuwe te beginnen.
game-button-board = Toon het bord
game-button-resign = Opgeven

result-you-win = Je hebt gewonnen!
result-you-lose = Je hebt verloren.
result-draw = Remise.
result-aborted = Partij afgebroken.
result-side-wins = { $color } heeft gewonnen.
end-no-moves = { $color } kan niet meer zetten.
end-no-pieces = { $color } heeft geen stukken meer.
end-resignation = { $color } heeft opgegeven.
end-draw-agreed = Remise in onderling overleg.
end-repetition = Dezelfde stelling is drie keer voorgekomen.
end-move-limit = Zettenlimiet bereikt ({ $rule }).
end-timeout = { $color } heeft de tijd overschreden.
end-aborted = De partij eindigde voordat beide kanten een zet hadden gedaan.

# Waarom een partij door een zettenlimiet in remise eindigde, getoond na de "({ $rule })" van end-move-limit.
# $moves is het aantal zetten per kant; $strong een getal of een bereik zoals 1–2.
draw-no-progress = { $moves ->
    [one] { $moves } zet per kant zonder slag of schijfzet
   *[other] { $moves } zetten per kant zonder slag of schijfzet
  }
draw-short-ending = een enkele dam tegen { $strong } stukken waaronder minstens één dam, { $moves } zetten per kant
draw-short-ending-kings = een enkele dam tegen { $strong } dammen, { $moves } zetten per kant
draw-balanced-kings = dammen aan beide kanten en { $strong } stukken in totaal, { $moves } zetten per kant
draw-lone-kings = precies één dam per kant

stats = <b>Jouw resultaten</b> — partijen: { $total } · gewonnen: { $won } · verloren: { $lost } · remise: { $drawn }
stats-none = Je hebt nog geen partij uitgespeeld. Begin er een met /spelen.

# Partijen tussen mensen: uitdagingen, de gedeelde partijkaart, /partijen, /ranglijst.
cmd-challenge = Iemand uitdagen (in een groep: open, of als antwoord)
cmd-games = Partijen in deze chat
cmd-top = Ranglijst
cmd-daily = Dagelijkse puzzel in deze groep (beheerders: on/off)
challenge-open = ⚔️ { $name } zoekt een tegenstander: <b>{ $variant }</b>. Wie het eerst accepteert, speelt!
challenge-to = ⚔️ { $name } daagt { $opponent } uit voor een partij <b>{ $variant }</b>.
challenge-colour = { $name } speelt met { $color }.
challenge-unrated = Vanuit een opgezette stelling: telt niet mee voor de rating.
challenge-accept = ✅ Accepteren
challenge-decline = ❌ Weigeren
challenge-cancel = Annuleren
challenge-choose-variant = Welke variant? (De uitdaging wordt geplaatst zodra je kiest.)
challenge-private = Uitdagingen zijn voor groepen: gebruik daar /uitdagen (als antwoord op iemands bericht om die persoon uit te dagen). Typ in een willekeurige chat mijn naam en een variant, of gebruik de knop:
challenge-inline-button = Daag een vriend uit
challenge-bot = Bots dammen hier niet. Antwoord op het bericht van een persoon om die uit te dagen.
challenge-taken = Iemand heeft deze uitdaging al aangenomen.
challenge-own = Je kunt je eigen uitdaging niet aannemen.
challenge-not-invited = Deze uitdaging is voor iemand anders.
challenge-only-challenger = Alleen wie de uitdaging plaatste, kan hem annuleren.
challenge-not-your-menu = Dat menu is van iemand anders; stuur zelf /uitdagen.
challenge-withdrawn = De uitdaging is ingetrokken.
card-draw-offered = 🤝 { $name } biedt remise aan.
card-takeback-offered = ↩️ { $name } vraagt om een zet terug te nemen.
card-rematch-offered = 🔁 { $name } wil revanche.
card-open-app = Openen in de app
group-not-your-game = Dit is niet jouw partij.
group-not-your-turn = Je bent niet aan zet.
group-not-started = Nog niemand heeft de uitdaging aangenomen.
group-no-offer = Er is geen aanbod om op te antwoorden.
group-no-game-here = Je hebt geen lopende partij in deze chat. Begin er een met /uitdagen.
limit-open-user = Je hebt het maximum aan open uitdagingen bereikt ({ $n }); wacht op een antwoord of annuleer er een.
limit-games-user = Je hebt het maximum aan gelijktijdige partijen bereikt ({ $n }); maak er eerst een af.
limit-open-chat = Deze chat heeft het maximum aan open uitdagingen bereikt ({ $n }); neem er een aan!
limit-games-chat = Deze chat heeft het maximum aan lopende partijen bereikt ({ $n }).
notice-your-move = ⏰ <b>Jij bent aan zet</b> tegen { $opponent } ({ $variant }).
notice-open-game = Naar de partij
games-title = <b>Partijen in deze chat</b>
games-none = Hier zijn geen lopende partijen. Begin er een met /uitdagen.
games-open = ⚔️ { $name } wacht op een tegenstander ({ $variant })
games-line = ⚪ { $white } — ⚫ { $black } · { $variant } · zet { $n }, { $turn } is aan zet
top-group = De besten in deze groep
top-global = De besten overal
top-line = { $rank }. { $name } — { $rating } ({ $games ->
    [one] { $games } partij
   *[other] { $games } partijen
  })
top-none = Nog geen partijen met rating. Voor de rating tellen partijen tussen mensen vanuit de beginstelling.
stats-ratings = Ratings
stats-ratings-group = Ratings in deze groep
stats-rating = { $variant }: { $rating } ({ $games ->
    [one] { $games } partij
   *[other] { $games } partijen
  })
inline-title = Uitdaging: { $variant }
inline-description = Plaats een uitdagingskaart; wie het eerst accepteert, speelt tegen je.
inline-card = ⚔️ { $name } zoekt een tegenstander: <b>{ $variant }</b> ({ $side ->
    [white] { $name } speelt met wit
    [black] { $name } speelt met zwart
   *[other] kleuren door loting
  }). Wie het eerst accepteert, speelt!

rate-limited = Te veel tikken achter elkaar; wacht even.

# De regelteksten: namen van de onderwerpen (wat je na /regels typt) en wat elk onderwerp behandelt.
rules-topics-heading = Onderwerpen
rules-in-english = <i>Deze regels zijn nog niet in het Nederlands vertaald; hier zijn ze in het Engels.</i>
topic-movement = beweging
topic-capture = slaan
topic-promotion = promotie
topic-end = einde
topic-notation = notatie
topic-faq = vragen
topic-movement-blurb = bord, opstelling, hoe schijven en dammen bewegen
topic-capture-blurb = slagplicht, welke slag, meerslagen, wegnemen
topic-promotion-blurb = dam worden
topic-end-blurb = hoe je wint, remise
topic-notation-blurb = veldnummers en hoe je zetten noteert
topic-faq-blurb = snelle antwoorden

# De stelling in woorden, voor schermlezers. $side is white of black.
describe-to-move = { $variant }. { $side ->
    [white] Wit
   *[other] Zwart
  } is aan zet.
describe-side = { $side ->
    [white] Wit
   *[other] Zwart
  }: { $pieces }.
describe-men = { $n ->
    [one] { $n } schijf op { $squares }
   *[other] { $n } schijven op { $squares }
  }
describe-kings = { $n ->
    [one] { $n } dam op { $squares }
   *[other] { $n } dammen op { $squares }
  }
describe-no-pieces = geen stukken

# De Mini App: knoppen, labels en meldingen (kort: de meeste zijn knoppen). Geen select-expressies hier.
app-loading = Laden…
app-retry = Opnieuw
app-new-game = Nieuwe partij
app-variant = Variant
app-opponent = Tegenstander
app-vs-engine = Computer
app-vs-friend = Een vriend
app-your-color = Jouw stukken
app-white = Wit
app-black = Zwart
app-random = Willekeurig
app-level = Computerniveau
app-play = Spelen
app-your-games = Jouw partijen
app-guest-note = Lokale partij in je browser: Telegram is niet nodig.
app-accept = Accepteren
app-decline = Weigeren
app-share-hint = Stuur deze link naar je tegenstander:
app-copy = Kopiëren
app-copied = Gekopieerd
app-join = Aanschuiven
app-takeback = Terugnemen
app-draw = Remise aanbieden
app-resign = Opgeven
app-confirm-resign = Zeker?
app-rematch = Revanche
app-new = Nieuwe partij
app-moves = Zetten
app-you = jij
app-engine-level = niveau { $n }
app-waiting-seat = wachten…
app-your-turn = Jij bent aan zet
app-their-turn = { $name } is aan zet
app-thinking = Denkt na
app-waiting = Wachten op een tegenstander
app-white-wins = Wit wint
app-black-wins = Zwart wint
app-draw-result = Remise
app-aborted = Partij afgebroken
app-you-win = Je hebt gewonnen!
app-you-lose = Je hebt verloren
app-r-no-moves = geen zetten meer
app-r-no-pieces = geen stukken meer
app-r-resignation = door opgave
app-r-draw-agreed = in onderling overleg
app-r-repetition = door herhaling
app-r-move-limit = zettenlimiet
app-r-timeout = op tijd
app-draw-offered-you = { $name } biedt remise aan
app-takeback-offered-you = { $name } vraagt een zet terug te nemen
app-draw-offered-by-you = Remise aangeboden
app-takeback-offered-by-you = Terugnemen gevraagd
app-choose-path = Welke route?
app-open-in-telegram = Open deze pagina via de bot in Telegram.
app-no-game = Deze partij bestaat niet (meer).
app-network = Geen verbinding met de server.
app-e-not-your-turn = Je bent niet aan zet.
app-e-stale = Het bord is veranderd; dit is de huidige stand.
app-e-game-over = De partij is afgelopen.
app-e-engine-declines = De computer accepteert geen remise.
app-e-nothing-to-take-back = Er is geen zet om terug te nemen.
app-e-already-offered = Al aangeboden.
app-e-not-a-player = Je kijkt mee bij deze partij.
app-e-illegal-move = Die zet is niet toegestaan.
app-e-seat-taken = Iemand anders heeft de plaats al ingenomen.
app-e-too-many-games = Te veel onafgemaakte partijen.
app-e-unauthorized = Je sessie is verlopen; herlaad de pagina.
app-e-other = Er ging iets mis.
app-live-lost = Opnieuw verbinden…
app-engine = damas-computer
app-to-move = aan zet
app-guest-name = Gast
app-language = Taal
app-rules = Regels
app-e-bad-signature = De handtekening van Telegram bij deze start kon niet worden gecontroleerd. Sluit de app en open hem opnieuw vanuit de bot.
app-e-init-data-expired = Deze start is te oud. Sluit de app en open hem opnieuw vanuit de bot.
app-tap-no-move = De schijf op { $square } kan nu niet zetten.
app-tap-must-capture = Slaan is verplicht. Schijven die kunnen slaan: { $squares }.
app-must-legend = Oranje ring: een schijf die moet slaan.
app-flip = Bord draaien
app-piece-wm = witte schijf
app-piece-wk = witte dam
app-piece-bm = zwarte schijf
app-piece-bk = zwarte dam
app-square-empty = leeg
app-square-label = { $square }: { $what }
app-can-move = kan zetten
app-move-here = hierheen
app-board-label = Bord. Pijltjestoetsen gaan langs de velden; Enter pakt een schijf op en zet hem neer.
app-draw-engine-hint = De computer speelt elke partij uit: speel door of geef op.

analysis-progress = De partij wordt geanalyseerd… { $done }/{ $total }
analysis-title = <b>Analyse</b>: { $white } — { $black }, { $variant }
analysis-player = { $side } { $name }: nauwkeurigheid <b>{ $accuracy }%</b> · ?? { $blunders } · ? { $mistakes } · ?! { $inaccuracies }
analysis-legend = ?? blunder · ? fout · ?! onnauwkeurigheid
analysis-errors = <b>Zetten om naar te kijken</b> (na „beter” de zet en variant van de engine):
analysis-error-line = { $label } <code>{ $played }</code>{ $mark } — beter <code>{ $best }</code>: { $line }
analysis-more = …en nog { $n }.
analysis-clean = Geen fouten gevonden: door beide kanten goed gespeeld.
analysis-not-over = Speel de partij eerst uit: de analyse is voor uitgespeelde partijen.
analysis-none = Je hebt nog geen uitgespeelde partij om te analyseren.
analysis-busy = De analyse is bezig met andere partijen; probeer het over een minuut opnieuw.
analysis-running = Je vorige analyse loopt nog; wacht daarop.
app-analysis = Analyse
app-analysing = De partij wordt geanalyseerd…
app-accuracy = nauwkeurigheid
app-better = beter
app-analysis-clean = Geen fouten gevonden: goed gespeeld.
app-judgement-blunder = blunder
app-judgement-mistake = fout
app-judgement-inaccuracy = onnauwkeurigheid
app-eval-graph = Evaluatie door de partij heen (boven: wit staat beter)
analysis-pdn-only = Stuur de partij als .pdn-bestand om haar te laten analyseren.
analysis-pdn-too-big = Dat bestand is te groot voor één partij (hoogstens 64 KB).
analysis-pdn-bad = Ik kon die partij niet lezen: { $reason }
app-step-first = Naar het begin
app-step-prev = Eén zet terug
app-step-next = Eén zet vooruit
app-step-last = Naar het einde
app-step-start = Beginstelling
puzzle-caption =
    🧩 <b>Puzzel #{ $number }</b> · { $variant } · niveau { $rating }
    { $side } aan zet wint. Te vinden zetten: { $moves }. Typ je zet of tik hem hieronder aan.
    Je puzzelrating: { $yours }
puzzle-own = 📌 Uit een van je partijen: de zet die je miste.
puzzle-old-board = Dat bord is niet meer het huidige; gebruik het laatste.
puzzle-right = ✅ Goed! Het antwoord was <code>{ $reply }</code> ({ $found }/{ $total } gevonden).
puzzle-wrong = ❌ Die is het niet. Probeer opnieuw of vraag een hint.
puzzle-solved = 🎉 Opgelost!
puzzle-solved-late = ✅ Opgelost, na een foute poging.
puzzle-rating-change = Puzzelrating: { $before } → { $after }
puzzle-hint = 💡 Speel met de schijf op { $square }.
puzzle-solution = 👁 De oplossing: <code>{ $line }</code>
puzzle-none = Er loopt geen puzzel. Tik op Volgende voor een nieuwe.
puzzle-no-set = Er zijn nog geen puzzels voor { $variant }. Puzzels zijn er voor: { $variants }.
puzzle-button-hint = 💡 Hint
puzzle-button-solution = 👁 Oplossing
puzzle-button-next = ⏭ Volgende
daily-group-only = De dagelijkse puzzel is voor groepen: voeg me toe aan een groep en stuur daar /dagelijks on.
daily-status-on = De dagelijkse puzzel staat hier aan ({ $variant }). /dagelijks off stopt hem.
daily-status-off = De dagelijkse puzzel staat hier uit. Een beheerder kan hem aanzetten met /dagelijks on [variant].
daily-admins-only = Alleen de beheerders van de groep kunnen de dagelijkse puzzel aan- of uitzetten.
daily-on = 🗓 Dagelijkse puzzel aan: elke dag om 00:00 UTC een nieuwe { $variant }-puzzel hier. /dagelijks off stopt hem.
daily-off = Dagelijkse puzzel uit.
daily-caption = 🗓 <b>Puzzel van de dag</b> · { $date } · { $variant } · niveau { $rating }
    { $side } aan zet wint: tik de eerste zet aan. Eén poging per persoon.
daily-nobody = Nog niemand heeft hem gevonden ({ $tries } pogingen).
daily-solvers = Gevonden door: { $names } ({ $solved } van { $tries } pogingen)
daily-yesterday = De oplossing van gisteren: <code>{ $line }</code>
daily-right = ✅ Goed! Je bent nummer { $rank }. De lijn: { $line }
daily-wrong = ❌ Die niet. Eén poging per dag: de oplossing komt met de puzzel van morgen.
daily-tried = Je hebt je poging voor de puzzel van vandaag al gedaan.
daily-old = Dat is een oudere dagelijkse puzzel.

# Mini App puzzles
app-puzzles = Problemen
app-puzzle-hint = Tip
app-puzzle-show = Oplossing
app-puzzle-next = Volgend probleem
app-puzzle-caption = Probleem { $number } · niveau { $rating }
app-puzzle-own = Uit een van je partijen · niveau { $rating }
app-puzzle-yours = jouw niveau { $rating }
app-puzzle-progress = gevonden { $found }/{ $total }
app-puzzle-find = { $side } aan zet: vind de beste zet.
app-puzzle-wrong = Die niet. Probeer opnieuw.
app-puzzle-right = Goed! Ga door.
app-puzzle-right-reply = Goed! Het antwoord: { $reply }. Ga door.
app-puzzle-solved = Opgelost!
app-puzzle-solved-late = Opgelost, na een foute poging.
app-puzzle-rating = Niveau { $before } → { $after }.
app-puzzle-hint-text = Speel de schijf op { $square }.
app-puzzle-solution = Oplossing: { $line }.
app-puzzle-done = Probleem voorbij: neem het volgende.
