"""Pure game rules: no Discord, no database, no I/O beyond reading the shipped tables, no global
random. Functions take state + inputs + a :class:`bot.rules.dice.Dice` and return new state and
a record of what happened."""
