/* A fixture for check-error-marks.py: one error a user reads, left unmarked; the other is
 * only placeholders and passes. */
static void
fail (GError **error)
{
  g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE, "%s:%d: %s", "a", 1, "b");
  g_set_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE,
               "the file is not a roster");
}
