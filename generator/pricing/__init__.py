"""The pricing stage: every pay table's export and solve in; what each card of its game returns
on its pays, and its bankroll figures, out.

  prices  a level played from its lines on every suit class once per game, priced on each pay
          table of the game by one gather of that table's EVs; the bankroll figures (from
          generator/bankroll/, which computes from the holds it is given) in the same job
"""
