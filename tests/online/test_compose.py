"""``compose.yaml`` cannot be run here (no containers), so its settings are read as text and checked against what
``lost-cities serve`` accepts: two servers on one PostgreSQL and one Redis, sharing the codes' key."""

from __future__ import annotations

import json
import re
from pathlib import Path

from lost_cities.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]


def test_compose_runs_two_servers_on_one_postgresql_one_redis_and_one_key() -> None:
    text = (ROOT / "compose.yaml").read_text()
    services = re.findall(r"^  ([\w-]+):", text[: text.index("\nvolumes:")], re.MULTILINE)
    assert services == ["postgres", "redis", "serve-a", "serve-b"]
    found = re.search(r"^  serve-a: &serve\n.*?^    command: (\[.*?\])$", text, re.MULTILINE | re.DOTALL)
    assert found is not None, "serve-a's command, a flow sequence of quoted strings"
    command = json.loads(found.group(1))  # double-quoted strings: JSON as well as YAML
    args = build_parser().parse_args(command)  # what lost-cities serve accepts, or SystemExit
    assert args.command == "serve" and args.host == "0.0.0.0" and args.port == 8765
    password = re.search(r"POSTGRES_PASSWORD: (\S+)", text)
    assert password is not None
    assert args.db == f"postgresql://lost_cities:{password.group(1)}@postgres:5432/lost_cities"
    assert args.redis == "redis://redis:6379/0" and args.key.startswith("/shared/") and args.lease == 10
    assert '"shared:/shared"' in text  # the key's folder, one volume for both
    serve_b = text[text.index("  serve-b:") :]
    assert "<<: *serve" in serve_b  # the same command and volumes as serve-a
    assert re.findall(r'ports: \["(\d+):8765"\]', text) == ["8811", "8812"]
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "RUN pip install --no-cache-dir .\n" in dockerfile and 'ENTRYPOINT ["lost-cities"]' in dockerfile
