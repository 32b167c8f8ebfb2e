// GLFW without its own GL header: libepoxy provides the GL declarations.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
