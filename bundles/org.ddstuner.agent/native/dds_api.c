#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <string.h>
#include "dds_api.h"

struct find_ctx { char path[1024]; int found; };

static int on_object (struct dl_phdr_info *info, size_t size, void *data)
{
  (void) size;
  struct find_ctx *ctx = data;
  const char *name = info->dlpi_name;
  if (ctx->found || name == NULL || *name == 0)
    return 0;
  const char *base = strrchr (name, '/');
  base = base ? base + 1 : name;
  /* libddsc.so.0, libddsc.so.0.10.2, or a wheel's renamed copy such as libddsc-1a2b3c4d.so.0.11.0 */
  if (strncmp (base, "libddsc", 7) == 0 && (base[7] == '.' || base[7] == '-')) {
    snprintf (ctx->path, sizeof (ctx->path), "%s", name);
    ctx->found = 1;
  }
  return 0;
}

int dta_api_resolve (dta_api *api, char *err, size_t errlen)
{
  struct find_ctx ctx = {.found = 0};
  dl_iterate_phdr (on_object, &ctx);
  if (!ctx.found)
    return -1;
  /* RTLD_NOLOAD: take a reference on the copy already mapped, never map one of our own. */
  void *h = dlopen (ctx.path, RTLD_NOW | RTLD_NOLOAD | RTLD_LOCAL);
  if (h == NULL) {
    snprintf (err, errlen, "dlopen(%s, RTLD_NOLOAD): %s", ctx.path, dlerror ());
    return -2;
  }
  memset (api, 0, sizeof (*api));
#define DTA_RESOLVE(f) \
  if ((*(void **) &api->f = dlsym (h, #f)) == NULL) { \
    snprintf (err, errlen, "%s has no %s", ctx.path, #f); \
    dlclose (h); \
    return -2; \
  }
  DTA_API_FUNCS (DTA_RESOLVE)
#undef DTA_RESOLVE
  snprintf (api->path, sizeof (api->path), "%s", ctx.path);
  api->handle = h;
  return 0;
}
