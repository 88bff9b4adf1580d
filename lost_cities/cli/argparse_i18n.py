"""argparse's own words — "usage:", "options", its error messages — through our catalog.

argparse looks its texts up with ``gettext`` under its own domain, which no
catalog of ours feeds; pointing its module-level ``_``/``ngettext`` at ours makes
``--help`` and argument errors speak the player's language.  The texts are
listed here (marked with ``N_``) so that extraction puts them in the catalog.
"""

from __future__ import annotations

import argparse

from lost_cities.i18n import N_, _, ngettext

ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("ignored explicit argument %r"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("unexpected option string: %s"),
    N_("the following arguments are required: %s"),
    N_("expected one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
)


def install() -> None:
    """Route argparse's messages through :func:`lost_cities.i18n._`."""
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
