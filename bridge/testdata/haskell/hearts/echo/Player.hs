-- | A test player for ginlog's Hearts bridge that shows what it was
-- given: it plays its lowest card, legal or not, and returns as its
-- memory its id, the current trick and the previous trick as the
-- framework's Show writes them (so the lists' order shows), and the
-- memory it was given; a memory starting "keep:" it returns unchanged.
module Player (playCard, makeBid) where

import Cards (Card)
import Data.List (isPrefixOf, sort)
import Hearts.Types (BidFunc, PlayFunc, PlayerId)

-- | Plays the lowest card and echoes the arguments.
playCard :: PlayFunc
playCard pid hand trick prev = (minimum (sort hand), memory)
  where
    memory = case prev of
      Just (_, m) | "keep:" `isPrefixOf` m -> m
      Just (cards, m) -> pid ++ "|" ++ shown trick ++ "|" ++ shown cards ++ "|" ++ m
      Nothing -> pid ++ "|" ++ shown trick ++ "|-"

shown :: [(Card, PlayerId)] -> String
shown = show

-- | Not used: Hearts has no bidding.
makeBid :: BidFunc
makeBid = ()
