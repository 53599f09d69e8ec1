-- | The game types of the FIT2102 Gin Rummy framework, as its handout
-- defines them. Draw, Act, Action and Meld derive nothing, as in the
-- framework: a bridge must pattern-match them.
module Rummy.Types
  ( Score
  , Draw (..)
  , Act (..)
  , Action (..)
  , Meld (..)
  , ActionFunc
  , PlayFunc
  , MeldFunc
  ) where

import Cards (Card)

-- | A player's points.
type Score = Int

-- | The pile a player draws from.
data Draw = Stock | Discard

-- | What a player announces with its discard.
data Act = Gin | Knock | Drop

-- | The announcement and the discarded card.
data Action = Action Act Card

-- | A meld, or a deadwood card, as a player declares it.
data Meld
  = Deadwood Card
  | Set3 Card Card Card
  | Set4 Card Card Card Card
  | Straight3 Card Card Card
  | Straight4 Card Card Card Card
  | Straight5 Card Card Card Card Card

-- | Chooses the pile, seeing the top of the discard pile, the scores as of
-- the last round (own first), the memory (none on the first call of a
-- game), the opponent's last draw and the hand.
type ActionFunc =
  Card -> (Score, Score) -> Maybe String -> Maybe Draw -> [Card] -> (Draw, String)

-- | Chooses the discard and the call, seeing the drawn card.
type PlayFunc =
  Card -> (Score, Score) -> String -> [Card] -> (Action, String)

-- | Declares the melds of the final hand.
type MeldFunc =
  (Score, Score) -> String -> [Card] -> [Meld]
