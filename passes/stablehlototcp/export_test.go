package stablehlototcp

// SetMaxWindowTable sets the window-table bound for a test and returns the
// function that restores it.
func SetMaxWindowTable(n int64) (restore func()) {
	old := maxWindowTable
	maxWindowTable = n
	return func() { maxWindowTable = old }
}
