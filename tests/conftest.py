"""Every test runs with its own empty data folder: no test reads or writes the user's saves."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("LOST_CITIES_DATA_DIR", str(folder))
    return folder
