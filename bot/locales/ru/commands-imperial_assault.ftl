## Русские названия и описания команд Imperial Assault (/ia …, /deploy-roll)

## выбор игры в /помощь
choice-imperial_assault = Imperial Assault

cmd-ia =
    .name = ia
    .desc = Imperial Assault: бот играет за Империю
cmd-ia-setup =
    .name = начать
    .desc = Начать миссию Imperial Assault в этом канале
opt-ia-setup--difficulty =
    .name = сложность
    .desc = Лёгкая (угроза ×0,7), средняя или сложная (угроза ×1,3, МР начинается с 2)
opt-ia-setup--threat-level =
    .name = уровень-угрозы
    .desc = Уровень угрозы миссии, 2–12
opt-ia-setup--expansions =
    .name = дополнения
    .desc = Ваши дополнения через запятую (по умолчанию Core)
opt-ia-setup--adaptive =
    .name = адаптивная
    .desc = Адаптивная сложность: слава, возмещение угрозы и награды (по умолчанию выкл.)
opt-ia-setup--earned-villains =
    .name = заслуженные-злодеи
    .desc = Злодеи, заслуженные Империей, через запятую (каждый попадает в руку с шансом 50 %)
opt-ia-setup--threat =
    .name = угроза
    .desc = Начальная угроза (по умолчанию 0)
cmd-deploy-roll =
    .name = бросок-развертывания
    .desc = Imperial Assault: конец раунда — событие развёртывания
cmd-ia-activate =
    .name = активация
    .desc = Следующая активация Империи
cmd-ia-defeat =
    .name = разгром
    .desc = Развёрнутый имперский отряд разбит
opt-ia-defeat--group =
    .name = отряд
    .desc = Разбитый отряд (подсказываются развёрнутые отряды)
cmd-ia-figure-lost =
    .name = потеря-фигурок
    .desc = Гибнут фигурки развёрнутого имперского отряда
opt-ia-figure-lost--group =
    .name = отряд
    .desc = Отряд, потерявший фигурки (подсказываются развёрнутые отряды)
opt-ia-figure-lost--count =
    .name = количество
    .desc = Сколько фигурок погибло (по умолчанию 1); при 0 фигурок отряд разбит
cmd-ia-deploy =
    .name = развернуть
    .desc = Ведущий: миссия разворачивает отряд
opt-ia-deploy--group =
    .name = отряд
    .desc = Отряд для развёртывания (сначала из руки, затем из ваших отрядов)
cmd-ia-threat =
    .name = угроза
    .desc = Ведущий: добавить или убрать угрозу вручную
opt-ia-threat--amount =
    .name = величина
    .desc = Сколько угрозы добавить (отрицательное — убрать); сложность не учитывается
cmd-ia-status =
    .name = статус
    .desc = Раунд, угроза, МР, развёрнутые отряды, слава
cmd-ia-hand =
    .name = рука
    .desc = Ведущий: рука развёртывания Империи (видна только вам)

## Выбор сложности (общие ключи choice-…: один раз на весь бот)
## сложность миссии (свои ключи: «hard» у варианта «Пояса астероидов» — другое слово)
choice-difficulty-easy = Лёгкая
choice-difficulty-medium = Средняя
choice-difficulty-hard = Сложная
