"""Every refusal code outside the rules engine, and the people's words for each (the vocabulary
`justalllowgod.lib.refusals` refuses with; its HTTP statuses and the `Refusal` live there). This
module imports no app."""

from __future__ import annotations

from enum import StrEnum

from django.utils.translation import gettext_lazy as _


class Code(StrEnum):
    """Every refusal a page, a socket or an admin screen can give, apart from the engine's."""

    # Tables, seats and the socket (game's services and doors).
    NO_SUCH_TABLE = "no_such_table"
    BAD_CODE = "bad_code"
    TABLE_FULL = "table_full"
    ALREADY_STARTED = "already_started"
    TABLE_FINISHED = "table_finished"
    TOO_MANY_TRIES = "too_many_tries"
    TOO_MANY_TABLES = "too_many_tables"
    NO_FREE_CODE = "no_free_code"
    BAD_SEAT_COUNT = "bad_seat_count"
    SIGN_IN = "sign_in"
    CHOOSE_TAG = "choose_tag"
    FAMILY_TABLES_ONLY = "family_tables_only"
    SIGNED_OUT = "signed_out"
    RESTRICTED = "restricted"
    NOT_HOST = "not_host"
    NOT_SEATED = "not_seated"
    HELPER_SEAT = "helper_seat"
    TEAMS_NEED_FOUR = "teams_need_four"
    TOGETHER_NEEDS_TWO = "together_needs_two"
    TOGETHER_WITHOUT_TEAMS = "together_without_teams"
    UNKNOWN_VARIANT = "unknown_variant"
    DECK_NOT_READY = "deck_not_ready"
    DECK_NOT_LIVE = "deck_not_live"
    NOT_WAITING = "not_waiting"
    NOT_PLAYING = "not_playing"
    NOT_FINISHED = "not_finished"
    NOT_PUBLIC = "not_public"
    STALE_VERSION = "stale_version"
    TOO_FAST = "too_fast"
    BAD_REACTION = "bad_reaction"
    PUBLIC_TABLE = "public_table"
    HOST_LEFT = "host_left"
    NOT_A_MEMBER = "not_a_member"
    MEMBER_RESTRICTED = "member_restricted"
    # Play over days.
    NOT_OVER_DAYS = "not_over_days"
    NOT_AWAITED = "not_awaited"
    NOT_AWAY_LONG = "not_away_long"
    # Table screens and watchers.
    NO_PUBLIC_WATCHERS = "no_public_watchers"
    WATCHER_REMOVED = "watcher_removed"
    NOT_WATCHING = "not_watching"
    ALREADY_SEATED = "already_seated"
    SCREEN_OFF = "screen_off"
    NO_PUBLIC_SCREENS = "no_public_screens"
    NO_SUCH_REQUEST = "no_such_request"
    WATCHING_OFF = "watching_off"
    # A TV that pairs by a short code (/tv/).
    NO_SUCH_TV_CODE = "no_such_tv_code"
    TV_CODE_LAPSED = "tv_code_lapsed"
    TV_CODE_USED = "tv_code_used"
    TOO_MANY_TV_CODES = "too_many_tv_codes"
    # Agents.
    AGENT_REVOKED = "agent_revoked"
    AGENT_NOT_APPROVED = "agent_not_approved"
    AGENTS_NOT_ALLOWED = "agents_not_allowed"
    SEAT_TAKEN = "seat_taken"
    # Transport.
    MALFORMED_MESSAGE = "malformed_message"
    UNKNOWN_TYPE = "unknown_type"
    UNAVAILABLE = "unavailable"
    HELLO_TOO_SOON = "hello_too_soon"
    # Content's review workflow.
    NO_PERMISSION = "no_permission"
    OWN_EDIT = "own_edit"
    STALE_REVISION = "stale_revision"
    WRONG_STATUS = "wrong_status"
    NOTE_NEEDED = "note_needed"
    NOTHING_WAITING = "nothing_waiting"
    NOTHING_IN_REVIEW = "nothing_in_review"
    NO_SUCH_REVISION = "no_such_revision"
    CHOOSE_REVISION = "choose_revision"
    NO_CHANGE_WAITING = "no_change_waiting"
    NEVER_APPROVED = "never_approved"
    # Moderation.
    NOT_A_REVIEWER = "not_a_reviewer"
    REVIEWER_SWITCHED_OFF = "reviewer_switched_off"
    REVIEWER_RESTRICTED = "reviewer_restricted"
    REASON_NEEDED = "reason_needed"
    CHOOSE_DECISION = "choose_decision"
    CHOOSE_ACCOUNTS = "choose_accounts"
    ALREADY_DECIDED = "already_decided"
    BAD_SUSPENSION = "bad_suspension"
    OWN_CASE = "own_case"
    OWN_DECISION = "own_decision"
    FAMILYS_CASE = "familys_case"
    REPORTED_CASE = "reported_case"
    OWN_RULING = "own_ruling"
    CLAIMED = "claimed"
    NOT_REVERSIBLE = "not_reversible"
    ALREADY_REVERSED = "already_reversed"
    NO_APPEAL_WAITING = "no_appeal_waiting"
    NO_SUCH_NOTICE = "no_such_notice"
    NO_SUCH_DECISION = "no_such_decision"
    APPEAL_NOTE_NEEDED = "appeal_note_needed"
    ALREADY_APPEALED = "already_appealed"
    # Names reported at the table, and the reviewers' answer.
    NO_SUCH_SEAT = "no_such_seat"
    OWN_NAME = "own_name"
    NOT_A_MEMBERS_NAME = "not_a_members_name"
    ALREADY_REPORTED = "already_reported"
    TOO_MANY_REPORTS = "too_many_reports"
    REPORT_HANDLED = "report_handled"
    # A member reports how someone played (moderation/game_reports.py).
    CHOOSE_REPORT_REASON = "choose_report_reason"
    NO_GAME_YET = "no_game_yet"
    PLAY_ALREADY_REPORTED = "play_already_reported"
    # Turn notices (the settings page).
    NO_MAIL_ADDRESS = "no_mail_address"
    TOO_MANY_TEST_NOTICES = "too_many_test_notices"
    # Push notices (a browser's subscription).
    BAD_SUBSCRIPTION = "bad_subscription"
    UNKNOWN_PUSH_SERVICE = "unknown_push_service"
    SUBSCRIPTION_TAKEN = "subscription_taken"
    PUSH_OFF = "push_off"
    # Gamer tags (the settings page, choosing a first tag).
    TAG_TOO_SOON = "tag_too_soon"
    TAG_RETIRED = "tag_retired"
    TAG_TAKEN = "tag_taken"
    # A family (the Family page, a child's sign-in QR).
    NOT_A_PARENT = "not_a_parent"
    PARENT_RESTRICTED = "parent_restricted"
    NOT_YOUR_CHILD = "not_your_child"
    NOT_YOUR_DEVICE = "not_your_device"
    TOO_MANY_CHILDREN = "too_many_children"
    QR_NOT_VALID = "qr_not_valid"
    TOO_MANY_QR_TRIES = "too_many_qr_tries"
    # Guests a host lets sit (game/services/guests.py, accounts/guests.py).
    GUEST_ELSEWHERE = "guest_elsewhere"
    GUEST_WAITS_FOR_HOST = "guest_waits_for_host"
    NO_SUCH_SIT_REQUEST = "no_such_sit_request"
    UNKNOWN_LANGUAGE = "unknown_language"
    NOT_TAKING_GUESTS = "not_taking_guests"
    BAD_EMAIL = "bad_email"
    TOO_MANY_CODES = "too_many_codes"
    TOO_MANY_GUESTS = "too_many_guests"
    NOT_A_GUEST = "not_a_guest"
    EMAIL_TAKEN = "email_taken"
    WRONG_KEEP_CODE = "wrong_keep_code"
    KEEP_CODE_LAPSED = "keep_code_lapsed"
    # A class (classes/): its code, its children, its tables.
    LEADER_STARTS = "leader_starts"
    LEADER_SEATS = "leader_seats"
    NO_SUCH_CLASS = "no_such_class"
    CLASS_LOCKED = "class_locked"
    CLASS_FULL = "class_full"
    NOT_YOUR_CLASS = "not_your_class"
    NO_SUCH_PUPIL = "no_such_pupil"
    AGREEMENT_NEEDED = "agreement_needed"
    NOBODY_TO_SEAT = "nobody_to_seat"
    CLASS_STAGE = "class_stage"
    IN_A_CLASS = "in_a_class"
    CARD_NOT_VALID = "card_not_valid"
    CARD_TOO_SOON = "card_too_soon"


# The people's words for each code; a raise site may pass words that say more (which story, how long).
WORDS: dict[Code, str] = {
    Code.NO_SUCH_TABLE: _(
        "We couldn't find a table open to join with that code. Check the letters, or ask the host "
        "for the table's link."
    ),
    Code.BAD_CODE: _("A table code is four letters, like KDRT."),
    Code.TABLE_FULL: _("That table is full. Ask the host for another table, or tap Play now."),
    Code.ALREADY_STARTED: _("That game has already begun. Ask the host to start a new table."),
    Code.TABLE_FINISHED: _("That table's game is over."),
    Code.TOO_MANY_TRIES: _("Too many wrong codes. Please wait a few minutes before trying again."),
    Code.TOO_MANY_TABLES: _(
        "You have opened a lot of tables this hour. Please wait a little before opening another."
    ),
    Code.NO_FREE_CODE: _("Every table code is busy. Please try again in a moment."),
    Code.BAD_SEAT_COUNT: _("A table has four or five seats."),
    Code.SIGN_IN: _("Please sign in to play."),
    Code.CHOOSE_TAG: _("Choose a gamer tag before your first table."),
    Code.FAMILY_TABLES_ONLY: _(
        "Your family keeps you to family tables for now. Ask them to switch on Play now, "
        "or join a table by its code."
    ),
    Code.SIGNED_OUT: _("You signed out, so this table can't take moves from here. Sign in again to play."),
    Code.RESTRICTED: _("Your account can't join tables right now."),
    Code.NOT_HOST: _("Only the host can do that."),
    Code.NOT_SEATED: _("You are not seated at this table."),
    Code.HELPER_SEAT: _("Your seat is played by JagAI now."),
    Code.TEAMS_NEED_FOUR: _("Teams need four people at the table before the game can start."),
    Code.TOGETHER_NEEDS_TWO: _("Together is a game for two to five people: wait for someone to join."),
    Code.TOGETHER_WITHOUT_TEAMS: _("Together is played without teams: everyone is on one side."),
    Code.UNKNOWN_VARIANT: _("Choose the standard game, Quick or Together."),
    Code.DECK_NOT_READY: _("The deck isn't ready yet: it needs at least 8 approved stories."),
    Code.DECK_NOT_LIVE: _("That deck is not live now. Choose one of the decks offered."),
    Code.NOT_WAITING: _("This table has already started."),
    Code.NOT_PLAYING: _("There is no game being played at this table."),
    Code.NOT_FINISHED: _("The game is still being played."),
    Code.NOT_PUBLIC: _("Only public tables count down."),
    Code.STALE_VERSION: _("The table moved on before your move arrived. Here is the table as it is now."),
    Code.TOO_FAST: _("One reaction every two seconds, please."),
    Code.BAD_REACTION: _("That reaction isn't one of ours."),
    Code.PUBLIC_TABLE: _("Public tables never take anyone back."),
    Code.HOST_LEFT: _("You left this game, so you can't let anyone back in."),
    Code.NOT_A_MEMBER: _("That seat isn't a member's, so there is nobody to let back in."),
    Code.NOT_OVER_DAYS: _("Only a table that plays over days can hand a member's turn to JagAI."),
    Code.NOT_AWAITED: _("The game isn't waiting on that seat, so there is nothing to hand over."),
    Code.NOT_AWAY_LONG: _(
        "They still have time: a turn can be handed to JagAI after three days without a move."
    ),
    Code.MEMBER_RESTRICTED: _("That member's account is paused, so they can't come back to the table."),
    Code.NO_PUBLIC_WATCHERS: _(
        "Public tables can't be watched: a game among strangers stays with its players."
    ),
    Code.WATCHER_REMOVED: _("The host has asked that you don't watch this table."),
    Code.NOT_WATCHING: _("You are not watching this table."),
    Code.ALREADY_SEATED: _("You have a seat at this table: open it to play."),
    Code.SCREEN_OFF: _("This screen has been turned off."),
    Code.NO_PUBLIC_SCREENS: _(
        "A public table can't be shown on a big screen: its players are strangers to each other."
    ),
    Code.NO_SUCH_REQUEST: _("That request to watch was answered already, or it lapsed."),
    Code.WATCHING_OFF: _("The host has turned watching off at this table."),
    Code.NO_SUCH_TV_CODE: _("No TV shows that code just now. Check the six letters and numbers on the TV."),
    Code.TV_CODE_LAPSED: _("That code has lapsed: the TV shows a new one now. Type that one."),
    Code.TV_CODE_USED: _("That code has already put a table on a TV. Reload the TV's page for a new code."),
    Code.TOO_MANY_TV_CODES: _(
        "Many TV codes were asked for from here. Please wait a few minutes, then reload."
    ),
    Code.AGENT_REVOKED: _("This agent's approval or token was withdrawn."),
    Code.AGENT_NOT_APPROVED: _("This agent is not approved."),
    Code.AGENTS_NOT_ALLOWED: _("This table does not welcome agents."),
    Code.SEAT_TAKEN: _("JagAI plays this seat now."),
    Code.MALFORMED_MESSAGE: _("That message wasn't understood."),
    Code.UNKNOWN_TYPE: _("That message type isn't one we know."),
    Code.UNAVAILABLE: _("The table can't be reached for a moment. Please try again in a few seconds."),
    Code.HELLO_TOO_SOON: _("The table was sent to you a moment ago. Ask again in a few seconds."),
    Code.NO_PERMISSION: _("You don't have permission to do that."),
    Code.OWN_EDIT: _("You edited this since it was last approved, so another approver must approve it."),
    Code.STALE_REVISION: _(
        "This changed since you opened it, so nothing was done. Read it again and decide."
    ),
    Code.WRONG_STATUS: _("That step doesn't fit where this is in review just now."),
    Code.NOTE_NEEDED: _("Please write a note saying what should change."),
    Code.NOTHING_WAITING: _("Nothing here waits to be submitted."),
    Code.NOTHING_IN_REVIEW: _("Nothing here is in review."),
    Code.NO_SUCH_REVISION: _("There is no such revision."),
    Code.CHOOSE_REVISION: _("Choose the revision to go back to."),
    Code.NO_CHANGE_WAITING: _("There is no change waiting: it is approved as it is."),
    Code.NEVER_APPROVED: _("This was never approved, so there is no approved version to go back to."),
    Code.NOT_A_REVIEWER: _("Only reviewers decide cases."),
    Code.REVIEWER_SWITCHED_OFF: _("Your account is switched off, so you can't judge cases."),
    Code.REVIEWER_RESTRICTED: _(
        "Your own account is suspended or banned just now, so you can't judge cases until that is "
        "lifted. You can still read them."
    ),
    Code.REASON_NEEDED: _("Please write the reason for this decision."),
    Code.CHOOSE_DECISION: _("Please choose a decision."),
    Code.CHOOSE_ACCOUNTS: _("Please choose the accounts this decision is about."),
    Code.ALREADY_DECIDED: _("An account you chose has a decision already; reverse it there if it was wrong."),
    Code.BAD_SUSPENSION: _("A suspension lasts from 1 to 365 days."),
    Code.OWN_CASE: _("This case is about your own account, so another reviewer must judge it."),
    Code.OWN_DECISION: _("This decision is about your own account, so another reviewer must look at it."),
    Code.FAMILYS_CASE: _("This case is about someone in your family, so another reviewer must judge it."),
    Code.REPORTED_CASE: _("You reported how someone played in this game, so another reviewer must judge it."),
    Code.OWN_RULING: _("You made this decision, so another reviewer must look at it again."),
    Code.CLAIMED: _("Another reviewer has claimed this case and is judging it."),
    Code.NOT_REVERSIBLE: _("Only a warning, a suspension or a ban can be reversed."),
    Code.ALREADY_REVERSED: _("This decision has already been reversed."),
    Code.NO_APPEAL_WAITING: _("There is no appeal waiting on this decision."),
    Code.NO_SUCH_NOTICE: _("There is no such notice for you."),
    Code.NO_SUCH_DECISION: _("There is no such decision to appeal."),
    Code.APPEAL_NOTE_NEEDED: _("Please tell the reviewers why they should look again."),
    Code.ALREADY_APPEALED: _("You have already asked for a second look at this decision."),
    Code.NO_SUCH_SEAT: _("We couldn't find that seat at a table you can see."),
    Code.OWN_NAME: _("That's your own seat, so there is nothing to report."),
    Code.NOT_A_MEMBERS_NAME: _(
        "JagAI and our agents have names we gave them, so there is nothing to report."
    ),
    Code.ALREADY_REPORTED: _("You already reported this name; a reviewer will look at it."),
    Code.TOO_MANY_REPORTS: _("You have sent many reports this hour. Please wait a little before the next."),
    Code.REPORT_HANDLED: _("A reviewer has already answered this report."),
    Code.CHOOSE_REPORT_REASON: _("Please choose what went wrong."),
    Code.NO_GAME_YET: _("The game hasn't started yet, so there is nothing to report."),
    Code.PLAY_ALREADY_REPORTED: _(
        "You already reported how this player played in this game; a reviewer will look at it."
    ),
    Code.NO_MAIL_ADDRESS: _(
        "Mails need an email address you have confirmed. Add one under Email address, then try again."
    ),
    Code.TOO_MANY_TEST_NOTICES: _(
        "That's a lot of test notices for one hour. Please try again a little later."
    ),
    Code.BAD_SUBSCRIPTION: _("This browser's answer wasn't understood. Reload the page and try again."),
    Code.UNKNOWN_PUSH_SERVICE: _("This browser's push service isn't one we can send to."),
    Code.SUBSCRIPTION_TAKEN: _(
        "This browser already tells another member when it's their turn. They can stop it from their settings."
    ),
    Code.PUSH_OFF: _("Notices to this browser are switched off on this server just now."),
    Code.TAG_TOO_SOON: _("You can change your tag once every 30 days."),
    Code.TAG_RETIRED: _("That tag can't be used at our tables any more. Please choose another."),
    Code.TAG_TAKEN: _("Someone already plays as that tag. Try another."),
    Code.NOT_A_PARENT: _("Only a grown-up's account can manage a family."),
    Code.PARENT_RESTRICTED: _(
        "Family changes wait while your account is restricted. You can still end a device's session "
        "or delete an account."
    ),
    Code.NOT_YOUR_CHILD: _("That child isn't in your family."),
    Code.NOT_YOUR_DEVICE: _("That device isn't signed in as one of your children."),
    # accounts.family.MAX_CHILDREN (this module imports no app; tests/accounts/test_family.py holds them equal).
    Code.TOO_MANY_CHILDREN: _("A family can have up to 6 children's accounts."),
    Code.QR_NOT_VALID: _(
        "This sign-in QR doesn't work any more: each one works once, for 10 minutes. "
        "Ask your grown-up to show a new one."
    ),
    Code.TOO_MANY_QR_TRIES: _("Too many sign-in QRs that don't work from here. Please wait ten minutes."),
    Code.GUEST_ELSEWHERE: _(
        "A guest plays at the table their host let them sit at, and nowhere else. "
        "To play anywhere, keep your games by adding your email."
    ),
    Code.GUEST_WAITS_FOR_HOST: _("Your host starts the next game: wait for them to tap Play again."),
    Code.NO_SUCH_SIT_REQUEST: _("That request to sit was answered already, or it lapsed."),
    Code.UNKNOWN_LANGUAGE: _("That language is not one the site is written in."),
    Code.NOT_TAKING_GUESTS: _("This table isn't taking guests right now. Ask the person who invited you."),
    Code.BAD_EMAIL: _("That doesn't look like an email address. Check it and try again."),
    Code.TOO_MANY_CODES: _(
        "We've sent several codes already. Please wait a while before asking for another."
    ),
    Code.TOO_MANY_GUESTS: _("Many guests have asked to sit from here. Please wait a few minutes."),
    Code.NOT_A_GUEST: _("Only a guest's account keeps its games this way."),
    Code.EMAIL_TAKEN: _(
        "That email already has an account here. Use another email, or sign in with it after this game."
    ),
    Code.WRONG_KEEP_CODE: _("That code isn't the one we sent. Check the email and type it again."),
    Code.KEEP_CODE_LAPSED: _("That code has lapsed, or was typed wrong too often. Ask for a new one."),
    Code.LEADER_STARTS: _("Your leader starts the next game for the whole class."),
    Code.LEADER_SEATS: _("Your leader gives everyone their table: stay here until the games start."),
    Code.NO_SUCH_CLASS: _("No class is open with that code. Check the six letters and numbers on the board."),
    Code.CLASS_LOCKED: _("This class isn't taking anyone new just now. Ask your leader to open it."),
    Code.CLASS_FULL: _("This class is full. Ask your leader."),
    Code.NOT_YOUR_CLASS: _("That class isn't one you lead."),
    Code.NO_SUCH_PUPIL: _("That child isn't in this class any more."),
    Code.AGREEMENT_NEEDED: _("Please confirm that the children's parents agree before you start the class."),
    Code.NOBODY_TO_SEAT: _("Nobody has joined the class yet: make tables once the children are in."),
    Code.CLASS_STAGE: _("The class has moved on: the board shows what you can do now."),
    Code.IN_A_CLASS: _("You're in a class today: its tables are the only ones for you."),
    Code.CARD_TOO_SOON: _("That card works once the class has ended: the child is still playing with it."),
    Code.CARD_NOT_VALID: _(
        "That take-home code doesn't work: check the letters on the card. A card works for 7 days "
        "after the class, and only the newest card the leader printed."
    ),
}
