"""The game server of online play (``lost-cities serve``): the only authority on its games.

``store`` keeps the games (SQLite; codes and tokens only as hashes, :mod:`lost_cities.net.codes`), ``game``
holds one game and builds each seat's frames from its own view, ``hub`` runs the connections and the
path of a decision, ``serve`` the process.  The frames themselves are :mod:`lost_cities.net.protocol`.
"""
