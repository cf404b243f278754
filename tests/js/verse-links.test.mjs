// The table's "Read the verse" and "Read the chapter" links (issue 42): a verse the table showed
// from a Bible opens that Bible at its own chapter and verse; one without a Bible goes by the
// KJV's numbering, and the reader finds it in the reader's own Bible.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { chapterUrl, verseUrl } from "../../static/js/verse.js";

describe("verse links", () => {
  it("open the Bible the table showed the verse from, at that Bible's own place", () => {
    const jonah = { book_slug: "jonah", chapter: 2, verse: 1, bible: "rv1909" };
    assert.equal(verseUrl(jonah), "/bible/jonah/2/?bible=rv1909#v1");
    assert.equal(chapterUrl(jonah), "/bible/jonah/2/?bible=rv1909");
  });

  it("go by the KJV's numbering when no Bible is named", () => {
    const jonah = { book_slug: "jonah", chapter: 1, verse: 17 };
    assert.equal(verseUrl(jonah), "/bible/jonah/1/?verse=17");
    assert.equal(chapterUrl(jonah), "/bible/jonah/1/");
  });
});
