"""A network lab for "Play a friend" (e2e/test_netlab.py): Linux network namespaces made here and removed after.

    internet (gnl<pid>-pub): a bridge, 198.51.100.0/24 (TEST-NET-2); coturn (STUN + TURN) on 198.51.100.1:3478
      ├── router A (…-ra): wan 198.51.100.11, NAT (nftables masquerade) ── home A LAN 10.10.1.0/24 (a bridge)
      │                                                                     ├── a1 10.10.1.11 (the host's browser)
      │                                                                     └── a2 10.10.1.12 (a guest on A's LAN)
      └── router B (…-rb): wan 198.51.100.12, NAT ── home B LAN 10.10.2.0/24 ── b1 10.10.2.11 (the other home)

Routers drop every unsolicited inbound packet, as home routers do; their NAT is "cone" (``masquerade persistent``:
one public port per local socket, whatever the destination) or "symmetric" (``masquerade fully-random``: a new
public port per destination). Every link is a veth pair made with both ends inside lab namespaces: nothing is
connected to the machine's own interfaces and nothing leaves the lab. Each browser namespace runs the site's own
server (tools/site/serve.py) on its own 127.0.0.1:PORT, so an invite link made in one home opens in another.

Needs root, ``ip`` (iproute2), ``nft`` (nftables) and ``turnserver`` (coturn); :func:`unavailable` says why not.
Namespace names carry the pid of the run that made them; :func:`remove_stale` removes those of runs that died.
"""
from __future__ import annotations

import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
PREFIX = "gnl"
PORT = 8765                       # the site's server in every browser namespace (each has its own 127.0.0.1)
TURN_IP = "198.51.100.1"
STUN_URL = f"stun:{TURN_IP}:3478"
DEAD_STUN_URL = "stun:198.51.100.99:3478"   # an address on the lab's internet where nobody answers
TURN_USER, TURN_PASSWORD = "gamao", "lab-secret"
TURN_LINE = f"turn:{TURN_IP}:3478?transport=udp {TURN_USER} {TURN_PASSWORD}"
HOMES = {"a1": ("ra", "10.10.1.11"), "a2": ("ra", "10.10.1.12"), "b1": ("rb", "10.10.2.11")}
ROUTERS = {"ra": ("198.51.100.11", "10.10.1.1"), "rb": ("198.51.100.12", "10.10.2.1")}
_NAME = re.compile(rf"^({PREFIX}(\d+)-\w+)")


def _run(*args: str, stdin: str | None = None) -> str:
    done = subprocess.run(args, input=stdin, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"{' '.join(args)}: {done.stderr.strip() or done.stdout.strip()}")
    return done.stdout


def unavailable() -> str | None:
    """Why the lab cannot run here, or None."""
    if sys.platform != "linux":
        return "the network lab needs Linux network namespaces"
    if os.geteuid() != 0:
        return "the network lab needs root (ip netns, nftables); CI runs it as root"
    for tool, package in (("ip", "iproute2"), ("nft", "nftables"), ("turnserver", "coturn")):
        if shutil.which(tool) is None:
            return f"the network lab needs `{tool}` (Debian package {package}; `make test` installs it as root)"
    try:
        probe = f"{PREFIX}{os.getpid()}-probe"
        _run("ip", "netns", "add", probe)
        _run("ip", "netns", "del", probe)
    except (RuntimeError, OSError) as exc:
        return f"cannot make a network namespace here: {exc}"
    return None


def _namespaces() -> list:
    out = _run("ip", "netns", "list")
    return [m.group(1) for line in out.splitlines() if (m := _NAME.match(line.strip()))]


def _delete_namespace(ns: str) -> None:
    """Stop what still runs in a lab namespace (only processes a lab started there), then remove it."""
    try:
        pids = [int(p) for p in _run("ip", "netns", "pids", ns).split()]
    except RuntimeError:
        pids = []
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    subprocess.run(["ip", "netns", "del", ns], capture_output=True)


def remove_stale() -> list:
    """Remove the namespaces of earlier lab runs whose process is gone (a crash or a kill); returns them."""
    removed = []
    for ns in _namespaces():
        pid = int(_NAME.match(ns).group(2))
        try:
            os.kill(pid, 0)
            continue  # that run is still going
        except ProcessLookupError:
            pass
        except PermissionError:
            continue
        _delete_namespace(ns)
        removed.append(ns)
    return removed


def _router_rules(nat: str) -> str:
    flag = {"cone": "persistent", "symmetric": "fully-random"}[nat]
    return f"""flush ruleset
table ip lab_nat {{
  chain lab_post {{ type nat hook postrouting priority srcnat; policy accept; oifname "wan" masquerade {flag}; }}
}}
table inet lab_filter {{
  chain lab_forward {{
    type filter hook forward priority filter; policy drop;
    ct state established,related accept
    iifname "lan" oifname "wan" accept
    iifname "lan" oifname "lan" accept
  }}
  chain lab_input {{
    type filter hook input priority filter; policy drop;
    iif "lo" accept
    ct state established,related accept
    iifname "lan" accept
  }}
}}
"""


class Lab:
    """The lab's namespaces, its coturn and the site's servers; :meth:`close` removes all of it."""

    def __init__(self) -> None:
        self.tag = f"{PREFIX}{os.getpid()}"
        self.made: list = []
        self.procs: list = []
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="gamao-netlab-"))
        self.nat = None

    def ns(self, name: str) -> str:
        return f"{self.tag}-{name}"

    def _add_ns(self, name: str) -> str:
        ns = self.ns(name)
        _run("ip", "netns", "add", ns)
        self.made.append(ns)
        _run("ip", "-n", ns, "link", "set", "lo", "up")
        for key, value in (("net.ipv6.conf.all.disable_ipv6", "1"), ("net.ipv6.conf.default.disable_ipv6", "1")):
            _run("ip", "netns", "exec", ns, "sysctl", "-qw", f"{key}={value}")
        for key in ("iptables", "ip6tables", "arptables"):  # br_netfilter: bridged frames skip the filters
            subprocess.run(["ip", "netns", "exec", ns, "sysctl", "-qw", f"net.bridge.bridge-nf-call-{key}=0"],
                           capture_output=True)  # (absent when br_netfilter is not loaded: nothing to do)
        return ns

    def _bridge(self, ns: str, name: str, cidr: str) -> None:
        _run("ip", "-n", ns, "link", "add", name, "type", "bridge", "mcast_snooping", "0")
        _run("ip", "-n", ns, "addr", "add", cidr, "dev", name)
        _run("ip", "-n", ns, "link", "set", name, "up")

    def _wire(self, ns: str, dev: str, cidr: str, bridge_ns: str, port: str, bridge: str) -> None:
        """A veth from ``ns`` (device ``dev`` with ``cidr``) to a port of ``bridge`` in ``bridge_ns``."""
        _run("ip", "link", "add", dev, "netns", ns, "type", "veth", "peer", "name", port, "netns", bridge_ns)
        _run("ip", "-n", bridge_ns, "link", "set", port, "master", bridge, "up")
        _run("ip", "-n", ns, "addr", "add", cidr, "dev", dev)
        _run("ip", "-n", ns, "link", "set", dev, "up")

    def build(self) -> "Lab":
        pub = self._add_ns("pub")
        self._bridge(pub, "inet", f"{TURN_IP}/24")
        for router, (wan, lan) in ROUTERS.items():
            rns = self._add_ns(router)
            self._wire(rns, "wan", f"{wan}/24", pub, router, "inet")
            self._bridge(rns, "lan", f"{lan}/24")
            _run("ip", "netns", "exec", rns, "sysctl", "-qw", "net.ipv4.ip_forward=1")
        for home, (router, addr) in HOMES.items():
            hns = self._add_ns(home)
            self._wire(hns, "eth0", f"{addr}/24", self.ns(router), home, "lan")
            _run("ip", "-n", hns, "route", "add", "default", "via", ROUTERS[router][1])
        self.set_nat("cone")
        self._start_turn()
        for home in HOMES:
            self._start_site(home)
        return self

    def set_nat(self, nat: str) -> None:
        """Both routers' NAT: "cone" or "symmetric"."""
        for router in ROUTERS:
            _run("ip", "netns", "exec", self.ns(router), "nft", "-f", "-", stdin=_router_rules(nat))
        self.nat = nat

    def _spawn(self, ns: str, args: list, log: str) -> subprocess.Popen:
        out = open(self.tmp / log, "w")
        proc = subprocess.Popen(["ip", "netns", "exec", ns, *args], stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True, cwd=ROOT)
        self.procs.append(proc)
        return proc

    def _start_turn(self) -> None:
        self._spawn(self.ns("pub"), [
            "turnserver", "-n", f"--listening-ip={TURN_IP}", f"--relay-ip={TURN_IP}", "--listening-port=3478",
            "--lt-cred-mech", f"--user={TURN_USER}:{TURN_PASSWORD}", "--realm=lab.gamao.test", "--fingerprint",
            "--no-tls", "--no-dtls", "--no-cli", "--no-tcp-relay", "--min-port=50000", "--max-port=50999",
            "--log-file=stdout", "--simple-log", f"--pidfile={self.tmp / 'turnserver.pid'}"], "turnserver.log")
        self._wait(lambda: "Total auth threads" in self.log("turnserver.log") or "relay" in self.log(
            "turnserver.log"), "coturn did not start")

    def _start_site(self, home: str) -> None:
        self._spawn(self.ns(home), [sys.executable, "-m", "tools.site.serve", "--port", str(PORT)],
                    f"serve-{home}.log")
        self._wait(lambda: "served at" in self.log(f"serve-{home}.log"), f"the site's server in {home} did not start")

    def _wait(self, ready, what: str, timeout: float = 20.0) -> None:
        deadline = time.time() + timeout
        while not ready():
            for proc in self.procs:
                if proc.poll() is not None:
                    raise RuntimeError(f"{what}: {proc.args} exited ({self.tmp})")
            if time.time() > deadline:
                raise RuntimeError(f"{what} ({self.tmp})")
            time.sleep(0.1)

    def log(self, name: str) -> str:
        try:
            return (self.tmp / name).read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def chromium_wrapper(self, home: str, chromium: str) -> str:
        """An executable that runs Chromium inside the namespace of ``home`` (for Playwright's executable_path)."""
        path = self.tmp / f"chromium-{home}"
        path.write_text(f'#!/bin/sh\nexec ip netns exec {self.ns(home)} {chromium} "$@"\n')
        path.chmod(0o755)
        return str(path)

    def close(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for proc in self.procs:
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
        for ns in reversed(self.made):
            _delete_namespace(ns)
        self.made.clear()
        shutil.rmtree(self.tmp, ignore_errors=True)
