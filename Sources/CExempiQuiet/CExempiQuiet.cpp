// See include/CExempiQuiet.h.
#include "CExempiQuiet.h"

#include <iostream>

extern "C" int cardviewer_cerr_silence(void) {
    bool wasOn = std::cerr.good();
    std::cerr.setstate(std::ios_base::badbit);
    return wasOn ? 1 : 0;
}

extern "C" void cardviewer_cerr_restore(int was_on) {
    if (was_on) std::cerr.clear();
}
