package model

// CheckComputed is checkComputed, for the tests of package model_test.
var CheckComputed = checkComputed
