/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* What muster-raster.c and muster-raster-path.c share: the raster and its pixel blending. */

#include "muster-raster.h"

#if defined (__SSE2__) && !defined (MUSTER_RASTER_SCALAR)
#include <emmintrin.h>
#endif

G_BEGIN_DECLS

typedef struct _MusterRasterScratch MusterRasterScratch;

typedef struct
{
  int x0, y0, x1, y1;   /* pixels, x1 and y1 excluded */
} Rect;

struct _MusterRaster
{
  cairo_surface_t *target;
  guchar          *data;
  int              stride;
  int              width, height;   /* pixels */
  gboolean         opaque_target;   /* RGB24: no alpha to keep */
  cairo_matrix_t   to_pixels;       /* user space to the surface's pixels */
  Rect            *clips;
  int              n_clips;
  gboolean         dirty;
  MusterRasterScratch *scratch;   /* nullable: for paths, see muster-raster-path.c */
};

/* One step of a fill as muster_raster_mask_polygon() records it: blend_run() over @n pixels
 * from (@x, @y) at coverage @m, or with @n 0, blend_m() of that one pixel. */
typedef struct
{
  int   y, x, n;
  guint m;
} MusterRasterOp;

struct _MusterRasterMask
{
  GArray         *ops;         /* MusterRasterOp, in the order they were recorded */
  /* the raster it was recorded on: it fits another with the same */
  cairo_matrix_t  to_pixels;
  Rect           *clips;
  int             n_clips;
  int             width, height, stride;
};

typedef struct
{
  guint32 solid;    /* the colour at full coverage, premultiplied ARGB */
  guint   alpha;    /* its alpha, 0..255 */
} Colour;

/* Each byte of @x times @m / 255, rounded: two bytes at a time, in the 0x00ff00ff lanes. */
static inline guint32
mul_lanes (guint32 x,
           guint   m)
{
  guint32 t = (x & 0x00ff00ffu) * m + 0x00800080u;

  return ((t + ((t >> 8) & 0x00ff00ffu)) >> 8) & 0x00ff00ffu;
}

static inline guint32
mul_pixel (guint32 x,
           guint   m)
{
  return mul_lanes (x, m) | mul_lanes (x >> 8, m) << 8;
}

/* Blends @colour at coverage @m (0..255) over the pixel at @p: OVER, premultiplied. Without a
 * branch, for the antialiased edges, whose coverage no predictor guesses: at 0 it leaves the
 * pixel as it is (d × 255 / 255 is d), at 255 it stores the colour (src + d × 0). */
static inline void
blend_m (guint32      *p,
         const Colour *colour,
         guint         m,
         gboolean      opaque_target)
{
  guint32 fill = opaque_target ? 0xff000000u : 0;
#if defined (__SSE2__) && !defined (MUSTER_RASTER_SCALAR)
  /* the same arithmetic, a channel a 16-bit lane: half the instructions */
  __m128i zero = _mm_setzero_si128 (), half = _mm_set1_epi16 (0x80);
  __m128i src = _mm_unpacklo_epi8 (_mm_cvtsi32_si128 ((int) colour->solid), zero);
  __m128i d = _mm_unpacklo_epi8 (_mm_cvtsi32_si128 ((int) (*p | fill)), zero);
  __m128i t = _mm_add_epi16 (_mm_mullo_epi16 (src, _mm_set1_epi16 ((short) m)), half);
  __m128i ia;

  src = _mm_srli_epi16 (_mm_add_epi16 (t, _mm_srli_epi16 (t, 8)), 8);
  ia = _mm_sub_epi16 (_mm_set1_epi16 (255), _mm_shufflelo_epi16 (src, _MM_SHUFFLE (3, 3, 3, 3)));
  t = _mm_add_epi16 (_mm_mullo_epi16 (d, ia), half);
  d = _mm_srli_epi16 (_mm_add_epi16 (t, _mm_srli_epi16 (t, 8)), 8);
  /* each lane ≤ 255: premultiplied src + dst × (1 − src alpha) */
  *p = (guint32) _mm_cvtsi128_si32 (_mm_packus_epi16 (_mm_add_epi16 (src, d), zero));
#else
  guint32 src = mul_pixel (colour->solid, m);
  guint32 d = *p | fill;

  /* no byte carries into the next: premultiplied src + dst × (1 − src alpha) ≤ 255 */
  *p = src + mul_pixel (d, 255 - (src >> 24));
#endif
}

/* What blend_m() does, to the @n pixels from @p alike: the inside of a shape, where no edge
 * passes. Four pixels at a time where SSE2 is there (always on x86-64), with the same
 * arithmetic in 16-bit lanes, so the same pixels. */
static inline void
blend_run (guint32      *p,
           int           n,
           const Colour *colour,
           guint         m,
           gboolean      opaque_target)
{
  guint32 src, ia, fill = opaque_target ? 0xff000000u : 0;
  int i = 0;

  if (m == 0 || n <= 0)
    return;
  if (m == 255 && colour->alpha == 255)
    {
#if defined (__SSE2__) && !defined (MUSTER_RASTER_SCALAR)
      __m128i solid = _mm_set1_epi32 ((int) colour->solid);

      for (; i + 4 <= n; i += 4)
        _mm_storeu_si128 ((__m128i *) (p + i), solid);
#endif
      for (; i < n; i++)
        p[i] = colour->solid;
      return;
    }
  src = m == 255 ? colour->solid : mul_pixel (colour->solid, m);
  ia = 255 - (src >> 24);
#if defined (__SSE2__) && !defined (MUSTER_RASTER_SCALAR)
  {
    __m128i vsrc = _mm_set1_epi32 ((int) src), vfill = _mm_set1_epi32 ((int) fill);
    __m128i via = _mm_set1_epi16 ((short) ia), half = _mm_set1_epi16 (0x80);
    __m128i zero = _mm_setzero_si128 ();

    for (; i + 4 <= n; i += 4)
      {
        __m128i d = _mm_or_si128 (_mm_loadu_si128 ((const __m128i *) (p + i)), vfill);
        __m128i lo = _mm_add_epi16 (_mm_mullo_epi16 (_mm_unpacklo_epi8 (d, zero), via), half);
        __m128i hi = _mm_add_epi16 (_mm_mullo_epi16 (_mm_unpackhi_epi8 (d, zero), via), half);

        lo = _mm_srli_epi16 (_mm_add_epi16 (lo, _mm_srli_epi16 (lo, 8)), 8);
        hi = _mm_srli_epi16 (_mm_add_epi16 (hi, _mm_srli_epi16 (hi, 8)), 8);
        /* bytewise: no byte carries, as in blend_m() */
        _mm_storeu_si128 ((__m128i *) (p + i), _mm_add_epi8 (_mm_packus_epi16 (lo, hi), vsrc));
      }
  }
#endif
  for (; i < n; i++)
    p[i] = src + mul_pixel (p[i] | fill, ia);
}

/* The same at coverage @cover, 0..1. */
static inline void
blend (guint32      *p,
       const Colour *colour,
       double        cover,
       gboolean      opaque_target)
{
  blend_m (p, colour, (guint) (cover * 255 + 0.5), opaque_target);
}

/* @rgba (0..1, not premultiplied) as a colour to blend. */
static inline Colour
colour_from_rgba (const double rgba[4])
{
  Colour colour;
  double alpha = CLAMP (rgba[3], 0, 1);

  colour.alpha = (guint) (alpha * 255 + 0.5);
  colour.solid = (guint32) colour.alpha << 24;
  for (guint k = 0; k < 3; k++)
    colour.solid |= (guint32) (CLAMP (rgba[k], 0, 1) * alpha * 255 + 0.5) << (16 - 8 * k);
  return colour;
}

void muster_raster_scratch_free (MusterRasterScratch *scratch);
gboolean _muster_raster_record_polygon (MusterRaster      *self,
                                        const MusterPoint *points,
                                        guint              n,
                                        GArray            *ops);

G_END_DECLS
