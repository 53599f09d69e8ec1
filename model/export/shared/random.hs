-- ---------------------------------------------------------------------
-- Random numbers: Go's math/rand/v2 PCG source and the Rand methods the
-- rollout player uses, bit for bit (a 64-bit machine's results).

-- | The PCG's 128-bit state, its high and low words (rand.PCG).
data GlRng = GlRng !Word64 !Word64

-- | A generator seeded as rand.NewPCG(seed1, seed2) (PCG.Seed).
glSeed :: Word64 -> Word64 -> GlRng
glSeed = GlRng

-- | The high word of the 128-bit product, as bits.Mul64's, from 32-bit
-- halves.
glMulHi :: Word64 -> Word64 -> Word64
glMulHi x y = x1 * y1 + w2 + (w1 `unsafeShiftR` 32)
  where
    x0 = x .&. 0xFFFFFFFF
    x1 = x `unsafeShiftR` 32
    y0 = y .&. 0xFFFFFFFF
    y1 = y `unsafeShiftR` 32
    w0 = x0 * y0
    t = x1 * y0 + (w0 `unsafeShiftR` 32)
    w1 = (t .&. 0xFFFFFFFF) + x0 * y1
    w2 = t `unsafeShiftR` 32
{-# INLINE glMulHi #-}

-- | The next value and generator (PCG.Uint64: the 128-bit LCG step of
-- PCG.next, then the DXSM output). Rand.Uint64 calls it directly.
glUint64 :: GlRng -> (Word64, GlRng)
glUint64 (GlRng shi slo) = out `seq` (out, GlRng hi lo)
  where
    lo1 = slo * 4865540595714422341
    hi1 = glMulHi slo 4865540595714422341 + shi * 4865540595714422341
      + slo * 2549297995355413924
    lo = lo1 + 1442695040888963407
    hi = hi1 + 6364136223846793005 + (if lo < lo1 then 1 else 0)
    o1 = hi `xor` (hi `unsafeShiftR` 32)
    o2 = o1 * 0xda942042e4dd58b5
    o3 = o2 `xor` (o2 `unsafeShiftR` 48)
    out = o3 * (lo .|. 1)

-- | A number in [0, n) (Rand.IntN, that is Rand.uint64n on a 64-bit
-- machine: a mask for a power of two, else Lemire's multiply with its
-- rejection loop). Like Go it fails for n <= 0.
glIntN :: Int -> GlRng -> (Int, GlRng)
glIntN n g
  | n <= 0 = error "glIntN: n <= 0"
  | un .&. (un - 1) == 0 = let (x, g') = glUint64 g
                           in (fromIntegral (x .&. (un - 1)), g')
  | lo0 < un = glIntNLoop un (negate un `rem` un) x0 g0
  | otherwise = (fromIntegral (glMulHi x0 un), g0)
  where
    un = fromIntegral n :: Word64
    (x0, g0) = glUint64 g
    lo0 = x0 * un

-- | The rejection loop of Rand.uint64n: x is the last sample, kept
-- unless x * n's low word is below thresh.
glIntNLoop :: Word64 -> Word64 -> Word64 -> GlRng -> (Int, GlRng)
glIntNLoop un thresh x g
  | x * un < thresh = let (x', g') = glUint64 g
                      in glIntNLoop un thresh x' g'
  | otherwise = (fromIntegral (glMulHi x un), g)

-- | The list permuted as Rand.Shuffle permutes a slice (Fisher-Yates
-- from the end: for i from n-1 down to 1, swap s[i] and s[IntN(i+1)]).
-- The pool still to place is kept reversed, its last element first.
glShuffle :: [a] -> GlRng -> ([a], GlRng)
glShuffle xs = glShuffleGo (length xs - 1) (reverse xs) []

-- | One step of glShuffle: pool holds s[0..i] reversed, acc the placed
-- s[i+1..].
glShuffleGo :: Int -> [a] -> [a] -> GlRng -> ([a], GlRng)
glShuffleGo _ [] acc g = (acc, g)
glShuffleGo i pool@(x : xRest) acc g
  | i <= 0 = (pool ++ acc, g)
  | j == i = glShuffleGo (i - 1) xRest (x : acc) g'
  | otherwise = let (y, rest') = glSwapAt (i - j - 1) x xRest
                in glShuffleGo (i - 1) rest' (y : acc) g'
  where
    (j, g') = glIntN (i + 1) g

-- | The element at index k and the list with x in its place.
glSwapAt :: Int -> a -> [a] -> (a, [a])
glSwapAt _ x [] = (x, [])
glSwapAt k x (y : ys)
  | k <= 0 = (y, x : ys)
  | otherwise = let (z, ys') = glSwapAt (k - 1) x ys in (z, y : ys')
