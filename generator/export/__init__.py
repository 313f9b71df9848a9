"""The export stage: a pay table in, its export out: everything the pricing, the site, the pocket
card and the browser checker read of it.

  cache    `export(table)`: the solve and strategy stages run for one pay table, their results
           gathered into one JSON-ready export, kept in the cache keyed by the pay table and the
           code that shapes it
  compute  the export computed (numpy and the strategy stage)
  records  the export as typed records (`Export`), read by the pricing and the site
  ultimate_x_records
           an Ultimate X game's export as typed records (`UltimateXExport`), made by
           generator/ultimate_x/export.py; here, where the site may read them
"""
