#!/usr/bin/env bash
# record.sh runs LLVM's FileCheck on every corpus case and rewrites the
# recorded verdict ("exit:" and "error:" lines) in each case's txtar comment.
#
# Usage: internal/filecheck/testdata/record.sh [case.txtar ...]
#   FileCheck binary: $TCP_FILECHECK (default FileCheck-16).
#
# Case format (txtar). The comment holds "key: value" lines:
#   args: <options, shell-quoted>  check.txt is appended unless it appears
#   env: <value of FILECHECK_OPTS>  (optional)
#   positional: none                do not append check.txt
#   transform: t1,t2                byte-level edits the text format can't hold:
#       input-crlf / check-crlf     turn every LF into CRLF
#       input-nonl / check-nonl     drop the final newline
#       input-nul                   replace each "<NUL>" with a NUL byte
#   exit: N                         recorded exit code (written by this script)
#   error: <line>                   recorded first diagnostic line (ditto)
# Sections: "-- check --" (written to check.txt) and "-- input --" (written
# to input.txt and also fed on stdin). FileCheck runs in a scratch directory
# with argv[0] set to "FileCheck", so the recorded lines need no rewriting.
set -euo pipefail

FC=${TCP_FILECHECK:-FileCheck-16}
if ! FCPATH=$(command -v "$FC"); then
	echo "record.sh: $FC not found on PATH" >&2
	exit 1
fi
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -eq 0 ]; then
	set -- "$here"/corpus/*.txtar
fi

section() { # section NAME FILE
	awk -v want="$1" '
		/^-- .+ --$/ { name = substr($0, 4, length($0) - 6); on = (name == want); next }
		on { print }' "$2"
}

comment() { # the txtar comment: lines before the first file marker
	awk '/^-- .+ --$/ { exit } { print }' "$1"
}

key() { # key NAME FILE: value of "NAME: value" in the comment
	comment "$2" | sed -n "s/^$1: \{0,1\}//p" | head -n 1
}

apply() { # apply TRANSFORMS WHICH FILE
	local t
	for t in ${1//,/ }; do
		case "$t" in
		"$2-crlf") sed -i 's/$/\r/' "$3" ;;
		"$2-nonl") if [ -s "$3" ]; then truncate -s -1 "$3"; fi ;;
		"$2-nul") sed -i 's/<NUL>/\x00/g' "$3" ;;
		esac
	done
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
for f in "$@"; do
	rm -rf "${tmp:?}"/*
	section check "$f" >"$tmp/check.txt"
	section input "$f" >"$tmp/input.txt"
	transform=$(key transform "$f")
	apply "$transform" check "$tmp/check.txt"
	apply "$transform" input "$tmp/input.txt"
	argline=$(key args "$f")
	eval "args=($argline)"
	if [ "$(key positional "$f")" != none ] && [[ " $argline " != *check.txt* ]]; then
		args+=(check.txt)
	fi
	envval=$(key env "$f")
	set +e
	(
		cd "$tmp"
		if [ -n "$envval" ]; then export FILECHECK_OPTS="$envval"; else unset FILECHECK_OPTS; fi
		exec -a FileCheck "$FCPATH" "${args[@]}"
	) <"$tmp/input.txt" >"$tmp/stdout" 2>"$tmp/stderr"
	code=$?
	set -e
	first=$(grep -a -m 1 'error:' "$tmp/stderr" || true)
	if [ -z "$first" ]; then
		first=$(grep -a -m 1 -v '^$' "$tmp/stderr" || true)
	fi
	{
		comment "$f" | grep -v -e '^exit:' -e '^error:' || true
		echo "exit: $code"
		if [ "$code" != 0 ]; then echo "error: $first"; fi
		awk 'found || /^-- .+ --$/ { found = 1; print }' "$f"
	} >"$tmp/new.txtar"
	cp "$tmp/new.txtar" "$f"
	n=$((n + 1))
done
echo "record.sh: recorded $n case(s) with $FCPATH" >&2
