"""The export stage: a pay table in, its export out: everything the pricing, the site, the pocket
card and the browser checker read of it.

  cache  `export(table)`: the solve and strategy stages run for one pay table, their results
         gathered into one JSON-ready export, kept in the cache keyed by the pay table and the
         code that shapes it
"""
