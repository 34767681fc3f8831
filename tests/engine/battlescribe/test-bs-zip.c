/* SPDX-License-Identifier: GPL-3.0-or-later */
#undef G_DISABLE_ASSERT

#include "config.h"

#include <archive.h>
#include <archive_entry.h>
#include <string.h>

#include "muster-bs-zip.h"
#include "muster-engine.h"

#define MAX_SIZE (32 * 1024 * 1024)

/* Refusing a bomb takes milliseconds (the figures are in the test log); unpacking its 2 GiB
 * would take many seconds. The bound has room for sanitizer builds on a busy machine. */
#define GUARD_SECONDS 5.0

static const char roster[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<roster id=\"r1\" name=\"Test\" battleScribeVersion=\"2.03\"><forces/></roster>\n";

/* The tests build their hostile zips with libarchive itself, member by member: @repeat copies
 * of @data under @name each. */
typedef struct
{
  const char *name;
  const char *data;
  gsize       length;
  gsize       repeat;
} Member;

static la_ssize_t
append_cb (struct archive *archive,
           void           *user_data,
           const void     *buffer,
           size_t          length)
{
  g_byte_array_append (user_data, buffer, (guint) length);
  return (la_ssize_t) length;
}

/* Returns NULL when this libarchive does not take @options (e.g. no encryption support). */
static GBytes *
build_zip (const char   *options,
           const Member *members,
           guint         n_members)
{
  struct archive *archive = archive_write_new ();
  GByteArray *out = g_byte_array_new ();

  g_assert_cmpint (archive_write_set_format_zip (archive), ==, ARCHIVE_OK);
  g_assert_cmpint (archive_write_set_bytes_in_last_block (archive, 1), ==, ARCHIVE_OK);
  if (options != NULL && archive_write_set_options (archive, options) != ARCHIVE_OK)
    {
      archive_write_free (archive);
      g_byte_array_unref (out);
      return NULL;
    }
  if (options != NULL && strstr (options, "encryption") != NULL)
    g_assert_cmpint (archive_write_set_passphrase (archive, "secret"), ==, ARCHIVE_OK);
  g_assert_cmpint (archive_write_open (archive, out, NULL, append_cb, NULL), ==, ARCHIVE_OK);

  for (guint i = 0; i < n_members; i++)
    {
      struct archive_entry *entry = archive_entry_new ();

      archive_entry_set_pathname (entry, members[i].name);
      archive_entry_set_filetype (entry, AE_IFREG);
      archive_entry_set_perm (entry, 0644);
      archive_entry_set_size (entry, (la_int64_t) (members[i].length * members[i].repeat));
      g_assert_cmpint (archive_write_header (archive, entry), ==, ARCHIVE_OK);
      for (gsize r = 0; r < members[i].repeat; r++)
        g_assert_cmpint (archive_write_data (archive, members[i].data, members[i].length), ==,
                         (la_ssize_t) members[i].length);
      archive_entry_free (entry);
    }

  g_assert_cmpint (archive_write_close (archive), ==, ARCHIVE_OK);
  archive_write_free (archive);
  return g_byte_array_free_to_bytes (out);
}

static void
assert_refused (GBytes     *zip,
                gsize       max_size,
                int         code,
                const char *fragment)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) content = muster_bs_zip_extract (zip, "Army.catz", max_size, &error);

  g_assert_null (content);
  g_assert_error (error, MUSTER_ENGINE_ERROR, code);
  g_assert_true (g_str_has_prefix (error->message, "Army.catz: "));
  if (strstr (error->message, fragment) == NULL)
    g_error ("“%s” does not say “%s”", error->message, fragment);
}

static void
test_bs_zip_round_trip (void)
{
  g_autoptr(GBytes) xml = g_bytes_new_static (roster, sizeof roster - 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) zip = muster_bs_zip_store ("Test.ros", xml, &error);
  g_autoptr(GBytes) back = NULL;
  struct archive *archive = archive_read_new ();
  struct archive_entry *entry;
  gsize length;
  const guint8 *data;

  g_assert_no_error (error);
  data = g_bytes_get_data (zip, &length);
  g_assert_cmpmem (data, 4, "PK\3\4", 4);

  /* Another reader sees one deflated member under the given name. */
  archive_read_support_format_zip (archive);
  g_assert_cmpint (archive_read_open_memory (archive, data, length), ==, ARCHIVE_OK);
  g_assert_cmpint (archive_read_next_header (archive, &entry), ==, ARCHIVE_OK);
  g_assert_cmpstr (archive_entry_pathname (entry), ==, "Test.ros");
  g_assert_cmpstr (archive_format_name (archive), ==, "ZIP 2.0 (deflation)");
  /* not the time of writing: the same roster stored again is the same bytes */
  g_assert_cmpint (archive_entry_mtime (entry), ==, MUSTER_BS_ZIP_MTIME);
  g_assert_cmpint (archive_read_next_header (archive, &entry), ==, ARCHIVE_EOF);
  archive_read_free (archive);

  back = muster_bs_zip_extract (zip, "Test.rosz", MAX_SIZE, &error);
  g_assert_no_error (error);
  g_assert_true (g_bytes_equal (back, xml));

  /* The same file, one byte over the limit. */
  assert_refused (zip, sizeof roster - 2, MUSTER_ENGINE_ERROR_TOO_LARGE, "more than");
}

/* An empty member is a valid zip of an empty file; what to say about empty XML is the
 * loader's business. */
static void
test_bs_zip_empty_member (void)
{
  g_autoptr(GBytes) empty = g_bytes_new_static ("", 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) zip = muster_bs_zip_store ("Empty.cat", empty, &error);
  g_autoptr(GBytes) back = NULL;

  g_assert_no_error (error);
  back = muster_bs_zip_extract (zip, "Empty.catz", MAX_SIZE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (back), ==, 0);
}

/* Deflate bits go out least significant first; Huffman codes most significant first. */
typedef struct
{
  GByteArray *out;
  guint32     bits;
  guint       n_bits;
} BitWriter;

static void
put_bits (BitWriter *w,
          guint32    value,
          guint      n)
{
  w->bits |= value << w->n_bits;
  w->n_bits += n;
  while (w->n_bits >= 8)
    {
      guint8 byte = w->bits & 0xff;

      g_byte_array_append (w->out, &byte, 1);
      w->bits >>= 8;
      w->n_bits -= 8;
    }
}

static void
put_code (BitWriter *w,
          guint32    code,
          guint      n)
{
  guint32 reversed = 0;

  for (guint i = 0; i < n; i++)
    reversed |= ((code >> i) & 1) << (n - 1 - i);
  put_bits (w, reversed, n);
}

static void
put_le (GByteArray *out,
        guint32     value,
        guint       n_bytes)
{
  for (guint i = 0; i < n_bytes; i++)
    {
      guint8 byte = (value >> (8 * i)) & 0xff;

      g_byte_array_append (out, &byte, 1);
    }
}

/* Zip's CRC-32 of @length zero bytes, bit by bit: only the small bomb needs it. */
static guint32
crc32_of_zeros (gsize length)
{
  guint32 crc = 0xffffffff;

  for (gsize i = 0; i < length; i++)
    for (guint bit = 0; bit < 8; bit++)
      crc = (crc >> 1) ^ (0xedb88320 & -(crc & 1));
  return crc ^ 0xffffffff;
}

/* A zip of one member whose deflate stream, written by hand in one fixed-Huffman block, is a
 * zero and then @n_matches copies of "258 bytes from 1 back": 13 bits for 258 zeros, so 2 GiB
 * in 13 MiB, built in milliseconds (zlib takes seconds to squeeze 2 GiB). The headers declare
 * @declared_size bytes unpacked and the CRC @crc, which a bomb never reaches. */
static GBytes *
build_bomb (guint32 n_matches,
            guint32 declared_size,
            guint32 crc)
{
  g_autoptr(GByteArray) stream = g_byte_array_sized_new (n_matches / 8 * 13 + 16);
  GByteArray *zip = g_byte_array_sized_new (n_matches / 8 * 13 + 256);
  BitWriter w = { stream, 0, 0 };
  static const char name[] = "Army.cat";
  guint32 cd_offset = 0;

  put_bits (&w, 1, 1);                  /* the last block */
  put_bits (&w, 1, 2);                  /* fixed Huffman codes */
  put_code (&w, 0x30, 8);               /* literal 0 */
  for (guint32 i = 0; i < n_matches; i++)
    {
      put_code (&w, 0xc5, 8);           /* length 258 */
      put_code (&w, 0, 5);              /* distance 1 */
    }
  put_code (&w, 0, 7);                  /* end of block */
  put_bits (&w, 0, 7);                  /* flush */

  /* Local header, data, central directory, end record. */
  for (guint header = 0; header < 2; header++)
    {
      if (header == 1)
        cd_offset = zip->len;
      put_le (zip, header == 0 ? 0x04034b50 : 0x02014b50, 4);
      if (header == 1)
        put_le (zip, 20, 2);            /* made by */
      put_le (zip, 20, 2);              /* version needed */
      put_le (zip, 0, 2);               /* flags */
      put_le (zip, 8, 2);               /* deflate */
      put_le (zip, 0, 4);               /* time and date */
      put_le (zip, crc, 4);
      put_le (zip, stream->len, 4);
      put_le (zip, declared_size, 4);
      put_le (zip, sizeof name - 1, 2);
      put_le (zip, 0, 2);               /* extra field */
      if (header == 1)
        {
          put_le (zip, 0, 2);           /* comment */
          put_le (zip, 0, 2);           /* disk */
          put_le (zip, 0, 2);           /* internal attributes */
          put_le (zip, 0, 4);           /* external attributes */
          put_le (zip, 0, 4);           /* local header offset */
        }
      g_byte_array_append (zip, (const guint8 *) name, sizeof name - 1);
      if (header == 0)
        g_byte_array_append (zip, stream->data, stream->len);
    }
  put_le (zip, 0x06054b50, 4);
  put_le (zip, 0, 4);                   /* disks */
  put_le (zip, 1, 2);
  put_le (zip, 1, 2);
  put_le (zip, zip->len - cd_offset - 12, 4);
  put_le (zip, cd_offset, 4);
  put_le (zip, 0, 2);                   /* comment */

  return g_byte_array_free_to_bytes (zip);
}

/* 2 GiB of zeros. Reading stops at the limit, in milliseconds, whether the headers tell the
 * truth or claim the member is small. */
static void
test_bs_zip_bomb (void)
{
  const guint32 n_matches = 8323000;
  const guint32 size = 1 + 258 * n_matches;
  g_autoptr(GBytes) honest = build_bomb (n_matches, size, 0);
  g_autoptr(GBytes) lying = build_bomb (n_matches, 100, 0);
  g_autoptr(GBytes) small = build_bomb (1000, 1 + 258 * 1000, crc32_of_zeros (1 + 258 * 1000));
  g_autoptr(GTimer) timer = g_timer_new ();
  g_autoptr(GBytes) content = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (size, >, 2u * 1024 * 1024 * 1024 - 1024 * 1024);

  /* The hand-made stream is a valid zip: small, it unpacks. */
  content = muster_bs_zip_extract (small, "Army.catz", MAX_SIZE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (content), ==, 1 + 258 * 1000);

  g_timer_start (timer);
  assert_refused (honest, MAX_SIZE, MUSTER_ENGINE_ERROR_TOO_LARGE, "more than 33554432 bytes");
  g_test_message ("the 2 GiB bomb refused in %.1f ms", g_timer_elapsed (timer, NULL) * 1e3);
  g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, GUARD_SECONDS);

  /* libarchive may stop at the claimed size and call the rest damage, or inflate on to the
   * limit: either way no 2 GiB and no success. */
  g_timer_start (timer);
  g_clear_pointer (&content, g_bytes_unref);
  content = muster_bs_zip_extract (lying, "Army.catz", MAX_SIZE, &error);
  g_assert_null (content);
  g_assert_nonnull (error);
  g_test_message ("the lying bomb refused in %.1f ms: %s", g_timer_elapsed (timer, NULL) * 1e3,
                  error->message);
  g_assert_true (g_str_has_prefix (error->message, "Army.catz: "));
  g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, GUARD_SECONDS);
}

static void
test_bs_zip_two_members (void)
{
  const Member members[] = {
    { "Army.cat", roster, sizeof roster - 1, 1 },
    { "Other.cat", roster, sizeof roster - 1, 1 },
  };
  g_autoptr(GBytes) two = build_zip (NULL, members, 2);
  g_autoptr(GBytes) one = build_zip (NULL, members, 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) content = muster_bs_zip_extract (one, "Army.catz", MAX_SIZE, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (content), ==, sizeof roster - 1);
  assert_refused (two, MAX_SIZE, MUSTER_ENGINE_ERROR_INVALID_FILE, "more than one file");
}

static void
test_bs_zip_no_member (void)
{
  g_autoptr(GBytes) none = build_zip (NULL, NULL, 0);

  assert_refused (none, MAX_SIZE, MUSTER_ENGINE_ERROR_INVALID_FILE, "zip");
}

static void
test_bs_zip_truncated (void)
{
  g_autofree char *text = g_strnfill (200000, 'x');
  const Member member = { "Army.cat", text, 200000, 1 };
  g_autoptr(GBytes) zip = build_zip (NULL, &member, 1);
  gsize length = g_bytes_get_size (zip);

  /* Cut in the deflated data, and just before the end of the central directory. */
  for (guint i = 0; i < 2; i++)
    {
      gsize keep = i == 0 ? length / 2 : length - 5;
      g_autoptr(GBytes) cut = g_bytes_new_from_bytes (zip, 0, keep);
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) content = muster_bs_zip_extract (cut, "Army.catz", MAX_SIZE, &error);

      g_assert_null (content);
      g_assert_error (error, MUSTER_ENGINE_ERROR, MUSTER_ENGINE_ERROR_INVALID_FILE);
      g_assert_true (g_str_has_prefix (error->message, "Army.catz: "));
    }
}

static void
test_bs_zip_not_a_zip (void)
{
  g_autoptr(GBytes) xml = g_bytes_new_static (roster, sizeof roster - 1);
  g_autoptr(GBytes) empty = g_bytes_new_static ("", 0);
  g_autoptr(GBytes) junk = g_bytes_new_static ("PK\3\4 and then nothing of a zip", 31);

  assert_refused (xml, MAX_SIZE, MUSTER_ENGINE_ERROR_INVALID_FILE, "zip archive");
  assert_refused (empty, MAX_SIZE, MUSTER_ENGINE_ERROR_INVALID_FILE, "not a zip archive");
  assert_refused (junk, MAX_SIZE, MUSTER_ENGINE_ERROR_INVALID_FILE, "zip");
}

static void
test_bs_zip_encrypted (void)
{
  const Member member = { "Army.cat", roster, sizeof roster - 1, 1 };
  g_autoptr(GBytes) zip = build_zip ("zip:encryption=zipcrypt", &member, 1);

  if (zip == NULL)
    {
      g_test_skip ("this libarchive cannot write encrypted zips");
      return;
    }
  assert_refused (zip, MAX_SIZE, MUSTER_ENGINE_ERROR_INVALID_FILE, "encrypted");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/bs-zip/round-trip", test_bs_zip_round_trip);
  g_test_add_func ("/engine/bs-zip/empty-member", test_bs_zip_empty_member);
  g_test_add_func ("/engine/bs-zip/bomb", test_bs_zip_bomb);
  g_test_add_func ("/engine/bs-zip/two-members", test_bs_zip_two_members);
  g_test_add_func ("/engine/bs-zip/no-member", test_bs_zip_no_member);
  g_test_add_func ("/engine/bs-zip/truncated", test_bs_zip_truncated);
  g_test_add_func ("/engine/bs-zip/not-a-zip", test_bs_zip_not_a_zip);
  g_test_add_func ("/engine/bs-zip/encrypted", test_bs_zip_encrypted);

  return g_test_run ();
}
