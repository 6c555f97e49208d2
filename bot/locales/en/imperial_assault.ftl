## Imperial Assault: every reply of /ia and /deploy-roll
## Group names stay as printed on the cards; tiers stay I, II, III.

## The game: its title (a campaign, a refusal, /help) and what its /help reference opens with
game-imperial_assault = Imperial Assault
help-game-intro-imperial_assault = The bot plays the Empire as the Imperial Commander app does: deployment hand, the end-of-round deployment event, threat, activations, adaptive difficulty. One channel plays one mission.

ia-yes = yes
ia-no = no
ia-none = none
ia-figures = { $n ->
    [one] { $n } figure
   *[other] { $n } figures
}

## difficulty and deployment-event names
ia-difficulty-easy = Easy
ia-difficulty-medium = Medium
ia-difficulty-hard = Hard
ia-band-calm = Calm
ia-band-reinforcements = Reinforcements
ia-band-landing = Landing
ia-band-onslaught = Onslaught

## game-master actions ("Only the game master may …")
ia-action-deploy = deploy a group by hand
ia-action-threat = change threat by hand
ia-action-hand = see the deployment hand

## refusals
ia-unknown-group-id = Unknown deployment group id '{ $id }'.
ia-threat-level-min = Threat level must be at least { $low }.
ia-threat-level-range = Threat level must be from { $low } to { $high } (the mission sheet gives it).
ia-negative-start-threat = Starting threat cannot be negative; use 0 or more.
ia-bad-difficulty = Difficulty must be easy, medium or hard.
ia-name-a = Name a { $what ->
    [villain] villain
    [deployed] deployed group
   *[deploy] group to deploy
}.
ia-ambiguous = '{ $query }' is ambiguous: pick one of { $options }.
ia-none-to-choose = There is no { $what ->
    [villain] villain
    [deployed] deployed group
   *[deploy] group to deploy
} to choose from.
ia-no-such = No { $what ->
    [villain] villain
    [deployed] deployed group
   *[deploy] group to deploy
} called '{ $query }'; try { $hints }.
ia-unknown-expansion = Unknown expansion '{ $name }'; use some of: { $valid }.
ia-unknown-expansion-hint = Unknown expansion '{ $name }'; did you mean { $near }?
ia-villain-expansion = { $name } comes with { $expansion }; add it to the expansions.
ia-none-deployed = No Imperial group is deployed; deploy one with { COMMAND("ia deploy") } first.
ia-all-activated = Every Imperial group has already activated; end the round with { COMMAND("deploy-roll") }.
ia-bad-count = { $group } has { $left ->
    [one] { $left } figure
   *[other] { $left } figures
} left; give a count from 1 to { $left }.
ia-already-deployed = { $group } is already deployed.
ia-not-owned = { $name } comes with { $expansion }, which this mission does not own.
ia-zero-threat = Give a non-zero amount, e.g. 3 or -2.

## /ia setup and /ia hand
ia-draw-tier = Tier { $tier }: { $names }
ia-draw-tier-short = Tier { $tier }: { $names } (wanted { $wanted }, only { $available } available)
ia-draw-villain-added = Earned villain { $group }: 50 % roll, added to the hand
ia-draw-villain-out = Earned villain { $group }: 50 % roll, not this mission
ia-setup-title = Imperial Assault: the Empire is ready
ia-setup-summary = Difficulty **{ $difficulty }** · threat level **{ $level }** · threat **{ $threat }** · DM **{ $dm }**
ia-setup-expansions = Expansions: { $list }
ia-setup-adaptive-on = Adaptive difficulty: on
ia-setup-adaptive-off = Adaptive difficulty: off
ia-setup-hand = The Empire holds a deployment hand of **{ $n }** { $n ->
    [one] card
   *[other] cards
} (the game master sees it with { COMMAND("ia hand") }).
ia-setup-short-tier = Tier { $tier } had too few groups: wanted { $wanted }, only { $available } available.
ia-setup-villains = Earned villains rolled for (50 % each): { $names } — results are secret.
ia-setup-footer = End each round with { COMMAND("deploy-roll") } · Imperial activations with { COMMAND("ia activate") }
ia-hand-title = Imperial Assault: deployment hand (game master only)
ia-hand-empty = The deployment hand is empty.
ia-hand-card = • { $group }: tier { $tier }, cost { $cost }, { $figures }, priority { $priority }
ia-hand-card-villain = • { $group } (villain): tier { $tier }, cost { $cost }, { $figures }, priority { $priority }
ia-hand-how = How it was drawn

## /deploy-roll
ia-roll-title = End of round { $round }: { $band }
ia-roll-field = Deployment event
ia-roll-dice = 2D6 **{ $a } + { $b }** { $sign } DM { $dm } = **{ $total }** → { $band }
ia-inc-level = threat level
ia-inc-level-plus = threat level + { $extra }
ia-inc-scaled = { $base }: { $raw } × { $factor }, rounded
ia-roll-threat = Threat +{ $inc } ({ $why }): { $before } → { $after }
ia-roll-calm = Calm: no deployment.
ia-cost = cost { $cost }
ia-cost-reinforce-discount = cost { $cost } ({ $base } − { $discount } Onslaught discount, minimum 1)
ia-reinforced = Reinforced **{ $group }**: { $before } → { $after } { $after ->
    [one] figure
   *[other] figures
}, { $why }, picked from { $options }; threat { $threat_before } → { $threat_after }
ia-roll-all-full = No deployed group is below full strength: nothing to reinforce.
ia-roll-no-reinforce = No reinforcement affordable with { $threat } threat.
ia-deploy-why = tier { $tier }, cost { $cost }
ia-deploy-why-discount = tier { $tier }, cost { $cost } ({ $base } − { $discount } Onslaught discount)
ia-deploy-why-fuzzy = { $why }, **fuzzy deployment**: { $short } threat short, threat set to 0
ia-threat-change = threat { $before } → { $after }
ia-swap-downgrade = Easy: 15 % chance to downgrade to { $group }: { $happened }
ia-swap-upgrade = Hard: 15 % chance to upgrade to { $group }: { $happened }
ia-deployed = Deployed **{ $group }** ({ $size }): { $why }; { $options }; { $threat }
ia-deployed-swap-roll = Deployed **{ $group }** ({ $size }): { $why }; { $options }; { $threat }; { $swap }
ia-deployed-swapped = Drew { $card } ({ $why }; { $options }); { $swap } → deployed **{ $group }** ({ $size }) for the same cost, no refund; { $card } goes back to the hand; { $threat }
ia-pick-low = 1 of { $n } tier I/II { $n ->
    [one] candidate
   *[other] candidates
}, chance { $odds }
ia-pick-high = 1 of { $n } tier III { $n ->
    [one] candidate
   *[other] candidates
}, chance { $odds }
ia-pick-coin-low = 50/50 coin between the tier I/II candidates ({ $low }) and the tier III ones ({ $high }) fell to tier I/II, then 1 of { $n }, chance { $odds }
ia-pick-coin-high = 50/50 coin between the tier I/II candidates ({ $low }) and the tier III ones ({ $high }) fell to tier III, then 1 of { $n }, chance { $odds }
ia-roll-hand-empty = The deployment hand is empty; { $threat } threat carries over.
ia-roll-nothing = Nothing affordable; { $threat } threat carries over.
ia-roll-nothing-else = Nothing else affordable; { $threat } threat carries over.
ia-roll-footer = Threat { $threat } · DM { $dm_before } → { $dm_after } · round { $next } begins, every Imperial group is ready

## /ia activate
ia-act-title = Activate { $group }
ia-act-picked = picked from { $n } ready { $n ->
    [one] group
   *[other] groups
}
ia-act-roll = { $chance } roll for priority 1 ({ $p1 } ready) over priority 2 ({ $p2 } ready): { $happened }; { $pool }
ia-act-pool-priority-1 = picked from { $n } priority-1 { $n ->
    [one] group
   *[other] groups
}
ia-act-pool-all = picked from all { $n } ready { $n ->
    [one] group
   *[other] groups
}
ia-act-priority = Priority { $priority } · { $why } · chance { $odds }
ia-act-no-bonus = Easy: **no bonus effect** this activation (25 % roll).
ia-act-bonus = Easy: bonus effects apply (the 25 % no-bonus roll failed).
ia-act-no-bonus-effects = Easy: no 25 % no-bonus roll, as this group has no bonus effects.
ia-act-all-done = Every Imperial group has now activated this round.
ia-act-remaining = { $n } Imperial { $n ->
    [one] group
   *[other] groups
} still to activate this round.

## /ia defeat, /ia figure-lost
ia-defeat-title = { $group } defeated
ia-defeated = **{ $group }** is defeated.
ia-fame = Fame +{ $gained } (original cost) → { $after }.
ia-reimbursed = Threat +{ $amount } reimbursement: { $before } → { $after }.
ia-reimbursed-scaled = Threat +{ $amount } reimbursement ({ $base } scaled by difficulty): { $before } → { $after }.
ia-new-award = **New { $n ->
    [one] award
   *[other] awards
}!** The Rebels now have { $total } { $total ->
    [one] award
   *[other] awards
}.
ia-back-to-hand = The group goes back into the deployment hand.
ia-loss-title = { $group } loses { $figures }
ia-loss-left = { $left } of { $size } left.

## /ia deploy, /ia threat
ia-manual-title = Mission deployment: { $group }
ia-manual-from-hand = { $figures } from the deployment hand; no threat paid. It is ready to activate.
ia-manual-from-pool = { $figures } from the pool; no threat paid. It is ready to activate.
ia-threat-by-hand = Threat { $before } → **{ $after }** ({ $amount } by hand).
ia-threat-by-hand-clamped = Threat { $before } → **{ $after }** ({ $amount } by hand, stopped at 0).

## /ia status
ia-status-title = Imperial Assault: the Empire
ia-status-summary = Round **{ $round }** · threat **{ $threat }** (threat level { $level }) · DM **{ $dm }** · { $difficulty }
ia-status-summary-adaptive = Round **{ $round }** · threat **{ $threat }** (threat level { $level }) · DM **{ $dm }** · { $difficulty } · adaptive difficulty
ia-status-odds = Next deployment event: { $odds }
ia-status-odd = { $band } { $percent }
ia-status-deployed = Deployed groups
ia-status-group-ready = • { $group }: { $figures }/{ $size } figures, priority { $priority }, ready, chance to activate next { $odds }
ia-status-next-roll = Next activation: a { $chance } roll for priority 1 ({ $p1 } ready) over priority 2 ({ $p2 } ready); on a failed roll, a pick among all { $n } ready { $n ->
    [one] group
   *[other] groups
}.
ia-status-group-activated = • { $group }: { $figures }/{ $size } figures, priority { $priority }, ✔ activated
ia-status-fame-field = Fame and awards
ia-status-fame = Fame { $fame } · awards { $awards }
ia-status-defeated = Defeated
ia-status-footer = Cards in the deployment hand: { $n }

## one line for /campaign status
ia-summary = Imperial Assault · round { $round } · threat { $threat } (level { $level }) · DM { $dm } · { $difficulty } · { $groups ->
    [one] 1 group deployed
   *[other] { $groups } groups deployed
}
ia-summary-adaptive = { $line } · fame { $fame }, { $awards ->
    [one] 1 award
   *[other] { $awards } awards
}

## the draws of each command, as the history keeps them (written out in English where stored)
ia-die-hand-tier = hand tier { $tier }
ia-die-villain = villain { $group }
ia-die-event = deployment event
ia-die-reinforce = reinforce
ia-die-deploy-coin = deploy: tier I/II (else tier III)
ia-die-deploy = deploy
ia-die-swap = { $kind ->
    [downgrade] downgrade
   *[upgrade] upgrade
} { $group }
ia-die-swap-target = { $kind ->
    [downgrade] downgrade
   *[upgrade] upgrade
} target
ia-die-priority = priority 1 activation
ia-die-activation = activation
ia-die-no-bonus = easy: no bonus effect

## /campaign history (each entry shown in the reader's language)
ia-hist-setup = Imperial Assault mission started: { $difficulty }, threat level { $level }, { $expansions }, hand of { $hand }
ia-hist-roll = Round { $round }: { $band } ({ $a }+{ $b }{ $dm } = { $total }){ $steps } — threat { $before }→{ $after }, DM { $dmafter }
ia-hist-join = { $a }{ $b }
ia-hist-none = {""}
ia-hist-reinforced = {" "}— reinforced { $group }
ia-hist-deployed = {" "}— deployed { $group }{ $fuzzy ->
    [yes] {" "}(fuzzy)
   *[no] {""}
}
ia-hist-activated = Round { $round }: activated { $group }
ia-hist-defeated = Round { $round }: { $group } defeated
ia-hist-lost = Round { $round }: { $group } lost { $count } { $count ->
    [one] figure
   *[other] figures
}{ $defeated ->
    [yes] {" "}and is defeated
   *[no] {""}
}
ia-hist-manual = Round { $round }: mission deployed { $group }
ia-hist-threat = Round { $round }: threat { $before }→{ $after } by hand

## buttons
ia-button-activate = Activate next
ia-button-end-round = End round
ia-select-defeated = Defeated…
ia-select-figure-lost = Figure lost…
ia-select-defeated-page = Defeated… (groups { $first }–{ $last })
ia-select-figure-lost-page = Figure lost… (groups { $first }–{ $last })
ia-select-group = { $group } ({ $n } { $n ->
    [one] figure
   *[other] figures
})
ia-round-passed = Round { $round } has ended; it is round { $now } now. Nothing was changed.
ia-waiting-activate = Round { $round }: { $n } deployed { $n ->
    [one] group
   *[other] groups
} still to activate.
ia-waiting-end-round = Round { $round }: every group has activated; the deployment event ends the round.
