// LibRaw's C API (libraw.h), the thread-safe build (libraw_r): camera RAW files opened, their
// embedded previews unpacked, and a half-size raw decode when a file has none. Errors come back
// as return codes; its default handlers print to stderr, so the decoder replaces them.
#include <libraw/libraw.h>
