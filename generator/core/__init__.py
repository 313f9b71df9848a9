"""The ground floor every stage stands on; it imports no other package of vpcharts.

  cards       cards as ints (`rank * 4 + suit`, 52 the joker) and their text at the edges
  errors      the exception tree and its exit statuses, the one-line messages
  faults      fault injection for the tests (`VPCHARTS_FAULT`)
  decimals    exact fractions as decimal text, with no float on the way
  store       the cache folder: sealed entries, numpy archives, one writer at a time
  options     the command line's value types, each with its range
  line_parts  a strategy line in parts and its two wordings (text, notation), which the
              strategy stage makes and the site, the card and the checker render
"""
