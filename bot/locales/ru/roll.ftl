## /roll: выражения с кубиками и точные шансы; кнопки «Бросить ещё» и «Отменить»

section-dice = Кубики
roll-title = { $who } бросает { $expression }
roll-title-label = { $who } бросает { $expression } — { $label }
roll-total = **Итого: { $total }**
roll-field-odds = Точные шансы суммы
roll-odds-line = **{ $total }** или больше: **{ $better }** · ровно { $total }: { $exact } · в среднем **{ $mean }** · от { $low } до { $high }
roll-chart-row = { $range } │{ $bar } { $percent }{ $mark }
roll-chart-mark = ◀
roll-footer-recorded = записано в историю кампании этого канала
roll-history = Бросок { $expression } = { $total }
roll-history-label = Бросок { $expression } = { $total } ({ $label })

## отказы: одна строка — что не так, и пример
roll-empty = Укажите выражение с кубиками, например { $examples }.
roll-too-long = Выражение длиннее { $limit } { $limit ->
    [one] символа
    [few] символов
   *[many] символов
} — например { $examples }.
roll-syntax = Не удаётся прочитать выражение в позиции { $position } («{ $got }») — пишите так: { $examples }.
roll-syntax-end = Не удаётся прочитать выражение: оно обрывается или в нём есть непонятная часть — пишите так: { $examples }.
roll-no-faces = У кубика должна быть хотя бы одна грань — например { $examples }.
roll-too-many-faces = У кубика может быть не больше { $limit } { $limit ->
    [one] грани
    [few] граней
   *[many] граней
}.
roll-too-many-dice = Не больше { $limit } { $limit ->
    [one] кубика
    [few] кубиков
   *[many] кубиков
} за бросок, с перебросами.
roll-unbounded = `{ $op }` может бросать без конца, точные шансы не посчитать — используйте `ro` (переброс один раз) или `ra` (один взрыв), например { $examples }.
roll-set-op = `{ $op }` работает только с кубиками; набор вроде `(1d6, 1d8)` принимает `k` или `p`, например `(1d6, 1d8)kh1`.
roll-min-max = `{ $op }` принимает простое число, как `1d20mi10` — например { $examples }.
roll-divide-by-zero = Выражение может делить на ноль — например { $examples }.
roll-too-large = Слишком большое для точных шансов (больше { $limit } { $limit ->
    [one] шага
    [few] шагов
   *[many] шагов
}) — меньше кубиков или граней, например `100d6`, `8d6kh3`, `4d20kh1`.

## кнопки под ответами
button-roll-again = Бросить ещё
button-undo = Отменить
undo-button-gone = Это изменение уже нельзя отменить отсюда: кампания с тех пор изменилась (см. { COMMAND("campaign history") }).
undo-button-done = Это изменение уже отменено.
