-- | A FIT2102 player that plays by weights fitted from game logs. The
-- module GinlogWeights, which ginlog export --format haskell --flavour
-- fit2102 writes from a weights file, tracks the round in the memory and
-- answers over cards; this player only decides:
--
-- * it draws the face-up card when the card joins a meld, when it makes a
--   call the weights favour, or when the best ten cards it then keeps are
--   worth more than its hand is expected to be worth after a stock draw;
-- * it keeps the ten cards worth the most one draw ahead (valueAhead),
--   unless the opponent calls first (orOpponentCalls), and among equals
--   throws the card least likely to feed the opponent's known melds
--   (feedingRisk), then the one least likely to join a meld;
-- * it calls Gin at 0 and knocks when shouldKnock favours the knock and a
--   knock is worth at least playing on (knockValue against worth);
-- * it declares its best melds.
--
-- With the default weights (ginlog export --weights default) it plays by
-- deadwood alone and knocks as soon as it may.
module Player (pickCard, playCard, makeMelds) where

import Cards
import Data.List (maximumBy, minimumBy)
import Data.Ord (comparing)
import GinlogWeights
import Rummy.Types

-- | Draws from the discard pile when the face-up card helps now, or when
-- keeping it is worth more than a stock draw is expected to be.
pickCard :: ActionFunc
pickCard top scores memory oppDraw hand = (choice, showTracker t)
  where
    t = trackPick top scores memory oppDraw hand
    -- the least deadwood of the ten cards kept after taking the card
    best = minimum (map snd (discardOptions top hand))
    melds = handDeadwood (top : hand) < handDeadwood hand + cardPoints top
    fromStock = valueAhead (trackerPhase t) (trackerUnseen t) hand
    choice
      | melds || shouldKnock t best = Discard
      | handValue best (trackerPhase t) > fromStock = Discard
      | otherwise = Stock

-- | Calls when the weights say so; otherwise discards the card whose loss
-- leaves the hand worth the most.
playCard :: PlayFunc
playCard drawn scores memory hand =
  (Action act card, showTracker (trackDiscard card t))
  where
    t = trackPlay drawn scores memory hand
    options = discardOptions drawn hand
    -- the first discard that leaves the least deadwood, and that deadwood
    tidy@(_, least) = minimumBy (comparing snd) options
    (act, card)
      | shouldKnock t least && least == 0 = (Gin, fst tidy)
      | shouldKnock t least
          && knockValue least (trackerPhase t) >= worth t drawn hand tidy =
          (Knock, fst tidy)
      | otherwise = (Drop, keepBest t drawn hand options)

-- | What the hand is worth after the discard: one draw ahead, unless the
-- opponent ends the round first.
worth :: Tracker -> Card -> [Card] -> (Card, Int) -> Double
worth t drawn hand (c, d) = orOpponentCalls t d (valueAhead phase unseen kept)
  where
    phase = trackerNextPhase t
    unseen = trackerUnseen t
    kept = filter (/= c) (drawn : hand)

-- | The discard that keeps the hand worth the most; among discards worth
-- the same, the one least likely to feed the opponent, then the one least
-- likely to end in a meld. A discard that breaks melds is never the best.
keepBest :: Tracker -> Card -> [Card] -> [(Card, Int)] -> Card
keepBest t drawn hand options = fst (maximumBy (comparing snd) scored)
  where
    scored = [(c, key o) | o@(c, d) <- options, d <= limit]
    limit = minimum (map snd options) + 10
    feeding = max 0 (opponentGain - stockGain)
    deadwood c =
      fromIntegral (cardPoints c)
        * (1 - meldChance c (drawn : hand) (trackerNextPhase t))
    key o@(c, _) =
      ( worth t drawn hand o
      , negate (feedingRisk t c * feeding)
      , negate (deadwood c)
      )

-- | Declares the melds with the least deadwood.
makeMelds :: MeldFunc
makeMelds _ _ = bestMelds
