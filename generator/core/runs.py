"""Ascending numbers as runs, as players and the pages list them: 1, 2, 3, 7 -> [[1, 3], [7, 7]].

The strategy stage writes ranks ("J-K") and CE numbers this way; the site lists the lines that
fall off a pocket card so ("lines 40-44, 47 overflow").
"""


def runs(numbers) -> list[list[int]]:
    """Ascending numbers as runs [first, last]: 1, 2, 3, 7 -> [[1, 3], [7, 7]]."""
    out: list[list[int]] = []
    for n in numbers:
        if out and n == out[-1][1] + 1:
            out[-1][1] = n
        else:
            out.append([n, n])
    return out
