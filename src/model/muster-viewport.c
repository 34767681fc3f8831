/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-viewport"

#include "config.h"

#include "muster-viewport.h"

/*
 * Which part of the table a map view shows, and how: the libshumate viewport idea, in table
 * millimetres instead of latitude and longitude. It knows nothing about widgets but their size,
 * so gestures, painters, printing and export all share it and it is tested without a display.
 *
 * The table point (center-x, center-y) sits in the middle of the widget; the table is turned by
 * rotation (radians, clockwise on screen) about that point and drawn at zoom widget pixels per
 * millimetre:
 *
 *   widget = zoom · R(rotation) · (table − center) + (width / 2, height / 2)
 *
 * Every compound change (zoom about the pointer, a pan, a fit) notifies each property that
 * really changed, once, after the whole change, so a listener never sees half of it.
 */
struct _MusterViewport
{
  GObject parent_instance;

  double  zoom;
  double  min_zoom;
  double  max_zoom;
  double  center_x;
  double  center_y;
  double  rotation;
  int     width;
  int     height;
};

enum {
  PROP_0,
  PROP_ZOOM,
  PROP_MIN_ZOOM,
  PROP_MAX_ZOOM,
  PROP_CENTER_X,
  PROP_CENTER_Y,
  PROP_ROTATION,
  PROP_WIDTH,
  PROP_HEIGHT,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (MusterViewport, muster_viewport, G_TYPE_OBJECT)

static GParamSpec *properties[N_PROPS];

#define ZOOM_LIMIT_LOW  1e-6
#define ZOOM_LIMIT_HIGH 1e6

static void
update_double (MusterViewport *self,
               double         *field,
               double          value,
               guint           prop)
{
  g_assert (MUSTER_IS_VIEWPORT (self));

  if (*field != value)
    {
      *field = value;
      g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
    }
}

/* The one place the view changes: the caller holds a notify freeze when it changes several. */
static void
set_view (MusterViewport *self,
          double          zoom,
          double          center_x,
          double          center_y,
          double          rotation)
{
  g_assert (MUSTER_IS_VIEWPORT (self));

  update_double (self, &self->zoom, CLAMP (zoom, self->min_zoom, self->max_zoom), PROP_ZOOM);
  update_double (self, &self->center_x, center_x, PROP_CENTER_X);
  update_double (self, &self->center_y, center_y, PROP_CENTER_Y);
  update_double (self, &self->rotation, muster_angle_normalize (rotation), PROP_ROTATION);
}

/* Table millimetres from the centre to what shows at widget point (wx, wy), for a zoom and
 * rotation: solve widget = zoom R (table - center) + size / 2 for table - center. */
static MusterVector
widget_offset (MusterViewport *self,
               double          wx,
               double          wy,
               double          zoom,
               double          rotation)
{
  MusterVector offset;

  g_assert (MUSTER_IS_VIEWPORT (self));

  offset = (MusterVector) { (wx - self->width / 2.0) / zoom, (wy - self->height / 2.0) / zoom };
  return muster_vector_rotate (offset, -rotation);
}

static void
muster_viewport_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  MusterViewport *self = MUSTER_VIEWPORT (object);

  switch (prop_id)
    {
    case PROP_ZOOM:
      g_value_set_double (value, self->zoom);
      break;

    case PROP_MIN_ZOOM:
      g_value_set_double (value, self->min_zoom);
      break;

    case PROP_MAX_ZOOM:
      g_value_set_double (value, self->max_zoom);
      break;

    case PROP_CENTER_X:
      g_value_set_double (value, self->center_x);
      break;

    case PROP_CENTER_Y:
      g_value_set_double (value, self->center_y);
      break;

    case PROP_ROTATION:
      g_value_set_double (value, self->rotation);
      break;

    case PROP_WIDTH:
      g_value_set_int (value, self->width);
      break;

    case PROP_HEIGHT:
      g_value_set_int (value, self->height);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_viewport_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  MusterViewport *self = MUSTER_VIEWPORT (object);

  switch (prop_id)
    {
    case PROP_ZOOM:
      muster_viewport_set_zoom (self, g_value_get_double (value));
      break;

    case PROP_MIN_ZOOM:
      muster_viewport_set_zoom_range (self, g_value_get_double (value),
                                      MAX (self->max_zoom, g_value_get_double (value)));
      break;

    case PROP_MAX_ZOOM:
      muster_viewport_set_zoom_range (self, MIN (self->min_zoom, g_value_get_double (value)),
                                      g_value_get_double (value));
      break;

    case PROP_CENTER_X:
      muster_viewport_set_center (self, g_value_get_double (value), self->center_y);
      break;

    case PROP_CENTER_Y:
      muster_viewport_set_center (self, self->center_x, g_value_get_double (value));
      break;

    case PROP_ROTATION:
      muster_viewport_set_rotation (self, g_value_get_double (value));
      break;

    case PROP_WIDTH:
      muster_viewport_set_size (self, g_value_get_int (value), self->height);
      break;

    case PROP_HEIGHT:
      muster_viewport_set_size (self, self->width, g_value_get_int (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_viewport_class_init (MusterViewportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = muster_viewport_get_property;
  object_class->set_property = muster_viewport_set_property;

  /**
   * MusterViewport:zoom:
   *
   * Widget pixels per table millimetre, kept within [min-zoom, max-zoom]. Setting it zooms
   * about the middle of the widget; muster_viewport_zoom_at() zooms about a pointer.
   */
  properties[PROP_ZOOM] =
    g_param_spec_double ("zoom", NULL, NULL,
                         ZOOM_LIMIT_LOW, ZOOM_LIMIT_HIGH, 1.0,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_MIN_ZOOM] =
    g_param_spec_double ("min-zoom", NULL, NULL,
                         ZOOM_LIMIT_LOW, ZOOM_LIMIT_HIGH, 0.05,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_MAX_ZOOM] =
    g_param_spec_double ("max-zoom", NULL, NULL,
                         ZOOM_LIMIT_LOW, ZOOM_LIMIT_HIGH, 50.0,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * MusterViewport:center-x:
   *
   * The table x (mm) shown in the middle of the widget.
   */
  properties[PROP_CENTER_X] =
    g_param_spec_double ("center-x", NULL, NULL,
                         -G_MAXDOUBLE, G_MAXDOUBLE, 0.0,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_CENTER_Y] =
    g_param_spec_double ("center-y", NULL, NULL,
                         -G_MAXDOUBLE, G_MAXDOUBLE, 0.0,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * MusterViewport:rotation:
   *
   * How far the table is turned on screen, radians clockwise, in (-pi, pi]. Setting it turns
   * about the middle of the widget; muster_viewport_rotate_at() turns about a pointer.
   */
  properties[PROP_ROTATION] =
    g_param_spec_double ("rotation", NULL, NULL,
                         -G_MAXDOUBLE, G_MAXDOUBLE, 0.0,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * MusterViewport:width:
   *
   * The widget's width in pixels; the map view sets it on size-allocate.
   */
  properties[PROP_WIDTH] =
    g_param_spec_int ("width", NULL, NULL,
                      0, G_MAXINT, 0,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_HEIGHT] =
    g_param_spec_int ("height", NULL, NULL,
                      0, G_MAXINT, 0,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
muster_viewport_init (MusterViewport *self)
{
  self->zoom = 1.0;
  self->min_zoom = 0.05;
  self->max_zoom = 50.0;
}

MusterViewport *
muster_viewport_new (void)
{
  return g_object_new (MUSTER_TYPE_VIEWPORT, NULL);
}

double
muster_viewport_get_zoom (MusterViewport *self)
{
  g_return_val_if_fail (MUSTER_IS_VIEWPORT (self), 1.0);
  return self->zoom;
}

/* Zooms about the middle of the widget; the zoom is kept within the zoom range. */
void
muster_viewport_set_zoom (MusterViewport *self,
                          double          zoom)
{
  g_return_if_fail (MUSTER_IS_VIEWPORT (self));
  g_return_if_fail (zoom > 0.0 && isfinite (zoom));

  update_double (self, &self->zoom, CLAMP (zoom, self->min_zoom, self->max_zoom), PROP_ZOOM);
}

double
muster_viewport_get_min_zoom (MusterViewport *self)
{
  g_return_val_if_fail (MUSTER_IS_VIEWPORT (self), 0.0);
  return self->min_zoom;
}

double
muster_viewport_get_max_zoom (MusterViewport *self)
{
  g_return_val_if_fail (MUSTER_IS_VIEWPORT (self), 0.0);
  return self->max_zoom;
}

/**
 * muster_viewport_set_zoom_range:
 * @min_zoom: the least zoom, pixels per mm (a whole 8 × 6 ft table on a small window)
 * @max_zoom: the greatest (one 15 mm base filling the view)
 *
 * Clamps the current zoom into the new range.
 */
void
muster_viewport_set_zoom_range (MusterViewport *self,
                                double          min_zoom,
                                double          max_zoom)
{
  g_return_if_fail (MUSTER_IS_VIEWPORT (self));
  g_return_if_fail (min_zoom >= ZOOM_LIMIT_LOW && max_zoom <= ZOOM_LIMIT_HIGH);
  g_return_if_fail (min_zoom <= max_zoom);

  g_object_freeze_notify (G_OBJECT (self));
  update_double (self, &self->min_zoom, min_zoom, PROP_MIN_ZOOM);
  update_double (self, &self->max_zoom, max_zoom, PROP_MAX_ZOOM);
  update_double (self, &self->zoom, CLAMP (self->zoom, min_zoom, max_zoom), PROP_ZOOM);
  g_object_thaw_notify (G_OBJECT (self));
}

double
muster_viewport_get_center_x (MusterViewport *self)
{
  g_return_val_if_fail (MUSTER_IS_VIEWPORT (self), 0.0);
  return self->center_x;
}

double
muster_viewport_get_center_y (MusterViewport *self)
{
  g_return_val_if_fail (MUSTER_IS_VIEWPORT (self), 0.0);
  return self->center_y;
}

/* Puts table point (@x, @y) in the middle of the widget. */
void
muster_viewport_set_center (MusterViewport *self,
                            double          x,
                            double          y)
{
  g_return_if_fail (MUSTER_IS_VIEWPORT (self));
  g_return_if_fail (isfinite (x) && isfinite (y));

  g_object_freeze_notify (G_OBJECT (self));
  set_view (self, self->zoom, x, y, self->rotation);
  g_object_thaw_notify (G_OBJECT (self));
}

double
muster_viewport_get_rotation (MusterViewport *self)
{
  g_return_val_if_fail (MUSTER_IS_VIEWPORT (self), 0.0);
  return self->rotation;
}

/* Turns the table about the middle of the widget; @rotation is normalised to (-pi, pi]. */
void
muster_viewport_set_rotation (MusterViewport *self,
                              double          rotation)
{
  g_return_if_fail (MUSTER_IS_VIEWPORT (self));
  g_return_if_fail (isfinite (rotation));

  update_double (self, &self->rotation, muster_angle_normalize (rotation), PROP_ROTATION);
}

int
muster_viewport_get_width (MusterViewport *self)
{
  g_return_val_if_fail (MUSTER_IS_VIEWPORT (self), 0);
  return self->width;
}

int
muster_viewport_get_height (MusterViewport *self)
{
  g_return_val_if_fail (MUSTER_IS_VIEWPORT (self), 0);
  return self->height;
}

/* The widget's size in pixels. The table point in the middle stays in the middle. */
void
muster_viewport_set_size (MusterViewport *self,
                          int             width,
                          int             height)
{
  g_return_if_fail (MUSTER_IS_VIEWPORT (self));
  g_return_if_fail (width >= 0 && height >= 0);

  g_object_freeze_notify (G_OBJECT (self));
  if (self->width != width)
    {
      self->width = width;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WIDTH]);
    }
  if (self->height != height)
    {
      self->height = height;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HEIGHT]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * muster_viewport_get_transform:
 *
 * Returns: the map from table millimetres to widget pixels
 */
MusterAffine
muster_viewport_get_transform (MusterViewport *self)
{
  MusterAffine to_center, turn, scale, to_widget, step;

  g_return_val_if_fail (MUSTER_IS_VIEWPORT (self), muster_affine_identity ());

  to_center = muster_affine_translate (-self->center_x, -self->center_y);
  turn = muster_affine_rotate (self->rotation);
  scale = muster_affine_scale (self->zoom, self->zoom);
  to_widget = muster_affine_translate (self->width / 2.0, self->height / 2.0);
  step = muster_affine_multiply (&to_center, &turn);
  step = muster_affine_multiply (&step, &scale);
  return muster_affine_multiply (&step, &to_widget);
}

/**
 * muster_viewport_get_matrix:
 * @matrix: (out caller-allocates): the map from table millimetres to widget pixels
 *
 * For painters: `cairo_transform (cr, &matrix)`, then draw in table millimetres (line widths
 * too are then in mm; divide by the zoom for a width in pixels).
 */
void
muster_viewport_get_matrix (MusterViewport *self,
                            cairo_matrix_t *matrix)
{
  MusterAffine t;

  g_return_if_fail (MUSTER_IS_VIEWPORT (self));
  g_return_if_fail (matrix != NULL);

  t = muster_viewport_get_transform (self);
  cairo_matrix_init (matrix, t.xx, t.yx, t.xy, t.yy, t.x0, t.y0);
}

void
muster_viewport_table_to_widget (MusterViewport *self,
                                 double          x,
                                 double          y,
                                 double         *widget_x,
                                 double         *widget_y)
{
  MusterVector v;

  g_return_if_fail (MUSTER_IS_VIEWPORT (self));

  v = muster_vector_rotate ((MusterVector) { x - self->center_x, y - self->center_y }, self->rotation);
  if (widget_x != NULL)
    *widget_x = v.x * self->zoom + self->width / 2.0;
  if (widget_y != NULL)
    *widget_y = v.y * self->zoom + self->height / 2.0;
}

void
muster_viewport_widget_to_table (MusterViewport *self,
                                 double          widget_x,
                                 double          widget_y,
                                 double         *x,
                                 double         *y)
{
  MusterVector offset;

  g_return_if_fail (MUSTER_IS_VIEWPORT (self));

  offset = widget_offset (self, widget_x, widget_y, self->zoom, self->rotation);
  if (x != NULL)
    *x = self->center_x + offset.x;
  if (y != NULL)
    *y = self->center_y + offset.y;
}

/**
 * muster_viewport_zoom_at:
 * @zoom: the new zoom, clamped to the zoom range
 * @widget_x: the pointer, widget pixels
 * @widget_y:
 *
 * Zooms so that the table point under the pointer stays under it (scroll-wheel and pinch
 * zoom).
 */
void
muster_viewport_zoom_at (MusterViewport *self,
                         double          zoom,
                         double          widget_x,
                         double          widget_y)
{
  MusterVector before, after;

  g_return_if_fail (MUSTER_IS_VIEWPORT (self));
  g_return_if_fail (zoom > 0.0 && isfinite (zoom));
  g_return_if_fail (isfinite (widget_x) && isfinite (widget_y));

  zoom = CLAMP (zoom, self->min_zoom, self->max_zoom);
  if (zoom == self->zoom)
    return;

  /* The pointer's table point, from the old centre and from the new one, must agree. */
  before = widget_offset (self, widget_x, widget_y, self->zoom, self->rotation);
  after = widget_offset (self, widget_x, widget_y, zoom, self->rotation);
  g_object_freeze_notify (G_OBJECT (self));
  set_view (self, zoom, self->center_x + before.x - after.x, self->center_y + before.y - after.y,
            self->rotation);
  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * muster_viewport_pan:
 * @dx: how far the pointer moved, widget pixels
 * @dy:
 *
 * Moves the view so the table follows the pointer (a drag with the middle button).
 */
void
muster_viewport_pan (MusterViewport *self,
                     double          dx,
                     double          dy)
{
  MusterVector shift;

  g_return_if_fail (MUSTER_IS_VIEWPORT (self));
  g_return_if_fail (isfinite (dx) && isfinite (dy));

  /* The offset of a widget point dx, dy from the middle is the shift, in table terms. */
  shift = widget_offset (self, self->width / 2.0 + dx, self->height / 2.0 + dy, self->zoom,
                         self->rotation);
  muster_viewport_set_center (self, self->center_x - shift.x, self->center_y - shift.y);
}

/**
 * muster_viewport_rotate_at:
 * @rotation: the new rotation, radians clockwise
 * @widget_x: the point to turn about, widget pixels
 * @widget_y:
 *
 * Turns the table so that the table point under (@widget_x, @widget_y) stays there.
 */
void
muster_viewport_rotate_at (MusterViewport *self,
                           double          rotation,
                           double          widget_x,
                           double          widget_y)
{
  MusterVector before, after;

  g_return_if_fail (MUSTER_IS_VIEWPORT (self));
  g_return_if_fail (isfinite (rotation));
  g_return_if_fail (isfinite (widget_x) && isfinite (widget_y));

  rotation = muster_angle_normalize (rotation);
  if (rotation == self->rotation)
    return;

  before = widget_offset (self, widget_x, widget_y, self->zoom, self->rotation);
  after = widget_offset (self, widget_x, widget_y, self->zoom, rotation);
  g_object_freeze_notify (G_OBJECT (self));
  set_view (self, self->zoom, self->center_x + before.x - after.x,
            self->center_y + before.y - after.y, rotation);
  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * muster_viewport_fit_box:
 * @box: table millimetres, for example the whole table or a selection
 * @margin: widget pixels to leave on every side
 *
 * Centres @box and zooms so that all of it shows at the current rotation, within the zoom
 * range. Before the widget has a size only the centre moves.
 */
void
muster_viewport_fit_box (MusterViewport *self,
                         MusterBox       box,
                         double          margin)
{
  MusterPoint centre;
  double c, s, extent_x, extent_y, room_x, room_y, zoom;

  g_return_if_fail (MUSTER_IS_VIEWPORT (self));
  g_return_if_fail (!muster_box_is_empty (box));
  g_return_if_fail (isfinite (box.x0) && isfinite (box.y0) && isfinite (box.x1) && isfinite (box.y1));

  centre = muster_box_centre (box);
  c = fabs (cos (self->rotation));
  s = fabs (sin (self->rotation));
  extent_x = c * (box.x1 - box.x0) + s * (box.y1 - box.y0);
  extent_y = s * (box.x1 - box.x0) + c * (box.y1 - box.y0);
  room_x = self->width - 2.0 * MAX (margin, 0.0);
  room_y = self->height - 2.0 * MAX (margin, 0.0);

  zoom = self->zoom;
  if (room_x > 0.0 && room_y > 0.0)
    zoom = MIN (extent_x > 0.0 ? room_x / extent_x : INFINITY,
                extent_y > 0.0 ? room_y / extent_y : INFINITY);

  g_object_freeze_notify (G_OBJECT (self));
  set_view (self, isfinite (zoom) ? zoom : self->max_zoom, centre.x, centre.y, self->rotation);
  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * muster_viewport_get_visible_box:
 *
 * Returns: the table box that holds everything the widget shows (more than that when the
 *   table is turned); query the spatial index with it to draw only what shows
 */
MusterBox
muster_viewport_get_visible_box (MusterViewport *self)
{
  MusterBox box = muster_box_empty ();
  const double corners[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };

  g_return_val_if_fail (MUSTER_IS_VIEWPORT (self), box);

  for (guint i = 0; i < 4; i++)
    {
      MusterPoint p;

      muster_viewport_widget_to_table (self, corners[i][0] * self->width,
                                       corners[i][1] * self->height, &p.x, &p.y);
      muster_box_extend (&box, p);
    }
  return box;
}
