-- | The game types of the 2019 FIT2102 Hearts framework a player sees, as
-- its public copy defines them (written for ginlog's tests from those
-- facts, not copied). The framework passes each trick's cards with the
-- latest first and the lead last, and the previous trick with the memory
-- the player returned in it (Nothing on a hand's first trick).
module Hearts.Types
  ( PlayerId
  , Play
  , Trick
  , PlayerError (..)
  , PlayFunc
  , BidFunc
  ) where

import Cards (Card)

-- | A player's id, as the game names it.
type PlayerId = String

-- | A card played, the memory its player returned, and the player.
type Play = (Card, String, PlayerId)

-- | A trick: its plays, the latest first.
type Trick = [Play]

-- | Why the framework stopped a game.
data PlayerError
  = RenegError
  | InvalidCardError
  | BidError
  | TimeError
  | LeadError
  | BleedError
  | BrokenError
  deriving (Show)

-- | Chooses a card, seeing the player's id, its cards, the cards of the
-- current trick so far (with their players, the latest first) and, after
-- a hand's first trick, the previous trick and the memory returned in it.
type PlayFunc =
  PlayerId -> [Card] -> [(Card, PlayerId)] -> Maybe ([(Card, PlayerId)], String) -> (Card, String)

-- | There is no bidding in Hearts.
type BidFunc = ()
