package bots

import "testing"

func TestErrors(t *testing.T) {
	if _, err := New("nobody", nil); err == nil {
		t.Error("an unknown player was accepted")
	}
	for _, name := range Names {
		if p, err := New(name, nil); err != nil || p == nil {
			t.Errorf("New(%q): %v", name, err)
		}
	}
}
