# Messaggi in italiano del bot damas. HTML di Telegram: nel testo < > & vanno scritti come entità.

welcome =
    Ciao, { $name }! Gioco a <b>dama</b> in { $count } varianti: internazionale, russa, brasiliana, inglese, spagnola, italiana, turca e altre.

    /gioca — una partita contro di me
    /regole — le regole di ogni variante
    /aiuto — tutto quello che capisco
help =
    <b>Comandi</b>
    /gioca [variante] [livello] [white|black] — una partita contro il motore
    /damiera — invia di nuovo la damiera
    /annulla — ritira la tua ultima mossa
    /patta — proponi o reclama la patta
    /abbandona — abbandona la partita
    /pdn — la partita in un file PDN
    /analizza — l'analisi del motore della tua ultima partita finita (o mandami un file PDN)
    /problema [variante] — un problema: trova il colpo vincente
    /regole [variante] [argomento] — le regole
    /varianti — le varianti che conosco
    /statistiche — i tuoi risultati
    /impostazioni — damiera come immagine o pulsanti, orientamento, tema
    /lingua — lingua: es, en, ru, pt, tr, it, fr, nl

    <b>Con gli amici</b>
    /sfida [variante] — una sfida aperta in un gruppo; in risposta a un messaggio, a quella persona
    /partite — le partite di questa chat
    /giornaliero on [variante] — un problema qui ogni giorno (admin; /giornaliero off lo ferma)
    /classifica [variante] — i giocatori con il punteggio più alto, qui e ovunque
    In qualsiasi chat, scrivi il mio @nome e una variante per inviare una sfida.

    <b>Mosse</b>: scrivile come <code>27-23</code>, <code>23x16</code>, <code>23x14x5</code> o <code>c3-d4</code> (anche <code>/m 27-23</code>), oppure tocca la damiera.
    Funzionano anche i comandi in inglese: /play /rules /board /undo /draw /resign /variants /stats /settings /lang /help /challenge /games /top.
unknown-text = Non ho capito. Scrivi una mossa come <code>27-23</code>, oppure /aiuto.
unknown-command = Non conosco questo comando. Vedi /aiuto.
error-generic = Qualcosa è andato storto da parte mia. Riprova, per favore.
error-busy = Telegram è occupato; riprova tra un momento.

lang-choose = Scegli la tua lingua:
lang-set = D'ora in poi parlerò in italiano.
lang-unknown = Parlo <code>es</code> (Español), <code>en</code> (English), <code>ru</code> (Русский), <code>pt</code> (Português), <code>tr</code> (Türkçe), <code>it</code> (italiano), <code>fr</code> (Français) e <code>nl</code> (Nederlands).

variants-title = <b>Varianti</b> — toccane una per le sue regole, oppure /gioca:
variant-english = Dama inglese (checkers)
variant-spanish = Dama spagnola
variant-international = Dama internazionale (10×10)
variant-triestine = Dama triestina
variant-russian = Dama russa
variant-brazilian = Dama brasiliana
variant-italian = Dama italiana
variant-turkish = Dama turca
variant-pool = Dama americana (pool checkers)
variant-czech = Dama ceca
variant-thai = Dama thailandese (mak-hos)
variant-frisian = Dama frisone
variant-canadian = Dama canadese (12×12)
variant-antidraughts = Antidama (vince chi perde)
variant-unknown = Non conosco la variante «{ $name }». Vedi /varianti.

rules-choose-variant = <b>Regole</b> — di quale variante?
rules-unknown-topic = Non conosco l'argomento «{ $topic }». Argomenti: { $topics }.
rules-more = Altri argomenti:
rules-unavailable = I testi delle regole non sono disponibili in questo momento.

settings-title =
    <b>Impostazioni</b>
    Damiera: { $board }
    Orientamento: { $orientation }
    Tema: { $theme }
settings-board-image = immagine
settings-board-buttons = pulsanti
settings-orientation-auto = il mio lato in basso
settings-orientation-white = il Bianco in basso
settings-theme-classic = classico
settings-theme-wood = legno
settings-theme-contrast = alto contrasto
settings-toggle-board = Damiera: { $value }
settings-toggle-orientation = Orientamento: { $value }
settings-toggle-theme = Tema: { $value }
settings-saved = Salvato.

play-choose-variant = Quale variante vuoi giocare?
play-choose-level = { $variant } — quale livello?
play-choose-color = { $variant }, livello { $level } — quale colore?
level = Livello { $n }
color-white = Bianco
color-black = Nero
color-random = A caso
no-game = Non hai nessuna partita in corso. Iniziane una con /gioca.
bad-level = Il livello deve essere easy, medium, hard o master (oppure un numero da 1 a { $max }).

cmd-play = Gioca una partita contro il motore
cmd-rules = Regole di una variante
cmd-board = Mostra di nuovo la damiera
cmd-undo = Ritira la tua ultima mossa
cmd-draw = Proponi o reclama la patta
cmd-resign = Abbandona la partita
cmd-pdn = La partita in un file PDN
cmd-analyse = L'analisi del motore della tua ultima partita
cmd-puzzle = Un problema: trova il colpo vincente
cmd-variants = Le varianti
cmd-stats = I tuoi risultati
cmd-settings = Impostazioni della damiera e della visualizzazione
cmd-lang = Lingua
cmd-help = Aiuto

# Perché una mossa è stata rifiutata; { $moves } elenca le alternative regolari.
reason-unreadable = Questa non è una mossa. Scrivila come <code>27-23</code>, <code>23x16</code> o <code>c3-d4</code>.
reason-no-such-square = { $square } non è una casella di gioco di questa damiera.
reason-no-piece = Non c'è nessun pezzo su { $square }.
reason-not-your-piece = Il pezzo su { $square } non è tuo.
reason-capture-required = La presa è obbligatoria.
reason-priority-most-pieces = Devi eseguire la presa che cattura più pezzi.
reason-priority-most-kings = A parità di presa devi eseguire quella che cattura più dame.
reason-priority-king-captures = A parità di presa devi prendere con la dama anziché con la pedina.
reason-priority-king-first = A parità di presa devi eseguire quella che incontra prima una dama.
reason-priority-most-value = Devi eseguire la presa che vale di più: una dama vale più di una pedina e meno di due.
reason-man-cannot-capture-king = In questa variante la pedina non può prendere la dama.
reason-incomplete = Una presa non può fermarsi a metà: il pezzo deve continuare a prendere.
reason-ambiguous = Più mosse corrispondono; scrivi il percorso completo.
reason-not-legal = Quel pezzo non può andare lì.
reason-game-over = La partita è finita.
reason-alternatives = Possibili: { $moves }
reason-or = o

level-1 = facile
level-2 = medio
level-3 = difficile
level-4 = maestro
bad-color = Il colore deve essere white, black o random.
engine-name = Motore ({ $level })

# Il messaggio con la damiera di una partita.
game-players = ⚪ { $white } — ⚫ { $black }
game-your-turn = <b>Tocca a te</b> ({ $color }).
game-their-turn = Muove { $name } ({ $color }).
game-thinking = ⏳ Sto pensando…
game-last-move = Ultima mossa: { $n } { $move }
game-material = Pezzi: ⚪ { $white } · ⚫ { $black }
game-material-kings = { $men } + { $kings } D
game-button-rematch = Rivincita
game-button-pdn = PDN
game-button-analyse = 📈 Analisi
game-button-new = Nuova partita
game-bad-position = Non posso iniziare da quella posizione: { $detail }
engine-busy = Il motore è occupato con altre partite in questo momento; riprova la tua mossa tra poco. Non è stato cambiato nulla.
engine-busy-user = Il motore sta ancora lavorando alle tue altre partite; attendi quelle mosse e riprova. Non è stato cambiato nulla.
game-too-complex = Quella mossa porterebbe a una posizione con troppe sequenze di presa da seguire per me; scegli un'altra mossa.
game-not-your-turn = Non è il tuo turno; attendi la mossa del motore.
game-stale = Nel frattempo la damiera è cambiata; guardala di nuovo e ripeti la tua mossa.
button-unknown = Questo pulsante è superato e non fa più nulla. Invia /start per un menu nuovo.
game-board-changed = La damiera è cambiata.
game-gone = Questa partita non esiste più.
game-draw-declined = Il motore rifiuta la patta. Continua a giocare!
game-draw-offered = Patta proposta.
game-nothing-to-undo = Non c'è nessuna tua mossa da ritirare.
game-already-offered = L'hai già proposto.
game-not-over = La partita non è ancora finita.
game-undone = La tua ultima mossa è stata ritirata.
game-resign-confirm = Vuoi davvero abbandonare questa partita?
game-resign-yes = Sì, abbandono
game-resign-no = No, continuo
game-resign-cancelled = Continua a giocare!
game-rematch-offered = Rivincita proposta.
game-pdn-caption = La partita in PDN.
game-in-progress = Stai già giocando una partita contro di me. Finiscila prima, oppure abbandonala per iniziarne un'altra.
game-button-board = Mostra la damiera
game-button-resign = Abbandonala

result-you-win = Hai vinto!
result-you-lose = Hai perso.
result-draw = Patta.
result-aborted = Partita annullata.
result-side-wins = Ha vinto il { $color }.
end-no-moves = Il { $color } non può muovere.
end-no-pieces = Il { $color } non ha più pezzi.
end-resignation = Il { $color } ha abbandonato.
end-draw-agreed = Patta di comune accordo.
end-repetition = La stessa posizione si è presentata tre volte.
end-move-limit = Raggiunto il limite di mosse ({ $rule }).
end-timeout = Il { $color } ha esaurito il tempo.
end-aborted = È finita prima che entrambi i giocatori muovessero.

# Perché una partita è finita patta per un limite di mosse, dopo il "({ $rule })" di end-move-limit.
# $moves conta le mosse di ciascuna parte; $strong è un numero o un intervallo come 1–2.
draw-no-progress = { $moves ->
    [one] { $moves } mossa per parte senza prese né avanzamenti di pedina
   *[other] { $moves } mosse per parte senza prese né avanzamenti di pedina
  }
draw-short-ending = una dama sola contro { $strong } pezzi tra cui almeno una dama, { $moves } mosse per parte
draw-short-ending-kings = una dama sola contro { $strong } dame, { $moves } mosse per parte
draw-balanced-kings = dame da entrambe le parti e { $strong } pezzi in tutto, { $moves } mosse per parte
draw-lone-kings = una sola dama per parte

stats = <b>I tuoi risultati</b> — partite: { $total } · vinte: { $won } · perse: { $lost } · patte: { $drawn }
stats-none = Non hai ancora finito nessuna partita. Iniziane una con /gioca.

# Partite tra persone: sfide, la scheda condivisa della partita, /partite, /classifica.
cmd-challenge = Sfida qualcuno (in un gruppo: sfida aperta, o in risposta)
cmd-games = Partite in questa chat
cmd-top = Classifica
cmd-daily = Problema del giorno in questo gruppo (admin: on/off)
challenge-open = ⚔️ { $name } cerca un avversario: <b>{ $variant }</b>. Gioca chi accetta per primo!
challenge-to = ⚔️ { $name } sfida { $opponent } a una partita di <b>{ $variant }</b>.
challenge-colour = { $name } gioca con il { $color }.
challenge-unrated = Da una posizione preparata: non vale per la classifica.
challenge-accept = ✅ Accetta
challenge-decline = ❌ Rifiuta
challenge-cancel = Annulla
challenge-choose-variant = Quale variante? (La sfida viene pubblicata quando scegli.)
challenge-private = Le sfide sono per i gruppi: usa /sfida lì (in risposta al messaggio di qualcuno per sfidare quella persona). Da qualsiasi chat, scrivi il mio nome e una variante, oppure usa il pulsante:
challenge-inline-button = Sfida un amico
challenge-bot = Qui i bot non giocano a dama. Rispondi al messaggio di una persona per sfidarla.
challenge-taken = Qualcuno ha già accettato questa sfida.
challenge-own = Non puoi accettare la tua stessa sfida.
challenge-not-invited = Questa sfida è per qualcun altro.
challenge-only-challenger = Solo chi ha lanciato la sfida può annullarla.
challenge-not-your-menu = Quel menu è di qualcun altro; invia tu /sfida.
challenge-withdrawn = La sfida è stata ritirata.
card-draw-offered = 🤝 { $name } propone la patta.
card-takeback-offered = ↩️ { $name } chiede di ritirare una mossa.
card-rematch-offered = 🔁 { $name } vuole la rivincita.
card-open-app = Apri nell'app
group-not-your-game = Questa non è la tua partita.
group-not-your-turn = Non è il tuo turno.
group-not-started = Nessuno ha ancora accettato la sfida.
group-no-offer = Non c'è nessuna proposta a cui rispondere.
group-no-game-here = Non hai nessuna partita in corso in questa chat. Iniziane una con /sfida.
limit-open-user = Hai raggiunto il limite di sfide aperte ({ $n }); attendi una risposta o annullane una.
limit-games-user = Hai raggiunto il limite di partite contemporanee ({ $n }); prima finiscine una.
limit-open-chat = Questa chat ha raggiunto il limite di sfide aperte ({ $n }); accettane una!
limit-games-chat = Questa chat ha raggiunto il limite di partite in corso ({ $n }).
notice-your-move = ⏰ <b>Tocca a te</b> contro { $opponent } ({ $variant }).
notice-open-game = Vai alla partita
games-title = <b>Partite in questa chat</b>
games-none = Nessuna partita in corso qui. Iniziane una con /sfida.
games-open = ⚔️ { $name } attende un avversario ({ $variant })
games-line = ⚪ { $white } — ⚫ { $black } · { $variant } · mossa { $n }, tocca a { $turn }
top-group = I migliori del gruppo
top-global = I migliori in assoluto
top-line = { $rank }. { $name } — { $rating } (partite: { $games })
top-none = Ancora nessuna partita valida per la classifica. Contano le partite tra persone dalla posizione iniziale.
stats-ratings = Punteggi
stats-ratings-group = Punteggi in questo gruppo
stats-rating = { $variant }: { $rating } (partite: { $games })
inline-title = Sfida: { $variant }
inline-description = Pubblica una scheda di sfida; chi accetta per primo gioca con te.
inline-card = ⚔️ { $name } cerca un avversario: <b>{ $variant }</b> ({ $side ->
    [white] { $name } gioca con il Bianco
    [black] { $name } gioca con il Nero
   *[other] colori estratti a sorte
  }). Gioca chi accetta per primo!

rate-limited = Troppi tocchi di fila; aspetta un momento.

# I testi delle regole: nomi degli argomenti (quello che si scrive dopo /regole) e cosa tratta ciascuno.
rules-topics-heading = Argomenti
rules-in-english = <i>Queste regole non sono ancora state tradotte nella tua lingua; eccole in inglese.</i>
topic-movement = movimento
topic-capture = presa
topic-promotion = promozione
topic-end = fine
topic-notation = notazione
topic-faq = domande
topic-movement-blurb = damiera, disposizione iniziale, come si muovono pedine e dame
topic-capture-blurb = obbligo, quale presa, prese multiple, rimozione
topic-promotion-blurb = come una pedina diventa dama
topic-end-blurb = come si vince, la patta
topic-notation-blurb = numeri delle caselle e come si scrivono le mosse
topic-faq-blurb = risposte rapide

# La posizione a parole, per i lettori di schermo. $side è white o black.
describe-to-move = { $variant }. { $side ->
    [white] Muove il Bianco
   *[other] Muove il Nero
  }.
describe-side = { $side ->
    [white] Bianco
   *[other] Nero
  }: { $pieces }.
describe-men = { $n ->
    [one] { $n } pedina su { $squares }
   *[other] { $n } pedine su { $squares }
  }
describe-kings = { $n ->
    [one] { $n } dama su { $squares }
   *[other] { $n } dame su { $squares }
  }
describe-no-pieces = nessun pezzo

# La Mini App: pulsanti, etichette e avvisi (brevi: sono quasi tutti pulsanti). Qui niente espressioni select.
app-loading = Caricamento…
app-retry = Riprova
app-new-game = Nuova partita
app-variant = Variante
app-opponent = Avversario
app-vs-engine = Motore
app-vs-friend = Un amico
app-your-color = I tuoi pezzi
app-white = Bianco
app-black = Nero
app-random = A caso
app-level = Livello del motore
app-play = Gioca
app-your-games = Le tue partite
app-guest-note = Partita locale nel tuo browser: Telegram non serve.
app-accept = Accetta
app-decline = Rifiuta
app-share-hint = Invia questo link al tuo avversario:
app-copy = Copia
app-copied = Copiato
app-join = Prendi posto
app-takeback = Ritira mossa
app-draw = Proponi patta
app-resign = Abbandona
app-confirm-resign = Sicuro?
app-rematch = Rivincita
app-new = Nuova partita
app-moves = Mosse
app-you = tu
app-engine-level = livello { $n }
app-waiting-seat = in attesa…
app-your-turn = Tocca a te
app-their-turn = Muove { $name }
app-thinking = Sta pensando
app-waiting = In attesa di un avversario
app-white-wins = Vince il Bianco
app-black-wins = Vince il Nero
app-draw-result = Patta
app-aborted = Partita annullata
app-you-win = Hai vinto!
app-you-lose = Hai perso
app-r-no-moves = nessuna mossa possibile
app-r-no-pieces = nessun pezzo rimasto
app-r-resignation = per abbandono
app-r-draw-agreed = di comune accordo
app-r-repetition = per ripetizione
app-r-move-limit = limite di mosse
app-r-timeout = per tempo
app-draw-offered-you = { $name } propone la patta
app-takeback-offered-you = { $name } chiede di ritirare una mossa
app-draw-offered-by-you = Patta proposta
app-takeback-offered-by-you = Ritiro della mossa richiesto
app-choose-path = Quale percorso?
app-open-in-telegram = Apri questa pagina dal bot in Telegram.
app-no-game = Questa partita non esiste (più).
app-network = Nessuna connessione con il server.
app-e-not-your-turn = Non è il tuo turno.
app-e-stale = La damiera è cambiata; ecco quella attuale.
app-e-game-over = La partita è finita.
app-e-engine-declines = Il motore non accetta la patta.
app-e-nothing-to-take-back = Non c'è nessuna mossa da ritirare.
app-e-already-offered = Già proposto.
app-e-not-a-player = Stai guardando questa partita.
app-e-illegal-move = Quella mossa non è consentita.
app-e-seat-taken = Qualcun altro ha preso il posto.
app-e-too-many-games = Troppe partite non finite.
app-e-unauthorized = La sessione è scaduta; ricarica la pagina.
app-e-other = Qualcosa è andato storto.
app-live-lost = Riconnessione…
app-engine = Motore damas
app-to-move = muove
app-guest-name = Ospite
app-language = Lingua
app-rules = Regole
app-e-bad-signature = Non è stato possibile verificare la firma di Telegram su questo avvio. Chiudi l'app e riaprila dal bot.
app-e-init-data-expired = Questo avvio è troppo vecchio. Chiudi l'app e riaprila dal bot.
app-tap-no-move = Il pezzo in { $square } non ha mosse ora.
app-tap-must-capture = La presa è obbligatoria. Pezzi che possono prendere: { $squares }.
app-must-legend = Anello arancione: un pezzo che deve prendere.
app-flip = Gira la damiera
app-piece-wm = pedina bianca
app-piece-wk = dama bianca
app-piece-bm = pedina nera
app-piece-bk = dama nera
app-square-empty = vuota
app-square-label = { $square }: { $what }
app-can-move = può muovere
app-move-here = muovi qui
app-board-label = Damiera. Le frecce percorrono le case; Invio prende un pezzo e lo posa.
app-draw-engine-hint = Il motore gioca ogni partita fino in fondo: continua o abbandona.

analysis-progress = Analizzo la partita… { $done }/{ $total }
analysis-title = <b>Analisi</b>: { $white } — { $black }, { $variant }
analysis-player = { $side } { $name }: precisione <b>{ $accuracy }%</b> · ?? { $blunders } · ? { $mistakes } · ?! { $inaccuracies }
analysis-legend = ?? errore grave · ? errore · ?! imprecisione
analysis-errors = <b>Mosse da rivedere</b> (dopo «meglio», la mossa e la linea del motore):
analysis-error-line = { $label } <code>{ $played }</code>{ $mark } — meglio <code>{ $best }</code>: { $line }
analysis-more = …e altre { $n }.
analysis-clean = Nessun errore trovato: ben giocata da entrambi.
analysis-not-over = Prima finisci la partita: l'analisi è per le partite finite.
analysis-none = Non hai ancora nessuna partita finita da analizzare.
analysis-busy = L'analisi è occupata con altre partite; riprova tra un minuto.
analysis-running = La tua analisi precedente è ancora in corso; aspetta che finisca.
app-analysis = Analisi
app-analysing = Analizzo la partita…
app-accuracy = precisione
app-better = meglio
app-analysis-clean = Nessun errore trovato: ben giocata.
app-judgement-blunder = errore grave
app-judgement-mistake = errore
app-judgement-inaccuracy = imprecisione
app-eval-graph = Valutazione lungo la partita (in alto: meglio il Bianco)
analysis-pdn-only = Invia la partita come file .pdn per farla analizzare.
analysis-pdn-too-big = Quel file è troppo grande per una partita (al massimo 64 KB).
analysis-pdn-bad = Non sono riuscito a leggere quella partita: { $reason }
app-step-first = All'inizio
app-step-prev = Una mossa indietro
app-step-next = Una mossa avanti
app-step-last = Alla fine
app-step-start = Posizione iniziale
puzzle-caption =
    🧩 <b>Problema #{ $number }</b> · { $variant } · livello { $rating }
    Muove il { $side } e vince. Mosse da trovare: { $moves }. Scrivi la tua mossa o toccala qui sotto.
    Il tuo punteggio nei problemi: { $yours }
puzzle-own = 📌 Da una delle tue partite: la mossa che ti è sfuggita.
puzzle-old-board = Quella scacchiera non è più quella attuale; usa l'ultima.
puzzle-right = ✅ Giusto! La risposta è stata <code>{ $reply }</code> ({ $found }/{ $total } trovate).
puzzle-wrong = ❌ Non è quella. Riprova o chiedi un aiuto.
puzzle-solved = 🎉 Risolto!
puzzle-solved-late = ✅ Risolto, dopo un tentativo sbagliato.
puzzle-rating-change = Punteggio nei problemi: { $before } → { $after }
puzzle-hint = 💡 Muovi il pezzo in { $square }.
puzzle-solution = 👁 La soluzione: <code>{ $line }</code>
puzzle-none = Nessun problema in corso. Tocca Avanti per averne uno.
puzzle-no-set = Non ci sono ancora problemi per { $variant }. Ci sono problemi per: { $variants }.
puzzle-button-hint = 💡 Aiuto
puzzle-button-solution = 👁 Soluzione
puzzle-button-next = ⏭ Avanti
daily-group-only = Il problema del giorno è per i gruppi: aggiungimi a uno e invia lì /giornaliero on.
daily-status-on = Il problema del giorno è attivo qui ({ $variant }). /giornaliero off lo ferma.
daily-status-off = Il problema del giorno è spento qui. Un admin può attivarlo con /giornaliero on [variante].
daily-admins-only = Solo gli admin del gruppo possono attivare o spegnere il problema del giorno.
daily-on = 🗓 Problema del giorno attivo: un nuovo problema di { $variant } qui ogni giorno alle 00:00 UTC. /giornaliero off lo ferma.
daily-off = Problema del giorno spento.
daily-caption = 🗓 <b>Problema del giorno</b> · { $date } · { $variant } · livello { $rating }
    Muove il { $side } e vince: tocca la prima mossa. Un tentativo a testa.
daily-nobody = Nessuno l'ha ancora risolto ({ $tries } tentativi).
daily-solvers = Risolto da: { $names } ({ $solved } su { $tries } tentativi)
daily-yesterday = La soluzione di ieri: <code>{ $line }</code>
daily-right = ✅ Giusto! Sei il numero { $rank }. La linea: { $line }
daily-wrong = ❌ Non è quella. Un tentativo al giorno: la soluzione arriva con il problema di domani.
daily-tried = Hai già fatto il tuo tentativo sul problema di oggi.
daily-old = Quello è un problema del giorno precedente.

# Mini App puzzles
app-puzzles = Problemi
app-puzzle-hint = Suggerimento
app-puzzle-show = Soluzione
app-puzzle-next = Problema successivo
app-puzzle-caption = Problema { $number } · livello { $rating }
app-puzzle-own = Da una tua partita · livello { $rating }
app-puzzle-yours = il tuo livello { $rating }
app-puzzle-progress = trovate { $found }/{ $total }
app-puzzle-find = Muove il { $side }: trova la mossa migliore.
app-puzzle-wrong = Non quella. Riprova.
app-puzzle-right = Giusto! Continua.
app-puzzle-right-reply = Giusto! La risposta: { $reply }. Continua.
app-puzzle-solved = Risolto!
app-puzzle-solved-late = Risolto, dopo un tentativo sbagliato.
app-puzzle-rating = Livello { $before } → { $after }.
app-puzzle-hint-text = Muovi il pezzo in { $square }.
app-puzzle-solution = Soluzione: { $line }.
app-puzzle-done = Problema finito: passa al prossimo.
