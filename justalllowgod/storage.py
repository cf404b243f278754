"""Static files as production stores them: hashed names, gzip copies, hashed module imports, style
sheets without their comments, and scripts minified."""

from __future__ import annotations

import re
from typing import Any

import rjsmin
from django.core.files.base import ContentFile
from whitenoise.storage import CompressedManifestStaticFilesStorage

# Our style sheets' comments explain them to us; a browser needs none of them. None of our sheets
# writes "/*" inside a string, which would be the one place this could cut a rule.
CSS_COMMENT = re.compile(r"/\*.*?\*/\s*", re.S)


def without_comments(css: str) -> str:
    return CSS_COMMENT.sub("", css)


def minified(js: str) -> str:
    """A module as the browser needs it: rJSmin (a maintained port of Crockford's jsmin, which
    keeps template literals, regular expressions and ES module syntax whole) drops its comments and
    spaces. Our comments explain the code to us; they were a fifth of the table's first load once
    every word went through the catalogs (issue 42). tests/game/test_table_page_weight.py runs
    node's own tests and syntax check on the minified modules."""
    return rjsmin.jsmin(js)


SHRINK = {".css": without_comments, ".js": minified}


class _Shrunk:
    """A source storage whose style sheets and scripts open shrunk (the rest unchanged)."""

    def __init__(self, storage: Any) -> None:
        self.storage = storage

    def open(self, path: str, mode: str = "rb") -> ContentFile:
        with self.storage.open(path, mode) as source:
            text = source.read().decode("utf-8")
        shrink = SHRINK[path[path.rindex(".") :]]
        return ContentFile(shrink(text).encode("utf-8"), name=path)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.storage, name)


class HashedModulesStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's storage, which also rewrites `import ... from "./dom.js"` to the hashed name.

    nginx caches /static/ for 30 days: with plain import names a new table.js could run against a
    week-old dom.js after a deploy. With hashed imports every module names exactly its own version.
    Style sheets are stored (hashed and gzipped) without their comments, and scripts minified: on
    the table page together about a quarter of its first load (docs/performance.md).
    """

    support_js_module_import_aggregation = True

    def post_process(self, paths: dict, *args: Any, **kwargs: Any):
        shrunk = {
            name: (_Shrunk(storage), path) if name.endswith(tuple(SHRINK)) else (storage, path)
            for name, (storage, path) in paths.items()
        }
        yield from super().post_process(shrunk, *args, **kwargs)
