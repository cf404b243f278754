"""The production layout across machines, on this one: a network namespace per host on one bridge.

    visitor 10.231.44.1 (this namespace: the browser, the test)
      │  bridge jagm-br
      ├── front  10.231.44.20  nginx (deploy/nginx/justallowgod.conf), upstream app1 and app2
      ├── app1   10.231.44.11  daphne on :8001, manage.py run_clock
      ├── app2   10.231.44.12  daphne on :8001
      └── data   10.231.44.10  PostgreSQL :5432 and Redis :6379, both TLS only (a test CA's certificate)

Every host is a namespace of its own with its own address, so each connection really crosses a
network (veth, bridge) from one address to another, as between machines; the file system is shared,
so all run the same code. `ip netns exec` bind-mounts /etc/netns/<name>/hosts over /etc/hosts, which
gives the hosts their names (data.jag.test). Needs root. Everything made here is named with PREFIX
and removed by `Machines.tear_down`, and by `remove_leftovers` before the next run.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import ssl
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tests.stack import support

ROOT = Path(__file__).resolve().parents[2]
PREFIX = "jagm"
BRIDGE = f"{PREFIX}-br"
SUBNET = "10.231.44"
VISITOR = f"{SUBNET}.1"
DOMAIN = "jag.test"
# name -> private address. The data host's name is what the app hosts' URLs and its certificate say.
HOSTS = {"data": f"{SUBNET}.10", "app1": f"{SUBNET}.11", "app2": f"{SUBNET}.12", "front": f"{SUBNET}.20"}
DATA_NAME = f"data.{DOMAIN}"
# Resolves to the data host too, but is not in its certificate: a client must refuse it.
WRONG_NAME = f"not-data.{DOMAIN}"
DAPHNE_PORT, POSTGRES_PORT, REDIS_PORT = 8001, 5432, 6379
PG_BIN = max(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda path: int(path.parent.name), default=None)
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
VENV_BIN = Path(sys.executable).parent


def namespace(host: str) -> str:
    return f"{PREFIX}-{host}"


def run(*command: str, check: bool = True, timeout: float = 60, **kwargs) -> subprocess.CompletedProcess:
    """A short command; its output in the error when it fails."""
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, **kwargs)
    if check and done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}): {done.stdout}{done.stderr}")
    return done


def why_not_available() -> str | None:
    """None when this machine can build the layout, else the reason (not root, no `ip netns`)."""
    if os.geteuid() != 0:
        return "network namespaces need root"
    if shutil.which("ip") is None:
        return "no `ip` command (iproute2)"
    if PG_BIN is None or shutil.which("redis-server") is None or not Path(NGINX).exists():
        return "PostgreSQL, redis-server and nginx must be installed"
    probe = f"{PREFIX}-probe"
    run("ip", "netns", "del", probe, check=False)  # an earlier run's, if it was killed right here
    made = run("ip", "netns", "add", probe, check=False)
    if made.returncode != 0:
        return f"`ip netns add` does not work here: {made.stderr.strip()}"
    run("ip", "netns", "del", probe, check=False)
    return None


def wait_until(condition: Callable[[], object], seconds: float, what: str, every: float = 0.2) -> object:
    """Poll until `condition` is truthy, what is not up yet (a refused connection) counting as not yet."""
    return support.wait_until(condition, seconds, what, every=every, passing=(Exception,))


# --- the network ------------------------------------------------------------------------------


def remove_leftovers() -> None:
    """What an earlier run that was killed left behind: its processes (by id), namespaces, links and
    /etc/netns folders, all named with PREFIX."""
    listed = run("ip", "netns", "list", check=False).stdout.split()
    for name in [n for n in listed if n.startswith(f"{PREFIX}-")]:
        kill_namespace_processes(name)
        run("ip", "netns", "del", name, check=False)
    links = run("ip", "-o", "link", "show", check=False).stdout.splitlines()
    for line in links:
        name = line.split(":")[1].strip().split("@")[0]
        if name.startswith(f"{PREFIX}-"):
            run("ip", "link", "del", name, check=False)
    for folder in Path("/etc/netns").glob(f"{PREFIX}-*"):
        shutil.rmtree(folder, ignore_errors=True)


def kill_namespace_processes(name: str) -> None:
    """SIGKILL every process still in one of our namespaces, by its id."""
    for pid in run("ip", "netns", "pids", name, check=False).stdout.split():
        with contextlib.suppress(ProcessLookupError, ValueError):
            os.kill(int(pid), signal.SIGKILL)


def hosts_file() -> str:
    """/etc/hosts as every namespace sees it: the hosts by name, and a wrong name for the data host."""
    lines = ["127.0.0.1 localhost"]
    lines += [f"{address} {name}.{DOMAIN}" for name, address in HOSTS.items()]
    lines.append(f"{HOSTS['data']} {WRONG_NAME}")
    return "\n".join(lines) + "\n"


def build_network() -> None:
    """The bridge with the visitor's address, then one namespace per host on it (veth `eth0`)."""
    run("ip", "link", "add", BRIDGE, "type", "bridge")
    run("ip", "addr", "add", f"{VISITOR}/24", "dev", BRIDGE)
    run("ip", "link", "set", BRIDGE, "up")
    for host, address in HOSTS.items():
        name = namespace(host)
        folder = Path("/etc/netns") / name
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "hosts").write_text(hosts_file())
        run("ip", "netns", "add", name)
        run("ip", "link", "add", name, "type", "veth", "peer", "name", "eth0", "netns", name)
        run("ip", "link", "set", name, "master", BRIDGE)
        run("ip", "link", "set", name, "up")
        inside = ("ip", "netns", "exec", name, "ip")
        run(*inside, "link", "set", "lo", "up")
        run(*inside, "addr", "add", f"{address}/24", "dev", "eth0")
        run(*inside, "link", "set", "eth0", "up")


def take_down_network() -> None:
    """Namespaces (their veths go with them), the bridge and the hosts files."""
    for host in HOSTS:
        kill_namespace_processes(namespace(host))
        run("ip", "netns", "del", namespace(host), check=False)
        run("ip", "link", "del", namespace(host), check=False)
        shutil.rmtree(Path("/etc/netns") / namespace(host), ignore_errors=True)
    run("ip", "link", "del", BRIDGE, check=False)


# --- certificates -----------------------------------------------------------------------------


def openssl(*args: str, cwd: Path) -> None:
    run("openssl", *args, cwd=cwd)


def make_ca(folder: Path, name: str = "ca") -> Path:
    """A certificate authority of our own (two days), made now: `<name>.pem` and `<name>.key`."""
    openssl(
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", f"/CN=JustAllowGod test {name}",
        "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
        "-keyout", f"{name}.key", "-out", f"{name}.pem",
        cwd=folder,
    )  # fmt: skip
    return folder / f"{name}.pem"


def server_certificate(folder: Path, name: str, dns: str, address: str, ca: str = "ca") -> tuple[Path, Path]:
    """A server certificate for `dns` and `address`, signed by the CA in `folder`: (certificate, key)."""
    (folder / f"{name}.ext").write_text(
        f"subjectAltName=DNS:{dns},IP:{address}\nbasicConstraints=CA:FALSE\n"
        "keyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n"
        "subjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n"
    )
    openssl(
        "req", "-new", "-newkey", "rsa:2048", "-nodes", "-subj", f"/CN={dns}",
        "-keyout", f"{name}.key", "-out", f"{name}.csr",
        cwd=folder,
    )  # fmt: skip
    openssl(
        "x509", "-req", "-in", f"{name}.csr", "-CA", f"{ca}.pem", "-CAkey", f"{ca}.key", "-CAcreateserial",
        "-days", "2", "-extfile", f"{name}.ext", "-out", f"{name}.crt",
        cwd=folder,
    )  # fmt: skip
    (folder / f"{name}.key").chmod(0o600)
    return folder / f"{name}.crt", folder / f"{name}.key"


def client_tls(ca: Path) -> ssl.SSLContext:
    """What a client that verifies the data host does: our CA only, the name checked."""
    return ssl.create_default_context(cafile=str(ca))


# --- the hosts' processes ---------------------------------------------------------------------


@dataclass
class Machines:
    """The layout, once built: its folder, secrets, and every process started, to stop by id."""

    workdir: Path
    pg_password: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    redis_password: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    secret_key: str = field(default_factory=lambda: secrets.token_urlsafe(50))  # the same on both app hosts
    metrics_token: str = field(default_factory=lambda: secrets.token_urlsafe(32))  # the monitoring machine's
    processes: dict[str, subprocess.Popen] = field(default_factory=dict)
    logs: dict[str, Path] = field(default_factory=dict)

    @property
    def ca(self) -> Path:
        return self.workdir / "tls" / "ca.pem"

    @property
    def pg_socket(self) -> Path:
        return self.workdir / "pg-socket"

    @property
    def site_url(self) -> str:
        return f"https://{HOSTS['front']}"

    def database_url(self, host: str = DATA_NAME, ca: Path | None = None) -> str:
        """What an app host's DATABASE_URL says: TLS, the server's name checked against our CA."""
        return (
            f"postgres://jag:{self.pg_password}@{host}:{POSTGRES_PORT}/jag"
            f"?sslmode=verify-full&sslrootcert={ca or self.ca}"
        )

    def redis_url(self, host: str = DATA_NAME, ca: Path | None = None) -> str:
        """What an app host's REDIS_URL says: rediss://, our CA, the certificate required."""
        return (
            f"rediss://:{self.redis_password}@{host}:{REDIS_PORT}/0"
            f"?ssl_ca_certs={ca or self.ca}&ssl_cert_reqs=required"
        )

    def start(
        self, name: str, host: str, command: list[str], env: dict | None = None, **kwargs
    ) -> subprocess.Popen:
        """`command` on `host` (its namespace), output to `<name>.log`; `ip netns exec` and setpriv
        exec it, so the process id is the command's own."""
        log = self.workdir / f"{name}.log"
        with log.open("ab") as out:
            process = subprocess.Popen(
                ["ip", "netns", "exec", namespace(host), *command],
                cwd=ROOT,
                env=env or dict(os.environ),
                stdout=out,
                stderr=subprocess.STDOUT,
                **kwargs,
            )
        self.processes[name], self.logs[name] = process, log
        return process

    def stop(self, name: str, sig: int = signal.SIGTERM, seconds: float = 15) -> None:
        """Stop one process we started, by its id: `sig`, then SIGKILL if it lingers."""
        process = self.processes.get(name)
        if process is None or process.poll() is not None:
            return
        process.send_signal(sig)
        try:
            process.wait(seconds)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)

    def log_text(self, name: str) -> str:
        return self.logs[name].read_text(errors="replace") if name in self.logs else ""

    def tear_down(self) -> None:
        """Every process (nginx, daphne, the clock, then the services), the network, the folder."""
        for name in reversed(list(self.processes)):
            try:
                self.stop(name, signal.SIGQUIT if name == "postgres" else signal.SIGTERM)
            except Exception as error:  # go on: the namespaces' processes are killed below anyway
                print(f"stopping {name}: {error!r}", file=sys.stderr)
        take_down_network()
        shutil.rmtree(self.workdir, ignore_errors=True)


def make_workdir() -> Path:
    """A folder PostgreSQL's user and nginx can enter (not under pytest's own, which is private)."""
    workdir = Path(tempfile.mkdtemp(prefix=f"{PREFIX}-"))
    workdir.chmod(0o755)
    (workdir / "tls").mkdir()
    return workdir


def make_certificates(machines: Machines) -> None:
    """Our CA, the data host's certificate (its name and address), the front's, and a rogue CA that
    no client trusts (to show that a client refuses a server it cannot verify)."""
    tls = machines.workdir / "tls"
    make_ca(tls)
    server_certificate(tls, "data", DATA_NAME, HOSTS["data"])
    server_certificate(tls, "front", f"front.{DOMAIN}", HOSTS["front"])
    make_ca(tls, "rogue")


# --- the data host: PostgreSQL and Redis, TLS only --------------------------------------------

# Appended to the data host's postgresql.conf: listen on its private address only, TLS on, the
# certificate and key in the data folder (owned by postgres, mode 600).
POSTGRESQL_CONF = """\
listen_addresses = '{address}'
port = {port}
ssl = on
ssl_cert_file = 'server.crt'
ssl_key_file = 'server.key'
ssl_min_protocol_version = 'TLSv1.2'
unix_socket_directories = '{socket}'
"""
# pg_hba.conf, whole: the app hosts over TLS with a password, any connection without TLS refused.
# (Local connections are the test's own way in, as the postgres user; a real host says peer.)
PG_HBA = """\
local     all  postgres                 trust
hostssl   jag  jag       {app1}/32      scram-sha-256
hostssl   jag  jag       {app2}/32      scram-sha-256
hostnossl all  all       0.0.0.0/0      reject
hostnossl all  all       ::/0           reject
"""
# The data host's redis.conf: no plain port at all, TLS on the usual port, our certificate; clients
# show no certificate of their own (they have a password).
REDIS_CONF = """\
bind {address}
port 0
tls-port {port}
tls-cert-file {certificate}
tls-key-file {key}
tls-ca-cert-file {ca}
tls-auth-clients no
requirepass {password}
save ""
appendonly no
"""


def as_postgres(*command: str) -> list[str]:
    return ["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", *command]


def start_postgres(machines: Machines) -> None:
    """initdb, the TLS configuration above, the server on the data host, then the site's role and
    database (created through the local socket)."""
    import psycopg

    data, tls = machines.workdir / "pg", machines.workdir / "tls"
    data.mkdir()
    machines.pg_socket.mkdir()
    for folder in (data, machines.pg_socket):
        shutil.chown(folder, "postgres", "postgres")
    run(*as_postgres(str(PG_BIN / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "--no-sync"))
    for source, target in (("data.crt", "server.crt"), ("data.key", "server.key")):
        shutil.copy(tls / source, data / target)
        shutil.chown(data / target, "postgres", "postgres")
        (data / target).chmod(0o600)
    conf = POSTGRESQL_CONF.format(address=HOSTS["data"], port=POSTGRES_PORT, socket=machines.pg_socket)
    with (data / "postgresql.conf").open("a") as out:
        out.write("\n" + conf)
    (data / "pg_hba.conf").write_text(PG_HBA.format(app1=HOSTS["app1"], app2=HOSTS["app2"]))
    # fsync off: a test's shortcut, not part of the configuration above.
    machines.start(
        "postgres", "data", as_postgres(str(PG_BIN / "postgres"), "-D", str(data), "-c", "fsync=off")
    )
    wait_until(lambda: admin_sql(machines, "SELECT 1", database="postgres"), 30, "PostgreSQL answers")
    with psycopg.connect(
        host=str(machines.pg_socket), user="postgres", dbname="postgres", autocommit=True
    ) as db:
        db.execute(f"CREATE ROLE jag LOGIN PASSWORD '{machines.pg_password}'")
        db.execute("CREATE DATABASE jag OWNER jag")


def admin_sql(machines: Machines, sql: str, database: str = "jag") -> list[tuple]:
    """A query as the postgres user, through the data host's local socket."""
    import psycopg

    with psycopg.connect(host=str(machines.pg_socket), user="postgres", dbname=database) as db:
        return db.execute(sql).fetchall()


def start_redis(machines: Machines) -> None:
    """redis-server on the data host with REDIS_CONF, waited for with a verified TLS PING."""
    tls = machines.workdir / "tls"
    conf = machines.workdir / "redis.conf"
    conf.write_text(
        REDIS_CONF.format(
            address=HOSTS["data"],
            port=REDIS_PORT,
            certificate=tls / "data.crt",
            key=tls / "data.key",
            ca=tls / "ca.pem",
            password=machines.redis_password,
        )
    )
    conf.chmod(0o600)
    machines.start("redis", "data", [shutil.which("redis-server"), str(conf)])
    wait_until(lambda: admin_redis(machines).ping(), 20, "Redis answers over TLS")


def admin_redis(machines: Machines):
    """A client of the data host's Redis from the visitor's side, verifying it as the app hosts do
    (the certificate names the data host's address too)."""
    import redis

    return redis.Redis.from_url(machines.redis_url(host=HOSTS["data"]), socket_timeout=5)


# --- the app hosts and the front --------------------------------------------------------------


def app_environment(machines: Machines, **overrides: str) -> dict[str, str]:
    """What /etc/justallowgod/env says on both app hosts: production settings, the site at the
    front's address, the data host's services over verified TLS. Nothing from this shell's site
    settings leaks in."""
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "GAME_", "DATABASE_URL", "REDIS_URL"))
    }
    return {
        **clean,
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": machines.secret_key,
        "DJANGO_METRICS_TOKEN": machines.metrics_token,
        "DJANGO_ALLOWED_HOSTS": HOSTS["front"],
        "DJANGO_SITE_URL": machines.site_url,
        "DJANGO_BEHIND_PROXY": "true",
        # nginx on the front host is our proxy: its forwarding headers are believed, nobody else's.
        "DJANGO_TRUSTED_PROXIES": f"{HOSTS['front']}/32",
        "DJANGO_EMAIL_HOST": "console",  # sign-in codes in the daphne logs, read by the test
        "DJANGO_GAME_CLOCK_IN_PROCESS": "false",  # run_clock on app1 fires the clocks
        "DJANGO_LOG_FORMAT": "json",
        "DJANGO_GAME_FIXED_SEED": "20261129",
        "DATABASE_URL": machines.database_url(),
        "REDIS_URL": machines.redis_url(),
        **overrides,
    }


def manage(machines: Machines, host: str, *args: str, **overrides: str) -> subprocess.CompletedProcess:
    """manage.py on an app host, with the app hosts' settings (and the overrides)."""
    return run(
        "ip", "netns", "exec", namespace(host), sys.executable, "manage.py", *args,
        cwd=ROOT, env=app_environment(machines, **overrides), check=False, timeout=180,
    )  # fmt: skip


def prepare_site(machines: Machines) -> None:
    """Runbook step 5, from app host 1: the checks, migrations, static files and the deck."""
    for args in (
        ("check", "--deploy", "--fail-level", "WARNING"),
        ("migrate", "--noinput"),
        ("collectstatic", "--noinput", "-v0"),
        ("load_default_deck",),
    ):
        done = manage(machines, "app1", *args)
        if done.returncode != 0:
            raise RuntimeError(
                f"manage.py {args[0]} on app1 failed:\n{done.stdout[-2000:]}{done.stderr[-4000:]}"
            )


def start_daphne(machines: Machines, host: str) -> None:
    """daphne as the systemd unit runs it, bound to the host's private address; waited for /readyz."""
    address = HOSTS[host]
    command = [str(VENV_BIN / "daphne"), "-v", "0", "-b", address, "-p", str(DAPHNE_PORT)]
    machines.start(
        f"daphne-{host}", host, [*command, "justalllowgod.asgi:application"], app_environment(machines)
    )
    wait_until(lambda: ready(f"http://{address}:{DAPHNE_PORT}/readyz"), 60, f"daphne on {host} is ready")


def ready(url: str, context: ssl.SSLContext | None = None) -> bool:
    import urllib.request

    with urllib.request.urlopen(url, timeout=3, context=context) as answer:
        return answer.status == 200


def start_clock(machines: Machines) -> None:
    """manage.py run_clock on app host 1 only, as its unit does."""
    machines.start("clock", "app1", [sys.executable, "manage.py", "run_clock"], app_environment(machines))


def start_nginx(machines: Machines) -> None:
    """nginx on the front host, from the project's own site file (deploy/stack.py's site_conf) with
    the app hosts' private addresses as its upstream, and `make stack`'s main file. pin=True adds
    the jag_process cookie's upstreams (one per app host), which the test uses, then drops."""
    from deploy.stack import DEPLOY, fill, site_conf

    front, tls = machines.workdir / "front", machines.workdir / "tls"
    (front / "nginx-temp").mkdir(parents=True)
    site = site_conf(
        upstreams=[f"{HOSTS['app1']}:{DAPHNE_PORT}", f"{HOSTS['app2']}:{DAPHNE_PORT}"],
        server_name=HOSTS["front"],
        https_listen=f"{HOSTS['front']}:443",
        http_listen=f"{HOSTS['front']}:80",
        certificate=str(tls / "front.crt"),
        certificate_key=str(tls / "front.key"),
        static_root=str(ROOT / "staticfiles"),
        pin=True,
        acme_root=str(front / "acme"),
        access_log=str(front / "nginx-access.log"),
        error_log=str(front / "nginx-error.log"),
    )
    (front / "justallowgod.conf").write_text(site)
    main = fill(
        (DEPLOY / "nginx" / "stack-main.conf").read_text(), {"WORKDIR": str(front), "USER": "user root root;"}
    )
    (front / "nginx.conf").write_text(main)
    command = [NGINX, "-p", str(front), "-e", str(front / "nginx-error.log"), "-c", str(front / "nginx.conf")]
    run("ip", "netns", "exec", namespace("front"), *command, "-t", "-q")
    machines.start("nginx", "front", [*command, "-g", "daemon off;"])
    context = client_tls(machines.ca)
    wait_until(lambda: ready(f"{machines.site_url}/readyz", context), 30, "the site answers through nginx")


def build(machines: Machines) -> None:
    """The whole layout, in the order a first deployment goes: network, certificates, the data
    host, the site prepared, the app hosts, the front."""
    build_network()
    make_certificates(machines)
    start_postgres(machines)
    start_redis(machines)
    prepare_site(machines)
    start_daphne(machines, "app1")
    start_daphne(machines, "app2")
    start_clock(machines)
    start_nginx(machines)
