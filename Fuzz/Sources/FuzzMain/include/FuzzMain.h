// libFuzzer's driver, called from each fuzz target's entry point. SwiftPM links an executable
// with `main` aliased to `<module>_main`, so libFuzzer's own main() is never used; each target
// defines <module>_main and hands over to LLVMFuzzerRunDriver here.
#include <stddef.h>
#include <stdint.h>

int cardviewer_fuzz_main(int argc, char **argv, int (*test_one_input)(const uint8_t *data, size_t size));
