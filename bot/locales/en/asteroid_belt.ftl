## Asteroid Belt (Distant Galaxy, episode 7): replies and refusals.
## Arguments named civ, other, player, next, owner, winner, now, against, side, actor, held,
## attacker, defender are civilisation names (each also as <name>_gen: the Russian genitive);
## unit, guard, pick, aunit, dunit are unit names; units, guards, civs, players are lists.

## The game: its title (a campaign, a refusal, /help) and what its /help reference opens with
game-asteroid_belt = Asteroid Belt
help-game-intro-asteroid_belt = The bot keeps the books of Distant Galaxy "Asteroid Belt": resources, VP, units, asteroid markers, turn order; it settles fights and raids with dice and exact odds. Only the civilisation whose turn it is acts.

## Names
ab-civ-violet = Violet Federation
ab-civ-orange = Orange Empire
ab-civ-green = Green Anarchy
ab-civ-natives = the natives
ab-civ-violet-gen = Violet Federation
ab-civ-orange-gen = Orange Empire
ab-civ-green-gen = Green Anarchy
ab-civ-natives-gen = the natives
ab-unit-engineer = engineer squad
ab-unit-assault = assault squad
ab-unit-recon = recon squad
ab-unit-elite = elite squad
ab-unit-shuttle = shuttle
ab-unit-engineer-gen = engineer squad
ab-unit-assault-gen = assault squad
ab-unit-recon-gen = recon squad
ab-unit-elite-gen = elite squad
ab-unit-shuttle-gen = shuttle
ab-unit-engineer-pl = engineer squads
ab-unit-assault-pl = assault squads
ab-unit-recon-pl = recon squads
ab-unit-elite-pl = elite squads
ab-unit-shuttle-pl = shuttles
ab-short-engineer = E
ab-short-assault = A
ab-short-recon = R
ab-short-elite = El
ab-border-1 = red
ab-border-2 = yellow
ab-border-3 = green
ab-border-4 = blue
ab-border-5 = violet
ab-variant-standard = standard
ab-variant-fast = fast
ab-variant-hard = hard
ab-list-comma = { $a }, { $b }
ab-list-arrow = { $a } → { $b }
ab-list-semicolon = { $a }; { $b }
ab-none = none
ab-empty = {""}
ab-dash = —

## Refusals (rules)
ab-err-unknown-unit = Unknown unit '{ $text }': use one of engineer, assault, recon, elite.
ab-err-unknown-unit-hint = Unknown unit '{ $text }': did you mean { $near }? Units are engineer, assault, recon, elite.
ab-err-unit-count = A count in '{ $text }' must be 1 to { $max }.
ab-err-no-units = Name at least one unit, e.g. 'assault recon'.
ab-err-unknown-civ = Unknown civilisation '{ $text }': use one of violet (Violet Federation), orange (Orange Empire), green (Green Anarchy).
ab-err-unknown-civ-hint = Unknown civilisation '{ $text }': did you mean { $near }? Civilisations are violet, orange, green.
ab-err-civ-not-playing = { $civ } is not in this game: the players are { $players }.
ab-err-no-asteroid = No asteroid '{ $text }' on this board: labels look like r1, y2, g3.
ab-err-no-asteroid-hint = No asteroid '{ $text }' on this board: labels look like r1, y2, g3 (e.g. { $near }).
ab-err-game-over = The game is over: { $winner } won. Status and history still work.
ab-err-not-joined = You have not claimed a civilisation here: use { COMMAND("asteroids join") } first.
ab-err-not-your-turn = It is { $now }'s turn, not yours: wait for { COMMAND("asteroids end-turn") }.
ab-err-not-your-turn-gm = It is { $now }'s turn, not yours: as game master, name the civilisation to act out of turn.
ab-err-turn-not-running = It is { $now }'s turn, not { $civ }'s: nothing was changed.
ab-err-turn-passed = That turn has ended; it is { $now }'s turn now. Nothing was changed.
ab-err-natives-against = Say which civilisation the natives fight.
ab-err-not-guards-player = { $player } plays the natives against { $against }, not you.
ab-err-not-your-civ = You play { $actor }: you cannot act for { $side }.
ab-err-gm-only-civ = You play { $actor }: only the game master may act for { $civ }.
ab-err-not-target = { $label } is not a target: there are no guards to play.
ab-err-setup-count = Name 2 or 3 civilisations in turn order, e.g. 'violet orange green'.
ab-err-setup-twice = Each civilisation may play only once: name it once.
ab-err-variant = Unknown variant '{ $text }': use standard, fast or hard.
ab-err-goal = The goal must be more than the starting { $start } VP and at most 200.
ab-err-portals = Portals must be 1 to { $max }.
ab-err-start-force = Starting { $unit }s must be 0 to { $max }.
ab-err-board-counts = Asteroid counts: class 1 to 5, 0 to 30 asteroids each.
ab-err-bases = Each civilisation needs a class-5 base: at least { $n } of v.
ab-err-already-play = You already play { $held }: one civilisation per member.
ab-err-claimed = { $civ } is already claimed by another member.
ab-what-act = act
ab-what-attack = attack
ab-what-move = move
ab-what-create = create units
ab-err-just-created = { $civ }'s { $unit } in the field was just created and may { $what } only from its next turn.
ab-err-no-field = { $civ } has no { $unit } in the field.
ab-err-no-field-reserve = { $civ } has no { $unit } in the field: { $reserve } in reserve at the base (move it out first).
ab-err-no-field-repair = { $civ } has no { $unit } in the field: { $repair } in repair.
ab-err-no-field-both = { $civ } has no { $unit } in the field: { $reserve } in reserve at the base (move it out first), { $repair } in repair.
ab-err-need-unit-target = { $civ } needs a unit in the field within 2 cells of the asteroid.
ab-err-need-unit-flag = { $civ } needs a unit in the field next to the flag.
ab-err-need-unit-asteroid = { $civ } needs a unit in the field next to the asteroid.
ab-err-cost = { $what } costs { $amount } { $amount ->
    [one] resource
   *[other] resources
}; { $civ } has { $have }.
ab-pay-units = { $count } { $unit } at { $price } each
ab-pay-moves = { $unit }: { $moves } { $moves ->
    [one] move
   *[other] moves
} at { $per } each
ab-pay-shuttle = Activating a shuttle
ab-err-same-side = A fight needs two different sides.
ab-err-natives-each-other = The natives do not fight each other.
ab-err-natives-no-unit = The natives have no { $unit }.
ab-err-no-defender = { $civ } has no { $unit } in the field to attack.
ab-err-same-civ = A fight needs two different civilisations.
ab-err-shuttle-capacity = A shuttle carries 1 to { $cap } { $cap ->
    [one] unit
   *[other] units
}.
ab-err-not-enough = { $civ } has { $have } { $unit } in the field ready to act, not { $n }.
ab-err-mine-taken = { $label } is already a mine of { $owner }: it cannot be taken.
ab-err-already-flag = { $label } already has a flag: build the mine with { COMMAND("capture mine") }.
ab-err-already-target = { $label } is already { $civ }'s target.
ab-err-guards-later = The guards of { $label } attack only after { $civ }'s turn ends.
ab-err-guards-done = The guards of { $label } have already attacked: now { $civ } may attack them with { COMMAND("capture attack") }.
ab-err-picks = Pick one invading unit per guard: { $label } has { $n } ({ $guards }), you picked { $got }.
ab-err-pick-missing = { $civ } has no { $unit } in the field for guard { $n } to attack.
ab-err-not-your-target = { $label } is not { $civ }'s target: mark it with { COMMAND("capture target") }.
ab-err-guards-not-yet = The guards of { $label } come only when { $civ }'s turn ends.
ab-err-guards-first = { $player } must play the guards' attack on { $label } first.
ab-err-no-such-guard = { $label } has no { $guard } guard left (guards: { $guards }).
ab-err-already-mine = { $label } is already a mine of { $owner }.
ab-err-no-flag = { $label } has no flag yet: its guards must be beaten first ({ COMMAND("capture target") }).
ab-err-create-count = Create 1 to { $max } { $max ->
    [one] unit
   *[other] units
} at a time.
ab-err-not-your-mine = { $label } is not { $civ }'s mine: create at a mine you own.
ab-err-one-elite = There is only one elite squad: create 1.
ab-err-elite-not-in-repair = { $civ }'s elite is not in repair: there is only one.
ab-err-elite-creates-only = { $civ }'s elite creates only { $unit }s.
ab-err-elite-where = Say at which of { $civ }'s mines the elite stands.
ab-err-elite-done = { $civ }'s elite has already created units this turn.
ab-err-elite-limit = { $civ }'s elite creates at most { $limit } per turn.
ab-err-elite-cost = Units ({ $unit } × { $count }) cost { $cost } { $cost ->
    [one] resource
   *[other] resources
}; { $civ } has { $have }.
ab-err-mine-stock = Units ({ $unit } × { $count }) cost { $cost }; { $label } has only { $stock } { $stock ->
    [one] resource
   *[other] resources
} of its own left to pay for units next to it.
ab-err-moves = Moves must be 1 to { $max }.
ab-err-no-reserve = { $civ } has no { $unit } in reserve at its base.
ab-err-not-class-3 = { $label } is class { $number }: shuttles start next to class 3 (g...).
ab-err-no-raids = Hard variant: the cargo shuttle is inactive, so there are no raids.
ab-err-raid-no-shuttle = { $civ } has no shuttle to bring next to the cargo shuttle: activate one next to a class-3 asteroid with { COMMAND("asteroids shuttle") } ({ OPTION("asteroids shuttle", "units-aboard") }: your units), bring it next to the cargo shuttle, then raid with it.
ab-err-raid-empty-shuttle = { $civ }'s shuttle { $number } carries no units: board 1 to 3 with { COMMAND("asteroids board") }, then raid with it.
ab-err-no-shuttles = { $civ } has no shuttle on the board: activate one next to a class-3 asteroid with { COMMAND("asteroids shuttle") }.
ab-err-which-shuttle = { $civ } has shuttles { $numbers }: name the one you mean with `{ OPTION("asteroids raid", "shuttle") }`.
ab-err-no-such-shuttle = { $civ } has no shuttle { $number }: its shuttles are { $numbers }.
ab-err-shuttle-full = Shuttle { $number } already carries { $n }: at most { $cap } aboard, so { $more } more do not fit.
ab-err-not-free = { $civ } has { $have } { $unit } in the field ready to act and not aboard a shuttle, not { $n }.
ab-err-not-aboard = Shuttle { $number } carries { $have } { $unit }, not { $n }.
ab-err-shuttle-moved = { $civ }'s shuttle { $number } has already moved this turn (speed { $speed }).
ab-err-disband-count = Disband 1 to { $max } { $max ->
    [one] unit
   *[other] units
} at a time.
ab-err-disband-none = { $civ } has { $have } { $unit } in the field, not { $n }: only units on the board can be disbanded.
ab-err-no-tokens = { $civ } has used all its elite's ability tokens.
ab-err-reinforced = { $civ } has already had its one reinforcement.
ab-err-reinforce-units = Reinforcement is only for a civilisation with no units left: { $civ } still has { $n } in the field or reserve.
ab-err-reinforce-resources = Reinforcement is only when you cannot create a unit: { $civ } has { $have } { $have ->
    [one] resource
   *[other] resources
} and the cheapest unit costs { $cheapest }.

## Refusals (commands)
ab-err-defender-side = Say who defends with `{ OPTION("asteroids fight", "defender-side") }`.
ab-err-board = Board: five numbers, asteroids of class 1 to 5, e.g. '10 6 8 4 5'.
ab-action-give-civ = give a civilisation to another member

## Dice labels
ab-roll-attack = attack: { $attacker } { $aunit }
ab-roll-defence = defence: { $defender } { $dunit }
ab-roll-shuttle-attack = attack: { $attacker } shuttle ({ $n } aboard)
ab-roll-shuttle-defence = defence: { $defender } shuttle ({ $n } aboard)
ab-roll-elite = { $civ } elite: 2 { $unit }s on { $needed }-6
ab-roll-shuttle-speed = speed of { $civ }'s shuttle { $number }
ab-roll-raid = cargo shuttle raid ({ $n } aboard)
ab-roll-cargo-start = cargo shuttle's starting portal{ $again ->
    [yes] {" "}(re-roll)
   *[no] {""}
}
ab-roll-cargo-new = cargo shuttle's new portal{ $again ->
    [yes] {" "}(re-roll)
   *[no] {""}
}

## Replies: embed titles
ab-title-setup = Asteroid Belt — a new campaign
ab-title-join = Asteroid Belt — a civilisation is claimed
ab-title-fight = Fight
ab-title-shuttle-fight = Shuttle fight
ab-title-target = Target
ab-title-guards = The guards attack
ab-title-attack = Attack on the guards
ab-title-mine = Mine built
ab-title-create = Units created
ab-title-move = Move
ab-title-shuttle = Shuttle activated
ab-title-raid = Cargo shuttle raid
ab-title-board = Units board a shuttle
ab-title-unload = Units leave a shuttle
ab-title-shuttle-move = Shuttle moves
ab-title-disband = Units disbanded
ab-title-token = Elite ability token
ab-title-reinforce = Reinforcement
ab-title-end-turn = End of turn
ab-title-with-civ = { $title } — { $civ }
ab-field-dice = Dice
ab-field-winner = Winner
ab-winner = 🏆 { $civ }
ab-field-next = Next
ab-next-setup = Each player claims a civilisation with `{ COMMAND("asteroids join") }`. { $civ } plays first.
ab-your-turn = { $member }, { $civ } is yours to play.

## Replies: one sentence per event of the rules
ab-ev-setup-order = Asteroid Belt, { $variant } variant: { $civs }; goal { $goal } VP.
ab-ev-setup-start = Each starts with { $resources } { $resources ->
    [one] resource
   *[other] resources
} and { $vp } VP.
ab-ev-setup-cargo = The cargo shuttle waits at portal { $portal } of { $portals }.
ab-ev-setup-income = { $civ } opens with +{ $income } from its class-5 mines.
ab-ev-setup-no-raids = Hard variant: the cargo shuttle is inactive (no raids).
ab-ev-join = { $member } plays { $civ }.
ab-ev-victory = 🏆 { $civ } reaches { $vp } of { $goal } VP and wins! The campaign is locked.
ab-ev-shuttle-defeated = { $civ }'s shuttle is defeated: { $units } go to repair.
ab-ev-target-replaced = { $civ } removes { $other }'s Target marker from { $label }.
ab-ev-target-marked = { $civ } targets { $label } (class { $number }). Guards: { $guards }. When its turn ends, { $player } plays them ({ COMMAND("capture guards") } { $label }).
ab-ev-guards-start = The natives of { $label } attack { $civ }'s invaders.
ab-ev-guards-idle = The { $guard } guard finds no invader in the field.
ab-ev-guards-redirect = The picked unit is gone: the { $guard } guard attacks a { $unit } instead.
ab-ev-guards-left = Guards left on { $label }: { $guards }. Everything stays until { $civ }'s turn ({ COMMAND("capture attack") } { $label }).
ab-ev-guards-remaining = Guards left on { $label }: { $guards }.
ab-ev-flag = No guard is left: the Target on { $label } becomes a Flag.
ab-ev-mine-built = { $civ } builds a mine on { $label } (class { $number }): +{ $vp } VP ({ $total_vp }/{ $goal }), +{ $gained } { $gained ->
    [one] resource
   *[other] resources
}{ $penalty_text } ({ $resources }).
ab-mine-penalty = {" "}({ $table } − { $penalty }, hard variant)
ab-ev-mine-income = It yields +{ $income } { $income ->
    [one] resource
   *[other] resources
} at the start of each of its owner's turns.
ab-ev-elite-roll = Die { $face } (2 on { $needed }–6): the elite creates { $made }.
ab-ev-create-elite = { $civ }'s elite creates { $count } { $unit } next to { $label } for { $cost } { $cost ->
    [one] resource
   *[other] resources
} ({ $left } left); { $ready_text }.
ab-ready-next-turn = { $count ->
    [one] it acts from its next turn
   *[other] they act from its next turn
}
ab-ready-now = { $count ->
    [one] it may act at once
   *[other] they may act at once
}
ab-ev-create-base = { $civ } creates { $count } { $unit } at its base ({ $label }) for { $cost } { $cost ->
    [one] resource
   *[other] resources
} ({ $left } left); in reserve.
ab-ev-create-mine = { $civ } creates { $count } { $unit } next to { $label } for { $cost } { $cost ->
    [one] resource
   *[other] resources
} ({ $left } left; { $stock } of that mine's own left).
ab-ev-move = { $civ } moves { $unit }{ $base_text }: { $moves } { $moves ->
    [one] move
   *[other] moves
} × { $per_move } = { $cost } { $cost ->
    [one] resource
   *[other] resources
} ({ $left } left).
ab-move-from-base = {" "}out of { $base }
ab-ev-shuttle = { $civ } activates shuttle { $number } at { $label }: { $cost_text } ({ $left } left).
ab-ev-shuttle-board = Aboard { $civ }'s shuttle { $number }: { $units }.
ab-ev-shuttle-empty = Shuttle { $number } waits empty: board 1 to 3 units with { COMMAND("asteroids board") }.
ab-ev-shuttle-unload = { $units } leave { $civ }'s shuttle { $number }.
ab-ev-shuttle-gone = Shuttle { $number } is empty and leaves the board.
ab-ev-shuttle-move = { $civ }'s shuttle { $number } (aboard: { $units }) moves up to { $speed } { $speed ->
    [one] red cell
   *[other] red cells
} this turn, for free.
ab-ev-disband = { $civ } disbands { $count } { $unit }: off the board, into repair ({ $field } left in the field).
ab-shuttle-free = free next to its own class-3 mine
ab-shuttle-cost = { $cost } { $cost ->
    [one] resource
   *[other] resources
}
ab-ev-raid = { $civ } raids the cargo shuttle with shuttle { $number }, { $aboard } aboard: die { $face }, { $result_text }.
ab-raid-defeat = the attacking shuttle is defeated: its units go to repair
ab-raid-escape = the cargo shuttle escapes to another portal
ab-raid-gain = a haul of { $gain } { $gain ->
    [one] resource
   *[other] resources
}
ab-ev-raid-repair = Shuttle { $number } is lost. To repair: { $units }.
ab-ev-raid-gain = { $civ } now has { $resources } { $resources ->
    [one] resource
   *[other] resources
}.
ab-ev-cargo-moved = The cargo shuttle moves from portal { $old } to portal { $new }.
ab-ev-cargo-stays = The cargo shuttle stays at the only portal ({ $portal }).
ab-ev-token = { $civ } uses an elite ability token{ $note_text } ({ $left } left).
ab-token-note = : { $note }
ab-ev-reinforce = { $civ } receives its one reinforcement at { $label }: 1 unit of every type and { $gained } { $gained ->
    [one] resource
   *[other] resources
} ({ $resources }).
ab-ev-turn-end = { $civ } ends its turn. Turn { $turn }: { $next } to play.
ab-ev-turn-income = +{ $income } { $income ->
    [one] resource
   *[other] resources
} from { $mines } { $mines ->
    [one] class-5 mine
   *[other] class-5 mines
} ({ $resources }).
ab-ev-turn-guards-due = Guards to play: { $label } (target of { $civ }) — { COMMAND("capture guards") } { $label }.
ab-ev-turn-besieged = Guards still stand on { $label } ({ $guards }): attack them with { COMMAND("capture attack") } { $label }.

## Fights
ab-fight-head = { $attacker } { $aunit } attacks { $defender } { $dunit }: attack { $ar }{ $abonus } = { $at } vs defence { $dr }{ $dbonus } = { $dt }: { $verdict }{ $why }
ab-fight-why = {" "}({ $reasons })
ab-verdict-draw = draw: both stay
ab-verdict-attacker = the attacker wins
ab-verdict-defender = the defender wins
ab-why-shuttle-attack = more units aboard: attacker +1
ab-why-shuttle-defence = more units aboard: defender +1
ab-why-attack = { $unit } +{ $n } attack
ab-why-defence = { $unit } +{ $n } defence
ab-why-recon-defends = a recon gets no bonus defending
ab-why-recon-safe = a recon attacks without risk: it stays
ab-fight-odds = Odds for the attacker were win { $win }, draw { $draw }, lose { $lose }.
ab-fight-natives-removed = The natives' { $unit } is removed.
ab-fight-to-repair = { $civ }'s { $unit } goes to repair.
ab-odds-title = Fight odds
ab-odds-text = Attacking { $aunit } ({ $abonus }) against defending { $dunit } ({ $dbonus }), one d6 each:
    win **{ $win }** ({ $winf }) · draw **{ $draw }** ({ $drawf }) · lose **{ $lose }** ({ $losef })

## Asteroids (status, autocomplete)
ab-ast-head = { $label } (class { $number }, { $border })
ab-ast-mine = { $head }: mine of { $owner }
ab-ast-base = { $head }: base of { $owner }
ab-ast-flag = { $head }: flag, any civilisation next to it may build the mine
ab-ast-target = { $head }: target of { $civ }, guards { $guards }; { $when }
ab-when-marked = guards attack when { $civ }'s turn ends
ab-when-due = { $player } must play the guards' attack
ab-when-besieged = { $civ } may attack the guards on its turn
ab-ast-free = { $head }: free

## /asteroids status
ab-status-title = Asteroid Belt — status
ab-status-unclaimed = unclaimed — { COMMAND("asteroids join") }
ab-status-to-play = {" "}◀ to play
ab-status-books = **{ $resources }** resources · **{ $vp }/{ $goal }** VP
ab-status-units = field { $field } · reserve { $reserve } · repair { $repair }
ab-status-tokens = ability tokens { $tokens } · reinforcement { $used ->
    [yes] used
   *[no] available
}
ab-status-mines = mines: { $mines }
ab-status-shuttles = shuttles: { $shuttles }
ab-status-base = { $label } (base)
ab-field-busy = Targets and flags
ab-field-mines = Mines
ab-field-free = Free asteroids ({ $n })
ab-mine-entry = { $label } ({ $owner })
ab-status-footer = { $variant } variant · cargo shuttle at portal { $portal } of { $portals }{ $inactive } · E engineer, A assault, R recon, El elite
ab-status-inactive = {" "}(inactive: no raids)
ab-summary-score = { $civ } { $vp }/{ $goal } VP { $resources } res
ab-summary-won = Asteroid Belt ({ $variant }): { $winner } won · { $scores }
ab-summary-turn = Asteroid Belt ({ $variant }), turn { $turn }: { $now } to play · { $scores }

## Autocomplete
ab-choice-shuttle = Shuttle { $number } (from { $label }): { $units }
ab-choice-unit = { $unit }: { $n } in the field

## /campaign history
ab-history = { $civ } — { $title }: { $lines }
ab-history-game = { $title }: { $lines }
## a fight's entry: its line says "Fight:" itself
ab-history-fight = { $civ } — { $lines }
ab-list-space = { $a } { $b }
ab-hist-fight = Fight: { $aunit } of { $attacker } ({ $at }) against { $dunit } of { $defender } ({ $dt }): { $verdict }.

## buttons
ab-button-end-turn = End turn
ab-button-guards = Guards attack
ab-guard-pick = Guard { $n } ({ $guard }) of { $label } attacks…
ab-guard-option = { $unit } ({ $n } in the field)
ab-err-guards-gone = Those guards have already attacked, or that target is gone: nothing was changed.
ab-attack-pick = Attack a guard of { $label }…
ab-attack-option = { $unit } attacks the { $guard }
ab-err-siege-gone = That siege is over (no guards left, or the target is gone): nothing was changed.
ab-waiting-turn = { $civ } to play ({ $member }): its turn ends with End turn.
ab-waiting-guards = Guards of { $label } to play: { $player }.
ab-waiting-over = Nothing: the game is over.
