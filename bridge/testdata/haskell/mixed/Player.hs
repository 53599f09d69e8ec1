-- | A FIT2102 player that keeps two rules of its own and asks ginlog's
-- rollout player for everything else. The module GinlogRollout, which
-- ginlog export --format haskell --flavour fit2102 --player rollout
-- writes from a weights file, keeps the round in the memory; a decision
-- made here must still pass through it:
--
-- * pickCard takes the face-up card when the hand holds two of its rank
--   (a set to complete), and otherwise draws as the module does; the
--   module's memory is returned either way, since it does not depend on
--   the pile chosen;
-- * playCard plays the module's discard and call, except that it never
--   throws an ace while playing on; rolloutRecordPlay then records the
--   play actually made.
module Player (pickCard, playCard, makeMelds) where

import Cards
import GinlogRollout
  (rolloutMakeMelds, rolloutPickCard, rolloutPlayCard, rolloutRecordPlay)
import Rummy.Types

-- | The face-up card completes a set, or the rollout player's draw.
pickCard :: ActionFunc
pickCard top scores memory oppDraw hand
  | length (filter (sameRank top) hand) >= 2 = (Discard, memory')
  | otherwise = (draw, memory')
  where
    (draw, memory') = rolloutPickCard top scores memory oppDraw hand

-- | The rollout player's discard, unless it throws an ace to play on.
playCard :: PlayFunc
playCard drawn scores memory hand =
  (action, rolloutRecordPlay drawn scores memory hand action)
  where
    (suggested, _) = rolloutPlayCard drawn scores memory hand
    action = case suggested of
      Action Drop c
        | isAce c
        , other : _ <- filter (not . isAce) (reverse hand) ->
            Action Drop other
      _ -> suggested

-- | The rollout player's melds: an arrangement of least deadwood.
makeMelds :: MeldFunc
makeMelds = rolloutMakeMelds

sameRank :: Card -> Card -> Bool
sameRank (Card _ a) (Card _ b) = a == b

isAce :: Card -> Bool
isAce (Card _ r) = r == Ace
