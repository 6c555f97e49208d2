## GDW Imperium (fix kit): replies and refusals.
## Side arguments ($side, $holder, $other) are the keys "terran" / "imperial".

## The game: its title (a campaign, a refusal, /help) and what its /help reference opens with
game-imperium = GDW Imperium
help-game-intro-imperium = The campaign under Henry J Cobb's fix kit: sides, systems, RUs, the fleet roster, initiative, fire steps, screens and maintenance. Roll attacks on your printed CRTs and tell the bot the hits.

imp-side = { $side ->
    [terran] Terran
   *[imperial] Imperial
}
imp-owner = { $owner ->
    [terran] Terran
    [imperial] Imperial
   *[none] unowned
}
imp-tclass = { $tclass ->
    [freighter] freighter
    [tanker] tanker
    [capital] capital
    [fighter] fighter
    [troop] troop
   *[other] other
}
imp-tclass-choice = { $tclass ->
    [freighter] freighter
    [tanker] tanker
    [capital] capital
    [fighter] fighter
    [troop] troop
   *[other] other
}
imp-range = { $range ->
    [short] short
    [long] long
    [disengage] disengage
   *[none] —
}
imp-or = or
imp-planet = { $kind ->
    [homeworld] homeworld
    [outpost] outpost
   *[world] world
}
imp-fate = { $fate ->
    [undisrupted] undisrupted
    [disrupted] disrupted
   *[destroyed] destroyed
}
imp-nobody = nobody
imp-nobody-yet = nobody yet
imp-none = none
imp-no-ship = no ship
imp-jump-space = jump space
imp-combat-ends = The combat ends.
imp-combat-ended = { $mode ->
    [space] The space combat
   *[surface] The surface combat
} at { $system } ends: { $side ->
    [terran] Terran
   *[imperial] Imperial
} has no { $mode ->
    [space] ships
   *[surface] units with surface combat factors
} left there.

## reminders and fire steps
imp-war-start-reminder = Reminder: no system may start a war with more ships than its routine maintenance limit (6 factors per friendly outpost, 20 per friendly world; each ship uses its maintenance number); the bot checks it.
imp-fire-step-1 = Defensive fire against suicide attacks
imp-fire-step-2 = Suicide attacks (beams)
imp-fire-step-3 = Normal beam attacks
imp-fire-step-4 = Normal or short-range missile fire
imp-fire-step-5 = Time-on-target missile attacks (+1 to hit; only ships that survived steps 1–4)

## systems and ships
imp-worlds = { $count } { $count ->
    [one] world
   *[other] worlds
}
imp-outposts = { $count } { $count ->
    [one] outpost
   *[other] outposts
}
imp-homeworld = homeworld
imp-system-line = { $name }: { $owner }, { $details }, { $factors } maintenance { $factors ->
    [one] factor
   *[other] factors
}{ $ships ->
    [0] {""}
    [one] , { $ships } ship
   *[other] , { $ships } ships
}
imp-ship-type = { $type } ({ $tclass })
imp-ship-maint = maint { $n }
imp-ship-screen = screen { $n }
imp-ship-disrupted = disrupted
imp-ship-ready = ready
imp-ship-jump = jump
imp-ship-no-jump = no jump
imp-ship-strength = strength { $n }
imp-ship-carries = carries { $n }
imp-ship-line = { $side } · { $name } @ { $at }: { $details }
imp-title-ship-added = GDW Imperium — ship added
imp-title-ship-disrupted = GDW Imperium — disrupted
imp-title-ship-repaired = GDW Imperium — undisrupted
imp-title-fleet = GDW Imperium — fleet
imp-title-fleet-at = GDW Imperium — fleet at { $system }
imp-field-ships = Ships
imp-no-ships = No ships.
imp-ship-removed = { $ship } is off the roster.
imp-ship-moved = { $ship } is now at { $system }.

## status and set-up
imp-summary = GDW Imperium ({ $at_war ->
    [yes] war { $war }
   *[no] setting up war { $war }
}, { $phasing ->
    [terran] Terran
   *[imperial] Imperial
} phasing): Terran { $terran_rus } RU, { $terran_ships } { $terran_ships ->
    [one] ship
   *[other] ships
}; Imperial { $imperial_rus } RU, { $imperial_ships } { $imperial_ships ->
    [one] ship
   *[other] ships
}; { $systems } { $systems ->
    [one] system
   *[other] systems
}, { $combats } { $combats ->
    [one] combat
   *[other] combats
} in progress
imp-title-status = GDW Imperium — status
imp-field-campaign = Campaign
imp-status-side = { $side ->
    [terran] Terran
   *[imperial] Imperial
} ({ $who }): { $rus } RU, income { $income } RU, { $ships } { $ships ->
    [one] ship
   *[other] ships
}
imp-status-combat = Combat at { $system }: round { $round }, initiative { $holder ->
    [terran] Terran
    [imperial] Imperial
   *[none] —
}, range { $range }{ $surface ->
    [0] {""}
   *[other] , surface round { $surface }
}
imp-limit-problem = { $system }: { $side ->
    [terran] Terran
   *[imperial] Imperial
} ships need { $need } maintenance { $need ->
    [one] factor
   *[other] factors
}, the system gives them { $have }
imp-status-over-limit = Over the routine limit: { $problem }
imp-title-setup = GDW Imperium campaign started
imp-setup-side = { $side ->
    [terran] Terran
   *[imperial] Imperial
}: { $players }
imp-setup-first-war-worlds = First war set-up. Imperial worlds: { $worlds }.
imp-setup-first-war-outposts = Imperial outposts: { $outposts }.
imp-setup-next = Next: { COMMAND("imperium system set") } for the other systems, { COMMAND("imperium ship add") } for the fleets, then { COMMAND("imperium war") }.
imp-joined = { $member } plays { $side ->
    [terran] Terran
   *[imperial] Imperial
}.
imp-rus-set = { $side ->
    [terran] Terran
   *[imperial] Imperial
}: { $rus } RU in stock, income { $income } RU.
imp-war-begins = War { $war } begins: every system is within its routine maintenance limit. { $side ->
    [terran] Terran
   *[imperial] Imperial
} is the phasing player.
imp-phasing-set = { $side ->
    [terran] Terran
   *[imperial] Imperial
} is the phasing player.
imp-title-interwar = GDW Imperium — interwar
imp-interwar-side = { $side ->
    [terran] Terran
   *[imperial] Imperial
} +{ $income } RU (now { $rus } RU)
imp-interwar-income = Both sides receive a full turn's income: { $parts }.
imp-interwar-setup = Set up for war { $war }.

## initiative and range
imp-initiative-title = { $mode ->
    [space] Space
   *[surface] Surface
} combat at { $system }, round { $round }
imp-slowest = slowest { $unit } { $mode ->
    [space] tactical speed
   *[surface] surface speed
} { $speed }
imp-fewer-bonus = fewer non-fighter { $mode ->
    [space] ships
   *[surface] units
} +{ $bonus }
imp-held-bonus = had the initiative last round +{ $bonus }
imp-roll-mods = { $side ->
    [terran] Terran
   *[imperial] Imperial
}: { $mods }
imp-roll-line = { $side ->
    [terran] Terran
   *[imperial] Imperial
}: die { $die } + { $mods } = { $total }
imp-first-round = First round: the phasing player ({ $holder ->
    [terran] Terran
   *[imperial] Imperial
}) has the initiative, no roll.
imp-win-chance = { $side ->
    [terran] Terran
   *[imperial] Imperial
} chance to win the initiative: { $pct }
imp-tie = Tie: the initiative passes to { $holder ->
    [terran] Terran
   *[imperial] Imperial
}, who did not have it last round, and the range cannot change this round.
imp-wins = { $holder ->
    [terran] Terran
   *[imperial] Imperial
} wins the initiative.
imp-allocation = Allocation: { $other ->
    [terran] Terran
   *[imperial] Imperial
} places ships first; { $holder ->
    [terran] Terran
   *[imperial] Imperial
} matches them and declares fire types first.
imp-surface-strengths = { $side ->
    [terran] Terran
   *[imperial] Imperial
} surface strengths: { $units }
imp-surface-rules = Surface combat lasts { $rounds } { $rounds ->
    [one] round
   *[other] rounds
} or until one side has no units with surface factors; attacks use the printed missile CRT, one unit against one unit.
imp-range-note-not-holder = (the requested { $requested } was not applied: only { $holder ->
    [terran] Terran
   *[imperial] Imperial
} chooses the range)
imp-range-note-ignored = (the requested { $requested } was not applied)
imp-range-first = Range: { $range } (chosen by { $holder ->
    [terran] Terran
   *[imperial] Imperial
} for the first round){ $note }.
imp-range-tie = Range stays { $range }: locked by the tie{ $note }.
imp-range-disengaged = Range: { $holder ->
    [terran] Terran
   *[imperial] Imperial
} moves { $before } → { $after }.
imp-range-moved = Range: { $holder ->
    [terran] Terran
   *[imperial] Imperial
} { $kept ->
    [yes] keeps
   *[no] moves
} it { $before } → { $after }.
imp-range-open = Range is { $range }{ $note }; { $holder ->
    [terran] Terran
   *[imperial] Imperial
} may choose { $options } with { COMMAND("imperium range") }.
imp-disengages = { $side ->
    [terran] Terran
   *[imperial] Imperial
} disengages: jump out to { $where }: { $ships }
imp-jump-space-place = jump space (place them with { COMMAND("imperium ship move") })
imp-fighters-loaded = Fighters loaded on motherships: { $ships }
imp-left-behind = Left behind (no room or cannot jump): { $ships }
imp-title-range = GDW Imperium — range
imp-range-set = { $side ->
    [terran] Terran
   *[imperial] Imperial
} { $kept ->
    [yes] keeps
   *[no] moves
} the range at { $system }: { $before } → { $after }.

## screens and fire steps
imp-source = { $source ->
    [space-combat] space combat
   *[planetary-defence-fire] planetary defence fire
}
imp-reason-hit-twice = hit { $hits } { $hits ->
    [one] time
   *[other] times
} in one step
imp-reason-already-disrupted = already disrupted
imp-reason-weak-screen = screen { $screen }, below { $minimum }: no screen roll
imp-reason-screen-held = { $die } is below screen { $screen }
imp-reason-screen-failed = { $die } is not below screen { $screen }
imp-hit-line = { $ship }: { $result } ({ $why })
imp-hit-line-roll = { $ship }: screen { $screen }, die { $die } → { $result } ({ $why }; chance to be only disrupted: { $pct })
imp-title-screen = GDW Imperium — screen
imp-hit-from = Hit from { $source }. { $line }
imp-fire-placed = { $other ->
    [terran] Terran
   *[imperial] Imperial
} placed ships first; { $holder ->
    [terran] Terran
   *[imperial] Imperial
} matches them and declares fire types first.
imp-fire-declare = Only { $holder ->
    [terran] Terran
   *[imperial] Imperial
} (initiative) may declare suicide attacks (beams) or time-on-target attacks (missiles); { $other ->
    [terran] Terran
   *[imperial] Imperial
} may not.
imp-fire-step-line = { $n }. { $text }{ $done ->
    [yes] {" "}(done)
   *[no] {""}
}
imp-fire-howto = Roll each attack on your printed CRT; apply every step's hits (destroyed / disrupted) before the next step with { COMMAND("imperium hits") }. A ship defends in a step with the state it had at that step's start; a ship hit twice in one step is eliminated.
imp-title-fire-steps = Fire steps at { $system }, round { $round } (range { $range })
imp-no-hits = No hits.
imp-title-step = Step { $step } at { $system }: { $text }
imp-combat-end-done = The combat at { $system } has ended.

## maintenance
imp-maint-overhaul = { $name }: overhaul ({ $cost } RU) → { $after }
imp-maint-routine = { $name }: routine ({ $factors } { $factors ->
    [one] factor
   *[other] factors
}) → stays { $after }
imp-maint-frontier = { $name }: frontier, maintenance { $maintenance }, was { $before }, die { $die } → { $after } ({ $chances })
imp-fate-chance = { $fate } { $pct }
imp-title-maintenance = Maintenance at { $system }
imp-maint-factors = Routine { $used }/{ $factors } { $factors ->
    [one] factor
   *[other] factors
} used.
imp-maint-paid = { $side ->
    [terran] Terran
   *[imperial] Imperial
} pays { $rus } RU for overhauls.
imp-no-ships-here = No ships here.
imp-maint-destroyed = Destroyed and removed: { $ships }

## what a member tried (in "Only … may <action>")
imp-action-add-ships = add their ships
imp-action-remove = remove it
imp-action-disrupt = disrupt it
imp-action-repair = repair it
imp-action-move = move it
imp-action-apply-hits = apply hits
imp-action-choose-range = choose the range
imp-action-end-combat = end a combat
imp-action-roll-initiative = roll initiative
imp-action-run-maintenance = run maintenance
imp-action-set-phasing = set the phasing player
imp-action-set-rus = set RUs
imp-action-begin-war = begin the war
imp-action-end-war = end the war
imp-action-change-systems = change systems

## refusals
imp-same-member = One member cannot play both sides; pick two members.
imp-already-play = You already play { $side ->
    [terran] Terran
   *[imperial] Imperial
}.
imp-play-other = You play { $side ->
    [terran] Terran
   *[imperial] Imperial
}; a member plays one side only.
imp-give-stock-or-income = Give { OPTION("imperium rus", "stock") }, { OPTION("imperium rus", "income") } or both.
imp-whose-ship = Say whose ship it is with { OPTION("imperium ship add", "side") }:.
imp-only-side = Only { $side ->
    [terran] Terran
   *[imperial] Imperial
}'s players or the game master may { $action }.
imp-only-players = Only the campaign's players or the game master may { $action }; take a side with { COMMAND("imperium join") }.
imp-only-side-overhaul = Only { $side ->
    [terran] Terran
   *[imperial] Imperial
}'s players or the game master may spend { $side ->
    [terran] Terran
   *[imperial] Imperial
} RUs on overhauls.
imp-only-side-routine = Only { $side ->
    [terran] Terran
   *[imperial] Imperial
}'s players or the game master may choose who gets routine maintenance; leave { OPTION("maintenance", "routine") } out for the default.
imp-bad-tclass = `{ OPTION("imperium ship add", "tclass") }` must be one of: { $choices }.
imp-no-system = No system called '{ $name }'. Add it with { COMMAND("imperium system set") }.
imp-no-system-hint = No system called '{ $name }'. Did you mean { $hint }? Add it with { COMMAND("imperium system set") }.
imp-no-ship-named = No ship called '{ $name }'. See { COMMAND("imperium fleet") }.
imp-no-ship-hint = No ship called '{ $name }'. Did you mean { $hint }? See { COMMAND("imperium fleet") }.
imp-system-name-length = Give a system name of 1 to 40 characters.
imp-count-range = { $what ->
    [worlds] { OPTION("imperium system set", "worlds") }
   *[outposts] { OPTION("imperium system set", "outposts") }
} must be between 0 and 20.
imp-homeworld-needs-world = A homeworld needs at least one world: set { OPTION("imperium system set", "worlds") } too.
imp-limit-before-war = Before a war no system may hold more ships than its routine maintenance limit ({ $system }: { $side ->
    [terran] Terran
   *[imperial] Imperial
} ships need { $need } maintenance { $need ->
    [one] factor
   *[other] factors
}, the system gives them { $have }).
imp-war-already = The war has already begun; { COMMAND("imperium interwar") } ends it.
imp-war-cannot-begin = The war cannot begin: { $system }: { $side ->
    [terran] Terran
   *[imperial] Imperial
} ships need { $need } maintenance { $need ->
    [one] factor
   *[other] factors
}, the system gives them { $have }.
imp-stock-range = RU stock must be between 0 and { $most }.
imp-income-range = Income must be between 0 and { $most } RU.
imp-ship-name-length = Give the ship a name or label of 1 to 40 characters.
imp-ship-exists = There is already a ship called '{ $name }'; pick another label.
imp-type-length = Give a ship type of at most 40 characters.
imp-type-missing = Give the ship's type as its counter prints it, e.g. `missile boat` or `CR`.
imp-kit-maintenance = The fix kit gives { $kind }s maintenance number { $kit }; leave { OPTION("imperium ship add", "maintenance") } out.
imp-need-maintenance = Give the maintenance number printed on the { $type } counter ({ OPTION("imperium ship add", "maintenance") }:).
imp-maintenance-range = Maintenance number must be between 0 and 20.
imp-need-tclass = Give the tactical class ({ OPTION("imperium ship add", "tclass") }: freighter, tanker, capital, fighter, troop or other).
imp-screen-range = Screen factor must be between 0 and 6.
imp-strength-range = Strength and carrying capacity must be between 0 and 99.
imp-need-strength = Give the troops' printed strength ({ OPTION("imperium ship add", "strength") }:).
imp-already-state = { $ship } is already { $state ->
    [disrupted] disrupted
   *[ready] undisrupted
}.
imp-already-at = { $ship } is already at { $system }.
imp-no-space-combat = No space combat at { $system }: both sides need ships there (see { COMMAND("imperium fleet") }).
imp-no-surface-combat = No surface combat at { $system }: both sides need units with surface factors there.
imp-surface-no-range = Surface combat has no range; leave { OPTION("initiative", "range") } out.
imp-surface-over = Surface combat at { $system } is over: it lasts { $rounds } { $rounds ->
    [one] round
   *[other] rounds
}.
imp-disengage-round-2 = Disengage is possible from round 2; choose short or long.
imp-range-steps = From { $current ->
    [short] short
   *[long] long
} range the holder may choose { $current ->
    [short] short or long
   *[long] short or long or disengage
}.
imp-jump-elsewhere = Jump to another system than the one being left.
imp-roll-initiative-first = No space combat at { $system }: roll { COMMAND("initiative") } first.
imp-only-holder-range = Only the initiative holder ({ $side ->
    [terran] Terran
   *[imperial] Imperial
}) chooses the range.
imp-range-locked = The initiative came from a tie: the range cannot change this round.
imp-range-chosen = The range was already chosen this round.
imp-no-combat = No combat in progress at { $system }.
imp-in-jump-space = { $ship } is in jump space and cannot be hit.
imp-step-range = Fire steps are numbered 1 to 5.
imp-step-done = Step { $step } is already applied this round; steps go in order 1 to 5.
imp-not-at = { $ship } is not at { $system }.
imp-step1-target = Step 1 is fire against { $side ->
    [terran] Terran
   *[imperial] Imperial
}'s suicide attackers; { $ship } is not one.
imp-step-own-side = Only { $side ->
    [terran] Terran
   *[imperial] Imperial
} attacks in step { $step }; { $ship } is on that side.
imp-maint-not-here = { $ship } is not at { $system }; it cannot get { $what ->
    [overhaul] an overhaul
   *[routine] routine maintenance
} here.
imp-maint-twice = { $ship } is named twice for { $what ->
    [overhaul] an overhaul
   *[routine] routine maintenance
}.
imp-maint-not-owned = { $ship } can get { $what ->
    [overhaul] an overhaul
   *[routine] routine maintenance
} only in a system its side owns; { $system } is not { $side ->
    [terran] Terran
   *[imperial] Imperial
}.
imp-overhaul-needs-world = Overhauls need a friendly world; { $system } has none.
imp-overhaul-cost = The overhauls cost { $side ->
    [terran] Terran
   *[imperial] Imperial
} { $cost } RU; it has { $rus } RU.
imp-overhauled-no-routine = { $ship } is overhauled; it needs no routine maintenance.
imp-routine-too-much = Those ships need { $need } maintenance { $need ->
    [one] factor
   *[other] factors
}; { $system } gives { $factors }.
imp-no-war = No war is being fought; begin one with { COMMAND("imperium war") }.

## /campaign history (each entry shown in the reader's language)
imp-hist-list = { $a }, { $b }
imp-hist-setup = Campaign started{ $first ->
    [yes] {" "}(first war set-up)
   *[no] {""}
}
imp-hist-join = { $member } joins { $side }
imp-hist-rus = { $side } RUs: { $rus }, income { $income }
imp-hist-war = War { $war } begins
imp-hist-phasing = Phasing player: { $side }
imp-hist-interwar = Interwar income; set-up for war { $war }
imp-hist-system = System { $line }
imp-hist-ship-added = Ship added: { $ship } ({ $type }, { $side }, { $state }) at { $system }
imp-hist-ship = { $verb ->
    [remove] Ship removed
    [disrupt] Ship disrupted
    [repair] Ship repaired
   *[move] Ship moved
}: { $ship }
imp-hist-hit = Hit on { $ship }: { $result }
imp-hist-fire-step = { $system } fire step { $step }: { $n } { $n ->
    [one] ship
   *[other] ships
} hit
imp-hist-range = { $system }: range { $before } → { $after }
imp-hist-combat-end = Combat at { $system } ended
imp-hist-initiative = { $mode ->
    [space] Space
   *[surface] Surface
} combat at { $system }, round { $round }: { $side } has the initiative
imp-hist-maintenance = Maintenance at { $system }: { $n } { $n ->
    [one] ship
   *[other] ships
}, { $lost } destroyed

## what each die is labelled with in the history (stored in English)
imp-die-initiative = { $mode ->
    [space] space
   *[surface] surface
} initiative: { $side }
imp-die-screen = screen ({ $source }): { $ship }
imp-die-step = step { $step }
imp-die-frontier = frontier maintenance: { $ship }

## buttons
imp-button-next-round = Next round
imp-button-apply = Apply step { $step } hits ({ $n })
imp-button-no-hits = No hits in step { $step }
imp-hit-option = { $ship } ({ $type }): { $n } { $n ->
    [one] hit
   *[other] hits
} so far
imp-hit-pick = Step { $step }: a hit on…
imp-hit-pick-page = Step { $step }: a hit on… (ships { $first }–{ $last })
imp-buttons-stale = The combat changed since these buttons were made: nothing was changed; use the latest message or the command.
imp-button-range-short = Range: short
imp-button-range-long = Range: long
imp-button-disengage = Disengage
imp-waiting-none = No combat is going on.
imp-waiting-step = { $system }: round { $round }, fire step { $step } next.
imp-waiting-next-round = { $system }: round { $round } fired; the next round's initiative.
