"""Starting and stopping what the benchmark measures: daphne as in production, and throwaway services.

Everything listens on 127.0.0.1 only and is stopped by its own process id when the run ends.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
LOOPBACK = "127.0.0.1"


LOG_PREFIX = "bench"  # deploy/stack.py says "stack"


def log(message: str) -> None:
    """Progress goes to stderr; stdout carries only the JSON line."""
    print(f"[{LOG_PREFIX} {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((LOOPBACK, 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, seconds: float, process: subprocess.Popen | None = None) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"process {process.pid} exited with {process.returncode}")
        try:
            with socket.create_connection((LOOPBACK, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listening on {LOOPBACK}:{port} after {seconds:.0f} s")


def stop(process: subprocess.Popen, seconds: float = 10) -> None:
    """Stop one process we started: SIGTERM, then SIGKILL if it lingers."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(5)


def run_checked(cmd: list[str], env: dict[str, str], what: str) -> None:
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=240)  # noqa: S603
    if done.returncode != 0:
        raise RuntimeError(
            f"{what} failed ({done.returncode}):\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}"
        )


@dataclass
class Services:
    """PostgreSQL and Redis for `--services`: from the environment, or throwaway ones on loopback."""

    workdir: Path
    database: str = "jag_bench"
    database_url: str = ""
    redis_url: str = ""
    started: list[str] = field(default_factory=list)
    _redis: subprocess.Popen | None = None
    _redis_port: int = 0
    _pg_data: Path | None = None
    _pg_ctl: str = ""
    _pg_options: str = ""
    pg_bin: Path | None = None
    _as_postgres: bool = False

    def start(self) -> None:
        self.database_url = os.environ.get("DATABASE_URL", "")
        self.redis_url = os.environ.get("REDIS_URL", "")
        if not self.redis_url:
            self._start_redis()
        if not self.database_url:
            self._start_postgres()

    def _start_redis(self) -> None:
        server = shutil.which("redis-server")
        if server is None:
            raise RuntimeError("redis-server not found: install Debian's redis-server or set REDIS_URL")
        self._redis_port = free_port()
        self.start_redis_again()
        self.redis_url = f"redis://{LOOPBACK}:{self._redis_port}/0"
        self.started.append("redis")
        log(f"throwaway Redis on {LOOPBACK}:{self._redis_port} (pid {self._redis.pid})")

    def stop_redis(self) -> None:
        """Stop the throwaway Redis at once (tests of what a Redis restart looks like); it keeps
        nothing, as production's keeps nothing that must survive."""
        if self._redis is not None:
            stop(self._redis)
            self._redis = None

    def start_redis_again(self) -> None:
        """Start the throwaway Redis (again) on its port, empty."""
        server = shutil.which("redis-server")
        port = self._redis_port
        cmd = [server, "--port", str(port), "--bind", LOOPBACK, "--save", "", "--appendonly", "no"]
        self._redis = subprocess.Popen(  # noqa: S603
            cmd, cwd=self.workdir, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        wait_for_port(port, 20, self._redis)

    def _pg_bin(self) -> Path:
        versions = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))
        if versions:
            return versions[-1]
        initdb = shutil.which("initdb")
        if initdb is None:
            raise RuntimeError("PostgreSQL not found: install Debian's postgresql or set DATABASE_URL")
        return Path(initdb).parent

    def _pg(self, args: list[str]) -> None:
        cmd = ["su", "postgres", "-c", " ".join(args)] if self._as_postgres else args
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)  # noqa: S603
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {done.stdout[-1000:]} {done.stderr[-2000:]}")

    def _start_postgres(self) -> None:
        pg_bin = self._pg_bin()
        self._as_postgres = os.geteuid() == 0
        data = self.workdir / "pg"
        data.mkdir()
        if self._as_postgres:
            shutil.chown(self.workdir, "postgres")
            shutil.chown(data, "postgres")
        port = free_port()
        self._pg([str(pg_bin / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"])
        # Production-like durability (fsync on); loopback only; sockets in the run's temp dir.
        options = f"-p {port} -k {self.workdir} -c listen_addresses={LOOPBACK} -c max_connections=200"
        self._pg_ctl = str(pg_bin / "pg_ctl")
        self._pg_options = options
        self._pg_data = data
        self.start_postgres_again()
        self.started.append("postgresql")
        createdb = subprocess.run(  # noqa: S603
            [str(pg_bin / "createdb") if (pg_bin / "createdb").exists() else "createdb",
             "-h", LOOPBACK, "-p", str(port), "-U", "postgres", self.database],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        if createdb.returncode != 0:
            raise RuntimeError(f"createdb failed: {createdb.stderr}")
        self.pg_bin = pg_bin
        self.database_url = f"postgres://postgres@{LOOPBACK}:{port}/{self.database}"
        log(f"throwaway PostgreSQL on {LOOPBACK}:{port}")

    def stop_postgres(self) -> None:
        """Stop the throwaway PostgreSQL at once, keeping its data (tests of what a failure looks like)."""
        self._pg([self._pg_ctl, "-D", str(self._pg_data), "-m", "immediate", "-w", "stop"])

    def start_postgres_again(self) -> None:
        data = self._pg_data
        self._pg(
            [
                self._pg_ctl,
                "-D",
                str(data),
                "-o",
                f"'{self._pg_options}'",
                "-l",
                str(data / "log"),
                "-w",
                "start",
            ]
        )

    def stop(self) -> None:
        if self._pg_data is not None:
            try:
                self._pg([self._pg_ctl, "-D", str(self._pg_data), "-m", "immediate", "stop"])
            except Exception as error:
                log(f"stopping PostgreSQL: {error}")
            self._pg_data = None
        if self._redis is not None:
            stop(self._redis)
            self._redis = None


@dataclass
class Server:
    """One daphne process serving the site as in production."""

    port: int
    process: subprocess.Popen
    log_path: Path

    @property
    def pid(self) -> int:
        return self.process.pid

    def log_tail(self, chars: int = 3000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return ""


def start_server(env: dict[str, str], workdir: Path, index: int, port: int = 0) -> Server:
    """daphne bound to loopback through `manage.py serve` (which starts the clock thread when
    GAME_CLOCK_IN_PROCESS is on), with no access log: daphne 4 writes one to stdout at its default
    verbosity (1) even without --access-log, so it runs at -v 0. The site's own logging
    (settings.LOGGING) is unchanged. On `port`, or any free one; its log is appended to when the
    same process is started again."""
    port = port or free_port()
    log_path = workdir / f"daphne-{index}.log"
    cmd = [sys.executable, "manage.py", "serve", "-v", "0", "--host", LOOPBACK, "--port", str(port)]
    with log_path.open("ab") as out:
        process = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)  # noqa: S603
    server = Server(port=port, process=process, log_path=log_path)
    try:
        wait_for_port(port, 60, process)
    except RuntimeError as error:
        stop(process)
        raise RuntimeError(f"daphne did not start: {error}\n{server.log_tail()}") from None
    log(f"daphne {index} on {LOOPBACK}:{port} (pid {process.pid})")
    return server


# --- what a process costs, read from /proc ---------------------------------------------------------

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (all its threads)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def rss_mb(pid: int) -> tuple[float, float]:
    """(resident now, peak resident) in MiB."""
    now = peak = 0.0
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                now = int(line.split()[1]) / 1024
            elif line.startswith("VmHWM:"):
                peak = int(line.split()[1]) / 1024
    return now, peak
