-- | A test player for ginlog's Hearts bridge, written against the 2019
-- FIT2102 framework's types. It keeps the framework's rules itself and
-- plays a cautious game: it leads its lowest card; following suit, it
-- plays the highest card that still loses the trick, or when it cannot
-- lose, its highest card as the trick's last player with no point in it
-- (never the queen of spades), else its lowest; unable to follow, it
-- dumps the queen of spades, then its highest heart, then its highest
-- card. Its decisions do not depend on the order of its hand.
--
-- The framework passes only the previous trick, so its memory,
-- "BROKEN;SEEN", keeps what it would forget: whether hearts were broken
-- before the current trick ("1" or "0"), and the cards of the hand's
-- earlier tricks, joined by ','.
module Player (playCard, makeBid) where

import Cards (Card (..), Rank (..), Suit (..))
import Data.List (sortOn)
import Hearts.Types (BidFunc, PlayFunc)

-- | What the player remembers of the hand before the current trick.
data Memo = Memo Bool [Card]

render :: Memo -> String
render (Memo broken seen) = (if broken then "1" else "0") ++ ";" ++ joinWith ',' (map show seen)

parseMemo :: String -> Memo
parseMemo s = case break (== ';') s of
  (b, ';' : rest) | b `elem` ["0", "1"] -> Memo (b == "1") (concatMap readCard (splitOn ',' rest))
  _ -> Memo False []
  where
    readCard w = [c | (c, "") <- reads w]

-- | Chooses a legal card, and remembers the hand so far.
playCard :: PlayFunc
playCard _ hand trick prev = (choose players played legal, render memo)
  where
    memo@(Memo broken _) = case prev of
      Nothing -> Memo False []
      Just (cards, m) ->
        let Memo b seen = parseMemo m
         in Memo (b || any ((== Heart) . suitOf . fst) cards) (seen ++ map fst cards)
    played = reverse (map fst trick) -- the framework lists the latest card first
    players = maybe (52 `div` max 1 (length hand)) (length . fst) prev
    legal = legalCards (null prev) broken hand played

-- | The cards the framework's rules allow: the two of clubs to open the
-- hand, following the led suit when able, no heart lead before hearts are
-- broken unless the hand holds only hearts, and no point card in the
-- first trick unless the hand holds only point cards.
legalCards :: Bool -> Bool -> [Card] -> [Card] -> [Card]
legalCards first broken hand played
  | first && null played = filter (== Card Club Two) hand
  | first && not (all isPoint hand) = filter (not . isPoint) base
  | otherwise = base
  where
    base = case played of
      [] | not broken && not (all ((== Heart) . suitOf) hand) -> filter ((/= Heart) . suitOf) hand
      [] -> hand
      (lead : _) -> case filter ((== suitOf lead) . suitOf) hand of
        [] -> hand
        same -> same

-- | Chooses among the legal cards, seeing the trick so far in play order.
choose :: Int -> [Card] -> [Card] -> Card
choose _ [] legal = lowest legal
choose players played@(lead : _) legal
  | all ((== led) . suitOf) legal = follow
  | queen `elem` legal = queen
  | any ((== Heart) . suitOf) legal = highest (filter ((== Heart) . suitOf) legal)
  | otherwise = highest legal
  where
    led = suitOf lead
    top = maximum [rankOf c | c <- played, suitOf c == led]
    under = filter ((< top) . rankOf) legal
    lastToPlay = length played == players - 1
    safe = filter (/= queen) legal
    follow
      | not (null under) = highest under
      | lastToPlay && not (any isPoint played) && not (null safe) = highest safe
      | otherwise = lowest legal

queen :: Card
queen = Card Spade Queen

isPoint :: Card -> Bool
isPoint c = c == queen || suitOf c == Heart

-- | The lowest and the highest card by rank, the first suit in the
-- framework's order on a tie.
lowest, highest :: [Card] -> Card
lowest = head . sortOn (\c -> (rankOf c, suitOf c))
highest = head . sortOn (\c -> (negate (fromEnum (rankOf c)), suitOf c))

suitOf :: Card -> Suit
suitOf (Card s _) = s

rankOf :: Card -> Rank
rankOf (Card _ r) = r

splitOn :: Char -> String -> [String]
splitOn sep s = case break (== sep) s of
  (a, []) -> [a]
  (a, _ : rest) -> a : splitOn sep rest

joinWith :: Char -> [String] -> String
joinWith _ [] = ""
joinWith sep (x : xs) = x ++ concatMap (sep :) xs

-- | Not used: Hearts has no bidding.
makeBid :: BidFunc
makeBid = ()
