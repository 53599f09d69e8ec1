-- ---------------------------------------------------------------------
-- Hearts: cards, rules and a hand in play (package hearts). A card is
-- suit*13 + rank (spades, clubs, diamonds, hearts; ace 0 to king 12, as
-- gin.Card), a set of cards a Word64 with bit c set for card c; seats
-- are counted in the order of play from the player, who is seat 0.

-- | The queen of spades and the two of clubs.
ghQueen, ghTwoClubs :: Int
ghQueen = 11
ghTwoClubs = 14

-- | A card's suit (0 spades, 1 clubs, 2 diamonds, 3 hearts).
ghSuit :: Int -> Int
ghSuit c = c `quot` 13
{-# INLINE ghSuit #-}

-- | A card's rank in Hearts order (hearts.Order): 0 for the two up to 12
-- for the ace.
ghOrder :: Int -> Int
ghOrder c = (c `rem` 13 + 12) `rem` 13
{-# INLINE ghOrder #-}

-- | The 13 cards of a suit.
ghSuitCards :: Int -> Word64
ghSuitCards s = 0x1FFF `unsafeShiftL` (13 * s)
{-# INLINE ghSuitCards #-}

-- | The hearts, the cards that score, the deck.
ghHearts, ghPointCards, ghDeck :: Word64
ghHearts = ghSuitCards 3
ghPointCards = setBit ghHearts ghQueen
ghDeck = bit 52 - 1

-- | The king and ace of spades.
ghHighSpades :: Word64
ghHighSpades = bit 12 .|. bit 0

-- | The cards of a set in deck order (Hand.Cards).
ghCards :: Word64 -> [Int]
ghCards 0 = []
ghCards x = countTrailingZeros x : ghCards (x .&. (x - 1))

-- | What a card scores: 13 the queen of spades, 1 a heart.
ghPoints :: Int -> Int
ghPoints c
  | c == ghQueen = 13
  | ghSuit c == 3 = 1
  | otherwise = 0

-- | Whether card c takes card xBest in a trick led in suit xLed.
ghBeats :: Int -> Int -> Int -> Bool
ghBeats c xBest xLed =
  ghSuit c == xLed && (ghSuit xBest /= xLed || ghOrder c > ghOrder xBest)
{-# INLINE ghBeats #-}

-- | The lowest card of a non-empty set in Hearts order, the first in deck
-- order on a tie.
ghLowest :: Word64 -> Int
ghLowest h = ghPick (<) (countTrailingZeros h) (h .&. (h - 1))

-- | The highest card of a non-empty set in Hearts order.
ghHighest :: Word64 -> Int
ghHighest h = ghPick (>) (countTrailingZeros h) (h .&. (h - 1))

-- | The loop of ghLowest and ghHighest: the card so far, the cards left.
ghPick :: (Int -> Int -> Bool) -> Int -> Word64 -> Int
ghPick _ b 0 = b
ghPick xBetter b x = ghPick xBetter b' (x .&. (x - 1))
  where
    c = countTrailingZeros x
    b' = if ghOrder c `xBetter` ghOrder b then c else b

-- | The cards of h in c's suit that rank under c.
ghBelow :: Word64 -> Int -> Word64
ghBelow h c = foldl' add 0 (ghCards (h .&. ghSuitCards (ghSuit c)))
  where
    add acc d = if ghOrder d < ghOrder c then setBit acc d else acc

-- | The cards a player holding xHeld may play (hearts.Legal): xFirst is
-- the hand's first trick, xBroken whether a heart was played in an
-- earlier trick, xLed the led suit or -1 when the player leads.
ghLegal :: Word64 -> Bool -> Bool -> Int -> Word64
ghLegal xHeld xFirst xBroken xLed
  | xFirst && xLed < 0 = xHeld .&. bit ghTwoClubs
  | xFirst && xHeld .&. complement ghPointCards /= 0 =
      byLed .&. complement ghPointCards
  | otherwise = byLed
  where
    byLed
      | xLed < 0 = if not xBroken && xHeld .&. complement ghHearts /= 0
          then xHeld .&. complement ghHearts else xHeld
      | xHeld .&. ghSuitCards xLed /= 0 = xHeld .&. ghSuitCards xLed
      | otherwise = xHeld

-- | Whether playing c breaks no rule (hearts.CheckPlay), the arguments
-- as ghLegal's.
ghAllowed :: Int -> Word64 -> Bool -> Bool -> Int -> Bool
ghAllowed c xHeld xFirst xBroken xLed =
  not (xFirst && xLed < 0 && c /= ghTwoClubs)
    && not (xFirst && testBit ghPointCards c
      && xHeld .&. complement ghPointCards /= 0)
    && not (xLed < 0 && ghSuit c == 3 && not xBroken
      && xHeld .&. complement ghHearts /= 0)
    && not (xLed >= 0 && ghSuit c /= xLed && xHeld .&. ghSuitCards xLed /= 0)
    && testBit xHeld c

-- | A hand in play (hearts.HandState) with what the players' policy
-- reads of it kept up to date: the seats' cards and points taken, the
-- cards of the finished tricks, the current trick (its leader, cards,
-- lead, winning card and seat, points), and the suits each seat is known
-- void in (bit 4*seat + suit, bots.VoidsOf).
data GhHand = GhHand
  { ghN :: !Int
  , ghH0, ghH1, ghH2, ghH3 :: !Word64
  , ghT0, ghT1, ghT2, ghT3 :: !Int
  , ghPlayed :: !Word64
  , ghDone :: !Int
  , ghLeader :: !Int
  , ghIn :: !Int
  , ghLead :: !Int
  , ghWin :: !Int
  , ghWinner :: !Int
  , ghCur :: !Word64
  , ghPts :: !Int
  , ghVoid :: !Word64
  }

-- | A hand about to start among n seats holding xHands (by seat), seat
-- xLeader leading.
ghStart :: Int -> [Word64] -> Int -> GhHand
ghStart n xHands xLeader = GhHand
  { ghN = n, ghH0 = at 0, ghH1 = at 1, ghH2 = at 2, ghH3 = at 3
  , ghT0 = 0, ghT1 = 0, ghT2 = 0, ghT3 = 0, ghPlayed = 0, ghDone = 0
  , ghLeader = xLeader, ghIn = 0, ghLead = -1, ghWin = -1, ghWinner = 0
  , ghCur = 0, ghPts = 0, ghVoid = 0 }
  where
    at s = case drop s xHands of
      h : _ -> h
      [] -> 0

-- | The cards seat s holds.
ghHeld :: GhHand -> Int -> Word64
ghHeld h s = case s of
  0 -> ghH0 h
  1 -> ghH1 h
  2 -> ghH2 h
  _ -> ghH3 h

-- | The points seat s has taken.
ghTaken :: GhHand -> Int -> Int
ghTaken h s = case s of
  0 -> ghT0 h
  1 -> ghT1 h
  2 -> ghT2 h
  _ -> ghT3 h

-- | The seat to move.
ghMover :: GhHand -> Int
ghMover h = (ghLeader h + ghIn h) `rem` ghN h

-- | The led suit, or -1 when the seat to move leads.
ghLedSuit :: GhHand -> Int
ghLedSuit h = if ghIn h == 0 then -1 else ghSuit (ghLead h)

-- | The cards the seat to move may play.
ghLegalNow :: GhHand -> Word64
ghLegalNow h = ghLegal (ghHeld h (ghMover h)) (ghDone h == 0)
  (ghPlayed h .&. ghHearts /= 0) (ghLedSuit h)

-- | Whether the seat to move may play c.
ghAllowedNow :: GhHand -> Int -> Bool
ghAllowedNow h c = ghAllowed c (ghHeld h (ghMover h)) (ghDone h == 0)
  (ghPlayed h .&. ghHearts /= 0) (ghLedSuit h)

-- | The hand after the seat to move plays c (a card it may play).
ghPlay :: GhHand -> Int -> GhHand
ghPlay h c
  | ghIn h' < ghN h = h'
  | otherwise = ghAddTaken (ghWinner h') (ghPts h') h'
      { ghPlayed = ghPlayed h' .|. ghCur h', ghDone = ghDone h + 1
      , ghLeader = ghWinner h', ghIn = 0, ghLead = -1, ghWin = -1
      , ghCur = 0, ghPts = 0 }
  where
    s = ghMover h
    xHeld = clearBit (ghHeld h s) c
    held' = case s of
      0 -> h { ghH0 = xHeld }
      1 -> h { ghH1 = xHeld }
      2 -> h { ghH2 = xHeld }
      _ -> h { ghH3 = xHeld }
    xLed = ghSuit (ghLead h)
    h'
      | ghIn h == 0 = held'
          { ghIn = 1, ghLead = c, ghWin = c, ghWinner = s
          , ghCur = bit c, ghPts = ghPoints c }
      | otherwise = held'
          { ghIn = ghIn h + 1
          , ghWin = if ghBeats c (ghWin h) xLed then c else ghWin h
          , ghWinner = if ghBeats c (ghWin h) xLed then s else ghWinner h
          , ghCur = setBit (ghCur h) c, ghPts = ghPts h + ghPoints c
          , ghVoid = if ghSuit c /= xLed then setBit (ghVoid h) (4 * s + xLed)
              else ghVoid h }

-- | The hand with p more points taken by seat s.
ghAddTaken :: Int -> Int -> GhHand -> GhHand
ghAddTaken s p h = case s of
  0 -> h { ghT0 = ghT0 h + p }
  1 -> h { ghT1 = ghT1 h + p }
  2 -> h { ghT2 = ghT2 h + p }
  _ -> h { ghT3 = ghT3 h + p }

-- | The points seat 0 scores for a finished hand (hearts.Score): 26 when
-- another seat took every point card, 0 when it did, else what it took.
ghScore :: GhHand -> Int
ghScore h
  | ghT0 h == 26 = 0
  | any (\s -> ghTaken h s == 26) [1 .. ghN h - 1] = 26
  | otherwise = ghT0 h

-- ---------------------------------------------------------------------
-- The baseline players the hands are played out with (hearts/bots):
-- Voids in every seat, which plays Tracker's rules with the voids.

-- | The cards neither played nor held by the seat to move.
ghOut :: GhHand -> Word64
ghOut h = ghDeck .&. complement (ghPlayed h .|. ghHeld h (ghMover h)
  .|. ghCur h)

-- | Whether a seat still to play in the current trick (all the others
-- when leading) is known void in suit s.
ghVoidAfter :: GhHand -> Int -> Bool
ghVoidAfter h s = any xVoid [1 .. ghN h - 1 - ghIn h]
  where
    xMe = ghMover h
    xVoid i = testBit (ghVoid h) (4 * ((xMe + i) `rem` ghN h) + s)

-- | Tracker's card for the seat to move, legal being the cards it may
-- choose from (bots.Tracker).
ghTracker :: GhHand -> Word64 -> Int
ghTracker h xLegal
  | ghIn h == 0 = if xSafe /= 0 then ghLowest xSafe else ghLowest xLegal
  | xLegal .&. ghSuitCards xLed /= 0 = xFollowing
  | testBit xLegal ghQueen = ghQueen
  | queenOut && xLegal .&. ghHighSpades /= 0 =
      ghHighest (xLegal .&. ghHighSpades)
  | xLegal .&. ghHearts /= 0 = ghHighest (xLegal .&. ghHearts)
  | otherwise = ghHighest (foldl' xShorter xLegal [0 .. 3])
  where
    xHeld = ghHeld h (ghMover h)
    xRest = ghOut h
    queenOut = testBit xRest ghQueen
    xLed = ghSuit (ghLead h)
    xSafe = foldl' addSafe 0 (ghCards xLegal)
    addSafe acc c
      | queenOut && ghSuit c == 0 && xHeld .&. ghHighSpades /= 0 = acc
      | any (\d -> ghOrder d > ghOrder c)
          (ghCards (xRest .&. ghSuitCards (ghSuit c))) = setBit acc c
      | otherwise = acc
    xDuck = ghBelow xLegal (ghWin h)
    xTake = clearBit xLegal ghQueen
    xFollowing
      | xDuck /= 0 = ghHighest xDuck
      | ghIn h == ghN h - 1 && ghPts h == 0 && xTake /= 0 = ghHighest xTake
      | otherwise = ghLowest xLegal
    xShorter short s =
      let inSuit = xLegal .&. ghSuitCards s
      in if inSuit /= 0 && popCount inSuit < popCount short
           then inSuit else short

-- | Voids' card for the seat to move (bots.Voids).
ghVoids :: GhHand -> Int
ghVoids h
  | ghIn h == 0 = ghVoidsLead h xLegal
  | suitCards /= 0 && ghBelow suitCards (ghWin h) == 0
      && ghVoidAfter h xLed && xTake /= 0 = ghHighest xTake
  | otherwise = ghTracker h xLegal
  where
    xLegal = ghLegalNow h
    xLed = ghSuit (ghLead h)
    suitCards = xLegal .&. ghSuitCards xLed
    xTake = clearBit suitCards ghQueen

-- | Voids' lead: away from the suits others are void in, a spade under
-- the queen to flush it, or Tracker's lead.
ghVoidsLead :: GhHand -> Word64 -> Int
ghVoidsLead h xLegal
  | testBit (ghOut h) ghQueen && xHeld .&. xTop == 0 && xSpades /= 0 =
      ghHighest xSpades
  | xSafe /= 0 && xSafe /= xLegal = ghTracker h xSafe
  | otherwise = ghTracker h xLegal
  where
    xHeld = ghHeld h (ghMover h)
    xSafe = foldl' (.|.) 0
      [xLegal .&. ghSuitCards s | s <- [0 .. 3], not (ghVoidAfter h s)]
    xTop = setBit ghHighSpades ghQueen
    xSpades = xSafe .&. ghSuitCards 0
