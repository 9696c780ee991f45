package filecheck

import (
	"math"
	"sort"
	"strconv"
	"strings"
)

// The annotated input dump printed on failure (-dump-input), following the
// layout of FileCheck-16's.

const dumpInputHelp = `The following description was requested by -dump-input=help to
explain the input dump printed by FileCheck.

Related command-line options:

  - -dump-input=<value> enables or disables the input dump
  - -dump-input-filter=<value> filters the input lines
  - -dump-input-context=<N> adjusts the context of filtered lines
  - -v and -vv add more annotations
  - -color forces colors to be enabled both in the dump and below
  - -help documents the above options in more detail

These options can also be set via FILECHECK_OPTS.  For example, for
maximum debugging output on failures:

  $ FILECHECK_OPTS='-dump-input-filter=all -vv -color' ninja check

Input dump annotation format:

  - L:     labels line number L of the input file
           An extra space is added after each input line to represent the
           newline character
  - T:L    labels the only match result for either (1) a pattern of type T from
           line L of the check file if L is an integer or (2) the I-th implicit
           pattern if L is "imp" followed by an integer I (index origin one)
  - T:L'N  labels the Nth match result for such a pattern
  - ^~~    marks good match (reported if -v)
  - !~~    marks bad match, such as:
           - CHECK-NEXT on same line as previous match (error)
           - CHECK-NOT found (error)
           - CHECK-DAG overlapping match (discarded, reported if -vv)
  - X~~    marks search range when no match is found, such as:
           - CHECK-NEXT not found (error)
           - CHECK-NOT not found (success, reported if -vv)
           - CHECK-DAG not found after discarded matches (error)
  - ?      marks fuzzy match when no match is found
  - ...    indicates elided input lines and annotations, as specified by
           -dump-input-filter and -dump-input-context
  - colors success, error, fuzzy match, discarded match, unmatched input
`

type dumpMarker struct {
	lead           byte
	color          int
	note           string
	filtersAsError bool
}

func getMarker(mt matchType) dumpMarker {
	switch mt {
	case matchFoundAndExpected:
		return dumpMarker{lead: '^', color: colorGreen}
	case matchFoundButExcluded:
		return dumpMarker{'!', colorRed, "error: no match expected", true}
	case matchFoundButWrongLine:
		return dumpMarker{'!', colorRed, "error: match on wrong line", true}
	case matchFoundButDiscarded:
		return dumpMarker{'!', colorCyan, "discard: overlaps earlier match", false}
	case matchFoundErrorNote:
		return dumpMarker{'!', colorRed, "error: unknown error after match", true}
	case matchNoneAndExcluded:
		return dumpMarker{lead: 'X', color: colorGreen}
	case matchNoneButExpected:
		return dumpMarker{'X', colorRed, "error: no match found", true}
	case matchNoneForInvalidPattern:
		return dumpMarker{'X', colorRed, "error: match failed for invalid pattern", true}
	case matchFuzzy:
		return dumpMarker{'?', colorMagenta, "possible intended match", true}
	}
	return dumpMarker{lead: ' '}
}

func checkTypeAbbreviation(t checkType) string {
	switch t.kind {
	case checkPlain:
		if t.getCount() > 1 {
			return "count"
		}
		return "check"
	case checkNext:
		return "next"
	case checkSame:
		return "same"
	case checkNot:
		return "not"
	case checkDAG:
		return "dag"
	case checkLabel:
		return "label"
	case checkEmpty:
		return "empty"
	case checkComment:
		return "com"
	case checkEOF:
		return "eof"
	case checkBadNot:
		return "bad-not"
	case checkBadCount:
		return "bad-count"
	case checkMisspelled:
		return "misspelled"
	}
	return "invalid"
}

type annotation struct {
	diagIndex        int
	label            string
	isFirstLine      bool
	inputLine        int
	startCol, endCol int // endCol == math.MaxInt: to the end of the line
	marker           dumpMarker
	foundAndExpected bool
}

// buildInputAnnotations mirrors the FileCheck utility's function of the same
// name. implicit maps each implicit-check-not buffer to its index.
func buildInputAnnotations(diags []fcDiag, checkBuf *srcBuf, implicit map[*srcBuf]int) ([]annotation, int) {
	countPerPattern := map[loc]int{}
	for _, d := range diags {
		countPerPattern[d.checkLoc]++
	}
	indexPerPattern := map[loc]int{}
	var anns []annotation
	labelWidth := 0
	for i, d := range diags {
		a := annotation{diagIndex: i}
		var label strings.Builder
		label.WriteString(checkTypeAbbreviation(d.checkTy))
		label.WriteByte(':')
		if d.checkLoc.buf == checkBuf {
			line, _ := d.checkLoc.lineCol()
			label.WriteString(strconv.Itoa(line))
		} else if idx, ok := implicit[d.checkLoc.buf]; ok {
			label.WriteString("imp" + strconv.Itoa(idx+1))
		}
		if countPerPattern[d.checkLoc] > 1 {
			label.WriteString("'" + strconv.Itoa(indexPerPattern[d.checkLoc]))
			indexPerPattern[d.checkLoc]++
		}
		a.label = label.String()
		if len(a.label) > labelWidth {
			labelWidth = len(a.label)
		}
		a.marker = getMarker(d.matchTy)
		if d.note != "" {
			a.marker.note = d.note
			if d.sLine == d.eLine && d.sCol == d.eCol {
				a.marker.lead = ' '
			}
		}
		if d.matchTy == matchFoundErrorNote {
			a.marker.note = "error: " + a.marker.note
		}
		a.foundAndExpected = d.matchTy == matchFoundAndExpected
		a.isFirstLine = true
		a.inputLine = d.sLine
		a.startCol = d.sCol
		if d.sLine == d.eLine {
			a.endCol = d.eCol
			if a.endCol < d.sCol+1 {
				a.endCol = d.sCol + 1
			}
			anns = append(anns, a)
			continue
		}
		a.endCol = math.MaxInt
		anns = append(anns, a)
		for l := d.sLine + 1; l <= d.eLine; l++ {
			if d.eCol == 1 && l == d.eLine {
				break
			}
			b := annotation{diagIndex: a.diagIndex, label: a.label, inputLine: l, marker: a.marker,
				startCol: 1, endCol: math.MaxInt, foundAndExpected: a.foundAndExpected}
			b.marker.lead = '~'
			b.marker.note = ""
			if l == d.eLine {
				b.endCol = d.eCol
			}
			anns = append(anns, b)
		}
	}
	return anns, labelWidth
}

const (
	filterError = iota
	filterAnnotation
	filterAnnotationFull
	filterAll
)

func findInputLineInFilter(filter, cur int, anns []annotation) int {
	if filter == filterAll {
		return cur
	}
	for _, a := range anns {
		switch filter {
		case filterAnnotationFull:
			return a.inputLine
		case filterAnnotation:
			if a.isFirstLine {
				return a.inputLine
			}
		case filterError:
			if a.isFirstLine && a.marker.filtersAsError {
				return a.inputLine
			}
		}
	}
	return math.MaxInt
}

func dumpEllipsisOrElidedLines(out *strings.Builder, elided *strings.Builder, labelWidth int, color bool) {
	if elided.Len() == 0 {
		return
	}
	if 3 < strings.Count(elided.String(), "\n") {
		for i := 0; i < 3; i++ {
			if color {
				out.WriteString(ansiColor(colorBlack, true, false))
			}
			out.WriteString(strings.Repeat(" ", labelWidth-1) + ".")
			if color {
				out.WriteString(ansiReset)
			}
			out.WriteString("\n")
		}
	} else {
		out.WriteString(elided.String())
	}
	elided.Reset()
}

func dumpAnnotatedInput(out *strings.Builder, filter, context int, text string, anns []annotation, labelWidth int, verbose, color bool) {
	out.WriteString("Input was:\n<<<<<<\n")
	sort.SliceStable(anns, func(i, j int) bool {
		if anns[i].inputLine != anns[j].inputLine {
			return anns[i].inputLine < anns[j].inputLine
		}
		return anns[i].diagIndex < anns[j].diagIndex
	})
	lineCount := strings.Count(text, "\n")
	if text == "" || text[len(text)-1] != '\n' {
		lineCount++
	}
	if text == "" {
		lineCount = 0
	}
	lineNoWidth := 0
	if lineCount > 0 {
		lineNoWidth = len(strconv.Itoa(lineCount))
	}
	if lineNoWidth > labelWidth {
		labelWidth = lineNoWidth
	}
	labelWidth += 3

	prevInFilter := 0
	nextInFilter := 0
	var elided strings.Builder
	pos := 0
	ai := 0
	if color {
		out.WriteString(ansiBold + ansiReset)
	}
	for line := 1; pos < len(text) || ai < len(anns); line++ {
		if nextInFilter < line {
			nextInFilter = findInputLineInFilter(filter, line, anns[ai:])
		}
		if nextInFilter == line {
			prevInFilter = line
		}
		w := out
		if (prevInFilter == 0 || prevInFilter+context < line) && (nextInFilter == math.MaxInt || line+context < nextInFilter) {
			w = &elided
		} else {
			dumpEllipsisOrElidedLines(out, &elided, labelWidth, color)
		}
		if color {
			w.WriteString(ansiColor(colorBlack, true, false))
		}
		num := strconv.Itoa(line)
		if len(num) < labelWidth {
			w.WriteString(strings.Repeat(" ", labelWidth-len(num)))
		}
		w.WriteString(num)
		w.WriteString(": ")
		var matches []annotation
		if color {
			w.WriteString(ansiReset + ansiBold)
			if verbose {
				w.WriteString(ansiColor(colorCyan, true, true))
				for k := ai; k < len(anns) && anns[k].inputLine == line; k++ {
					if anns[k].foundAndExpected {
						matches = append(matches, anns[k])
					}
				}
			}
		}
		lineStart := pos
		inMatch := false
		for col := 1; pos < len(text); col++ {
			wasInMatch := inMatch
			inMatch = false
			for _, m := range matches {
				if m.startCol <= col && col < m.endCol {
					inMatch = true
					break
				}
			}
			if !wasInMatch && inMatch {
				w.WriteString(ansiReset)
			} else if wasInMatch && !inMatch {
				w.WriteString(ansiColor(colorCyan, true, true))
			}
			c := text[pos]
			pos++
			if c == '\n' {
				w.WriteByte(' ')
				break
			}
			w.WriteByte(c)
		}
		if color {
			w.WriteString(ansiReset)
		}
		w.WriteByte('\n')
		width := pos - lineStart
		for ai < len(anns) && anns[ai].inputLine == line {
			a := anns[ai]
			if color {
				w.WriteString(ansiColor(a.marker.color, true, false))
			}
			w.WriteString(a.label)
			if len(a.label) < labelWidth {
				w.WriteString(strings.Repeat(" ", labelWidth-len(a.label)))
			}
			w.WriteString("  ")
			col := 1
			for ; col < a.startCol; col++ {
				w.WriteByte(' ')
			}
			w.WriteByte(a.marker.lead)
			for col++; col < a.endCol && col <= width; col++ {
				w.WriteByte('~')
			}
			if a.marker.note != "" {
				for ; col <= width; col++ {
					w.WriteByte(' ')
				}
				w.WriteByte(' ')
				w.WriteString(a.marker.note)
			}
			w.WriteByte('\n')
			if color {
				w.WriteString(ansiReset)
			}
			ai++
		}
	}
	dumpEllipsisOrElidedLines(out, &elided, labelWidth, color)
	out.WriteString(">>>>>>\n")
}
