-- | A test player for ginlog's Haskell bridge, written against the FIT2102
-- framework's types. It plays a greedy game with an optimal meld search:
-- it takes the face-up card when that lowers its deadwood, discards the
-- card that leaves the least deadwood (the highest on ties), knocks as soon
-- as it may and declares its best melds. Its decisions do not depend on
-- the order of its hand.
--
-- Its memory, "TURN;US;THEM", counts its turns in the round and keeps the
-- scores the round began with: the scores change after every round, which
-- is how it knows a new round began and that it may not call yet.
module Player (pickCard, playCard, makeMelds) where

import Cards (Card (..), Rank (..), Suit)
import Data.Char (isDigit, ord)
import Data.List (minimumBy, sort, (\\))
import Data.Ord (comparing)
import Rummy.Types

-- | The memory: this player's turn in the round, and the round's scores.
data Memo = Memo Int Score Score

render :: Memo -> String
render (Memo t a b) = show t ++ ";" ++ show a ++ ";" ++ show b

parseMemo :: String -> Maybe Memo
parseMemo s = case splitOn s of
  [t, a, b] -> Memo <$> number t <*> number a <*> number b
  _ -> Nothing
  where
    splitOn str = case break (== ';') str of
      (x, []) -> [x]
      (x, _ : rest) -> x : splitOn rest

number :: String -> Maybe Int
number ds
  | not (null ds) && all isDigit ds = Just (foldl (\n d -> 10 * n + ord d - ord '0') 0 ds)
  | otherwise = Nothing

-- | The turn this call belongs to: one more than the memory's when the
-- scores are the same, else the first of a new round.
turnOf :: Maybe String -> (Score, Score) -> Int
turnOf mem (a, b) = case mem >>= parseMemo of
  Just (Memo t a' b') | a' == a && b' == b -> t + 1
  _ -> 1

-- | Takes the face-up card when the best discard after it leaves less
-- deadwood than the hand has now.
pickCard :: ActionFunc
pickCard top sc mem _ hand = (choice, render (Memo (turnOf mem sc) (fst sc) (snd sc)))
  where
    after = minimum [deadwood (top : (hand \\ [c])) | c <- hand]
    choice = if after < deadwood hand then Discard else Stock

-- | Discards the card that leaves the least deadwood, never the drawn one,
-- and calls when the rules allow it.
playCard :: PlayFunc
playCard drawn _ mem hand = (Action act discard, mem)
  where
    turn = maybe 1 (\(Memo t _ _) -> t) (parseMemo mem)
    options = [(deadwood (drawn : (hand \\ [c])), negate (value c), c) | c <- sort hand]
    (dw, _, discard) = minimumBy (comparing (\(d, v, c) -> (d, v, c))) options
    act
      | turn <= 1 = Drop
      | dw == 0 = Gin
      | dw <= 10 = Knock
      | otherwise = Drop

-- | Declares an arrangement with the least deadwood.
makeMelds :: MeldFunc
makeMelds _ _ hand = map toMeld ms ++ map Deadwood dead
  where
    (ms, dead) = best (sort hand)

toMeld :: [Card] -> Meld
toMeld [a, b, c]
  | sameRank [a, b, c] = Set3 a b c
  | otherwise = Straight3 a b c
toMeld [a, b, c, d]
  | sameRank [a, b, c, d] = Set4 a b c d
  | otherwise = Straight4 a b c d
toMeld [a, b, c, d, e] = Straight5 a b c d e
toMeld cs = error ("not a meld: " ++ show (length cs) ++ " cards")

sameRank :: [Card] -> Bool
sameRank cs = all (== rankOf (head cs)) (map rankOf cs)

rankOf :: Card -> Rank
rankOf (Card _ r) = r

suitOf :: Card -> Suit
suitOf (Card s _) = s

-- | A card's deadwood value.
value :: Card -> Int
value (Card _ r) = min 10 (fromEnum r + 1)

deadwood :: [Card] -> Int
deadwood = sum . map value . snd . best . sort

-- | Every meld in a sorted hand: sets of three or four of a rank, runs of
-- three to five of a suit.
melds :: [Card] -> [[Card]]
melds hand = sets ++ runs
  where
    sets =
      [ s
      | r <- [minBound .. maxBound]
      , let same = filter ((== r) . rankOf) hand
      , k <- [3, 4]
      , s <- choose k same
      ]
    runs =
      [ w
      | s <- [minBound .. maxBound]
      , let suited = filter ((== s) . suitOf) hand
      , i <- [0 .. length suited - 3]
      , k <- [3 .. 5]
      , let w = take k (drop i suited)
      , length w == k
      , consecutive w
      ]
    consecutive w = and (zipWith (\a b -> fromEnum (rankOf b) == fromEnum (rankOf a) + 1) w (tail w))

choose :: Int -> [a] -> [[a]]
choose 0 _ = [[]]
choose _ [] = []
choose k (x : xs) = map (x :) (choose (k - 1) xs) ++ choose k xs

-- | The disjoint melds with the least deadwood left, and that deadwood.
best :: [Card] -> ([[Card]], [Card])
best hand = go (melds hand) hand
  where
    go [] rest = ([], rest)
    go (m : ms) rest
      | all (`elem` rest) m = pick (let (a, d) = go ms (rest \\ m) in (m : a, d)) (go ms rest)
      | otherwise = go ms rest
    pick x y = if sum (map value (snd x)) <= sum (map value (snd y)) then x else y
