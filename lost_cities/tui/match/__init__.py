"""The hot-seat app (``lost-cities play``): a match at one keyboard, a pass-the-screen step between turns."""
