// Hand evaluation and one pay table's pays: the port of generator/solve/evaluate.py (the generic
// evaluator: a family's categories in pay order, the first one a hand can make winning),
// generator/solve/codes.py (the fine code layout) and generator/solve/categories.py (which pay
// line a code is paid on). No family is named here: each is data, the FAMILIES block below,
// written from generator/solve/families.py (`python -m generator.solve.families`; a test checks
// the two agree).
//
// Cards are rank * 4 + suit (0..51), then the family's other cards by name (52 and 53: jokers;
// Five Aces' 52: the star ace, a fifth suit that never makes a flush). A hand is tested for "can
// these five cards make it", the family's wild cards (any set of cards, in kinds a category may
// count) standing for whatever helps; a natural category reads a wild card with a face (a deuce,
// a seven, a one-eyed jack) as that plain card, and no hand holding a joker makes one.
//
// No import/export: attaches to globalThis.vpcharts.evaluator (see cards.js for why).
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});

  // BEGIN FAMILIES (written by `python -m generator.solve.families`: do not edit)
  const FAMILIES = {
    "natural": {"categories":[{"by_rank":"","exactly":{},"hand":"royal_flush","key":"royal_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight_flush","key":"straight_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"quads","exactly":{},"hand":"four_of_a_kind","key":"four_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"full_house","key":"full_house","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"flush","key":"flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight","key":"straight","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"three_of_a_kind","key":"three_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"two_pair","key":"two_pair","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"pair","exactly":{},"hand":"pair","key":"pair","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]}],"deck":["2c","2d","2h","2s","3c","3d","3h","3s","4c","4d","4h","4s","5c","5d","5h","5s","6c","6d","6h","6s","7c","7d","7h","7s","8c","8d","8h","8s","9c","9d","9h","9s","Tc","Td","Th","Ts","Jc","Jd","Jh","Js","Qc","Qd","Qh","Qs","Kc","Kd","Kh","Ks","Ac","Ad","Ah","As"],"wild":[]},
    "deuces": {"categories":[{"by_rank":"","exactly":{},"hand":"royal_flush","key":"natural_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":true,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{"deuces":4},"hand":"wild_cards","key":"four_deuces","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"royal_flush","key":"wild_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"five_of_a_kind","key":"five_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight_flush","key":"straight_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"four_of_a_kind","key":"four_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"full_house","key":"full_house","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"flush","key":"flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight","key":"straight","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"three_of_a_kind","key":"three_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]}],"deck":["2c","2d","2h","2s","3c","3d","3h","3s","4c","4d","4h","4s","5c","5d","5h","5s","6c","6d","6h","6s","7c","7d","7h","7s","8c","8d","8h","8s","9c","9d","9h","9s","Tc","Td","Th","Ts","Jc","Jd","Jh","Js","Qc","Qd","Qh","Qs","Kc","Kd","Kh","Ks","Ac","Ad","Ah","As"],"wild":[{"cards":["2c","2d","2h","2s"],"name":"deuces"}]},
    "bonus_deuces": {"categories":[{"by_rank":"","exactly":{},"hand":"royal_flush","key":"natural_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":true,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{"deuces":4},"hand":"wild_cards","key":"four_deuces_with_ace","kicker":[12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{"deuces":4},"hand":"wild_cards","key":"four_deuces","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"five_of_a_kind","key":"five_aces","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[12]},{"by_rank":"","exactly":{},"hand":"five_of_a_kind","key":"five_3_5","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[1,2,3]},{"by_rank":"","exactly":{},"hand":"royal_flush","key":"wild_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"five_of_a_kind","key":"five_6_k","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[4,5,6,7,8,9,10,11]},{"by_rank":"","exactly":{},"hand":"straight_flush","key":"straight_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"four_of_a_kind","key":"four_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"full_house","key":"full_house","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"flush","key":"flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight","key":"straight","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"three_of_a_kind","key":"three_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]}],"deck":["2c","2d","2h","2s","3c","3d","3h","3s","4c","4d","4h","4s","5c","5d","5h","5s","6c","6d","6h","6s","7c","7d","7h","7s","8c","8d","8h","8s","9c","9d","9h","9s","Tc","Td","Th","Ts","Jc","Jd","Jh","Js","Qc","Qd","Qh","Qs","Kc","Kd","Kh","Ks","Ac","Ad","Ah","As"],"wild":[{"cards":["2c","2d","2h","2s"],"name":"deuces"}]},
    "deuces_double_double": {"categories":[{"by_rank":"","exactly":{},"hand":"royal_flush","key":"natural_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":true,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"four_of_a_kind","key":"four_aces_with_2_4","kicker":[0,1,2],"natural":true,"ranks":[12]},{"by_rank":"","exactly":{},"hand":"four_of_a_kind","key":"four_3_4_with_a_4","kicker":[0,1,2,12],"natural":true,"ranks":[1,2]},{"by_rank":"","exactly":{},"hand":"four_of_a_kind","key":"four_aces","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":true,"ranks":[12]},{"by_rank":"","exactly":{"deuces":4},"hand":"wild_cards","key":"four_deuces","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"four_of_a_kind","key":"four_3_4","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":true,"ranks":[1,2]},{"by_rank":"","exactly":{},"hand":"four_of_a_kind","key":"four_5_k","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":true,"ranks":[3,4,5,6,7,8,9,10,11]},{"by_rank":"","exactly":{},"hand":"royal_flush","key":"wild_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"five_of_a_kind","key":"five_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight_flush","key":"straight_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"four_of_a_kind","key":"four_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"full_house","key":"full_house","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"flush","key":"flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight","key":"straight","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"three_of_a_kind","key":"three_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]}],"deck":["2c","2d","2h","2s","3c","3d","3h","3s","4c","4d","4h","4s","5c","5d","5h","5s","6c","6d","6h","6s","7c","7d","7h","7s","8c","8d","8h","8s","9c","9d","9h","9s","Tc","Td","Th","Ts","Jc","Jd","Jh","Js","Qc","Qd","Qh","Qs","Kc","Kd","Kh","Ks","Ac","Ad","Ah","As"],"wild":[{"cards":["2c","2d","2h","2s"],"name":"deuces"}]},
    "deuces_joker": {"categories":[{"by_rank":"","exactly":{"deuces":4,"joker":1},"hand":"wild_cards","key":"five_wild","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"royal_flush","key":"natural_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":true,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{"deuces":4},"hand":"wild_cards","key":"four_deuces","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"royal_flush","key":"wild_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"five_of_a_kind","key":"five_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight_flush","key":"straight_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"four_of_a_kind","key":"four_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"full_house","key":"full_house","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"flush","key":"flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight","key":"straight","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"three_of_a_kind","key":"three_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]}],"deck":["2c","2d","2h","2s","3c","3d","3h","3s","4c","4d","4h","4s","5c","5d","5h","5s","6c","6d","6h","6s","7c","7d","7h","7s","8c","8d","8h","8s","9c","9d","9h","9s","Tc","Td","Th","Ts","Jc","Jd","Jh","Js","Qc","Qd","Qh","Qs","Kc","Kd","Kh","Ks","Ac","Ad","Ah","As","Jk"],"wild":[{"cards":["2c","2d","2h","2s"],"name":"deuces"},{"cards":["Jk"],"name":"joker"}]},
    "joker": {"categories":[{"by_rank":"","exactly":{},"hand":"royal_flush","key":"natural_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":true,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"five_of_a_kind","key":"five_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"royal_flush","key":"wild_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight_flush","key":"straight_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"four_of_a_kind","key":"four_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"full_house","key":"full_house","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"flush","key":"flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight","key":"straight","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"three_of_a_kind","key":"three_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"two_pair","key":"two_pair","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"pair","exactly":{},"hand":"pair","key":"pair","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]}],"deck":["2c","2d","2h","2s","3c","3d","3h","3s","4c","4d","4h","4s","5c","5d","5h","5s","6c","6d","6h","6s","7c","7d","7h","7s","8c","8d","8h","8s","9c","9d","9h","9s","Tc","Td","Th","Ts","Jc","Jd","Jh","Js","Qc","Qd","Qh","Qs","Kc","Kd","Kh","Ks","Ac","Ad","Ah","As","Jk"],"wild":[{"cards":["Jk"],"name":"joker"}]},
    "double_joker": {"categories":[{"by_rank":"","exactly":{},"hand":"royal_flush","key":"natural_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":true,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"royal_flush","key":"wild_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"five_of_a_kind","key":"five_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight_flush","key":"straight_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"four_of_a_kind","key":"four_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"full_house","key":"full_house","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"flush","key":"flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight","key":"straight","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"three_of_a_kind","key":"three_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"two_pair","key":"two_pair","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]}],"deck":["2c","2d","2h","2s","3c","3d","3h","3s","4c","4d","4h","4s","5c","5d","5h","5s","6c","6d","6h","6s","7c","7d","7h","7s","8c","8d","8h","8s","9c","9d","9h","9s","Tc","Td","Th","Ts","Jc","Jd","Jh","Js","Qc","Qd","Qh","Qs","Kc","Kd","Kh","Ks","Ac","Ad","Ah","As","Jk","Jk"],"wild":[{"cards":["Jk"],"name":"jokers"}]},
    "sevens": {"categories":[{"by_rank":"","exactly":{},"hand":"royal_flush","key":"natural_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":true,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{"sevens":4},"hand":"wild_cards","key":"four_sevens","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"royal_flush","key":"wild_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"five_of_a_kind","key":"five_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight_flush","key":"straight_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"four_of_a_kind","key":"four_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"full_house","key":"full_house","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"flush","key":"flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight","key":"straight","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"three_of_a_kind","key":"three_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]}],"deck":["2c","2d","2h","2s","3c","3d","3h","3s","4c","4d","4h","4s","5c","5d","5h","5s","6c","6d","6h","6s","7c","7d","7h","7s","8c","8d","8h","8s","9c","9d","9h","9s","Tc","Td","Th","Ts","Jc","Jd","Jh","Js","Qc","Qd","Qh","Qs","Kc","Kd","Kh","Ks","Ac","Ad","Ah","As"],"wild":[{"cards":["7c","7d","7h","7s"],"name":"sevens"}]},
    "sevens_joker": {"categories":[{"by_rank":"","exactly":{"joker":1,"sevens":4},"hand":"wild_cards","key":"five_wild","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"royal_flush","key":"natural_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":true,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{"joker":0,"sevens":4},"hand":"wild_cards","key":"four_sevens","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"royal_flush","key":"wild_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"five_of_a_kind","key":"five_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight_flush","key":"straight_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"four_of_a_kind","key":"four_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"full_house","key":"full_house","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"flush","key":"flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight","key":"straight","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"three_of_a_kind","key":"three_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]}],"deck":["2c","2d","2h","2s","3c","3d","3h","3s","4c","4d","4h","4s","5c","5d","5h","5s","6c","6d","6h","6s","7c","7d","7h","7s","8c","8d","8h","8s","9c","9d","9h","9s","Tc","Td","Th","Ts","Jc","Jd","Jh","Js","Qc","Qd","Qh","Qs","Kc","Kd","Kh","Ks","Ac","Ad","Ah","As","Jk"],"wild":[{"cards":["7c","7d","7h","7s"],"name":"sevens"},{"cards":["Jk"],"name":"joker"}]},
    "one_eyed_jacks": {"categories":[{"by_rank":"","exactly":{},"hand":"royal_flush","key":"natural_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":true,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"royal_flush","key":"wild_royal","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"five_of_a_kind","key":"five_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight_flush","key":"straight_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"four_of_a_kind","key":"four_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"full_house","key":"full_house","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"flush","key":"flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight","key":"straight","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"three_of_a_kind","key":"three_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"two_pair","key":"two_pair","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]}],"deck":["2c","2d","2h","2s","3c","3d","3h","3s","4c","4d","4h","4s","5c","5d","5h","5s","6c","6d","6h","6s","7c","7d","7h","7s","8c","8d","8h","8s","9c","9d","9h","9s","Tc","Td","Th","Ts","Jc","Jd","Jh","Js","Qc","Qd","Qh","Qs","Kc","Kd","Kh","Ks","Ac","Ad","Ah","As"],"wild":[{"cards":["Jh","Js"],"name":"one_eyed_jacks"}]},
    "five_aces": {"categories":[{"by_rank":"","exactly":{},"hand":"five_of_a_kind","key":"five_aces","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[12]},{"by_rank":"","exactly":{},"hand":"royal_flush","key":"royal_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight_flush","key":"straight_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"quads","exactly":{},"hand":"four_of_a_kind","key":"four_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"full_house","key":"full_house","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"flush","key":"flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight","key":"straight","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"three_of_a_kind","key":"three_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"two_pair","key":"two_pair","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"pair","exactly":{},"hand":"pair","key":"pair","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]}],"deck":["2c","2d","2h","2s","3c","3d","3h","3s","4c","4d","4h","4s","5c","5d","5h","5s","6c","6d","6h","6s","7c","7d","7h","7s","8c","8d","8h","8s","9c","9d","9h","9s","Tc","Td","Th","Ts","Jc","Jd","Jh","Js","Qc","Qd","Qh","Qs","Kc","Kd","Kh","Ks","Ac","Ad","Ah","As","A*"],"wild":[]},
    "black_jack_bonus": {"categories":[{"by_rank":"","exactly":{},"hand":"royal_flush","key":"royal_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight_flush","key":"straight_flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"four_of_a_kind","key":"four_aces_black_jack","kicker":[9],"kicker_suits":[0,3],"natural":false,"ranks":[12]},{"by_rank":"","exactly":{},"hand":"four_of_a_kind","key":"four_2_4_black_jack","kicker":[9],"kicker_suits":[0,3],"natural":false,"ranks":[0,1,2]},{"by_rank":"","exactly":{},"hand":"four_of_a_kind","key":"four_5_k_black_jack","kicker":[9],"kicker_suits":[0,3],"natural":false,"ranks":[3,4,5,6,7,8,9,10,11]},{"by_rank":"","exactly":{},"hand":"four_of_a_kind","key":"four_aces_jacks","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[9,12]},{"by_rank":"","exactly":{},"hand":"four_of_a_kind","key":"four_2_4","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2]},{"by_rank":"","exactly":{},"hand":"four_of_a_kind","key":"four_5_k","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[3,4,5,6,7,8,9,10,11]},{"by_rank":"","exactly":{},"hand":"full_house","key":"full_house","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"flush","key":"flush","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"straight","key":"straight","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"three_of_a_kind","key":"three_of_a_kind","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"","exactly":{},"hand":"two_pair","key":"two_pair","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]},{"by_rank":"pair","exactly":{},"hand":"pair","key":"pair","kicker":[0,1,2,3,4,5,6,7,8,9,10,11,12],"natural":false,"ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12]}],"deck":["2c","2d","2h","2s","3c","3d","3h","3s","4c","4d","4h","4s","5c","5d","5h","5s","6c","6d","6h","6s","7c","7d","7h","7s","8c","8d","8h","8s","9c","9d","9h","9s","Tc","Td","Th","Ts","Jc","Jd","Jh","Js","Qc","Qd","Qh","Qs","Kc","Kd","Kh","Ks","Ac","Ad","Ah","As"],"wild":[]},
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
  const ALL_SUITS_MASK = 0x1f; // the four suits and the star of a fifth ace
  const EXPAND = { "": 0, pair: 1, quads: 2 };
  const EXPAND_CODES = [1, 13, 169]; // codes per category: one; per pair rank; per quad rank * kicker
  // Columns of a rule row (codes.py): then one per wild kind, the count of it a category needs.
  const HAND = 0, NATURAL = 1, RANK_MASK = 2, KICKER_MASK = 3, KICKER_SUITS = 4, BY_RANK = 5, BASE = 6, COUNTS = 7;
  const MAX_WILD_KINDS = 3;
  const COLUMNS = COUNTS + MAX_WILD_KINDS;
  const CARD_RANKS = "23456789TJQKA", CARD_SUITS = "cdhs*"; // families.face: "*" is the star
  // Feature slots (evaluate._features).
  const W = 0, RANKS = 1, SUITED = 2, LONGEST = 3, KIND_RANK = 4, PAIR_RANKS = 5, SINGLES = 6, KICKER = 7;
  const TOP_RANK = 8, PAIR_RANK = 9, KICKER_SUIT_MASK = 10, TOP_SUIT_MASK = 11;

  function mask(ranks) {
    let out = 0;
    for (const r of ranks) out |= 1 << r;
    return out;
  }

  const compiled = new Map();

  /** families.face: [rank, suit] of a card name; the joker [-1, -1]. */
  function face(name) {
    if (name === "Jk") return [-1, -1];
    return [CARD_RANKS.indexOf(name[0]), CARD_SUITS.indexOf(name[1])];
  }

  // The 24 suit permutations, in lexicographic order (perm[suit] is its image).
  const PERMUTATIONS = [];
  for (const a of [0, 1, 2, 3]) for (const b of [0, 1, 2, 3]) for (const c of [0, 1, 2, 3]) {
    const d = 6 - a - b - c;
    if (new Set([a, b, c, d]).size === 4) PERMUTATIONS.push([a, b, c, d]);
  }

  /** The suit permutations that keep each card's wild kind and kicker marks (Family.suit_group,
   * in the same order): all 24 but where the wild cards or a kicker single out suits (the
   * one-eyed jacks, a black jack). Cards outside the four suits stay put. */
  function suitGroup(ranks, suits, kinds, kickerMarks) {
    return PERMUTATIONS.filter((perm) => kinds.every((kind, card) => {
      if (suits[card] < 0 || suits[card] > 3) return true;
      const image = ranks[card] * 4 + perm[suits[card]];
      return kinds[image] === kind && kickerMarks[image] === kickerMarks[card];
    }));
  }

  /**
   * A family ready to evaluate, by key ("natural", "deuces", ...): {key, deckSize, jokers,
   * group (its suit permutations, `suitGroup`), allSuits (whether they are all 24), ranks, suits, kinds,
   * kickerMarks (per card: rank, suit, wild kind 0 none or 1 + index, the categories whose
   * kicker of named suits it may be as bits), categories (the data), rules (an
   * Int32Array of rows, as codes.rules), nRules, codeCount, nothing (the code of a hand paying
   * nothing)}.
   */
  function family(key) {
    if (typeof key !== "string") return key; // already compiled
    let out = compiled.get(key);
    if (out !== undefined) return out;
    const data = FAMILIES[key];
    if (data === undefined) throw new Error(`unknown family ${key}`);
    const kindNames = data.wild.map((kind) => kind.name);
    const rules = new Int32Array(data.categories.length * COLUMNS);
    let base = 0;
    data.categories.forEach((c, i) => {
      const expand = EXPAND[c.by_rank];
      if (expand === undefined || !HANDS.includes(c.hand)) throw new Error(`bad category ${JSON.stringify(c)}`);
      const counts = new Array(MAX_WILD_KINDS).fill(-1);
      for (const [name, count] of Object.entries(c.exactly)) counts[kindNames.indexOf(name)] = count;
      const kickerSuits = c.kicker_suits ? mask(c.kicker_suits) : ALL_SUITS_MASK;
      rules.set([HANDS.indexOf(c.hand), c.natural ? 1 : 0, mask(c.ranks), mask(c.kicker), kickerSuits, expand, base,
        ...counts], i * COLUMNS);
      base += EXPAND_CODES[expand];
    });
    const n = data.deck.length;
    const ranks = new Int32Array(n), suits = new Int32Array(n), kinds = new Int32Array(n);
    const kickerMarks = new Int32Array(n);
    data.deck.forEach((name, card) => {
      [ranks[card], suits[card]] = face(name);
      kinds[card] = data.wild.findIndex((kind) => kind.cards.includes(name)) + 1;
      // (bit i: a kicker category i asks of by suit may be this card: Family.kicker_cards)
      data.categories.forEach((c, i) => {
        if (c.kicker_suits && c.kicker.includes(ranks[card]) && c.kicker_suits.includes(suits[card])) {
          kickerMarks[card] |= 1 << i;
        }
      });
    });
    const group = suitGroup(ranks, suits, kinds, kickerMarks);
    out = {
      key, deckSize: n,
      jokers: data.deck.filter((name) => name === "Jk").length,
      group, allSuits: group.length === 24,
      ranks, suits, kinds, kickerMarks, held: new Int32Array(MAX_WILD_KINDS),
      categories: data.categories, rules, nRules: data.categories.length, codeCount: base + 1,
      nothing: base, wildPlay: new Int32Array(12), naturalPlay: new Int32Array(12), counts: new Int32Array(13),
    };
    compiled.set(key, out);
    return out;
  }

  function fitsStraight(rankMask) {
    if ((rankMask & ~WHEEL_MASK) === 0) return true;
    for (let low = 0; low < 9; low++) if ((rankMask & ~(0x1f << low)) === 0) return true;
    return false;
  }

  /** evaluate._features into `out` (`natural`: wild cards with a face read as plain): wild cards, natural rank mask, natural cards suited, longest
   * run of one natural rank, its rank (the highest of equal runs; all wild: aces), natural ranks
   * held twice or more, natural ranks held once, the highest natural card outside the longest
   * run (-1: none), the highest natural card (-1: none), the rank a pair is of, the suits of the
   * natural cards of the kicker's rank as a mask (beside four of a kind: the kicker's suit), and
   * of the highest natural card's rank (beside four wild cards: its suit). */
  function features(c, F, natural, out) {
    const counts = F.counts;
    counts.fill(0);
    let wild = 0, rankMask = 0, suit = -1, suited = 1;
    for (let i = 0; i < 5; i++) {
      const card = c[i];
      const r = F.ranks[card];
      if (F.kinds[card] > 0 && !(natural && r >= 0)) {
        wild += 1;
        continue;
      }
      const s = F.suits[card];
      if (s > 3) suited = 0; // outside the four suits: no flush
      else if (suit < 0) suit = s;
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
    let kickerSuits = 0, topSuits = 0;
    for (let i = 0; i < 5; i++) {
      const card = c[i];
      const r = F.ranks[card];
      if (F.kinds[card] > 0 && !(natural && r >= 0)) continue;
      if (r === kicker) kickerSuits |= 1 << F.suits[card];
      if (r === topRank) topSuits |= 1 << F.suits[card];
    }
    out[KICKER_SUIT_MASK] = kickerSuits;
    out[TOP_SUIT_MASK] = topSuits;
    return out;
  }

  /** evaluate._made: whether a hand with these features makes this poker hand. */
  function made(hand, f) {
    const wild = f[W], longest = f[LONGEST];
    switch (hand) {
      case WILD_CARDS: return true; // the counts of the wild kinds are the whole test
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
   * the wild cards with a face as plain cards, and no hand holding a joker makes one.
   */
  function fineCode(fam, c) {
    const F = typeof fam === "string" ? family(fam) : fam;
    const rules = F.rules;
    const held = F.held;
    held.fill(0);
    let faced = 0, faceless = 0;
    for (let i = 0; i < 5; i++) {
      const kind = F.kinds[c[i]];
      if (kind > 0) {
        held[kind - 1] += 1;
        if (F.ranks[c[i]] >= 0) faced += 1;
        else faceless += 1;
      }
    }
    const wildPlay = features(c, F, false, F.wildPlay);
    // Without wild cards with a face the natural reading is the same; with a joker no natural
    // category applies.
    let naturalPlay = faced === 0 ? wildPlay : null;
    for (let i = 0, row = 0; i < F.nRules; i++, row += COLUMNS) {
      const hand = rules[row + HAND];
      const natural = rules[row + NATURAL] === 1;
      if (natural && faceless) continue;
      let counted = true;
      for (let k = 0; k < MAX_WILD_KINDS; k++) {
        if (rules[row + COUNTS + k] >= 0 && held[k] !== rules[row + COUNTS + k]) counted = false;
      }
      if (!counted) continue;
      let f = wildPlay;
      if (natural) {
        if (naturalPlay === null) naturalPlay = features(c, F, true, F.naturalPlay);
        f = naturalPlay;
      }
      if (!made(hand, f)) continue;
      const kindRank = f[KIND_RANK], kicker = f[KICKER];
      // The card beside the kind: beside wild cards alone, the highest natural card.
      const beside = hand === WILD_CARDS ? f[TOP_RANK] : kicker;
      const kickerMask = rules[row + KICKER_MASK];
      if (kickerMask !== ALL_RANKS_MASK && (beside < 0 || !((kickerMask >> beside) & 1))) continue;
      const kickerSuits = rules[row + KICKER_SUITS];
      const besideSuits = hand === WILD_CARDS ? f[TOP_SUIT_MASK] : f[KICKER_SUIT_MASK];
      if (kickerSuits !== ALL_SUITS_MASK && !(kickerSuits & besideSuits)) continue;
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
