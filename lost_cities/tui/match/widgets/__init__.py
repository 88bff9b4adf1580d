"""Widgets of the hot-seat app."""
