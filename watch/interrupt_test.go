package watch

import "testing"

// TestInterruptedErrorMessage: the message says how many games the import
// loaded and, when some are, how many are left to verify.
func TestInterruptedErrorMessage(t *testing.T) {
	for _, tc := range []struct {
		e    InterruptedError
		want string
	}{
		{InterruptedError{Loaded: 10}, "import interrupted: 10 games loaded and verified, no file moved; watching again finishes the job"},
		{InterruptedError{Loaded: 1}, "import interrupted: 1 game loaded and verified, no file moved; watching again finishes the job"},
		{InterruptedError{Loaded: 3, Unverified: 2}, "import interrupted: 3 games loaded, 2 games left to verify, no file moved; watching again finishes the job"},
		{InterruptedError{Loaded: 0, Unverified: 1}, "import interrupted: 0 games loaded, 1 game left to verify, no file moved; watching again finishes the job"},
	} {
		if got := tc.e.Error(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.e, got, tc.want)
		}
	}
}
