-- The rollout player ------------------------------------------------------
--
-- ginlog's rollout player (Go package players/tuned, rollout.go), decision
-- for decision: the same view gives the same draw, discard and call as the
-- Go player's, which ginlog's tests check on a recorded corpus. It draws as
-- the tuned player does; at a discard it draws hands the opponent may hold
-- from the inference model, weighs them by the opponent's plays, and plays
-- every candidate discard (and knock) out to the end of the round against
-- each, the opponent playing by the hand policy fitted from the logs.

-- | What the player sees of the round when it decides (Go's gin.View as
-- the framework shows it: the face-up card is unknown, 255, when the
-- opponent moved first).
data GlView = GlView
  { glvHand :: !Word64
  , glvTop :: !Int
  , glvFaceUp :: !Int
  , glvStock :: !Int
  , glvOwnScore :: !Int
  , glvOppScore :: !Int
  , glvPlays :: [GlPlay]
  }

-- | The call made with a discard: glrDrop, glrKnock or glrGin.
glrDrop, glrKnock, glrGin :: Int
glrDrop = 0
glrKnock = 1
glrGin = 2

-- | The lowest card of a non-empty set.
glrLowest :: Word64 -> Int
glrLowest = countTrailingZeros

-- | glrFirstTurn view: the player's first turn of the round, when it may
-- not call.
glrFirstTurn :: GlView -> Bool
glrFirstTurn v = length (glvPlays v) < 2

-- | The cards seen besides the hand: the face-up card and every card
-- offered, taken or discarded this round.
glrSeen :: GlView -> Word64
glrSeen v = foldl' add (glCardSet (glvFaceUp v)) (glvPlays v)
  where
    add a p = a .|. glCardSet (glpTop p) .|. glCardSet (glpDiscarded p)

-- | glrUnknown view extra: the cards not seen (Go's unknownCards), extra
-- counting as seen too.
glrUnknown :: GlView -> Word64 -> Word64
glrUnknown v extra =
  glFullDeck
    .&. complement
      (glvHand v .|. glrSeen v .|. glCardSet (glvTop v) .|. extra)

-- | The cards the opponent took face up and has not discarded since
-- (Go's knownOpp).
glrKnownOpp :: GlView -> Word64
glrKnownOpp = foldl' step 0 . glvPlays
  where
    step k p
      | glpOwn p = k
      | otherwise = took .&. complement (glCardSet (glpDiscarded p))
      where
        took
          | glpSource p == 1 = k .|. glCardSet (glpTop p)
          | otherwise = k

-- | The value of holding deadwood dw in a phase (Go's Player.value).
glrValue :: Int -> Int -> Double
glrValue dw = glwHandValue (min dw glwMaxValueDeadwood)

-- | The cards that can share a meld with a card of the set.
glrNeighbours :: Word64 -> Word64
glrNeighbours = foldl' (\a c -> a .|. glNeighbours c 2) 0 . glCards

-- | The least deadwood after a discard of an eleven-card set, the drawn
-- card kept.
glrLeast :: Word64 -> Int -> Int
glrLeast h xDrawn = fst (glDiscardsBest (glBestDiscards h (bit xDrawn)))

-- | glrAhead hand unknown phase: the expected value of a ten-card hand
-- after one more draw from the unknown cards (Go's Player.ahead).
glrAhead :: Word64 -> Word64 -> Int -> Double
glrAhead h unknown ph
  | n == 0 = glrValue (glDeadwood h) ph
  | otherwise = foldl' add 0 (glCards unknown) / fromIntegral n
  where
    n = popCount unknown
    base = fst (glDiscardsBest (glBestDiscards h 0))
    related = glrNeighbours h .&. unknown
    add acc u
      | testBit related u = acc + glrValue (glrLeast (setBit h u) u) ph
      | otherwise = acc + glrValue (base + glPoints u) ph

-- | glrCardRelation card hand: Go's model.CardRelation, 0 to 7.
glrCardRelation :: Int -> Word64 -> Int
glrCardRelation c h0 = xPair .|. xRun .|. gap
  where
    h = clearBit h0 c
    (s, r) = c `divMod` 13
    xPair
      | or [testBit h (o * 13 + r) | o <- [0 .. 3], o /= s] = 1
      | otherwise = 0
    xNear d = r + d >= 0 && r + d < 13 && testBit h (s * 13 + r + d)
    xRun = if xNear (-1) || xNear 1 then 2 else 0
    gap = if xNear (-2) || xNear 2 then 4 else 0

-- | The chance, by the draw model, that the opponent takes a card given
-- the cards it is known to hold (Go's Player.takeProbability).
glrTakeP :: Int -> Word64 -> Int -> Double
glrTakeP c xKnown xStock = glwTake (c `mod` 13) kind (glwPhase xStock)
  where
    kind
      | xKnown /= 0
      , glDeadwood (setBit xKnown c) < glDeadwood xKnown + glPoints c = 1
      | xKnown /= 0 && glrCardRelation c (setBit xKnown c) /= 0 = 2
      | otherwise = 0 :: Int

-- | The risk of feeding the opponent's melds (Go's Player.feeding).
glrFeeding :: Int -> Word64 -> Int -> Double
glrFeeding c xKnown xStock =
  max 0 (glrTakeP c xKnown xStock - glrTakeP c 0 xStock)

-- | Whether a knock at deadwood dw is worth it now.
glrKnockFavoured :: Int -> Int -> Bool
glrKnockFavoured dw xStock =
  dw <= glwKnockLimit
    && glwKnockWin dw (glwPhase xStock) >= glwKnockThreshold

-- | glrDraw view: whether to take the face-up card (Go's Player.Draw).
glrDraw :: GlView -> Bool
glrDraw v
  | glDiscardsWhole d < glDeadwood h + glPoints xTop = True
  | not (glrFirstTurn v) && (xBest == 0 || glrKnockFavoured xBest xStock) =
      True
  | otherwise = glrValue xBest ph > glrAhead h (glrUnknown v 0) ph
  where
    h = glvHand v
    xTop = glvTop v
    xStock = glvStock v
    ph = glwPhase xStock
    d = glBestDiscards (setBit h xTop) (bit xTop)
    xBest = fst (glDiscardsBest d)

-- | A discard's decision key: its value, its feeding risk, its chance of
-- staying deadwood.
data GlrKey = GlrKey !Double !Double !Double

-- | Go's better: keys compared in order, up to rounding.
glrBetter :: GlrKey -> GlrKey -> Bool
glrBetter (GlrKey a1 a2 a3) (GlrKey b1 b2 b3) =
  go [(a1, b1), (a2, b2), (a3, b3)]
  where
    go [] = False
    go ((a, b) : xs)
      | abs (a - b) > 1e-9 = a > b
      | otherwise = go xs

-- | A discard the tuned player weighs: the card, the deadwood it leaves,
-- its key.
data GlrOption = GlrOption !Int !Int !GlrKey

-- | Go's sort.SliceStable on a short slice: an insertion sort, each
-- element moved left past those it is less than.
glrStableSort :: (a -> a -> Bool) -> [a] -> [a]
glrStableSort less = reverse . foldl' ins []
  where
    ins sorted x = let (moved, xRest) = span (less x) sorted
                    in moved ++ x : xRest

-- | The value of keeping ten cards of deadwood dw at a turn that began
-- with the stock at stock (Go's Player.next).
glrNext :: Word64 -> Int -> Word64 -> Int -> Double
glrNext h dw unknown xStock =
  glrOrCall dw xStock (glrAhead h unknown (glwPhase (xStock - 2)))

-- | The hands valued so far while discards are compared two draws ahead.
type GlrMemo = [(Word64, Double)]

-- | glrNext looking two draws ahead (Go's Player.next2).
glrNext2 :: GlrMemo -> Word64 -> Int -> Word64 -> Int -> (Double, GlrMemo)
glrNext2 memo h dw unknown xStock
  | unknown == 0 || xStock < 4 = (glrNext h dw unknown xStock, memo)
  | otherwise = (glrOrCall dw xStock xValue, memo')
  where
    (xValue, memo') = glrDrawValue memo h unknown (xStock - 2)

-- | Go's Player.drawValue.
glrDrawValue :: GlrMemo -> Word64 -> Word64 -> Int -> (Double, GlrMemo)
glrDrawValue memo0 h unknown xStock = go memo0 0 (glCards unknown)
  where
    go m acc [] = (acc / fromIntegral (popCount unknown), m)
    go m acc (u : us) =
      let (v, m') = glrKeepBest m (setBit h u) u (clearBit unknown u) xStock
       in v `seq` go m' (acc + v) us

-- | Go's Player.keepBest, with its memo of the hands kept.
glrKeepBest :: GlrMemo -> Word64 -> Int -> Word64 -> Int -> (Double, GlrMemo)
glrKeepBest memo0 h xDrawn unknown xStock = go memo0 (-1 / 0) (glCards xCards)
  where
    (least, xCards) = glDiscardsBest (glBestDiscards h (bit xDrawn))
    go m b [] = (b, m)
    go m b (c : cs) =
      let xKept = clearBit h c
       in case lookup xKept m of
            Just v -> go m (max b v) cs
            Nothing ->
              let v = glrNext xKept least unknown xStock
               in v `seq` go ((xKept, v) : m) (max b v) cs

-- | The value of a hand of deadwood dw against the chance that the
-- opponent calls at its turn (Go's Player.orCall).
glrOrCall :: Int -> Int -> Double -> Double
glrOrCall dw xStock cont
  | rate == 0 = cont
  | otherwise = rate * called + (1 - rate) * cont
  where
    ph = glwPhase (xStock - 1)
    rate = glwOppCallRate ph
    k = glwOppKnockDeadwood ph
    g = glwOppGinShare ph
    d = fromIntegral dw
    xKnock
      | d <= k = fromIntegral glwUndercutBonus + k - d
      | otherwise = -(d - k)
    called = g * (-(fromIntegral glwGinBonus + d)) + (1 - g) * xKnock

-- | A card's points times its chance of staying deadwood beside the rest
-- of the hand (Go's Player.staysDeadwood).
glrStays :: Int -> Word64 -> Int -> Double
glrStays c h ph = fromIntegral (glPoints c) * (1 - pm)
  where
    r = c `mod` 13
    grp
      | r <= 3 = 0
      | r <= 8 = 1
      | otherwise = 2 :: Int
    pm = glwMeldProb grp (glrCardRelation c (setBit h c)) ph

-- | glrTunedDiscard view drawn: the tuned player's discard and call (Go's
-- Player.tunedDiscard).
glrTunedDiscard :: GlView -> Int -> (Int, Int)
glrTunedDiscard v xDrawn
  | not first && xBest == 0 = (glrLowest bestCards, glrGin)
  | not first
  , glrKnockFavoured xBest xStock
  , glwKnockValue xBest (glwPhase xStock)
      >= glrNext (clearBit eleven c0) xBest unknown xStock =
      (c0, glrKnock)
  | otherwise = (refine ranked, glrDrop)
  where
    first = glrFirstTurn v
    xStock = glvStock v
    eleven = setBit (glvHand v) xDrawn
    dd = glBestDiscards eleven (bit xDrawn)
    (xBest, bestCards) = glDiscardsBest dd
    c0 = glrLowest bestCards
    ph = glwPhase (xStock - 2)
    unknown = glrUnknown v (bit xDrawn)
    xKnown = glrKnownOpp v
    gain = glwOpponentGain - glwStockGain
    ranked =
      glrStableSort better'
        (concatMap option (glCards (clearBit eleven xDrawn)))
    better' (GlrOption _ _ a) (GlrOption _ _ b) = glrBetter a b
    option c = case glDiscardsAfter dd c of
      Just xAfter
        | xAfter <= xBest + 10 ->
            [ GlrOption c xAfter
                (GlrKey (glrNext xKept xAfter unknown xStock) feed stays)
            ]
        where
          xKept = clearBit eleven c
          stays = glrStays c xKept ph
          feed
            | gain > 0 && xKnown /= 0 = -(glrFeeding c xKnown xStock) * gain
            | otherwise = 0
      _ -> []
    refine os = case refined of
      (GlrOption c _ _ : _) -> c
      [] -> xDrawn
      where
        refined = glrRefineTop eleven unknown xStock os

-- | The closest discards compared again two draws ahead: those within
-- three net points of the best, three at most (Go's refineMargin,
-- refineCount).
glrRefineTop :: Word64 -> Word64 -> Int -> [GlrOption] -> [GlrOption]
glrRefineTop eleven unknown xStock os = case os of
  (GlrOption _ _ (GlrKey xTop _ _) : _)
    | n > 1 -> glrStableSort better' (again [] (take n os)) ++ drop n os
    where
      n = 1 + length (takeWhile close (take 2 (drop 1 os)))
      close (GlrOption _ _ (GlrKey k _ _)) = k >= xTop - 3
  _ -> os
  where
    better' (GlrOption _ _ a) (GlrOption _ _ b) = glrBetter a b
    again _ [] = []
    again m (GlrOption c xAfter (GlrKey _ f s) : xRest) =
      let (k, m') = glrNext2 m (clearBit eleven c) xAfter unknown xStock
       in k `seq` GlrOption c xAfter (GlrKey k f s) : again m' xRest

-- Rollouts ------------------------------------------------------------------

-- | The take relation of a card to a hand: 0 it joins a meld, 1 it is of
-- a card's rank or of its suit within two ranks, 2 neither (Go's
-- takeRelation, of a hand of deadwood dw).
glrTakeRel :: Int -> Word64 -> Int -> Int
glrTakeRel c h dw
  | not (glCombo h c) = 2
  | glDeadwood (setBit h c) < dw + glPoints c = 0
  | otherwise = 1

-- | Go's model.TakeRelation: glrTakeRel with the hand's deadwood.
glrTakeRelation :: Int -> Word64 -> Int
glrTakeRelation c h
  | not (glCombo h c) = 2
  | otherwise = glrTakeRel c h (glDeadwood h)

-- | The hand policy's chance that the opponent takes a card in a take
-- relation, and that it calls with deadwood dw.
glrHpTake :: Int -> Int -> Double
glrHpTake rel xStock = glwHpTake rel (glwPhase xStock)

glrHpCall :: Int -> Int -> Double
glrHpCall dw xStock
  | dw < 0 || dw > glwKnockLimit = 0
  | otherwise = glwHpCall dw (glwPhase xStock)

-- | The hand policy's chance of discarding card c from eleven cards whose
-- discards are dd, after drawing drawn (Go's HandPolicy.Discard).
glrHpDiscard :: GlDiscards -> Int -> Int -> Int -> Double
glrHpDiscard dd c xDrawn xStock = case glDiscardsAfter dd c of
  Just xAfter
    | c /= xDrawn ->
        if xAfter == least
          then beta / fromIntegral nBest
          else (1 - beta) / fromIntegral others
  _ -> 0
  where
    afters =
      [ a
      | x <- glCards (glDiscardsAllowed dd .&. complement (glCardSet xDrawn))
      , Just a <- [glDiscardsAfter dd x]
      ]
    least = minimum afters
    nBest = length (filter (== least) afters)
    others = length afters - nBest
    beta = glwHpBestDiscard (glwPhase xStock)

-- | The net points of a knock at deadwood dw against o (Go's knockScore),
-- of the player's call (ownCallScore) and of the opponent's (oppCallScore).
glrKnockScore, glrOwnCall, glrOppCall :: Int -> Int -> Double
glrKnockScore dw o
  | dw < o = fromIntegral (o - dw)
  | otherwise = -fromIntegral (glwUndercutBonus + dw - o)
glrOwnCall d o
  | d == 0 = fromIntegral (glwGinBonus + o)
  | d < o = fromIntegral (o - d)
  | otherwise = -fromIntegral (glwUndercutBonus + d - o)
glrOppCall e d
  | e == 0 = -fromIntegral (glwGinBonus + d)
  | e < d = -fromIntegral (d - e)
  | otherwise = fromIntegral (glwUndercutBonus + e - d)

-- | The opponent's last play: whether it took the face-up card, the card
-- offered, its discard, the stock when its turn began, whether it could
-- call, and its index in the plays (Go's lastOppPlay).
data GlrOppPlay = GlrOppPlay !Bool !Int !Int !Int !Bool !Int

-- | glrLastOppPlay view opponentPlays: Nothing before the opponent's
-- first play.
glrLastOppPlay :: GlView -> Int -> Maybe GlrOppPlay
glrLastOppPlay v plays = go (glvStock v) (reverse (zip [0 ..] (glvPlays v)))
  where
    go _ [] = Nothing
    go s ((i, p) : ps)
      | not (glpOwn p) =
          Just
            ( GlrOppPlay (glpSource p == 1) (glpTop p) (glpDiscarded p) s'
                (plays > 1) i
            )
      | otherwise = go s' ps
      where
        s' = if glpSource p == 0 then s + 1 else s

-- | glrLikelihood play hand known dw: the chance that the opponent, holding
-- hand now, made its last play as it did (Go's Player.likelihood).
glrLikelihood :: Maybe GlrOppPlay -> Word64 -> Word64 -> Int -> Double
glrLikelihood Nothing _ _ _ = 1
glrLikelihood (Just (GlrOppPlay took xTop disc s couldCall _)) h xKnown dw
  | couldCall && l <= 0 = 0
  | took && valid && not (testBit h xTop) = 0
  | took && valid =
      l * glrHpTake (glrTakeRelation xTop (clearBit eleven xTop)) s
        * glrHpDiscard dd disc xTop s
  | n == 0 = 0
  | otherwise = l * total / fromIntegral n
  where
    valid = xTop < 52
    l = if couldCall then 1 - glrHpCall dw s else 1
    eleven = setBit h disc
    dd = glBestDiscards eleven 0
    candidates = glCards (h .&. complement xKnown)
    n = length candidates
    total = foldl' add 0 candidates
    add acc c
      | lik == 0 = acc
      | not took && valid =
          acc
            + lik
              * (1 - glrHpTake (glrTakeRelation xTop (clearBit eleven c)) s)
      | otherwise = acc + lik
      where
        lik = glrHpDiscard dd disc c s

-- | One of the opponent's earlier plays: the card, what it did with it
-- (0 took it and holds it, 1 refused it, 2 discarded it), the stock when
-- its turn began (Go's histEvent).
data GlrEvent = GlrEvent !Int !Int !Int

-- | The opponent's plays before the one at index lastIx, latest first
-- (Go's rolloutState.history).
glrHistory :: GlView -> Int -> [GlrEvent]
glrHistory v lastIx = go 0 (reverse (zip3 [0 ..] lefts plays))
  where
    plays = glvPlays v
    lefts = snd (foldl' left (glvStock v, []) (reverse plays))
    left (s, acc) p =
      let s' = if glpSource p == 0 then s + 1 else s in (s', s' : acc)
    go _ [] = []
    go discarded ((i, s, p) : xRest)
      | glpOwn p = go discarded xRest
      | otherwise =
          events ++ go (discarded .|. glCardSet (glpDiscarded p)) xRest
      where
        xTop = glpTop p
        offered
          | i < lastIx && xTop < 52 && glpSource p /= 1 = [GlrEvent xTop 1 s]
          | i < lastIx && xTop < 52 && not (testBit discarded xTop) =
              [GlrEvent xTop 0 s]
          | otherwise = []
        events
          | i < lastIx = offered ++ [GlrEvent (glpDiscarded p) 2 s]
          | otherwise = []

-- | How well a hand explains the opponent's earlier plays, each chance q
-- counted as soft + (1 - soft) q (Go's Player.historyWeight).
glrHistoryWeight :: [GlrEvent] -> Word64 -> Int -> Double
glrHistoryWeight evs h dw = foldl' step 1 evs
  where
    soft = glwSoft
    step w (GlrEvent c kind s) = w * (soft + (1 - soft) * q)
      where
        q = case kind of
          0 -> glrHpTake (glrTakeRelation c (clearBit h c)) s
          1 -> 1 - glrHpTake (glrTakeRel c h dw) s
          _
            | glrTakeRel c h dw == 0 -> 1 - glwHpBestDiscard (glwPhase s)
            | otherwise -> 1

-- | One deal a discard is played out against: the opponent's hand, its
-- deadwood, the deal's weight, the stock (top first), the seed of the
-- opponent's random choices (Go's rolloutDeal).
data GlrDeal = GlrDeal !Word64 !Int !Double [Int] !Word64

-- | glrSeed view drawn: the key of a decision's randomness (Go's
-- rolloutSeed).
glrSeed :: GlView -> Int -> GlRng
glrSeed v xDrawn = glSeed (foldl' step h0 (glvPlays v)) s2
  where
    w :: Int -> Word64
    w = fromIntegral
    h0 =
      (glvHand v * 0x9e3779b97f4a7c15)
        `xor` (w (glvOwnScore v) `shiftL` 48)
        `xor` (w (glvOppScore v) `shiftL` 32)
        `xor` w xDrawn
    step h p =
      ( h
          `xor` (w (glpTop p) `shiftL` 16)
          `xor` (w (glpDiscarded p) `shiftL` 8)
          `xor` w (glpSource p)
      )
        * 0xbf58476d1ce4e5b9
    s2 = (w (glvTop v) `shiftL` 8) `xor` w (glvFaceUp v)

-- | Divides the weights by the largest (Go's normalise).
glrNormalise :: [(Word64, Int, Double)] -> [(Word64, Int, Double)]
glrNormalise ds
  | xTop > 0 = [(h, dw, x / xTop) | (h, dw, x) <- ds]
  | otherwise = ds
  where
    xTop = foldl' (\t (_, _, x) -> max t x) 0 ds

-- | Keeps glwSamples of the hands drawn, chosen by weight with one uniform
-- draw, each of weight 1 (Go's rolloutState.resample).
glrResample ::
  [(Word64, Int, Double)] -> GlRng -> ([(Word64, Int, Double)], GlRng)
glrResample ds g0 = (go 0 (u0 * step) 0 ds, g1)
  where
    total = foldl' (\t (_, _, x) -> t + x) 0 ds
    n = glwSamples
    step = total / fromIntegral n
    (u0, g1) = glFloat64 g0
    go _ _ _ [] = []
    go k u acc ((h, dw, x) : xRest) = takeIt k u
      where
        acc' = acc + x
        takeIt k' u'
          | u' < acc' && k' < n = (h, dw, 1) : takeIt (k' + 1) (u' + step)
          | otherwise = go k' u' acc' xRest

-- | glrDeals view eleven drawn: the deals of a decision, and whether the
-- opponent's next turn is its first (Go's rolloutState.deal).
glrDeals :: GlView -> Word64 -> Int -> ([GlrDeal], Bool)
glrDeals v eleven xDrawn = (dealt, glOppPlays t == 0)
  where
    t = glSetHand eleven (glTrack (glvFaceUp v) (glvPlays v) (glvHand v))
    sampler = glSampler glwInference t
    unknown = glUnseen t
    ev = glrLastOppPlay v (glOppPlays t)
    xKnown = glKnown t
    hist = case ev of
      Just (GlrOppPlay _ _ _ _ _ ix) | glwPool > 0 -> glrHistory v ix
      _ -> []
    target = if glwPool > 0 then glwPool else glwSamples
    (drawnHands, zeros, g1) =
      glrDrawHands sampler hist ev xKnown target (glrSeed v xDrawn)
    pooled = glrNormalise drawnHands
    (xKept, g2)
      | glwPool > 0 && length pooled > glwSamples = glrResample pooled g1
      | otherwise = (pooled, g1)
    final
      | null xKept = [(h, glDeadwood h, 1) | h <- zeros]
      | otherwise = xKept
    dealt = glrOrders unknown final g2

-- | Draws hands from the sampler until target have a positive weight, or
-- 4 target draws; the zero-weight hands are kept, glwSamples at most, in
-- case none explains the opponent's last play.
glrDrawHands ::
  GlSampler -> [GlrEvent] -> Maybe GlrOppPlay -> Word64 -> Int -> GlRng ->
  ([(Word64, Int, Double)], [Word64], GlRng)
glrDrawHands sampler hist ev xKnown target = go 0 0 [] [] 
  where
    go draws k acc zs g
      | k >= target || draws >= 4 * target = (reverse acc, reverse zs, g)
      | x <= 0 =
          let zs' = if length zs < glwSamples && k == 0 then h : zs else zs
           in go (draws + 1) k acc zs' g'
      | otherwise = x' `seq` go (draws + 1) (k + 1) ((h, dw, x') : acc) zs g'
      where
        (h, g') = glSample sampler g
        dw = glDeadwood h
        x = glrLikelihood ev h xKnown dw
        x'
          | null hist = x
          | otherwise = x * glrHistoryWeight hist h dw

-- | Shuffles the stock of each deal: the unknown cards its hand does not
-- hold; then draws the seed of its rollouts.
glrOrders :: Word64 -> [(Word64, Int, Double)] -> GlRng -> [GlrDeal]
glrOrders _ [] _ = []
glrOrders unknown ((h, dw, x) : xRest) g = deal : glrOrders unknown xRest g2
  where
    (xStock, g1) = glShuffle (glCards (unknown .&. complement h)) g
    (seed, g2) = glUint64 g1
    deal = GlrDeal h dw x xStock seed

-- | A discard and a call weighed by the rollouts, with the deadwood the
-- discard leaves.
data GlrChoice = GlrChoice !Int !Int !Int

-- | glrChoices view drawn: the tuned player's choice first, then every
-- discard leaving at most ten points more than the least, played on and,
-- when it may, knocked (Go's rolloutDiscard).
glrChoices :: GlView -> Int -> (Int, Int) -> [GlrChoice]
glrChoices v xDrawn (tc, tcall) =
  GlrChoice tc tcall after0 : concatMap alt xCards
  where
    eleven = setBit (glvHand v) xDrawn
    dd = glBestDiscards eleven (bit xDrawn)
    least = fst (glDiscardsBest dd)
    xCards = glCards (clearBit eleven xDrawn)
    afterOf c = maybe 0 id (glDiscardsAfter dd c)
    after0 = afterOf tc
    alt c
      | a > least + 10 = []
      | otherwise =
          [GlrChoice c glrDrop a | c /= tc || tcall /= glrDrop] ++ xKnock
      where
        a = afterOf c
        xKnock =
          [ GlrChoice c glrKnock a
          | glwCalls
          , not (glrFirstTurn v)
          , a <= glwKnockLimit
          , c /= tc || tcall /= glrKnock
          ]

-- | glrDiscard view drawn: the rollout player's discard and call.
glrDiscard :: GlView -> Int -> (Int, Int)
glrDiscard v xDrawn
  | tcall == glrGin = tuned
  | glvStock v > glwMaxStock = tuned
  | tcall == glrKnock && not glwCalls = tuned
  | length choices == 1 = tuned
  | total == 0 = tuned
  | otherwise = case glrBest sums sqs total (total * total / total2) of
      0 -> tuned
      j -> let GlrChoice c call _ = choices !! j in (c, call)
  where
    tuned@(_, tcall) = glrTunedDiscard v xDrawn
    choices = glrChoices v xDrawn tuned
    eleven = setBit (glvHand v) xDrawn
    (deals, oppFirst) = glrDeals v eleven xDrawn
    xValue net = case glwGameValue of
      Just f -> f (glvOwnScore v) (glvOppScore v) (truncate net)
      Nothing -> net
    outcome i (GlrDeal xOpp oppDW _ xStock seed) (GlrChoice c call a)
      | call == glrKnock = xValue (glrOwnCall a oppDW)
      | otherwise =
          xValue
            ( glrPlayOut (clearBit eleven c) a xOpp oppDW xStock c oppFirst
                (length (glvPlays v) + 1)
                (glSeed seed (fromIntegral (i :: Int)))
            )
    zeros = map (const 0) choices
    (sums, sqs, total, total2) =
      foldl' accumulate (zeros, zeros, 0, 0) (zip [0 ..] deals)
    accumulate (s, q, t, t2) (i, deal@(GlrDeal _ _ x _ _)) =
      glrForce s' `seq` glrForce q' `seq` t' `seq` t2' `seq` (s', q', t', t2')
      where
        outs = map (outcome i deal) choices
        base = head outs
        diffs = 0 : map (subtract base) (tail outs)
        s' = zipWith (\a d -> a + x * d) s diffs
        q' = zipWith (\a d -> a + x * d * d) q diffs
        t' = t + x
        t2' = t2 + x * x

-- | Forces every element of a list of numbers.
glrForce :: [Double] -> ()
glrForce = foldl' (\() x -> x `seq` ()) ()

-- | The choice that replaces the tuned one (0): the largest mean gain over
-- it, above glwMargin and glwZ standard errors (Go's Player.best).
glrBest :: [Double] -> [Double] -> Double -> Double -> Int
glrBest sums sqs total nEff = go 0 0 (zip3 [0 ..] sums sqs)
  where
    go b _ [] = b
    go b g ((j, s, q) : xRest)
      | j > 0 && mean > glwMargin && mean > glwZ * se && mean > g =
          go j mean xRest
      | otherwise = go b g xRest
      where
        mean = s / total
        var = max 0 (q / total - mean * mean)
        se = sqrt (var / nEff)

-- | glrPlayOut mine dw opp oppDW stock top oppFirst plays rng: the
-- player's net points when the round is played out from the opponent's
-- turn, the player keeping mine (deadwood dw) after discarding top (Go's
-- Player.playOut).
glrPlayOut ::
  Word64 -> Int -> Word64 -> Int -> [Int] -> Int -> Bool -> Int -> GlRng ->
  Double
glrPlayOut mine0 dw0 opp0 oppDW0 stock0 top0 oppFirst0 plays0 g0
  | null stock0 = glrKnockScore dw0 oppDW0
  | otherwise = loop mine0 dw0 opp0 oppDW0 stock0 top0 oppFirst0 plays0 g0
  where
    loop mine dw xOpp oppDW xStock xTop oppFirst plays g
      | plays >= glwMaxPlays = glrKnockScore dw oppDW
      | otherwise =
          if not oppFirst && q > 0 && (q >= 1 || u2 < q)
            then glrOppCall least dw
            else ownTurn mine dw opp' least stock1 top1 (plays + 1) g3
      where
        left = length xStock
        take' = glrHpTake (glrTakeRel xTop xOpp oppDW) left
        (takes, g1)
          | take' > 0 && take' >= 1 = (True, g)
          | take' > 0 = let (u, g') = glFloat64 g in (u < take', g')
          | otherwise = (False, g)
        (xDrawn, stock1)
          | takes = (xTop, xStock)
          | otherwise = (head xStock, tail xStock)
        eleven = setBit xOpp xDrawn
        (least, xCards) = glDiscardsBest (glBestDiscards eleven (bit xDrawn))
        (top1, g2) = glrPick xCards g1
        opp' = clearBit eleven top1
        q = glrHpCall least left
        (u2, g3)
          | not oppFirst && q > 0 && q < 1 = glFloat64 g2
          | otherwise = (0, g2)
    ownTurn mine dw xOpp oppDW xStock xTop plays g
      | null xStock || plays >= glwMaxPlays = -(glrKnockScore oppDW dw)
      | least == 0 = glrOwnCall 0 oppDW
      | glrKnockFavoured least left = glrOwnCall least oppDW
      | null stock1 = glrKnockScore least oppDW
      | otherwise =
          loop (clearBit eleven top1) least xOpp oppDW stock1 top1 False
            (plays + 1) g
      where
        left = length xStock
        (xDrawn, stock1)
          | glrTakeRel xTop mine dw == 0 = (xTop, xStock)
          | otherwise = (head xStock, tail xStock)
        eleven = setBit mine xDrawn
        (least, xCards) = glDiscardsBest (glBestDiscards eleven (bit xDrawn))
        top1 = glrHighest xCards

-- | One card of a set at random (Go's pick).
glrPick :: Word64 -> GlRng -> (Int, GlRng)
glrPick h g
  | n > 1 = let (k, g') = glIntN n g in (glCards h !! k, g')
  | otherwise = (glrLowest h, g)
  where
    n = popCount h

-- | The card of a set with the most points, the highest in card order
-- among them (Go's highest).
glrHighest :: Word64 -> Int
glrHighest h = foldl' xPick (glrLowest h) (glCards h)
  where
    xPick b c = if glPoints c >= glPoints b then c else b

-- The framework's calls -----------------------------------------------------
--
-- The memory holds the round as the player saw it: the scores it began
-- with, the face-up card (when the player moved first), the player's ten
-- cards, the card offered at a pickCard not yet followed by playCard, and
-- every play, three characters each. A memory the module did not write
-- (another player's, cut short, edited) starts a new round, as if the
-- player had just been dealt its cards.

-- | The round as the memory keeps it.
data GlrMemory = GlrMemory
  { glrmOwn :: !Int
  , glrmOpp :: !Int
  , glrmFaceUp :: !Int
  , glrmHand :: !Word64
  , glrmOffered :: !Int
  , glrmPlays :: [GlPlay]
  }

-- | The memory's first characters, naming its format.
glrMagic :: String
glrMagic = "ginlog-rollout-1|"

-- | A card's code, 0 to 51, and back.
glrCode :: Card -> Int
glrCode (Card s r) = fromEnum s * 13 + fromEnum r

glrCard :: Int -> Card
glrCard c = Card (toEnum (c `div` 13)) (toEnum (c `mod` 13))

-- | A card, or the unknown card 255, as one character, and back.
glrCardChar :: Int -> Char
glrCardChar c
  | c >= 0 && c < 52 = toEnum (48 + c)
  | otherwise = '~'

glrCharCard :: Char -> Maybe Int
glrCharCard '~' = Just 255
glrCharCard ch
  | n >= 0 && n < 52 = Just n
  | otherwise = Nothing
  where
    n = fromEnum ch - 48

-- | glrShowMemory memory: the memory string.
glrShowMemory :: GlrMemory -> String
glrShowMemory m =
  glrMagic ++ show (glrmOwn m) ++ "|" ++ show (glrmOpp m) ++ "|"
    ++ [glrCardChar (glrmFaceUp m), glrCardChar (glrmOffered m)]
    ++ map glrCardChar (glCards (glrmHand m)) ++ "|"
    ++ concatMap play (glrmPlays m)
  where
    play p =
      [ toEnum (fromEnum 'a' + 2 * fromEnum (glpOwn p) + glpSource p)
      , glrCardChar (glpTop p)
      , glrCardChar (glpDiscarded p)
      ]

-- | glrReadMemory string: the memory, if this module wrote it.
glrReadMemory :: String -> Maybe GlrMemory
glrReadMemory str = do
  xRest <- stripPrefix glrMagic str
  let (own, r1) = break (== '|') xRest
  (xOpp, r2) <- fmap (break (== '|')) (stripPrefix "|" r1)
  body <- stripPrefix "|" r2
  let (cs, r3) = break (== '|') body
  plays <- stripPrefix "|" r3 >>= glrReadPlays
  (faceUp, offered, xHand) <- case cs of
    f : o : h -> do
      hs <- mapM glrCharCard h
      (,,) <$> glrCharCard f <*> glrCharCard o <*> glrSet hs
    _ -> Nothing
  GlrMemory <$> glrNumber own <*> glrNumber xOpp <*> pure faceUp
    <*> pure xHand <*> pure offered <*> pure plays

-- | The set of known cards, Nothing if one is the unknown card.
glrSet :: [Int] -> Maybe Word64
glrSet cs
  | all (< 52) cs = Just (foldl' setBit 0 cs)
  | otherwise = Nothing

-- | A score of up to four digits.
glrNumber :: String -> Maybe Int
glrNumber ds
  | not (null ds) && length ds <= 4 && all (`elem` "0123456789") ds =
      Just (foldl' (\n d -> 10 * n + fromEnum d - 48) 0 ds)
  | otherwise = Nothing

-- | The plays, three characters each, at most as many as a round has.
glrReadPlays :: String -> Maybe [GlPlay]
glrReadPlays s
  | length s > 3 * 250 = Nothing
  | otherwise = go s
  where
    go [] = Just []
    go (k : t : d : xRest)
      | k >= 'a' && k <= 'd' = do
          xTop <- glrCharCard t
          disc <- glrCharCard d
          if disc > 51
            then Nothing
            else do
              let n = fromEnum k - fromEnum 'a'
              ps <- go xRest
              Just (GlPlay (n >= 2) (n `mod` 2) xTop disc : ps)
    go _ = Nothing

-- | The stock left after the plays: 31 less their stock draws.
glrStock :: [GlPlay] -> Int
glrStock ps = 31 - length (filter ((== 0) . glpSource) ps)

-- | glrPickCard top scores memory opponent's draw hand: the framework's
-- pickCard, the pile and the memory to keep.
glrPickCard ::
  Card -> (Int, Int) -> Maybe String -> Maybe Draw -> [Card] -> (Draw, String)
glrPickCard c (own, xOpp) mem oppDraw xCards =
  (if glrDraw v then Discard else Stock, glrShowMemory m)
  where
    xTop = glrCode c
    xHand = foldl' setBit 0 (map glrCode xCards)
    oppPlay d lastDiscard =
      GlPlay False (case d of Stock -> 0; Discard -> 1) lastDiscard xTop
    (faceUp, plays) = case (mem >>= glrReadMemory, oppDraw) of
      (_, Nothing) -> (xTop, [])
      (Just r, Just d)
        | glrmOwn r == own && glrmOpp r == xOpp && glrmHand r == xHand
        , glrmOffered r == 255
        , p : _ <- reverse (glrmPlays r)
        , glpOwn p ->
            (glrmFaceUp r, glrmPlays r ++ [oppPlay d (glpDiscarded p)])
      (_, Just d) -> (255, [oppPlay d 255])
    v = GlView xHand xTop faceUp (glrStock plays) own xOpp plays
    m = GlrMemory own xOpp faceUp xHand xTop plays

-- | glrPlayCard drawn scores memory hand: the framework's playCard, the
-- discard with its call and the memory to keep.
glrPlayCard :: Card -> (Int, Int) -> String -> [Card] -> (Action, String)
glrPlayCard c xScores mem xCards =
  (action, glrRecordPlay c xScores mem xCards action)
  where
    (v, xDrawn) = glrPlayView c xScores mem xCards
    (xDiscard, call) = glrDiscard v xDrawn
    act
      | call == glrGin = Gin
      | call == glrKnock = Knock
      | otherwise = Drop
    action = Action act (glrCard xDiscard)

-- | The view of a playCard call, and the drawn card's code.
glrPlayView :: Card -> (Int, Int) -> String -> [Card] -> (GlView, Int)
glrPlayView c (own, xOpp) mem xCards =
  (GlView xHand offered faceUp (glrStock plays) own xOpp plays, glrCode c)
  where
    xHand = foldl' setBit 0 (map glrCode xCards)
    (faceUp, offered, plays) = case glrReadMemory mem of
      Just r
        | glrmOwn r == own && glrmOpp r == xOpp && glrmHand r == xHand
        , glrmOffered r /= 255 ->
            (glrmFaceUp r, glrmOffered r, glrmPlays r)
      _ -> (255, 255, [])

-- | glrRecordPlay drawn scores memory hand action: the memory after
-- playCard played the action, whoever chose it.
glrRecordPlay :: Card -> (Int, Int) -> String -> [Card] -> Action -> String
glrRecordPlay c xScores mem xCards (Action _ d) =
  glrShowMemory
    ( GlrMemory (glvOwnScore v) (glvOppScore v) (glvFaceUp v)
        (clearBit (setBit (glvHand v) xDrawn) xDiscard) 255
        (glvPlays v ++ [GlPlay True source offered xDiscard])
    )
  where
    (v, xDrawn) = glrPlayView c xScores mem xCards
    xDiscard = glrCode d
    offered = glvTop v
    source = if xDrawn == offered then 1 else 0

-- | glrMakeMelds scores memory hand: the framework's makeMelds, an
-- arrangement of least deadwood.
glrMakeMelds :: (Int, Int) -> String -> [Card] -> [Meld]
glrMakeMelds _ _ xCards =
  concatMap xMeld xMelds ++ map (Deadwood . glrCard) (glCards xDead)
  where
    (xMelds, xDead) = glArrange (foldl' setBit 0 (map glrCode xCards))
    xMeld m = case map glrCard (glCards m) of
      [a, b, x] | xSameRank m -> [Set3 a b x]
      [a, b, x] -> [Straight3 a b x]
      [a, b, x, y] | xSameRank m -> [Set4 a b x y]
      [a, b, x, y] -> [Straight4 a b x y]
      [a, b, x, y, z] -> [Straight5 a b x y z]
      cs -> map Deadwood cs
    xSameRank m = all ((== glrLowest m `mod` 13) . (`mod` 13)) (glCards m)
