"""Farmer (../shared/rules/farmer.md): the players pay one another, the farm goes to an exact 16."""
