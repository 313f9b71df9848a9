// Card ids and the text form of hands: the port of generator/core/cards.py.
//
// A card is rank * 4 + suit (rank 0 = deuce .. 12 = ace; suit 0..3 = clubs, diamonds, hearts,
// spades), then the deck's other cards as its family names them (`extras`, the names of cards 52
// and on): 52 is the joker, and 53 the second joker of a 54-card deck (both read "Jk"), or 52 is
// Five Aces' fifth ace, of the star suit ("A*", shown "A★"). Without `extras`, 52 and 53 are
// jokers. Text appears only at the edges, in the same formats the CLI accepts.
//
// Written with no import/export and attached to globalThis.vpcharts, so the one file loads as a
// classic <script> (pages opened from file://, where Chromium blocks module scripts), from
// importScripts in the worker, and from `import "./cards.js"` in Node tests
// (docs/design/05-checker.md, "The hold checker": why classic scripts).
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});

  const RANKS = "23456789TJQKA";
  const SUITS = "cdhs";
  const SUIT_SYMBOLS = "♣♦♥♠";
  const SUIT_NAMES = ["clubs", "diamonds", "hearts", "spades"];
  const RANK_NAMES = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace"];
  const JOKER = 52;
  const STAR = "*"; // the fifth ace's suit: typed "A*", shown "A★"
  const STAR_SYMBOL = "★";
  const JOKER_DECK = ["Jk", "Jk"]; // the names of cards 52 and 53 where no deck is given
  // Also the white (outline) suit symbols some keyboards and fonts produce.
  const SYMBOL_TO_SUIT = { "♣": "c", "♦": "d", "♥": "h", "♠": "s", "♧": "c", "♢": "d", "♡": "h", "♤": "s", "★": STAR, "☆": STAR };
  // One token: the joker (Jk or X), or a rank (2-9, T, 10, J, Q, K, A) then a suit letter or
  // the star.
  const TOKEN = /jk|x|(10|[2-9tjqka])([cdhs*])/iy;

  /** The error for hand text that cannot be a deal; its message is one line for the user. */
  class CardError extends Error {
    constructor(message) {
      super(message);
      this.name = "CardError";
    }
  }

  // Python's repr() of a string, so messages read exactly as the CLI's do, cut as generator/core/errors.py `shown` cuts it: to 80 characters and
  // the length of the whole, so that a pasted page comes back as one short line.
  function quote(text) {
    const whole = text.includes("'") && !text.includes('"') ? '"' + text + '"'
      : "'" + text.replace(/\\/g, "\\\\").replace(/'/g, "\\'") + "'";
    const chars = [...whole]; // (code points, as Python counts them)
    return chars.length <= 80 ? whole : `${chars.slice(0, 80).join("")}... (${chars.length.toLocaleString("en-US")} characters)`;
  }

  function cardId(rankChar, suitChar) {
    return RANKS.indexOf(rankChar.toUpperCase()) * 4 + SUITS.indexOf(suitChar.toLowerCase());
  }

  /**
   * The names of the cards past the 52 of the game of the export's `rules`: its `deck_extras`
   * where they are not jokers (["A*"]), else jokers, as many as its deck_size says.
   */
  function deckExtras(rules) {
    return rules.deck_extras || JOKER_DECK.slice(0, rules.deck_size - 52);
  }

  /** 'As', or 'A♠' with symbols; a joker is 'Jk', the fifth ace 'A*' ('A★'). */
  function cardText(card, symbols = false, extras = JOKER_DECK) {
    if (card >= JOKER) {
      const name = extras[card - JOKER];
      return symbols ? name.replace(STAR, STAR_SYMBOL) : name;
    }
    const rank = card >> 2;
    const suit = card & 3;
    return RANKS[rank] + (symbols ? SUIT_SYMBOLS[suit] : SUITS[suit]);
  }

  /** A card as a screen reader should say it: "ace of spades", "joker", "fifth ace (star)". */
  function cardName(card, extras = JOKER_DECK) {
    if (card >= JOKER) return extras[card - JOKER] === "Jk" ? "joker" : "fifth ace (star)";
    return RANK_NAMES[card >> 2] + " of " + SUIT_NAMES[card & 3];
  }

  function formatHand(cards, symbols = false, extras = JOKER_DECK) {
    return cards.map((c) => cardText(c, symbols, extras)).join(" ");
  }

  /**
   * Parse 'As Kh Qd Jc Ts' (also 'AsKhQdJcTs', '10h', lower case, suit symbols, 'Jk' or 'X', 'A*'
   * or 'A★' for a fifth ace). `deck`: the names of the deck's cards past the 52 (`deckExtras`),
   * or how many jokers a 52-card deck adds (true: one); the first joker written is card 52, a
   * second one 53. Returns card ids in the order given; throws CardError with one line saying
   * what is wrong.
   */
  function parseHand(source, deck = false, size = 5) {
    const extras = Array.isArray(deck) ? deck : JOKER_DECK.slice(0, Number(deck));
    const jokerIds = extras.flatMap((name, i) => (name === "Jk" ? [JOKER + i] : []));
    const jokers = jokerIds.length;
    let text = source;
    for (const [sym, letter] of Object.entries(SYMBOL_TO_SUIT)) text = text.split(sym).join(letter);
    text = text.replace(/,/g, " ").trim();
    const cards = [];
    let pos = 0;
    while (pos < text.length) {
      if (/\s/.test(text[pos])) {
        pos += 1;
        continue;
      }
      TOKEN.lastIndex = pos;
      const match = TOKEN.exec(text);
      if (match === null) {
        const bad = text.slice(pos).split(/\s+/)[0].slice(0, 3);
        throw new CardError(
          `unknown card ${quote(bad)} in ${quote(source)}: expected a rank (2-9, T or 10, J, Q, K, A) ` +
            "then a suit (s, h, d, c or ♠ ♥ ♦ ♣), or Jk for the joker"
        );
      }
      const token = match[0];
      if (match[2] === STAR) {
        const name = (match[1] === "10" ? "T" : match[1].toUpperCase()) + STAR;
        if (!extras.includes(name)) {
          const stars = extras.filter((n) => n.endsWith(STAR)).map((n) => n.replace(STAR, STAR_SYMBOL));
          throw new CardError(`${quote(source)} has ${name.replace(STAR, STAR_SYMBOL)}, but ` +
            (stars.length ? `this deck's only star card is ${stars[0]}` : "this game is played without star cards (the fifth ace)"));
        }
        cards.push(JOKER + extras.indexOf(name));
      } else if (token.toLowerCase() === "jk" || token.toLowerCase() === "x") {
        if (!jokers) throw new CardError(`${quote(source)} has a joker, but this game is played without one`);
        const held = cards.filter((card) => jokerIds.includes(card)).length;
        if (held === jokers) {
          throw new CardError(
            `${quote(source)} has ${held + 1} jokers, but this game is played with ${jokers === 1 ? "one" : jokers}`
          );
        }
        cards.push(jokerIds[held]);
      } else {
        cards.push(cardId(match[1] === "10" ? "T" : match[1], match[2]));
      }
      pos = TOKEN.lastIndex;
    }
    if (cards.length !== size) throw new CardError(`${quote(source)} has ${cards.length} cards: expected ${size}`);
    const seen = new Set();
    for (const card of cards) {
      if (seen.has(card)) {
        throw new CardError(`${quote(source)} repeats ${cardText(card, false, extras.length ? extras : JOKER_DECK)}: expected ${size} different cards`);
      }
      seen.add(card);
    }
    return cards;
  }

  ns.cards = { RANKS, SUITS, SUIT_SYMBOLS, JOKER, CardError, cardId, cardText, cardName, formatHand, parseHand, deckExtras };
})(globalThis);
