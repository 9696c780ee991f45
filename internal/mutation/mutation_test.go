package mutation

import "testing"

// TestListApplies checks that every mutation of scripts/mutations.txt
// still applies to the tree (its snippet occurs once), so a code change
// that moves a line fails here rather than in the gate.
func TestListApplies(t *testing.T) {
	ms, err := Parse("../../scripts/mutations.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) < 30 {
		t.Errorf("%d mutations, want at least 30", len(ms))
	}
	for _, m := range ms {
		if _, _, err := m.Apply("../.."); err != nil {
			t.Error(err)
		}
	}
}
