/* Not listed: the check must name it. */
const char *forgotten (void) { return g_dngettext (NULL, "%u unit", "%u units", 2); }
