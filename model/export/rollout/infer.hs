-- ---------------------------------------------------------------------
-- Inference of the opponent's hand: Go's package model/infer, the parts
-- the rollout player uses (Tracker, its features, Model.Scores, Sampler).
-- Cards are Ints 0..51 (suit*13+rank, suits S C D H, ranks A..K); any
-- other Int is no card (Go's card(c) gives the empty set for it), as the
-- face-up card the opponent took or refused on its first turn is, which
-- the framework never shows. Hands are Word64 bitsets.
-- ---------------------------------------------------------------------

-- | One play of the round's public history (gin.PublicPlay) as the
-- deciding player saw it: its own play or the opponent's, where the card
-- was drawn from (0 stock, 1 discard pile: gin.StockPile, DiscardPile),
-- the top of the discard pile when the turn began, and the discard.
data GlPlay = GlPlay
  { glpOwn :: !Bool
  , glpSource :: !Int
  , glpTop :: !Int
  , glpDiscarded :: !Int
  }

-- | Per card, how many of the opponent's refusals (or discards) were of
-- cards in each relation to it (infer.Tracker's refused and discarded
-- counters), binned as the features read them, at most 2: the cards
-- counted at least once in relation rank, adjacent, gap, then those
-- counted at least twice.
data GlCounts = GlCounts !Word64 !Word64 !Word64 !Word64 !Word64 !Word64

-- | What one player knows of the round (infer.Tracker): its own cards,
-- the discard pile, the cards the opponent took face up and still holds,
-- the stock left, the opponent's plays, its refusals and discards.
data GlTracker = GlTracker
  { gltOwn :: !Word64
  , gltPile :: !Word64
  , gltKnown :: !Word64
  , gltStockLeft :: !Int
  , gltOppPlays :: !Int
  , gltRefused :: !GlCounts
  , gltDiscarded :: !GlCounts
  , gltLastRefused :: !Int
  , gltAnyRefused :: !Bool
  , gltDiscard0 :: !Int -- the opponent's last discard
  , gltDiscard1 :: !Int -- the one before
  , gltNDiscards :: !Int
  }

-- | The 52 cards (gin.FullDeck).
glFullDeck :: Word64
glFullDeck = bit 52 - 1

-- | Whether c is a card of the deck (gin.Card.Valid).
glValid :: Int -> Bool
glValid c = c >= 0 && c < 52

-- | The set of card c alone, empty for no card (infer's card).
glCardSet :: Int -> Word64
glCardSet c = if glValid c then bit c else 0

-- | The cards in relation r to card c (infer's related[r][c]): 0 the
-- other cards of its rank, 1 its suit one rank away, 2 two ranks away.
glRelated :: Int -> Int -> Word64
glRelated r c
  | r == 0 = clearBit (shiftL 0x8004002001 q) c
  | otherwise = suitCard (q - r) .|. suitCard (q + r)
  where
    q = c `rem` 13
    suitCard k = if k >= 0 && k < 13 then bit (c - q + k) else 0

-- | The empty counters.
glNoCounts :: GlCounts
glNoCounts = GlCounts 0 0 0 0 0 0

-- | Counts x in every card related to it (infer's count).
glCount :: Int -> GlCounts -> GlCounts
glCount x (GlCounts a0 a1 a2 b0 b1 b2) =
  GlCounts (a0 .|. h0) (a1 .|. h1) (a2 .|. h2)
    (b0 .|. (a0 .&. h0)) (b1 .|. (a1 .&. h1)) (b2 .|. (a2 .&. h2))
  where
    h0 = glRelated 0 x
    h1 = glRelated 1 x
    h2 = glRelated 2 x

-- | Card c's counter of relation r, binned 0, 1, 2 and more (min(int(
-- counters[r][c]), numCounts-1) in infer's features).
glCountBin :: GlCounts -> Int -> Int -> Int
glCountBin (GlCounts a0 a1 a2 b0 b1 b2) r c
  | testBit b c = 2
  | testBit a c = 1
  | otherwise = 0
  where
    (a, b) = case r of
      0 -> (a0, b0)
      1 -> (a1, b1)
      _ -> (a2, b2)

-- | A round's start (Tracker.Start): the face-up card and the player's ten
-- cards.
glStart :: Int -> Word64 -> GlTracker
glStart faceUp xHand =
  GlTracker
    { gltOwn = xHand .&. glFullDeck
    , gltPile = glCardSet faceUp
    , gltKnown = 0
    , gltStockLeft = 31
    , gltOppPlays = 0
    , gltRefused = glNoCounts
    , gltDiscarded = glNoCounts
    , gltLastRefused = 0
    , gltAnyRefused = False
    , gltDiscard0 = 0
    , gltDiscard1 = 0
    , gltNDiscards = 0
    }

-- | Takes the top of the pile, or a card of the stock (Tracker.draw).
glDraw :: Int -> Int -> GlTracker -> GlTracker
glDraw source xTop t
  | source == 1 = t {gltPile = gltPile t .&. complement (glCardSet xTop)}
  | gltStockLeft t > 0 = t {gltStockLeft = gltStockLeft t - 1}
  | otherwise = t

-- | Records one of the player's own plays (Tracker.Own).
glOwnPlay :: Int -> Int -> Int -> GlTracker -> GlTracker
glOwnPlay source xTop discarded t0 =
  t
    { gltOwn = (gltOwn t .|. taken) .&. complement d
    , gltPile = gltPile t .|. d
    }
  where
    t = glDraw source xTop t0
    taken = if source == 1 then glCardSet xTop else 0
    d = glCardSet discarded

-- | Records one of the opponent's plays (Tracker.Opponent).
glOppPlay :: Int -> Int -> Int -> GlTracker -> GlTracker
glOppPlay source xTop discarded t0
  | glValid discarded =
    t
      { gltKnown = gltKnown t .&. complement (bit discarded)
      , gltPile = gltPile t .|. bit discarded
      , gltDiscarded = glCount discarded (gltDiscarded t)
      , gltDiscard1 = gltDiscard0 t
      , gltDiscard0 = discarded
      , gltNDiscards = gltNDiscards t + 1
      }
  | otherwise = t
  where
    t1 = glDraw source xTop t0
    t2 = t1 {gltOppPlays = gltOppPlays t1 + 1}
    t
      | source == 1 = t2 {gltKnown = gltKnown t2 .|. glCardSet xTop}
      | glValid xTop =
        t2
          { gltRefused = glCount xTop (gltRefused t2)
          , gltLastRefused = xTop
          , gltAnyRefused = True
          }
      | otherwise = t2

-- | Records one play of the history (Tracker.Sync's loop).
glPlay :: GlTracker -> GlPlay -> GlTracker
glPlay t GlPlay {glpOwn = o, glpSource = s, glpTop = p, glpDiscarded = d}
  | o = glOwnPlay s p d t
  | otherwise = glOppPlay s p d t

-- | Sets the player's cards, ten or eleven (Tracker.SetHand).
glSetHand :: Word64 -> GlTracker -> GlTracker
glSetHand xHand t = t {gltOwn = xHand .&. glFullDeck}

-- | The tracker of a view (a zero Tracker's Sync): the round's face-up
-- card (or no card), its public history in order, the player's ten cards.
glTrack :: Int -> [GlPlay] -> Word64 -> GlTracker
glTrack faceUp plays xHand =
  glSetHand xHand (foldl' glPlay (glStart faceUp xHand) plays)

-- | The cards the opponent is known to hold (Tracker.Known).
glKnown :: GlTracker -> Word64
glKnown = gltKnown

-- | The cards whose place the player does not know (Tracker.Unseen).
glUnseen :: GlTracker -> Word64
glUnseen t = glFullDeck .&. complement (gltOwn t .|. gltPile t .|. gltKnown t)

-- | How many of the opponent's ten cards are not known (Tracker.Hidden).
glHidden :: GlTracker -> Int
glHidden t = max 0 (10 - popCount (gltKnown t))

-- | The opponent's plays this round (Tracker.OpponentPlays).
glOppPlays :: GlTracker -> Int
glOppPlays = gltOppPlays

-- | The phase of a turn by the stock left (infer.Phase).
glInferPhase :: Int -> Int
glInferPhase s
  | s >= 29 = 0
  | s >= 26 = 1
  | s >= 23 = 2
  | s >= 19 = 3
  | s >= 13 = 4
  | otherwise = 5

-- | The bin of a difference d of points or ranks against a discard, the
-- last bin when there is no such discard (infer's diffBin).
glDiffBin :: Int -> Bool -> Int
glDiffBin d ok
  | not ok = 5
  | d <= -4 = 0
  | d < 0 = 1
  | d == 0 = 2
  | d <= 3 = 3
  | otherwise = 4

-- | 1 + the relation of card c to a card, given the cards in relation 0,
-- 1, 2 to it; 0 for none (infer's relation).
glRelation :: Int -> (Word64, Word64, Word64) -> Int
glRelation c (h0, h1, h2)
  | testBit h0 c = 1
  | testBit h1 c = 2
  | testBit h2 c = 3
  | otherwise = 0

-- | What the features of every card of a decision share (infer's
-- context): the phase, the cards the opponent cannot hold or draw, the
-- cards related to its last refusal and to its last discard, the points
-- of its last two discards, the rank of the last, how many there are.
data GlContext = GlContext
  { glxPhase :: !Int
  , glxDead :: !Word64
  , glxLastRefused :: !(Word64, Word64, Word64)
  , glxLastDiscard :: !(Word64, Word64, Word64)
  , glxPoints0 :: !Int
  , glxPoints1 :: !Int
  , glxRank :: !Int
  , glxDiscards :: !Int
  }

-- | The context of the tracker's decision (Tracker.context).
glContext :: GlTracker -> GlContext
glContext t =
  GlContext
    { glxPhase = glInferPhase (gltStockLeft t)
    , glxDead = gltOwn t .|. gltPile t
    , glxLastRefused = rels (gltAnyRefused t) (gltLastRefused t)
    , glxLastDiscard = rels (gltNDiscards t > 0) (gltDiscard0 t)
    , glxPoints0 = glPoints (gltDiscard0 t)
    , glxPoints1 = glPoints (gltDiscard1 t)
    , glxRank = gltDiscard0 t `rem` 13
    , glxDiscards = min (gltNDiscards t) 2
    }
  where
    rels ok x
      | ok = (glRelated 0 x, glRelated 1 x, glRelated 2 x)
      | otherwise = (0, 0, 0)

-- | The melds of three through card c still open (none of their cards
-- dead) and those the known cards complete, as infer's features counts
-- them over its set and its runs (setPairs and runs).
glLines :: Int -> Word64 -> Word64 -> (Int, Int)
glLines c xDead xKnown = foldl' xRun (setLive, k * (k - 1) `quot` 2) lows
  where
    q = c `rem` 13
    mates = glRelated 0 c
    setLive = if popCount (mates .&. complement xDead) >= 2 then 1 else 0
    k = popCount (mates .&. xKnown)
    lows = [low | low <- [max 0 (q - 2) .. q], low + 2 < 13]
    xRun (l, n) low =
      let m = clearBit (shiftL 7 (c - q + low)) c
          l' = if m .&. xDead == 0 then l + 1 else l
          n' = if m .&. xKnown == m then n + 1 else n
       in l' `seq` n' `seq` (l', n')

-- | Card c's entries in the weight vector, in the order of the tables
-- (Tracker.features): rank, live, known (3 relations and completed
-- melds), refused (3), discarded (3), last refused, last discard, the
-- points against the last two discards, the rank against the last.
glFeatures :: GlTracker -> GlContext -> Int -> [Int]
glFeatures t x c =
  [ ph * 13 + xRank
  , 78 + ph * 5 + live
  , xKnown 0
  , xKnown 1
  , xKnown 2
  , 117 + min completed 2
  , 120 + glCountBin (gltRefused t) 0 c
  , 123 + glCountBin (gltRefused t) 1 c
  , 126 + glCountBin (gltRefused t) 2 c
  , 129 + glCountBin (gltDiscarded t) 0 c
  , 132 + glCountBin (gltDiscarded t) 1 c
  , 135 + glCountBin (gltDiscarded t) 2 c
  , 138 + glRelation c (glxLastRefused x)
  , 142 + glRelation c (glxLastDiscard x)
  , 146 + glDiffBin (pts - glxPoints0 x) (n > 0) * 3 + open
  , 146 + (6 + glDiffBin (pts - glxPoints1 x) (n > 1)) * 3 + open
  , 182 + glDiffBin (xRank - glxRank x) (n > 0) * 3 + open
  ]
  where
    ph = glxPhase x
    xRank = c `rem` 13
    pts = glPoints c
    n = glxDiscards x
    (live, completed) = glLines c (glxDead x) (gltKnown t)
    open = min live 2
    xKnown r = 108 + r * 3 + min (popCount (glRelated r c .&. gltKnown t)) 2

-- | The unseen cards in card order, each with its entries (Tracker.Problem;
-- the count is glHidden).
glProblem :: GlTracker -> [(Int, [Int])]
glProblem t = [(c, glFeatures t x c) | c <- glCards (glUnseen t)]
  where
    x = glContext t

-- | The weight vector (infer.Params.Vector, the model's w) laid out for
-- fast lookups: a complete binary tree of 256 leaves, the index's bits
-- from the highest choosing the branch.
data GlModel = GlLeaf !Double | GlNode !GlModel !GlModel

-- | The model of a weight vector of at most 256 entries (infer.NewModel,
-- the parameters valid); entries past the vector are 0 and never read.
glModel :: [Double] -> GlModel
glModel ws = fst (build (8 :: Int) ws)
  where
    build 0 (v : xRest) = (GlLeaf v, xRest)
    build 0 [] = (GlLeaf 0, [])
    build d vs =
      let (l, vs') = build (d - 1) vs
          (r, vs'') = build (d - 1) vs'
       in l `seq` r `seq` (GlNode l r, vs'')

-- | The weight of index i (m.w[i]).
glWeight :: GlModel -> Int -> Double
glWeight m i = go (7 :: Int) m
  where
    go _ (GlLeaf v) = v
    go b (GlNode l r) = go (b - 1) (if testBit i b then r else l)

-- | A card's score, the sum of its entries in order (Model.Scores' loop).
glScore :: GlModel -> [Int] -> Double
glScore m = foldl' (\s k -> s + glWeight m k) 0

-- | The scores of the unseen cards (Tracker.Sampler's z): zero without a
-- model or before the opponent's first play.
glScores :: Maybe GlModel -> GlTracker -> [Double]
glScores mm t = case mm of
  Just m | gltOppPlays t > 0 -> map (glScore m . snd) pr
  _ -> map (const 0) pr
  where
    pr = glProblem t

-- | The highest score, NaN left out, -Inf for none (infer's topScore).
glTopScore :: [Double] -> Double
glTopScore = foldl' (\xTop v -> if v > xTop then v else xTop) (-1 / 0)

-- | The odds of score v scaled by the top score's, at least exp(-50)
-- (infer's ScaledOdds).
glScaledOdds :: Double -> Double -> Double
glScaledOdds v xTop
  | v >= xTop = 1
  | otherwise = glOddsExp (v - xTop)

-- | exp x for x in [-50, 0] (smaller x counts as -50), as infer's oddsExp
-- computes it the same on every machine: package math's portable
-- algorithm, each product rounded (GHC fuses none).
glOddsExp :: Double -> Double
glOddsExp x0
  | x >= 0 = 1
  | x > -1 / 268435456 = 1 + x
  | otherwise = scaleFloat k y
  where
    x = if x0 >= -50 then x0 else -50
    k = truncate (1.44269504088896338700e+00 * x - 0.5) :: Int
    kd = fromIntegral k
    hi = x - kd * 6.93147180369123816490e-01
    lo = kd * 1.90821492927058770002e-10
    r = hi - lo
    t = r * r
    poly =
      1.66666666666666657415e-01
        + t
          * ( -2.77777777770155933842e-03
                + t
                  * ( 6.61375632143793436117e-05
                        + t
                          * ( -1.65339022054652515390e-06
                                + t * 4.13813679705723846039e-08
                            )
                    )
            )
    c = r - t * poly
    y = 1 - ((lo - (r * c) / (2 - c)) - hi)

-- | One unseen card of a sampler, with what Sampler.Sample reads of it:
-- the set of it and the cards after it, how many those are, and for each
-- count r of cards still to take (1..count) the pair suf[i][r] and
-- odds[i]*suf[i+1][r-1].
data GlStep = GlStep !Int !Word64 !Int ![GlPair]

-- | Two doubles.
data GlPair = GlPair !Double !Double

-- | A sampler of the opponent's hand (infer.Sampler): the known cards,
-- how many unseen cards a hand takes, the unseen cards' odds in card
-- order, and their steps.
data GlSampler = GlSampler
  { glsKnown :: !Word64
  , glsCount :: !Int
  , glsOdds :: [Double]
  , glsSteps :: [GlStep]
  }

-- | The sampler of the tracker's decision under a weight vector
-- (Tracker.Sampler with a model).
glSampler :: [Double] -> GlTracker -> GlSampler
glSampler ws = glSamplerWith (Just (glModel ws))

-- | Tracker.Sampler, with a model or none (Nothing: uniform).
glSamplerWith :: Maybe GlModel -> GlTracker -> GlSampler
glSamplerWith mm t = glPrepare (gltKnown t) (glCards (glUnseen t)) z xCount
  where
    z = glScores mm t
    xCount = glHidden t

-- | The elements of a list, evaluated, and the list.
glForced :: [Double] -> [Double]
glForced xs = foldr seq () xs `seq` xs

-- | Sampler.prepare: the odds, and the elementary symmetric polynomials
-- suf[i][k] of the odds of cards i..n-1, for k up to count, built from
-- the last card back as Go builds its table.
glPrepare :: Word64 -> [Int] -> [Double] -> Int -> GlSampler
glPrepare xKnown xCards z count0 =
  GlSampler
    { glsKnown = xKnown
    , glsCount = xCount
    , glsOdds = odds
    , glsSteps = steps
    }
  where
    n = min (length xCards) 52
    xCount = min (min (max count0 0) n) 10
    xTop = glTopScore (take n z)
    odds = glForced (map (`glScaledOdds` xTop) (take n z))
    lastRow = glForced (1 : replicate xCount 0)
    (_, _, steps) = foldr step (lastRow, 0, []) (zip (take n xCards) odds)
    step (c, o) (next, xRest, ss) =
      let row = glForced (1 : zipWith (\a b -> a + o * b) (drop 1 next) next)
          pairs = zipWith (\a b -> GlPair a (o * b)) (drop 1 row) next
          xAfter = xRest .|. bit c
          left = popCount xAfter
       in (row, xAfter, GlStep c xAfter left (forcePairs pairs) : ss)
    forcePairs ps = foldr seq () ps `seq` ps

-- | The pair of count r (r at least 1) of a step's list.
glPairAt :: [GlPair] -> Int -> GlPair
glPairAt (p : ps) r = if r <= 1 then p else glPairAt ps (r - 1)
glPairAt [] _ = GlPair 0 0

-- | Draws one hand (Sampler.Sample): the known cards and as many unseen
-- cards as the opponent hides, one rng.Float64() per card decided.
glSample :: GlSampler -> GlRng -> (Word64, GlRng)
glSample s = go (glsKnown s) (glsCount s) (glsSteps s)
  where
    go h r _ g
      | r <= 0 = (h, g)
    go h _ [] g = (h, g)
    go h r (GlStep c xAfter left pairs : xRest) g
      | r >= left = (h .|. xAfter, g)
      | otherwise =
        let (u, g') = glFloat64 g
            GlPair a b = glPairAt pairs r
         in if u * a < b
              then go (h .|. bit c) (r - 1) xRest g'
              else go h r xRest g'
