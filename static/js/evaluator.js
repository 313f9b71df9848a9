// Hand evaluation and one pay table's pays: the port of generator/solve/evaluate.py (the generic
// evaluator: a family's categories in pay order, the first one a hand can make winning),
// generator/solve/codes.py (the fine code layout) and generator/solve/categories.py (which pay
// line a code is paid on). No family is named here: each is data, the FAMILIES block below,
// written from generator/solve/families.py (`python -m generator.solve.families`; a test checks
// the two agree).
//
// Cards are rank * 4 + suit (0..51); 52 and 53 are the jokers. A hand is tested for "can these
// five cards make it", wild cards (the deuces where they are wild, and the jokers) standing for
// whatever helps; a natural category reads the deuces as plain 2s, and no hand holding a joker
// makes one.
//
// No import/export: attaches to globalThis.vpcharts.evaluator (see cards.js for why).
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});

  // BEGIN FAMILIES (written by `python -m generator.solve.families`: do not edit)
  const FAMILIES = {
    "natural": {"categories":[{"by_rank":"","deuces":null,"hand":"royal_flush","jokers":null,"key":"royal_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"straight_flush","jokers":null,"key":"straight_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"quads","deuces":null,"hand":"four_of_a_kind","jokers":null,"key":"four_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"full_house","jokers":null,"key":"full_house","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"flush","jokers":null,"key":"flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"straight","jokers":null,"key":"straight","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"three_of_a_kind","jokers":null,"key":"three_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"two_pair","jokers":null,"key":"two_pair","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"pair","deuces":null,"hand":"pair","jokers":null,"key":"pair","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]}],"deck_size":52,"deuces_wild":false},
    "deuces": {"categories":[{"by_rank":"","deuces":null,"hand":"royal_flush","jokers":null,"key":"natural_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":true,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":4,"hand":"wild_cards","jokers":null,"key":"four_deuces","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"royal_flush","jokers":null,"key":"wild_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"five_of_a_kind","jokers":null,"key":"five_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"straight_flush","jokers":null,"key":"straight_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"four_of_a_kind","jokers":null,"key":"four_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"full_house","jokers":null,"key":"full_house","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"flush","jokers":null,"key":"flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"straight","jokers":null,"key":"straight","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"three_of_a_kind","jokers":null,"key":"three_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]}],"deck_size":52,"deuces_wild":true},
    "bonus_deuces": {"categories":[{"by_rank":"","deuces":null,"hand":"royal_flush","jokers":null,"key":"natural_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":true,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":4,"hand":"wild_cards","jokers":null,"key":"four_deuces_with_ace","kicker":[12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":4,"hand":"wild_cards","jokers":null,"key":"four_deuces","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"five_of_a_kind","jokers":null,"key":"five_aces","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[12]},{"by_rank":"","deuces":null,"hand":"five_of_a_kind","jokers":null,"key":"five_3_5","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[1,2,3]},{"by_rank":"","deuces":null,"hand":"royal_flush","jokers":null,"key":"wild_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"five_of_a_kind","jokers":null,"key":"five_6_k","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[4,5,6,7,8,9,10,11]},{"by_rank":"","deuces":null,"hand":"straight_flush","jokers":null,"key":"straight_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"four_of_a_kind","jokers":null,"key":"four_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"full_house","jokers":null,"key":"full_house","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"flush","jokers":null,"key":"flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"straight","jokers":null,"key":"straight","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"three_of_a_kind","jokers":null,"key":"three_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]}],"deck_size":52,"deuces_wild":true},
    "deuces_double_double": {"categories":[{"by_rank":"","deuces":null,"hand":"royal_flush","jokers":null,"key":"natural_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":true,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"four_of_a_kind","jokers":null,"key":"four_aces_with_2_4","kicker":[0,1,2],"natural":true,"ranks":[12]},{"by_rank":"","deuces":null,"hand":"four_of_a_kind","jokers":null,"key":"four_3_4_with_a_4","kicker":[0,1,2,12],"natural":true,"ranks":[1,2]},{"by_rank":"","deuces":null,"hand":"four_of_a_kind","jokers":null,"key":"four_aces","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":true,"ranks":[12]},{"by_rank":"","deuces":4,"hand":"wild_cards","jokers":null,"key":"four_deuces","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"four_of_a_kind","jokers":null,"key":"four_3_4","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":true,"ranks":[1,2]},{"by_rank":"","deuces":null,"hand":"four_of_a_kind","jokers":null,"key":"four_5_k","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":true,"ranks":[3,4,5,6,7,8,9,10,11]},{"by_rank":"","deuces":null,"hand":"royal_flush","jokers":null,"key":"wild_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"five_of_a_kind","jokers":null,"key":"five_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"straight_flush","jokers":null,"key":"straight_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"four_of_a_kind","jokers":null,"key":"four_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"full_house","jokers":null,"key":"full_house","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"flush","jokers":null,"key":"flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"straight","jokers":null,"key":"straight","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"three_of_a_kind","jokers":null,"key":"three_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]}],"deck_size":52,"deuces_wild":true},
    "deuces_joker": {"categories":[{"by_rank":"","deuces":4,"hand":"wild_cards","jokers":1,"key":"five_wild","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"royal_flush","jokers":null,"key":"natural_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":true,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":4,"hand":"wild_cards","jokers":null,"key":"four_deuces","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"royal_flush","jokers":null,"key":"wild_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"five_of_a_kind","jokers":null,"key":"five_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"straight_flush","jokers":null,"key":"straight_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"four_of_a_kind","jokers":null,"key":"four_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"full_house","jokers":null,"key":"full_house","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"flush","jokers":null,"key":"flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"straight","jokers":null,"key":"straight","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"three_of_a_kind","jokers":null,"key":"three_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]}],"deck_size":53,"deuces_wild":true},
    "joker": {"categories":[{"by_rank":"","deuces":null,"hand":"royal_flush","jokers":null,"key":"natural_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":true,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"five_of_a_kind","jokers":null,"key":"five_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"royal_flush","jokers":null,"key":"wild_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"straight_flush","jokers":null,"key":"straight_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"four_of_a_kind","jokers":null,"key":"four_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"full_house","jokers":null,"key":"full_house","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"flush","jokers":null,"key":"flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"straight","jokers":null,"key":"straight","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"three_of_a_kind","jokers":null,"key":"three_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"two_pair","jokers":null,"key":"two_pair","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"pair","deuces":null,"hand":"pair","jokers":null,"key":"pair","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]}],"deck_size":53,"deuces_wild":false},
    "double_joker": {"categories":[{"by_rank":"","deuces":null,"hand":"royal_flush","jokers":null,"key":"natural_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":true,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"royal_flush","jokers":null,"key":"wild_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"five_of_a_kind","jokers":null,"key":"five_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"straight_flush","jokers":null,"key":"straight_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"four_of_a_kind","jokers":null,"key":"four_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"full_house","jokers":null,"key":"full_house","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"flush","jokers":null,"key":"flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"straight","jokers":null,"key":"straight","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"three_of_a_kind","jokers":null,"key":"three_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","deuces":null,"hand":"two_pair","jokers":null,"key":"two_pair","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]}],"deck_size":54,"deuces_wild":false},
  };
  // END FAMILIES

  // Hand ids, as families.HANDS orders them.
  const HANDS = ["wild_cards", "royal_flush", "five_of_a_kind", "straight_flush", "four_of_a_kind",
    "full_house", "flush", "straight", "three_of_a_kind", "two_pair", "pair"];
  const [WILD_CARDS, ROYAL_FLUSH, FIVE_OF_A_KIND, STRAIGHT_FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, FLUSH,
    STRAIGHT, THREE_OF_A_KIND, TWO_PAIR, PAIR] = HANDS.keys();
  const ROYAL_MASK = 0x1f00; // ranks T J Q K A
  const WHEEL_MASK = 0x100f; // ranks A 2 3 4 5
  const ALL_RANKS_MASK = 0x1fff;
  const EXPAND = { "": 0, pair: 1, quads: 2 };
  const EXPAND_CODES = [1, 13, 169]; // codes per category: one; per pair rank; per quad rank * kicker
  // Columns of a rule row (codes.py).
  const HAND = 0, NATURAL = 1, DEUCES = 2, JOKERS = 3, RANK_MASK = 4, KICKER_MASK = 5, BY_RANK = 6, BASE = 7;
  const COLUMNS = 8;
  // Feature slots (evaluate._features).
  const W = 0, RANKS = 1, SUITED = 2, LONGEST = 3, KIND_RANK = 4, PAIR_RANKS = 5, SINGLES = 6, KICKER = 7;
  const TOP_RANK = 8, PAIR_RANK = 9;

  function mask(ranks) {
    let out = 0;
    for (const r of ranks) out |= 1 << r;
    return out;
  }

  const compiled = new Map();

  /**
   * A family ready to evaluate, by key ("natural", "deuces", ...): {key, deckSize, deucesWild,
   * jokers, categories (the data), rules (an Int32Array of rows, as codes.rules), nRules,
   * codeCount, nothing (the code of a hand paying nothing)}.
   */
  function family(key) {
    if (typeof key !== "string") return key; // already compiled
    let out = compiled.get(key);
    if (out !== undefined) return out;
    const data = FAMILIES[key];
    if (data === undefined) throw new Error(`unknown family ${key}`);
    const rules = new Int32Array(data.categories.length * COLUMNS);
    let base = 0;
    data.categories.forEach((c, i) => {
      const expand = EXPAND[c.by_rank];
      if (expand === undefined || !HANDS.includes(c.hand)) throw new Error(`bad category ${JSON.stringify(c)}`);
      rules.set([HANDS.indexOf(c.hand), c.natural ? 1 : 0, c.deuces === null ? -1 : c.deuces,
        c.jokers === null ? -1 : c.jokers, mask(c.ranks), mask(c.kicker), expand, base], i * COLUMNS);
      base += EXPAND_CODES[expand];
    });
    out = {
      key, deckSize: data.deck_size, deucesWild: data.deuces_wild, jokers: data.deck_size - 52,
      categories: data.categories, rules, nRules: data.categories.length, codeCount: base + 1,
      nothing: base, wildPlay: new Int32Array(10), naturalPlay: new Int32Array(10), counts: new Int32Array(13),
    };
    compiled.set(key, out);
    return out;
  }

  function fitsStraight(rankMask) {
    if ((rankMask & ~WHEEL_MASK) === 0) return true;
    for (let low = 0; low < 9; low++) if ((rankMask & ~(0x1f << low)) === 0) return true;
    return false;
  }

  /** evaluate._features into `out`: wild cards, natural rank mask, natural cards suited, longest
   * run of one natural rank, its rank (the highest of equal runs; all wild: aces), natural ranks
   * held twice or more, natural ranks held once, the highest natural card outside the longest
   * run (-1: none), the highest natural card (-1: none), the rank a pair is of. */
  function features(c, deucesWild, counts, out) {
    counts.fill(0);
    let wild = 0, rankMask = 0, suit = -1, suited = 1;
    for (let i = 0; i < 5; i++) {
      const card = c[i];
      const r = card >> 2;
      if (card >= 52 || (deucesWild && r === 0)) {
        wild += 1;
        continue;
      }
      const s = card & 3;
      if (suit < 0) suit = s;
      else if (s !== suit) suited = 0;
      rankMask |= 1 << r;
      counts[r] += 1;
    }
    let longest = 0, kindRank = 12, pairRanks = 0, singles = 0, topPair = -1, topRank = -1;
    for (let r = 0; r < 13; r++) {
      const n = counts[r];
      if (n === 0) continue;
      topRank = r;
      if (n >= longest) {
        longest = n;
        kindRank = r;
      }
      if (n >= 2) {
        pairRanks += 1;
        topPair = r;
      } else singles += 1;
    }
    let kicker = -1;
    for (let r = 0; r < 13; r++) if (counts[r] > 0 && r !== kindRank) kicker = r;
    out[W] = wild;
    out[RANKS] = rankMask;
    out[SUITED] = suited;
    out[LONGEST] = longest;
    out[KIND_RANK] = kindRank;
    out[PAIR_RANKS] = pairRanks;
    out[SINGLES] = singles;
    out[KICKER] = kicker;
    out[TOP_RANK] = topRank;
    // A wild card pairs the highest card; all wild: aces.
    out[PAIR_RANK] = topPair >= 0 ? topPair : topRank >= 0 ? topRank : 12;
    return out;
  }

  /** evaluate._made: whether a hand with these features makes this poker hand. */
  function made(hand, f) {
    const wild = f[W], longest = f[LONGEST];
    switch (hand) {
      case WILD_CARDS: return true; // the counts of deuces and jokers are the whole test
      case ROYAL_FLUSH: return longest <= 1 && f[SUITED] === 1 && fitsStraight(f[RANKS]) && (f[RANKS] & ~ROYAL_MASK) === 0;
      case FIVE_OF_A_KIND: return longest + wild >= 5;
      case STRAIGHT_FLUSH: return longest <= 1 && f[SUITED] === 1 && fitsStraight(f[RANKS]);
      case FOUR_OF_A_KIND: return longest + wild >= 4;
      // At most two natural ranks, at most three of the longer and two of the other.
      case FULL_HOUSE: return f[PAIR_RANKS] + f[SINGLES] <= 2 && longest <= 3 && 5 - wild - longest <= 2;
      case FLUSH: return f[SUITED] === 1;
      case STRAIGHT: return longest <= 1 && fitsStraight(f[RANKS]);
      case THREE_OF_A_KIND: return longest + wild >= 3;
      case TWO_PAIR: return f[PAIR_RANKS] + Math.min(wild, f[SINGLES]) >= 2;
    }
    return longest + wild >= 2; // PAIR
  }

  /**
   * The fine code of a hand given as five cards in ascending order, under a family (its key or
   * `family(key)`): evaluate.fine_code. A natural category is made without wild cards: it reads
   * the hand with its deuces as plain 2s, and no hand holding a joker makes one.
   */
  function fineCode(fam, c) {
    const F = typeof fam === "string" ? family(fam) : fam;
    const rules = F.rules;
    let deuces = 0, jokers = 0;
    for (let i = 0; i < 5; i++) {
      if (c[i] >= 52) jokers += 1;
      else if (F.deucesWild && c[i] < 4) deuces += 1;
    }
    const wildPlay = features(c, F.deucesWild, F.counts, F.wildPlay);
    // Without deuces or jokers in the hand the natural reading is the same; with a joker no
    // natural category applies.
    let naturalPlay = deuces === 0 ? wildPlay : null;
    for (let i = 0, row = 0; i < F.nRules; i++, row += COLUMNS) {
      const hand = rules[row + HAND];
      const natural = rules[row + NATURAL] === 1;
      if (natural && jokers) continue;
      if (rules[row + DEUCES] >= 0 && deuces !== rules[row + DEUCES]) continue;
      if (rules[row + JOKERS] >= 0 && jokers !== rules[row + JOKERS]) continue;
      let f = wildPlay;
      if (natural) {
        if (naturalPlay === null) naturalPlay = features(c, false, F.counts, F.naturalPlay);
        f = naturalPlay;
      }
      if (!made(hand, f)) continue;
      const kindRank = f[KIND_RANK], kicker = f[KICKER];
      // The card beside the kind: beside wild cards alone, the highest natural card.
      const beside = hand === WILD_CARDS ? f[TOP_RANK] : kicker;
      const kickerMask = rules[row + KICKER_MASK];
      if (kickerMask !== ALL_RANKS_MASK && (beside < 0 || !((kickerMask >> beside) & 1))) continue;
      const of = hand === PAIR ? f[PAIR_RANK] : kindRank;
      const rankMask = rules[row + RANK_MASK];
      if ((hand === FIVE_OF_A_KIND || hand === FOUR_OF_A_KIND || hand === THREE_OF_A_KIND || hand === PAIR) &&
          rankMask !== ALL_RANKS_MASK && !((rankMask >> of) & 1)) continue;
      const byRank = rules[row + BY_RANK];
      if (byRank === 1) return rules[row + BASE] + f[PAIR_RANK];
      if (byRank === 2) return rules[row + BASE] + kindRank * 13 + kicker;
      return rules[row + BASE];
    }
    return F.nothing;
  }

  /** codes.code_meaning: [category index, or null for nothing; pair or quad rank, or -1; kicker,
   * or -1]. */
  function codeMeaning(fam, code) {
    const F = family(fam);
    let base = 0;
    for (let index = 0; index < F.nRules; index++) {
      const byRank = F.categories[index].by_rank;
      const size = EXPAND_CODES[EXPAND[byRank]];
      if (code < base + size) {
        const offset = code - base;
        if (byRank === "pair") return [index, offset, -1];
        if (byRank === "quads") return [index, Math.floor(offset / 13), offset % 13];
        return [index, -1, -1];
      }
      base += size;
    }
    return [null, -1, -1];
  }

  /** A pay as an exact fraction [numerator, denominator] of BigInts, from "9", "5/2" or "2.5". */
  /** A pay's text as a fraction in lowest terms [num, den], as Python's Fraction reads it: the
   * scale (the pays' common denominator) is then the build's, and the page's exact-sum limit
   * judges "489328.42" (24,466,421/50) as the build does, not as 48,932,842/100. */
  function parsePay(text) {
    const s = String(text).trim();
    let num;
    let den;
    if (s.includes("/")) {
      const [a, b] = s.split("/");
      [num, den] = [BigInt(a.trim()), BigInt(b.trim())];
    } else if (s.includes(".")) {
      const [whole, frac] = s.split(".");
      den = 10n ** BigInt(frac.length);
      num = BigInt(whole) * den + BigInt(frac);
    } else {
      [num, den] = [BigInt(s), 1n];
    }
    const common = gcd(num, den) || 1n; // (0/0 stays as it is: the caller refuses it)
    return [num / common, den / common];
  }

  function gcd(a, b) {
    while (b) [a, b] = [b, a % b];
    return a < 0n ? -a : a;
  }

  /**
   * One pay table's categories from the export's `rules`: for every fine code, the pay line it is
   * paid on (index into `labels`, the last being "Nothing") and the pay times `scale` (a BigInt
   * that clears the pays' denominators), as in categories.py. `family` is the compiled family
   * (fineCode's first argument).
   */
  function payTable(rules) {
    const fam = family(rules.family);
    if (rules.deck_size !== fam.deckSize) {
      throw new Error(`${rules.family} is played with ${fam.deckSize} cards, not ${rules.deck_size}`);
    }
    const index = {};
    const labels = [];
    const pays = [];
    // rules.pays lists every pay line, the quads rules' own lines ("quads:A with 2-4") included.
    for (const line of rules.pays) {
      index[line.key] = labels.length;
      labels.push(line.label);
      pays.push(parsePay(line.pay));
    }
    const nothing = labels.length;
    labels.push("Nothing");
    pays.push([0n, 1n]);

    function quadKey(quadRank, kicker) {
      // Kicker rules win, then rank rules, then the generic four_of_a_kind (paytable.quad_key).
      for (const rule of rules.quads) {
        if (rule.kickers !== null && rule.ranks.includes(quadRank) && rule.kickers.includes(kicker)) return "quads:" + rule.key;
      }
      for (const rule of rules.quads) if (rule.kickers === null && rule.ranks.includes(quadRank)) return "quads:" + rule.key;
      return "four_of_a_kind";
    }
    // categories._line_key: the pay line a fine code pays on, or null if it pays nothing.
    function lineKey(code) {
      const [i, rank, kicker] = codeMeaning(fam, code);
      if (i === null) return null;
      const category = fam.categories[i];
      if (category.by_rank === "quads") return quadKey(rank, kicker);
      if (category.by_rank === "pair") return rules.min_pair !== null && rank >= rules.min_pair ? "pair" : null;
      return category.key;
    }

    let scale = 1n;
    for (const [, den] of pays) scale = (scale / gcd(scale, den)) * den;
    const scaled = pays.map(([num, den]) => (num * scale) / den);
    const codeToCategory = new Uint8Array(fam.codeCount);
    for (let code = 0; code < codeToCategory.length; code++) {
      const key = lineKey(code);
      const category = key === null ? nothing : index[key];
      if (category === undefined) throw new Error(`pay table has no line ${key}`);
      codeToCategory[code] = category;
    }
    return { family: fam, deckSize: rules.deck_size, labels, pays, scale, scaledPays: scaled, codeToCategory };
  }

  ns.evaluator = { FAMILIES, HANDS, family, fineCode, codeMeaning, payTable, parsePay, gcd };
})(globalThis);
