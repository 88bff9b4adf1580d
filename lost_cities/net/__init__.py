"""Online play's two sides' shared language (``protocol``) and the client (``client``): a seat held
across dropped connections, used by ``lost-cities online`` and the app."""
