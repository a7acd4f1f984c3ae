"""Red Dog (../shared/rules/red-dog.md Part A), and Split Decision with Luck of the Draw (Parts B, C)."""
