-- ---------------------------------------------------------------------
-- Cards, hands and the meld solver (gin/card.go, gin/hand.go,
-- gin/relation.go, gin/solver.go). A card is suit*13 + rank (spades,
-- clubs, diamonds, hearts; ace 0 to king 12), a hand a Word64 with bit c
-- set for card c.

-- | A card's deadwood value (Card.Points): ace 1, two to ten face value,
-- jack, queen and king 10.
glPoints :: Int -> Int
glPoints c = min 10 (c `rem` 13 + 1)

-- | The deadwood value of a hand (Hand.Points). A card's value less one
-- is min 9 rank, so the hand's value is its size plus, for each bit of
-- that, the cards having it times the bit's weight. The counts are
-- summed in the bytes of one word (a byte's sum is at most 8 * 16), then
-- in 16-bit lanes: no popCount, which without -msse4.2 is a C call.
glHandPoints :: Word64 -> Int
glHandPoints h = fromIntegral ((((l .&. 0x00FF00FF00FF00FF)
  + ((l `unsafeShiftR` 8) .&. 0x00FF00FF00FF00FF)) * 0x0001000100010001)
  `unsafeShiftR` 48)
  where
    l = glBytes h + glBytes (h .&. 0xf557aabd55eaa)
      + 2 * glBytes (h .&. 0x6603301980cc)
      + 4 * glBytes (h .&. 0x7803c01e00f0)
      + 8 * glBytes (h .&. 0xf807c03e01f00)
{-# INLINE glHandPoints #-}

-- | The number of bits set in each byte of x, in that byte.
glBytes :: Word64 -> Word64
glBytes x = (y + (y `unsafeShiftR` 4)) .&. 0x0F0F0F0F0F0F0F0F
  where
    z = x - ((x `unsafeShiftR` 1) .&. 0x5555555555555555)
    y = (z .&. 0x3333333333333333)
      + ((z `unsafeShiftR` 2) .&. 0x3333333333333333)
{-# INLINE glBytes #-}

-- | The cards that some set or run within the hand a can use (the union
-- of solver.go's candidates of a): the run starts are the cards with the
-- next two of their suit (ranks up to the jack, so no run wraps into the
-- next suit), the sets the ranks held in three suits or four.
glMeldable :: Word64 -> Word64
glMeldable a = xRuns .|. (a .&. (three * 0x8004002001))
  where
    r3 = a .&. (a `unsafeShiftR` 1) .&. (a `unsafeShiftR` 2)
      .&. 0x3ff9ffcffe7ff
    xRuns = r3 .|. (r3 `unsafeShiftL` 1) .|. (r3 `unsafeShiftL` 2)
    s0 = a .&. 0x1FFF
    s1 = (a `unsafeShiftR` 13) .&. 0x1FFF
    s2 = (a `unsafeShiftR` 26) .&. 0x1FFF
    s3 = (a `unsafeShiftR` 39) .&. 0x1FFF
    three = (s0 .&. s1 .&. (s2 .|. s3)) .|. (s2 .&. s3 .&. (s0 .|. s1))
{-# INLINE glMeldable #-}

-- | Folds f over the melds within a that hold card c, with their
-- values, c being the lowest meldable card of a, in the order of
-- solver.go's candidate indexes: the runs from c of 3, 4 and 5 cards,
-- then the set of c's rank (all four, then the three-card sets leaving
-- out each other card in turn). Runs are at most 5 long there, as in
-- candidates.find.
glFoldMelds :: (b -> Word64 -> Int -> b) -> b -> Word64 -> Int -> b
glFoldMelds f z a c = xSets (xRuns z)
  where
    r = c `rem` 13
    b = unsafeShiftL 1 c :: Word64
    has m = a .&. m == m
    p k = min 10 (k + 1)
    v3 = p r + p (r + 1) + p (r + 2)
    v4 = v3 + p (r + 3)
    xRuns acc
      | r > 10 || not (has (b * 7)) = acc
      | r > 9 || not (has (b * 15)) = f acc (b * 7) v3
      | r > 8 || not (has (b * 31)) = f (f acc (b * 7) v3) (b * 15) v4
      | otherwise = f (f (f acc (b * 7) v3) (b * 15) v4) (b * 31)
          (v4 + p (r + 4))
    s = a .&. (0x8004002001 `unsafeShiftL` r)
    t = s .&. (s - 1)
    t2 = t .&. (t - 1)
    t3 = t2 .&. (t2 - 1)
    xSets acc
      | t2 == 0 = acc
      | t3 == 0 = f acc s (3 * p r)
      | otherwise = f (f (f (f acc s (4 * p r))
          (s `xor` (t .&. negate t)) (3 * p r))
          (s `xor` (t2 .&. negate t2)) (3 * p r)) (s `xor` t3) (3 * p r)
{-# INLINE glFoldMelds #-}

-- | The most melded value of an arrangement of the available cards a,
-- given the value melded so far and the best found (minSearch.run
-- without the path): each branch either melds the lowest meldable card
-- in one of its melds, or leaves it deadwood; a branch is cut when all
-- the meldable cards left could not beat the best.
glDeadRun :: Word64 -> Int -> Int -> Int
glDeadRun a melded best0
  | u == 0 || melded + glHandPoints u <= xBest = xBest
  | otherwise = glDeadRun (clearBit a c) melded
      (glFoldMelds step xBest a c)
  where
    xBest = max melded best0
    u = glMeldable a
    c = countTrailingZeros u
    step acc m v = glDeadRun (a `xor` m) (melded + v) acc

-- | The least deadwood over the arrangements of the hand (Deadwood).
glDeadwood :: Word64 -> Int
glDeadwood h = glHandPoints h - glDeadRun h 0 0

-- | The best melded value found and the melds of it, latest first.
data GlBest = GlBest !Int [Word64]

-- | minSearch.run with its path: as glDeadRun, keeping the first best
-- arrangement met, so that glArrange declares the melds Go does.
glMinRun :: Word64 -> Int -> [Word64] -> GlBest -> GlBest
glMinRun a melded path acc0@(GlBest best0 _)
  | u == 0 || melded + glHandPoints u <= xBest = acc
  | otherwise = glMinRun (clearBit a c) melded path
      (glFoldMelds step acc a c)
  where
    acc = if melded > best0 then GlBest melded path else acc0
    xBest = max melded best0
    u = glMeldable a
    c = countTrailingZeros u
    step ac m v = glMinRun (a `xor` m) (melded + v) (m : path) ac

-- | An arrangement of least deadwood (Arrange): its melds, in the order
-- the search chose them, and its deadwood cards.
glArrange :: Word64 -> ([Word64], Word64)
glArrange h = (reverse path, h .&. complement (foldl' (.|.) 0 path))
  where
    GlBest _ path = glMinRun h 0 [] (GlBest 0 [])

-- | The least deadwood each allowed discard leaves, as gin.Discards.
-- For hands of up to 16 cards worth at most 126 there is a byte for
-- each card of the hand in deck order (the first 8 in one word, the
-- rest in the other): for an allowed card the least deadwood of the
-- hand with the card uncovered (its value after discarding it plus its
-- own value), 0 for the others. Other hands keep a list of (card,
-- value).
data GlDiscards
  = GlDiscards !Word64 !Word64 !Word64 !Word64 !Int
    -- ^ allowed, hand, bytes 0-7, bytes 8-15, whole
  | GlDiscardsBig !Word64 !Int [(Int, Int)]
    -- ^ allowed, whole, the values

-- | The discard walk's state: the two words of bytes and the whole
-- hand's least deadwood.
data GlAcc = GlAcc !Word64 !Word64 !Int

-- | BestDiscards(h, forbidden): for each card of h not forbidden, the
-- least deadwood of h without it (capped at 255 as Go's uint8), from
-- one walk over the maximal arrangements of h.
glBestDiscards :: Word64 -> Word64 -> GlDiscards
glBestDiscards h forbidden
  | popCount h > 16 || total > 126 = GlDiscardsBig allowed (glDeadwood h)
      [ (c, min 255 (glDeadwood (clearBit h c))) | c <- glCards allowed ]
  | otherwise = GlDiscards allowed h w0 w1 whole
  where
    allowed = h .&. complement forbidden
    total = glHandPoints h
    GlAcc w0 w1 whole = glDiscRun h allowed total h h 0
      (glUnknown h allowed 0 (GlAcc 0 0 total))

-- | The walk's first state: the bytes of the allowed cards of h at 127
-- (above any deadwood), k being the byte of h's lowest card.
glUnknown :: Word64 -> Word64 -> Int -> GlAcc -> GlAcc
glUnknown h xs k acc@(GlAcc w0 w1 whole)
  | h == 0 = acc
  | xs .&. low == 0 = glUnknown h' xs (k + 1) acc
  | k < 8 = glUnknown h' xs (k + 1) (GlAcc (w0 .|. l) w1 whole)
  | otherwise = glUnknown h' xs (k + 1) (GlAcc w0 (w1 .|. l) whole)
  where
    low = h .&. negate h
    h' = h `xor` low
    l = 127 `unsafeShiftL` (8 * (k `rem` 8))

-- | The cards of a hand in deck order (Hand.Cards).
glCards :: Word64 -> [Int]
glCards 0 = []
glCards x = countTrailingZeros x : glCards (x .&. (x - 1))

-- | discardSearch.run: walks the maximal arrangements, hand being the
-- cards outside the melds chosen, a those still available to meld; at
-- each leaf every allowed card of hand is a possible discard. Unlike
-- Go's walk it skips the branches whose every leaf would leave at least
-- each byte's deadwood and the whole's (the same values result).
glDiscRun :: Word64 -> Word64 -> Int -> Word64 -> Word64 -> Int -> GlAcc
  -> GlAcc
glDiscRun h allowed total xHand a melded acc@(GlAcc w0 w1 whole)
  | h `seq` allowed `seq` total `seq` xHand `seq` u == 0 =
      glLeafGo h (total - melded) (xHand .&. allowed) 0
        (GlAcc w0 w1 (min whole (total - melded)))
  | lb >= whole && glAtMost lb w0 && glAtMost lb w1 = acc
  | otherwise = glDiscRun h allowed total xHand (clearBit a c) melded
      (glFoldMelds step acc a c)
  where
    u = glMeldable a
    c = countTrailingZeros u
    lb = total - melded - glHandPoints u
    step ac m v = glDiscRun h allowed total (xHand `xor` m) (a `xor` m)
      (melded + v) ac

-- | Whether every byte of w (each below 128) is at most v (0 to 127).
glAtMost :: Int -> Word64 -> Bool
glAtMost v w = ((fromIntegral v * 0x0101010101010101
  .|. 0x8080808080808080) - w) .&. 0x8080808080808080
  == 0x8080808080808080
{-# INLINE glAtMost #-}

-- | The loop of a leaf over the cards of h, k being the byte of the
-- lowest: the cards of xs among them lower their bytes to v.
glLeafGo :: Word64 -> Int -> Word64 -> Int -> GlAcc -> GlAcc
glLeafGo h v xs k acc@(GlAcc w0 w1 whole)
  | h `seq` v `seq` k `seq` xs == 0 = acc
  | xs .&. low == 0 = glLeafGo h' v xs (k + 1) acc
  | k < 8 = glLeafGo h' v xs' (k + 1)
      (GlAcc (glLower w0 (8 * k) v) w1 whole)
  | otherwise = glLeafGo h' v xs' (k + 1)
      (GlAcc w0 (glLower w1 (8 * k - 64) v) whole)
  where
    low = h .&. negate h
    h' = h `xor` low
    xs' = xs `xor` low

-- | The word with its byte at bit offset o lowered to v if v is less.
glLower :: Word64 -> Int -> Int -> Word64
glLower w o v
  | fromIntegral v < cur = w `xor` ((cur `xor` fromIntegral v)
      `unsafeShiftL` o)
  | otherwise = w
  where
    cur = (w `unsafeShiftR` o) .&. 255
{-# INLINE glLower #-}

-- | After(c): the least deadwood left by discarding c, if allowed.
glDiscardsAfter :: GlDiscards -> Int -> Maybe Int
glDiscardsAfter (GlDiscards allowed h w0 w1 _) c
  | not (testBit allowed c) = Nothing
  | otherwise = Just (fromIntegral (w `unsafeShiftR` o .&. 255)
      - glPoints c)
  where
    k = popCount (h .&. (bit c - 1))
    (w, o) = if k < 8 then (w0, 8 * k) else (w1, 8 * k - 64)
glDiscardsAfter (GlDiscardsBig _ _ vs) c = lookup c vs

-- | Whole: the least deadwood of the whole hand, before the discard.
glDiscardsWhole :: GlDiscards -> Int
glDiscardsWhole (GlDiscards _ _ _ _ whole) = whole
glDiscardsWhole (GlDiscardsBig _ whole _) = whole

-- | Allowed: the cards that may be discarded.
glDiscardsAllowed :: GlDiscards -> Word64
glDiscardsAllowed (GlDiscards allowed _ _ _ _) = allowed
glDiscardsAllowed (GlDiscardsBig allowed _ _) = allowed

-- | Best: the least deadwood an allowed discard leaves and the cards
-- leaving it; (-1, 0) when no card is allowed.
glDiscardsBest :: GlDiscards -> (Int, Word64)
glDiscardsBest d = glBestGo d (glDiscardsAllowed d) (-1) 0

-- | The loop of glDiscardsBest over the allowed cards xs left.
glBestGo :: GlDiscards -> Word64 -> Int -> Word64 -> (Int, Word64)
glBestGo d xs xBest xCards
  | xs == 0 = (xBest, xCards)
  | xBest < 0 || v < xBest = glBestGo d xs' v (bit c)
  | v == xBest = glBestGo d xs' xBest (setBit xCards c)
  | otherwise = glBestGo d xs' xBest xCards
  where
    c = countTrailingZeros xs
    xs' = xs .&. (xs - 1)
    v = maybe 0 id (glDiscardsAfter d c)

-- | Neighbours(c, within): the cards that can share a meld with c, c
-- excluded: its rank in the other suits, and its suit within the ranks
-- from within below it to within above.
glNeighbours :: Int -> Int -> Word64
glNeighbours c within = clearBit (rankCards .|. suitCards) c
  where
    r = c `rem` 13
    lo = max 0 (r - within)
    hi = min 12 (r + within)
    rankCards = 0x8004002001 `unsafeShiftL` r
    suitCards
      | hi < lo = 0
      | otherwise = (bit (hi - lo + 1) - 1) `unsafeShiftL` (c - r + lo)

-- | Combo(h, c): h holds a card of c's rank, or of its suit within two
-- ranks of it.
glCombo :: Word64 -> Int -> Bool
glCombo h c = h .&. glNeighbours c 2 /= 0
