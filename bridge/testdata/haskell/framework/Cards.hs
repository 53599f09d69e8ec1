-- | The card types of the FIT2102 Gin Rummy framework, as its handout and
-- its public copy define them, for compiling players in ginlog's tests.
-- The Show instances are custom, as in the framework: nothing may parse
-- them.
module Cards (Suit (..), Rank (..), Card (..)) where

-- | The suits, in the framework's order.
data Suit = Spade | Club | Diamond | Heart
  deriving (Eq, Ord, Enum, Bounded)

-- | The ranks, aces low.
data Rank = Ace | Two | Three | Four | Five | Six | Seven | Eight | Nine | Ten | Jack | Queen | King
  deriving (Eq, Ord, Enum, Bounded)

-- | A card: its suit, then its rank; ordered by suit first.
data Card = Card Suit Rank
  deriving (Eq, Ord)

instance Show Suit where
  show Spade = "\9824"
  show Club = "\9827"
  show Diamond = "\9830"
  show Heart = "\9829"

instance Show Rank where
  show r = case lookup r (zip [Ace ..] names) of
    Just s -> s
    Nothing -> "?"
    where
      names = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]

instance Show Card where
  show (Card s r) = show r ++ show s
