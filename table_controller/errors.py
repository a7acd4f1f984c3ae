"""The project's exceptions, one tree per layer.

::

    TableError
     +-- CardCodeError (also ValueError)    "ZZ" is not a card code
     +-- ConfigError (also ValueError)      unknown game, rule switch or switch value
     +-- ScenarioError (also ValueError)    a scenario file that is not a valid scenario
     +-- RuleViolation                      a decision the rules do not allow now
     +-- DriverError                        card sources (drivers/, hardware_sim/)
     |    +-- DriverUnavailableError        the backend for a URL cannot be loaded
     |    +-- DriverInitError               the port/camera cannot be opened
     |    +-- DriverIOError                 reading or writing failed mid-session
     |    +-- DriverTimeoutError (also TimeoutError)
     +-- ProtocolError                      a frame that is not valid shoe protocol
     +-- HandLogError                       the hand log cannot be written or does not verify
          +-- HandLogUnreachable            the log's server cannot be reached (kept locally meanwhile)

Irregularities at the table (a card nobody expected, a card that cannot exist in this shoe)
are *not* exceptions: the rules engine turns them into a state the dealer sees and a pit boss
resolves. Exceptions are for programming and configuration errors and for the shell's I/O.
"""

from __future__ import annotations


class TableError(Exception):
    """Base class of every error this project raises on purpose."""


class CardCodeError(TableError, ValueError):
    """A string that is not a card code."""


class ConfigError(TableError, ValueError):
    """A configuration that cannot be used: unknown game, switch, or value."""


class ScenarioError(TableError, ValueError):
    """A scenario file that is not a valid scenario (exit code 2)."""


class RuleViolation(TableError):  # noqa: N818 (the rules' word)
    """A decision the rules do not allow now; ``legal`` lists what would have been allowed."""

    def __init__(self, message: str, legal: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.legal = legal


class DriverError(TableError):
    """A card source failed."""


class DriverUnavailableError(DriverError):
    """The backend for a URL cannot be loaded (missing dependency, unknown scheme)."""


class DriverInitError(DriverError):
    """The device could not be opened."""


class DriverIOError(DriverError):
    """Reading from or writing to the device failed."""


class DriverTimeoutError(DriverError, TimeoutError):
    """The device did not answer in time."""


class ProtocolError(TableError):
    """Bytes that are not a valid frame of the shoe protocol."""


class HandLogError(TableError):
    """The hand log cannot be written, read, or does not verify."""


class HandLogUnreachable(HandLogError):  # noqa: N818 (an error already by its base)
    """The hand log's server cannot be reached now (down, restarting, the network cut): a
    table logging to it keeps its records locally until it is back (:mod:`hand_log.spool`)."""
