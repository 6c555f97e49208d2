## Русские названия и описания команды /battle (Weewar)

## выбор игры в /помощь
choice-weewar = Weewar

cmd-battle =
    .name = бой
    .desc = Weewar: бросить атаку и ответный удар, с точными шансами
opt-battle--attacker =
    .name = атакующий
    .desc = Атакующий юнит, например Tank
opt-battle--defender =
    .name = защитник
    .desc = Атакуемый юнит, например Trooper
opt-battle--attacker-terrain =
    .name = местность-атакующего
    .desc = Местность, на которой стоит атакующий (по умолчанию Plains)
opt-battle--defender-terrain =
    .name = местность-защитника
    .desc = Местность, на которой стоит защитник (по умолчанию Plains)
opt-battle--attackers =
    .name = число-атакующих
    .desc = Атакующих единиц, 1–10 (по умолчанию 10)
opt-battle--defenders =
    .name = число-защитников
    .desc = Защищающихся единиц, 1–10 (по умолчанию 10)
opt-battle--distance =
    .name = дистанция
    .desc = Расстояние между ними в гексах (по умолчанию 1)
opt-battle--ranged =
    .name = издали
    .desc = Предыдущие атаки на этого защитника в этот ход издали (+1 за каждую)
opt-battle--beside =
    .name = рядом
    .desc = Предыдущие атаки из гекса рядом и с атакующим, и с защитником (+1 за каждую)
opt-battle--opposite =
    .name = напротив
    .desc = Предыдущие атаки из гекса с противоположной стороны защитника (+3 за каждую)
opt-battle--flank =
    .name = с-фланга
    .desc = Предыдущие атаки из любого другого гекса рядом с защитником (+2 за каждую)
opt-battle--rules =
    .name = правила
    .desc = Опубликованная формула (по умолчанию) или серверная: попадание, только если r < p − 0,01
opt-battle--odds-only =
    .name = только-шансы
    .desc = Да: показать точные шансы, ничего не бросая

choice-published = опубликованная формула
choice-server = серверная (r < p − 0,01)
