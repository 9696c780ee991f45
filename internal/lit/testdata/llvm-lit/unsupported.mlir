// REQUIRES: no-such-feature
// RUN: false
