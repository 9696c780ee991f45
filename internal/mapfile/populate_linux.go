package mapfile

import "syscall"

// mapPopulate faults the whole mapping in at once (the pages are usually
// in the page cache already), instead of one fault per page as the parser
// reads them.
const mapPopulate = syscall.MAP_POPULATE
