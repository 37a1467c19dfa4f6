// fontconfig (Debian: libfontconfig-dev): finding installed fonts by family, weight and slant.
#include <fontconfig/fontconfig.h>
