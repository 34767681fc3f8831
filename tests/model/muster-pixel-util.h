/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

/* Pixel checks for the painters' tests. */

/* Pixels of a premultiplied ARGB32 image, as 0xAARRGGBB. */
static inline guint32
pixel_at (cairo_surface_t *surface,
          int              x,
          int              y)
{
  unsigned char *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  return *(guint32 *) (data + y * stride + x * 4);
}

static inline guint32
rgba_to_pixel (const double rgba[4])
{
  return (guint32) (rgba[3] * 255 + 0.5) << 24 |
         (guint32) (rgba[0] * rgba[3] * 255 + 0.5) << 16 |
         (guint32) (rgba[1] * rgba[3] * 255 + 0.5) << 8 |
         (guint32) (rgba[2] * rgba[3] * 255 + 0.5);
}

/* Cairo converts colours through 16 bits, so allow a step of rounding per channel. */
static inline gboolean
same_colour (guint32 a,
             guint32 b)
{
  for (int shift = 0; shift < 32; shift += 8)
    if (ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)) > 2)
      return FALSE;
  return TRUE;
}
