# Mensagens em português (Brasil) do bot damas. HTML do Telegram: escapar < > & no texto.

welcome =
    Olá, { $name }! Eu jogo <b>damas</b> em { $count } variantes: internacional, russa, brasileira, inglesa, espanhola, italiana, turca e outras.

    /jogar — uma partida contra mim
    /regras — as regras de cada variante
    /ajuda — tudo o que eu entendo
help =
    <b>Comandos</b>
    /jogar [variante] [nível] [white|black] — uma partida contra o motor
    /tabuleiro — enviar o tabuleiro de novo
    /desfazer — voltar o seu último lance
    /empate — propor ou reivindicar o empate
    /desistir — abandonar a partida
    /pdn — a partida em um arquivo PDN
    /analisar — a análise do motor da sua última partida terminada (ou me envie um arquivo PDN)
    /problema [variante] — um problema: encontre o golpe vencedor
    /regras [variante] [tópico] — as regras
    /variantes — as variantes que eu conheço
    /estatisticas — os seus resultados
    /ajustes — tabuleiro como imagem ou botões, orientação, tema
    /idioma — idioma: es, en, ru, pt, tr, it, fr, nl

    <b>Com amigos</b>
    /desafiar [variante] — um desafio aberto em um grupo; em resposta a uma mensagem, para essa pessoa
    /partidas — as partidas deste chat
    /diario on [variante] — um problema aqui todo dia (admins; /diario off para)
    /ranking [variante] — os jogadores com a melhor pontuação, aqui e no geral
    Em qualquer chat, digite o meu @nome e uma variante para enviar um cartão de desafio.

    <b>Lances</b>: digite-os como <code>27-23</code>, <code>23x16</code>, <code>23x14x5</code> ou <code>c3-d4</code> (também <code>/m 27-23</code>), ou toque no tabuleiro.
    Os comandos em inglês também funcionam: /play /rules /board /undo /draw /resign /variants /stats /settings /lang /help /challenge /games /top. E há nomes nos outros idiomas que eu falo, como /jugar, /gioca, /jouer, /spelen e /oyna.
unknown-text = Não entendi. Digite um lance como <code>27-23</code>, ou /ajuda.
unknown-command = Não conheço esse comando. Veja /ajuda.
error-generic = Algo deu errado do meu lado. Tente de novo, por favor.
error-busy = O Telegram está ocupado; tente de novo daqui a pouco.

lang-choose = Escolha o seu idioma:
lang-set = A partir de agora vou falar português.
lang-unknown = Eu falo <code>es</code> (Español), <code>en</code> (English), <code>ru</code> (Русский), <code>pt</code> (Português), <code>tr</code> (Türkçe), <code>it</code> (Italiano), <code>fr</code> (Français) e <code>nl</code> (Nederlands).

variants-title = <b>Variantes</b> — toque em uma para ver as regras, ou /jogar:
variant-english = Damas inglesas (checkers)
variant-spanish = Damas espanholas
variant-international = Damas internacionais (10×10)
variant-triestine = Damas triestinas
variant-russian = Damas russas
variant-brazilian = Damas brasileiras
variant-italian = Damas italianas
variant-turkish = Damas turcas
variant-pool = Damas pool americanas
variant-czech = Damas tchecas
variant-thai = Damas tailandesas (mak-hos)
variant-frisian = Damas frísias
variant-canadian = Damas canadenses (12×12)
variant-antidraughts = Antidamas (vence quem perde)
variant-unknown = Não conheço a variante “{ $name }”. Veja /variantes.

rules-choose-variant = <b>Regras</b> — de qual variante?
rules-unknown-topic = Não conheço o tópico “{ $topic }”. Tópicos: { $topics }.
rules-more = Mais tópicos:
rules-unavailable = Os textos das regras não estão disponíveis no momento.

settings-title =
    <b>Ajustes</b>
    Tabuleiro: { $board }
    Orientação: { $orientation }
    Tema: { $theme }
settings-board-image = imagem
settings-board-buttons = botões
settings-orientation-auto = o meu lado embaixo
settings-orientation-white = brancas embaixo
settings-theme-classic = clássico
settings-theme-wood = madeira
settings-theme-contrast = alto contraste
settings-toggle-board = Tabuleiro: { $value }
settings-toggle-orientation = Orientação: { $value }
settings-toggle-theme = Tema: { $value }
settings-saved = Salvo.

play-choose-variant = Qual variante você quer jogar?
play-choose-level = { $variant } — qual nível?
play-choose-color = { $variant }, nível { $level } — qual cor?
level = Nível { $n }
color-white = Brancas
color-black = Pretas
color-random = Aleatória
no-game = Você não tem nenhuma partida em andamento. Comece uma com /jogar.
bad-level = O nível deve ser easy, medium, hard ou master (fácil, médio, difícil ou mestre), ou um número de 1 a { $max }.

cmd-play = Jogar uma partida contra o motor
cmd-rules = Regras de uma variante
cmd-board = Mostrar o tabuleiro de novo
cmd-undo = Voltar o seu último lance
cmd-draw = Propor ou reivindicar o empate
cmd-resign = Desistir da partida
cmd-pdn = A partida em um arquivo PDN
cmd-analyse = A análise do motor da sua última partida
cmd-puzzle = Um problema: encontre o golpe vencedor
cmd-variants = As variantes
cmd-stats = Os seus resultados
cmd-settings = Ajustes do tabuleiro e da exibição
cmd-lang = Idioma
cmd-help = Ajuda

# Por que um lance foi recusado; { $moves } lista as alternativas legais.
reason-unreadable = Isso não é um lance. Escreva-o como <code>27-23</code>, <code>23x16</code> ou <code>c3-d4</code>.
reason-no-such-square = { $square } não é uma casa de jogo deste tabuleiro.
reason-no-piece = Não há nenhuma peça em { $square }.
reason-not-your-piece = A peça em { $square } não é sua.
reason-capture-required = A captura é obrigatória.
reason-priority-most-pieces = Você deve fazer a captura que toma mais peças.
reason-priority-most-kings = Entre capturas iguais, você deve fazer a que toma mais damas.
reason-priority-king-captures = Entre capturas iguais, você deve capturar com a dama e não com a pedra.
reason-priority-king-first = Entre capturas iguais, você deve fazer a que encontra uma dama primeiro.
reason-priority-most-value = Você deve fazer a captura que vale mais: uma dama vale mais que uma pedra e menos que duas.
reason-man-cannot-capture-king = Nesta variante, uma pedra não pode capturar uma dama.
reason-incomplete = Uma captura não pode parar no meio: a peça deve continuar capturando.
reason-ambiguous = Vários lances se encaixam; escreva o caminho completo.
reason-not-legal = Essa peça não pode ir para lá.
reason-game-over = A partida terminou.
reason-alternatives = Possíveis: { $moves }
reason-or = ou

level-1 = fácil
level-2 = médio
level-3 = difícil
level-4 = mestre
bad-color = A cor deve ser white, black ou random (brancas, pretas ou aleatória).
engine-name = Motor ({ $level })

# A mensagem do tabuleiro de uma partida.
game-players = ⚪ { $white } — ⚫ { $black }
game-your-turn = <b>Sua vez</b> ({ $color }).
game-their-turn = Vez de { $name } ({ $color }).
game-thinking = ⏳ Pensando…
game-last-move = Último lance: { $n } { $move }
game-material = Peças: ⚪ { $white } · ⚫ { $black }
game-material-kings = { $men } + { $kings } D
game-button-rematch = Revanche
game-button-pdn = PDN
game-button-analyse = 📈 Análise
game-button-new = Nova partida
game-bad-position = Não consigo começar a partir dessa posição: { $detail }
engine-busy = O motor está ocupado com outras partidas agora; tente o seu lance de novo daqui a pouco. Nada foi alterado.
engine-busy-user = O motor ainda está trabalhando nas suas outras partidas; espere esses lances e tente de novo. Nada foi alterado.
game-too-complex = Esse lance levaria a uma posição com sequências de captura demais para eu acompanhar; escolha outro lance.
game-not-your-turn = Não é a sua vez; espere o lance do motor.
game-stale = O tabuleiro mudou nesse meio-tempo; olhe de novo e repita o seu lance.
button-unknown = Este botão está desatualizado e já não faz nada. Envie /start para um menu novo.
game-board-changed = O tabuleiro mudou.
game-gone = Esta partida não existe mais.
game-draw-declined = O motor recusa o empate. Continue jogando!
game-draw-offered = Empate proposto.
game-nothing-to-undo = Não há nenhum lance seu para voltar.
game-already-offered = Você já propôs isso.
game-not-over = A partida ainda não terminou.
game-undone = O seu último lance foi desfeito.
game-resign-confirm = Você quer mesmo desistir desta partida?
game-resign-yes = Sim, desisto
game-resign-no = Não, vou continuar
game-resign-cancelled = Continue jogando!
game-rematch-offered = Revanche proposta.
game-pdn-caption = A partida em PDN.
game-in-progress = Você já está jogando uma partida contra mim. Termine-a primeiro, ou desista dela para começar outra.
game-button-board = Mostrar o tabuleiro
game-button-resign = Desistir dela

result-you-win = Você venceu!
result-you-lose = Você perdeu.
result-draw = Empate.
result-aborted = Partida anulada.
result-side-wins = Venceram as { $color }.
end-no-moves = As { $color } não podem mover.
end-no-pieces = As { $color } ficaram sem peças.
end-resignation = As { $color } desistiram.
end-draw-agreed = Empate por acordo.
end-repetition = A mesma posição se repetiu três vezes.
end-move-limit = Limite de lances atingido ({ $rule }).
end-timeout = O tempo das { $color } acabou.
end-aborted = A partida terminou antes que os dois lados tivessem jogado.

# Por que uma partida terminou empatada por um limite de lances, depois do "({ $rule })" de end-move-limit.
# $moves conta os lances de cada lado; $strong é um número ou um intervalo como 1–2.
draw-no-progress = { $moves ->
    [one] { $moves } lance de cada lado sem captura nem avanço de pedra
   *[other] { $moves } lances de cada lado sem captura nem avanço de pedra
  }
draw-short-ending = uma dama sozinha contra { $strong } peças, entre elas pelo menos uma dama, { $moves } lances de cada lado
draw-short-ending-kings = uma dama sozinha contra { $strong } damas, { $moves } lances de cada lado
draw-balanced-kings = damas dos dois lados e { $strong } peças no total, { $moves } lances de cada lado
draw-lone-kings = uma única dama de cada lado

stats = <b>Os seus resultados</b> — partidas: { $total } · vitórias: { $won } · derrotas: { $lost } · empates: { $drawn }
stats-none = Você ainda não terminou nenhuma partida. Comece uma com /jogar.

# Partidas entre pessoas: desafios, o cartão compartilhado da partida, /partidas, /ranking.
cmd-challenge = Desafiar alguém (em um grupo: aberto, ou em resposta)
cmd-games = Partidas neste chat
cmd-top = Ranking
cmd-daily = Problema diário neste grupo (admins: on/off)
challenge-open = ⚔️ { $name } procura um adversário: <b>{ $variant }</b>. Quem aceitar primeiro joga!
challenge-to = ⚔️ { $name } desafia { $opponent } para uma partida de <b>{ $variant }</b>.
challenge-colour = { $name } joga com as { $color }.
challenge-unrated = A partir de uma posição montada: não vale para o ranking.
challenge-accept = ✅ Aceitar
challenge-decline = ❌ Recusar
challenge-cancel = Cancelar
challenge-choose-variant = Qual variante? (O desafio é publicado quando você escolher.)
challenge-private = Desafios são para grupos: use /desafiar lá (em resposta à mensagem de alguém para desafiar essa pessoa). De qualquer chat, digite o meu nome e uma variante, ou use o botão:
challenge-inline-button = Desafiar um amigo
challenge-bot = Bots não jogam damas aqui. Responda à mensagem de uma pessoa para desafiá-la.
challenge-taken = Alguém já aceitou este desafio.
challenge-own = Você não pode aceitar o seu próprio desafio.
challenge-not-invited = Este desafio é para outra pessoa.
challenge-only-challenger = Só quem desafiou pode cancelá-lo.
challenge-not-your-menu = Esse menu é de outra pessoa; envie você mesmo /desafiar.
challenge-withdrawn = O desafio foi retirado.
card-draw-offered = 🤝 { $name } propõe empate.
card-takeback-offered = ↩️ { $name } pede para voltar um lance.
card-rematch-offered = 🔁 { $name } quer uma revanche.
card-open-app = Abrir no app
group-not-your-game = Esta partida não é sua.
group-not-your-turn = Não é a sua vez.
group-not-started = Ninguém aceitou o desafio ainda.
group-no-offer = Não há nenhuma proposta para responder.
group-no-game-here = Você não tem nenhuma partida em andamento neste chat. Comece uma com /desafiar.
limit-open-user = Você atingiu o limite de desafios abertos ({ $n }); espere uma resposta ou cancele um.
limit-games-user = Você atingiu o limite de partidas simultâneas ({ $n }); termine uma primeiro.
limit-open-chat = Este chat atingiu o limite de desafios abertos ({ $n }); aceite um deles!
limit-games-chat = Este chat atingiu o limite de partidas em andamento ({ $n }).
notice-your-move = ⏰ <b>Sua vez</b> contra { $opponent } ({ $variant }).
notice-open-game = Ir para a partida
games-title = <b>Partidas neste chat</b>
games-none = Nenhuma partida em andamento aqui. Comece uma com /desafiar.
games-open = ⚔️ { $name } está esperando um adversário ({ $variant })
games-line = ⚪ { $white } — ⚫ { $black } · { $variant } · lance { $n }, vez de { $turn }
top-group = Os melhores deste grupo
top-global = Os melhores no geral
top-line = { $rank }. { $name } — { $rating } (partidas: { $games })
top-none = Ainda não há partidas válidas para o ranking. Contam as partidas entre pessoas a partir da posição inicial.
stats-ratings = Pontuação
stats-ratings-group = Pontuação neste grupo
stats-rating = { $variant }: { $rating } (partidas: { $games })
inline-title = Desafio: { $variant }
inline-description = Publique um cartão de desafio; quem aceitar primeiro joga com você.
inline-card = ⚔️ { $name } procura um adversário: <b>{ $variant }</b> ({ $side ->
    [white] { $name } joga com as brancas
    [black] { $name } joga com as pretas
   *[other] cores sorteadas
  }). Quem aceitar primeiro joga!

rate-limited = Muitos toques seguidos; espere um momento.

# Os textos das regras: nomes dos tópicos (o que se digita depois de /regras) e o que cada um cobre.
rules-topics-heading = Tópicos
rules-in-english = <i>Estas regras ainda não foram traduzidas para o seu idioma; aqui estão em inglês.</i>
topic-movement = movimento
topic-capture = captura
topic-promotion = promoção
topic-end = fim
topic-notation = notação
topic-faq = perguntas
topic-movement-blurb = tabuleiro, posição inicial, como andam as pedras e as damas
topic-capture-blurb = obrigatoriedade, qual captura fazer, capturas múltiplas, retirada das peças
topic-promotion-blurb = como a pedra vira dama
topic-end-blurb = como se vence, empates
topic-notation-blurb = numeração das casas e como se anotam os lances
topic-faq-blurb = respostas rápidas

# A posição em palavras, para leitores de tela. $side é white ou black.
describe-to-move = { $variant }. { $side ->
    [white] Vez das brancas
   *[other] Vez das pretas
  }.
describe-side = { $side ->
    [white] Brancas
   *[other] Pretas
  }: { $pieces }.
describe-men = { $n ->
    [one] { $n } pedra em { $squares }
   *[other] { $n } pedras em { $squares }
  }
describe-kings = { $n ->
    [one] { $n } dama em { $squares }
   *[other] { $n } damas em { $squares }
  }
describe-no-pieces = nenhuma peça

# O Mini App: botões, rótulos e avisos (curtos: a maioria são botões). Sem expressões de seleção aqui.
app-loading = Carregando…
app-retry = Tentar de novo
app-new-game = Nova partida
app-variant = Variante
app-opponent = Adversário
app-vs-engine = Motor
app-vs-friend = Um amigo
app-your-color = Suas peças
app-white = Brancas
app-black = Pretas
app-random = Aleatório
app-level = Nível do motor
app-play = Jogar
app-your-games = Suas partidas
app-guest-note = Partida local no seu navegador: não precisa do Telegram.
app-accept = Aceitar
app-decline = Recusar
app-share-hint = Envie este link ao seu adversário:
app-copy = Copiar
app-copied = Copiado
app-join = Ocupar o lugar
app-takeback = Voltar lance
app-draw = Propor empate
app-resign = Desistir
app-confirm-resign = Certeza?
app-rematch = Revanche
app-new = Nova partida
app-moves = Lances
app-you = você
app-engine-level = nível { $n }
app-waiting-seat = aguardando…
app-your-turn = Sua vez
app-their-turn = Vez de { $name }
app-thinking = Pensando
app-waiting = Aguardando um adversário
app-white-wins = Brancas vencem
app-black-wins = Pretas vencem
app-draw-result = Empate
app-aborted = Partida anulada
app-you-win = Você venceu!
app-you-lose = Você perdeu
app-r-no-moves = sem lances possíveis
app-r-no-pieces = sem peças
app-r-resignation = por desistência
app-r-draw-agreed = por acordo
app-r-repetition = por repetição
app-r-move-limit = limite de lances
app-r-timeout = por tempo
app-draw-offered-you = { $name } propõe empate
app-takeback-offered-you = { $name } pede para voltar um lance
app-draw-offered-by-you = Empate proposto
app-takeback-offered-by-you = Você pediu para voltar o lance
app-choose-path = Por qual caminho?
app-open-in-telegram = Abra esta página pelo bot no Telegram.
app-no-game = Esta partida não existe (mais).
app-network = Sem conexão com o servidor.
app-e-not-your-turn = Não é a sua vez.
app-e-stale = O tabuleiro mudou; este é o atual.
app-e-game-over = A partida terminou.
app-e-engine-declines = O motor não aceita empates.
app-e-nothing-to-take-back = Não há lance para voltar.
app-e-already-offered = Já proposto.
app-e-not-a-player = Você está assistindo a esta partida.
app-e-illegal-move = Esse lance não é permitido.
app-e-seat-taken = Outra pessoa ocupou o lugar.
app-e-too-many-games = Muitas partidas não terminadas.
app-e-unauthorized = A sua sessão expirou; recarregue a página.
app-e-other = Algo deu errado.
app-live-lost = Reconectando…
app-engine = motor do damas
app-to-move = joga
app-guest-name = Convidado
app-language = Idioma
app-rules = Regras
app-e-bad-signature = Não foi possível verificar a assinatura do Telegram neste arranque. Feche a app e abra-a de novo a partir do bot.
app-e-init-data-expired = Este arranque é demasiado antigo. Feche a app e abra-a de novo a partir do bot.
app-tap-no-move = A peça em { $square } não tem lance agora.
app-tap-must-capture = A captura é obrigatória. Peças que podem capturar: { $squares }.
app-must-legend = Anel laranja: uma peça que tem de capturar.
app-flip = Virar tabuleiro
app-piece-wm = pedra branca
app-piece-wk = dama branca
app-piece-bm = pedra preta
app-piece-bk = dama preta
app-square-empty = vazia
app-square-label = { $square }: { $what }
app-can-move = pode mover
app-move-here = mover para aqui
app-board-label = Tabuleiro. As setas percorrem as casas; Enter pega numa peça e pousa-a.
app-draw-engine-hint = O motor joga cada partida até ao fim: continue a jogar ou desista.

analysis-progress = Analisando a partida… { $done }/{ $total }
analysis-title = <b>Análise</b>: { $white } — { $black }, { $variant }
analysis-player = { $side } { $name }: precisão <b>{ $accuracy }%</b> · ?? { $blunders } · ? { $mistakes } · ?! { $inaccuracies }
analysis-legend = ?? erro grave · ? erro · ?! imprecisão
analysis-errors = <b>Lances para rever</b> (depois de “melhor”, o lance e a linha do motor):
analysis-error-line = { $label } <code>{ $played }</code>{ $mark } — melhor <code>{ $best }</code>: { $line }
analysis-more = …e mais { $n }.
analysis-clean = Nenhum erro encontrado: bem jogado pelos dois lados.
analysis-not-over = Termine a partida primeiro: a análise é para partidas terminadas.
analysis-none = Você ainda não tem nenhuma partida terminada para analisar.
analysis-busy = A análise está ocupada com outras partidas; tente de novo em um minuto.
analysis-running = Sua análise anterior ainda está em andamento; aguarde.
app-analysis = Análise
app-analysing = Analisando a partida…
app-accuracy = precisão
app-better = melhor
app-analysis-clean = Nenhum erro encontrado: bem jogado.
app-judgement-blunder = erro grave
app-judgement-mistake = erro
app-judgement-inaccuracy = imprecisão
app-eval-graph = Avaliação ao longo da partida (acima: melhor para as brancas)
analysis-pdn-only = Envie a partida como arquivo .pdn para analisá-la.
analysis-pdn-too-big = Esse arquivo é grande demais para uma partida (64 KB no máximo).
analysis-pdn-bad = Não consegui ler essa partida: { $reason }
app-step-first = Para o início
app-step-prev = Um lance para trás
app-step-next = Um lance para a frente
app-step-last = Para o fim
app-step-start = Posição inicial
puzzle-caption =
    🧩 <b>Problema #{ $number }</b> · { $variant } · nível { $rating }
    Jogam as { $side } e ganham. Lances a encontrar: { $moves }. Digite seu lance ou toque nele abaixo.
    Sua pontuação em problemas: { $yours }
puzzle-own = 📌 De uma das suas partidas: o lance que lhe escapou.
puzzle-old-board = Esse tabuleiro já não é o atual; use o último.
puzzle-right = ✅ Certo! A resposta foi <code>{ $reply }</code> ({ $found }/{ $total } encontrados).
puzzle-wrong = ❌ Não é esse. Tente de novo ou peça uma dica.
puzzle-solved = 🎉 Resolvido!
puzzle-solved-late = ✅ Resolvido, depois de uma tentativa errada.
puzzle-rating-change = Pontuação em problemas: { $before } → { $after }
puzzle-hint = 💡 Mova a peça de { $square }.
puzzle-solution = 👁 A solução: <code>{ $line }</code>
puzzle-none = Não há nenhum problema em andamento. Toque em Próximo para ter um.
puzzle-no-set = Ainda não há problemas de { $variant }. Há problemas de: { $variants }.
puzzle-button-hint = 💡 Dica
puzzle-button-solution = 👁 Solução
puzzle-button-next = ⏭ Próximo
daily-group-only = O problema diário é para grupos: adicione-me a um e envie /diario on lá.
daily-status-on = O problema diário está ligado aqui ({ $variant }). /diario off desliga.
daily-status-off = O problema diário está desligado aqui. Um admin pode ligá-lo com /diario on [variante].
daily-admins-only = Só os admins do grupo podem ligar ou desligar o problema diário.
daily-on = 🗓 Problema diário ligado: um problema novo de { $variant } aqui todo dia às 00:00 UTC. /diario off desliga.
daily-off = Problema diário desligado.
daily-caption = 🗓 <b>Problema do dia</b> · { $date } · { $variant } · nível { $rating }
    Jogam as { $side } e ganham: toque no primeiro lance. Uma tentativa por pessoa.
daily-nobody = Ninguém resolveu ainda ({ $tries } tentativas).
daily-solvers = Resolveram: { $names } ({ $solved } de { $tries } tentativas)
daily-yesterday = A solução de ontem: <code>{ $line }</code>
daily-right = ✅ Certo! Você é o número { $rank }. A linha: { $line }
daily-wrong = ❌ Não é esse. Uma tentativa por dia: a solução vem com o problema de amanhã.
daily-tried = Você já fez sua tentativa no problema de hoje.
daily-old = Esse é um problema diário anterior.

# Mini App puzzles
app-puzzles = Problemas
app-puzzle-hint = Dica
app-puzzle-show = Solução
app-puzzle-next = Próximo problema
app-puzzle-caption = Problema { $number } · nível { $rating }
app-puzzle-own = De uma das suas partidas · nível { $rating }
app-puzzle-yours = seu nível { $rating }
app-puzzle-progress = achados { $found }/{ $total }
app-puzzle-find = Jogam as { $side }: encontre o melhor lance.
app-puzzle-wrong = Esse não. Tente de novo.
app-puzzle-right = Certo! Continue.
app-puzzle-right-reply = Certo! A resposta: { $reply }. Continue.
app-puzzle-solved = Resolvido!
app-puzzle-solved-late = Resolvido, depois de uma tentativa errada.
app-puzzle-rating = Nível { $before } → { $after }.
app-puzzle-hint-text = Mova a peça da casa { $square }.
app-puzzle-solution = Solução: { $line }.
app-puzzle-done = Problema encerrado: vá para o próximo.
