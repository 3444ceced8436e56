# English messages of the damas bot. Telegram HTML: escape < > & in plain text.

welcome =
    Hello, { $name }! I play <b>draughts</b> (checkers) in { $count } variants: International, Russian, Brazilian, English, Spanish, Italian, Turkish and more.

    /play — a game against me
    /rules — the rules of every variant
    /help — everything I understand
help =
    <b>Commands</b>
    /play [variant] [level] [white|black] — a game against the engine
    /board — send the board again
    /undo — take back your last move
    /draw — offer or claim a draw
    /resign — give up the game
    /pdn — the game as a PDN file
    /analyse — the engine's review of your last finished game (or send me a PDN file)
    /puzzle [variant] — a puzzle: find the winning shot
    /rules [variant] [topic] — the rules
    /variants — the variants I know
    /stats — your results
    /settings — board as image or buttons, orientation, theme
    /lang — language: es, en, ru, pt, tr, it, fr, nl

    <b>With friends</b>
    /challenge [variant] — an open challenge in a group; as a reply, to that person
    /games — the games in this chat
    /daily on [variant] — a puzzle here every day (admins; /daily off stops it)
    /top [variant] — the best rated players, here and everywhere
    In any chat, type my @name and a variant to send a challenge card.

    <b>Moves</b>: type them like <code>27-23</code>, <code>23x16</code>, <code>23x14x5</code> or <code>c3-d4</code> (also <code>/m 27-23</code>), or tap the board.
    The commands also have names in the other languages I speak, such as /jugar, /jogar, /gioca, /jouer, /spelen and /oyna.
unknown-text = I did not understand that. Type a move like <code>27-23</code>, or /help.
unknown-command = I do not know that command. See /help.
error-generic = Something went wrong on my side. Please try again.
error-busy = Telegram is busy; please try again in a moment.

lang-choose = Choose your language:
lang-set = From now on I will speak English.
lang-unknown = I speak <code>es</code> (Español), <code>en</code> (English), <code>ru</code> (Русский), <code>pt</code> (Português), <code>tr</code> (Türkçe), <code>it</code> (Italiano), <code>fr</code> (Français) and <code>nl</code> (Nederlands).

variants-title = <b>Variants</b> — tap one for its rules, or /play it:
variant-english = English draughts (checkers)
variant-spanish = Spanish draughts
variant-international = International draughts (10×10)
variant-triestine = Triestine draughts
variant-russian = Russian draughts
variant-brazilian = Brazilian draughts
variant-italian = Italian draughts
variant-turkish = Turkish draughts
variant-pool = American pool checkers
variant-czech = Czech draughts
variant-thai = Thai draughts (mak-hos)
variant-frisian = Frisian draughts
variant-canadian = Canadian draughts (12×12)
variant-antidraughts = Antidraughts (play to lose)
variant-unknown = I do not know the variant “{ $name }”. See /variants.

rules-choose-variant = <b>Rules</b> — which variant?
rules-unknown-topic = I do not know the topic “{ $topic }”. Topics: { $topics }.
rules-more = More topics:
rules-unavailable = The rules texts are not available right now.

settings-title =
    <b>Settings</b>
    Board: { $board }
    Orientation: { $orientation }
    Theme: { $theme }
settings-board-image = image
settings-board-buttons = buttons
settings-orientation-auto = my side at the bottom
settings-orientation-white = White at the bottom
settings-theme-classic = classic
settings-theme-wood = wood
settings-theme-contrast = high contrast
settings-toggle-board = Board: { $value }
settings-toggle-orientation = Orientation: { $value }
settings-toggle-theme = Theme: { $value }
settings-saved = Saved.

play-choose-variant = Which variant do you want to play?
play-choose-level = { $variant } — which level?
play-choose-color = { $variant }, level { $level } — which colour?
level = Level { $n }
color-white = White
color-black = Black
color-random = Random
no-game = You have no game in progress. Start one with /play.
bad-level = The level must be easy, medium, hard or master (or a number from 1 to { $max }).

cmd-play = Play a game against the engine
cmd-rules = Rules of a variant
cmd-board = Show the board again
cmd-undo = Take back your last move
cmd-draw = Offer or claim a draw
cmd-resign = Resign the game
cmd-pdn = The game as a PDN file
cmd-analyse = The engine's review of your last game
cmd-puzzle = A puzzle: find the winning shot
cmd-variants = The variants
cmd-stats = Your results
cmd-settings = Board and display settings
cmd-lang = Language
cmd-help = Help

# Why a move was refused; { $moves } lists the legal alternatives.
reason-unreadable = That is not a move. Write it like <code>27-23</code>, <code>23x16</code> or <code>c3-d4</code>.
reason-no-such-square = { $square } is not a playing square of this board.
reason-no-piece = There is no piece on { $square }.
reason-not-your-piece = The piece on { $square } is not yours.
reason-capture-required = A capture is compulsory.
reason-priority-most-pieces = You must take the capture that takes the most pieces.
reason-priority-most-kings = Among equal captures you must take the one that takes the most kings.
reason-priority-king-captures = Among equal captures you must capture with a king rather than a man.
reason-priority-king-first = Among equal captures you must take the one that meets a king first.
reason-priority-most-value = You must take the capture worth the most: a king is worth more than one man and less than two.
reason-man-cannot-capture-king = A man cannot capture a king in this variant.
reason-incomplete = A capture cannot stop half-way: the piece must keep capturing.
reason-ambiguous = Several moves fit; write the whole path.
reason-not-legal = That piece cannot move there.
reason-game-over = The game is over.
reason-alternatives = Possible: { $moves }
reason-or = or

level-1 = easy
level-2 = medium
level-3 = hard
level-4 = master
bad-color = The colour must be white, black or random.
engine-name = Engine ({ $level })

# The board message of a game.
game-players = ⚪ { $white } — ⚫ { $black }
game-your-turn = <b>Your move</b> ({ $color }).
game-their-turn = { $name } to move ({ $color }).
game-thinking = ⏳ Thinking…
game-last-move = Last move: { $n } { $move }
game-material = Pieces: ⚪ { $white } · ⚫ { $black }
game-material-kings = { $men } + { $kings } K
game-button-rematch = Rematch
game-button-pdn = PDN
game-button-analyse = 📈 Analysis
game-button-new = New game
game-bad-position = I cannot start from that position: { $detail }
engine-busy = The engine is busy with other games right now; try your move again in a moment. Nothing was changed.
engine-busy-user = The engine is still working on your other games; wait for those moves and try again. Nothing was changed.
game-too-complex = That move would lead to a position with too many capture sequences for me to follow; choose another move.
game-not-your-turn = It is not your turn; wait for the engine's move.
game-stale = The board changed in the meantime; look at it again and repeat your move.
button-unknown = This button is out of date and does nothing now. Send /start for a fresh menu.
game-board-changed = The board has changed.
game-gone = This game no longer exists.
game-draw-declined = The engine declines the draw. Play on!
game-draw-offered = Draw offered.
game-nothing-to-undo = There is no move of yours to take back.
game-already-offered = You have already offered that.
game-not-over = The game is not over yet.
game-undone = Your last move was taken back.
game-resign-confirm = Do you really want to resign this game?
game-resign-yes = Yes, resign
game-resign-no = No, play on
game-resign-cancelled = Play on!
game-rematch-offered = Rematch offered.
game-pdn-caption = The game in PDN.
game-in-progress = You are already playing a game against me. Finish it first, or resign it to start another.
game-button-board = Show the board
game-button-resign = Resign it

result-you-win = You won!
result-you-lose = You lost.
result-draw = Draw.
result-aborted = Game aborted.
result-side-wins = { $color } won.
end-no-moves = { $color } cannot move.
end-no-pieces = { $color } has no pieces left.
end-resignation = { $color } resigned.
end-draw-agreed = Draw agreed.
end-repetition = The same position came up three times.
end-move-limit = Move limit reached ({ $rule }).
end-timeout = { $color } ran out of time.
end-aborted = It ended before both sides had moved.

# Why a game was drawn by a move limit, shown after end-move-limit's "({ $rule })".
# $moves is a count of moves by each side; $strong a number or a range such as 1–2.
draw-no-progress = { $moves ->
    [one] { $moves } move each without a capture or a man moving up
   *[other] { $moves } moves each without a capture or a man moving up
  }
draw-short-ending = a lone king against { $strong } pieces with a king among them, { $moves } moves each
draw-short-ending-kings = a lone king against { $strong } kings, { $moves } moves each
draw-balanced-kings = kings on both sides and { $strong } pieces in all, { $moves } moves each
draw-lone-kings = a single king each

stats = <b>Your results</b> — games: { $total } · won: { $won } · lost: { $lost } · drawn: { $drawn }
stats-none = You have not finished any game yet. Start one with /play.

# Games between people: challenges, the shared game card, /games, /top.
cmd-challenge = Challenge someone (in a group: open, or as a reply)
cmd-games = Games in this chat
cmd-top = Leaderboard
cmd-daily = Daily puzzle in this group (admins: on/off)
challenge-open = ⚔️ { $name } is looking for an opponent: <b>{ $variant }</b>. First to accept plays!
challenge-to = ⚔️ { $name } challenges { $opponent } to a game of <b>{ $variant }</b>.
challenge-colour = { $name } plays { $color }.
challenge-unrated = From a set-up position: not rated.
challenge-accept = ✅ Accept
challenge-decline = ❌ Decline
challenge-cancel = Cancel
challenge-choose-variant = Which variant? (The challenge is posted when you choose.)
challenge-private = Challenges are for groups: use /challenge there (as a reply to someone's message to challenge that person). From any chat, type my name and a variant, or use the button:
challenge-inline-button = Challenge a friend
challenge-bot = Bots do not play draughts here. Reply to a person's message to challenge them.
challenge-taken = Someone has already accepted this challenge.
challenge-own = You cannot accept your own challenge.
challenge-not-invited = This challenge is for someone else.
challenge-only-challenger = Only the challenger can cancel it.
challenge-not-your-menu = That menu belongs to someone else; send /challenge yourself.
challenge-withdrawn = The challenge was withdrawn.
card-draw-offered = 🤝 { $name } offers a draw.
card-takeback-offered = ↩️ { $name } asks to take back a move.
card-rematch-offered = 🔁 { $name } wants a rematch.
card-open-app = Open in the app
group-not-your-game = This is not your game.
group-not-your-turn = It is not your turn.
group-not-started = Nobody has accepted the challenge yet.
group-no-offer = There is no offer to answer.
group-no-game-here = You have no game in progress in this chat. Start one with /challenge.
limit-open-user = You have reached the limit of open challenges ({ $n }); wait for an answer or cancel one.
limit-games-user = You have reached the limit of games at once ({ $n }); finish one first.
limit-open-chat = This chat has reached the limit of open challenges ({ $n }); accept one of them!
limit-games-chat = This chat has reached the limit of games in progress ({ $n }).
notice-your-move = ⏰ <b>Your move</b> against { $opponent } ({ $variant }).
notice-open-game = Go to the game
games-title = <b>Games in this chat</b>
games-none = No games in progress here. Start one with /challenge.
games-open = ⚔️ { $name } is waiting for an opponent ({ $variant })
games-line = ⚪ { $white } — ⚫ { $black } · { $variant } · move { $n }, { $turn } to play
top-group = Best in this group
top-global = Best overall
top-line = { $rank }. { $name } — { $rating } (games: { $games })
top-none = No rated games yet. Ratings count games between people from the initial position.
stats-ratings = Ratings
stats-ratings-group = Ratings in this group
stats-rating = { $variant }: { $rating } (games: { $games })
inline-title = Challenge: { $variant }
inline-description = Post a challenge card; the first to accept plays you.
inline-card = ⚔️ { $name } is looking for an opponent: <b>{ $variant }</b> ({ $side ->
    [white] { $name } plays White
    [black] { $name } plays Black
   *[other] colours drawn at random
  }). First to accept plays!

rate-limited = Too many taps in a row; wait a moment.

# The rules texts: topic names (what users type after /rules) and what each covers.
rules-topics-heading = Topics
rules-in-english = <i>These rules have not been translated into your language yet; here they are in English.</i>
topic-movement = movement
topic-capture = capture
topic-promotion = promotion
topic-end = end
topic-notation = notation
topic-faq = faq
topic-movement-blurb = board, setup, how men and kings move
topic-capture-blurb = obligation, which capture, multiple captures, removal
topic-promotion-blurb = becoming a king
topic-end-blurb = how the game is won, draws
topic-notation-blurb = square numbers and how moves are written
topic-faq-blurb = quick answers

# The position in words, for screen readers. $side is white or black.
describe-to-move = { $variant }. { $side ->
    [white] White
   *[other] Black
  } to move.
describe-side = { $side ->
    [white] White
   *[other] Black
  }: { $pieces }.
describe-men = { $n ->
    [one] { $n } man on { $squares }
   *[other] { $n } men on { $squares }
  }
describe-kings = { $n ->
    [one] { $n } king on { $squares }
   *[other] { $n } kings on { $squares }
  }
describe-no-pieces = no pieces

# The Mini App: buttons, labels and notices (short: most are buttons). No select expressions here.
app-loading = Loading…
app-retry = Try again
app-new-game = New game
app-variant = Variant
app-opponent = Opponent
app-vs-engine = Engine
app-vs-friend = A friend
app-your-color = Your pieces
app-white = White
app-black = Black
app-random = Random
app-level = Engine level
app-play = Play
app-your-games = Your games
app-guest-note = Local game in your browser: no Telegram needed.
app-accept = Accept
app-decline = Decline
app-share-hint = Send this link to your opponent:
app-copy = Copy
app-copied = Copied
app-join = Take the seat
app-takeback = Take back
app-draw = Offer draw
app-resign = Resign
app-confirm-resign = Sure?
app-rematch = Rematch
app-new = New game
app-moves = Moves
app-you = you
app-engine-level = level { $n }
app-waiting-seat = waiting…
app-your-turn = Your turn
app-their-turn = { $name } to move
app-thinking = Thinking
app-waiting = Waiting for an opponent
app-white-wins = White wins
app-black-wins = Black wins
app-draw-result = Draw
app-aborted = Game aborted
app-you-win = You win!
app-you-lose = You lost
app-r-no-moves = no moves left
app-r-no-pieces = no pieces left
app-r-resignation = by resignation
app-r-draw-agreed = by agreement
app-r-repetition = by repetition
app-r-move-limit = move limit
app-r-timeout = on time
app-draw-offered-you = { $name } offers a draw
app-takeback-offered-you = { $name } asks to take back a move
app-draw-offered-by-you = Draw offered
app-takeback-offered-by-you = Takeback requested
app-choose-path = Which way?
app-open-in-telegram = Open this page from the bot in Telegram.
app-no-game = This game does not exist (any more).
app-network = No connection to the server.
app-e-not-your-turn = It is not your turn.
app-e-stale = The board changed; here is the current one.
app-e-game-over = The game is over.
app-e-engine-declines = The engine does not accept draws.
app-e-nothing-to-take-back = There is no move to take back.
app-e-already-offered = Already offered.
app-e-not-a-player = You are watching this game.
app-e-illegal-move = That move is not allowed.
app-e-seat-taken = Someone else took the seat.
app-e-too-many-games = Too many unfinished games.
app-e-unauthorized = Your session has expired; reload the page.
app-e-other = Something went wrong.
app-live-lost = Reconnecting…
app-engine = damas engine
app-to-move = to move
app-guest-name = Guest
app-language = Language
app-rules = Rules
app-e-bad-signature = Telegram's signature on this launch could not be verified. Close the app and open it again from the bot.
app-e-init-data-expired = This launch is too old. Close the app and open it again from the bot.
app-tap-no-move = The piece on { $square } has no move now.
app-tap-must-capture = A capture is compulsory. Pieces that can capture: { $squares }.
app-must-legend = Orange ring: a piece that must capture.
app-flip = Turn board
app-piece-wm = white man
app-piece-wk = white king
app-piece-bm = black man
app-piece-bk = black king
app-square-empty = empty
app-square-label = { $square }: { $what }
app-can-move = can move
app-move-here = move here
app-board-label = Board. Arrow keys move between squares; Enter picks a piece up and puts it down.
app-draw-engine-hint = The engine plays every game to the end: play on, or resign.

analysis-progress = Analysing the game… { $done }/{ $total }
analysis-title = <b>Analysis</b>: { $white } — { $black }, { $variant }
analysis-player = { $side } { $name }: accuracy <b>{ $accuracy }%</b> · ?? { $blunders } · ? { $mistakes } · ?! { $inaccuracies }
analysis-legend = ?? blunder · ? mistake · ?! inaccuracy
analysis-errors = <b>Moves to look at</b> (the engine's move and line after “better”):
analysis-error-line = { $label } <code>{ $played }</code>{ $mark } — better <code>{ $best }</code>: { $line }
analysis-more = …and { $n } more.
analysis-clean = No mistakes found: well played by both sides.
analysis-not-over = Finish the game first: the analysis is for finished games.
analysis-none = There is no finished game of yours to analyse yet.
analysis-busy = The analysis is busy with other games; try again in a minute.
analysis-running = Your previous analysis is still running; wait for it.
app-analysis = Analysis
app-analysing = Analysing the game…
app-accuracy = accuracy
app-better = better
app-analysis-clean = No mistakes found: well played.
app-judgement-blunder = blunder
app-judgement-mistake = mistake
app-judgement-inaccuracy = inaccuracy
app-eval-graph = Evaluation through the game (up: White better)
analysis-pdn-only = Send the game as a .pdn file to have it analysed.
analysis-pdn-too-big = That file is too big for one game (64 KB at most).
analysis-pdn-bad = I could not read that game: { $reason }
app-step-first = To the start
app-step-prev = Back one move
app-step-next = Forward one move
app-step-last = To the end
app-step-start = Start position
puzzle-caption =
    🧩 <b>Puzzle #{ $number }</b> · { $variant } · rating { $rating }
    { $side } to play and win. Moves to find: { $moves }. Type your move or tap it below.
    Your puzzle rating: { $yours }
puzzle-own = 📌 From one of your games: the move you missed.
puzzle-old-board = That board is no longer the current one; use the latest.
puzzle-right = ✅ Right! The reply was <code>{ $reply }</code> ({ $found }/{ $total } found).
puzzle-wrong = ❌ Not that one. Try again, or ask for a hint.
puzzle-solved = 🎉 Solved!
puzzle-solved-late = ✅ Solved, after a wrong try.
puzzle-rating-change = Puzzle rating: { $before } → { $after }
puzzle-hint = 💡 Move the piece on { $square }.
puzzle-solution = 👁 The solution: <code>{ $line }</code>
puzzle-none = There is no puzzle running. Tap Next for one.
puzzle-no-set = There are no puzzles for { $variant } yet. Puzzles: { $variants }.
puzzle-button-hint = 💡 Hint
puzzle-button-solution = 👁 Solution
puzzle-button-next = ⏭ Next
daily-group-only = The daily puzzle is for groups: add me to one and send /daily on there.
daily-status-on = The daily puzzle is on here ({ $variant }). /daily off stops it.
daily-status-off = The daily puzzle is off here. An admin can switch it on with /daily on [variant].
daily-admins-only = Only the group's admins can switch the daily puzzle on or off.
daily-on = 🗓 Daily puzzle on: a new { $variant } puzzle here every day at 00:00 UTC. /daily off stops it.
daily-off = Daily puzzle off.
daily-caption = 🗓 <b>Daily puzzle</b> · { $date } · { $variant } · rating { $rating }
    { $side } to play and win: tap the first move. One try each.
daily-nobody = Nobody has found it yet ({ $tries } tries).
daily-solvers = Found by: { $names } ({ $solved } of { $tries } tries)
daily-yesterday = Yesterday's solution: <code>{ $line }</code>
daily-right = ✅ Right! You are number { $rank }. The line: { $line }
daily-wrong = ❌ Not that one. One try a day: the solution comes with tomorrow's puzzle.
daily-tried = You have had your try at today's puzzle.
daily-old = That is an older daily puzzle.

# Mini App puzzles
app-puzzles = Puzzles
app-puzzle-hint = Hint
app-puzzle-show = Solution
app-puzzle-next = Next puzzle
app-puzzle-caption = Puzzle { $number } · rated { $rating }
app-puzzle-own = From one of your games · rated { $rating }
app-puzzle-yours = your rating { $rating }
app-puzzle-progress = found { $found }/{ $total }
app-puzzle-find = { $side } to play: find the best move.
app-puzzle-wrong = Not that one. Try again.
app-puzzle-right = Right! Go on.
app-puzzle-right-reply = Right! The answer: { $reply }. Go on.
app-puzzle-solved = Solved!
app-puzzle-solved-late = Solved, after a wrong try.
app-puzzle-rating = Rating { $before } → { $after }.
app-puzzle-hint-text = Move the piece on { $square }.
app-puzzle-solution = Solution: { $line }.
app-puzzle-done = Puzzle over: take the next one.
