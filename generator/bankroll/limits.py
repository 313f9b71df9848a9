"""What `vpcharts bankroll` computes, at most: read by the command line (which imports no numpy)
and by the report.

- a round of at most MAX_HANDS hands: a round's distribution is an FFT of its hands (2 minutes
  for Full Pay Deuces' 100);
- a session of at most MAX_ROUNDS rounds, the page's own limit (static/js/bankroll-fields.js): the
  ruin chance is a step a round (4 s for 100,000 hands of 9/6 Jacks from 400 bets, 70 to 150 s
  for 100,000 rounds of 10-play);
- a bankroll of at most MAX_BANKROLL bets: more than any session of MAX_ROUNDS rounds of one hand
  can lose, so a larger one would only print more digits; and at least a round's stake (HANDS
  bets), or the first round could not be paid.
"""

from fractions import Fraction

from ..core.errors import VpchartsError

MAX_HANDS = 100
MAX_ROUNDS = 100_000
MAX_BANKROLL = 1_000_000


def check_session(bankroll, rounds: int | None, hands: int) -> None:
    """Refuse a session the command cannot compute, before any pay table is solved: a bankroll
    without rounds or rounds without a bankroll (either alone used to be ignored), a bankroll
    under a round's stake, and (for callers other than the command line, whose option types
    say the same) a value past its limit."""
    if not 1 <= hands <= MAX_HANDS:
        raise VpchartsError(f"--hands {hands}: expected a whole number from 1 to {MAX_HANDS}")
    if bankroll is None and rounds is None:
        return
    if rounds is None:
        raise VpchartsError(f"--bankroll {Fraction(bankroll)}: a session needs --rounds too (a "
                            f"whole number from 1 to {MAX_ROUNDS:,})")
    if bankroll is None:
        raise VpchartsError(f"--rounds {rounds}: a session needs --bankroll too (a number of "
                            f"bets from {hands} to {MAX_BANKROLL:,})")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise VpchartsError(f"--rounds {rounds}: expected a whole number from 1 to "
                            f"{MAX_ROUNDS:,}")
    if not hands <= Fraction(bankroll) <= MAX_BANKROLL:
        stake = f"a round of {hands} hand{'s' if hands > 1 else ''} stakes {hands} bet" + \
            ("s" if hands > 1 else "")
        raise VpchartsError(f"--bankroll {float(bankroll):g}: {stake}; expected a number of bets "
                            f"from {hands} to {MAX_BANKROLL:,}")
