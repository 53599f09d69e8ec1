-- lock-down: a read-only database's last settings, once it is open: no
-- access to files outside it, then no setting changed any more. In this
-- order: once the configuration is locked nothing can be set.
SET GLOBAL enable_external_access = false;
SET GLOBAL lock_configuration = true;
