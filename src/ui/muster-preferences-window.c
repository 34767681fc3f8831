/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "muster-preferences-window"

#include "config.h"

#include "muster-preferences-window.h"

struct _MusterPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  /* Owned References */
  GSettings            *settings;

  /* Template Widgets */
  AdwComboRow          *color_scheme_row;
  AdwComboRow          *length_unit_row;
  GtkSpinButton        *recovery_delay_spin;
};

enum {
  PROP_0,
  PROP_SETTINGS,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (MusterPreferencesWindow, muster_preferences_window,
                     ADW_TYPE_PREFERENCES_WINDOW)

static GParamSpec *properties[N_PROPS];

/* The rows list their choices in the order of these GSettings enum nicks. */
static const char * const color_schemes[] = { "default", "light", "dark", NULL };
static const char * const length_units[] = { "inch", "centimetre", NULL };

static gboolean
nick_to_position (GValue   *value,
                  GVariant *variant,
                  gpointer  user_data)
{
  const char * const *nicks = user_data;
  const char *nick = g_variant_get_string (variant, NULL);

  for (guint i = 0; nicks[i]; i++)
    if (g_str_equal (nicks[i], nick))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
position_to_nick (const GValue       *value,
                  const GVariantType *expected_type,
                  gpointer            user_data)
{
  const char * const *nicks = user_data;
  guint position = g_value_get_uint (value);

  if (position >= g_strv_length ((char **) nicks))
    return NULL;
  return g_variant_new_string (nicks[position]);
}

static void
muster_preferences_window_constructed (GObject *object)
{
  MusterPreferencesWindow *self = MUSTER_PREFERENCES_WINDOW (object);

  G_OBJECT_CLASS (muster_preferences_window_parent_class)->constructed (object);

  g_settings_bind_with_mapping (self->settings, "color-scheme",
                                self->color_scheme_row, "selected", G_SETTINGS_BIND_DEFAULT,
                                nick_to_position, position_to_nick,
                                (gpointer) color_schemes, NULL);
  g_settings_bind_with_mapping (self->settings, "length-unit",
                                self->length_unit_row, "selected", G_SETTINGS_BIND_DEFAULT,
                                nick_to_position, position_to_nick,
                                (gpointer) length_units, NULL);
  g_settings_bind (self->settings, "recovery-delay", self->recovery_delay_spin, "value",
                   G_SETTINGS_BIND_DEFAULT);
}

static void
muster_preferences_window_dispose (GObject *object)
{
  MusterPreferencesWindow *self = MUSTER_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), MUSTER_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (muster_preferences_window_parent_class)->dispose (object);
}

static void
muster_preferences_window_set_property (GObject      *object,
                                        guint         prop_id,
                                        const GValue *value,
                                        GParamSpec   *pspec)
{
  MusterPreferencesWindow *self = MUSTER_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
muster_preferences_window_class_init (MusterPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = muster_preferences_window_constructed;
  object_class->dispose = muster_preferences_window_dispose;
  object_class->set_property = muster_preferences_window_set_property;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL,
                         G_TYPE_SETTINGS,
                         (G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/muster-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterPreferencesWindow, color_scheme_row);
  gtk_widget_class_bind_template_child (widget_class, MusterPreferencesWindow, length_unit_row);
  gtk_widget_class_bind_template_child (widget_class, MusterPreferencesWindow,
                                        recovery_delay_spin);
}

static void
muster_preferences_window_init (MusterPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

MusterPreferencesWindow *
muster_preferences_window_new (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return g_object_new (MUSTER_TYPE_PREFERENCES_WINDOW, "settings", settings, NULL);
}
