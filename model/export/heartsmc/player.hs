-- ---------------------------------------------------------------------
-- The Monte Carlo player (players/heartsmc), card for card: the same view
-- gives the same card as the Go player's, which ginlog's tests check by
-- retracing the Go player's games through this module.

-- | What the player sees of the hand (hearts.View): the number of seats,
-- its cards, the finished tricks (each its leader's seat and its cards in
-- play order) and the current trick's cards in play order. The player is
-- seat 0, the others counted from it in the order of play.
data GhView = GhView
  { ghvN :: !Int
  , ghvHeld :: !Word64
  , ghvTricks :: [(Int, [Int])]
  , ghvTrick :: [Int]
  }

-- | The hand in play as far as the view shows it: the player's cards,
-- the tricks played again (the other seats' cards unknown), the voids
-- they show. Nothing when the view is not a hand's: the seats, the tricks'
-- leaders or the cards do not fit.
ghViewHand :: GhView -> Maybe GhHand
ghViewHand v
  | n /= 2 && n /= 4 || n * xTricks /= 52 || length (ghvTrick v) >= n
      || any (\(l, cs) -> l < 0 || l >= n || length cs /= n) (ghvTricks v)
      || any (\c -> c < 0 || c > 51) xCards
      || popCount (foldl' setBit (ghvHeld v) xCards)
        /= popCount (ghvHeld v) + length xCards = Nothing
  | otherwise = foldl' playTrick (Just start) (ghvTricks v)
      >>= \h -> if ghLeader h == (n - length (ghvTrick v)) `rem` n
        then Just (foldl' ghPlay h (ghvTrick v)) else Nothing
  where
    n = ghvN v
    xTricks = popCount (ghvHeld v) + length (ghvTricks v)
    xCards = concatMap snd (ghvTricks v) ++ ghvTrick v
    lead0 = case ghvTricks v of
      (l, _) : _ -> l
      [] -> (n - length (ghvTrick v)) `rem` n
    start = ghStart n [ghvHeld v] lead0
    playTrick mh (l, cs) = mh >>= \h ->
      if ghLeader h == l then Just (foldl' ghPlay h cs) else Nothing

-- | The key of a decision's randomness (heartsmc.Key): the cards held
-- and every card of the hand played so far, in play order.
ghKey :: GhView -> (Word64, Word64)
ghKey v = (foldl' mix (ghvHeld v * 0x9e3779b97f4a7c15) played, tag)
  where
    played = concatMap snd (ghvTricks v) ++ ghvTrick v
    mix h c = (h `xor` (fromIntegral c + 1)) * 0xbf58476d1ce4e5b9
    tag = (fromIntegral (length (ghvTricks v)) `unsafeShiftL` 8)
      .|. fromIntegral (length (ghvTrick v))

-- | How many cards each seat holds now, by seat (heartsmc.Needs; 0 for
-- the player).
ghNeeds :: GhView -> [Int]
ghNeeds v = 0 : [ left - (if i > n - 1 - length (ghvTrick v) then 1 else 0)
                | i <- [1 .. n - 1] ]
  where
    n = ghvN v
    left = 52 `quot` n - length (ghvTricks v)

-- | The attempts at a deal that respects every void (heartsmc's tries).
ghTries :: Int
ghTries = 8

-- | The other seats' hands drawn from the unseen cards (heartsmc.Deal):
-- shuffled, ordered by how many seats may take them (stable), then dealt
-- with odds in proportion to the cards each seat needs, voids respected
-- in up to ghTries attempts, then ignored.
ghDeal :: GhView -> GhHand -> GlRng -> ([Word64], GlRng)
ghDeal v vh g0 = xAttempt ghTries g1
  where
    n = ghvN v
    xNeed = ghNeeds v
    xVoid = ghVoid vh
    xUnseen = ghDeck .&. complement (ghvHeld v .|. ghPlayed vh .|. ghCur vh)
    (xShuffled, g1) = glShuffle (ghCards xUnseen) g0
    xEligible c = length [ () | (s, k) <- zip [0 ..] xNeed, k > 0
                             , not (testBit xVoid (4 * s + ghSuit c)) ]
    xCards = sortOn xEligible xShuffled
    xEmpty = replicate n 0
    xAttempt :: Int -> GlRng -> ([Word64], GlRng)
    xAttempt 0 g = let (_, hs, g') = ghDealCards n 0 xCards xNeed xEmpty g
                  in (hs, g')
    xAttempt k g = case ghDealCards n xVoid xCards xNeed xEmpty g of
      (True, hs, g') -> (hs, g')
      (False, _, g') -> xAttempt (k - 1) g'

-- | heartsmc's deal: each card in turn to a seat that needs cards and is
-- not void in its suit, with odds in proportion to the cards it needs,
-- seats counted from the one after the player; False at a card no seat
-- may take.
ghDealCards :: Int -> Word64 -> [Int] -> [Int] -> [Word64] -> GlRng
  -> (Bool, [Word64], GlRng)
ghDealCards _ _ [] _ xHands g = (True, xHands, g)
ghDealCards n xVoid (c : cs) xNeed xHands g
  | xTotal == 0 = (False, xHands, g)
  | otherwise = ghDealCards n xVoid cs (ghAt s (subtract 1) xNeed)
      (ghAt s (`setBit` c) xHands) g'
  where
    xOpen t = not (testBit xVoid (4 * t + ghSuit c))
    xTotal = sum [ k | (t, k) <- zip [0 ..] xNeed, xOpen t ]
    (r, g') = glIntN xTotal g
    s = ghSeatAt r [ (t, xNeed !! t) | t <- [1 .. n - 1] ++ [0], xOpen t ]

-- | The seat that draw r falls to, the seats with the cards they need.
ghSeatAt :: Int -> [(Int, Int)] -> Int
ghSeatAt _ [] = 0
ghSeatAt r ((t, k) : xRest)
  | r < k = t
  | otherwise = ghSeatAt (r - k) xRest

-- | The list with f applied to its element at index i.
ghAt :: Int -> (a -> a) -> [a] -> [a]
ghAt i f xs = [ if j == i then f x else x | (j, x) <- zip [0 :: Int ..] xs ]

-- | The habits of the mc:PATH player (model/habits): for the dumps, then
-- the leads, the opportunities by mask and the cases by mask and kind.
type GhHabits = ([Int], [[Int]], [Int], [[Int]])

-- | The rate of kind k under mask m (Table.Rate) in the table of
-- opportunities xOpp and cases, exactly so.
ghRate :: [Int] -> [[Int]] -> Int -> Int -> Double
ghRate xOpp cases m k = (fromIntegral (cases !! m !! k) + 1)
  / (fromIntegral (xOpp !! m) + fromIntegral (popCount m))

-- | How likely the habits make the play of c by the seat to move of h,
-- before being the cards played in the hand before it (habits.Observe,
-- then Weights.Likelihood): 1 for a play that is neither a dump nor a
-- lead of a trick after the first.
ghLikelihood :: GhHabits -> GhHand -> Word64 -> Int -> Double
ghLikelihood (dumpOpp, dumpCases, leadOpp, leadCases) h xBefore c
  | leads && ghDone h > 0 =
      xLike leadOpp leadCases (map ghSuitCards [0 .. 3])
  | not leads && ghSuit c /= ghLedSuit h =
      xLike dumpOpp dumpCases
        [bit ghQueen, xHigh, ghHearts, ghDeck .&. complement
          (setBit xHigh ghQueen .|. ghHearts)]
  | otherwise = 1
  where
    leads = ghIn h == 0
    xLegal = ghLegalNow h
    xHigh = if testBit xBefore ghQueen then 0 else ghHighSpades
    xLike xOpp cases xKinds =
      let xMask = foldl' (.|.) 0 [ bit k :: Int | (k, cs) <- zip [0 ..] xKinds
                                               , xLegal .&. cs /= 0 ]
      in case [ (k, popCount (xLegal .&. cs)) | (k, cs) <- zip [0 ..] xKinds
                                            , testBit cs c ] of
        (k, xSame) : _ | testBit xMask k && xSame > 0 ->
          ghRate xOpp cases xMask k / fromIntegral xSame
        _ -> 0

-- | The hand the view shows with the other seats holding others
-- (heartsmc.Resume), and the deal's weight under the habits (1 without
-- them): the hands dealt rebuilt, every play of the view played again,
-- the other seats' plays weighed. Nothing when a rule forbids a play (the
-- deal is not one the view allows).
ghResume :: Maybe GhHabits -> GhView -> [Word64] -> Maybe (GhHand, Double)
ghResume habits v xOthers
  | any (\d -> popCount d /= 52 `quot` n) xDealt
      || popCount (foldl' (.|.) 0 xDealt) /= 52 = Nothing
  | otherwise = go (ghStart n xDealt xLeader) 0 1 xPlays
  where
    n = ghvN v
    xPlays = concatMap snd (ghvTricks v) ++ ghvTrick v
    xSeats = concat [ [ (l + i) `rem` n | i <- [0 .. n - 1] ]
                   | (l, _) <- ghvTricks v ]
      ++ [ (n - length (ghvTrick v) + i) `rem` n
         | i <- [0 .. length (ghvTrick v) - 1] ]
    xOwn = foldl' (\acc (s, c) -> ghAt s (`setBit` c) acc) (replicate n 0)
      (zip xSeats xPlays)
    xDealt = zipWith (.|.) xOwn (ghvHeld v : drop 1 xOthers)
    xLeader = length (takeWhile (\d -> not (testBit d ghTwoClubs)) xDealt)
    go h _ w [] = Just (h, w)
    go h xBefore w (c : cs)
      | not (ghAllowedNow h c) = Nothing
      | otherwise = go (ghPlay h c) (setBit xBefore c) w' cs
      where
        w' = case habits of
          Just hb | ghMover h /= 0 -> w * ghLikelihood hb h xBefore c
          _ -> w

-- | The points the player scores when it plays c in h and every seat
-- plays the hand out as Voids.
ghPlayOut :: GhHand -> Int -> Int
ghPlayOut h0 c = go (ghPlay h0 c)
  where
    xEnd = 52 `quot` ghN h0
    go h
      | ghDone h == xEnd = ghScore h
      | otherwise = go (ghPlay h (ghVoids h))

-- | The player's card (heartsmc's Play): the only legal card; else each
-- legal card played out against each of the decision's deals (ghDeals),
-- its points counted as many times as the deal was picked, the card of
-- least points, the first on a tie; Voids' card when a deal is not one
-- the view allows.
ghChoose :: Maybe GhHabits -> GhView -> GhHand -> Int
ghChoose habits v vh
  | popCount xLegal == 1 = countTrailingZeros xLegal
  | otherwise = case ghDeals habits v vh of
      Nothing -> ghVoids vh
      Just xPicked -> xCards
        !! ghFirstLeast (foldl' xAdd zeros (filter ((> 0) . snd) xPicked))
  where
    xLegal = ghLegalNow vh
    xCards = ghCards xLegal
    zeros = map (const 0) xCards
    xAdd pts (h, k) =
      let pts' = zipWith (\a c -> a + k * ghPlayOut h c) pts xCards
      in ghForce pts' `seq` pts'

-- | The hands a decision plays out, each with the times it counts
-- (heartsmc's deals), from the generator keyed on the view: without
-- habits ghSamples deals, once each; with them ghCandidates times as many,
-- weighed, then ghSamples picks among them by weight (ghResample, its
-- offset the next glFloat64). Nothing when a deal is not one the view
-- allows.
ghDeals :: Maybe GhHabits -> GhView -> GhHand -> Maybe [(GhHand, Int)]
ghDeals habits v vh = case habits of
  Nothing -> fmap (map (\(h, _) -> (h, 1))) xDrawn
  Just _ -> fmap (\hws -> zip (map fst hws)
    (ghResample (map snd hws) ghSamples (fst (glFloat64 xAfter)))) xDrawn
  where
    xDeals = maybe ghSamples (const (ghCandidates * ghSamples)) habits
    (xDrawn, xAfter) = xDraw xDeals (uncurry glSeed (ghKey v))
    xDraw :: Int -> GlRng -> (Maybe [(GhHand, Double)], GlRng)
    xDraw 0 g = (Just [], g)
    xDraw k g = case ghResume habits v xHands of
      Nothing -> (Nothing, g')
      Just hw -> let (xRest, g'') = xDraw (k - 1) g'
                 in (fmap (hw :) xRest, g'')
      where
        (xHands, g') = ghDeal v vh g

-- | The deals per sample the player with habits draws and weighs
-- (heartsmc.Candidates).
ghCandidates :: Int
ghCandidates = 4

-- | How many times systematic resampling picks each candidate
-- (heartsmc.Resample): n picks in proportion to the weights, offset u in
-- [0, 1); pick j falls at (j + u) * total / n and takes the first
-- candidate whose running sum of weights exceeds it (the last when none
-- does); every weight counts 1 when their sum is not above 0.
ghResample :: [Double] -> Int -> Double -> [Int]
ghResample xWeights0 n u =
  [ length (filter (== i) xPicks) | i <- [0 .. length xWeights - 1] ]
  where
    xTotal0 = foldl' (+) 0 xWeights0
    (xWeights, xTotal) = if xTotal0 > 0 then (xWeights0, xTotal0)
      else (map (const 1) xWeights0, fromIntegral (length xWeights0))
    xPicks = case xWeights of
      w : more -> go 0 (0 :: Int) w more
      [] -> []
    go j i xSum xRest
      | j == n = []
      | xSum <= t, w : more <- xRest = go j (i + 1) (xSum + w) more
      | otherwise = i : go (j + 1) i xSum xRest
      where
        t = (fromIntegral j + u) * xTotal / fromIntegral n

-- | Every element of a list evaluated.
ghForce :: [a] -> ()
ghForce = foldr seq ()

-- | The index of the first least element of a non-empty list.
ghFirstLeast :: Ord a => [a] -> Int
ghFirstLeast xs = snd (foldl' step (head xs, 0) (zip xs [0 ..]))
  where
    step (b, i) (x, j) = if x < b then (x, j) else (b, i)

-- ---------------------------------------------------------------------
-- The framework's playCard, and the hand kept in the memory string.

-- | playCard as the Monte Carlo player plays it: the view rebuilt from
-- the framework's arguments and the memory (the finished tricks of the
-- hand before the previous one); the memory returned holds every
-- finished trick. A memory it did not write leaves it a legal card.
ghPlayCard :: Maybe GhHabits -> String -> [Card] -> [(Card, String)]
  -> Maybe ([(Card, String)], String) -> (Card, String)
ghPlayCard habits xMe xHand xTrick xPrev =
  case (finished, finished >>= \ts -> xView ts) of
    (Just ts, Just (v, vh)) ->
      (ghToCard (ghChoose habits v vh), ghShowMemory ts)
    _ -> (ghToCard (ghLowest fallback), "")
  where
    xHeld = foldl' setBit 0 (map ghFromCard xHand)
    current = map (ghFromCard . fst) (reverse xTrick)
    finished = case xPrev of
      Nothing -> Just []
      Just (p, mem) -> do
        earlier <- ghReadMemory mem
        t <- ghTrickOf xMe (reverse p)
        pure (earlier ++ [t])
    xView ts = do
      let v = GhView (52 `quot` max 1 (popCount xHeld + length ts)) xHeld ts
            current
      vh <- ghViewHand v
      if ghMover vh == 0 && ghLegalNow vh /= 0 then Just (v, vh) else Nothing
    xLed = case current of
      c : _ -> ghSuit c
      [] -> -1
    fallback = case ghLegal xHeld (null prev') False xLed of
      0 -> xHeld
      l -> l
    prev' = maybe [] fst xPrev

-- | A finished trick as the framework passes it, in play order, with the
-- seat of its leader counted from player xMe.
ghTrickOf :: String -> [(Card, String)] -> Maybe (Int, [Int])
ghTrickOf xMe ps = case lookup xMe (zip (map snd ps) [0 ..]) of
  Just k -> Just ((length ps - k) `rem` length ps, map (ghFromCard . fst) ps)
  Nothing -> Nothing

-- | The memory: "mc1", then each finished trick as ';', its leader's
-- seat and its cards in play order (SA, H10).
ghShowMemory :: [(Int, [Int])] -> String
ghShowMemory ts = "mc1" ++ concatMap xTrick ts
  where
    xTrick (l, cs) = ';' : show l ++ concatMap ghCardText cs

-- | The tricks of a memory ghShowMemory wrote.
ghReadMemory :: String -> Maybe [(Int, [Int])]
ghReadMemory s = case splitAt 3 s of
  ("mc1", xRest) -> mapM xTrick (ghSplit xRest)
  _ -> Nothing
  where
    xTrick (d : cs) | d >= '0' && d <= '3' =
      fmap (\xs -> (fromEnum d - fromEnum '0', xs)) (ghReadCards cs)
    xTrick _ = Nothing

-- | The fields after each ';' of a string that starts with one ("" has
-- none).
ghSplit :: String -> [String]
ghSplit (';' : xRest) =
  let (f, more) = break (== ';') xRest in f : ghSplit more
ghSplit _ = []

-- | Cards written one after another as ghCardText writes them.
ghReadCards :: String -> Maybe [Int]
ghReadCards [] = Just []
ghReadCards (s : xRest) = do
  xSuit <- lookup s (zip "SCDH" [0 ..])
  (xRank, more) <- case xRest of
    '1' : '0' : more -> Just (9, more)
    r : more -> fmap (\k -> (k, more)) (lookup r (zip "A23456789_JQK" [0 ..]))
    [] -> Nothing
  fmap ((13 * xSuit + xRank) :) (ghReadCards more)

-- | A card in the log notation: its suit's letter and its rank.
ghCardText :: Int -> String
ghCardText c = "SCDH" !! ghSuit c : xRanks !! (c `rem` 13)
  where
    xRanks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]

-- | A framework card as a card number.
ghFromCard :: Card -> Int
ghFromCard (Card s r) = 13 * xSuit + xRank
  where
    xSuit = case s of
      Spade -> 0
      Club -> 1
      Diamond -> 2
      Heart -> 3
    xRank = case r of
      Ace -> 0
      Two -> 1
      Three -> 2
      Four -> 3
      Five -> 4
      Six -> 5
      Seven -> 6
      Eight -> 7
      Nine -> 8
      Ten -> 9
      Jack -> 10
      Queen -> 11
      King -> 12

-- | A card number as a framework card.
ghToCard :: Int -> Card
ghToCard c = Card ([Spade, Club, Diamond, Heart] !! ghSuit c)
  ([Ace, Two, Three, Four, Five, Six, Seven, Eight, Nine, Ten, Jack, Queen
   , King] !! (c `rem` 13))
