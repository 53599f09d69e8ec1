-- read-only-settings: the settings that make a database read-only, read
-- back to check that they took: the access mode, external access, and
-- whether the configuration is locked.
SELECT current_setting('access_mode'), current_setting('enable_external_access'), current_setting('lock_configuration')
