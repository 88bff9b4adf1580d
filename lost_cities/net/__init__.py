"""Online play's two sides' shared language (``protocol``) and the client (``client``): a seat held
across dropped connections, used by ``lost-cities online`` and the app."""

__all__ = ["DEFAULT_SERVER"]

#: Where a client looks for a server unless told otherwise (``LOST_CITIES_SERVER``, ``--server``): the
#: port ``lost-cities serve`` listens on by default, on this machine.
DEFAULT_SERVER = "ws://127.0.0.1:8765"
