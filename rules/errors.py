"""The error the ``rules`` package raises for anything a user can fix."""

from __future__ import annotations


class RulesError(Exception):
    """A rule, claim, vector file or adapter cannot be used; the message says why and where."""
