package ingest

// The defect codes of import_errors that are ingest's own: of finding,
// pairing and reading the files. The others are logfile's (empty-file,
// binary, long-line, blank-line, unreadable, too-many-errors) and Gin's
// (gin/logs) or Hearts' (hearts/logs, and CodeTooManyHands). Stable:
// scripts and the database use them.
const (
	CodeMissingPartner = "missing-partner" // a turn file without its score file, or the reverse
	CodeBadName        = "bad-name"        // a file named on the command line that is not <ts>.csv or <ts>-score.csv
	CodeNotRegular     = "not-regular"     // a named pipe, device or socket named like a log: not read
	CodeTooLarge       = "too-large"       // a file (or a zip entry, decompressed) over MaxFileBytes
	CodeBadZip         = "bad-zip"         // a .zip that is not a zip archive, or a damaged one
	CodeBadTimestamp   = "bad-timestamp"   // a <timestamp> past MaxTimestamp
	CodeDuplicateName  = "duplicate-name"  // two files name the same game's turn or score file
)
