// RUN: not false
// RUN: not not true
// RUN: true && not false || false
// RUN: false || true
// RUN: false; true
// RUN: false && false || true
// A pipeline fails when any of its commands does (pipefail), so with the
// pipeline negated this only passes with pipefail:
// RUN: ! false | true
