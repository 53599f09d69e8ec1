package model

// CheckComputed and CheckSection are checkComputed and checkSection, for
// the tests of package model_test.
var (
	CheckComputed = checkComputed
	CheckSection  = checkSection
)
