"""The Backhand series: Backhand, Buffalo Bayou Backhand and Missouri City Backhand."""

from table_controller.games.backhand.machine import BackhandGame, HandState, Variant
from table_controller.games.backhand.switches import RULES_VERSION, SWITCH_VALUES, Switches

__all__ = ["RULES_VERSION", "SWITCH_VALUES", "BackhandGame", "HandState", "Switches", "Variant"]
