"""Static files as production stores them: hashed names, gzip copies, hashed module imports, and
style sheets without their comments."""

from __future__ import annotations

import re
from typing import Any

from django.core.files.base import ContentFile
from whitenoise.storage import CompressedManifestStaticFilesStorage

# Our style sheets' comments explain them to us; a browser needs none of them. None of our sheets
# writes "/*" inside a string, which would be the one place this could cut a rule.
CSS_COMMENT = re.compile(r"/\*.*?\*/\s*", re.S)


def without_comments(css: str) -> str:
    return CSS_COMMENT.sub("", css)


class _SheetsWithoutComments:
    """A source storage whose style sheets open without their comments (the rest unchanged)."""

    def __init__(self, storage: Any) -> None:
        self.storage = storage

    def open(self, path: str, mode: str = "rb") -> ContentFile:
        with self.storage.open(path, mode) as sheet:
            text = sheet.read().decode("utf-8")
        return ContentFile(without_comments(text).encode("utf-8"), name=path)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.storage, name)


class HashedModulesStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's storage, which also rewrites `import ... from "./dom.js"` to the hashed name.

    nginx caches /static/ for 30 days: with plain import names a new table.js could run against a
    week-old dom.js after a deploy. With hashed imports every module names exactly its own version.
    Style sheets are stored (hashed and gzipped) without their comments: on the table page that is
    a twentieth of its first load (docs/performance.md).
    """

    support_js_module_import_aggregation = True

    def post_process(self, paths: dict, *args: Any, **kwargs: Any):
        sheets = {
            name: (_SheetsWithoutComments(storage), path) if name.endswith(".css") else (storage, path)
            for name, (storage, path) in paths.items()
        }
        yield from super().post_process(sheets, *args, **kwargs)
