{-# LANGUAGE Trustworthy #-}

-- | A deliberately broken test player for ginlog's Haskell bridge. Its
-- first command-line argument picks how it breaks the server's rules:
--
--   discard  discards a card it does not hold
--   slow     never returns from its second pick
--   memory   returns a memory of 10,001 characters
--   melds    declares the same card three times as a set
--
-- Otherwise it plays legally: it draws from the stock, discards its first
-- card, never calls and declares every card as deadwood.
module Player (pickCard, playCard, makeMelds) where

import Cards (Card (..), Rank (..), Suit (..))
import Rummy.Types
import System.Environment (getArgs)
import System.IO.Unsafe (unsafePerformIO)

-- | How this run breaks the rules.
mode :: String
mode = case unsafePerformIO getArgs of
  (m : _) -> m
  [] -> "none"
{-# NOINLINE mode #-}

pickCard :: ActionFunc
pickCard _ _ mem _ hand = case (mode, mem) of
  ("slow", Just _) -> spin (length hand) `seq` (Stock, "")
  ("memory", _) -> (Stock, replicate 10001 'm')
  _ -> (Stock, "")

-- | Counts up forever (ginlog kills it).
spin :: Int -> Int
spin n = if n < 0 then n else spin (n + 1)

playCard :: PlayFunc
playCard drawn _ mem hand = case mode of
  "discard" -> (Action Drop (head (filter (`notElem` (drawn : hand)) allCards)), mem)
  _ -> (Action Drop (head hand), mem)
  where
    allCards = [Card s r | s <- [Spade, Club, Diamond, Heart], r <- [Ace .. King]]

makeMelds :: MeldFunc
makeMelds _ _ hand = case (mode, hand) of
  ("melds", c : rest) -> Set3 c c c : map Deadwood rest
  _ -> map Deadwood hand
