"""One way to refuse: a `Refusal` with a stable code and words for people, nothing changed.

Every refusal code outside the rules engine is a `Code`, with its words in `WORDS` (both in
refusal_codes.py, and imported from here) and its HTTP status in `STATUS`, each said once: a raise
site names the code (and may pass words that say more), never a status. The engine names its own codes (`RuleCode`) and words in its move table, and
a refusal of the engine comes with those words and `RULE_STATUS`, so this module sits below every
app and imports none of them.
"""

from __future__ import annotations

from enum import StrEnum

from justalllowgod.lib.refusal_codes import WORDS, Code

__all__ = ["RULE_STATUS", "STATUS", "WORDS", "Code", "Refusal"]


# The HTTP status of each code, said once here and never at a raise site. A page answers with it,
# a JSON door sends it; on a socket only the code and words travel. A code that needs another
# status is another code.
_BY_STATUS: dict[int, frozenset[Code]] = {
    # The request itself is wrong: a slip, a missing choice, a shape we don't take.
    400: frozenset(
        {
            Code.BAD_SEAT_COUNT,
            Code.TOGETHER_WITHOUT_TEAMS,
            Code.UNKNOWN_VARIANT,
            Code.BAD_REACTION,
            Code.MALFORMED_MESSAGE,
            Code.UNKNOWN_TYPE,
            Code.NOTE_NEEDED,
            Code.CHOOSE_REVISION,
            Code.REASON_NEEDED,
            Code.CHOOSE_DECISION,
            Code.CHOOSE_ACCOUNTS,
            Code.BAD_SUSPENSION,
            Code.APPEAL_NOTE_NEEDED,
            Code.OWN_NAME,
            Code.NOT_A_MEMBERS_NAME,
            Code.CHOOSE_REPORT_REASON,
            Code.NO_MAIL_ADDRESS,
            Code.UNKNOWN_PUSH_SERVICE,
            # The family page's sign-in said 400 for every QR that doesn't work, unknown, used or
            # lapsed alike (telling them apart would tell a guesser which secrets were once real).
            Code.QR_NOT_VALID,
            # A mistyped code to keep a guest's games: typed again, it works.
            Code.WRONG_KEEP_CODE,
            Code.AGREEMENT_NEEDED,
            Code.BAD_EMAIL,
            # Unknown, replaced and lapsed cards alike (telling them apart would help a guesser).
            Code.CARD_NOT_VALID,
            # Too big a body was 413 at two sites and every other shape 400: a browser does the
            # same for both (reload and subscribe again), so one code keeps the one status.
            Code.BAD_SUBSCRIPTION,
            # A language the site does not offer now, for a guest the host lets sit.
            Code.UNKNOWN_LANGUAGE,
        }
    ),
    # Who you are is not known, or no longer: sign in (again) and it may work.
    401: frozenset(
        {
            # push_views.py sent 403, access.py and name_reports.py 401: "sign in" is the 401 a
            # client meets when nobody is signed in, where 403 means signing in would not help.
            Code.SIGN_IN,
            Code.SIGNED_OUT,
            Code.AGENT_REVOKED,
        }
    ),
    # Known, and not allowed to do this: signing in again would not help.
    403: frozenset(
        {
            Code.GUEST_ELSEWHERE,
            Code.NOT_A_GUEST,
            Code.IN_A_CLASS,
            Code.CHOOSE_TAG,
            Code.FAMILY_TABLES_ONLY,
            Code.RESTRICTED,
            Code.NOT_HOST,
            # The sockets passed no status (400); every page and service said 403.
            Code.NOT_SEATED,
            Code.NO_PUBLIC_WATCHERS,
            Code.WATCHER_REMOVED,
            Code.WATCHING_OFF,
            Code.NO_PUBLIC_SCREENS,
            Code.AGENT_NOT_APPROVED,
            Code.AGENTS_NOT_ALLOWED,
            Code.SEAT_TAKEN,
            Code.NO_PERMISSION,
            Code.OWN_EDIT,
            Code.NOT_A_REVIEWER,
            Code.REVIEWER_SWITCHED_OFF,
            Code.REVIEWER_RESTRICTED,
            Code.OWN_CASE,
            Code.OWN_DECISION,
            Code.FAMILYS_CASE,
            Code.REPORTED_CASE,
            Code.OWN_RULING,
            Code.NOT_A_PARENT,
            Code.PARENT_RESTRICTED,
        }
    ),
    # What was named is not there (or not for you to see).
    404: frozenset(
        {
            Code.NO_SUCH_TABLE,
            # A code of the wrong length names no table either; its only site said 404.
            Code.BAD_CODE,
            Code.NOT_WATCHING,
            Code.NO_SUCH_REQUEST,
            # pairing.py said 404 for a code no TV shows and 400 for one no TV could show (a slip):
            # to the host both are "no TV shows that code", as a table code's slip is 404.
            Code.NO_SUCH_TV_CODE,
            Code.NO_SUCH_REVISION,
            Code.NO_SUCH_NOTICE,
            Code.NO_SUCH_DECISION,
            Code.NO_SUCH_SEAT,
            # Another family's child or device answers as one that does not exist.
            Code.NOT_YOUR_CHILD,
            Code.NOT_YOUR_DEVICE,
            Code.NO_SUCH_SIT_REQUEST,
            Code.NO_SUCH_CLASS,
            # Another leader's class, or a child no longer in it, answers as one that does not exist.
            Code.NOT_YOUR_CLASS,
            Code.NO_SUCH_PUPIL,
        }
    ),
    # The thing is there, but its state does not allow this now.
    409: frozenset(
        {
            Code.TABLE_FULL,
            Code.ALREADY_STARTED,
            Code.HELPER_SEAT,
            Code.TEAMS_NEED_FOUR,
            Code.TOGETHER_NEEDS_TWO,
            Code.DECK_NOT_READY,
            Code.DECK_NOT_LIVE,
            Code.NOT_WAITING,
            Code.NOT_PLAYING,
            Code.NOT_FINISHED,
            Code.NOT_PUBLIC,
            Code.STALE_VERSION,
            Code.PUBLIC_TABLE,
            Code.HOST_LEFT,
            Code.NOT_A_MEMBER,
            Code.MEMBER_RESTRICTED,
            Code.NOT_OVER_DAYS,
            Code.NOT_AWAITED,
            Code.NOT_AWAY_LONG,
            Code.ALREADY_SEATED,
            Code.STALE_REVISION,
            Code.WRONG_STATUS,
            Code.NOTHING_WAITING,
            Code.NOTHING_IN_REVIEW,
            Code.NO_CHANGE_WAITING,
            Code.NEVER_APPROVED,
            Code.ALREADY_DECIDED,
            Code.CLAIMED,
            Code.NOT_REVERSIBLE,
            Code.ALREADY_REVERSED,
            Code.NO_APPEAL_WAITING,
            Code.ALREADY_APPEALED,
            Code.ALREADY_REPORTED,
            Code.PLAY_ALREADY_REPORTED,
            Code.NO_GAME_YET,
            Code.REPORT_HANDLED,
            Code.SUBSCRIPTION_TAKEN,
            Code.PUSH_OFF,
            Code.TAG_TOO_SOON,
            Code.TAG_RETIRED,
            Code.TAG_TAKEN,
            Code.TOO_MANY_CHILDREN,
            Code.GUEST_WAITS_FOR_HOST,
            Code.EMAIL_TAKEN,
            Code.LEADER_STARTS,
            Code.LEADER_SEATS,
            Code.NOT_TAKING_GUESTS,
            Code.CLASS_LOCKED,
            Code.CLASS_FULL,
            Code.NOBODY_TO_SEAT,
            Code.CLASS_STAGE,
            Code.CARD_TOO_SOON,
        }
    ),
    # Gone for good: asking again will never work.
    410: frozenset(
        {
            # services/tables.py said 410 when a code was typed and 409 when a seat was taken by
            # link; services/screens.py said 409. A finished game never comes back, so a client
            # should not try again: 410, as the invite page already answers for a finished table.
            Code.TABLE_FINISHED,
            Code.SCREEN_OFF,
            Code.TV_CODE_LAPSED,
            Code.TV_CODE_USED,
            Code.KEEP_CODE_LAPSED,
        }
    ),
    # Too many, too fast: wait, then try again.
    429: frozenset(
        {
            Code.TOO_MANY_TRIES,
            Code.TOO_MANY_TABLES,
            Code.TOO_FAST,
            Code.HELLO_TOO_SOON,
            Code.TOO_MANY_TV_CODES,
            Code.TOO_MANY_REPORTS,
            Code.TOO_MANY_TEST_NOTICES,
            Code.TOO_MANY_QR_TRIES,
            Code.TOO_MANY_GUESTS,
            Code.TOO_MANY_CODES,
        }
    ),
    # Our side can't do it just now: try again in a moment.
    503: frozenset(
        {
            # pairing.py said 503 and tables.py 400 (its default): no code free is our shortage,
            # not a wrong request, and the words ask to try again in a moment.
            Code.NO_FREE_CODE,
            Code.UNAVAILABLE,
        }
    ),
}
STATUS: dict[Code, int] = {code: status for status, codes in _BY_STATUS.items() for code in codes}

# An engine refusal is a well-formed move the game's state does not allow (not your turn, the game
# is over): a conflict with the state, as services/returning.py and play.py's game-over said.
RULE_STATUS = 409


class Refusal(Exception):
    """A clear refusal: nothing was changed. `message` is what people read; `status` the HTTP
    status its code declares.

    `code` is a `Code`, whose words are in WORDS (words passed in say more: which story, how long
    to wait) and status in STATUS, or the engine's own `RuleCode`, which comes with the words of
    the move it refused (`IllegalMove.words`) and RULE_STATUS: the engine's words are the engine's,
    and this module imports no app."""

    def __init__(self, code: StrEnum | str, message: str | None = None) -> None:
        if isinstance(code, Code) or code in Code._value2member_map_:
            code = Code(code)
            message = message or WORDS[code]
            status = STATUS[code]
        elif isinstance(code, StrEnum) and message:
            status = RULE_STATUS
        else:
            # A refusal nobody can put into words is a bug at the raise site, not a player's problem.
            raise ValueError(
                f"{code!r} is not a refusal code with words: add it to justalllowgod.lib.refusals.Code"
            )
        self.code = code
        # In the reader's language, made now: a code's words are lazy (gettext_lazy), and a page, a
        # JSON door or a socket sends them as plain text (a socket chooses its reader's language
        # itself: game/sockets/language.py).
        self.message = str(message)
        self.status = status
        super().__init__(f"{code}: {message}")
