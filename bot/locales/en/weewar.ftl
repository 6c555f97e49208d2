## Weewar: /battle replies and refusals. Unit and terrain names are proper names (not translated).

## The game: its title (a campaign, a refusal, /help) and what its /help reference opens with
game-weewar = Weewar
help-game-intro-weewar = `{ COMMAND("battle") }` works in any channel: one Weewar attack and its counter-strike with the published battle formula, every number explained, and both sides' exact loss odds.

## Refusals
ww-give-unit = Give a unit name, e.g. { $example }.
ww-give-terrain = Give a terrain name, e.g. { $example }.
ww-ambiguous-unit = “{ $text }” could be { $names }: give the full unit name.
ww-ambiguous-terrain = “{ $text }” could be { $names }: give the full terrain name.
ww-unknown-unit = Unknown unit “{ $text }”; did you mean { $names }?
ww-unknown-terrain = Unknown terrain “{ $text }”; did you mean { $names }?
ww-unknown-unit-all = Unknown unit “{ $text }”; units are: { $names }.
ww-unknown-terrain-all = Unknown terrain “{ $text }”; terrains are: { $names }.
ww-or-list = { $head } or { $last }
ww-gang-up-negative = `{ $option }` counts earlier attacks: give 0 or more.
ww-count-range = `{ $option }` is the number of sub units: give 1 to { $most }, not { $value }.
ww-distance-positive = `distance` is in hexes: give 1 or more, not { $value }.
ww-rules-unknown = `rules` must be published or server, not { $value }.
ww-cannot-enter = { $unit } cannot be on { $terrain }: { $unit_class } units cannot enter it (movement cost { $cost })
ww-cannot-attack = { $attacker } cannot attack { $defender }: attack 0 against { $unit_class } units
ww-out-of-range = { $unit } fires at range { $range }; distance { $distance } is out of range
ww-no-counter-attack = No counter-strike: { $unit } has attack 0 against { $unit_class } units
ww-no-counter-range = No counter-strike: { $unit } fires at range { $range }; distance { $distance } is out of range

## Unit classes: as a label, and after "against" / "for"
ww-class-hard = hard
ww-class-soft = soft
ww-class-sub = sub
ww-class-boat = boat
ww-class-amphibic = amphibic
ww-class-air = air
ww-class-speedboat = speedboat
ww-class-hard-of = hard
ww-class-soft-of = soft
ww-class-sub-of = sub
ww-class-boat-of = boat
ww-class-amphibic-of = amphibic
ww-class-air-of = air
ww-class-speedboat-of = speedboat

## The battle reply
ww-title = { $attacker } attacks { $defender }
ww-title-odds = { $attacker } attacks { $defender } — odds
ww-setup = { $attackers } { $attacker } on { $attacker_terrain } → { $defenders } { $defender } on { $defender_terrain }, distance { $distance }, { $rules } rules
ww-rules-published = published
ww-rules-server = server
ww-gang-up = Gang-up bonus B = { $bonus } ({ $breakdown })
ww-gang-up-ranged = ranged
ww-gang-up-beside = beside
ww-gang-up-opposite = opposite
ww-gang-up-flank = flank
ww-gang-up-none = no earlier attacks
ww-result = {"**"}Result:** { $attacker } { $attackers } → **{ $attackers_left }** · { $defender } { $defenders } → **{ $defenders_left }**
ww-field-attack = Attack: { $attacker } → { $defender }
ww-field-counter = Counter-strike: { $defender } → { $attacker } (counts before the battle, B = 0)
ww-field-no-counter = Counter-strike
ww-no-counter = No counter-strike
ww-field-losses = { $unit }'s losses (exact odds)
ww-terms = A { $a } ({ $striker } vs { $target_vs }) · Ta { $ta } ({ $striker_terrain }, { $striker_class }) · D { $d } ({ $target }) · Td { $td } ({ $target_terrain }, { $target_class }) · B { $b }
ww-clamped = (clamped from { $value })
ww-server-hit = ; server rule: hit if r < { $value }
ww-strike = { $dice } { $dice ->
        [one] die
       *[other] dice
    }, hits per sub unit: { $per_unit } = **{ $hits } { $hits ->
        [one] hit
       *[other] hits
    }** → { $target } loses **{ $losses } { $losses ->
        [one] sub unit
       *[other] sub units
    }** ({ $rounding })
ww-rounding = { $hits } ÷ { $per }, rounded down
ww-rounding-capped = { $hits } ÷ { $per }, rounded down, at most { $targets }
ww-chart-row = lose { $k } │{ $bar } { $percent }
ww-chart-others = { $count } other { $count ->
        [one] outcome
       *[other] outcomes
    }: { $share } together
ww-chart-summary = expected losses **{ $expected }** of { $of } · no losses { $none } · wiped out { $all }
ww-footer = Chance to destroy the { $defender }: { $destroyed } · { $attacker } takes no losses: { $unscathed }
ww-footer-recorded = recorded in this channel's campaign history

## the campaign history's line for a battle
ww-history = Weewar battle: { $attackers } { $attacker } ({ $attacker_terrain }) attacked { $defenders } { $defender } ({ $defender_terrain }) at distance { $distance }, B { $bonus }, { $rules } rules: { $defender } lost { $defender_losses }, { $counter } — { $attackers_left } { $attacker } and { $defenders_left } { $defender } left
ww-history-counter = { $attacker } lost { $losses }
ww-history-no-counter = no counter-strike
## a strike's draws in the history, labelled (stored in English)
ww-die-strike = { $striker } → { $target }

## the chain of attacks under a rolled battle
weewar-next-attack = Next attack on this defender ({ $n } left)…
weewar-next-ranged = This attack was from a distance: +1
weewar-next-beside = The next attacker stands beside this one: +1
weewar-next-opposite = The next attacker stands opposite this one: +3
weewar-next-flank = The next attacker stands on another side: +2
