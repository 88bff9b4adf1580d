"""The Textual hot-seat app.  It renders player views from the engine and keeps no rules of its own."""
