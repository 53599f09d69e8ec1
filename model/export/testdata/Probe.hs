-- | The tests' probe of the FIT2102 export: it answers one request per
-- line of its input, a word and its arguments, with what the generated
-- module (imported as W) computes, so that the Go tests compare it with
-- the Go side's own computation. Cards are in the logs' notation, lists of
-- them joined by ';' ("-" for none); a phase is its index.
module Main (main) where

import Cards (Card (..), Rank (..), Suit (..))
import Rummy.Types (Draw (..), Meld (..))
import System.IO (BufferMode (..), hSetBuffering, stdout)
import qualified Weights as W

-- | Answers each line as soon as it is read, so that a test may talk to
-- it request by request.
main :: IO ()
main = hSetBuffering stdout LineBuffering >> interact (unlines . map (answer . words) . lines)

answer :: [String] -> String
answer ["deadwood", h] = show (W.handDeadwood (cards h))
answer ["melds", h] = unwords (map meldText (W.bestMelds (cards h)))
answer ["options", d, h] =
  unwords [cardText c ++ ":" ++ show n | (c, n) <- W.discardOptions (card d) (cards h)]
answer ["ahead", p, u, h] = show (W.valueAhead (phase p) (cards u) (cards h))
answer ["chance", c, h, p] = show (W.meldChance (card c) (cards h) (phase p))
answer ["value", d, p] = show (W.handValue (read d) (phase p))
answer ["knockwin", d, p] = show (W.knockWinProbability (read d) (phase p))
answer ["knockvalue", d, p] = show (W.knockValue (read d) (phase p))
answer ["callrate", p] = show (W.opponentCallRate (phase p))
answer ["ginshare", p] = show (W.opponentGinShare (phase p))
answer ["knockdeadwood", p] = show (W.opponentKnockDeadwood (phase p))
answer ["filters"] =
  unwords [codes k ++ "=" ++ codes v | (k, v) <- W.provenanceFilters]
  where
    codes = foldr (\c s -> show (fromEnum c) ++ "." ++ s) ""
answer ["gains"] = unwords (map show [W.opponentGain, W.stockGain, W.knockThreshold])
answer ["phaseof", n] = show (fromEnum (W.phaseOf (read n)))
answer ["takeprob", r, m, c, p] =
  show (W.opponentTakeProbability (toEnum (read r)) (m == "1") (c == "1") (phase p))
-- Tracker requests: the memory is a word of the request, "-" for Nothing,
-- with '_' standing for a space.
answer ["tracker", m] = case W.readTracker (memory m) of
  Just (t, rest) -> unwords [W.showTracker t, "rest", show rest, trackerFacts t]
  Nothing -> "none"
answer ["pick", top, us, them, m, o, h] =
  let t = W.trackPick (card top) (read us, read them) (maybeMemory m) (draw o) (cards h)
   in W.showTracker t ++ " " ++ trackerFacts t
answer ["play", d, us, them, m, h] =
  let t = W.trackPlay (card d) (read us, read them) (memory m) (cards h)
   in W.showTracker t ++ " " ++ trackerFacts t
answer ["discard", c, m] = case W.readTracker (memory m) of
  Just (t, _) -> W.showTracker (W.trackDiscard (card c) t)
  Nothing -> "none"
answer ["takes", m, c] = case W.readTracker (memory m) of
  Just (t, _) -> unwords [show (W.opponentTakes t (card c)), show (W.feedingRisk t (card c))]
  Nothing -> "none"
answer ["orcalls", m, d, v] = case W.readTracker (memory m) of
  Just (t, _) -> show (W.orOpponentCalls t (read d) (read v))
  Nothing -> "none"
answer ["knock", m, d] = case W.readTracker (memory m) of
  Just (t, _) -> show (W.shouldKnock t (read d))
  Nothing -> "none"
answer ws = "unknown request " ++ unwords ws

-- | What the tracker's functions say of it: phase, next phase, first turn,
-- unseen cards.
trackerFacts :: W.Tracker -> String
trackerFacts t =
  unwords
    [ show (fromEnum (W.trackerPhase t))
    , show (fromEnum (W.trackerNextPhase t))
    , show (W.trackerFirstTurn t)
    , cardsText (W.trackerUnseen t)
    ]

memory :: String -> String
memory = map (\c -> if c == '_' then ' ' else c)

maybeMemory :: String -> Maybe String
maybeMemory "-" = Nothing
maybeMemory m = Just (memory m)

draw :: String -> Maybe Draw
draw "stock" = Just Stock
draw "discard" = Just Discard
draw _ = Nothing

phase :: String -> W.Phase
phase = toEnum . read

meldText :: Meld -> String
meldText m = cardsText (case m of
  Deadwood a -> [a]
  Set3 a b c -> [a, b, c]
  Set4 a b c d -> [a, b, c, d]
  Straight3 a b c -> [a, b, c]
  Straight4 a b c d -> [a, b, c, d]
  Straight5 a b c d e -> [a, b, c, d, e])

cards :: String -> [Card]
cards "-" = []
cards s = map card (split s)
  where
    split x = case break (== ';') x of
      (a, _ : rest) -> a : split rest
      (a, []) -> [a]

card :: String -> Card
card (s : r) = Card suit rank
  where
    suit = case s of
      'S' -> Spade
      'C' -> Club
      'D' -> Diamond
      _ -> Heart
    rank = case lookup r (zip names [Ace ..]) of
      Just x -> x
      Nothing -> error ("bad rank " ++ r)
card [] = error "empty card"

names :: [String]
names = words "A 2 3 4 5 6 7 8 9 10 J Q K"

cardText :: Card -> String
cardText (Card s r) = suitLetter : concat [n | (n, r') <- zip names [Ace ..], r' == r]
  where
    suitLetter = case s of
      Spade -> 'S'
      Club -> 'C'
      Diamond -> 'D'
      Heart -> 'H'

cardsText :: [Card] -> String
cardsText [] = "-"
cardsText cs = foldr1 (\a b -> a ++ ";" ++ b) (map cardText cs)
