"""deploy/: the nginx site file passes on exactly the headers the site trusts, and no test knobs."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def stack_module():
    spec = importlib.util.spec_from_file_location("jag_deploy_stack", ROOT / "deploy" / "stack.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def nginx_conf(*more: str) -> subprocess.CompletedProcess:
    """Runbook step 7's command (docs/operations.md), with any options added."""
    done = subprocess.run(
        [sys.executable, "deploy/stack.py", "nginx-conf", "--server-name", "play.example.org",
         "--upstream", "127.0.0.1:8001", "--upstream", "127.0.0.1:8002", *more],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done


def production_conf() -> str:
    """The full site file, as step 7 writes it once certbot has put a certificate in its live folder."""
    with tempfile.TemporaryDirectory(prefix="jag-letsencrypt-") as live:
        (Path(live) / "play.example.org").mkdir()
        for name in ("fullchain.pem", "privkey.pem"):
            (Path(live) / "play.example.org" / name).write_text("not read by nginx-conf, only found\n")
        return nginx_conf("--letsencrypt-live", live).stdout


def test_before_certbot_the_site_file_is_plain_http_for_its_challenge():
    done = nginx_conf("--letsencrypt-live", "/nonexistent/letsencrypt/live")
    found = directives(done.stdout)
    assert not [line for line in found if "443" in line or line.startswith("ssl_")]
    assert "listen 80 default_server;" in found and "return 444;" in found
    challenge = found.index("location ^~ /.well-known/acme-challenge/ {")
    assert found[challenge + 1] == "root /var/www/letsencrypt;"
    assert "server_name play.example.org;" in found
    assert "certbot certonly --webroot -w /var/www/letsencrypt -d play.example.org" in done.stderr


def test_the_full_site_file_names_certbots_paths_and_keeps_its_challenge_for_renewals():
    found = directives(production_conf())
    live = [line for line in found if line.startswith("ssl_certificate")]
    assert live and all("/play.example.org/" in line for line in live)
    assert "location ^~ /.well-known/acme-challenge/ {" in found
    assert "root /var/www/letsencrypt;" in found


def directives(conf: str) -> list[str]:
    """The configuration without comments, one directive per line, spaces collapsed."""
    lines = (line.split("#", 1)[0].strip() for line in conf.splitlines())
    return [" ".join(line.split()) for line in lines if line]


def test_the_site_file_forwards_the_scheme_the_address_and_the_socket_upgrade():
    found = directives(production_conf())
    for wanted in (
        "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
        "proxy_set_header X-Forwarded-Proto $scheme;",
        "proxy_set_header Upgrade $http_upgrade;",
        "proxy_set_header Connection $connection_upgrade;",
        "proxy_http_version 1.1;",
        "server 127.0.0.1:8001;",
        "server 127.0.0.1:8002;",
        "listen 443 ssl http2;",
        "return 301 https://$host$request_uri;",
    ):
        assert wanted in found, wanted
    # nginx forgets inherited proxy_set_header in a location that sets its own: none may.
    in_location = False
    for line in found:
        in_location = line.startswith("location") or (in_location and line != "}")
        assert not (in_location and line.startswith("proxy_set_header")), line


def test_the_site_file_passes_host_without_a_port_and_closes_requests_for_other_names():
    conf = production_conf()
    found = directives(conf)
    assert "proxy_set_header Host $host;" in found
    assert "$http_host" not in conf
    # The first server on each address is the default: it answers nothing (444) for unknown names.
    assert "listen 80 default_server;" in found and "listen 443 ssl http2 default_server;" in found
    default = found[found.index("listen 80 default_server;") :]
    assert default.index("return 444;") < default.index("}")
    assert found.count("server_name play.example.org;") == 2


def test_the_whole_metrics_prefix_is_refused_and_slow_headers_time_out():
    found = directives(production_conf())
    block = found.index("location ^~ /metrics {")
    assert found[block + 1 : block + 3] == ["return 404;", "}"]
    assert "location = /metrics {" not in found
    assert "client_header_timeout 10s;" in found and "client_body_timeout 10s;" in found


def test_production_has_no_pinning_cookie_and_no_second_loopback_address():
    found = directives(production_conf())
    assert not any(line.startswith("upstream jag_daphne_") for line in found)
    assert not any(line.startswith("proxy_bind") for line in found)
    assert not any("@@" in line for line in found)


def test_the_stack_pins_each_process_by_cookie_and_binds_the_proxy_apart():
    conf = stack_module().site_conf(
        upstreams=["127.0.0.1:9001", "127.0.0.1:9002"],
        server_name="127.0.0.1",
        https_listen="127.0.0.1:8443",
        http_listen="127.0.0.1:8080",
        certificate="/tmp/c.pem",
        certificate_key="/tmp/k.pem",
        static_root="/srv/static",
        pin=True,
        proxy_bind="127.0.0.2",
    )
    found = directives(conf)
    assert '"2" jag_daphne_2;' in found and "server 127.0.0.1:9002;" in found
    assert "proxy_bind 127.0.0.2;" in found
    assert "return 301 https://$host:8443$request_uri;" in found
    assert "alias /srv/static/;" in found
