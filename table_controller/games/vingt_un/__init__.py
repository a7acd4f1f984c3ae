"""Vingt-un, the historical 21 (../shared/rules/vingt-un.md): the house as banker, staking after
the first card, the banker's double, naturals, dividing pairs, one pack dealt through."""
