"""The bankroll stage: a solved pay table and the holds of a level in, what a session looks like out.

In: a `Solution` and the hold a level makes on every suit class (`Solution.best` for the exact
level; `prices.level_holds` for the card and simple levels, `prices.played_level` for one of them). Out: `moments.Moments`, exact
fractions: the return per hand, the two parts of its variance (within a deal, as the N hands of
a multi-play round each draw to the same hold, and between deals) and the final-hand
probabilities of one hand; from them, the variance of a round of N hands. `vpcharts bankroll`
prints them. Nothing here changes the export's cache key: the stage reads cached solutions.
"""
