"""Invitation and watch codes, and seat tokens: made with :mod:`secrets`, kept by the server only as hashes.

Shared by both sides: the server makes and checks them; a client checks a code as it is typed.

A code is what a person reads out to a friend: eight symbols of an alphabet with no 0/O or 1/I,
shown ``K7QX-M2PA`` (40 bits).  Forty bits can be searched offline, so the database keeps a code
only as an HMAC under a key that lives in a file outside it (beside a SQLite database, in the server's
data folder for PostgreSQL), never in it: a stolen database gives no code back.  A seat token is
256 bits (``secrets.token_urlsafe``), kept as its SHA-256.  Both are looked up by their hash.

>>> normalised("k7qx m2pa"), normalised("K7QX-M2PA"), normalised("K7QX-M2P0")
('K7QXM2PA', 'K7QXM2PA', None)
>>> normalised("К7ЕХ-М2РА"), normalised("Ｋ７ＱＸ–Ｍ２ＰＡ")  # Cyrillic look-alikes; full-width, an en dash
('K7EXM2PA', 'K7QXM2PA')
>>> shown("K7QXM2PA")
'K7QX-M2PA'
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import secrets
import unicodedata
from pathlib import Path

__all__ = ["ALPHABET", "CodeKey", "new_code", "new_token", "normalised", "plain", "shown", "token_hash"]

#: 32 symbols, none that reads as another (no 0/O, no 1/I): 5 bits each.
ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
LENGTH = 8


def new_code() -> str:
    """A fresh code, as stored (``K7QXM2PA``); :func:`shown` writes it for people."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def shown(code: str) -> str:
    """``K7QX-M2PA``: two groups of four, easy to read out."""
    return f"{code[:4]}-{code[4:]}"


#: The Cyrillic and Greek letters that look like a letter of the alphabet, read as it: a code read out and typed on
#: a Russian keyboard, ``К7ЕХ-М2РА``, looks exactly like the one sent.
_LOOK_ALIKES = str.maketrans("АВЕКМНРСТУХЅЈавекмнрстухѕјΑΒΕΖΗΚΜΝΡΤΥΧ", "ABEKMHPCTYXSJABEKMHPCTYXSJABEZHKMNPTYX")


def plain(text: str) -> str:
    """``text`` as a code is compared: without spaces and dashes, in capitals, full-width forms and the Cyrillic and
    Greek look-alikes of its letters read as them."""
    text = unicodedata.normalize("NFKC", text).translate(_LOOK_ALIKES)
    return "".join(char for char in text if not char.isspace() and unicodedata.category(char) != "Pd").upper()


def normalised(text: str) -> str | None:
    """The code ``text`` spells (:func:`plain`: any case, spaces and dashes anywhere), or ``None`` if it spells
    none."""
    code = plain(text)
    if len(code) != LENGTH or any(char not in ALPHABET for char in code):
        return None
    return code


def new_token() -> str:
    """A seat's secret (256 bits): the client keeps it and never shows it."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> bytes:
    """What the database keeps of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


class CodeKey:
    """The server's key for codes, read from (or made in) a file outside the database, readable by its owner only."""

    def __init__(self, key: bytes) -> None:
        self._key = key

    @classmethod
    def in_file(cls, path: Path) -> CodeKey:
        """The key in ``path``, made there (readable by its owner only) the first time.

        Several servers sharing one key file may start at once (``compose.yaml`` starts two): the key is written
        whole to a file of this process's own, then linked to ``path`` in one step that fails if the file is there
        already, so that no server ever reads a key half written, and the one that comes second uses the first's.
        """
        with contextlib.suppress(FileNotFoundError):
            return cls(path.read_bytes())
        key = secrets.token_bytes(32)
        path.parent.mkdir(parents=True, exist_ok=True)
        made = path.with_name(f".{path.name}.{secrets.token_hex(6)}")
        descriptor = os.open(made, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(descriptor, "wb") as file:
                file.write(key)
                file.flush()
                os.fsync(file.fileno())
            os.link(made, path)
        except FileExistsError:  # another server made it meanwhile: its key, for both
            return cls(path.read_bytes())
        finally:
            made.unlink(missing_ok=True)
        return cls(key)

    def hash(self, code: str) -> bytes:
        """What the database keeps of a (normalised) code."""
        return hmac.new(self._key, code.encode("ascii"), hashlib.sha256).digest()
