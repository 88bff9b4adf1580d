"""The app tests' helpers live in :mod:`tests.tui.helpers`."""
