"""Settings for JustAllowGod: one module, read from the environment."""

from __future__ import annotations

import os
import tempfile
from email.utils import parseaddr
from importlib.util import find_spec
from pathlib import Path

from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from justalllowgod.env import (
    env_bool,
    env_int,
    env_list,
    env_networks,
    env_str,
    mail_backend,
    parse_database_url,
    require_allowed_hosts,
    require_long_token,
    require_site_url,
    require_strong_secret,
)
from justalllowgod.log_config import logging_config

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DJANGO_DEBUG", True)

DEVELOPMENT_SECRET_KEY = "django-insecure-local-development-key-never-used-in-production"
SECRET_KEY = env_str("DJANGO_SECRET_KEY")
if not DEBUG:
    require_strong_secret("DJANGO_SECRET_KEY", SECRET_KEY, development_key=DEVELOPMENT_SECRET_KEY)
elif not SECRET_KEY:
    # Local use only: a fixed key is fine when nothing is exposed.
    SECRET_KEY = DEVELOPMENT_SECRET_KEY

# Behind one reverse proxy that we trust (deploy/): the scheme and the client address come from its
# X-Forwarded-Proto and the rightmost X-Forwarded-For entry (justalllowgod/lib/addresses.py); never
# read otherwise, since any client can send those headers.
BEHIND_PROXY = env_bool("DJANGO_BEHIND_PROXY", False)
ALLAUTH_TRUSTED_PROXY_COUNT = 1 if BEHIND_PROXY else 0
# The networks of the proxies in front of our nginx (a cloud load balancer), e.g. 10.0.0.0/8:
# their X-Forwarded-For entries are passed over to find the visitor's (justalllowgod/lib/addresses.py).
TRUSTED_PROXIES = env_networks("DJANGO_TRUSTED_PROXIES")
if TRUSTED_PROXIES and not BEHIND_PROXY:
    raise ImproperlyConfigured(
        "DJANGO_TRUSTED_PROXIES is read only behind a proxy: set DJANGO_BEHIND_PROXY=true too"
    )

# Required once debug is off: with none, Django answers 400 to every page and the site looks down.
ALLOWED_HOSTS = require_allowed_hosts(
    "DJANGO_ALLOWED_HOSTS",
    env_list("DJANGO_ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else []),
    debug=DEBUG,
)
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])
# /metrics (justalllowgod/metrics.py): only these client addresses, or a bearer token if one is set.
METRICS_ALLOWED_ADDRESSES = env_list("DJANGO_METRICS_ALLOWED_ADDRESSES", ["127.0.0.1", "::1"])
METRICS_TOKEN = require_long_token("DJANGO_METRICS_TOKEN", env_str("DJANGO_METRICS_TOKEN", ""))

INSTALLED_APPS = [
    "daphne",
    "justalllowgod.admin_site.TeamAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "allauth",
    "allauth.account",
    "allauth.mfa",
    "django.contrib.humanize",  # allauth.mfa's list of passkeys ("added 3 days ago")
    "axes",
    "csp",
    "simple_history",
    "accounts",
    "content",
    "game",
    "classes",
    "moderation",
    "notices",
    "home",
    "verses",
]

MIDDLEWARE = [
    # Probes first: never redirected, never refused for their Host header, never rate-limited.
    "justalllowgod.health.HealthMiddleware",
    # Next: it sees every page's final answer, so it can tell when a database outage is over.
    "justalllowgod.outage.OutageMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages go gzipped (static files come already packed from WhiteNoise above, which answers first).
    # Django pads each gzipped page against BREACH, and CSRF tokens are masked per response.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The reader's language: the cookie, else the browser's (accounts/language.py then puts a
    # member's own choice first, once it knows who they are).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "justalllowgod.lib.logs.AccessLogMiddleware",
    "accounts.language.MembersOwnLanguage",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "axes.middleware.AxesMiddleware",
    "game.devices.DeviceCookieMiddleware",
    # A child's session is refused account, admin and review pages; a guest's every page but its
    # table's (accounts/family_guard.py).
    "accounts.family_guard.ManagedKeepToTheTable",
    # Signed out, a child's device opens only the child's way in (accounts/kid_devices.py).
    "accounts.kid_devices.KidDevicesKeepToTheirWayIn",
]

ROOT_URLCONF = "justalllowgod.urls"
ASGI_APPLICATION = "justalllowgod.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "moderation.context_processors.notices",
            ],
        },
    },
]

# Database: a SQLite file by default; PostgreSQL (or any URL) through DATABASE_URL.
DATABASE_URL = env_str("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
# Connections are kept between requests (and checked before reuse): opening one per move was a
# large part of a move's cost in the load benchmark.
CONN_MAX_AGE = env_int("DJANGO_CONN_MAX_AGE", 600)
# psycopg's prepare_threshold on PostgreSQL (below): a number of runs, or "off".
DB_PREPARE_THRESHOLD = env_str("DJANGO_DB_PREPARE_THRESHOLD", "5")
DATABASES = {
    "default": parse_database_url(
        "DATABASE_URL",
        DATABASE_URL,
        conn_max_age=CONN_MAX_AGE,
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's PostgreSQL backend, plus a move's writes sent with its COMMIT and read-only
    # transactions ended with a COMMIT (game/store/postgresql/base.py).
    DATABASES["default"]["ENGINE"] = "game.store.postgresql"
if DATABASES["default"]["ENGINE"] == "game.store.postgresql" and find_spec("psycopg"):
    # A move's statements (game/store/moves.py) bind their parameters on the server and are
    # prepared on their connection after this many runs, so PostgreSQL stops parsing and planning
    # them (psycopg forgets them at a rollback, and prepares them again). Set it to "off" behind a
    # pooler in transaction mode that cannot keep them (PgBouncer before 1.22, or with
    # max_prepared_statements = 0). psycopg2 has no such option.
    prepare_off = (DB_PREPARE_THRESHOLD or "").lower() == "off"
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = (
        None if prepare_off else env_int("DJANGO_DB_PREPARE_THRESHOLD", 5)
    )
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers work beside one writer; IMMEDIATE takes the write lock at BEGIN so
    # two transactions never deadlock upgrading a read lock.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # Tests use a file too, so they see the same locking as production and other processes
    # (a browser test's server) can open it.
    TEST_SQLITE = env_str(
        "DJANGO_TEST_SQLITE", str(Path(tempfile.gettempdir()) / f"jag-test-{os.getpid()}.sqlite3")
    )
    DATABASES["default"]["TEST"] = {"NAME": TEST_SQLITE}

# How many database threads a server process runs its sockets' calls on (game/realtime/database.py).
# Each is one thread with its own connection, and a table's calls always take the same one. A
# PostgreSQL move spends most of its time waiting for the database (its COMMIT's flush above all),
# so one thread for a whole process queued every move behind every other; SQLite has one writer
# at a time anyway, so it keeps Channels' single database thread. Two on PostgreSQL: every lane is
# one more thread taking the process's one GIL in turn with its event loop, and at 600 tables on 2
# cores two lanes gave a lower p99 than three or four (docs/performance.md, "Issue 33, item 7").
DATABASE_LANES = env_int(
    "DJANGO_DATABASE_LANES", 2 if DATABASES["default"]["ENGINE"] == "game.store.postgresql" else 1
)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"

# Channels and caches: Redis when REDIS_URL is set, else in-process. Two caches that never mix
# (justalllowgod/lib/limits.py): `limits` holds the security counters (throttles, lockouts, open
# sockets), and `default` is the same store because allauth's rate limits use `default`; `pages`
# holds built files (the print PDFs), bounded and in each process's memory, so no flood of
# cache writes can evict a counter.
REDIS_URL = env_str("REDIS_URL")
CACHE_PREFIX = env_str("DJANGO_CACHE_PREFIX", "jag")  # the limits cache's KEY_PREFIX on Redis
if REDIS_URL:
    # channels-redis's pub/sub layer, made to carry on when Redis restarts: the reasons, and the
    # timeouts and retry it adds to each host, are in game/realtime/redis_layer.py.
    CHANNEL_LAYER_PREFIX = env_str("DJANGO_CHANNEL_LAYER_PREFIX", "asgi")
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "game.realtime.redis_layer.RedisPubSubLayer",
            # Redis pub/sub ignores the database number in REDIS_URL: two sites (or test workers)
            # on one Redis keep apart only by the prefix of their channels.
            "CONFIG": {"hosts": [{"address": REDIS_URL}], "prefix": CHANNEL_LAYER_PREFIX},
        }
    }
    LIMITS_CACHE = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": CACHE_PREFIX,
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "game.realtime.layers.SweptInMemoryChannelLayer"}}
    # One store for both aliases (a LocMemCache is shared by LOCATION); no live key is ever evicted.
    LIMITS_CACHE = {
        "BACKEND": "justalllowgod.lib.limits.CountersLocMemCache",
        "LOCATION": "jag-limits",
        "OPTIONS": {"MAX_ENTRIES": 100_000},
    }
CACHES = {
    "default": LIMITS_CACHE,
    "limits": LIMITS_CACHE,
    # A class board's tables as of each game version (classes/board.py): one process's own.
    "boards": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "jag-boards",
        "OPTIONS": {"MAX_ENTRIES": 5000},
    },
    # A handful of PDFs per deck revision and paper: 64 entries is many decks' worth.
    "pages": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "jag-pages",
        "OPTIONS": {"MAX_ENTRIES": 64},
    },
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
# Every language the site is written in (docs/languages.md), in its own name for the picker.
ALL_LANGUAGES = [("en", "English"), ("es", "Español"), ("pt", "Português")]
# The ones readers are offered: every one, once its catalogs and pages are complete (issue 42). An
# operator may offer fewer (DJANGO_OPEN_LANGUAGES=en), and a translator opens a new language on
# their own copy by naming it here before it is finished.
OPEN_LANGUAGES = env_list("DJANGO_OPEN_LANGUAGES", ["en", "es", "pt"])
LANGUAGES = [(code, name) for code, name in ALL_LANGUAGES if code == "en" or code in OPEN_LANGUAGES]
# The site's catalogs, then the words of Django and allauth that a Portuguese page shows, as Brazil
# says them (their "pt" catalogs are Portugal's; locale_brazil/pt/LC_MESSAGES/django.po says why).
LOCALE_PATHS = [BASE_DIR / "locale", BASE_DIR / "locale_brazil"]
# A visitor's choice (no account) is kept for a year on their device; a member's on their account.
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        # Hashed names, gzip copies, and module imports rewritten to the hashed names.
        else "justalllowgod.storage.HashedModulesStorage"
    },
}

# Mail: SMTP; printed to the console in development, or with debug off only when
# DJANGO_EMAIL_HOST=console says so (sign-in codes would otherwise fill the server log unasked).
EMAIL_HOST = env_str("DJANGO_EMAIL_HOST", "")
EMAIL_PORT = env_int("DJANGO_EMAIL_PORT", 587)
EMAIL_HOST_USER = env_str("DJANGO_EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("DJANGO_EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("DJANGO_EMAIL_USE_TLS", True)
EMAIL_BACKEND = mail_backend("DJANGO_EMAIL_HOST", EMAIL_HOST, debug=DEBUG)
DEFAULT_FROM_EMAIL = env_str("DJANGO_DEFAULT_FROM_EMAIL", "JustAllowGod <hello@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# Sign-in (django-allauth): email and password, gamer tags chosen afterwards.
SITE_NAME = "JustAllowGod"
# The site's public address (justalllowgod/lib/site_address.py): the root of every absolute link, on
# paper (the rules card's QR code) and in mail; never the Host a request came with. Required once
# debug is off; in development it is the address `make run` serves on.
DEVELOPMENT_SITE_URL = "http://127.0.0.1:8000"
SITE_URL = require_site_url(
    "DJANGO_SITE_URL", env_str("DJANGO_SITE_URL"), DEVELOPMENT_SITE_URL if DEBUG else None
)
if SITE_URL not in CSRF_TRUSTED_ORIGINS:
    # nginx passes $host (no port), so a form posted from https://site:8443 is trusted by name.
    CSRF_TRUSTED_ORIGINS.append(SITE_URL)
# The Print page's PDFs per client address (content/views.py): a family prints a few; a school
# behind one address a few dozen; a script asking again and again is told to wait.
PRINT_FILES_PER_ADDRESS = env_int("DJANGO_PRINT_FILES_PER_ADDRESS", 120)
PRINT_FILES_WINDOW_SECONDS = 3600
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "home"
ACCOUNT_LOGOUT_REDIRECT_URL = "home"
ACCOUNT_USER_MODEL_USERNAME_FIELD = None
ACCOUNT_LOGIN_METHODS = {"email"}
# Sign-up asks for an email only; a password is there for those who want one (once, not twice).
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1"]
ACCOUNT_UNIQUE_EMAIL = True
# Every new address proves itself by a code mailed to it (printed by `make run` in development):
# an account with no password is only as safe as that proof.
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_EMAIL_VERIFICATION_BY_CODE_ENABLED = True
ACCOUNT_LOGIN_BY_CODE_ENABLED = True
# A code is tried at most 3 times, then a new one must be asked for (allauth's own limits).
ACCOUNT_LOGIN_BY_CODE_MAX_ATTEMPTS = 3
ACCOUNT_EMAIL_VERIFICATION_BY_CODE_MAX_ATTEMPTS = 3
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_FORMS = {
    "signup": "accounts.signin_forms.EmailFirstSignupForm",
    "confirm_login_code": "accounts.signin_forms.LoginCodeForm",
    "confirm_email_verification_code": "accounts.signin_forms.SignupCodeForm",
}
ACCOUNT_SESSION_REMEMBER = True
# Failed sign-ins: per address, and per address + account (accounts/lockout.py keys it so), loose
# enough that a family who mistypes now and then is never stopped; axes locks the guesser below.
ACCOUNT_RATE_LIMITS = {
    "login_failed": "20/m/ip,20/h/key",
    "signup": "20/m/ip,100/h/ip",
    "request_login_code": "20/m/ip,3/m/key",
    "reset_password": "20/m/ip,5/m/key",
    "confirm_email": "1/3m/key",
}
ACCOUNT_SIGNUP_REDIRECT_URL = "accounts:choose_tag"
# allauth's mails link to SITE_URL and name the site, never the request's Host (accounts/mail.py);
# its failed sign-ins count per address + account (accounts/lockout.py).
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
# Before a tag is chosen, allauth's messages and mail name the member by email, never "member #2".
ACCOUNT_USER_DISPLAY = "accounts.tags.display_name"
# Passkeys (allauth.mfa's WebAuthn): sign up and sign in with the phone's own lock, no code typed.
MFA_SUPPORTED_TYPES = ["webauthn", "recovery_codes"]
MFA_PASSKEY_LOGIN_ENABLED = True
MFA_PASSKEY_SIGNUP_ENABLED = True
# Browsers allow WebAuthn on http://127.0.0.1 and localhost; fido2 must be told so in development.
MFA_WEBAUTHN_ALLOW_INSECURE_ORIGIN = DEBUG

# Every sign-in (the site's and the admin's) locks out after repeated failures, for that address and
# account only: the address is read as the rest of the site reads it (DJANGO_BEHIND_PROXY).
AXES_FAILURE_LIMIT = env_int("DJANGO_AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = 1  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_CLIENT_IP_CALLABLE = "accounts.lockout.client_address"
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False
AXES_USERNAME_CALLABLE = "accounts.lockout.login_name"
AXES_CLIENT_STR_CALLABLE = "justalllowgod.lib.logs.axes_client_str"  # no child's sign-in secret in the log
AXES_HANDLER = (
    "axes.handlers.cache.AxesCacheHandler" if REDIS_URL else "axes.handlers.database.AxesDatabaseHandler"
)
AXES_CACHE = "limits"

# Content Security Policy: nothing inline may run.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        # The web app (issue 32): its manifest and its service worker, both served from the site.
        "manifest-src": [SELF],
        "worker-src": [SELF],
    }
}

# Security: strict once debug is off (check --deploy passes with production values).
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    if BEHIND_PROXY:
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Logs: one line per request and per socket (justalllowgod/lib/logs.py), formatted as
# justalllowgod/log_config.py says: JSON lines with DJANGO_LOG_FORMAT=json.
LOG_FORMAT = env_str("DJANGO_LOG_FORMAT", "text")
if LOG_FORMAT not in ("text", "json"):
    raise ImproperlyConfigured(f"DJANGO_LOG_FORMAT must be text or json, not {LOG_FORMAT!r}")
LOG_LEVEL = env_str("DJANGO_LOG_LEVEL", "INFO")
LOGGING = logging_config(fmt=LOG_FORMAT, level=LOG_LEVEL)

# The game's clocks and limits.
GAME_PUBLIC_COUNTDOWN_SECONDS = env_int("DJANGO_GAME_PUBLIC_COUNTDOWN_SECONDS", 60)
GAME_MOVE_SECONDS = env_int("DJANGO_GAME_MOVE_SECONDS", 60)
GAME_CLOCK_IN_PROCESS = env_bool("DJANGO_GAME_CLOCK_IN_PROCESS", True)
GAME_CLOCK_INTERVAL_SECONDS = 1.0
# `run_clock` serves its own /metrics on 127.0.0.1 at this port (0: any free port; -1: none).
GAME_CLOCK_METRICS_PORT = env_int("DJANGO_GAME_CLOCK_METRICS_PORT", 8090)
# Test-only: a fixed seed makes every deal the same (never set in production).
GAME_FIXED_SEED = env_int("DJANGO_GAME_FIXED_SEED", 0) or None
# Wrong table codes (game/services/access.py): per member or agent, and a far higher ceiling per address.
GAME_JOIN_FAILURE_LIMIT = 10
GAME_JOIN_FAILURE_ADDRESS_LIMIT = 100
GAME_JOIN_FAILURE_WINDOW_SECONDS = 600
# Table screens (game/services/screens.py): unknown big-screen secrets one address may send in the
# window above, and how long a finished game's screen keeps its podium up for Play again.
GAME_SCREEN_GUESS_LIMIT = 10
GAME_SCREEN_AFTER_END_SECONDS = 600
# A request to watch a private table by its code waits this long for the host's yes (watching.py).
GAME_WATCH_ASK_SECONDS = 300
GAME_TABLES_PER_HOUR = 30
GAME_REACTION_INTERVAL_SECONDS = 2

# Play over days (issue 32): a table with no move for GAME_IDLE_END_DAYS ends early (R23), its
# members told GAME_IDLE_WARN_DAYS before; the host may hand a member's turn to JagAI after
# GAME_HAND_OVER_DAYS without a move (R28's way; R40 lets them back).
GAME_IDLE_END_DAYS = 14
GAME_IDLE_WARN_DAYS = 2
GAME_HAND_OVER_DAYS = 3
# A table socket counts its member as present this long after its last ping (pings come every 10 s).
PRESENCE_SECONDS = 45
# Turn notices: a turn is told once it has waited this long (a member who moves at once is not told),
# the clock looks for them every NOTICES_SWEEP_SECONDS, and a "Your turn" nudge reaches a member
# at most once per NOTICES_NUDGE_SECONDS per table.
NOTICES_TURN_GRACE_SECONDS = env_int("DJANGO_NOTICES_TURN_GRACE_SECONDS", 60)
NOTICES_SWEEP_SECONDS = 15
NOTICES_NUDGE_SECONDS = 3600
WS_MAX_MESSAGE_BYTES = 4096
WS_MAX_MESSAGES_PER_SECOND = 20
WS_MAX_SOCKETS_PER_MEMBER = 10
# Issue 28: a budget shared by all of a member's (or an agent's) sockets, frames waiting per
# socket, sockets per agent token (the oldest closes with 4409), one hello per socket this often.
WS_MAX_MESSAGES_PER_MEMBER_PER_SECOND = 30
WS_MAX_QUEUED_FRAMES = 20
WS_MAX_SOCKETS_PER_AGENT = 4
WS_HELLO_SECONDS = 5
# Review of #28: new sockets (each brings a full welcome) per member or agent token in a window;
# more are closed with 4429. A family reloading pages, or ten tabs coming back, stays far below.
WS_MAX_CONNECTS = 12
WS_CONNECT_WINDOW_SECONDS = 20
GAME_AGENT_SECONDS = 10
# Benchmark only (`make bench`): a bare echo socket at /ws/bench/echo/ measures the transport floor.
# Off by default and never set in production.
BENCH_ECHO = env_bool("DJANGO_BENCH_ECHO", False)

# Moderation (issue 7): when play looks faster than a person can tap. Flags only; people decide.
MODERATION_TOO_FAST_MS = env_int("DJANGO_MODERATION_TOO_FAST_MS", 300)
MODERATION_TOO_FAST_COUNT = env_int("DJANGO_MODERATION_TOO_FAST_COUNT", 5)
# Reports of a name or of how someone played (moderation/reporting.py): how many one member may send
# in an hour, both kinds together.
MODERATION_REPORTS_PER_HOUR = 10

# Web Push (issue 32, notices/push.py): the VAPID key pair that signs every push, base64url (the
# private key's raw 32 bytes; the public key as browsers take applicationServerKey; worked out from
# the private one when not set). `manage.py make_vapid_keys` prints a pair. With none set (None), the
# embedded default makes one the first time a push needs it and keeps it in WEBPUSH_VAPID_KEY_FILE,
# beside its SQLite file, so subscriptions survive restarts; a server with DATABASE_URL has push off.
WEBPUSH_VAPID_PRIVATE_KEY = env_str("DJANGO_WEBPUSH_VAPID_PRIVATE_KEY") or None
WEBPUSH_VAPID_PUBLIC_KEY = env_str("DJANGO_WEBPUSH_VAPID_PUBLIC_KEY", "")
WEBPUSH_VAPID_KEY_FILE = None if env_str("DATABASE_URL") else BASE_DIR / "vapid-keys.json"
# Whom a push service may write to about our pushes (a mailto: or https: address).
WEBPUSH_VAPID_SUBJECT = (
    env_str("DJANGO_WEBPUSH_VAPID_SUBJECT", "") or f"mailto:{parseaddr(DEFAULT_FROM_EMAIL)[1]}"
)
# Push service hosts beyond the browsers' own (notices/push_subscriptions.py), plain http allowed:
# tests only, for their loopback push service. Never set in production: the server posts to them.
WEBPUSH_EXTRA_HOSTS: list[str] = []
