// libpng's simplified API (png_image_*): no setjmp error handling, which Swift cannot use.
#include <png.h>
