//go:build !unix

package schema

import "errors"

func mkfifo(string) error { return errors.New("named pipes are a Unix feature") }
