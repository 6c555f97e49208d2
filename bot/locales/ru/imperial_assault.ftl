## Imperial Assault: все ответы /ia и /бросок-развертывания
## Имена отрядов — как напечатаны на картах; ранги остаются I, II, III.
## МР — модификатор развёртывания (DM приложения Imperial Commander).

## Игра: её название (кампания, отказы, /помощь) и начало её справочника в /помощь
game-imperial_assault = Imperial Assault
help-game-intro-imperial_assault = Бот играет за Империю так же, как приложение Imperial Commander: рука развёртывания, событие развёртывания в конце раунда, угроза, активации, адаптивная сложность. Один канал — одна миссия.

ia-yes = да
ia-no = нет
ia-none = нет
ia-figures = { $n } { $n ->
    [one] фигурка
    [few] фигурки
   *[many] фигурок
}

## названия сложностей и событий развёртывания
ia-difficulty-easy = Лёгкая
ia-difficulty-medium = Средняя
ia-difficulty-hard = Сложная
ia-band-calm = Затишье
ia-band-reinforcements = Подкрепления
ia-band-landing = Высадка
ia-band-onslaught = Натиск

## действия ведущего («Только ведущий может …»)
ia-action-deploy = разворачивать отряды вручную
ia-action-threat = изменять угрозу вручную
ia-action-hand = смотреть руку развёртывания

## отказы
ia-unknown-group-id = Неизвестный номер отряда развёртывания «{ $id }».
ia-threat-level-min = Уровень угрозы должен быть не меньше { $low }.
ia-threat-level-range = Уровень угрозы — от { $low } до { $high } (он указан в описании миссии).
ia-negative-start-threat = Начальная угроза не может быть отрицательной; укажите 0 или больше.
ia-bad-difficulty = Сложность — одна из: Лёгкая, Средняя, Сложная.
ia-name-a = Назовите { $what ->
    [villain] злодея
    [deployed] развёрнутый отряд
   *[deploy] отряд для развёртывания
}.
ia-ambiguous = «{ $query }» — неоднозначно: выберите одно из: { $options }.
ia-none-to-choose = Выбирать не из чего: { $what ->
    [villain] злодеев
    [deployed] развёрнутых отрядов
   *[deploy] отрядов для развёртывания
} нет.
ia-no-such = Нет { $what ->
    [villain] злодея
    [deployed] развёрнутого отряда
   *[deploy] отряда для развёртывания
} «{ $query }»; попробуйте: { $hints }.
ia-unknown-expansion = Неизвестное дополнение «{ $name }»; возможные: { $valid }.
ia-unknown-expansion-hint = Неизвестное дополнение «{ $name }»; может быть, { $near }?
ia-villain-expansion = { $name } входит в дополнение { $expansion }; добавьте его в список дополнений.
ia-none-deployed = Ни один имперский отряд не развёрнут; сначала разверните отряд командой { COMMAND("ia deploy") }.
ia-all-activated = Все имперские отряды уже активированы; завершите раунд командой { COMMAND("deploy-roll") }.
ia-bad-count = { $group }: { $left ->
    [one] осталась { $left } фигурка
    [few] осталось { $left } фигурки
   *[many] осталось { $left } фигурок
}; укажите количество от 1 до { $left }.
ia-already-deployed = { $group } уже на поле.
ia-not-owned = { $name } входит в дополнение { $expansion }, а его в этой миссии нет.
ia-zero-threat = Укажите ненулевое число, например 3 или -2.

## /ia начать и /ia рука
ia-draw-tier = Ранг { $tier }: { $names }
ia-draw-tier-short = Ранг { $tier }: { $names } (нужно { $wanted }, доступно только { $available })
ia-draw-villain-added = Заслуженный злодей { $group }: бросок 50 %, добавлен в руку
ia-draw-villain-out = Заслуженный злодей { $group }: бросок 50 %, не в этой миссии
ia-setup-title = Imperial Assault: Империя готова
ia-setup-summary = Сложность **{ $difficulty }** · уровень угрозы **{ $level }** · угроза **{ $threat }** · МР **{ $dm }**
ia-setup-expansions = Дополнения: { $list }
ia-setup-adaptive-on = Адаптивная сложность: включена
ia-setup-adaptive-off = Адаптивная сложность: выключена
ia-setup-hand = В руке развёртывания Империи **{ $n }** { $n ->
    [one] карта
    [few] карты
   *[many] карт
} (ведущий видит их командой { COMMAND("ia hand") }).
ia-setup-short-tier = В ранге { $tier } не хватило отрядов: нужно { $wanted }, доступно только { $available }.
ia-setup-villains = Броски за заслуженных злодеев (50 % каждый): { $names } — результаты скрыты.
ia-setup-footer = Конец раунда — { COMMAND("deploy-roll") } · активации Империи — { COMMAND("ia activate") }
ia-hand-title = Imperial Assault: рука развёртывания (только для ведущего)
ia-hand-empty = Рука развёртывания пуста.
ia-hand-card = • { $group }: ранг { $tier }, стоимость { $cost }, { $figures }, приоритет { $priority }
ia-hand-card-villain = • { $group } (злодей): ранг { $tier }, стоимость { $cost }, { $figures }, приоритет { $priority }
ia-hand-how = Как набрана рука

## /бросок-развертывания
ia-roll-title = Конец раунда { $round }: { $band }
ia-roll-field = Событие развёртывания
ia-roll-dice = 2к6 **{ $a } + { $b }** { $sign } МР { $dm } = **{ $total }** → { $band }
ia-inc-level = уровень угрозы
ia-inc-level-plus = уровень угрозы + { $extra }
ia-inc-scaled = { $base }: { $raw } × { $factor }, с округлением
ia-roll-threat = Угроза +{ $inc } ({ $why }): { $before } → { $after }
ia-roll-calm = Затишье: развёртывания нет.
ia-cost = стоимость { $cost }
ia-cost-reinforce-discount = стоимость { $cost } ({ $base } − { $discount }, скидка Натиска, не меньше 1)
ia-reinforced = Подкрепление **{ $group }**: { $before } → { $after } { $after ->
    [one] фигурка
    [few] фигурки
   *[many] фигурок
}, { $why }, выбор из { $options }; угроза { $threat_before } → { $threat_after }
ia-roll-all-full = Все развёрнутые отряды в полном составе: подкреплять некого.
ia-roll-no-reinforce = Угрозы { $threat } не хватает ни на одно подкрепление.
ia-deploy-why = ранг { $tier }, стоимость { $cost }
ia-deploy-why-discount = ранг { $tier }, стоимость { $cost } ({ $base } − { $discount }, скидка Натиска)
ia-deploy-why-fuzzy = { $why }, **развёртывание с недостачей**: не хватало угрозы { $short }, угроза обнулена
ia-threat-change = угроза { $before } → { $after }
ia-swap-downgrade = Сложность «Лёгкая»: шанс 15 % заменить на { $group }: { $happened }
ia-swap-upgrade = Сложность «Сложная»: шанс 15 % улучшить до { $group }: { $happened }
ia-deployed = Развёрнут **{ $group }** ({ $size }): { $why }; { $options }; { $threat }
ia-deployed-swap-roll = Развёрнут **{ $group }** ({ $size }): { $why }; { $options }; { $threat }; { $swap }
ia-deployed-swapped = Вытянута карта { $card } ({ $why }; { $options }); { $swap } → развёрнут **{ $group }** ({ $size }) за ту же стоимость, без возврата угрозы; { $card } возвращается в руку; { $threat }
ia-pick-low = 1 из { $n } { $n ->
    [one] кандидата
   *[other] кандидатов
} ранга I/II, шанс { $odds }
ia-pick-high = 1 из { $n } { $n ->
    [one] кандидата
   *[other] кандидатов
} ранга III, шанс { $odds }
ia-pick-coin-low = жребий 50/50 между кандидатами ранга I/II ({ $low }) и ранга III ({ $high }) выпал на ранг I/II, затем 1 из { $n }, шанс { $odds }
ia-pick-coin-high = жребий 50/50 между кандидатами ранга I/II ({ $low }) и ранга III ({ $high }) выпал на ранг III, затем 1 из { $n }, шанс { $odds }
ia-roll-hand-empty = Рука развёртывания пуста; угроза { $threat } переходит дальше.
ia-roll-nothing = Ничего не по карману; угроза { $threat } переходит дальше.
ia-roll-nothing-else = Больше ничего не по карману; угроза { $threat } переходит дальше.
ia-roll-footer = Угроза { $threat } · МР { $dm_before } → { $dm_after } · начинается раунд { $next }, все имперские отряды готовы

## /ia активация
ia-act-title = Активация: { $group }
ia-act-picked = выбор из { $n } { $n ->
    [one] готового отряда
   *[other] готовых отрядов
}
ia-act-roll = бросок { $chance } за приоритет 1 (готово: { $p1 }) против приоритета 2 (готово: { $p2 }): { $happened }; { $pool }
ia-act-pool-priority-1 = выбор из { $n } { $n ->
    [one] отряда
   *[other] отрядов
} приоритета 1
ia-act-pool-all = выбор из всех { $n } { $n ->
    [one] готового отряда
   *[other] готовых отрядов
}
ia-act-priority = Приоритет { $priority } · { $why } · шанс { $odds }
ia-act-no-bonus = Лёгкая сложность: в этой активации **без бонусного эффекта** (бросок 25 %).
ia-act-bonus = Лёгкая сложность: бонусные эффекты действуют (бросок 25 % на «без бонуса» не сработал).
ia-act-no-bonus-effects = Лёгкая сложность: броска 25 % на «без бонуса» нет — у этого отряда нет бонусных эффектов.
ia-act-all-done = Все имперские отряды в этом раунде уже активированы.
ia-act-remaining = Ещё ждут активации в этом раунде: { $n } { $n ->
    [one] имперский отряд
    [few] имперских отряда
   *[many] имперских отрядов
}.

## /ia разгром, /ia потеря-фигурок
ia-defeat-title = { $group }: отряд разбит
ia-defeated = **{ $group }**: отряд разбит.
ia-fame = Слава +{ $gained } (исходная стоимость) → { $after }.
ia-reimbursed = Угроза +{ $amount } (возмещение): { $before } → { $after }.
ia-reimbursed-scaled = Угроза +{ $amount } (возмещение { $base } с поправкой на сложность): { $before } → { $after }.
ia-new-award = **{ $n ->
    [one] Новая награда
   *[other] Новые награды
}!** У повстанцев теперь { $total } { $total ->
    [one] награда
    [few] награды
   *[many] наград
}.
ia-back-to-hand = Отряд возвращается в руку развёртывания.
ia-loss-title = { $group }: потери — { $figures }
ia-loss-left = { $left ->
    [one] Осталась
   *[other] Осталось
} { $left } из { $size }.

## /ia развернуть, /ia угроза
ia-manual-title = Развёртывание по миссии: { $group }
ia-manual-from-hand = { $figures } из руки развёртывания; угроза не тратится. Отряд готов к активации.
ia-manual-from-pool = { $figures } из запаса; угроза не тратится. Отряд готов к активации.
ia-threat-by-hand = Угроза { $before } → **{ $after }** ({ $amount } вручную).
ia-threat-by-hand-clamped = Угроза { $before } → **{ $after }** ({ $amount } вручную, остановлено на 0).

## /ia статус
ia-status-title = Imperial Assault: Империя
ia-status-summary = Раунд **{ $round }** · угроза **{ $threat }** (уровень угрозы { $level }) · МР **{ $dm }** · сложность: { $difficulty }
ia-status-summary-adaptive = Раунд **{ $round }** · угроза **{ $threat }** (уровень угрозы { $level }) · МР **{ $dm }** · сложность: { $difficulty }, адаптивная
ia-status-odds = Следующее событие развёртывания: { $odds }
ia-status-odd = { $band } { $percent }
ia-status-deployed = Развёрнутые отряды
ia-status-group-ready = • { $group }: { $figures }/{ $size } фиг., приоритет { $priority }, готов, шанс активироваться следующим { $odds }
ia-status-next-roll = Следующая активация: бросок { $chance } за приоритет 1 (готово: { $p1 }) против приоритета 2 (готово: { $p2 }); при неудачном броске — выбор из всех { $n } { $n ->
    [one] готового отряда
   *[other] готовых отрядов
}.
ia-status-group-activated = • { $group }: { $figures }/{ $size } фиг., приоритет { $priority }, ✔ активирован
ia-status-fame-field = Слава и награды
ia-status-fame = Слава { $fame } · награды { $awards }
ia-status-defeated = Разбиты
ia-status-footer = Карт в руке развёртывания: { $n }

## одна строка для /campaign status
ia-summary = Imperial Assault · раунд { $round } · угроза { $threat } (уровень { $level }) · МР { $dm } · { $difficulty } · { $groups ->
    [one] развёрнут { $groups } отряд
    [few] развёрнуто { $groups } отряда
   *[many] развёрнуто { $groups } отрядов
}
ia-summary-adaptive = { $line } · слава { $fame }, { $awards ->
    [one] { $awards } награда
    [few] { $awards } награды
   *[many] { $awards } наград
}

## броски и случайные выборы каждой команды, как их хранит история (там — по-английски)
ia-die-hand-tier = рука развёртывания, ранг { $tier }
ia-die-villain = злодей { $group }
ia-die-event = событие развёртывания
ia-die-reinforce = подкрепление
ia-die-deploy-coin = развёртывание: ранг I/II (иначе ранг III)
ia-die-deploy = развёртывание
ia-die-swap = { $kind ->
    [downgrade] замена на обычный отряд
   *[upgrade] улучшение до элитного
}: { $group }
ia-die-swap-target = { $kind ->
    [downgrade] замена на обычный отряд
   *[upgrade] улучшение до элитного
}: выбор отряда
ia-die-priority = активация: бросок за приоритет 1
ia-die-activation = активация: выбор отряда
ia-die-no-bonus = лёгкая сложность: без бонусного эффекта

## /campaign history (каждая запись — на языке читающего)
ia-hist-setup = Миссия Imperial Assault начата: сложность { $difficulty }, уровень угрозы { $level }, { $expansions }, в руке развёртывания { $hand }
ia-hist-roll = Раунд { $round }: { $band } ({ $a }+{ $b }{ $dm } = { $total }){ $steps } — угроза { $before }→{ $after }, МР { $dmafter }
ia-hist-join = { $a }{ $b }
ia-hist-none = {""}
ia-hist-reinforced = {" "}— подкрепление: { $group }
ia-hist-deployed = {" "}— развёрнут { $group }{ $fuzzy ->
    [yes] {" "}(с недостачей угрозы)
   *[no] {""}
}
ia-hist-activated = Раунд { $round }: активирован { $group }
ia-hist-defeated = Раунд { $round }: { $group } разбит
ia-hist-lost = Раунд { $round }: { $group } теряет { $count } { $count ->
    [one] фигурку
    [few] фигурки
   *[many] фигурок
}{ $defeated ->
    [yes] {" "}и разбит
   *[no] {""}
}
ia-hist-manual = Раунд { $round }: миссия развернула { $group }
ia-hist-threat = Раунд { $round }: угроза { $before }→{ $after } вручную

## buttons
ia-button-activate = Следующая активация
ia-button-end-round = Конец раунда
ia-select-defeated = Разбит…
ia-select-figure-lost = Потеряна фигура…
ia-select-defeated-page = Разбит… (отряды { $first }–{ $last })
ia-select-figure-lost-page = Потеряна фигура… (отряды { $first }–{ $last })
ia-select-group = { $group } ({ $n } { $n ->
    [one] фигура
    [few] фигуры
   *[many] фигур
})
ia-round-passed = Раунд { $round } уже закончен; сейчас раунд { $now }. Ничего не изменилось.
ia-waiting-activate = Раунд { $round }: ещё { $n ->
    [one] { $n } отряд не активирован
    [few] { $n } отряда не активированы
   *[many] { $n } отрядов не активированы
}.
ia-waiting-end-round = Раунд { $round }: все отряды активированы; раунд завершает событие развёртывания.
