"""A throw-away PostgreSQL cluster of its own for tests: ``initdb`` in a temporary folder with
this machine's binaries, a server on a free TCP port of 127.0.0.1 with trust authentication,
which a test may stop (as an outage), start again or restart.

    async with PgCluster() as cluster:
        await cluster.start()
        conn = await asyncpg.connect(cluster.url)
        await cluster.stop("immediate")  # the database is gone
        await cluster.start()            # and back, same port, same data

PostgreSQL refuses to run as root: when this process is root, initdb and the server run as the
``postgres`` user (else ``nobody``), and the folder is theirs. The server is this process's
child, in a session of its own, and gets SIGQUIT (immediate shutdown) if the thread that
started it ends — a killed test run leaves no server behind; :func:`stop_all` (at exit) stops
what is left otherwise. Nothing waits on the disk (``--no-sync``, ``fsync=off``): a commit
survives the server's crash, not the machine's — it is for tests.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import ctypes
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Literal

StopMode = Literal["smart", "fast", "immediate"]
# what pg_ctl sends for each shutdown mode
_STOP_SIGNALS = {"smart": signal.SIGTERM, "fast": signal.SIGINT, "immediate": signal.SIGQUIT}
_BINARIES = ("initdb", "postgres")
_PR_SET_PDEATHSIG = 1

_running: set[PgCluster] = set()


class PgClusterError(RuntimeError):
    """The cluster could not be created or started (the message ends with its log)."""


def find_bindir() -> Path | None:
    """The folder of this machine's ``initdb`` and ``postgres``: ``PG_BINDIR``, else
    ``pg_config --bindir``, else the newest ``/usr/lib/postgresql/*/bin``, else the PATH."""
    candidates: list[str] = []
    if os.environ.get("PG_BINDIR"):
        candidates.append(os.environ["PG_BINDIR"])
    pg_config = shutil.which("pg_config")
    if pg_config:
        try:
            out = subprocess.run(
                [pg_config, "--bindir"], capture_output=True, text=True, timeout=10, check=True
            )
            candidates.append(out.stdout.strip())
        except (OSError, subprocess.SubprocessError):
            pass
    versions = glob.glob("/usr/lib/postgresql/*/bin")
    candidates.extend(sorted(versions, key=_version_key, reverse=True))
    initdb = shutil.which("initdb")
    if initdb:
        candidates.append(str(Path(initdb).parent))
    for folder in candidates:
        if folder and all(os.access(Path(folder) / b, os.X_OK) for b in _BINARIES):
            return Path(folder)
    return None


def _version_key(path: str) -> tuple[int, ...]:
    version = Path(path).parent.name
    return tuple(int(p) for p in version.split(".") if p.isdigit())


def missing() -> str | None:
    """Why a private cluster cannot be made here (None: it can)."""
    if find_bindir() is None:
        return (
            "no PostgreSQL server binaries (initdb, postgres) in PG_BINDIR, pg_config --bindir, "
            "/usr/lib/postgresql/*/bin or the PATH"
        )
    if os.geteuid() == 0 and _unprivileged_user() is None:
        return "running as root and there is no postgres or nobody user to run the server as"
    return None


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on (now)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _unprivileged_user() -> pwd.struct_passwd | None:
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    return None


def _parent_death_signal() -> Callable[[], None]:
    """A preexec_fn: the child gets SIGQUIT when the thread that started it ends."""
    libc = ctypes.CDLL(None, use_errno=True)  # loaded before the fork
    prctl = libc.prctl

    def arm() -> None:
        prctl(_PR_SET_PDEATHSIG, signal.SIGQUIT, 0, 0, 0)

    return arm


class PgCluster:
    """A private PostgreSQL cluster; see the module's docstring. ``settings`` are extra server
    settings (``{"max_connections": "5"}``), ``port`` a fixed port (default: a free one)."""

    def __init__(
        self,
        *,
        port: int | None = None,
        settings: Mapping[str, str] | None = None,
        bindir: Path | None = None,
    ) -> None:
        self.port = port or free_port()
        self.settings = dict(settings or {})
        self._bindir = bindir
        self.folder: Path | None = None
        self._proc: asyncio.subprocess.Process | None = None
        self._owner = _unprivileged_user() if os.geteuid() == 0 else None

    # -- where ---------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        """Its ``postgres`` database as the superuser ``postgres`` (trust: no password)."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    @property
    def data(self) -> Path:
        assert self.folder is not None, "init() first"
        return self.folder / "data"

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.returncode is None

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self.running and self._proc is not None else None

    def log(self, tail: int = 4000) -> str:
        """The end of the server's log."""
        if self.folder is None:
            return ""
        try:
            return (self.folder / "server.log").read_text(errors="replace")[-tail:]
        except OSError:
            return ""

    # -- lifecycle -----------------------------------------------------------------------------
    def _as_owner(self) -> dict[str, Any]:
        """Subprocess arguments that run it as the unprivileged owner (when root)."""
        if self._owner is None:
            return {}
        return {"user": self._owner.pw_uid, "group": self._owner.pw_gid, "extra_groups": []}

    def _env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
        env.update(LC_ALL="C", TZ="UTC")
        if self._owner is not None:
            env.update(HOME=str(self.folder), USER=self._owner.pw_name)
        return env

    async def init(self) -> None:
        """Create the cluster (initdb) unless it exists."""
        if self.folder is not None:
            return
        bindir = self._bindir or find_bindir()
        if bindir is None:
            raise PgClusterError(missing() or "no PostgreSQL binaries")
        self._bindir = bindir
        folder = Path(tempfile.mkdtemp(prefix="pgcluster-"))
        self.folder = folder
        if self._owner is not None:
            os.chown(folder, self._owner.pw_uid, self._owner.pw_gid)
        proc = await asyncio.create_subprocess_exec(
            str(bindir / "initdb"),
            "-D",
            str(folder / "data"),
            "-U",
            "postgres",
            "--auth=trust",
            "--no-sync",
            "--encoding=UTF8",
            "--locale=C",
            cwd=folder,
            env=self._env(),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            **self._as_owner(),
        )
        out, _ = await proc.communicate()
        if proc.returncode != 0:
            raise PgClusterError(f"initdb failed ({proc.returncode}): {out.decode()[-2000:]}")

    async def start(self, timeout: float = 30.0) -> None:
        """Start the server (initdb first if needed); returns once it accepts connections."""
        await self.init()
        if self.running:
            return
        assert self.folder is not None and self._bindir is not None
        settings = {
            "listen_addresses": "127.0.0.1",
            "unix_socket_directories": str(self.folder),
            # no waiting on the disk; a committed row still survives the server's crash (an
            # immediate stop), only not the machine's
            "fsync": "off",
            "full_page_writes": "off",
            "logging_collector": "off",
            **self.settings,
        }
        args: list[str] = ["-D", str(self.data), "-p", str(self.port)]
        for name, value in settings.items():
            args += ["-c", f"{name}={value}"]
        pid_file = self.data / "postmaster.pid"
        with contextlib.suppress(OSError):
            pid_file.unlink()  # a stale one from an immediate stop would confuse the wait below
        log = (self.folder / "server.log").open("ab")
        try:
            self._proc = await asyncio.create_subprocess_exec(
                str(self._bindir / "postgres"),
                *args,
                cwd=self.folder,
                env=self._env(),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                start_new_session=True,
                preexec_fn=_parent_death_signal(),
                **self._as_owner(),
            )
        finally:
            log.close()
        _running.add(self)
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            if self._proc.returncode is not None:
                _running.discard(self)
                raise PgClusterError(
                    f"the server exited ({self._proc.returncode}) while starting:\n{self.log()}"
                )
            if _ready(pid_file):
                return
            if asyncio.get_running_loop().time() > deadline:
                await self.stop("immediate")
                raise PgClusterError(f"the server did not start in {timeout} s:\n{self.log()}")
            await asyncio.sleep(0.02)

    async def stop(self, mode: StopMode = "fast", timeout: float = 30.0) -> None:
        """Stop the server: ``fast`` (end the sessions, then a clean shutdown), ``immediate``
        (as if it crashed: recovery at the next start) or ``smart`` (wait for the sessions)."""
        proc = self._proc
        if proc is None or proc.returncode is not None:
            _running.discard(self)
            return
        proc.send_signal(_STOP_SIGNALS[mode])
        try:
            await asyncio.wait_for(proc.wait(), timeout)
        except TimeoutError:
            proc.kill()
            await proc.wait()
        finally:
            _running.discard(self)

    async def restart(self, mode: StopMode = "fast") -> None:
        await self.stop(mode)
        await self.start()

    async def cleanup(self) -> None:
        """Stop the server at once and delete the cluster's folder."""
        await self.stop("immediate")
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    async def __aenter__(self) -> PgCluster:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.cleanup()

    def _kill_now(self) -> None:
        """Synchronous last resort (at exit): SIGQUIT, then SIGKILL, then delete the folder."""
        proc = self._proc
        if proc is not None and proc.returncode is None:
            for sig in (signal.SIGQUIT, signal.SIGKILL):
                try:
                    os.kill(proc.pid, sig)
                except ProcessLookupError:
                    break
                if _gone(proc.pid, 5.0):
                    break
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)


def _ready(pid_file: Path) -> bool:
    """postmaster.pid's status line says "ready" (what ``pg_ctl start -w`` waits for)."""
    try:
        lines = pid_file.read_text().splitlines()
    except OSError:
        return False
    return len(lines) >= 8 and lines[7].strip() == "ready"


def _gone(pid: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            done, _ = os.waitpid(pid, os.WNOHANG)
            if done:
                return True
        except ChildProcessError:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return True
        time.sleep(0.02)
    return False


def stop_all() -> None:
    """Stop every cluster still running (at exit, or at the end of a test session)."""
    for cluster in list(_running):
        cluster._kill_now()
        _running.discard(cluster)


atexit.register(stop_all)
