# Сообщения бота damas на русском. HTML Telegram: в обычном тексте экранировать < > &.

welcome =
    Здравствуйте, { $name }! Я играю в <b>шашки</b> в { $count } вариантах: международные, русские, бразильские, английские, испанские, итальянские, турецкие и другие.

    /play — партия со мной
    /rules — правила всех вариантов
    /help — всё, что я понимаю
help =
    <b>Команды</b>
    /play [вариант] [уровень] [white|black] — партия против движка
    /board — прислать доску ещё раз
    /undo — отменить свой последний ход
    /draw — предложить ничью или заявить о ней
    /resign — сдать партию
    /pdn — партия в файле PDN
    /analyse — разбор движком вашей последней законченной партии (или пришлите мне файл PDN)
    /puzzle [вариант] — задача: найдите выигрывающий удар
    /rules [вариант] [тема] — правила
    /variants — варианты, которые я знаю
    /stats — ваши результаты
    /settings — доска картинкой или кнопками, ориентация, оформление
    /lang — язык: es, en, ru, pt, tr, it, fr, nl

    <b>С друзьями</b>
    /challenge [вариант] — открытый вызов в группе; ответом на сообщение — вызов этому человеку
    /games — партии в этом чате
    /daily on [вариант] — задача здесь каждый день (админы; /daily off отключает)
    /top [вариант] — лучшие игроки по рейтингу, здесь и везде
    В любом чате наберите моё @имя и вариант, чтобы отправить карточку вызова.

    <b>Ходы</b>: вводите их в виде <code>27-23</code>, <code>23x16</code>, <code>23x14x5</code> или <code>c3-d4</code> (а также <code>/m 27-23</code>) либо нажимайте на доску.
    Команды набираются по-английски, как в списке выше; их названия на других языках, которые я знаю (например, /jugar), тоже работают.
unknown-text = Я вас не понял. Введите ход, например <code>27-23</code>, или /help.
unknown-command = Я не знаю такой команды. См. /help.
error-generic = У меня что-то пошло не так. Пожалуйста, попробуйте ещё раз.
error-busy = Telegram перегружен; попробуйте ещё раз чуть позже.

lang-choose = Выберите язык:
lang-set = Теперь я буду говорить по-русски.
lang-unknown = Я говорю на языках: <code>es</code> (Español), <code>en</code> (English), <code>ru</code> (Русский), <code>pt</code> (Português), <code>tr</code> (Türkçe), <code>it</code> (Italiano), <code>fr</code> (Français) и <code>nl</code> (Nederlands).

variants-title = <b>Варианты</b> — нажмите на вариант, чтобы прочитать правила, или сыграйте в него через /play:
variant-english = Английские шашки (чекерс)
variant-spanish = Испанские шашки
variant-international = Международные шашки (10×10)
variant-triestine = Триестские шашки
variant-russian = Русские шашки
variant-brazilian = Бразильские шашки
variant-italian = Итальянские шашки
variant-turkish = Турецкие шашки
variant-pool = Американские шашки пул (pool checkers)
variant-czech = Чешские шашки
variant-thai = Тайские шашки (мак-хос)
variant-frisian = Фризские шашки
variant-canadian = Канадские шашки (12×12)
variant-antidraughts = Поддавки (игра на проигрыш)
variant-unknown = Я не знаю варианта «{ $name }». См. /variants.

rules-choose-variant = <b>Правила</b> — какой вариант?
rules-unknown-topic = Я не знаю темы «{ $topic }». Темы: { $topics }.
rules-more = Другие темы:
rules-unavailable = Тексты правил сейчас недоступны.

settings-title =
    <b>Настройки</b>
    Доска: { $board }
    Ориентация: { $orientation }
    Оформление: { $theme }
settings-board-image = картинка
settings-board-buttons = кнопки
settings-orientation-auto = моя сторона внизу
settings-orientation-white = белые внизу
settings-theme-classic = классическое
settings-theme-wood = дерево
settings-theme-contrast = высокий контраст
settings-toggle-board = Доска: { $value }
settings-toggle-orientation = Ориентация: { $value }
settings-toggle-theme = Оформление: { $value }
settings-saved = Сохранено.

play-choose-variant = В какой вариант вы хотите сыграть?
play-choose-level = { $variant } — какой уровень?
play-choose-color = { $variant }, уровень: { $level } — каким цветом?
level = Уровень { $n }
color-white = Белые
color-black = Чёрные
color-random = Случайный цвет
no-game = У вас нет текущей партии. Начните её командой /play.
bad-level = Уровень должен быть easy, medium, hard или master (лёгкий, средний, сложный или мастер) либо числом от 1 до { $max }.

cmd-play = Сыграть партию против движка
cmd-rules = Правила варианта
cmd-board = Показать доску ещё раз
cmd-undo = Отменить свой последний ход
cmd-draw = Предложить ничью или заявить о ней
cmd-resign = Сдать партию
cmd-pdn = Партия в файле PDN
cmd-analyse = Разбор вашей последней партии движком
cmd-puzzle = Задача: найдите выигрывающий удар
cmd-variants = Варианты
cmd-stats = Ваши результаты
cmd-settings = Настройки доски и отображения
cmd-lang = Язык
cmd-help = Помощь

# Почему ход отклонён; { $moves } перечисляет допустимые ходы.
reason-unreadable = Это не ход. Записывайте ход так: <code>27-23</code>, <code>23x16</code> или <code>c3-d4</code>.
reason-no-such-square = { $square } — не игровое поле этой доски.
reason-no-piece = На поле { $square } нет шашки.
reason-not-your-piece = Шашка на поле { $square } не ваша.
reason-capture-required = Бить обязательно.
reason-priority-most-pieces = Нужно выбрать взятие, при котором бьётся больше всего шашек.
reason-priority-most-kings = Из равных взятий нужно выбрать то, при котором бьётся больше всего дамок.
reason-priority-king-captures = Из равных взятий нужно бить дамкой, а не простой.
reason-priority-king-first = Из равных взятий нужно выбрать то, в котором дамка соперника бьётся раньше.
reason-priority-most-value = Нужно выбрать самое ценное взятие: дамка ценится выше одной простой, но ниже двух.
reason-man-cannot-capture-king = В этом варианте простая не может бить дамку.
reason-incomplete = Взятие нельзя прервать на полпути: шашка должна бить дальше.
reason-ambiguous = Подходит несколько ходов; запишите весь путь.
reason-not-legal = Эта шашка не может туда пойти.
reason-game-over = Партия окончена.
reason-alternatives = Возможные ходы: { $moves }
reason-or = или

level-1 = лёгкий
level-2 = средний
level-3 = сложный
level-4 = мастер
bad-color = Цвет должен быть white, black или random (белые, чёрные или случайный).
engine-name = Движок ({ $level })

# Сообщение с доской партии.
game-players = ⚪ { $white } — ⚫ { $black }
game-your-turn = <b>Ваш ход</b> ({ $color }).
game-their-turn = Ходит { $name } ({ $color }).
game-thinking = ⏳ Думаю…
game-last-move = Последний ход: { $n } { $move }
game-material = Шашки: ⚪ { $white } · ⚫ { $black }
game-material-kings = { $men } + { $kings } Д
game-button-rematch = Реванш
game-button-pdn = PDN
game-button-analyse = 📈 Разбор
game-button-new = Новая партия
game-bad-position = Не могу начать с этой позиции: { $detail }
engine-busy = Движок сейчас занят другими партиями; повторите ход чуть позже. Ничего не изменилось.
engine-busy-user = Движок ещё считает ходы в других ваших партиях; дождитесь этих ходов и попробуйте снова. Ничего не изменилось.
game-too-complex = Этот ход ведёт к позиции со слишком большим числом вариантов взятия, я не смогу их просчитать; выберите другой ход.
game-not-your-turn = Сейчас не ваш ход; дождитесь хода движка.
game-stale = Позиция на доске тем временем изменилась; посмотрите на неё ещё раз и повторите ход.
button-unknown = Эта кнопка устарела и больше ничего не делает. Отправьте /start, чтобы получить новое меню.
game-board-changed = Позиция на доске изменилась.
game-gone = Этой партии больше нет.
game-draw-declined = Движок отклоняет ничью. Играем дальше!
game-draw-offered = Ничья предложена.
game-nothing-to-undo = У вас нет хода, который можно было бы отменить.
game-already-offered = Вы уже это предложили.
game-not-over = Партия ещё не окончена.
game-undone = Ваш последний ход отменён.
game-resign-confirm = Вы действительно хотите сдать эту партию?
game-resign-yes = Да, сдаюсь
game-resign-no = Нет, играем дальше
game-resign-cancelled = Играем дальше!
game-rematch-offered = Реванш предложен.
game-pdn-caption = Партия в формате PDN.
game-in-progress = Вы уже играете со мной партию. Сначала доиграйте её или сдайте, чтобы начать новую.
game-button-board = Показать доску
game-button-resign = Сдаться

result-you-win = Вы выиграли!
result-you-lose = Вы проиграли.
result-draw = Ничья.
result-aborted = Партия прервана.
result-side-wins = { $color } выиграли.
end-no-moves = { $color } не могут сделать ход.
end-no-pieces = { $color } остались без шашек.
end-resignation = { $color } сдались.
end-draw-agreed = Ничья по соглашению.
end-repetition = Одна и та же позиция повторилась три раза.
end-move-limit = Достигнут предел числа ходов ({ $rule }).
end-timeout = { $color } просрочили время.
end-aborted = Партия закончилась раньше, чем обе стороны сделали ход.

# Почему партия закончилась ничьей по пределу ходов; показывается после «({ $rule })» из end-move-limit.
# $moves — число ходов каждой стороны; $strong — число или интервал, например 1–2.
draw-no-progress = { $moves ->
    [one] { $moves } ход с каждой стороны без взятий и продвижения простых
    [few] { $moves } хода с каждой стороны без взятий и продвижения простых
    [many] { $moves } ходов с каждой стороны без взятий и продвижения простых
   *[other] { $moves } хода с каждой стороны без взятий и продвижения простых
  }
draw-short-ending = одинокая дамка против { $strong } шашек, среди которых есть дамка, в течение { $moves } ходов с каждой стороны
draw-short-ending-kings = одинокая дамка против { $strong } дамок, в течение { $moves } ходов с каждой стороны
draw-balanced-kings = дамки у обеих сторон при { $strong } шашках на доске, в течение { $moves } ходов с каждой стороны
draw-lone-kings = по одной дамке у каждой стороны

stats = <b>Ваши результаты</b> — партий: { $total } · побед: { $won } · поражений: { $lost } · ничьих: { $drawn }
stats-none = Вы ещё не закончили ни одной партии. Начните с /play.

# Партии между людьми: вызовы, общая карточка партии, /games, /top.
cmd-challenge = Вызвать на партию (в группе: открытый вызов или ответом на сообщение)
cmd-games = Партии в этом чате
cmd-top = Таблица лидеров
cmd-daily = Задача дня в этой группе (админы: on/off)
challenge-open = ⚔️ { $name } ищет соперника: <b>{ $variant }</b>. Играет тот, кто первым примет вызов!
challenge-to = ⚔️ { $name } вызывает игрока { $opponent } на партию: <b>{ $variant }</b>.
challenge-colour = { $color }: { $name }.
challenge-unrated = Партия из заданной позиции: без рейтинга.
challenge-accept = ✅ Принять
challenge-decline = ❌ Отклонить
challenge-cancel = Отменить
challenge-choose-variant = Какой вариант? (Вызов будет опубликован, как только вы выберете.)
challenge-private = Вызовы — для групп: используйте там /challenge (ответом на чьё-то сообщение, чтобы вызвать этого человека). В любом чате можно набрать моё имя и вариант или нажать кнопку:
challenge-inline-button = Вызвать друга
challenge-bot = Боты здесь в шашки не играют. Ответьте на сообщение человека, чтобы вызвать его.
challenge-taken = Этот вызов уже кто-то принял.
challenge-own = Нельзя принять собственный вызов.
challenge-not-invited = Этот вызов адресован другому человеку.
challenge-only-challenger = Отменить вызов может только тот, кто его сделал.
challenge-not-your-menu = Это меню открыл другой человек; отправьте /challenge сами.
challenge-withdrawn = Вызов отозван.
card-draw-offered = 🤝 { $name } предлагает ничью.
card-takeback-offered = ↩️ { $name } просит вернуть ход.
card-rematch-offered = 🔁 { $name } хочет реванш.
card-open-app = Открыть в приложении
group-not-your-game = Это не ваша партия.
group-not-your-turn = Сейчас не ваш ход.
group-not-started = Вызов ещё никто не принял.
group-no-offer = Нет предложения, на которое можно ответить.
group-no-game-here = У вас нет текущей партии в этом чате. Начните её с /challenge.
limit-open-user = Вы достигли предела открытых вызовов ({ $n }); дождитесь ответа или отмените один из них.
limit-games-user = Вы достигли предела одновременных партий ({ $n }); сначала закончите одну из них.
limit-open-chat = В этом чате достигнут предел открытых вызовов ({ $n }); примите один из них!
limit-games-chat = В этом чате достигнут предел текущих партий ({ $n }).
notice-your-move = ⏰ <b>Ваш ход</b> в партии против { $opponent } ({ $variant }).
notice-open-game = Перейти к партии
games-title = <b>Партии в этом чате</b>
games-none = Здесь нет текущих партий. Начните с /challenge.
games-open = ⚔️ { $name } ждёт соперника ({ $variant })
games-line = ⚪ { $white } — ⚫ { $black } · { $variant } · ход { $n }, ходит { $turn }
top-group = Лучшие в этой группе
top-global = Лучшие во всех чатах
top-line = { $rank }. { $name } — { $rating } (партий: { $games })
top-none = Рейтинговых партий пока нет. В рейтинге учитываются партии между людьми из начальной позиции.
stats-ratings = Рейтинги
stats-ratings-group = Рейтинги в этой группе
stats-rating = { $variant }: { $rating } (партий: { $games })
inline-title = Вызов: { $variant }
inline-description = Опубликовать карточку вызова; с вами сыграет тот, кто первым её примет.
inline-card = ⚔️ { $name } ищет соперника: <b>{ $variant }</b> ({ $side ->
    [white] белые: { $name }
    [black] чёрные: { $name }
   *[other] цвета по жребию
  }). Играет тот, кто первым примет вызов!

rate-limited = Слишком много нажатий подряд; подождите немного.

# Тексты правил: названия тем (что пользователь набирает после /rules) и о чём каждая.
rules-topics-heading = Темы
rules-in-english = <i>Эти правила ещё не переведены на ваш язык; вот они на английском.</i>
topic-movement = движение
topic-capture = взятие
topic-promotion = превращение
topic-end = конец
topic-notation = нотация
topic-faq = вопросы
topic-movement-blurb = доска, расстановка, как ходят простые и дамки
topic-capture-blurb = обязательность, какое взятие, многократное взятие, снятие шашек
topic-promotion-blurb = превращение в дамку
topic-end-blurb = как выигрывают партию, ничьи
topic-notation-blurb = обозначение полей и запись ходов
topic-faq-blurb = короткие ответы

# Позиция словами, для экранных дикторов. $side — white или black.
describe-to-move = { $variant }. { $side ->
    [white] Ход белых
   *[other] Ход чёрных
  }.
describe-side = { $side ->
    [white] Белые
   *[other] Чёрные
  }: { $pieces }.
describe-men = { $n ->
    [one] { $n } простая на { $squares }
    [few] { $n } простые на { $squares }
    [many] { $n } простых на { $squares }
   *[other] { $n } простой на { $squares }
  }
describe-kings = { $n ->
    [one] { $n } дамка на { $squares }
    [few] { $n } дамки на { $squares }
    [many] { $n } дамок на { $squares }
   *[other] { $n } дамки на { $squares }
  }
describe-no-pieces = шашек нет

# Mini App: кнопки, подписи и уведомления (коротко: в основном это кнопки). Без выражений select.
app-loading = Загрузка…
app-retry = Повторить
app-new-game = Новая партия
app-variant = Вариант
app-opponent = Соперник
app-vs-engine = Движок
app-vs-friend = Друг
app-your-color = Ваши шашки
app-white = Белые
app-black = Чёрные
app-random = Случайно
app-level = Уровень движка
app-play = Играть
app-your-games = Ваши партии
app-guest-note = Локальная партия в браузере: Telegram не нужен.
app-accept = Принять
app-decline = Отклонить
app-share-hint = Отправьте эту ссылку сопернику:
app-copy = Копировать
app-copied = Скопировано
app-join = Занять место
app-takeback = Вернуть ход
app-draw = Предложить ничью
app-resign = Сдаться
app-confirm-resign = Точно?
app-rematch = Реванш
app-new = Новая партия
app-moves = Ходы
app-you = вы
app-engine-level = уровень { $n }
app-waiting-seat = ожидание…
app-your-turn = Ваш ход
app-their-turn = Ходит { $name }
app-thinking = Думает
app-waiting = Ожидание соперника
app-white-wins = Белые выиграли
app-black-wins = Чёрные выиграли
app-draw-result = Ничья
app-aborted = Партия прервана
app-you-win = Вы выиграли!
app-you-lose = Вы проиграли
app-r-no-moves = нет ходов
app-r-no-pieces = не осталось шашек
app-r-resignation = сдача
app-r-draw-agreed = по соглашению
app-r-repetition = повторение позиции
app-r-move-limit = предел ходов
app-r-timeout = по времени
app-draw-offered-you = { $name } предлагает ничью
app-takeback-offered-you = { $name } просит вернуть ход
app-draw-offered-by-you = Ничья предложена
app-takeback-offered-by-you = Запрошен возврат хода
app-choose-path = Каким путём?
app-open-in-telegram = Откройте эту страницу из бота в Telegram.
app-no-game = Такой партии нет (или уже нет).
app-network = Нет связи с сервером.
app-e-not-your-turn = Сейчас не ваш ход.
app-e-stale = Позиция изменилась; вот текущая.
app-e-game-over = Партия окончена.
app-e-engine-declines = Движок не соглашается на ничью.
app-e-nothing-to-take-back = Нет хода, который можно вернуть.
app-e-already-offered = Уже предложено.
app-e-not-a-player = Вы наблюдаете за этой партией.
app-e-illegal-move = Такой ход недопустим.
app-e-seat-taken = Место уже занял кто-то другой.
app-e-too-many-games = Слишком много незаконченных партий.
app-e-unauthorized = Сеанс истёк; перезагрузите страницу.
app-e-other = Что-то пошло не так.
app-live-lost = Переподключение…
app-engine = движок damas
app-to-move = ходит
app-guest-name = Гость
app-language = Язык
app-rules = Правила
app-e-bad-signature = Не удалось проверить подпись Telegram при этом запуске. Закройте приложение и откройте его снова из бота.
app-e-init-data-expired = Этот запуск устарел. Закройте приложение и откройте его снова из бота.
app-tap-no-move = Шашке на { $square } сейчас некуда ходить.
app-tap-must-capture = Бить обязательно. Могут бить: { $squares }.
app-must-legend = Оранжевое кольцо: шашка, которая должна бить.
app-flip = Перевернуть доску
app-piece-wm = белая шашка
app-piece-wk = белая дамка
app-piece-bm = чёрная шашка
app-piece-bk = чёрная дамка
app-square-empty = пусто
app-square-label = { $square }: { $what }
app-can-move = может ходить
app-move-here = ходить сюда
app-board-label = Доска. Стрелки переходят по полям; Enter берёт шашку и ставит её.
app-draw-engine-hint = Движок играет каждую партию до конца: продолжайте или сдайтесь.

analysis-progress = Разбираю партию… { $done }/{ $total }
analysis-title = <b>Разбор</b>: { $white } — { $black }, { $variant }
analysis-player = { $side } { $name }: точность <b>{ $accuracy }%</b> · ?? { $blunders } · ? { $mistakes } · ?! { $inaccuracies }
analysis-legend = ?? грубая ошибка · ? ошибка · ?! неточность
analysis-errors = <b>Ходы, на которые стоит взглянуть</b> (после «лучше» — ход и вариант движка):
analysis-error-line = { $label } <code>{ $played }</code>{ $mark } — лучше <code>{ $best }</code>: { $line }
analysis-more = …и ещё { $n }.
analysis-clean = Ошибок не найдено: обе стороны сыграли хорошо.
analysis-not-over = Сначала доиграйте партию: разбор делается для законченных партий.
analysis-none = У вас ещё нет законченной партии для разбора.
analysis-busy = Разбор сейчас занят другими партиями; попробуйте через минуту.
analysis-running = Ваш предыдущий разбор ещё идёт; дождитесь его.
app-analysis = Разбор
app-analysing = Разбираю партию…
app-accuracy = точность
app-better = лучше
app-analysis-clean = Ошибок не найдено: хорошо сыграно.
app-judgement-blunder = грубая ошибка
app-judgement-mistake = ошибка
app-judgement-inaccuracy = неточность
app-eval-graph = Оценка по ходу партии (вверху — лучше белым)
analysis-pdn-only = Пришлите партию файлом .pdn, чтобы я её разобрал.
analysis-pdn-too-big = Этот файл слишком велик для одной партии (не больше 64 КБ).
analysis-pdn-bad = Не удалось прочитать эту партию: { $reason }
app-step-first = В начало
app-step-prev = Ход назад
app-step-next = Ход вперёд
app-step-last = В конец
app-step-start = Начальная позиция
puzzle-caption =
    🧩 <b>Задача #{ $number }</b> · { $variant } · рейтинг { $rating }
    { $side } начинают и выигрывают. Ходов найти: { $moves }. Напишите свой ход или нажмите его ниже.
    Ваш рейтинг в задачах: { $yours }
puzzle-own = 📌 Из вашей партии: ход, который вы упустили.
puzzle-old-board = Эта доска уже не текущая; используйте последнюю.
puzzle-right = ✅ Верно! Ответ соперника: <code>{ $reply }</code> (найдено { $found }/{ $total }).
puzzle-wrong = ❌ Не этот ход. Попробуйте ещё или попросите подсказку.
puzzle-solved = 🎉 Решено!
puzzle-solved-late = ✅ Решено, но не с первой попытки.
puzzle-rating-change = Рейтинг в задачах: { $before } → { $after }
puzzle-hint = 💡 Ходите шашкой с поля { $square }.
puzzle-solution = 👁 Решение: <code>{ $line }</code>
puzzle-none = Сейчас нет нерешённой задачи. Нажмите «Дальше», чтобы получить новую.
puzzle-no-set = Для варианта «{ $variant }» задач пока нет. Задачи есть для: { $variants }.
puzzle-button-hint = 💡 Подсказка
puzzle-button-solution = 👁 Решение
puzzle-button-next = ⏭ Дальше
daily-group-only = Задача дня — для групп: добавьте меня в группу и отправьте там /daily on.
daily-status-on = Задача дня здесь включена ({ $variant }). /daily off отключает её.
daily-status-off = Задача дня здесь выключена. Админ может включить её: /daily on [вариант].
daily-admins-only = Включать и выключать задачу дня могут только админы группы.
daily-on = 🗓 Задача дня включена: новая задача ({ $variant }) здесь каждый день в 00:00 UTC. /daily off отключает её.
daily-off = Задача дня выключена.
daily-caption = 🗓 <b>Задача дня</b> · { $date } · { $variant } · рейтинг { $rating }
    { $side } начинают и выигрывают: нажмите первый ход. Одна попытка у каждого.
daily-nobody = Пока никто не решил (попыток: { $tries }).
daily-solvers = Решили: { $names } ({ $solved } из { $tries } попыток)
daily-yesterday = Решение вчерашней задачи: <code>{ $line }</code>
daily-right = ✅ Верно! Вы { $rank }-й. Вариант: { $line }
daily-wrong = ❌ Не этот ход. Одна попытка в день: решение придёт с завтрашней задачей.
daily-tried = Вы уже использовали попытку в сегодняшней задаче.
daily-old = Это одна из прошлых задач дня.

# Mini App puzzles
app-puzzles = Задачи
app-puzzle-hint = Подсказка
app-puzzle-show = Решение
app-puzzle-next = Следующая задача
app-puzzle-caption = Задача { $number } · рейтинг { $rating }
app-puzzle-own = Из вашей партии · рейтинг { $rating }
app-puzzle-yours = ваш рейтинг { $rating }
app-puzzle-progress = найдено { $found }/{ $total }
app-puzzle-find = Ход: { $side }. Найдите лучший ход.
app-puzzle-wrong = Не этот. Попробуйте ещё.
app-puzzle-right = Верно! Дальше.
app-puzzle-right-reply = Верно! Ответ: { $reply }. Дальше.
app-puzzle-solved = Решено!
app-puzzle-solved-late = Решено, после ошибки.
app-puzzle-rating = Рейтинг { $before } → { $after }.
app-puzzle-hint-text = Ходите шашкой с поля { $square }.
app-puzzle-solution = Решение: { $line }.
app-puzzle-done = Задача окончена: берите следующую.
