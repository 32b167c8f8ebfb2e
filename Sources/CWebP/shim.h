// libwebp's decoder (decode.h: WebPGetFeatures, WebPDecode with scaling), the demuxer for the
// container's chunks (demux.h: ICCP, EXIF, the first frame of an animation; WebPAnimDecoder for
// whole animations), the encoder (encode.h: the tests write their samples with it) and the
// animation encoder (mux.h: WebPAnimEncoder, in libwebpmux, for `cardviewer record`). Errors are
// status codes, no setjmp.
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>
