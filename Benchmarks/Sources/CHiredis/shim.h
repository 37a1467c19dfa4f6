// hiredis, Redis's own C client (Debian's libhiredis-dev): the library-to-library peer of
// the content-batch benchmark.
#include <hiredis/hiredis.h>
