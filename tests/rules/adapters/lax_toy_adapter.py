"""The toy game without the duty to follow suit: a careless engine for the transcript tests."""

from __future__ import annotations

import toy_adapter

toy_adapter.FOLLOW_SUIT = False
call = toy_adapter.call
