## GDW Imperium (исправления Кобба): ответы и отказы.
## Стороны ($side, $holder, $other) приходят ключами "terran" / "imperial".
## Формы: Терране, Терран, Терранам, Терранами; Империя, Империи, Империю, Империей.
## Команды в тексте — по их русским названиям (см. commands-imperium.ftl).

## Игра: её название (кампания, отказы, /помощь) и начало её справочника в /помощь
game-imperium = GDW Imperium
help-game-intro-imperium = Кампания по исправлениям Генри Дж. Кобба: стороны, системы, RU, список флота, инициатива, этапы огня, экраны и обслуживание. Атаки бросайте по своим напечатанным таблицам результатов боя и сообщайте боту попадания.

imp-side = { $side ->
    [terran] Терране
   *[imperial] Империя
}
imp-owner = { $owner ->
    [terran] Терране
    [imperial] Империя
   *[none] без владельца
}
imp-tclass = { $tclass ->
    [freighter] грузовой
    [tanker] танкер
    [capital] линейный
    [fighter] истребитель
    [troop] десант
   *[other] прочий
}
imp-tclass-choice = { $tclass ->
    [freighter] грузовой
    [tanker] танкер
    [capital] линейный
    [fighter] истребитель
    [troop] десант
   *[other] прочий
}
imp-range = { $range ->
    [short] ближняя
    [long] дальняя
    [disengage] выход из боя
   *[none] —
}
imp-or = или
imp-planet = { $kind ->
    [homeworld] родной мир
    [outpost] аванпост
   *[world] мир
}
imp-fate = { $fate ->
    [undisrupted] в строю
    [disrupted] дезорганизован
   *[destroyed] уничтожен
}
imp-nobody = никто
imp-nobody-yet = пока никто
imp-none = нет
imp-no-ship = ни одного корабля
imp-jump-space = прыжковое пространство
imp-combat-ends = Бой окончен.
imp-combat-ended = { $mode ->
    [space] Космический бой
   *[surface] Наземный бой
} в системе { $system } окончен: у { $side ->
    [terran] Терран
   *[imperial] Империи
} там не осталось { $mode ->
    [space] кораблей
   *[surface] единиц с наземными факторами
}.

## напоминания и этапы огня
imp-war-start-reminder = Напоминание: ни одна система не может начать войну с бо́льшим числом кораблей, чем её лимит планового обслуживания (6 факторов за дружественный аванпост, 20 за дружественный мир; каждый корабль занимает свой номер обслуживания); бот это проверяет.
imp-fire-step-1 = Заградительный огонь по самоубийственным атакам
imp-fire-step-2 = Самоубийственные атаки (лучевое оружие)
imp-fire-step-3 = Обычные лучевые атаки
imp-fire-step-4 = Обычный ракетный огонь или ракетный огонь на ближней дальности
imp-fire-step-5 = Ракетные атаки с синхронным подлётом (+1 к попаданию; только корабли, уцелевшие на этапах 1–4)

## системы и корабли
imp-worlds = { $count } { $count ->
    [one] мир
    [few] мира
   *[many] миров
}
imp-outposts = { $count } { $count ->
    [one] аванпост
    [few] аванпоста
   *[many] аванпостов
}
imp-homeworld = родной мир
imp-system-line = { $name }: { $owner }, { $details }, факторов обслуживания: { $factors }{ $ships ->
    [0] {""}
   *[other] , кораблей: { $ships }
}
imp-ship-type = { $type } ({ $tclass })
imp-ship-maint = обсл. { $n }
imp-ship-screen = экран { $n }
imp-ship-disrupted = дезорганизован
imp-ship-ready = в строю
imp-ship-jump = прыжковый
imp-ship-no-jump = без прыжкового двигателя
imp-ship-strength = сила { $n }
imp-ship-carries = несёт { $n }
imp-ship-line = { $side } · { $name } @ { $at }: { $details }
imp-title-ship-added = GDW Imperium — корабль добавлен
imp-title-ship-disrupted = GDW Imperium — дезорганизован
imp-title-ship-repaired = GDW Imperium — снова в строю
imp-title-fleet = GDW Imperium — флот
imp-title-fleet-at = GDW Imperium — флот в системе { $system }
imp-field-ships = Корабли
imp-no-ships = Кораблей нет.
imp-ship-removed = { $ship } снят с учёта.
imp-ship-moved = { $ship } теперь в системе { $system }.

## статус и начало кампании
imp-summary = GDW Imperium ({ $at_war ->
    [yes] война { $war }
   *[no] подготовка к войне { $war }
}, активная сторона — { $phasing ->
    [terran] Терране
   *[imperial] Империя
}): Терране { $terran_rus } RU, кораблей: { $terran_ships }; Империя { $imperial_rus } RU, кораблей: { $imperial_ships }; систем: { $systems }, идущих боёв: { $combats }
imp-title-status = GDW Imperium — статус
imp-field-campaign = Кампания
imp-status-side = { $side ->
    [terran] Терране
   *[imperial] Империя
} ({ $who }): { $rus } RU, доход { $income } RU, кораблей: { $ships }
imp-status-combat = Бой в системе { $system }: раунд { $round }, инициатива { $holder ->
    [terran] у Терран
    [imperial] у Империи
   *[none] ни у кого
}, дальность: { $range }{ $surface ->
    [0] {""}
   *[other] , наземный раунд { $surface }
}
imp-limit-problem = { $system }: кораблям { $side ->
    [terran] Терран
   *[imperial] Империи
} нужно факторов обслуживания: { $need }, система даёт им { $have }
imp-status-over-limit = Сверх лимита планового обслуживания: { $problem }
imp-title-setup = Кампания GDW Imperium начата
imp-setup-side = { $side ->
    [terran] Терране
   *[imperial] Империя
}: { $players }
imp-setup-first-war-worlds = Расстановка первой войны. Миры Империи: { $worlds }.
imp-setup-first-war-outposts = Аванпосты Империи: { $outposts }.
imp-setup-next = Дальше: { COMMAND("imperium system set") } — остальные системы, { COMMAND("imperium ship add") } — флоты, затем { COMMAND("imperium war") }.
imp-joined = { $member } играет за { $side ->
    [terran] Терран
   *[imperial] Империю
}.
imp-rus-set = { $side ->
    [terran] Терране
   *[imperial] Империя
}: в запасе { $rus } RU, доход { $income } RU.
imp-war-begins = Война { $war } началась: все системы в пределах лимита планового обслуживания. Активная сторона — { $side ->
    [terran] Терране
   *[imperial] Империя
}.
imp-phasing-set = Активная сторона — { $side ->
    [terran] Терране
   *[imperial] Империя
}.
imp-title-interwar = GDW Imperium — межвоенный период
imp-interwar-side = { $side ->
    [terran] Терране
   *[imperial] Империя
} +{ $income } RU (теперь { $rus } RU)
imp-interwar-income = Обе стороны получают полный доход за ход: { $parts }.
imp-interwar-setup = Расстановка к войне { $war }.

## инициатива и дальность
imp-initiative-title = { $mode ->
    [space] Космический
   *[surface] Наземный
} бой в системе { $system }, раунд { $round }
imp-slowest = { $mode ->
    [space] тактическая
   *[surface] наземная
} скорость самого медленного ({ $unit }) { $speed }
imp-fewer-bonus = меньше { $mode ->
    [space] кораблей
   *[surface] единиц
} (без истребителей) +{ $bonus }
imp-held-bonus = инициатива в прошлом раунде +{ $bonus }
imp-roll-mods = { $side ->
    [terran] Терране
   *[imperial] Империя
}: { $mods }
imp-roll-line = { $side ->
    [terran] Терране
   *[imperial] Империя
}: кубик { $die } + { $mods } = { $total }
imp-first-round = Первый раунд: инициатива у активной стороны ({ $holder ->
    [terran] Терране
   *[imperial] Империя
}), без броска.
imp-win-chance = Шанс { $side ->
    [terran] Терран
   *[imperial] Империи
} выиграть инициативу: { $pct }
imp-tie = Ничья: инициатива переходит к { $holder ->
    [terran] Терранам
   *[imperial] Империи
} (в прошлом раунде её не было), и дальность в этом раунде менять нельзя.
imp-wins = { $holder ->
    [terran] Инициативу выигрывают Терране.
   *[imperial] Инициативу выигрывает Империя.
}
imp-allocation = Расстановка: { $other ->
    [terran] Терране первыми расставляют
   *[imperial] Империя первой расставляет
} корабли; { $holder ->
    [terran] Терране подстраиваются под них и первыми объявляют
   *[imperial] Империя подстраивается под них и первой объявляет
} типы огня.
imp-surface-strengths = Наземная сила { $side ->
    [terran] Терран
   *[imperial] Империи
}: { $units }
imp-surface-rules = Наземный бой длится { $rounds } { $rounds ->
    [one] раунд
    [few] раунда
   *[many] раундов
} или пока у одной из сторон не останется единиц с наземными факторами; атаки — по напечатанной таблице результатов ракетного боя, одна единица против одной.
imp-range-note-not-holder = (запрошенная «{ $requested }» не применена: дальность выбирает только сторона с инициативой — { $holder ->
    [terran] Терране
   *[imperial] Империя
})
imp-range-note-ignored = (запрошенная «{ $requested }» не применена)
imp-range-first = Дальность: { $range } (выбор { $holder ->
    [terran] Терран
   *[imperial] Империи
} на первый раунд){ $note }.
imp-range-tie = Дальность не меняется («{ $range }»): ничья{ $note }.
imp-range-disengaged = Дальность: { $before } → { $after } (выбор { $holder ->
    [terran] Терран
   *[imperial] Империи
}).
imp-range-moved = Дальность: { $before } → { $after } ({ $kept ->
    [yes] оставлена
   *[no] изменена
} { $holder ->
    [terran] Терранами
   *[imperial] Империей
}).
imp-range-open = Дальность: { $range }{ $note }; { $holder ->
    [terran] Терране выбирают
   *[imperial] Империя выбирает
} её командой { COMMAND("imperium range") } — { $options }.
imp-disengages = Выход из боя ({ $side ->
    [terran] Терране
   *[imperial] Империя
}), прыжок → { $where }: { $ships }
imp-jump-space-place = прыжковое пространство (разместите их командой { COMMAND("imperium ship move") })
imp-fighters-loaded = Истребители взяты на борт носителей: { $ships }
imp-left-behind = Остались (нет места или нет прыжкового двигателя): { $ships }
imp-title-range = GDW Imperium — дальность
imp-range-set = Дальность в системе { $system }: { $before } → { $after } ({ $kept ->
    [yes] оставлена
   *[no] изменена
} { $side ->
    [terran] Терранами
   *[imperial] Империей
}).

## экраны и этапы огня
imp-source = { $source ->
    [space-combat] космический бой
   *[planetary-defence-fire] огонь планетарной обороны
}
imp-reason-hit-twice = попаданий за один этап: { $hits }
imp-reason-already-disrupted = уже дезорганизован
imp-reason-weak-screen = экран { $screen } меньше { $minimum }: без броска экрана
imp-reason-screen-held = { $die } меньше экрана { $screen }
imp-reason-screen-failed = { $die } не меньше экрана { $screen }
imp-hit-line = { $ship }: { $result } ({ $why })
imp-hit-line-roll = { $ship }: экран { $screen }, кубик { $die } → { $result } ({ $why }; шанс отделаться дезорганизацией: { $pct })
imp-title-screen = GDW Imperium — экран
imp-hit-from = Попадание ({ $source }). { $line }
imp-fire-placed = { $other ->
    [terran] Терране первыми расставили
   *[imperial] Империя первой расставила
} корабли; { $holder ->
    [terran] Терране подстраиваются под них и первыми объявляют
   *[imperial] Империя подстраивается под них и первой объявляет
} типы огня.
imp-fire-declare = Объявлять самоубийственные атаки (лучевое оружие) и ракетные атаки с синхронным подлётом может только сторона с инициативой — { $holder ->
    [terran] Терране
   *[imperial] Империя
}; { $other ->
    [terran] Терранам
   *[imperial] Империи
} это запрещено.
imp-fire-step-line = { $n }. { $text }{ $done ->
    [yes] {" "}(выполнен)
   *[no] {""}
}
imp-fire-howto = Бросайте каждую атаку по своей напечатанной таблице результатов боя; попадания каждого этапа (уничтожен / дезорганизован) применяйте до следующего этапа командой { COMMAND("imperium hits") }. На этапе корабль защищается в том состоянии, в каком был в его начале; корабль с двумя попаданиями за этап уничтожается.
imp-title-fire-steps = Этапы огня в системе { $system }, раунд { $round } (дальность: { $range })
imp-no-hits = Попаданий нет.
imp-title-step = Этап { $step } в системе { $system }: { $text }
imp-combat-end-done = Бой в системе { $system } завершён.

## техобслуживание
imp-maint-overhaul = { $name }: капремонт ({ $cost } RU) → { $after }
imp-maint-routine = { $name }: плановое (факторов: { $factors }) → без изменений: { $after }
imp-maint-frontier = { $name }: полевое, обслуживание { $maintenance }, был: { $before }, кубик { $die } → { $after } ({ $chances })
imp-fate-chance = { $fate } { $pct }
imp-title-maintenance = Техобслуживание в системе { $system }
imp-maint-factors = Плановое обслуживание: занято { $used }/{ $factors } { $factors ->
    [one] фактора
    [few] факторов
   *[many] факторов
}.
imp-maint-paid = { $side ->
    [terran] Терране платят
   *[imperial] Империя платит
} { $rus } RU за капремонт.
imp-no-ships-here = Здесь нет кораблей.
imp-maint-destroyed = Уничтожены и сняты с учёта: { $ships }

## что пытался сделать участник (в «Только … может <действие>»)
imp-action-add-ships = добавлять свои корабли
imp-action-remove = убрать его
imp-action-disrupt = дезорганизовать его
imp-action-repair = вернуть его в строй
imp-action-move = переместить его
imp-action-apply-hits = применять попадания
imp-action-choose-range = выбирать дальность
imp-action-end-combat = завершать бой
imp-action-roll-initiative = бросать инициативу
imp-action-run-maintenance = проводить техобслуживание
imp-action-set-phasing = назначать активную сторону
imp-action-set-rus = задавать RU
imp-action-begin-war = начинать войну
imp-action-end-war = завершать войну
imp-action-change-systems = менять системы

## отказы
imp-same-member = Один участник не может играть за обе стороны; выберите двух участников.
imp-already-play = Вы уже играете за { $side ->
    [terran] Терран
   *[imperial] Империю
}.
imp-play-other = Вы играете за { $side ->
    [terran] Терран
   *[imperial] Империю
}; участник играет только за одну сторону.
imp-give-stock-or-income = Укажите { OPTION("imperium rus", "stock") }, { OPTION("imperium rus", "income") } или оба параметра.
imp-whose-ship = Укажите, чей это корабль, параметром { OPTION("imperium ship add", "side") }:.
imp-only-side = Только игроки { $side ->
    [terran] Терран
   *[imperial] Империи
} или ведущий могут { $action }.
imp-only-players = Только игроки кампании или ведущий могут { $action }; выберите сторону командой { COMMAND("imperium join") }.
imp-only-side-overhaul = Только игроки { $side ->
    [terran] Терран
   *[imperial] Империи
} или ведущий могут тратить RU { $side ->
    [terran] Терран
   *[imperial] Империи
} на капремонт.
imp-only-side-routine = Только игроки { $side ->
    [terran] Терран
   *[imperial] Империи
} или ведущий решают, кто получит плановое обслуживание; чтобы распределить его по умолчанию, не указывайте параметр { OPTION("maintenance", "routine") }.
imp-bad-tclass = `{ OPTION("imperium ship add", "tclass") }` — одно из: грузовой, танкер, линейный, истребитель, десант или прочий.
imp-no-system = Нет системы «{ $name }». Добавьте её командой { COMMAND("imperium system set") }.
imp-no-system-hint = Нет системы «{ $name }». Может быть, { $hint }? Добавьте её командой { COMMAND("imperium system set") }.
imp-no-ship-named = Нет корабля «{ $name }». См. { COMMAND("imperium fleet") }.
imp-no-ship-hint = Нет корабля «{ $name }». Может быть, { $hint }? См. { COMMAND("imperium fleet") }.
imp-system-name-length = Название системы — от 1 до 40 символов.
imp-count-range = { $what ->
    [worlds] Миров
   *[outposts] Аванпостов
} может быть от 0 до 20.
imp-homeworld-needs-world = Родному миру нужен хотя бы один мир: задайте и параметр { OPTION("imperium system set", "worlds") }.
imp-limit-before-war = До войны ни в одной системе не может быть больше кораблей, чем позволяет её лимит планового обслуживания ({ $system }: кораблям { $side ->
    [terran] Терран
   *[imperial] Империи
} нужно факторов обслуживания: { $need }, система даёт им { $have }).
imp-war-already = Война уже идёт; закончить её — { COMMAND("imperium interwar") }.
imp-war-cannot-begin = Война не может начаться: { $system }: кораблям { $side ->
    [terran] Терран
   *[imperial] Империи
} нужно факторов обслуживания: { $need }, система даёт им { $have }.
imp-stock-range = Запас RU — от 0 до { $most }.
imp-income-range = Доход — от 0 до { $most } RU.
imp-ship-name-length = Название или метка корабля — от 1 до 40 символов.
imp-ship-exists = Корабль «{ $name }» уже есть; выберите другую метку.
imp-type-length = Тип корабля — не длиннее 40 символов.
imp-type-missing = Укажите тип корабля так, как он напечатан на фишке, например `missile boat` или `CR`.
imp-kit-maintenance = Исправления Кобба дают типу «{ $kind }» номер обслуживания { $kit }; не указывайте параметр { OPTION("imperium ship add", "maintenance") }.
imp-need-maintenance = Укажите номер обслуживания, напечатанный на фишке { $type } ({ OPTION("imperium ship add", "maintenance") }:).
imp-maintenance-range = Номер обслуживания — от 0 до 20.
imp-need-tclass = Укажите тактический класс ({ OPTION("imperium ship add", "tclass") }: грузовой, танкер, линейный, истребитель, десант или прочий).
imp-screen-range = Фактор экрана — от 0 до 6.
imp-strength-range = Сила и вместимость — от 0 до 99.
imp-need-strength = Укажите напечатанную силу войск ({ OPTION("imperium ship add", "strength") }:).
imp-already-state = { $ship } уже { $state ->
    [disrupted] дезорганизован
   *[ready] в строю
}.
imp-already-at = { $ship } уже в системе { $system }.
imp-no-space-combat = В системе { $system } нет космического боя: там нужны корабли обеих сторон (см. { COMMAND("imperium fleet") }).
imp-no-surface-combat = В системе { $system } нет наземного боя: там нужны единицы обеих сторон с наземными факторами.
imp-surface-no-range = В наземном бою нет дальности; не указывайте параметр { OPTION("initiative", "range") }.
imp-surface-over = Наземный бой в системе { $system } окончен: он длится { $rounds } { $rounds ->
    [one] раунд
    [few] раунда
   *[many] раундов
}.
imp-disengage-round-2 = Выйти из боя можно со 2-го раунда; выберите ближнюю или дальнюю.
imp-range-steps = С { $current ->
    [short] ближней
   *[long] дальней
} дальности сторона с инициативой может выбрать { $current ->
    [short] ближнюю или дальнюю
   *[long] ближнюю, дальнюю или выход из боя
}.
imp-jump-elsewhere = Прыжок должен вести в другую систему, а не в ту, которую покидают.
imp-roll-initiative-first = В системе { $system } нет космического боя: сначала определите инициативу командой { COMMAND("initiative") }.
imp-only-holder-range = Дальность выбирает только сторона с инициативой ({ $side ->
    [terran] Терране
   *[imperial] Империя
}).
imp-range-locked = Инициатива получена по ничьей: в этом раунде дальность менять нельзя.
imp-range-chosen = Дальность в этом раунде уже выбрана.
imp-no-combat = В системе { $system } нет идущего боя.
imp-in-jump-space = { $ship } в прыжковом пространстве: по нему нельзя попасть.
imp-step-range = Этапы огня нумеруются от 1 до 5.
imp-step-done = Этап { $step } в этом раунде уже применён; этапы идут по порядку, с 1 по 5.
imp-not-at = { $ship } не в системе { $system }.
imp-step1-target = Этап 1 — огонь по самоубийственным атакующим { $side ->
    [terran] Терран
   *[imperial] Империи
}; { $ship } не из них.
imp-step-own-side = На этапе { $step } атакуют только корабли { $side ->
    [terran] Терран
   *[imperial] Империи
}; { $ship } — из их числа.
imp-maint-not-here = { $ship } не в системе { $system }: здесь он не может получить { $what ->
    [overhaul] капремонт
   *[routine] плановое обслуживание
}.
imp-maint-twice = { $ship } назван дважды для { $what ->
    [overhaul] капремонта
   *[routine] планового обслуживания
}.
imp-maint-not-owned = { $ship } может получить { $what ->
    [overhaul] капремонт
   *[routine] плановое обслуживание
} только в системе своей стороны; { $system } не принадлежит { $side ->
    [terran] Терранам
   *[imperial] Империи
}.
imp-overhaul-needs-world = Для капремонта нужен дружественный мир; в системе { $system } его нет.
imp-overhaul-cost = Капремонт обойдётся { $side ->
    [terran] Терранам
   *[imperial] Империи
} в { $cost } RU, а в запасе { $rus } RU.
imp-overhauled-no-routine = { $ship } идёт на капремонт; плановое обслуживание ему не нужно.
imp-routine-too-much = Этим кораблям нужно факторов обслуживания: { $need }; система { $system } даёт { $factors }.
imp-no-war = Война не идёт; начните её командой { COMMAND("imperium war") }.

## /campaign history (каждая запись — на языке читающего)
imp-hist-list = { $a }, { $b }
imp-hist-setup = Кампания начата{ $first ->
    [yes] {" "}(расстановка первой войны)
   *[no] {""}
}
imp-hist-join = { $member } играет за сторону: { $side }
imp-hist-rus = { $side }: RU { $rus }, доход { $income }
imp-hist-war = Начинается война { $war }
imp-hist-phasing = Активная сторона: { $side }
imp-hist-interwar = Межвоенный доход; расстановка к войне { $war }
imp-hist-system = Система { $line }
imp-hist-ship-added = Корабль добавлен: { $ship } ({ $type }, { $side }, { $state }) в системе { $system }
imp-hist-ship = { $verb ->
    [remove] Корабль снят
    [disrupt] Корабль дезорганизован
    [repair] Корабль снова в строю
   *[move] Корабль перемещён
}: { $ship }
imp-hist-hit = Попадание по { $ship }: { $result }
imp-hist-fire-step = { $system }, этап огня { $step }: попаданий по кораблям — { $n }
imp-hist-range = { $system }: дальность { $before } → { $after }
imp-hist-combat-end = Бой в системе { $system } окончен
imp-hist-initiative = { $mode ->
    [space] Космический
   *[surface] Наземный
} бой в системе { $system }, раунд { $round }: инициатива у стороны { $side }
imp-hist-maintenance = Техобслуживание в системе { $system }: кораблей { $n }, уничтожено { $lost }

## чем подписан каждый кубик в истории
imp-die-initiative = инициатива ({ $mode ->
    [space] космический бой
   *[surface] наземный бой
}): { $side }
imp-die-screen = экран ({ $source }): { $ship }
imp-die-step = этап огня { $step }
imp-die-frontier = полевое обслуживание: { $ship }

## buttons
imp-button-next-round = Следующий раунд
imp-button-apply = Попадания этапа { $step } ({ $n })
imp-button-no-hits = Нет попаданий на этапе { $step }
imp-hit-option = { $ship } ({ $type }): отмечено { $n }
imp-hit-pick = Этап { $step }: попадание в…
imp-hit-pick-page = Этап { $step }: попадание в… (корабли { $first }–{ $last })
imp-buttons-stale = Бой изменился с тех пор, как появились эти кнопки: ничего не изменилось; используйте последнее сообщение или команду.
imp-button-range-short = Дальность: ближняя
imp-button-range-long = Дальность: дальняя
imp-button-disengage = Выйти из боя
imp-waiting-none = Боёв нет.
imp-waiting-step = { $system }: раунд { $round }, следующий этап огня — { $step }.
imp-waiting-next-round = { $system }: раунд { $round } отстрелян; следующий — инициатива нового раунда.
