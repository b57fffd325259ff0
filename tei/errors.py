"""The TEI package's user-facing error."""


class TeiError(Exception):
    """A TEI file cannot be built, read or validated; the message names file and place."""
