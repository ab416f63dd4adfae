#pragma once
#include <mpv/client.h>
#include <mpv/render.h>
#include <mpv/render_gl.h>
