package main

import "github.com/ginlog/ginlog/organise"

// checkLabel checks the value of a tag flag (--opponent, --source,
// --set-opponent, --set-source): a value organise.CheckLabel refuses is a
// usage error naming the flag.
func checkLabel(flag, value string) error {
	if err := organise.CheckLabel(value); err != nil {
		return usagef("%s: %v", flag, err)
	}
	return nil
}
