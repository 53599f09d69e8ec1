-- | The card types of the 2019 FIT2102 Hearts framework, as its public
-- copy defines them (written for ginlog's tests from those facts, not
-- copied): the suits in the framework's order, the ranks with the ace
-- high, a card ordered by suit then rank, Show and Read in the log
-- notation ("SQ", "H10"), and NFData, which the framework's deepseq of a
-- player's answer needs.
module Cards (Suit (..), Rank (..), Card (..)) where

import Control.DeepSeq (NFData (..), rwhnf)

-- | The four suits, in the framework's order.
data Suit = Spade | Club | Diamond | Heart
  deriving (Eq, Ord, Enum, Bounded)

-- | The thirteen ranks, the ace high.
data Rank = Two | Three | Four | Five | Six | Seven | Eight | Nine | Ten | Jack | Queen | King | Ace
  deriving (Eq, Ord, Enum, Bounded)

-- | A card: its suit and its rank.
data Card = Card Suit Rank
  deriving (Eq)

-- | By suit, then by rank.
instance Ord Card where
  compare (Card s r) (Card s' r') = compare (s, r) (s', r')

instance NFData Card where
  rnf = rwhnf

instance Show Suit where
  show s = case s of
    Spade -> "S"
    Club -> "C"
    Diamond -> "D"
    Heart -> "H"

instance Show Rank where
  show r = case r of
    Jack -> "J"
    Queen -> "Q"
    King -> "K"
    Ace -> "A"
    _ -> show (fromEnum r + 2)

instance Show Card where
  show (Card s r) = show s ++ show r

instance Read Suit where
  readsPrec _ (c : rest) = [(s, rest) | (l, s) <- zip "SCDH" [Spade ..], l == c]
  readsPrec _ [] = []

instance Read Rank where
  readsPrec _ str = [(r, drop (length (show r)) str) | r <- [minBound .. maxBound], show r == take (length (show r)) str]

instance Read Card where
  readsPrec _ str = [(Card s r, rest') | (s, rest) <- reads str, (r, rest') <- reads rest]
