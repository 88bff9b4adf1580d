"""The codes' key file that servers sharing one database share (``--key``): made once, whole, even when several
servers start at once and each finds it missing."""

from __future__ import annotations

import stat
import threading
from pathlib import Path

from lost_cities.net.invitations import CodeKey


def test_servers_starting_at_once_all_use_the_one_key_made_and_none_reads_it_half_written(tmp_path: Path) -> None:
    path = tmp_path / "shared" / "codes.key"
    start = threading.Barrier(8)
    keys: list[bytes] = []

    def server() -> None:
        start.wait(10)
        keys.append(CodeKey.in_file(path).hash("K7QXM2PA"))

    threads = [threading.Thread(target=server) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert len(keys) == 8 and len(set(keys)) == 1  # a code made by one opens its seat on every other
    assert CodeKey.in_file(path).hash("K7QXM2PA") == keys[0] and len(path.read_bytes()) == 32
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # readable by its owner only
    assert [found.name for found in path.parent.iterdir()] == ["codes.key"]  # nothing else left behind
