// Exempi reports every failure it catches (a sidecar that is not XML, a property that is not
// simple) by writing the toolkit's message to C++'s std::cerr: one line on the terminal per
// broken sidecar in a folder, which the viewer would not have asked for. CardSidecars turns
// that stream off around its Exempi calls (holding its library lock) and reports what failed
// itself. Only std::cerr is touched; C's stderr, which the viewer writes, is not.
#ifndef CEXEMPIQUIET_H
#define CEXEMPIQUIET_H

#ifdef __cplusplus
extern "C" {
#endif

/// Turns C++'s std::cerr off (its output operations then write nothing) and returns whether it
/// was on before; pass that to cardviewer_cerr_restore.
int cardviewer_cerr_silence(void);

/// Turns std::cerr back on if `was_on` (what cardviewer_cerr_silence returned).
void cardviewer_cerr_restore(int was_on);

#ifdef __cplusplus
}
#endif

#endif
