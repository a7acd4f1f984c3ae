"""Building the in-between games by id: ``red-dog`` and ``split-decision``."""

from __future__ import annotations

from typing import Any

from table_controller.errors import ConfigError


def make_in_between_game(
    game_id: str,
    switches: dict[str, Any] | None,
    seats: int | None,
    paytable: str | dict[str, Any] | None,
) -> Any:
    if game_id == "red-dog":
        return _red_dog(switches, seats, paytable)
    if paytable is not None:
        raise ConfigError(f"{game_id} has no pay table")
    if game_id == "split-decision":
        from table_controller.games.split_decision.machine import SplitDecisionGame
        from table_controller.games.split_decision.switches import Switches as SDSwitches

        n = 3 if seats is None else seats
        if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= 3:
            raise ConfigError(f"Split Decision seats two or three (got {seats!r})")
        return SplitDecisionGame(SDSwitches.from_dict(switches), n)
    if game_id == "luck-of-the-draw":
        from table_controller.games.split_decision.luck_game import LuckOfTheDrawGame

        if switches:
            raise ConfigError("Luck of the Draw has no rule switches")
        if seats not in (None, 1):
            raise ConfigError("Luck of the Draw has one seat")
        return LuckOfTheDrawGame()
    raise ConfigError(f"unknown game {game_id!r}")


def _red_dog(
    switches: dict[str, Any] | None, seats: int | None, paytable: str | dict[str, Any] | None
) -> Any:
    from table_controller.games.red_dog.machine import RedDogGame
    from table_controller.games.red_dog.switches import Switches, pay_table

    sw = Switches.from_dict(switches)
    n = 7 if seats is None else seats
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 7:
        raise ConfigError(f"Red Dog seats 1 to 7 (got {seats!r})")
    return RedDogGame(sw, pay_table(sw, paytable), n)
