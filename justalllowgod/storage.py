"""Static files as production stores them: hashed names, gzip copies, and hashed module imports."""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class HashedModulesStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's storage, which also rewrites `import ... from "./dom.js"` to the hashed name.

    nginx caches /static/ for 30 days: with plain import names a new table.js could run against a
    week-old dom.js after a deploy. With hashed imports every module names exactly its own version.
    """

    support_js_module_import_aggregation = True
