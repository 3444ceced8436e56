# Mensajes en español del bot damas. HTML de Telegram: escapar < > & en el texto.

welcome =
    ¡Hola, { $name }! Juego a las <b>damas</b> en { $count } variantes: internacional, rusa, brasileña, inglesa, española, italiana, turca y más.

    /jugar — una partida contra mí
    /reglas — el reglamento de cada variante
    /ayuda — todo lo que entiendo
help =
    <b>Órdenes</b>
    /jugar [variante] [nivel] [blancas|negras] — una partida contra el motor
    /tablero — enviar el tablero otra vez
    /deshacer — deshacer tu última jugada
    /tablas — proponer o reclamar tablas
    /abandonar — rendirse
    /pdn — la partida en un archivo PDN
    /analizar — el análisis del motor de tu última partida terminada (o envíame un archivo PDN)
    /problema [variante] — un problema: encuentra el golpe ganador
    /reglas [variante] [tema] — el reglamento
    /variantes — las variantes que conozco
    /estadisticas — tus resultados
    /ajustes — tablero como imagen o botones, orientación, tema
    /idioma — idioma: es, en, ru, pt, tr, it, fr, nl

    <b>Con amigos</b>
    /retar [variante] — un reto abierto en un grupo; respondiendo a un mensaje, a esa persona
    /partidas — las partidas de este chat
    /diario on [variante] — un problema aquí cada día (admins; /diario off lo para)
    /ranking [variante] — la clasificación, aquí y en general
    En cualquier chat, escribe mi @nombre y una variante para enviar un reto.

    <b>Jugadas</b>: escríbelas como <code>27-23</code>, <code>23x16</code>, <code>23x14x5</code> o <code>c3-d4</code> (también <code>/m 27-23</code>), o toca el tablero.
    Las órdenes en inglés también valen: /play /rules /board /undo /draw /resign /variants /stats /settings /lang /help /challenge /games /top.
unknown-text = No te he entendido. Escribe una jugada como <code>27-23</code>, o /ayuda.
unknown-command = No conozco esa orden. Mira /ayuda.
error-generic = Algo ha fallado por mi parte. Inténtalo de nuevo, por favor.
error-busy = Telegram está ocupado; inténtalo de nuevo en un momento.

lang-choose = Elige tu idioma:
lang-set = A partir de ahora hablaré en español.
lang-unknown = Hablo <code>es</code> (español), <code>en</code> (English), <code>ru</code> (Русский), <code>pt</code> (Português), <code>tr</code> (Türkçe), <code>it</code> (Italiano), <code>fr</code> (Français) y <code>nl</code> (Nederlands).

variants-title = <b>Variantes</b> — toca una para ver sus reglas, o /jugar:
variant-english = Damas inglesas (checkers)
variant-spanish = Damas españolas
variant-international = Damas internacionales (10×10)
variant-triestine = Damas triestinas
variant-russian = Damas rusas
variant-brazilian = Damas brasileñas
variant-italian = Damas italianas
variant-turkish = Damas turcas
variant-pool = Damas pool americanas
variant-czech = Damas checas
variant-thai = Damas tailandesas (mak-hos)
variant-frisian = Damas frisias
variant-canadian = Damas canadienses (12×12)
variant-antidraughts = Antidamas (gana quien pierde)
variant-unknown = No conozco la variante «{ $name }». Mira /variantes.

rules-choose-variant = <b>Reglas</b> — ¿de qué variante?
rules-unknown-topic = No conozco el tema «{ $topic }». Temas: { $topics }.
rules-more = Más temas:
rules-unavailable = Los textos del reglamento no están disponibles ahora mismo.

settings-title =
    <b>Ajustes</b>
    Tablero: { $board }
    Orientación: { $orientation }
    Tema: { $theme }
settings-board-image = imagen
settings-board-buttons = botones
settings-orientation-auto = mi lado abajo
settings-orientation-white = blancas abajo
settings-theme-classic = clásico
settings-theme-wood = madera
settings-theme-contrast = alto contraste
settings-toggle-board = Tablero: { $value }
settings-toggle-orientation = Orientación: { $value }
settings-toggle-theme = Tema: { $value }
settings-saved = Guardado.

play-choose-variant = ¿Qué variante quieres jugar?
play-choose-level = { $variant } — ¿qué nivel?
play-choose-color = { $variant }, nivel { $level } — ¿qué color?
level = Nivel { $n }
color-white = Blancas
color-black = Negras
color-random = Al azar
no-game = No tienes ninguna partida en curso. Empieza una con /jugar.
bad-level = El nivel debe ser fácil, medio, difícil o maestro (o un número del 1 al { $max }).

cmd-play = Jugar una partida contra el motor
cmd-rules = Reglas de una variante
cmd-board = Ver el tablero otra vez
cmd-undo = Deshacer tu última jugada
cmd-draw = Proponer o reclamar tablas
cmd-resign = Abandonar la partida
cmd-pdn = La partida en un archivo PDN
cmd-analyse = El análisis del motor de tu última partida
cmd-puzzle = Un problema: encuentra el golpe ganador
cmd-variants = Las variantes
cmd-stats = Tus resultados
cmd-settings = Ajustes del tablero
cmd-lang = Idioma
cmd-help = Ayuda

# Por qué se rechazó una jugada; { $moves } enumera las alternativas legales.
reason-unreadable = Eso no es una jugada. Escríbela como <code>27-23</code>, <code>23x16</code> o <code>c3-d4</code>.
reason-no-such-square = { $square } no es una casilla de juego de este tablero.
reason-no-piece = No hay ninguna pieza en { $square }.
reason-not-your-piece = La pieza de { $square } no es tuya.
reason-capture-required = La captura es obligatoria.
reason-priority-most-pieces = Debes hacer la captura que come más piezas.
reason-priority-most-kings = Entre capturas iguales debes hacer la que come más damas.
reason-priority-king-captures = Entre capturas iguales debes capturar con la dama y no con el peón.
reason-priority-king-first = Entre capturas iguales debes hacer la que encuentra antes una dama.
reason-priority-most-value = Debes hacer la captura que más vale: una dama vale más que un peón y menos que dos.
reason-man-cannot-capture-king = En esta variante un peón no puede capturar a una dama.
reason-incomplete = Una captura no puede detenerse a medias: la pieza debe seguir capturando.
reason-ambiguous = Varias jugadas encajan; escribe el camino completo.
reason-not-legal = Esa pieza no puede ir ahí.
reason-game-over = La partida ha terminado.
reason-alternatives = Posibles: { $moves }
reason-or = o

level-1 = fácil
level-2 = medio
level-3 = difícil
level-4 = maestro
bad-color = El color debe ser blancas, negras o azar.
engine-name = Motor ({ $level })

# El mensaje del tablero de una partida.
game-players = ⚪ { $white } — ⚫ { $black }
game-your-turn = <b>Te toca</b> ({ $color }).
game-their-turn = Juega { $name } ({ $color }).
game-thinking = ⏳ Pensando…
game-last-move = Última jugada: { $n } { $move }
game-material = Piezas: ⚪ { $white } · ⚫ { $black }
game-material-kings = { $men } + { $kings } D
game-button-rematch = Revancha
game-button-pdn = PDN
game-button-analyse = 📈 Análisis
game-button-new = Nueva partida
game-bad-position = No puedo empezar desde esa posición: { $detail }
engine-busy = El motor está ocupado con otras partidas; vuelve a intentar tu jugada en un momento. No se ha cambiado nada.
engine-busy-user = El motor aún está pensando en tus otras partidas; espera a esas jugadas y vuelve a intentarlo. No se ha cambiado nada.
game-too-complex = Esa jugada llevaría a una posición con demasiadas secuencias de captura para seguirla; elige otra jugada.
game-not-your-turn = No es tu turno; espera la jugada del motor.
game-stale = El tablero cambió mientras tanto; míralo de nuevo y repite tu jugada.
button-unknown = Este botón está desfasado y ya no hace nada. Envía /start para tener un menú nuevo.
game-board-changed = El tablero ha cambiado.
game-gone = Esta partida ya no existe.
game-draw-declined = El motor rechaza las tablas. ¡Sigue jugando!
game-draw-offered = Tablas ofrecidas.
game-nothing-to-undo = No tienes ninguna jugada que deshacer.
game-already-offered = Ya lo has ofrecido.
game-not-over = La partida aún no ha terminado.
game-undone = Tu última jugada se ha deshecho.
game-resign-confirm = ¿Seguro que quieres abandonar la partida?
game-resign-yes = Sí, abandono
game-resign-no = No, sigo jugando
game-resign-cancelled = ¡Sigue jugando!
game-rematch-offered = Revancha ofrecida.
game-pdn-caption = La partida en PDN.
game-in-progress = Ya estás jugando una partida contra mí. Termínala primero, o abandónala para empezar otra.
game-button-board = Ver el tablero
game-button-resign = Abandonarla

result-you-win = ¡Has ganado!
result-you-lose = Has perdido.
result-draw = Tablas.
result-aborted = Partida anulada.
result-side-wins = Ganan las { $color }.
end-no-moves = Las { $color } no pueden mover.
end-no-pieces = Las { $color } se han quedado sin piezas.
end-resignation = Las { $color } abandonan.
end-draw-agreed = Tablas de mutuo acuerdo.
end-repetition = La misma posición se repitió tres veces.
end-move-limit = Se alcanzó el límite de jugadas ({ $rule }).
end-timeout = Las { $color } agotaron su tiempo.
end-aborted = Terminó antes de que ambos bandos movieran.

# Por qué una partida acabó en tablas por un límite de jugadas, tras el "({ $rule })" de end-move-limit.
# $moves cuenta jugadas de cada bando; $strong es un número o un intervalo como 1–2.
draw-no-progress = { $moves ->
    [one] { $moves } jugada por bando sin capturas ni avances de peón
   *[other] { $moves } jugadas por bando sin capturas ni avances de peón
  }
draw-short-ending = una dama sola contra { $strong } piezas con alguna dama, { $moves } jugadas por bando
draw-short-ending-kings = una dama sola contra { $strong } damas, { $moves } jugadas por bando
draw-balanced-kings = damas en ambos bandos y { $strong } piezas en total, { $moves } jugadas por bando
draw-lone-kings = una sola dama por bando

stats = <b>Tus resultados</b> — partidas: { $total } · ganadas: { $won } · perdidas: { $lost } · tablas: { $drawn }
stats-none = Aún no has terminado ninguna partida. Empieza una con /jugar.

# Partidas entre personas: retos, la tarjeta compartida de la partida, /partidas, /ranking.
cmd-challenge = Retar a alguien (en un grupo: abierto, o respondiendo a su mensaje)
cmd-games = Partidas en este chat
cmd-top = Clasificación
cmd-daily = Problema diario en este grupo (admins: on/off)
challenge-open = ⚔️ { $name } busca rival: <b>{ $variant }</b>. ¡Juega quien acepte primero!
challenge-to = ⚔️ { $name } reta a { $opponent } a una partida de <b>{ $variant }</b>.
challenge-colour = { $name } juega con { $color }.
challenge-unrated = Desde una posición preparada: no cuenta para la clasificación.
challenge-accept = ✅ Aceptar
challenge-decline = ❌ Rechazar
challenge-cancel = Cancelar
challenge-choose-variant = ¿Qué variante? (El reto se publica al elegirla.)
challenge-private = Los retos son para grupos: usa /retar allí (respondiendo al mensaje de alguien para retar a esa persona). Desde cualquier chat, escribe mi nombre y una variante, o usa el botón:
challenge-inline-button = Retar a un amigo
challenge-bot = Los bots no juegan a las damas aquí. Responde al mensaje de una persona para retarla.
challenge-taken = Alguien ya ha aceptado este reto.
challenge-own = No puedes aceptar tu propio reto.
challenge-not-invited = Este reto es para otra persona.
challenge-only-challenger = Solo quien retó puede cancelarlo.
challenge-not-your-menu = Ese menú es de otra persona; envía tú /retar.
challenge-withdrawn = El reto se ha retirado.
card-draw-offered = 🤝 { $name } ofrece tablas.
card-takeback-offered = ↩️ { $name } pide deshacer una jugada.
card-rematch-offered = 🔁 { $name } quiere la revancha.
card-open-app = Abrir en la app
group-not-your-game = Esta partida no es tuya.
group-not-your-turn = No es tu turno.
group-not-started = Nadie ha aceptado el reto todavía.
group-no-offer = No hay ninguna oferta que responder.
group-no-game-here = No tienes ninguna partida en curso en este chat. Empieza una con /retar.
limit-open-user = Has llegado al límite de retos abiertos ({ $n }); espera respuesta o cancela uno.
limit-games-user = Has llegado al límite de partidas a la vez ({ $n }); termina una antes.
limit-open-chat = Este chat ha llegado al límite de retos abiertos ({ $n }); ¡acepta uno!
limit-games-chat = Este chat ha llegado al límite de partidas en curso ({ $n }).
notice-your-move = ⏰ <b>Te toca</b> contra { $opponent } ({ $variant }).
notice-open-game = Ir a la partida
games-title = <b>Partidas en este chat</b>
games-none = No hay partidas en curso aquí. Empieza una con /retar.
games-open = ⚔️ { $name } espera rival ({ $variant })
games-line = ⚪ { $white } — ⚫ { $black } · { $variant } · jugada { $n }, juega { $turn }
top-group = Los mejores del grupo
top-global = Los mejores en general
top-line = { $rank }. { $name } — { $rating } (partidas: { $games })
top-none = Aún no hay partidas puntuables. Cuentan las partidas entre personas desde la posición inicial.
stats-ratings = Puntuación
stats-ratings-group = Puntuación en este grupo
stats-rating = { $variant }: { $rating } (partidas: { $games })
inline-title = Reto: { $variant }
inline-description = Publica una tarjeta de reto; juega contigo quien acepte primero.
inline-card = ⚔️ { $name } busca rival: <b>{ $variant }</b> ({ $side ->
    [white] { $name } juega con blancas
    [black] { $name } juega con negras
   *[other] colores al azar
  }). ¡Juega quien acepte primero!

rate-limited = Demasiados toques seguidos; espera un momento.

# Los textos de reglas: nombres de los temas (lo que se escribe tras /reglas) y qué cubre cada uno.
rules-topics-heading = Temas
rules-in-english = <i>Estas reglas aún no están traducidas a tu idioma; aquí las tienes en inglés.</i>
topic-movement = movimiento
topic-capture = captura
topic-promotion = coronación
topic-end = final
topic-notation = notación
topic-faq = preguntas
topic-movement-blurb = tablero, colocación, cómo mueven peones y damas
topic-capture-blurb = obligación, qué captura hacer, capturas múltiples, retirada
topic-promotion-blurb = cómo se corona un peón
topic-end-blurb = cómo se gana, tablas
topic-notation-blurb = numeración de casillas y cómo se anotan las jugadas
topic-faq-blurb = respuestas rápidas

# La posición en palabras, para lectores de pantalla. $side es white o black.
describe-to-move = { $variant }. { $side ->
    [white] Juegan las blancas
   *[other] Juegan las negras
  }.
describe-side = { $side ->
    [white] Blancas
   *[other] Negras
  }: { $pieces }.
describe-men = { $n ->
    [one] { $n } peón en { $squares }
   *[other] { $n } peones en { $squares }
  }
describe-kings = { $n ->
    [one] { $n } dama en { $squares }
   *[other] { $n } damas en { $squares }
  }
describe-no-pieces = sin piezas

# The Mini App: buttons, labels and notices (short: most are buttons). No select expressions here.
app-loading = Cargando…
app-retry = Reintentar
app-new-game = Nueva partida
app-variant = Variante
app-opponent = Rival
app-vs-engine = Motor
app-vs-friend = Un amigo
app-your-color = Tus piezas
app-white = Blancas
app-black = Negras
app-random = Al azar
app-level = Nivel del motor
app-play = Jugar
app-your-games = Tus partidas
app-guest-note = Partida local en tu navegador: no hace falta Telegram.
app-accept = Aceptar
app-decline = Rechazar
app-share-hint = Envía este enlace a tu rival:
app-copy = Copiar
app-copied = Copiado
app-join = Ocupar el asiento
app-takeback = Deshacer
app-draw = Ofrecer tablas
app-resign = Abandonar
app-confirm-resign = ¿Seguro?
app-rematch = Revancha
app-new = Nueva
app-moves = Jugadas
app-you = tú
app-engine-level = nivel { $n }
app-waiting-seat = esperando…
app-your-turn = Te toca
app-their-turn = Juega { $name }
app-thinking = Pensando
app-waiting = Esperando rival
app-white-wins = Ganan las blancas
app-black-wins = Ganan las negras
app-draw-result = Tablas
app-aborted = Partida anulada
app-you-win = ¡Has ganado!
app-you-lose = Has perdido
app-r-no-moves = sin jugadas
app-r-no-pieces = sin piezas
app-r-resignation = por abandono
app-r-draw-agreed = de mutuo acuerdo
app-r-repetition = por repetición
app-r-move-limit = límite de jugadas
app-r-timeout = por tiempo
app-draw-offered-you = { $name } ofrece tablas
app-takeback-offered-you = { $name } pide deshacer una jugada
app-draw-offered-by-you = Tablas ofrecidas
app-takeback-offered-by-you = Deshacer pedido
app-choose-path = ¿Por qué camino?
app-open-in-telegram = Abre esta página desde el bot en Telegram.
app-no-game = Esta partida no existe (o ya no).
app-network = Sin conexión con el servidor.
app-e-not-your-turn = No es tu turno.
app-e-stale = El tablero cambió; este es el actual.
app-e-game-over = La partida ha terminado.
app-e-engine-declines = El motor no acepta tablas.
app-e-nothing-to-take-back = No hay jugada que deshacer.
app-e-already-offered = Ya lo has ofrecido.
app-e-not-a-player = Estás mirando esta partida.
app-e-illegal-move = Esa jugada no está permitida.
app-e-seat-taken = Otra persona ocupó el asiento.
app-e-too-many-games = Demasiadas partidas sin terminar.
app-e-unauthorized = La sesión ha caducado; recarga la página.
app-e-other = Algo salió mal.
app-live-lost = Reconectando…
app-engine = Motor damas
app-to-move = mueve
app-guest-name = Invitado
app-language = Idioma
app-rules = Reglas
app-e-bad-signature = No se ha podido verificar la firma de Telegram de este inicio. Cierra la app y ábrela de nuevo desde el bot.
app-e-init-data-expired = Este inicio es demasiado antiguo. Cierra la app y ábrela de nuevo desde el bot.
app-tap-no-move = La pieza de { $square } no tiene jugada ahora.
app-tap-must-capture = Capturar es obligatorio. Piezas que pueden capturar: { $squares }.
app-must-legend = Anillo naranja: una pieza que debe capturar.
app-flip = Girar tablero
app-piece-wm = peón blanco
app-piece-wk = dama blanca
app-piece-bm = peón negro
app-piece-bk = dama negra
app-square-empty = vacía
app-square-label = { $square }: { $what }
app-can-move = puede mover
app-move-here = mover aquí
app-board-label = Tablero. Las flechas recorren las casillas; Intro coge una pieza y la deja.
app-draw-engine-hint = El motor juega cada partida hasta el final: sigue jugando o abandona.

analysis-progress = Analizando la partida… { $done }/{ $total }
analysis-title = <b>Análisis</b>: { $white } — { $black }, { $variant }
analysis-player = { $side } { $name }: precisión <b>{ $accuracy } %</b> · ?? { $blunders } · ? { $mistakes } · ?! { $inaccuracies }
analysis-legend = ?? error grave · ? error · ?! imprecisión
analysis-errors = <b>Jugadas para revisar</b> (tras «mejor», la jugada y la línea del motor):
analysis-error-line = { $label } <code>{ $played }</code>{ $mark } — mejor <code>{ $best }</code>: { $line }
analysis-more = …y { $n } más.
analysis-clean = No hay errores: bien jugado por ambos bandos.
analysis-not-over = Termina antes la partida: el análisis es para partidas terminadas.
analysis-none = Todavía no tienes ninguna partida terminada que analizar.
analysis-busy = El análisis está ocupado con otras partidas; inténtalo dentro de un minuto.
analysis-running = Tu análisis anterior sigue en marcha; espera a que termine.
app-analysis = Análisis
app-analysing = Analizando la partida…
app-accuracy = precisión
app-better = mejor
app-analysis-clean = No hay errores: bien jugado.
app-judgement-blunder = error grave
app-judgement-mistake = error
app-judgement-inaccuracy = imprecisión
app-eval-graph = Evaluación a lo largo de la partida (arriba: mejor para las blancas)
analysis-pdn-only = Envía la partida como archivo .pdn para analizarla.
analysis-pdn-too-big = Ese archivo es demasiado grande para una partida (64 KB como máximo).
analysis-pdn-bad = No he podido leer esa partida: { $reason }
app-step-first = Al principio
app-step-prev = Una jugada atrás
app-step-next = Una jugada adelante
app-step-last = Al final
app-step-start = Posición inicial
puzzle-caption =
    🧩 <b>Problema #{ $number }</b> · { $variant } · nivel { $rating }
    Juegan las { $side } y ganan. Jugadas por encontrar: { $moves }. Escribe tu jugada o púlsala abajo.
    Tu puntuación en problemas: { $yours }
puzzle-own = 📌 De una de tus partidas: la jugada que se te escapó.
puzzle-old-board = Ese tablero ya no es el actual; usa el último.
puzzle-right = ✅ ¡Bien! La respuesta fue <code>{ $reply }</code> ({ $found }/{ $total } encontradas).
puzzle-wrong = ❌ Esa no es. Prueba otra vez o pide una pista.
puzzle-solved = 🎉 ¡Resuelto!
puzzle-solved-late = ✅ Resuelto, tras un intento fallido.
puzzle-rating-change = Puntuación en problemas: { $before } → { $after }
puzzle-hint = 💡 Mueve la pieza de { $square }.
puzzle-solution = 👁 La solución: <code>{ $line }</code>
puzzle-none = No hay ningún problema en curso. Pulsa Siguiente para tener uno.
puzzle-no-set = Aún no hay problemas de { $variant }. Hay problemas de: { $variants }.
puzzle-button-hint = 💡 Pista
puzzle-button-solution = 👁 Solución
puzzle-button-next = ⏭ Siguiente
daily-group-only = El problema diario es para grupos: añádeme a uno y envía allí /diario on.
daily-status-on = El problema diario está activado aquí ({ $variant }). /diario off lo para.
daily-status-off = El problema diario está desactivado aquí. Un admin puede activarlo con /diario on [variante].
daily-admins-only = Solo los admins del grupo pueden activar o desactivar el problema diario.
daily-on = 🗓 Problema diario activado: un problema nuevo de { $variant } aquí cada día a las 00:00 UTC. /diario off lo para.
daily-off = Problema diario desactivado.
daily-caption = 🗓 <b>Problema del día</b> · { $date } · { $variant } · nivel { $rating }
    Juegan las { $side } y ganan: pulsa la primera jugada. Un intento por persona.
daily-nobody = Nadie lo ha resuelto todavía ({ $tries } intentos).
daily-solvers = Lo han resuelto: { $names } ({ $solved } de { $tries } intentos)
daily-yesterday = La solución de ayer: <code>{ $line }</code>
daily-right = ✅ ¡Bien! Eres el número { $rank }. La línea: { $line }
daily-wrong = ❌ Esa no es. Un intento al día: la solución llega con el problema de mañana.
daily-tried = Ya has hecho tu intento con el problema de hoy.
daily-old = Ese es un problema diario anterior.

# Mini App puzzles
app-puzzles = Problemas
app-puzzle-hint = Pista
app-puzzle-show = Solución
app-puzzle-next = Siguiente problema
app-puzzle-caption = Problema { $number } · nivel { $rating }
app-puzzle-own = De una de tus partidas · nivel { $rating }
app-puzzle-yours = tu nivel { $rating }
app-puzzle-progress = hallados { $found }/{ $total }
app-puzzle-find = Juegan { $side }: busca la mejor jugada.
app-puzzle-wrong = Esa no. Prueba otra vez.
app-puzzle-right = ¡Bien! Sigue.
app-puzzle-right-reply = ¡Bien! La respuesta: { $reply }. Sigue.
app-puzzle-solved = ¡Resuelto!
app-puzzle-solved-late = Resuelto, tras un intento fallido.
app-puzzle-rating = Nivel { $before } → { $after }.
app-puzzle-hint-text = Mueve la pieza de { $square }.
app-puzzle-solution = Solución: { $line }.
app-puzzle-done = Problema terminado: pasa al siguiente.
