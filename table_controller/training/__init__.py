"""Dealer training: drills that teach the procedure, score every mistake, and keep the record.

Pure drill logic (no I/O, no clock: every time is an input):

- :mod:`steps`: what a trainee enters (a card to a spot, a seat's decision, a payment, a call
  to the pit boss), parsed from the console's line, and the rule a wrong step breaks;
- :mod:`dealing`: a game driven from a deck and the seats' signals, saying the right step;
- :mod:`procedure`: the procedure drill (whole hands, each step scored), also run from a
  trainer's scenario file (:mod:`drill_file`);
- :mod:`questions`: the payout and totals drills, whose answers come from the game's own code;
- :mod:`score`: accuracy, speed and the trainer's standard.

A game takes part through what it declares (``expected()``, ``prompts()``, ``apply()``,
``Payment``) and, optionally, a ``training`` module in its own package (rule words, spots,
signals, payout and totals questions); see :mod:`gamehooks`.
"""
