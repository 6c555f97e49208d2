## Core: errors, refusals, option checks, general commands, campaign commands

refusal-nothing-changed = Nothing was changed.
db-busy = The campaign database is busy right now — nothing was changed. Try again in a moment.
db-unavailable = The campaign database is unavailable right now; nothing was changed. Try again in a moment.
db-outcome-unknown = The campaign database went away while saving this, and whether it was saved could not be checked — look at { $history } in a moment before trying again.
error-concurrency = Someone changed this campaign at the same moment — run the command again.
error-command-unknown = This command is not known any more — Discord may still be updating; retry.
error-transformer = `{ $value }` is not a valid { $kind } here.
error-missing-permissions = Only a game master may do that (Manage Channels permission needed).
error-check-failed = You may not use this command here.
error-unexpected = Something went wrong (ref { $ref }). Tell the bot's admin this reference.
button-expired = This button has expired — run the command again.
use-in-channel = Use this command in a server channel.
no-campaign = No campaign in this channel — start one with { $hint }.
no-campaign-game = No { $game } campaign in this channel — start one with { $hint }.
no-campaign-yet = No campaign in this channel — start one first (see { COMMAND("help") }).
wrong-game = This channel plays { $current }, not { $game } — use that game's commands here, or another channel for this one.
campaign-exists = This channel already runs { ARTICLE($game) } { $game } campaign — end it first with { COMMAND("campaign end") }.
campaign-changed = The history changed meanwhile — nothing was undone; try again.
campaign-ended = That campaign has ended — this button belonged to it; nothing was changed.
id-out-of-range = This request carries an id Discord never issues ({ $id }) — nothing was done.
nothing-to-undo = Nothing to undo: the campaign is as it started (use { COMMAND("campaign end") } to remove it).
undo-broken = Entry #{ $seq } cannot be undone: its stored change does not fit the campaign's state (a file edited by hand?) — nothing was changed.
not-game-master = Only the game master may do that — the member who started the campaign, an added game master, or someone with Manage Channels.
not-game-master-action = Only the game master may { $action } — the member who started the campaign, an added game master, or someone with Manage Channels.
action-end-campaign = end the campaign
action-undo-other = undo someone else's change
action-export = export the campaign
action-import = replace the campaign
action-add-gm = add game masters
action-remove-gm = remove game masters

## option checks
opt-type-3 = text
opt-type-4 = a whole number
opt-type-5 = true or false
opt-type-6 = a member
opt-type-7 = a channel
opt-type-8 = a role
opt-type-9 = a member or role
opt-type-10 = a number
opt-type-11 = an attached file
opt-wrong-type = `{ $option }` must be { $kind }.
opt-length = `{ $option }` must be { $low }–{ $high } { $high ->
    [one] character
   *[other] characters
} long (got { $got }).
opt-range = `{ $option }` must be from { $low } to { $high } (got { $got }).
opt-min = `{ $option }` must be at least { $low } (got { $got }).
opt-max = `{ $option }` must be at most { $high } (got { $got }).
opt-choices = `{ $option }` must be one of: { $allowed }.
opt-unreadable = { $command }: an option could not be read — try the command again.
opt-unknown = { $command } has no option `{ $option }` (options: { $known }).
opt-twice = { $command }: `{ $option }` was given twice.
opt-need-subcommand = { $command } needs a subcommand — pick one from the list.
opt-required = { $command } needs `{ $option }`.

## buttons
button-confirm = Confirm
button-cancel = Cancel
confirm-only-owner = Only the member who asked can answer this.
confirm-already = Already answered.
confirm-expired = This confirmation has expired — run the command again; nothing was changed.
confirm-cancelled = Cancelled — nothing changed.
pager-newer = ◀ Newer
pager-older = Older ▶

## /ping, /help
ping-reply = Pong! Gateway latency: { $ms } ms.
ping-unknown = Pong! Gateway latency: unknown yet.
help-title = Wargame table bot — commands
help-intro = One channel is one table with one campaign. Options show up as you type. Each game's line below ends with the command that shows its full reference; the rules as the bot applies them and its house rulings are in the bot's docs (`docs/`).
help-option-required = required
help-option-optional = optional
help-option-choices = — one of: { $choices }
help-game-more = Every option: { $command }
help-game-title = { $game } — command reference
help-game-footer = Page { $page } of { $pages } · rules and house rulings: { $doc }
help-page-previous = ◀ Previous
help-page-next = Next ▶
section-general = General
section-campaign = Campaign

## /campaign
## a true/false option in a history or undo line's command
option-true = True
option-false = False
campaign-status-title = { $game } campaign
campaign-status-unreadable = (the state could not be summarised)
campaign-field-waiting = Waiting for
campaign-field-started = Started
campaign-field-by = By
campaign-field-last = Last change
campaign-field-imported = Imported
campaign-imported-by = { $member }, { $when } — the entries before it are the file's record
campaign-end-nothing = No campaign in this channel — nothing to end.
campaign-end-gone = That campaign is already gone — nothing changed.
campaign-end-done = The { $game } campaign has ended and was deleted.
campaign-end-ask = End this channel's { $game } campaign? Its state and history are deleted for good.
campaign-end-button = End campaign
history-title = { $game } — history
history-empty = The history is empty.
history-page = Page { $page } of { $pages } · newest first
history-undone = (undone)
history-imported = (imported)
history-other-draws = { $count ->
    [one] 1 other random draw
   *[other] { $count } other random draws
}
undo-not-allowed = Only the game master, or the member who made the last change within 5 minutes, may undo it.
undo-done = Undid #{ $seq } by { $actor } (`{ $command }` — { $summary }). The campaign is as it was before it.
undo-ask = Undo { $actor }'s change #{ $seq } (`{ $command }` — { $summary })?
undo-button = Undo it
export-done = The { $game } campaign: its state and { $count } { $count ->
    [one] history entry
   *[other] history entries
}. Re-load it with { COMMAND("campaign import") }.
export-too-large = This campaign's file is larger than Discord lets the bot send here ({ $limit } MiB), even compressed. The bot's host can save it with `python -m bot export --channel { $channel } FILE` (docs/running.md, “Campaign files on the host”).
export-compressed = Compressed with gzip to fit Discord's limit here ({ $limit } MiB): { COMMAND("campaign import") } reads it as it is; `gunzip` opens it.
import-too-large-unpacked = The file unpacks to more than { $limit } { $limit ->
    [one] byte
   *[other] bytes
}. The bot's host can import it with `python -m bot import`.
import-too-large = The file is too large ({ $size } { $size ->
    [one] byte
   *[other] bytes
}; at most { $limit }).
import-download-failed = Could not download the file from Discord — try again.
import-ask-replace = Replace this channel's { $current } campaign with the imported { $game } campaign ({ $count } { $count ->
    [one] history entry
   *[other] history entries
})?
import-ask-start = Start this channel's campaign from the imported { $game } campaign ({ $count } { $count ->
    [one] history entry
   *[other] history entries
})?
import-done = Imported the { $game } campaign with { $count } { $count ->
    [one] history entry
   *[other] history entries
}.
import-button = Import
import-campaign-changed = This channel's campaign changed since you asked — nothing was imported; run the import again.
import-not-json = The file is not valid JSON: { $problem }
import-not-export = The file is not a campaign export from this bot.
import-invalid = The file is not valid: { $problem }
import-too-deep = The file nests deeper than { $limit } { $limit ->
    [one] level
   *[other] levels
}; a campaign export never does.
gm-bot = Bots cannot be game masters.
gm-added = { $member } is now a game master here.
gm-already = { $member } already is a game master here.
gm-creator = The member who started the campaign always is its game master.
gm-not-added = { $member } was not an added game master here.
gm-removed = { $member } is no longer a game master here.
gm-title = Game masters
gm-creator-line = { $member } (started the campaign)
gm-manage-line = …and anyone with the Manage Channels permission in this channel.
