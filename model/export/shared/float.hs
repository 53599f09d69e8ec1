-- | Random numbers (shared/random.hs): a float, for the exports that draw
-- one.

-- | A number in [0, 1) (Rand.Float64: the low 53 bits over 2^53).
glFloat64 :: GlRng -> (Double, GlRng)
glFloat64 g = d `seq` (d, g')
  where
    (x, g') = glUint64 g
    d = fromIntegral (x .&. 0x1FFFFFFFFFFFFF) / 9007199254740992
