// fontconfig: finds the system's sans-serif font and the fallback fonts for characters it lacks.
#include <fontconfig/fontconfig.h>
