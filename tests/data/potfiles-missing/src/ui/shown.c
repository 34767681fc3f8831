/* Listed. */
const char *shown (void) { return _("Shown"); }
