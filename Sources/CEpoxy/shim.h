// libepoxy: GL and EGL entry points. The glFoo names are macros over epoxy_glFoo function
// pointers; Swift calls the pointers (see CardRendering/GL.swift, the one file that does).
#include <epoxy/gl.h>
#include <epoxy/egl.h>
