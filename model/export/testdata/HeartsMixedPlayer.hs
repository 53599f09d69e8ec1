-- | A FIT2102 Hearts player that keeps a rule of its own and asks
-- ginlog's Monte Carlo player for every other card. The module
-- GinlogHearts, which ginlog export --game hearts --player mc writes,
-- keeps the hand's tricks in the memory, whatever card is played, so its
-- memory is returned either way.
module Player (playCard, makeBid) where

import Cards (Card (..), Suit (..))
import GinlogHearts (mcPlayCard)
import Hearts.Types (BidFunc, PlayFunc)

-- | The Monte Carlo player's card, except that following a heart lead
-- with a heart it plays its lowest heart.
playCard :: PlayFunc
playCard me hand trick prev = case (card, map fst trick) of
  (Card Heart _, plays@(_ : _))
    | isHeart (last plays) -> (minimum hearts, memory)
  _ -> (card, memory)
  where
    (card, memory) = mcPlayCard me hand trick prev
    hearts = filter isHeart hand
    isHeart (Card s _) = s == Heart

-- | Hearts has no bidding.
makeBid :: BidFunc
makeBid = ()
