"""The HTTP API, split by area: reading the state, the dealer's console, the pit boss."""
