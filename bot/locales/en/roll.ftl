## /roll: dice expressions with exact odds; the Roll again and Undo buttons

section-dice = Dice
roll-title = { $who } rolls { $expression }
roll-title-label = { $who } rolls { $expression } — { $label }
roll-total = **Total: { $total }**
roll-field-odds = Exact odds of the total
roll-odds-line = **{ $total }** or better: **{ $better }** · exactly { $total }: { $exact } · mean **{ $mean }** · range { $low }–{ $high }
roll-chart-row = { $range } │{ $bar } { $percent }{ $mark }
roll-chart-mark = ◀
roll-footer-recorded = recorded in this channel's campaign history
roll-history = Rolled { $expression } = { $total }
roll-history-label = Rolled { $expression } = { $total } ({ $label })

## refusals: one line, what is wrong and an example
roll-empty = Give a dice expression, e.g. { $examples }.
roll-too-long = That expression is longer than { $limit } { $limit ->
    [one] character
   *[other] characters
} — e.g. { $examples }.
roll-syntax = Can't read the expression at character { $position } (“{ $got }”) — write it like { $examples }.
roll-syntax-end = Can't read that expression: it stops too early or has an unknown part — write it like { $examples }.
roll-no-faces = A die needs at least one face — e.g. { $examples }.
roll-too-many-faces = A die may have at most { $limit } { $limit ->
    [one] face
   *[other] faces
}.
roll-too-many-dice = At most { $limit } { $limit ->
    [one] die
   *[other] dice
} in one roll, rerolls included.
roll-unbounded = `{ $op }` can roll without end, so its exact odds can't be computed — use `ro` (reroll once) or `ra` (explode once) instead, e.g. { $examples }.
roll-set-op = `{ $op }` works on dice only; a set like `(1d6, 1d8)` takes `k` or `p`, e.g. `(1d6, 1d8)kh1`.
roll-min-max = `{ $op }` takes a plain number, like `1d20mi10` — e.g. { $examples }.
roll-divide-by-zero = That expression can divide by zero — e.g. { $examples }.
roll-too-large = Too large for exact odds (more than { $limit } { $limit ->
    [one] step
   *[other] steps
} of work) — use fewer dice or fewer faces, e.g. `100d6`, `8d6kh3`, `4d20kh1`.

## the buttons under replies
button-roll-again = Roll again
button-undo = Undo
undo-button-gone = This change can no longer be undone from here: the campaign changed since (see { COMMAND("campaign history") }).
undo-button-done = This change was already undone.
