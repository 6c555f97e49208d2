## Weewar: ответы и отказы /battle. Названия юнитов и местностей — имена собственные (не переводятся).

## Игра: её название (кампания, отказы, /помощь) и начало её справочника в /помощь
game-weewar = Weewar
help-game-intro-weewar = `{ COMMAND("battle") }` работает в любом канале: одна атака Weewar и ответный удар по опубликованной формуле боя, с объяснением каждого числа и точными шансами потерь обеих сторон.

## Отказы
ww-give-unit = Укажите юнит, например { $example }.
ww-give-terrain = Укажите местность, например { $example }.
ww-ambiguous-unit = «{ $text }» может означать { $names }: укажите юнит полностью.
ww-ambiguous-terrain = «{ $text }» может означать { $names }: укажите местность полностью.
ww-unknown-unit = Неизвестный юнит «{ $text }»; может быть, { $names }?
ww-unknown-terrain = Неизвестная местность «{ $text }»; может быть, { $names }?
ww-unknown-unit-all = Неизвестный юнит «{ $text }»; юниты: { $names }.
ww-unknown-terrain-all = Неизвестная местность «{ $text }»; местности: { $names }.
ww-or-list = { $head } или { $last }
ww-gang-up-negative = `{ $option ->
        [ranged] издали
        [beside] рядом
        [opposite] напротив
        [flank] с-фланга
       *[other] { $option }
    }` — число предыдущих атак: укажите 0 или больше.
ww-count-range = `{ $option ->
        [attackers] число-атакующих
        [defenders] число-защитников
       *[other] { $option }
    }` — число единиц: укажите от 1 до { $most }, а не { $value }.
ww-distance-positive = `дистанция` — в гексах: укажите 1 или больше, а не { $value }.
ww-rules-unknown = `правила`: опубликованная формула или серверная, а не { $value }.
ww-cannot-enter = { $unit } не может стоять на { $terrain }: местность недоступна для { $unit_class } (стоимость движения { $cost })
ww-cannot-attack = { $attacker } не может атаковать { $defender }: атака 0 против { $unit_class }
ww-out-of-range = { $unit } стреляет на дальность { $range }; дистанция { $distance } вне досягаемости
ww-no-counter-attack = Ответного удара нет: у { $unit } атака 0 против { $unit_class }
ww-no-counter-range = Ответного удара нет: { $unit } стреляет на дальность { $range }; дистанция { $distance } вне досягаемости

## Классы юнитов: как метка и после «против» / «для» (родительный падеж)
ww-class-hard = бронетехника
ww-class-soft = пехота
ww-class-sub = подлодки
ww-class-boat = корабли
ww-class-amphibic = амфибии
ww-class-air = авиация
ww-class-speedboat = катера
ww-class-hard-of = бронетехники
ww-class-soft-of = пехоты
ww-class-sub-of = подлодок
ww-class-boat-of = кораблей
ww-class-amphibic-of = амфибий
ww-class-air-of = авиации
ww-class-speedboat-of = катеров

## Ответ о бое
ww-title = { $attacker } атакует { $defender }
ww-title-odds = { $attacker } атакует { $defender } — шансы
ww-setup = { $attackers } { $attacker } ({ $attacker_terrain }) → { $defenders } { $defender } ({ $defender_terrain }), дистанция { $distance }, правила: { $rules }
ww-rules-published = опубликованные
ww-rules-server = серверные
ww-gang-up = Бонус за окружение B = { $bonus } ({ $breakdown })
ww-gang-up-ranged = издали
ww-gang-up-beside = рядом
ww-gang-up-opposite = напротив
ww-gang-up-flank = с фланга
ww-gang-up-none = ранее не атаковали
ww-result = {"**"}Итог:** { $attacker } { $attackers } → **{ $attackers_left }** · { $defender } { $defenders } → **{ $defenders_left }**
ww-field-attack = Атака: { $attacker } → { $defender }
ww-field-counter = Ответный удар: { $defender } → { $attacker } (численность до боя, B = 0)
ww-field-no-counter = Ответный удар
ww-no-counter = Ответного удара нет
ww-field-losses = Потери { $unit } (точные шансы)
ww-terms = A { $a } ({ $striker } против { $target_vs }) · Ta { $ta } ({ $striker_terrain }, { $striker_class }) · D { $d } ({ $target }) · Td { $td } ({ $target_terrain }, { $target_class }) · B { $b }
ww-clamped = (до ограничения { $value })
ww-server-hit = ; серверное правило: попадание, если r < { $value }
ww-strike = { $dice } { $dice ->
        [one] бросок
        [few] броска
       *[many] бросков
    }, попадания по единицам: { $per_unit } = **{ $hits } { $hits ->
        [one] попадание
        [few] попадания
       *[many] попаданий
    }** → { $target } теряет **{ $losses } { $losses ->
        [one] единицу
        [few] единицы
       *[many] единиц
    }** ({ $rounding })
ww-rounding = { $hits } ÷ { $per } с округлением вниз
ww-rounding-capped = { $hits } ÷ { $per } с округлением вниз, но не больше { $targets }
ww-chart-row = потери { $k } │{ $bar } { $percent }
ww-chart-others = ещё { $count } { $count ->
        [one] исход
        [few] исхода
       *[many] исходов
    }: вместе { $share }
ww-chart-summary = ожидаемые потери **{ $expected }** из { $of } · без потерь { $none } · полное уничтожение { $all }
ww-footer = Шанс уничтожить { $defender }: { $destroyed } · { $attacker } без потерь: { $unscathed }
ww-footer-recorded = записано в историю кампании этого канала

## строка истории кампании о бое
ww-history = Бой Weewar: { $attackers } { $attacker } ({ $attacker_terrain }) атаковали { $defenders } { $defender } ({ $defender_terrain }) на дистанции { $distance }, B { $bonus }, правила: { $rules }; { $defender } теряет { $defender_losses }, { $counter } — осталось { $attackers_left } { $attacker } и { $defenders_left } { $defender }
ww-history-counter = { $attacker } теряет { $losses }
ww-history-no-counter = ответного удара нет
## чем подписаны числа удара в истории
ww-die-strike = { $striker } → { $target }

## the chain of attacks under a rolled battle
weewar-next-attack = Следующая атака на эту цель (осталось { $n })…
weewar-next-ranged = Эта атака была издалека: +1
weewar-next-beside = Следующий атакующий рядом с этим: +1
weewar-next-opposite = Следующий атакующий напротив этого: +3
weewar-next-flank = Следующий атакующий с другой стороны: +2
