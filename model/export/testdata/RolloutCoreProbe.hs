-- | The tests' probe of the rollout core (rollout/core.hs, compiled as
-- module RolloutCore): it answers one request per line of its input, a
-- word and its arguments, with what the core computes, so that the Go
-- tests compare it with gin's and math/rand/v2's own results. Hands are
-- hexadecimal card masks, other numbers decimal; lists are joined by
-- ',' ("-" for none).
module Main (main) where

import Data.Word (Word64)
import GHC.Float (castDoubleToWord64)
import Numeric (readHex, showHex)
import RolloutCore

-- | Answers each line of the input.
main :: IO ()
main = interact (unlines . map (answer . words) . lines)

-- | The answer to one request.
answer :: [String] -> String
answer ["points"] = unwords (map (show . glPoints) [0 .. 51])
answer ["deadwood", h] = show (glDeadwood (hex h))
answer ["discards", h, f] = discards (glBestDiscards (hex h) (hex f))
answer ["arrange", h] = case glArrange (hex h) of
  (melds, dead) -> list (map hexOf melds) ++ " " ++ hexOf dead
answer ["neighbours", c, w] = hexOf (glNeighbours (read c) (read w))
answer ["combo", h, c] = if glCombo (hex h) (read c) then "1" else "0"
answer ["uint64", s1, s2, k] =
  list (map show (draws glUint64 (read k) (seed s1 s2)))
answer ["float64", s1, s2, k] =
  list (map (show . castDoubleToWord64) (draws glFloat64 (read k)
    (seed s1 s2)))
answer ["intn", s1, s2, n, k] =
  list (map show (draws (glIntN (read n)) (read k) (seed s1 s2)))
answer ["shuffle", s1, s2, n] = case glShuffle [0 .. read n - 1 :: Int]
  (seed s1 s2) of
  (xs, g) -> list (map show xs) ++ " " ++ show (fst (glUint64 g))
answer ws = "unknown request " ++ unwords ws

-- | Whole, Best (value and cards), Allowed, then After of each card.
discards :: GlDiscards -> String
discards d = unwords
  [ show (glDiscardsWhole d), show best, hexOf cards
  , hexOf (glDiscardsAllowed d)
  , list [maybe "x" show (glDiscardsAfter d c) | c <- [0 .. 51]] ]
  where
    (best, cards) = glDiscardsBest d

-- | The first k values of a generator's function.
draws :: (GlRng -> (a, GlRng)) -> Int -> GlRng -> [a]
draws f k g
  | k <= 0 = []
  | otherwise = let (x, g') = f g in x : draws f (k - 1) g'

seed :: String -> String -> GlRng
seed s1 s2 = glSeed (read s1) (read s2)

hex :: String -> Word64
hex s = case readHex s of
  [(x, "")] -> x
  _ -> error ("not a hexadecimal number: " ++ s)

hexOf :: Word64 -> String
hexOf x = showHex x ""

list :: [String] -> String
list [] = "-"
list xs = foldr1 (\a b -> a ++ "," ++ b) xs
