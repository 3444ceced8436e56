# Messages en français du bot damas. HTML de Telegram : échapper < > & dans le texte.

welcome =
    Bonjour, { $name } ! Je joue aux <b>dames</b> dans { $count } variantes : internationale, russe, brésilienne, anglaise, espagnole, italienne, turque et bien d'autres.

    /jouer — une partie contre moi
    /regles — les règles de chaque variante
    /aide — tout ce que je comprends
help =
    <b>Commandes</b>
    /jouer [variante] [niveau] [white|black] — une partie contre le moteur
    /damier — renvoyer le damier
    /annuler — reprendre votre dernier coup
    /nulle — proposer ou réclamer la nulle
    /abandon — abandonner la partie
    /pdn — la partie dans un fichier PDN
    /analyser — l'analyse par le moteur de votre dernière partie terminée (ou envoyez-moi un fichier PDN)
    /probleme [variante] — un problème : trouvez le coup gagnant
    /regles [variante] [sujet] — les règles
    /variantes — les variantes que je connais
    /stats — vos résultats
    /reglages — damier en image ou en boutons, orientation, thème
    /langue — langue : es, en, ru, pt, tr, it, fr, nl

    <b>Entre amis</b>
    /defi [variante] — un défi ouvert dans un groupe ; en réponse à un message, à cette personne
    /parties — les parties de ce chat
    /quotidien on [variante] — un problème ici chaque jour (admins ; /quotidien off l'arrête)
    /classement [variante] — les joueurs les mieux classés, ici et partout
    Dans n'importe quel chat, tapez mon @nom et une variante pour envoyer une carte de défi.

    <b>Coups</b> : tapez-les comme <code>27-23</code>, <code>23x16</code>, <code>23x14x5</code> ou <code>c3-d4</code> (ou encore <code>/m 27-23</code>), ou touchez le damier.
    Les noms anglais des commandes fonctionnent aussi : /play /rules /board /undo /draw /resign /help, ainsi que ceux des autres langues que je parle.
unknown-text = Je n'ai pas compris. Tapez un coup comme <code>27-23</code>, ou /aide.
unknown-command = Je ne connais pas cette commande. Voir /aide.
error-generic = Un problème est survenu de mon côté. Veuillez réessayer.
error-busy = Telegram est surchargé ; réessayez dans un instant.

lang-choose = Choisissez votre langue :
lang-set = Désormais, je vous parlerai en français.
lang-unknown = Je parle <code>es</code> (Español), <code>en</code> (English), <code>ru</code> (Русский), <code>pt</code> (Português), <code>tr</code> (Türkçe), <code>it</code> (Italiano), <code>fr</code> (Français) et <code>nl</code> (Nederlands).

variants-title = <b>Variantes</b> — touchez-en une pour voir ses règles, ou lancez-la avec /jouer :
variant-english = Dames anglaises (checkers)
variant-spanish = Dames espagnoles
variant-international = Dames internationales (10×10)
variant-triestine = Dames triestines
variant-russian = Dames russes
variant-brazilian = Dames brésiliennes
variant-italian = Dames italiennes
variant-turkish = Dames turques
variant-pool = Dames américaines (pool checkers)
variant-czech = Dames tchèques
variant-thai = Dames thaïlandaises (mak-hos)
variant-frisian = Dames frisonnes
variant-canadian = Dames canadiennes (12×12)
variant-antidraughts = Qui perd gagne (antidames)
variant-unknown = Je ne connais pas la variante « { $name } ». Voir /variantes.

rules-choose-variant = <b>Règles</b> — quelle variante ?
rules-unknown-topic = Je ne connais pas le sujet « { $topic } ». Sujets : { $topics }.
rules-more = Autres sujets :
rules-unavailable = Les textes des règles ne sont pas disponibles pour le moment.

settings-title =
    <b>Réglages</b>
    Damier : { $board }
    Orientation : { $orientation }
    Thème : { $theme }
settings-board-image = image
settings-board-buttons = boutons
settings-orientation-auto = mon camp en bas
settings-orientation-white = Blancs en bas
settings-theme-classic = classique
settings-theme-wood = bois
settings-theme-contrast = contraste élevé
settings-toggle-board = Damier : { $value }
settings-toggle-orientation = Orientation : { $value }
settings-toggle-theme = Thème : { $value }
settings-saved = Enregistré.

play-choose-variant = À quelle variante voulez-vous jouer ?
play-choose-level = { $variant } — quel niveau ?
play-choose-color = { $variant }, niveau { $level } — quelle couleur ?
level = Niveau { $n }
color-white = Blancs
color-black = Noirs
color-random = Au hasard
no-game = Vous n'avez aucune partie en cours. Commencez-en une avec /jouer.
bad-level = Le niveau doit être easy, medium, hard ou master (ou un nombre de 1 à { $max }).

cmd-play = Jouer une partie contre le moteur
cmd-rules = Règles d'une variante
cmd-board = Afficher à nouveau le damier
cmd-undo = Reprendre votre dernier coup
cmd-draw = Proposer ou réclamer la nulle
cmd-resign = Abandonner la partie
cmd-pdn = La partie dans un fichier PDN
cmd-analyse = L'analyse par le moteur de votre dernière partie
cmd-puzzle = Un problème : trouvez le coup gagnant
cmd-variants = Les variantes
cmd-stats = Vos résultats
cmd-settings = Réglages du damier et de l'affichage
cmd-lang = Langue
cmd-help = Aide

# Pourquoi un coup a été refusé ; { $moves } liste les coups légaux possibles.
reason-unreadable = Ce n'est pas un coup. Écrivez-le comme <code>27-23</code>, <code>23x16</code> ou <code>c3-d4</code>.
reason-no-such-square = { $square } n'est pas une case jouable de ce damier.
reason-no-piece = Il n'y a aucune pièce sur { $square }.
reason-not-your-piece = La pièce sur { $square } n'est pas à vous.
reason-capture-required = La prise est obligatoire.
reason-priority-most-pieces = Vous devez effectuer la prise qui enlève le plus de pièces.
reason-priority-most-kings = À prises égales, vous devez effectuer celle qui enlève le plus de dames.
reason-priority-king-captures = À prises égales, vous devez prendre avec une dame plutôt qu'avec un pion.
reason-priority-king-first = À prises égales, vous devez effectuer celle qui rencontre une dame en premier.
reason-priority-most-value = Vous devez effectuer la prise qui vaut le plus : une dame vaut plus qu'un pion et moins que deux.
reason-man-cannot-capture-king = Dans cette variante, un pion ne peut pas prendre une dame.
reason-incomplete = Une prise ne peut pas s'arrêter à mi-chemin : la pièce doit continuer à prendre.
reason-ambiguous = Plusieurs coups correspondent ; écrivez le trajet complet.
reason-not-legal = Cette pièce ne peut pas aller là.
reason-game-over = La partie est terminée.
reason-alternatives = Coups possibles : { $moves }
reason-or = ou

level-1 = facile
level-2 = moyen
level-3 = difficile
level-4 = maître
bad-color = La couleur doit être white, black ou random.
engine-name = Moteur ({ $level })

# Le message du damier d'une partie.
game-players = ⚪ { $white } — ⚫ { $black }
game-your-turn = <b>À vous de jouer</b> ({ $color }).
game-their-turn = Au tour de { $name } ({ $color }).
game-thinking = ⏳ Réflexion…
game-last-move = Dernier coup : { $n } { $move }
game-material = Pièces : ⚪ { $white } · ⚫ { $black }
game-material-kings = { $men } + { $kings } D
game-button-rematch = Revanche
game-button-pdn = PDN
game-button-analyse = 📈 Analyse
game-button-new = Nouvelle partie
game-bad-position = Je ne peux pas commencer à partir de cette position : { $detail }
engine-busy = Le moteur est occupé par d'autres parties en ce moment ; rejouez votre coup dans un instant. Rien n'a été modifié.
engine-busy-user = Le moteur travaille encore sur vos autres parties ; attendez ces coups et réessayez. Rien n'a été modifié.
game-too-complex = Ce coup mènerait à une position avec trop de séquences de prise pour que je puisse les suivre ; choisissez un autre coup.
game-not-your-turn = Ce n'est pas votre tour ; attendez le coup du moteur.
game-stale = Le damier a changé entre-temps ; regardez-le à nouveau et rejouez votre coup.
button-unknown = Ce bouton est périmé et ne fait plus rien. Envoyez /start pour un nouveau menu.
game-board-changed = Le damier a changé.
game-gone = Cette partie n'existe plus.
game-draw-declined = Le moteur refuse la nulle. La partie continue !
game-draw-offered = Nulle proposée.
game-nothing-to-undo = Vous n'avez aucun coup à reprendre.
game-already-offered = Vous l'avez déjà proposé.
game-not-over = La partie n'est pas encore terminée.
game-undone = Votre dernier coup a été repris.
game-resign-confirm = Voulez-vous vraiment abandonner cette partie ?
game-resign-yes = Oui, abandonner
game-resign-no = Non, continuer
game-resign-cancelled = La partie continue !
game-rematch-offered = Revanche proposée.
game-pdn-caption = La partie en PDN.
game-in-progress = Vous jouez déjà une partie contre moi. Terminez-la d'abord, ou abandonnez-la pour en commencer une autre.
game-button-board = Afficher le damier
game-button-resign = Abandonner

result-you-win = Vous avez gagné !
result-you-lose = Vous avez perdu.
result-draw = Partie nulle.
result-aborted = Partie annulée.
result-side-wins = Les { $color } ont gagné.
end-no-moves = Les { $color } ne peuvent plus jouer.
end-no-pieces = Les { $color } n'ont plus de pièces.
end-resignation = Les { $color } ont abandonné.
end-draw-agreed = Nulle d'un commun accord.
end-repetition = La même position est apparue trois fois.
end-move-limit = Limite de coups atteinte ({ $rule }).
end-timeout = Les { $color } ont dépassé leur temps.
end-aborted = La partie s'est arrêtée avant que les deux camps aient joué.

# Pourquoi une partie a été déclarée nulle par une limite de coups, après le « ({ $rule }) » de end-move-limit.
# $moves compte les coups de chaque camp ; $strong est un nombre ou un intervalle comme 1–2.
draw-no-progress = { $moves ->
    [one] { $moves } coup par camp sans prise ni avancée de pion
   *[other] { $moves } coups par camp sans prise ni avancée de pion
  }
draw-short-ending = une dame seule contre { $strong } pièces dont au moins une dame, { $moves } coups par camp
draw-short-ending-kings = une dame seule contre { $strong } dames, { $moves } coups par camp
draw-balanced-kings = des dames dans les deux camps et { $strong } pièces en tout, { $moves } coups par camp
draw-lone-kings = une seule dame par camp

stats = <b>Vos résultats</b> — parties : { $total } · gagnées : { $won } · perdues : { $lost } · nulles : { $drawn }
stats-none = Vous n'avez encore terminé aucune partie. Commencez-en une avec /jouer.

# Parties entre personnes : défis, carte de partie partagée, /parties, /classement.
cmd-challenge = Défier quelqu'un (dans un groupe : défi ouvert, ou en réponse)
cmd-games = Parties de ce chat
cmd-top = Classement
cmd-daily = Problème du jour dans ce groupe (admins : on/off)
challenge-open = ⚔️ { $name } cherche un adversaire : <b>{ $variant }</b>. Le premier qui accepte joue !
challenge-to = ⚔️ { $name } défie { $opponent } pour une partie de <b>{ $variant }</b>.
challenge-colour = { $name } joue les { $color }.
challenge-unrated = Depuis une position préparée : partie non classée.
challenge-accept = ✅ Accepter
challenge-decline = ❌ Refuser
challenge-cancel = Annuler
challenge-choose-variant = Quelle variante ? (Le défi est publié dès que vous choisissez.)
challenge-private = Les défis se font dans les groupes : utilisez-y /defi (en réponse au message de quelqu'un pour défier cette personne). Depuis n'importe quel chat, tapez mon nom et une variante, ou utilisez le bouton :
challenge-inline-button = Défier un ami
challenge-bot = Les bots ne jouent pas aux dames ici. Répondez au message d'une personne pour la défier.
challenge-taken = Quelqu'un a déjà accepté ce défi.
challenge-own = Vous ne pouvez pas accepter votre propre défi.
challenge-not-invited = Ce défi s'adresse à quelqu'un d'autre.
challenge-only-challenger = Seul l'auteur du défi peut l'annuler.
challenge-not-your-menu = Ce menu appartient à quelqu'un d'autre ; envoyez vous-même /defi.
challenge-withdrawn = Le défi a été retiré.
card-draw-offered = 🤝 { $name } propose la nulle.
card-takeback-offered = ↩️ { $name } demande à reprendre un coup.
card-rematch-offered = 🔁 { $name } veut une revanche.
card-open-app = Ouvrir dans l'app
group-not-your-game = Ce n'est pas votre partie.
group-not-your-turn = Ce n'est pas votre tour.
group-not-started = Personne n'a encore accepté le défi.
group-no-offer = Il n'y a aucune proposition à laquelle répondre.
group-no-game-here = Vous n'avez aucune partie en cours dans ce chat. Commencez-en une avec /defi.
limit-open-user = Vous avez atteint la limite de défis ouverts ({ $n }) ; attendez une réponse ou annulez-en un.
limit-games-user = Vous avez atteint la limite de parties simultanées ({ $n }) ; terminez-en une d'abord.
limit-open-chat = Ce chat a atteint la limite de défis ouverts ({ $n }) ; acceptez-en un !
limit-games-chat = Ce chat a atteint la limite de parties en cours ({ $n }).
notice-your-move = ⏰ <b>À vous de jouer</b> contre { $opponent } ({ $variant }).
notice-open-game = Aller à la partie
games-title = <b>Parties de ce chat</b>
games-none = Aucune partie en cours ici. Commencez-en une avec /defi.
games-open = ⚔️ { $name } attend un adversaire ({ $variant })
games-line = ⚪ { $white } — ⚫ { $black } · { $variant } · coup { $n }, au tour de { $turn }
top-group = Classement de ce groupe
top-global = Classement général
top-line = { $rank }. { $name } — { $rating } (parties : { $games })
top-none = Aucune partie classée pour l'instant. Seules les parties entre personnes, depuis la position initiale, comptent pour les cotes.
stats-ratings = Cotes
stats-ratings-group = Cotes dans ce groupe
stats-rating = { $variant } : { $rating } (parties : { $games })
inline-title = Défi : { $variant }
inline-description = Publier une carte de défi ; le premier qui accepte joue contre vous.
inline-card = ⚔️ { $name } cherche un adversaire : <b>{ $variant }</b> ({ $side ->
    [white] { $name } joue les Blancs
    [black] { $name } joue les Noirs
   *[other] couleurs tirées au sort
  }). Le premier qui accepte joue !

rate-limited = Trop d'actions d'affilée ; patientez un instant.

# Les textes des règles : noms des sujets (ce qu'on tape après /regles) et ce que chacun couvre.
rules-topics-heading = Sujets
rules-in-english = <i>Ces règles ne sont pas encore traduites dans votre langue ; les voici en anglais.</i>
topic-movement = mouvement
topic-capture = prise
topic-promotion = promotion
topic-end = fin
topic-notation = notation
topic-faq = faq
topic-movement-blurb = damier, position de départ, déplacement des pions et des dames
topic-capture-blurb = obligation, quelle prise choisir, rafles, retrait des pièces
topic-promotion-blurb = comment un pion devient dame
topic-end-blurb = comment gagner, parties nulles
topic-notation-blurb = numéros des cases et écriture des coups
topic-faq-blurb = réponses rapides

# La position en mots, pour les lecteurs d'écran. $side vaut white ou black.
describe-to-move = { $variant }. { $side ->
    [white] Au tour des Blancs
   *[other] Au tour des Noirs
  }.
describe-side = { $side ->
    [white] Blancs
   *[other] Noirs
  } : { $pieces }.
describe-men = { $n ->
    [one] { $n } pion sur { $squares }
   *[other] { $n } pions sur { $squares }
  }
describe-kings = { $n ->
    [one] { $n } dame sur { $squares }
   *[other] { $n } dames sur { $squares }
  }
describe-no-pieces = aucune pièce

# La Mini App : boutons, libellés et avis (courts : la plupart sont des boutons). Pas d'expressions de sélection ici.
app-loading = Chargement…
app-retry = Réessayer
app-new-game = Nouvelle partie
app-variant = Variante
app-opponent = Adversaire
app-vs-engine = Moteur
app-vs-friend = Un ami
app-your-color = Vos pièces
app-white = Blancs
app-black = Noirs
app-random = Au hasard
app-level = Niveau du moteur
app-play = Jouer
app-your-games = Vos parties
app-guest-note = Partie locale dans votre navigateur : pas besoin de Telegram.
app-accept = Accepter
app-decline = Refuser
app-share-hint = Envoyez ce lien à votre adversaire :
app-copy = Copier
app-copied = Copié
app-join = Prendre la place
app-takeback = Reprendre
app-draw = Proposer nulle
app-resign = Abandonner
app-confirm-resign = Vraiment ?
app-rematch = Revanche
app-new = Nouvelle partie
app-moves = Coups
app-you = vous
app-engine-level = niveau { $n }
app-waiting-seat = en attente…
app-your-turn = À vous
app-their-turn = Au tour de { $name }
app-thinking = Réflexion
app-waiting = En attente d'un adversaire
app-white-wins = Les Blancs gagnent
app-black-wins = Les Noirs gagnent
app-draw-result = Nulle
app-aborted = Partie annulée
app-you-win = Vous avez gagné !
app-you-lose = Vous avez perdu
app-r-no-moves = plus aucun coup possible
app-r-no-pieces = plus aucune pièce
app-r-resignation = par abandon
app-r-draw-agreed = d'un commun accord
app-r-repetition = par répétition
app-r-move-limit = limite de coups
app-r-timeout = au temps
app-draw-offered-you = { $name } propose la nulle
app-takeback-offered-you = { $name } demande à reprendre un coup
app-draw-offered-by-you = Nulle proposée
app-takeback-offered-by-you = Reprise demandée
app-choose-path = Quel chemin ?
app-open-in-telegram = Ouvrez cette page depuis le bot dans Telegram.
app-no-game = Cette partie n'existe pas (ou plus).
app-network = Pas de connexion au serveur.
app-e-not-your-turn = Ce n'est pas votre tour.
app-e-stale = Le damier a changé ; voici la position actuelle.
app-e-game-over = La partie est terminée.
app-e-engine-declines = Le moteur n'accepte pas la nulle.
app-e-nothing-to-take-back = Aucun coup à reprendre.
app-e-already-offered = Déjà proposé.
app-e-not-a-player = Vous regardez cette partie en spectateur.
app-e-illegal-move = Ce coup n'est pas permis.
app-e-seat-taken = Quelqu'un d'autre a pris la place.
app-e-too-many-games = Trop de parties non terminées.
app-e-unauthorized = Votre session a expiré ; rechargez la page.
app-e-other = Un problème est survenu.
app-live-lost = Reconnexion…
app-engine = moteur damas
app-to-move = au trait
app-guest-name = Invité
app-language = Langue
app-rules = Règles
app-e-bad-signature = La signature de Telegram sur ce lancement n'a pas pu être vérifiée. Fermez l'app et rouvrez-la depuis le bot.
app-e-init-data-expired = Ce lancement est trop ancien. Fermez l'app et rouvrez-la depuis le bot.
app-tap-no-move = La pièce en { $square } n'a pas de coup maintenant.
app-tap-must-capture = La prise est obligatoire. Pièces qui peuvent prendre : { $squares }.
app-must-legend = Anneau orange : une pièce qui doit prendre.
app-flip = Tourner le damier
app-piece-wm = pion blanc
app-piece-wk = dame blanche
app-piece-bm = pion noir
app-piece-bk = dame noire
app-square-empty = vide
app-square-label = { $square } : { $what }
app-can-move = peut jouer
app-move-here = jouer ici
app-board-label = Damier. Les flèches parcourent les cases ; Entrée prend une pièce et la pose.
app-draw-engine-hint = Le moteur joue chaque partie jusqu'au bout : continuez ou abandonnez.

analysis-progress = Analyse de la partie… { $done }/{ $total }
analysis-title = <b>Analyse</b> : { $white } — { $black }, { $variant }
analysis-player = { $side } { $name } : précision <b>{ $accuracy } %</b> · ?? { $blunders } · ? { $mistakes } · ?! { $inaccuracies }
analysis-legend = ?? gaffe · ? erreur · ?! imprécision
analysis-errors = <b>Coups à revoir</b> (après « mieux », le coup et la suite du moteur) :
analysis-error-line = { $label } <code>{ $played }</code>{ $mark } — mieux <code>{ $best }</code> : { $line }
analysis-more = …et { $n } de plus.
analysis-clean = Aucune erreur trouvée : bien joué des deux côtés.
analysis-not-over = Terminez d'abord la partie : l'analyse porte sur les parties terminées.
analysis-none = Vous n'avez pas encore de partie terminée à analyser.
analysis-busy = L'analyse est occupée par d'autres parties ; réessayez dans une minute.
analysis-running = Votre analyse précédente est encore en cours ; attendez-la.
app-analysis = Analyse
app-analysing = Analyse de la partie…
app-accuracy = précision
app-better = mieux
app-analysis-clean = Aucune erreur trouvée : bien joué.
app-judgement-blunder = gaffe
app-judgement-mistake = erreur
app-judgement-inaccuracy = imprécision
app-eval-graph = Évaluation au fil de la partie (en haut : avantage aux Blancs)
analysis-pdn-only = Envoyez la partie dans un fichier .pdn pour la faire analyser.
analysis-pdn-too-big = Ce fichier est trop gros pour une partie (64 Ko au plus).
analysis-pdn-bad = Je n'ai pas pu lire cette partie : { $reason }
app-step-first = Au début
app-step-prev = Un coup en arrière
app-step-next = Un coup en avant
app-step-last = À la fin
app-step-start = Position de départ
puzzle-caption =
    🧩 <b>Problème #{ $number }</b> · { $variant } · niveau { $rating }
    Les { $side } jouent et gagnent. Coups à trouver : { $moves }. Écrivez votre coup ou touchez-le ci-dessous.
    Votre classement en problèmes : { $yours }
puzzle-own = 📌 D'une de vos parties : le coup qui vous a échappé.
puzzle-old-board = Ce plateau n'est plus le plateau actuel ; utilisez le dernier.
puzzle-right = ✅ Bien vu ! La réponse a été <code>{ $reply }</code> ({ $found }/{ $total } trouvés).
puzzle-wrong = ❌ Ce n'est pas celui-là. Réessayez ou demandez un indice.
puzzle-solved = 🎉 Résolu !
puzzle-solved-late = ✅ Résolu, après un essai manqué.
puzzle-rating-change = Classement en problèmes : { $before } → { $after }
puzzle-hint = 💡 Jouez la pièce de { $square }.
puzzle-solution = 👁 La solution : <code>{ $line }</code>
puzzle-none = Aucun problème en cours. Touchez Suivant pour en avoir un.
puzzle-no-set = Pas encore de problèmes pour { $variant }. Il y en a pour : { $variants }.
puzzle-button-hint = 💡 Indice
puzzle-button-solution = 👁 Solution
puzzle-button-next = ⏭ Suivant
daily-group-only = Le problème du jour est pour les groupes : ajoutez-moi à un groupe et envoyez-y /quotidien on.
daily-status-on = Le problème du jour est activé ici ({ $variant }). /quotidien off l'arrête.
daily-status-off = Le problème du jour est désactivé ici. Un admin peut l'activer avec /quotidien on [variante].
daily-admins-only = Seuls les admins du groupe peuvent activer ou désactiver le problème du jour.
daily-on = 🗓 Problème du jour activé : un nouveau problème de { $variant } ici chaque jour à 00:00 UTC. /quotidien off l'arrête.
daily-off = Problème du jour désactivé.
daily-caption = 🗓 <b>Problème du jour</b> · { $date } · { $variant } · niveau { $rating }
    Les { $side } jouent et gagnent : touchez le premier coup. Un essai chacun.
daily-nobody = Personne ne l'a encore trouvé ({ $tries } essais).
daily-solvers = Trouvé par : { $names } ({ $solved } sur { $tries } essais)
daily-yesterday = La solution d'hier : <code>{ $line }</code>
daily-right = ✅ Bien vu ! Vous êtes le numéro { $rank }. La suite : { $line }
daily-wrong = ❌ Ce n'est pas celui-là. Un essai par jour : la solution vient avec le problème de demain.
daily-tried = Vous avez déjà fait votre essai sur le problème du jour.
daily-old = C'est un ancien problème du jour.

# Mini App puzzles
app-puzzles = Problèmes
app-puzzle-hint = Indice
app-puzzle-show = Solution
app-puzzle-next = Problème suivant
app-puzzle-caption = Problème { $number } · niveau { $rating }
app-puzzle-own = Tiré d'une de vos parties · niveau { $rating }
app-puzzle-yours = votre niveau { $rating }
app-puzzle-progress = trouvés { $found }/{ $total }
app-puzzle-find = Les { $side } jouent : trouvez le meilleur coup.
app-puzzle-wrong = Pas celui-là. Réessayez.
app-puzzle-right = Bien ! Continuez.
app-puzzle-right-reply = Bien ! La réponse : { $reply }. Continuez.
app-puzzle-solved = Résolu !
app-puzzle-solved-late = Résolu, après un essai manqué.
app-puzzle-rating = Niveau { $before } → { $after }.
app-puzzle-hint-text = Jouez la pièce de la case { $square }.
app-puzzle-solution = Solution : { $line }.
app-puzzle-done = Problème terminé : passez au suivant.
