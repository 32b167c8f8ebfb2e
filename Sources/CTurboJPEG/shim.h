// libjpeg-turbo's TurboJPEG API (turbojpeg.h): JPEG decoding with DCT-domain scaling. Errors are
// reported through return values and tjGetErrorStr2, not setjmp, which Swift cannot use.
#include <turbojpeg.h>
