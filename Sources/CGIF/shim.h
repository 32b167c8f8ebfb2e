// giflib 5 (gif_lib.h; Debian's libgif-dev ships no pkg-config file): DGifOpen over a read
// callback, the first image read a line at a time, and EGif* for the tests' samples. Errors are
// return codes and an error code, no setjmp.
#include <gif_lib.h>
