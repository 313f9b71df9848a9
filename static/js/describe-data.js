// Written by `python -m generator.strategy.describe_data`: do not edit. Each family's
// facts the line words read (describe.js), from generator/solve/families.toml and
// generator/core/wild_words.py.
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});
  ns.describeData = {
    "natural": {"five_ranks":[],"held":[""],"jackpots":[],"kicker_name":"","marks":[""],"natural_ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12],"suitless":[],"wild_count":0,"wild_kinds":0,"wild_suits":[]},
    "deuces": {"five_ranks":[],"held":["","1 deuce","2 deuces","3 deuces","4 deuces"],"jackpots":[{"kicker":null,"label":"Four Deuces","wild_held":4}],"kicker_name":"","marks":["","1D","2D","3D","4D"],"natural_ranks":[1,2,3,4,5,6,7,8,9,10,11,12],"suitless":[],"wild_count":4,"wild_kinds":1,"wild_suits":[0,1,2,3]},
    "bonus_deuces": {"five_ranks":[],"held":["","1 deuce","2 deuces","3 deuces","4 deuces"],"jackpots":[{"kicker":[12],"label":"Four Deuces with an Ace","wild_held":4},{"kicker":null,"label":"Four Deuces","wild_held":4}],"kicker_name":"","marks":["","1D","2D","3D","4D"],"natural_ranks":[1,2,3,4,5,6,7,8,9,10,11,12],"suitless":[],"wild_count":4,"wild_kinds":1,"wild_suits":[0,1,2,3]},
    "deuces_double_double": {"five_ranks":[],"held":["","1 deuce","2 deuces","3 deuces","4 deuces"],"jackpots":[{"kicker":null,"label":"Four Deuces","wild_held":4}],"kicker_name":"","marks":["","1D","2D","3D","4D"],"natural_ranks":[1,2,3,4,5,6,7,8,9,10,11,12],"suitless":[],"wild_count":4,"wild_kinds":1,"wild_suits":[0,1,2,3]},
    "deuces_joker": {"five_ranks":[],"held":["","1 wild card","2 wild cards","3 wild cards","4 wild cards","5 wild cards"],"jackpots":[{"kicker":null,"label":"Four Deuces with the Joker","wild_held":5},{"kicker":null,"label":"Four Deuces","wild_held":4}],"kicker_name":"","marks":["","1DJ","2DJ","3DJ","4DJ","5DJ"],"natural_ranks":[1,2,3,4,5,6,7,8,9,10,11,12],"suitless":[],"wild_count":5,"wild_kinds":2,"wild_suits":[0,1,2,3]},
    "joker": {"five_ranks":[],"held":["","the joker"],"jackpots":[],"kicker_name":"","marks":["","Jkr"],"natural_ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12],"suitless":[],"wild_count":1,"wild_kinds":1,"wild_suits":[]},
    "double_joker": {"five_ranks":[],"held":["","a joker","both jokers"],"jackpots":[],"kicker_name":"","marks":["","Jkr","2Jkr"],"natural_ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12],"suitless":[],"wild_count":2,"wild_kinds":1,"wild_suits":[]},
    "sevens": {"five_ranks":[],"held":["","1 seven","2 sevens","3 sevens","4 sevens"],"jackpots":[{"kicker":null,"label":"Four Sevens","wild_held":4}],"kicker_name":"","marks":["","1Sv","2Sv","3Sv","4Sv"],"natural_ranks":[0,1,2,3,4,6,7,8,9,10,11,12],"suitless":[],"wild_count":4,"wild_kinds":1,"wild_suits":[0,1,2,3]},
    "sevens_joker": {"five_ranks":[],"held":["","1 wild card","2 wild cards","3 wild cards","4 wild cards","5 wild cards"],"jackpots":[{"kicker":null,"label":"Five Wilds","wild_held":5},{"kicker":null,"label":"Natural Four Sevens","wild_held":4}],"kicker_name":"","marks":["","1SJ","2SJ","3SJ","4SJ","5SJ"],"natural_ranks":[0,1,2,3,4,6,7,8,9,10,11,12],"suitless":[],"wild_count":5,"wild_kinds":2,"wild_suits":[0,1,2,3]},
    "one_eyed_jacks": {"five_ranks":[],"held":["","a one-eyed jack","both one-eyed jacks"],"jackpots":[],"kicker_name":"","marks":["","OEJ","2OEJ"],"natural_ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12],"suitless":[],"wild_count":2,"wild_kinds":1,"wild_suits":[2,3]},
    "five_aces": {"five_ranks":[12],"held":[""],"jackpots":[],"kicker_name":"","marks":[""],"natural_ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12],"suitless":["A★"],"wild_count":0,"wild_kinds":0,"wild_suits":[]},
    "black_jack_bonus": {"five_ranks":[],"held":[""],"jackpots":[],"kicker_name":"black jack","marks":[""],"natural_ranks":[0,1,2,3,4,5,6,7,8,9,10,11,12],"suitless":[],"wild_count":0,"wild_kinds":0,"wild_suits":[]},
  };
})(globalThis);
