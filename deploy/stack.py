#!/usr/bin/env python3
"""The production stack on one machine, in the foreground: `make stack` (or `python deploy/stack.py`).

nginx terminates TLS (a self-signed certificate made here) on loopback and passes pages and sockets
to N daphne processes; `manage.py run_clock` fires the clocks; PostgreSQL and Redis are the real
services: DATABASE_URL and REDIS_URL when set, else throwaway ones started here. The settings are
production's (DJANGO_DEBUG=false, DJANGO_BEHIND_PROXY=true). Ctrl-C stops everything it started, by
process id.

`python deploy/stack.py nginx-conf ...` prints the nginx site file for a real server instead: the
full one once certbot's certificate for the name exists, else one on plain http that passes
`nginx -t` and answers certbot's challenge (docs/operations.md, step 7).
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import signal
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import bench.servers  # noqa: E402
from bench.servers import (  # noqa: E402
    LOOPBACK,
    Server,
    Services,
    free_port,
    log,
    run_checked,
    start_server,
    stop,
    wait_for_port,
)

DEPLOY = ROOT / "deploy"
LETSENCRYPT_LIVE = "/etc/letsencrypt/live"
ACME_ROOT = "/var/www/letsencrypt"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
PROXY_ADDRESS = "127.0.0.2"
# Where a real server's nginx writes (Debian's logrotate rotates them): each of the site's lines
# with its secrets masked (deploy/nginx/private-logs.conf).
NGINX_ACCESS_LOG = "/var/log/nginx/access.log"
NGINX_ERROR_LOG = "/var/log/nginx/error.log"


def fill(template: str, values: dict[str, str]) -> str:
    """Replace every @@NAME@@; a placeholder left over is a mistake in this script."""
    for name, value in values.items():
        template = template.replace(f"@@{name}@@", value)
    leftover = [line for line in template.splitlines() if "@@" in line and not line.lstrip().startswith("#")]
    if leftover:
        raise RuntimeError(f"unfilled placeholders: {leftover}")
    return template


def site_conf(
    *,
    upstreams: list[str],
    server_name: str,
    https_listen: str,
    http_listen: str,
    certificate: str,
    certificate_key: str,
    static_root: str,
    pin: bool,
    proxy_bind: str = "",
    acme_root: str = ACME_ROOT,
    access_log: str = NGINX_ACCESS_LOG,
    error_log: str = NGINX_ERROR_LOG,
) -> str:
    """The nginx site file (deploy/nginx/justallowgod.conf filled in)."""
    pinned = pin_map = ""
    if pin:
        # One upstream per process, chosen by the jag_process cookie (1, 2, ...): tests pin a
        # browser to a process with it. Every process serves everyone, so nothing else changes.
        pinned = "".join(
            f"upstream jag_daphne_{n} {{\n    server {address};\n}}\n"
            for n, address in enumerate(upstreams, 1)
        )
        pin_map = "\n".join(f'    "{n}" jag_daphne_{n};' for n in range(1, len(upstreams) + 1))
    port = https_listen.rsplit(":", 1)[-1].split()[0]
    return fill(
        (DEPLOY / "nginx" / "justallowgod.conf").read_text(),
        {
            "SERVERS": "\n".join(f"    server {address};" for address in upstreams),
            "PINNED": pinned,
            "PIN_MAP": pin_map,
            "SERVER_NAME": server_name,
            "HTTPS_LISTEN": https_listen,
            "HTTP_LISTEN": http_listen,
            "HTTPS_SUFFIX": "" if port == "443" else f":{port}",
            "CERTIFICATE": certificate,
            "CERTIFICATE_KEY": certificate_key,
            "STATIC_ROOT": static_root,
            "PROXY_BIND": f"    proxy_bind {proxy_bind};" if proxy_bind else "",
            "ACME_ROOT": acme_root,
            **private_logs(access_log, error_log),
        },
    )


def private_logs(access_log: str, error_log: str) -> dict[str, str]:
    """The log format that masks secrets in paths, and where each server of the site logs."""
    return {
        "PRIVATE_LOGS": (DEPLOY / "nginx" / "private-logs.conf").read_text().rstrip("\n"),
        "ACCESS_LOG": access_log,
        "ERROR_LOG": error_log,
    }


def site_conf_before_tls(
    *,
    server_name: str,
    http_listen: str,
    acme_root: str,
    access_log: str = NGINX_ACCESS_LOG,
    error_log: str = NGINX_ERROR_LOG,
) -> str:
    """The site file before a certificate exists: http only, for certbot's challenge."""
    return fill(
        (DEPLOY / "nginx" / "justallowgod-before-tls.conf").read_text(),
        {
            "SERVER_NAME": server_name,
            "HTTP_LISTEN": http_listen,
            "ACME_ROOT": acme_root,
            **private_logs(access_log, error_log),
        },
    )


def self_signed_certificate(workdir: Path) -> tuple[Path, Path]:
    """A certificate for localhost and 127.0.0.1, good for a week, made with Debian's openssl."""
    certificate, key = workdir / "tls.crt", workdir / "tls.key"
    run_checked(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "7",
         "-subj", "/CN=localhost", "-addext", f"subjectAltName=DNS:localhost,IP:{LOOPBACK}",
         "-keyout", str(key), "-out", str(certificate)],
        dict(os.environ),
        "openssl",
    )  # fmt: skip
    return certificate, key


def site_environment(services: Services, https_port: int) -> dict[str, str]:
    """Production settings on loopback; anything already set in the environment wins."""
    origins = f"https://{LOOPBACK}:{https_port},https://localhost:{https_port}"
    wanted = {
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": f"{LOOPBACK},localhost",
        "DJANGO_CSRF_TRUSTED_ORIGINS": origins,
        # Every absolute link (the rules card's QR code, mails) is built on this, never on Host.
        "DJANGO_SITE_URL": f"https://{LOOPBACK}:{https_port}",
        "DJANGO_BEHIND_PROXY": "true",
        # A throwaway stack on loopback: mail (sign-in codes) goes to its log, asked for by name.
        "DJANGO_EMAIL_HOST": "console",
        # As in production: `run_clock` fires the clocks, not the server processes.
        "DJANGO_GAME_CLOCK_IN_PROCESS": "false",
    }
    env = {**wanted, **os.environ}
    env["DATABASE_URL"], env["REDIS_URL"] = services.database_url, services.redis_url
    return env


@dataclass
class Stack:
    """Everything one run started, to stop in reverse order."""

    workdir: Path
    https_port: int
    http_port: int
    services: Services
    servers: list[Server] = field(default_factory=list)
    others: list[subprocess.Popen] = field(default_factory=list)
    clock_metrics_port: int = 0
    env: dict[str, str] = field(default_factory=dict)
    # daphne processes stopped on purpose (by number, 1...), to start again (`rehearse`).
    stopped: set[int] = field(default_factory=set)

    @property
    def url(self) -> str:
        return f"https://{LOOPBACK}:{self.https_port}/"

    def stop(self) -> None:
        for process in reversed(self.others):
            stop(process)
        for server in self.servers:
            stop(server.process)
        self.services.stop()


def write_env_file(path: Path, env: dict[str, str]) -> None:
    """The site's settings, to run manage.py against this stack: `set -a; . WORKDIR/env; set +a`."""
    names = sorted(k for k in env if k.startswith(("DJANGO_", "GAME_")) or k in ("DATABASE_URL", "REDIS_URL"))
    path.touch(mode=0o600)
    path.write_text("".join(f"{name}='{env[name]}'\n" for name in names))


def prepare_site(env: dict[str, str]) -> None:
    """What an upgrade runs too: migrations, static files, the default deck."""
    python = sys.executable
    run_checked([python, "manage.py", "migrate", "--noinput"], env, "migrate")
    run_checked([python, "manage.py", "collectstatic", "--noinput", "-v0"], env, "collectstatic")
    run_checked([python, "manage.py", "load_default_deck"], env, "load_default_deck")
    run_checked([python, "manage.py", "check", "--deploy", "--fail-level", "WARNING"], env, "check --deploy")


def start_nginx(stack: Stack) -> subprocess.Popen:
    workdir = stack.workdir
    certificate, key = self_signed_certificate(workdir)
    (workdir / "nginx-temp").mkdir(exist_ok=True)
    site = site_conf(
        upstreams=[f"{LOOPBACK}:{server.port}" for server in stack.servers],
        server_name=f"{LOOPBACK} localhost",
        https_listen=f"{LOOPBACK}:{stack.https_port}",
        http_listen=f"{LOOPBACK}:{stack.http_port}",
        certificate=str(certificate),
        certificate_key=str(key),
        static_root=str(ROOT / "staticfiles"),
        pin=True,
        acme_root=str(workdir / "acme"),
        # nginx reaches daphne from another loopback address than the browser's (127.0.0.1), so
        # the site can be seen to take the client's address from X-Forwarded-For, not the socket.
        proxy_bind=PROXY_ADDRESS,
        access_log=str(workdir / "nginx-access.log"),
        error_log=str(workdir / "nginx-error.log"),
    )
    (workdir / "justallowgod.conf").write_text(site)
    # As root, nginx's workers would drop to nobody and could not read this folder; keep them as us.
    user = "user root root;" if os.geteuid() == 0 else ""
    main = fill((DEPLOY / "nginx" / "stack-main.conf").read_text(), {"WORKDIR": str(workdir), "USER": user})
    (workdir / "nginx.conf").write_text(main)
    command = [
        NGINX,
        "-p",
        str(workdir),
        "-e",
        str(workdir / "nginx-error.log"),
        "-c",
        str(workdir / "nginx.conf"),
    ]
    run_checked([*command, "-t", "-q"], dict(os.environ), "nginx -t")
    process = subprocess.Popen([*command, "-g", "daemon off;"], cwd=workdir)  # noqa: S603
    wait_for_port(stack.https_port, 20, process)
    log(
        f"nginx on https://{LOOPBACK}:{stack.https_port} and http://{LOOPBACK}:{stack.http_port} (pid {process.pid})"
    )
    return process


def wait_until_ready(url: str, seconds: float) -> None:
    """GET /readyz through the proxy until it says 200."""
    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE  # our own self-signed certificate
    end = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url + "readyz", timeout=3, context=context) as answer:  # noqa: S310
                if answer.status == 200:
                    return
        except OSError:
            if time.monotonic() > end:
                raise RuntimeError(f"{url}readyz did not answer 200 within {seconds:.0f} s") from None
        time.sleep(0.3)


def start(
    workdir: Path,
    *,
    processes: int,
    https_port: int,
    http_port: int,
    daphne_ports: list[int] | None = None,
    clock_metrics_port: int = 0,
) -> Stack:
    services = Services(workdir=workdir, database="jag")
    stack = Stack(
        workdir=workdir,
        https_port=https_port or free_port(),
        http_port=http_port or free_port(),
        services=services,
    )
    ports = list(daphne_ports or []) + [0] * processes
    try:
        services.start()
        env = site_environment(services, stack.https_port)
        stack.env = env
        write_env_file(workdir / "env", env)
        prepare_site(env)
        for index in range(1, processes + 1):
            stack.servers.append(start_server(env, workdir, index, ports[index - 1]))
        # The clock serves its own /metrics on loopback (the daphne processes export no clock).
        stack.clock_metrics_port = clock_metrics_port or free_port()
        with (workdir / "clock.log").open("wb") as out:
            clock = subprocess.Popen(  # noqa: S603 (our own command line)
                [sys.executable, "manage.py", "run_clock", "--metrics-port", str(stack.clock_metrics_port)],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        stack.others.append(clock)
        stack.others.append(start_nginx(stack))
        wait_until_ready(stack.url, 30)
    except BaseException:
        stack.stop()
        raise
    return stack


def describe(stack: Stack) -> dict:
    """One JSON line for scripts and tests: where everything is."""
    return {
        "url": stack.url,
        "http_url": f"http://{LOOPBACK}:{stack.http_port}/",
        "workdir": str(stack.workdir),
        "database_url": stack.services.database_url,
        "redis_url": stack.services.redis_url,
        "daphne": [{"port": s.port, "pid": s.pid, "log": str(s.log_path)} for s in stack.servers],
        "clock_log": str(stack.workdir / "clock.log"),
        "clock_metrics": f"http://{LOOPBACK}:{stack.clock_metrics_port}/metrics",
        "env_file": str(stack.workdir / "env"),
        "proxy_address": PROXY_ADDRESS,
        "nginx_logs": [str(stack.workdir / "nginx-access.log"), str(stack.workdir / "nginx-error.log")],
    }


def rehearse(stack: Stack) -> None:
    """The runbook's one-by-one restart, tried on the stack: `touch WORKDIR/control/stop-2` stops
    daphne 2 (as `systemctl stop` would), `touch WORKDIR/control/start-2` starts it again on its
    port; a daphne that exits by itself waits for the same. Each file is taken once done."""
    control = stack.workdir / "control"
    for number, server in enumerate(stack.servers, start=1):
        if (control / f"stop-{number}").exists():
            (control / f"stop-{number}").unlink()
            if number not in stack.stopped:
                stop(server.process)
                stack.stopped.add(number)
                log(f"daphne {number} stopped; start it again: touch {control}/start-{number}")
        elif number not in stack.stopped and server.process.poll() is not None:
            stack.stopped.add(number)
            log(
                f"daphne {number} exited with {server.process.returncode}; start it again: touch {control}/start-{number}"
            )
        if (control / f"start-{number}").exists():
            (control / f"start-{number}").unlink()
            if number in stack.stopped:
                try:
                    stack.servers[number - 1] = start_server(stack.env, stack.workdir, number, server.port)
                except RuntimeError as error:  # what a broken restart looks like: the others go on
                    log(f"daphne {number} did not start again: {error}")
                    continue
                stack.stopped.discard(number)


def run(args: argparse.Namespace) -> int:
    bench.servers.LOG_PREFIX = "stack"
    workdir = Path(args.workdir or tempfile.mkdtemp(prefix="jag-stack-"))
    workdir.mkdir(parents=True, exist_ok=True)
    workdir.chmod(0o755)  # PostgreSQL (as the postgres user) and nginx's workers look inside
    stack = start(
        workdir,
        processes=args.processes,
        https_port=args.port,
        http_port=args.http_port,
        daphne_ports=[int(port) for port in args.daphne_ports.split(",") if port]
        if args.daphne_ports
        else None,
        clock_metrics_port=args.clock_metrics_port,
    )
    (workdir / "control").mkdir(exist_ok=True)
    print("STACK " + json.dumps(describe(stack)), flush=True)
    print(
        f"\nJustAllowGod is running at {stack.url} (self-signed certificate: your browser will ask).",
        flush=True,
    )
    print(f"Logs: {workdir}/*.log. Ctrl-C stops it all.", flush=True)
    print(
        f"Rehearse a restart one process at a time: touch {workdir}/control/stop-2 stops daphne 2, "
        f"touch {workdir}/control/start-2 starts it again (any of 1-{len(stack.servers)}).",
        flush=True,
    )
    stopping = {"now": False}

    def on_signal(signum: int, frame: object) -> None:
        stopping["now"] = True

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    try:
        while not stopping["now"]:
            rehearse(stack)  # a daphne may stop and start again; nginx, the clock and the services may not
            for process in stack.others:
                if process.poll() is not None:
                    log(f"process {process.pid} ({process.args[0]}) exited with {process.returncode}")
                    return 1
            time.sleep(0.5)
    finally:
        log("stopping the stack")
        stack.stop()
    return 0


def certificate_paths(args: argparse.Namespace) -> tuple[Path, Path]:
    """The certificate and key to name: as given, else where certbot puts them for the first name."""
    live = Path(args.letsencrypt_live) / args.server_name.split()[0]
    return (
        Path(args.certificate or live / "fullchain.pem"),
        Path(args.certificate_key or live / "privkey.pem"),
    )


def print_nginx_conf(args: argparse.Namespace) -> int:
    certificate, key = certificate_paths(args)
    if not (certificate.is_file() and key.is_file()):
        # nginx -t fails on a certificate that is not there: before certbot has run, serve http only.
        print(site_conf_before_tls(server_name=args.server_name, http_listen="80", acme_root=args.acme_root))
        print(
            f"No certificate at {certificate} yet: this site file serves plain http only, for certbot. "
            f"Next: certbot certonly --webroot -w {args.acme_root} -d {args.server_name.split()[0]}, "
            "then run this command again.",
            file=sys.stderr,
        )
        return 0
    print(
        site_conf(
            upstreams=args.upstream,
            server_name=args.server_name,
            https_listen="443",
            http_listen="80",
            certificate=str(certificate),
            certificate_key=str(key),
            static_root=str(Path(args.static_root).resolve()),
            pin=False,
            acme_root=args.acme_root,
        )
    )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, default=2, help="daphne processes (default 2)")
    parser.add_argument("--port", type=int, default=8443, help="https port on 127.0.0.1 (0: any free port)")
    parser.add_argument(
        "--http-port", type=int, default=0, help="http port that redirects (default: any free)"
    )
    parser.add_argument("--workdir", help="folder for the certificate, logs and throwaway services")
    parser.add_argument(
        "--daphne-ports", default="", help="the daphne processes' ports, e.g. 8001,8002 (default: any free)"
    )
    parser.add_argument(
        "--clock-metrics-port", type=int, default=0, help="the clock's /metrics port (default: any free)"
    )
    commands = parser.add_subparsers(dest="command")
    nginx = commands.add_parser("nginx-conf", help="print the nginx site file for a real server")
    nginx.add_argument("--server-name", required=True, help="e.g. play.example.org")
    nginx.add_argument(
        "--upstream", action="append", required=True, help="127.0.0.1:8001 (repeat per process)"
    )
    nginx.add_argument("--certificate", help="default: LETSENCRYPT_LIVE/<server name>/fullchain.pem")
    nginx.add_argument("--certificate-key", help="default: LETSENCRYPT_LIVE/<server name>/privkey.pem")
    nginx.add_argument("--letsencrypt-live", default=LETSENCRYPT_LIVE, help="certbot's live folder")
    nginx.add_argument("--acme-root", default=ACME_ROOT, help="certbot's --webroot folder")
    nginx.add_argument("--static-root", default=str(ROOT / "staticfiles"))
    args = parser.parse_args()
    if args.command == "nginx-conf":
        return print_nginx_conf(args)
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
