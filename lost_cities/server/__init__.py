"""The game server of online play (``lost-cities serve``): the only authority on its games.

``store`` keeps the games (SQLite or PostgreSQL; codes and tokens only as hashes, :mod:`lost_cities.net.invitations`),
``game`` holds one game and builds each seat's frames from its own view, ``hub`` runs the connections and the path of
a decision, ``computers`` the computer players' turns, ``gate`` and ``connection`` keep the limits a server open to
strangers needs, ``serve`` the process.  The
frames themselves are :mod:`lost_cities.net.protocol`.  Here: the defaults of ``serve``'s pools, light to read for its
options.
"""

#: Connections to PostgreSQL a server opens at most by default (``--db-connections``): a decision's commit is one
#: short transaction, and PostgreSQL's own limit (100 by default) is shared by every server on the database.
DATABASE_CONNECTIONS = 4
#: Connections to Redis a server opens at most by default (``--redis-connections``; one of them listens to the relay's
#: channels): its calls queue for them.  Enough for Redis to answer a busy server's leases and frames side by side;
#: Redis serves them one at a time.
REDIS_CONNECTIONS = 32
#: Worker processes the computer players think in by default (``--computer-processes``): one, so that on a machine of
#: two cores the server's own process, which answers every frame, keeps one to itself.
COMPUTER_PROCESSES = 1
