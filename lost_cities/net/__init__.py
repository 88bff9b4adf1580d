"""Online play's two sides' shared language (``protocol``) and the client (``client``): a seat held
across dropped connections, used by ``lost-cities online`` and the app."""

__all__ = ["DEFAULT_SERVER", "check_server"]

#: Where a client looks for a server unless told otherwise (``LOST_CITIES_SERVER``, ``--server``): the
#: port ``lost-cities serve`` listens on by default, on this machine.
DEFAULT_SERVER = "ws://127.0.0.1:8765"


def check_server(text: str) -> str | None:
    """A game server's address as a person types it, ``ws://host:port`` or ``wss://…``, trimmed; ``None`` if
    it is not one.

    >>> check_server(" ws://192.168.1.5:8765 "), check_server("http://x"), check_server("ws://")
    ('ws://192.168.1.5:8765', None, None)
    """
    address = text.strip()
    if not address.startswith(("ws://", "wss://")) or len(address) <= len("wss://") or len(address) > 300:
        return None
    if any(char.isspace() or not char.isprintable() for char in address):
        return None
    return address
