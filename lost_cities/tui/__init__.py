"""The Textual user interfaces: the hot-seat app, the replay viewer and the score pad.

Everything here may import Textual; none of it keeps rules of its own (they are in the engine).
"""
