## Пояс астероидов (Distant Galaxy, эпизод 7): ответы и отказы.
## Термины — из русского текста сценария: отряды, цивилизации, классы астероидов, фишки
## «Цель», «Флаг», «Шахта», шаттлы, порталы, Аборигены. Аргументы с именами цивилизаций
## приходят и в именительном ($civ), и в родительном падеже ($civ_gen).

## Игра: её название (кампания, отказы, /помощь) и начало её справочника в /помощь
game-asteroid_belt = Пояс астероидов
help-game-intro-asteroid_belt = Бот ведёт учёт «Пояса астероидов» (Distant Galaxy, эпизод 7): ресурсы, ОП, отряды, фишки астероидов, порядок ходов; бои и набеги решаются кубиками с точными шансами. Действует только цивилизация, чей сейчас ход.

## Названия
ab-civ-violet = Фиолетовая Федерация
ab-civ-orange = Оранжевая Империя
ab-civ-green = Зелёная Анархия
ab-civ-natives = Аборигены
ab-civ-violet-gen = Фиолетовой Федерации
ab-civ-orange-gen = Оранжевой Империи
ab-civ-green-gen = Зелёной Анархии
ab-civ-natives-gen = Аборигенов
ab-unit-engineer = инженерный отряд
ab-unit-assault = штурмовой отряд
ab-unit-recon = разведывательный отряд
ab-unit-elite = элитный отряд
ab-unit-shuttle = шаттл
ab-unit-engineer-gen = инженерного отряда
ab-unit-assault-gen = штурмового отряда
ab-unit-recon-gen = разведывательного отряда
ab-unit-elite-gen = элитного отряда
ab-unit-shuttle-gen = шаттла
ab-unit-engineer-pl = инженерный отряд
ab-unit-assault-pl = штурмовой отряд
ab-unit-recon-pl = разведывательный отряд
ab-unit-elite-pl = элитный отряд
ab-unit-shuttle-pl = шаттл
ab-short-engineer = И
ab-short-assault = Ш
ab-short-recon = Р
ab-short-elite = Э
ab-border-1 = красная граница
ab-border-2 = жёлтая граница
ab-border-3 = зелёная граница
ab-border-4 = синяя граница
ab-border-5 = фиолетовая граница
ab-variant-standard = стандартный
ab-variant-fast = ускоренный
ab-variant-hard = усложнённый
ab-list-comma = { $a }, { $b }
ab-list-arrow = { $a } → { $b }
ab-list-semicolon = { $a }; { $b }
ab-none = нет
ab-empty = {""}
ab-dash = —

## Отказы (правила)
ab-err-unknown-unit = Неизвестный отряд «{ $text }»: укажите инженер, штурмовик, разведчик или элита.
ab-err-unknown-unit-hint = Неизвестный отряд «{ $text }»: может быть, { $near }? Отряды: инженер, штурмовик, разведчик, элита.
ab-err-unit-count = Число в «{ $text }» должно быть от 1 до { $max }.
ab-err-no-units = Назовите хотя бы один отряд, например «штурмовик разведчик».
ab-err-unknown-civ = Неизвестная цивилизация «{ $text }»: укажите фиолетовая (Фиолетовая Федерация), оранжевая (Оранжевая Империя) или зелёная (Зелёная Анархия).
ab-err-unknown-civ-hint = Неизвестная цивилизация «{ $text }»: может быть, { $near }? Цивилизации: фиолетовая, оранжевая, зелёная.
ab-err-civ-not-playing = { $civ } не участвует в этой игре: играют { $players }.
ab-err-no-asteroid = На поле нет астероида «{ $text }»: метки выглядят как r1, y2, g3.
ab-err-no-asteroid-hint = На поле нет астероида «{ $text }»: метки выглядят как r1, y2, g3 (например, { $near }).
ab-err-game-over = Игра окончена: победила { $winner }. Статус и история по-прежнему доступны.
ab-err-not-joined = Вы ещё не выбрали цивилизацию: сначала { COMMAND("asteroids join") }.
ab-err-not-your-turn = Сейчас ход цивилизации «{ $now }», не ваш: дождитесь { COMMAND("asteroids end-turn") }.
ab-err-not-your-turn-gm = Сейчас ход цивилизации «{ $now }», не ваш: ведущий может действовать вне очереди, указав цивилизацию.
ab-err-turn-not-running = Сейчас ход цивилизации «{ $now }», а не «{ $civ }»: ничего не изменилось.
ab-err-turn-passed = Тот ход уже закончен; сейчас ходит «{ $now }». Ничего не изменилось.
ab-err-natives-against = Укажите, с какой цивилизацией сражаются Аборигены.
ab-err-not-guards-player = За Аборигенов против цивилизации «{ $against }» играет { $player }, а не вы.
ab-err-not-your-civ = Вы играете за цивилизацию «{ $actor }» и не можете действовать за «{ $side }».
ab-err-gm-only-civ = Вы играете за цивилизацию «{ $actor }»: действовать за «{ $civ }» может только ведущий.
ab-err-not-target = { $label } — не цель: охраны, за которую можно играть, нет.
ab-err-setup-count = Назовите 2 или 3 цивилизации в порядке хода, например «фиолетовая оранжевая зелёная».
ab-err-setup-twice = Каждая цивилизация может участвовать только один раз: назовите её один раз.
ab-err-variant = Неизвестный вариант «{ $text }»: выберите Стандартный, Ускоренный или Усложнённый.
ab-err-goal = Цель должна быть больше начальных { $start } ОП и не больше 200.
ab-err-portals = Порталов должно быть от 1 до { $max }.
ab-err-start-force = Начальное число (отряд: { $unit }) должно быть от 0 до { $max }.
ab-err-board-counts = Число астероидов: классы 1–5, от 0 до 30 астероидов каждого.
ab-err-bases = Каждой цивилизации нужна стартовая база класса 5: их нужно не меньше { $n }.
ab-err-already-play = Вы уже играете за цивилизацию «{ $held }»: одна цивилизация на участника.
ab-err-claimed = Цивилизацию «{ $civ }» уже выбрал другой участник.
ab-what-act = действовать
ab-what-attack = атаковать
ab-what-move = передвигаться
ab-what-create = создавать отряды
ab-err-just-created = Отряд в поле ({ $unit }, { $civ }) только что создан и может { $what } лишь со следующего хода.
ab-err-no-field = У { $civ_gen } нет в поле ни одного { $unit_gen }.
ab-err-no-field-reserve = У { $civ_gen } нет в поле ни одного { $unit_gen }: в резерве на базе — { $reserve } (сначала выведите отряд).
ab-err-no-field-repair = У { $civ_gen } нет в поле ни одного { $unit_gen }: в ремонте — { $repair }.
ab-err-no-field-both = У { $civ_gen } нет в поле ни одного { $unit_gen }: в резерве на базе — { $reserve } (сначала выведите отряд), в ремонте — { $repair }.
ab-err-need-unit-target = { $civ } должна иметь отряд в поле в радиусе 2 клеток от астероида.
ab-err-need-unit-flag = { $civ } должна иметь отряд в поле рядом с флагом.
ab-err-need-unit-asteroid = { $civ } должна иметь отряд в поле рядом с астероидом.
ab-err-cost = Стоимость — { $amount } ({ $what }), а у { $civ_gen } только { $have }.
ab-pay-units = { $unit } × { $count } по { $price }
ab-pay-moves = передвижение: { $unit }, { $moves } × { $per }
ab-pay-shuttle = активация шаттла
ab-err-same-side = В сражении нужны две разные стороны.
ab-err-natives-each-other = Аборигены не сражаются друг с другом.
ab-err-natives-no-unit = У Аборигенов нет такого отряда: { $unit }.
ab-err-no-defender = У { $civ_gen } нет в поле { $unit_gen }, которого можно атаковать.
ab-err-same-civ = В сражении нужны две разные цивилизации.
ab-err-shuttle-capacity = В шаттле помещается от 1 до { $cap } { $cap ->
    [one] отряда
    [few] отрядов
   *[many] отрядов
}.
ab-err-not-enough = В поле у { $civ_gen } готовых к действию отрядов типа «{ $unit }»: { $have }, а нужно { $n }.
ab-err-mine-taken = { $label } — уже шахта цивилизации «{ $owner }»: её нельзя отобрать.
ab-err-already-flag = На { $label } уже стоит флаг: постройте шахту командой { COMMAND("capture mine") }.
ab-err-already-target = { $label } уже цель цивилизации «{ $civ }».
ab-err-guards-later = Охрана { $label } атакует только после хода цивилизации «{ $civ }».
ab-err-guards-done = Охрана { $label } уже атаковала: теперь { $civ } может атаковать её командой { COMMAND("capture attack") }.
ab-err-picks = Выберите по одному отряду захватчиков на каждого охранника: на { $label } охранников { $n } ({ $guards }), выбрано { $got }.
ab-err-pick-missing = У { $civ_gen } нет в поле { $unit_gen } для атаки охранника № { $n }.
ab-err-not-your-target = { $label } — не цель цивилизации «{ $civ }»: отметьте её командой { COMMAND("capture target") }.
ab-err-guards-not-yet = Охрана { $label } выходит только после хода цивилизации «{ $civ }».
ab-err-guards-first = Сначала атакует охрана на { $label }: за неё играет { $player }.
ab-err-no-such-guard = На { $label } не осталось охранника «{ $guard }» (охрана: { $guards }).
ab-err-already-mine = { $label } — уже шахта цивилизации «{ $owner }».
ab-err-no-flag = На { $label } ещё нет флага: сначала нужно победить охрану ({ COMMAND("capture target") }).
ab-err-create-count = За раз можно создать от 1 до { $max } { $max ->
    [one] отряда
    [few] отрядов
   *[many] отрядов
}.
ab-err-not-your-mine = { $label } — не шахта цивилизации «{ $civ }»: создавайте отряды у своей шахты.
ab-err-one-elite = Элитный отряд только один: создайте 1.
ab-err-elite-not-in-repair = Элитный отряд { $civ_gen } не в ремонте: он только один.
ab-err-elite-creates-only = Элитный отряд { $civ_gen } создаёт только такие отряды: { $unit }.
ab-err-elite-where = Укажите, у какой шахты { $civ_gen } стоит элитный отряд.
ab-err-elite-done = Элитный отряд { $civ_gen } уже создавал отряды в этот ход.
ab-err-elite-limit = Элитный отряд { $civ_gen } создаёт не больше { $limit } за ход.
ab-err-elite-cost = Отряды ({ $unit } × { $count }) стоят { $cost }, а у { $civ_gen } только { $have }.
ab-err-mine-stock = Отряды ({ $unit } × { $count }) стоят { $cost }, а собственных ресурсов на отряды рядом с ней у шахты { $label } { $stock ->
    [one] остался лишь
    [few] осталось лишь
   *[many] осталось лишь
} { $stock } { $stock ->
    [one] ресурс
    [few] ресурса
   *[many] ресурсов
}.
ab-err-moves = Передвижений должно быть от 1 до { $max }.
ab-err-no-reserve = У { $civ_gen } нет { $unit_gen } в резерве на стартовой базе.
ab-err-not-class-3 = { $label } — астероид класса { $number }: шаттл активируется только у астероида 3 класса (g…).
ab-err-no-raids = Усложнённый вариант: грузовой шаттл неактивен, нападать на него нельзя.
ab-err-raid-no-shuttle = У { $civ_gen } нет шаттла, чтобы подойти вплотную к грузовому: активируйте шаттл у астероида 3 класса командой { COMMAND("asteroids shuttle") } ({ OPTION("asteroids shuttle", "units-aboard") }: ваши отряды), подведите его к грузовому шаттлу и нападайте им.
ab-err-raid-empty-shuttle = В шаттле { $number } ({ $civ }) нет отрядов: погрузите от 1 до 3 командой { COMMAND("asteroids board") } и нападайте им.
ab-err-no-shuttles = У { $civ_gen } нет шаттла на поле: активируйте его у астероида 3 класса командой { COMMAND("asteroids shuttle") }.
ab-err-which-shuttle = У { $civ_gen } шаттлы { $numbers }: укажите, какой именно, параметром `{ OPTION("asteroids raid", "shuttle") }`.
ab-err-no-such-shuttle = У { $civ_gen } нет шаттла { $number }: есть шаттлы { $numbers }.
ab-err-shuttle-full = Шаттл { $number } уже везёт { $n } { $n ->
    [one] отряд
    [few] отряда
   *[many] отрядов
}, а помещается не больше { $cap }: ещё { $more } { $more ->
    [one] отряд не войдёт
    [few] отряда не войдут
   *[many] отрядов не войдут
}.
ab-err-not-free = В поле у { $civ_gen } готовых к действию отрядов типа «{ $unit }» не на борту шаттла: { $have }, а нужно { $n }.
ab-err-not-aboard = В шаттле { $number } отрядов типа «{ $unit }»: { $have }, а не { $n }.
ab-err-shuttle-moved = Шаттл { $number } ({ $civ }) в этот ход уже передвигался (скорость { $speed }).
ab-err-disband-count = За раз можно ликвидировать от 1 до { $max } { $max ->
    [one] отряда
    [few] отрядов
   *[many] отрядов
}.
ab-err-disband-none = В поле у { $civ_gen } отрядов типа «{ $unit }»: { $have }, а не { $n }: ликвидировать можно только отряды на поле.
ab-err-no-tokens = { $civ } уже использовала все фишки возможности элитного отряда.
ab-err-reinforced = { $civ } уже получала своё единственное подкрепление.
ab-err-reinforce-units = Подкрепление — только для цивилизации без отрядов: у { $civ_gen } ещё { $n } в поле или резерве.
ab-err-reinforce-resources = Подкрепление — только если не на что создать отряд: у { $civ_gen } { $have }, а самый дешёвый отряд стоит { $cheapest }.

## Отказы (команды)
ab-err-defender-side = Укажите, кто защищается, параметром `{ OPTION("asteroids fight", "defender-side") }`.
ab-err-board = Поле: пять чисел — астероиды классов 1–5, например «10 6 8 4 5».
ab-action-give-civ = отдавать цивилизацию другому участнику

## Подписи бросков
ab-roll-attack = атака: { $aunit } ({ $attacker })
ab-roll-defence = защита: { $dunit } ({ $defender })
ab-roll-shuttle-attack = атака: шаттл ({ $attacker }), на борту { $n }
ab-roll-shuttle-defence = защита: шаттл ({ $defender }), на борту { $n }
ab-roll-elite = элитный отряд ({ $civ }): 2 отряда при { $needed }–6
ab-roll-shuttle-speed = скорость шаттла { $number } ({ $civ })
ab-roll-raid = нападение на грузовой шаттл, на борту { $n }
ab-roll-cargo-start = начальный портал грузового шаттла{ $again ->
    [yes] {" "}(переброс)
   *[no] {""}
}
ab-roll-cargo-new = новый портал грузового шаттла{ $again ->
    [yes] {" "}(переброс)
   *[no] {""}
}

## Ответы: заголовки
ab-title-setup = Пояс астероидов — новая кампания
ab-title-join = Пояс астероидов — цивилизация выбрана
ab-title-fight = Сражение
ab-title-shuttle-fight = Бой шаттлов
ab-title-target = Цель
ab-title-guards = Охрана атакует
ab-title-attack = Атака на охрану
ab-title-mine = Шахта построена
ab-title-create = Отряды созданы
ab-title-move = Передвижение
ab-title-shuttle = Шаттл активирован
ab-title-raid = Нападение на грузовой шаттл
ab-title-board = Погрузка в шаттл
ab-title-unload = Выгрузка из шаттла
ab-title-shuttle-move = Шаттл передвигается
ab-title-disband = Отряды ликвидированы
ab-title-token = Фишка возможности
ab-title-reinforce = Подкрепление
ab-title-end-turn = Конец хода
ab-title-with-civ = { $title } — { $civ }
ab-field-dice = Кубики
ab-field-winner = Победитель
ab-winner = 🏆 { $civ }
ab-field-next = Дальше
ab-next-setup = Каждый игрок выбирает цивилизацию командой `{ COMMAND("asteroids join") }`. Первой ходит { $civ }.
ab-your-turn = { $member }, ваш ход: { $civ }.

## Ответы: по предложению на событие
ab-ev-setup-order = Пояс астероидов, { $variant } вариант: { $civs }; цель — { $goal } ОП.
ab-ev-setup-start = У каждой цивилизации в начале { $resources } { $resources ->
    [one] ресурс
    [few] ресурса
   *[many] ресурсов
} и { $vp } ОП.
ab-ev-setup-cargo = Грузовой шаттл ждёт у портала { $portal } из { $portals }.
ab-ev-setup-income = { $civ } начинает с +{ $income } от шахт 5 класса.
ab-ev-setup-no-raids = Усложнённый вариант: грузовой шаттл неактивен (нападений нет).
ab-ev-join = { $member } играет за цивилизацию «{ $civ }».
ab-ev-victory = 🏆 { $civ } набирает { $vp } из { $goal } ОП и побеждает! Кампания закрыта.
ab-ev-shuttle-defeated = Шаттл { $civ_gen } побеждён: в ремонт — { $units }.
ab-ev-target-replaced = { $civ } убирает фишку «Цель» { $other_gen } с { $label }.
ab-ev-target-marked = { $civ } ставит фишку «Цель» на { $label } (класс { $number }). Охрана: { $guards }. После хода { $civ_gen } за неё играет { $player } ({ COMMAND("capture guards") } { $label }).
ab-ev-guards-start = Аборигены с { $label } атакуют захватчиков { $civ_gen }.
ab-ev-guards-idle = Охранник ({ $guard }) не находит захватчиков в поле.
ab-ev-guards-redirect = Выбранного отряда уже нет: охранник ({ $guard }) атакует вместо него: { $unit }.
ab-ev-guards-left = Охрана на { $label }: { $guards }. Все остаются на местах до хода { $civ_gen } ({ COMMAND("capture attack") } { $label }).
ab-ev-guards-remaining = Охрана на { $label }: { $guards }.
ab-ev-flag = Охраны не осталось: фишка «Цель» на { $label } меняется на «Флаг».
ab-ev-mine-built = { $civ } строит шахту на { $label } (класс { $number }): +{ $vp } ОП ({ $total_vp }/{ $goal }), +{ $gained } { $gained ->
    [one] ресурс
    [few] ресурса
   *[many] ресурсов
}{ $penalty_text } (всего { $resources }).
ab-mine-penalty = {" "}({ $table } − { $penalty }, усложнённый вариант)
ab-ev-mine-income = В начале каждого хода владельца шахта даёт +{ $income } { $income ->
    [one] ресурс
    [few] ресурса
   *[many] ресурсов
}.
ab-ev-elite-roll = Кубик { $face } (2 отряда при { $needed }–6): элитный отряд создаёт { $made }.
ab-ev-create-elite = Элитный отряд { $civ_gen } создаёт у { $label }: { $unit } × { $count } за { $cost } (осталось { $left }); { $ready_text }.
ab-ready-next-turn = { $count ->
    [one] действовать он сможет со следующего хода
    [few] действовать они смогут со следующего хода
   *[many] действовать они смогут со следующего хода
}
ab-ready-now = { $count ->
    [one] действовать он может сразу
    [few] действовать они могут сразу
   *[many] действовать они могут сразу
}
ab-ev-create-base = { $civ } создаёт на стартовой базе ({ $label }): { $unit } × { $count } за { $cost } (осталось { $left }); отряды в резерве.
ab-ev-create-mine = { $civ } создаёт у { $label }: { $unit } × { $count } за { $cost } (осталось { $left }; собственных ресурсов шахты — { $stock }).
ab-ev-move = { $civ } передвигает { $unit }{ $base_text }: { $moves } × { $per_move } = { $cost } (осталось { $left }).
ab-move-from-base = {" "}со стартовой базы { $base }
ab-ev-shuttle = { $civ } активирует шаттл { $number } у { $label }: { $cost_text } (осталось { $left }).
ab-ev-shuttle-board = На борту шаттла { $number } ({ $civ }): { $units }.
ab-ev-shuttle-empty = Шаттл { $number } ждёт пустым: погрузите от 1 до 3 отрядов командой { COMMAND("asteroids board") }.
ab-ev-shuttle-unload = Из шаттла { $number } ({ $civ }) выгружаются: { $units }.
ab-ev-shuttle-gone = В шаттле { $number } больше нет отрядов: он убирается с поля.
ab-ev-shuttle-move = Шаттл { $number } ({ $civ }; на борту: { $units }) в этот ход проходит до { $speed } { $speed ->
    [one] красной клетки
    [few] красных клеток
   *[many] красных клеток
}, бесплатно.
ab-ev-disband = { $civ } ликвидирует { $count ->
    [one] отряд
    [few] отряды
   *[many] отряды
} ({ $unit } × { $count }): { $count ->
    [one] фишка уходит
    [few] фишки уходят
   *[many] фишки уходят
} с поля в ремонт (в поле осталось: { $field }).
ab-shuttle-free = бесплатно у своей шахты 3 класса
ab-shuttle-cost = { $cost } { $cost ->
    [one] ресурс
    [few] ресурса
   *[many] ресурсов
}
ab-ev-raid = { $civ } нападает на грузовой шаттл шаттлом { $number }, на борту { $aboard }: кубик { $face }, { $result_text }.
ab-raid-defeat = поражение атакующего шаттла (фишки в ремонт)
ab-raid-escape = грузовой шаттл уходит от погони в другой портал
ab-raid-gain = добыча — { $gain } { $gain ->
    [one] ресурс
    [few] ресурса
   *[many] ресурсов
}
ab-ev-raid-repair = Шаттл { $number } потерян. В ремонт: { $units }.
ab-ev-raid-gain = Теперь у { $civ_gen } { $resources } { $resources ->
    [one] ресурс
    [few] ресурса
   *[many] ресурсов
}.
ab-ev-cargo-moved = Грузовой шаттл переходит из портала { $old } в портал { $new }.
ab-ev-cargo-stays = Грузовой шаттл остаётся у единственного портала ({ $portal }).
ab-ev-token = { $civ } использует фишку возможности элитного отряда{ $note_text } (осталось { $left }).
ab-token-note = : { $note }
ab-ev-reinforce = { $civ } получает единственное подкрепление на { $label }: по 1 отряду каждого типа и { $gained } { $gained ->
    [one] ресурс
    [few] ресурса
   *[many] ресурсов
} (всего { $resources }).
ab-ev-turn-end = { $civ } заканчивает ход. Ход { $turn }: ходит { $next }.
ab-ev-turn-income = +{ $income } { $income ->
    [one] ресурс
    [few] ресурса
   *[many] ресурсов
} от шахт 5 класса ({ $mines }), всего { $resources }.
ab-ev-turn-guards-due = Сыграйте охрану: { $label } (цель { $civ_gen }) — { COMMAND("capture guards") } { $label }.
ab-ev-turn-besieged = На { $label } ещё стоит охрана ({ $guards }): атакуйте её командой { COMMAND("capture attack") } { $label }.

## Сражения
ab-fight-head = { $aunit } ({ $attacker }) атакует { $dunit } ({ $defender }): атака { $ar }{ $abonus } = { $at } против защиты { $dr }{ $dbonus } = { $dt }: { $verdict }{ $why }
ab-fight-why = {" "}({ $reasons })
ab-verdict-draw = ничья, оба остаются
ab-verdict-attacker = атакующий побеждает
ab-verdict-defender = защитник побеждает
ab-why-shuttle-attack = больше отрядов на борту: атакующему +1
ab-why-shuttle-defence = больше отрядов на борту: защитнику +1
ab-why-attack = { $unit }: +{ $n } к атаке
ab-why-defence = { $unit }: +{ $n } к защите
ab-why-recon-defends = у разведчика нет бонусов при обороне
ab-why-recon-safe = разведчик атакует без риска для себя и остаётся
ab-fight-odds = Шансы атакующего были: победа { $win }, ничья { $draw }, поражение { $lose }.
ab-fight-natives-removed = Отряд Аборигенов убирается с поля: { $unit }.
ab-fight-to-repair = Отряд { $civ_gen } уходит в ремонт: { $unit }.
ab-odds-title = Шансы в сражении
ab-odds-text = Атакует { $aunit } ({ $abonus }), защищается { $dunit } ({ $dbonus }), по броску кубика:
    победа **{ $win }** ({ $winf }) · ничья **{ $draw }** ({ $drawf }) · поражение **{ $lose }** ({ $losef })

## Астероиды (статус, подсказки)
ab-ast-head = { $label } (класс { $number }, { $border })
ab-ast-mine = { $head }: шахта — { $owner }
ab-ast-base = { $head }: стартовая база — { $owner }
ab-ast-flag = { $head }: флаг, шахту может построить любая цивилизация рядом
ab-ast-target = { $head }: цель — { $civ }, охрана: { $guards }; { $when }
ab-when-marked = охрана атакует после хода { $civ_gen }
ab-when-due = охрана атакует, за неё играет { $player }
ab-when-besieged = { $civ } может атаковать охрану в свой ход
ab-ast-free = { $head }: свободен

## /asteroids status
ab-status-title = Пояс астероидов — статус
ab-status-unclaimed = не выбрана — { COMMAND("asteroids join") }
ab-status-to-play = {" "}◀ ходит
ab-status-books = **{ $resources }** { $resources ->
    [one] ресурс
    [few] ресурса
   *[many] ресурсов
} · **{ $vp }/{ $goal }** ОП
ab-status-units = поле { $field } · резерв { $reserve } · ремонт { $repair }
ab-status-tokens = фишки возможности: { $tokens } · подкрепление { $used ->
    [yes] использовано
   *[no] доступно
}
ab-status-mines = шахты: { $mines }
ab-status-shuttles = шаттлы: { $shuttles }
ab-status-base = { $label } (база)
ab-field-busy = Цели и флаги
ab-field-mines = Шахты
ab-field-free = Свободные астероиды ({ $n })
ab-mine-entry = { $label } ({ $owner })
ab-status-footer = { $variant } вариант · грузовой шаттл у портала { $portal } из { $portals }{ $inactive } · И инженерный, Ш штурмовой, Р разведывательный, Э элитный
ab-status-inactive = {" "}(неактивен: нападений нет)
ab-summary-score = { $civ } { $vp }/{ $goal } ОП, { $resources } рес.
ab-summary-won = Пояс астероидов ({ $variant }): победила { $winner } · { $scores }
ab-summary-turn = Пояс астероидов ({ $variant }), ход { $turn }: ходит { $now } · { $scores }

## Автодополнение
ab-choice-shuttle = Шаттл { $number } (от { $label }): { $units }
ab-choice-unit = { $unit }: в поле { $n }

## /campaign history
ab-history = { $civ } — { $title }: { $lines }
ab-history-game = { $title }: { $lines }
## запись сражения: её строка сама начинается с «Бой:»
ab-history-fight = { $civ } — { $lines }
ab-list-space = { $a } { $b }
ab-hist-fight = Бой: { $aunit } ({ $attacker }) с атакой { $at } против { $dunit_gen } ({ $defender }) с защитой { $dt }: { $verdict }.

## buttons
ab-button-end-turn = Закончить ход
ab-button-guards = Охрана атакует
ab-guard-pick = Охранник { $n } ({ $guard }) астероида { $label } атакует…
ab-guard-option = { $unit } ({ $n } на поле)
ab-err-guards-gone = Эта охрана уже атаковала или той цели больше нет: ничего не изменилось.
ab-attack-pick = Атаковать охранника { $label }…
ab-attack-option = { $unit } → охранник: { $guard }
ab-err-siege-gone = Эта осада закончена (охраны не осталось или цели больше нет): ничего не изменилось.
ab-waiting-turn = Ходит «{ $civ }» ({ $member }): ход заканчивается кнопкой «Закончить ход».
ab-waiting-guards = Охрана { $label }: играет «{ $player }».
ab-waiting-over = Ничего: игра окончена.
