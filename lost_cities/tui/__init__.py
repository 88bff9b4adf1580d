"""The Textual user interfaces of ``lost-cities``: everything here may import Textual."""
