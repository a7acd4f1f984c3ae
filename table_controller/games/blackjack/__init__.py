"""Blackjack with the Dead Man's Hand side bet (../shared/rules/blackjack.md)."""
