-- | The tests' probe of the rollout player's inference fragment
-- (rollout/infer.hs, with rollout/core.hs, as the module GlRollout): it
-- answers one request per line of its input. A request is
--
-- > track FACEUP HAND OWN S1 S2 SAMPLES PLAYS
--
-- the face-up card (255 for none), the view's ten cards and the eleven
-- after the draw (hexadecimal sets), the seeds of the generator, how many
-- hands to draw, and the history: "-" or plays joined by ',', each
-- OWN:SOURCE:TOP:DISCARDED (OWN 1 for the player's own). The weights are
-- the first line of the input, the bits of the doubles in decimal joined
-- by ',' (answered with their number). The answer
-- is the tracker's sets and counts, each unseen card's entries, the
-- scores and odds as the bits of the doubles, and the hands drawn.
--
-- > bench N REQUEST
--
-- runs the track request N times, each time with other seeds, and
-- answers a checksum of the hands drawn: for timing it.
module Main (main) where

import Data.Bits (xor, (.|.))
import Data.List (intercalate)
import Data.Word (Word64)
import GHC.Float (castDoubleToWord64, castWord64ToDouble)
import GlRollout
import Numeric (readHex, showHex)
import System.IO (BufferMode (..), hSetBuffering, stdout)

main :: IO ()
main = do
  hSetBuffering stdout LineBuffering
  input <- getContents
  case lines input of
    w : reqs -> do
      let ws = map (castWord64ToDouble . read) (split ',' w)
          m = glModel ws
      putStrLn ("weights " ++ show (length ws))
      mapM_ (putStrLn . answer m . words) reqs
    [] -> return ()

split :: Char -> String -> [String]
split sep s = case break (== sep) s of
  (a, _ : rest) -> a : split sep rest
  (a, []) -> [a]

hex :: String -> Word64
hex s = case readHex s of
  [(v, "")] -> v
  _ -> error ("not hexadecimal: " ++ s)

showH :: Word64 -> String
showH v = showHex v ""

plays :: String -> [GlPlay]
plays "-" = []
plays s = map play (split ',' s)
  where
    play p = case map read (split ':' p) of
      [o, src, top, d] -> GlPlay (o == 1) src top d
      _ -> error ("bad play: " ++ p)

-- | A track request's tracker and sampler.
setUp :: GlModel -> [String] -> (GlTracker, GlSampler)
setUp m [f, h, o, _, _, _, ps] = (t, glSamplerWith (Just m) t)
  where
    t = glSetHand (hex o) (glTrack (read f) (plays ps) (hex h))
setUp _ ws = error ("bad request: " ++ unwords ws)

draws :: GlSampler -> Int -> GlRng -> [Word64]
draws s n g
  | n <= 0 = []
  | otherwise = let (h, g') = glSample s g in h : draws s (n - 1) g'

answer :: GlModel -> [String] -> String
answer m ("track" : req@[_, _, _, s1, s2, n, _]) =
  unwords
    [ showH (glKnown t)
    , showH (glUnseen t)
    , showH (gltOwn t .|. gltPile t)
    , show (gltStockLeft t)
    , show (glHidden t)
    , show (glOppPlays t)
    , "F" ++ intercalate ";" [show c ++ ":" ++ join fs | (c, fs) <- glProblem t]
    , "Z" ++ bits (glScores (Just m) t)
    , "O" ++ bits (glsOdds s)
    , "S" ++ intercalate "," (map showH (draws s (read n) g))
    ]
  where
    (t, s) = setUp m req
    g = glSeed (read s1) (read s2)
    join = intercalate "." . map show
    bits = intercalate "," . map (showH . castDoubleToWord64)
answer m ["bench", k, f, h, o, s1, s2, n, ps] =
  showH (foldr xor 0 (map once [1 .. read k :: Int]))
  where
    once i =
      let bump = if i < 0 then 1 else 0
          (_, s) = setUp m [f, h, o, s1, s2, n, ps ++ replicate bump ' ']
       in foldr xor 0 (draws s (read n) (glSeed (read s1 + fromIntegral i) (read s2)))
answer _ ws = "unknown request " ++ unwords ws
