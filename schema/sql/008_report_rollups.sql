-- Schema version 8: the report's rollups. The report draws the named
-- queries, which read the rollups of version 5, and two statements of its
-- own that did not: the tendencies (each measure's rate per side, with the
-- spread of the rate over the rounds for its interval) and the verify
-- verdicts. These tables hold their counts per rollup group, so that a
-- report of a million games reads a few hundred thousand rows, not every
-- play.
--
-- A group's rows in every rollup table are built together: the groups of
-- version 5 have none in these, so they are deleted here, and the next
-- ginlog verify builds every group again, these tables' rows with the
-- others'. Until then every query reads the raw rows, with the same
-- result.

CREATE TABLE rollup_tendencies (
  grp           INTEGER NOT NULL,
  side          side NOT NULL,
  measure       VARCHAR NOT NULL,
  cases         BIGINT NOT NULL,
  opportunities BIGINT NOT NULL,
  rounds        BIGINT NOT NULL
);

CREATE TABLE rollup_verdicts (
  grp    INTEGER NOT NULL,
  status check_status NOT NULL,
  rounds BIGINT NOT NULL
);

DELETE FROM rollup_groups;

COMMENT ON TABLE rollup_tendencies IS 'Per group, side and measure of the report''s tendencies (queries/tendencies.go: take-meld, take-near, take-none, knock-passed, knock-high, undercut, gin, discard-worse, weak-declare), and the cases and opportunities one round gave the side: how many of the group''s rounds gave that many. The rate and its spread over the rounds (a jackknife) are computed from these counts.';
COMMENT ON COLUMN rollup_tendencies.grp IS 'The group (rollup_groups.grp).';
COMMENT ON COLUMN rollup_tendencies.side IS 'The side the measure is of.';
COMMENT ON COLUMN rollup_tendencies.measure IS 'The measure''s name, as queries.Measure names it.';
COMMENT ON COLUMN rollup_tendencies.cases IS 'The cases one round gave the side.';
COMMENT ON COLUMN rollup_tendencies.opportunities IS 'The opportunities the same round gave it, at least 1 (a round that gives none is not counted).';
COMMENT ON COLUMN rollup_tendencies.rounds IS 'The group''s rounds that gave the side exactly these cases and opportunities.';

COMMENT ON TABLE rollup_verdicts IS 'Per group and verify status: the group''s verified rounds (round_checks) of that status (the report''s verdicts).';
COMMENT ON COLUMN rollup_verdicts.grp IS 'The group (rollup_groups.grp).';
COMMENT ON COLUMN rollup_verdicts.status IS 'The round''s verify status (round_checks.status).';
COMMENT ON COLUMN rollup_verdicts.rounds IS 'The group''s verified rounds with that status.';
