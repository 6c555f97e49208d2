## Ядро: ошибки, отказы, проверка параметров, общие команды, команды кампании

refusal-nothing-changed = Ничего не изменено.
db-busy = База кампаний сейчас занята — ничего не изменено. Попробуйте ещё раз через несколько секунд.
db-unavailable = База кампаний сейчас недоступна — ничего не изменено. Попробуйте ещё раз через несколько секунд.
db-outcome-unknown = Связь с базой кампаний оборвалась во время сохранения, и проверить, сохранилось ли, не удалось — загляните в { $history } через минуту, прежде чем повторять.
error-concurrency = Кто-то изменил кампанию в тот же момент — выполните команду ещё раз.
error-command-unknown = Эта команда больше не известна — Discord, возможно, ещё обновляет список; повторите.
error-transformer = `{ $value }` — недопустимое значение ({ $kind }).
error-missing-permissions = Это может только ведущий (нужно право «Управлять каналами»).
error-check-failed = Эту команду здесь использовать нельзя.
error-unexpected = Что-то пошло не так (код { $ref }). Сообщите этот код администратору бота.
button-expired = Эта кнопка устарела — выполните команду заново.
use-in-channel = Используйте эту команду в канале сервера.
no-campaign = В этом канале нет кампании — начните её командой { $hint }.
no-campaign-game = В этом канале нет кампании «{ $game }» — начните её командой { $hint }.
no-campaign-yet = В этом канале нет кампании — сначала начните её (см. { COMMAND("help") }).
wrong-game = В этом канале играют в «{ $current }», а не в «{ $game }» — используйте здесь команды этой игры или другой канал.
campaign-exists = В этом канале уже идёт кампания «{ $game }» — сначала завершите её командой { COMMAND("campaign end") }.
campaign-changed = История тем временем изменилась — ничего не отменено; попробуйте ещё раз.
campaign-ended = Эта кампания уже завершена — кнопка относилась к ней; ничего не изменено.
id-out-of-range = В запросе идентификатор, которого Discord не выдаёт ({ $id }), — ничего не сделано.
nothing-to-undo = Отменять нечего: кампания в начальном состоянии (удалить её — { COMMAND("campaign end") }).
undo-broken = Запись #{ $seq } нельзя отменить: сохранённое изменение не подходит к состоянию кампании (файл правили вручную?) — ничего не изменено.
not-game-master = Это может только ведущий — участник, начавший кампанию, добавленный ведущий или тот, у кого есть право «Управлять каналами».
not-game-master-action = Только ведущий может { $action } — участник, начавший кампанию, добавленный ведущий или тот, у кого есть право «Управлять каналами».
action-end-campaign = завершить кампанию
action-undo-other = отменить чужое действие
action-export = выгрузить кампанию
action-import = заменить кампанию
action-add-gm = добавлять ведущих
action-remove-gm = убирать ведущих

## проверка параметров
opt-type-3 = текстом
opt-type-4 = целым числом
opt-type-5 = «да» или «нет»
opt-type-6 = участником
opt-type-7 = каналом
opt-type-8 = ролью
opt-type-9 = участником или ролью
opt-type-10 = числом
opt-type-11 = прикреплённым файлом
opt-wrong-type = `{ $option }` должен быть { $kind }.
opt-length = Длина `{ $option }` — от { $low } до { $high } { $high ->
    [one] символа
    [few] символов
   *[many] символов
} (сейчас { $got }).
opt-range = `{ $option }` должен быть от { $low } до { $high } (получено { $got }).
opt-min = `{ $option }` должен быть не меньше { $low } (получено { $got }).
opt-max = `{ $option }` должен быть не больше { $high } (получено { $got }).
opt-choices = `{ $option }` — одно из: { $allowed }.
opt-unreadable = { $command }: не удалось прочитать параметр — повторите команду.
opt-unknown = У { $command } нет параметра `{ $option }` (параметры: { $known }).
opt-twice = { $command }: `{ $option }` указан дважды.
opt-need-subcommand = { $command }: выберите подкоманду из списка.
opt-required = { $command }: нужен параметр `{ $option }`.

## кнопки
button-confirm = Подтвердить
button-cancel = Отмена
confirm-only-owner = Ответить может только тот, кто спросил.
confirm-already = Ответ уже дан.
confirm-expired = Это подтверждение устарело — выполните команду заново; ничего не изменилось.
confirm-cancelled = Отменено — ничего не изменилось.
pager-newer = ◀ Новее
pager-older = Старше ▶

## /ping, /help
ping-reply = Понг! Задержка шлюза: { $ms } мс.
ping-unknown = Понг! Задержка шлюза пока неизвестна.
help-title = Бот игрового стола — команды
help-intro = Один канал — один стол с одной кампанией. Параметры подсказываются при вводе. Строка каждой игры ниже заканчивается командой, которая показывает её полный справочник; правила, как их применяет бот, и его домашние правила — в документации бота (`docs/`).
help-option-required = обязательный
help-option-optional = необязательный
help-option-choices = — один из: { $choices }
help-game-more = Все параметры: { $command }
help-game-title = { $game } — справочник команд
help-game-footer = Страница { $page } из { $pages } · правила и домашние правила: { $doc }
help-page-previous = ◀ Назад
help-page-next = Дальше ▶
section-general = Общее
section-campaign = Кампания

## /campaign
## параметр «да/нет» в команде строки истории и отмены
option-true = да
option-false = нет
campaign-status-title = Кампания «{ $game }»
campaign-status-unreadable = (состояние не удалось описать)
campaign-field-waiting = Ждём
campaign-field-started = Начата
campaign-field-by = Кем
campaign-field-last = Последнее изменение
campaign-field-imported = Импортирована
campaign-imported-by = { $member }, { $when } — записи до импорта взяты из файла
campaign-end-nothing = В этом канале нет кампании — завершать нечего.
campaign-end-gone = Этой кампании уже нет — ничего не изменилось.
campaign-end-done = Кампания «{ $game }» завершена и удалена.
campaign-end-ask = Завершить кампанию «{ $game }» в этом канале? Её состояние и история будут удалены навсегда.
campaign-end-button = Завершить кампанию
history-title = { $game } — история
history-empty = История пуста.
history-page = Страница { $page } из { $pages } · сначала новые
history-undone = (отменено)
history-imported = (из файла)
history-other-draws = { $count ->
    [one] ещё { $count } случайный выбор
    [few] ещё { $count } случайных выбора
   *[many] ещё { $count } случайных выборов
}
undo-not-allowed = Отменить последнее действие может ведущий или тот, кто его сделал, в течение 5 минут.
undo-done = Отменено #{ $seq } ({ $actor }: `{ $command }` — { $summary }). Кампания вернулась к состоянию до него.
undo-ask = Отменить действие #{ $seq } участника { $actor } (`{ $command }` — { $summary })?
undo-button = Отменить
export-done = Кампания «{ $game }»: состояние и { $count } { $count ->
    [one] запись истории
    [few] записи истории
   *[many] записей истории
}. Загрузить обратно — { COMMAND("campaign import") }.
export-too-large = Файл этой кампании больше, чем Discord позволяет боту отправить здесь ({ $limit } МиБ), даже сжатый. Хозяин бота может сохранить его командой `python -m bot export --channel { $channel } FILE` (см. `docs/running.md`).
export-compressed = Сжат `gzip`, чтобы уложиться в предел Discord здесь ({ $limit } МиБ): { COMMAND("campaign import") } читает его как есть; открыть — `gunzip`.
import-too-large-unpacked = Распакованный файл больше предела: { $limit } { $limit ->
    [one] байт
    [few] байта
   *[many] байт
}. Хозяин бота может загрузить его командой `python -m bot import`.
import-too-large = Файл слишком большой ({ $size } { $size ->
    [one] байт
    [few] байта
   *[many] байт
}; не больше { $limit }).
import-download-failed = Не удалось скачать файл из Discord — попробуйте ещё раз.
import-ask-replace = Заменить кампанию «{ $current }» в этом канале загруженной кампанией «{ $game }» (записей истории: { $count })?
import-ask-start = Начать кампанию в этом канале из загруженной кампании «{ $game }» (записей истории: { $count })?
import-done = Загружена кампания «{ $game }», записей истории: { $count }.
import-button = Загрузить
import-campaign-changed = Кампания канала изменилась, пока вы решали, — ничего не импортировано; запустите импорт заново.
import-not-json = Файл — не корректный JSON: { $problem }
import-not-export = Это не выгрузка кампании этого бота.
import-invalid = Файл некорректен: { $problem }
import-too-deep = Вложенность в файле глубже { $limit } { $limit ->
    [one] уровня
    [few] уровней
   *[many] уровней
}; в выгрузке кампании такой не бывает.
gm-bot = Боты не могут быть ведущими.
gm-added = { $member } теперь ведущий здесь.
gm-already = { $member } уже ведущий здесь.
gm-creator = Участник, начавший кампанию, всегда её ведущий.
gm-not-added = { $member } не в списке ведущих здесь.
gm-removed = { $member } больше не ведущий здесь.
gm-title = Ведущие
gm-creator-line = { $member } (создатель кампании)
gm-manage-line = …и любой, у кого есть право «Управлять каналами» в этом канале.
