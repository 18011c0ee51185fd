from apps.search.chunking import MAX_WORDS, OVERLAP_WORDS, chunk_body, content_hash


def _body(sections: int, words: int) -> str:
    return "\n".join(
        f"SEC. {s}. HEADING {s}.\n" + " ".join(f"w{s}_{i}" for i in range(words))
        for s in range(1, sections + 1)
    )


def test_empty_body_has_no_chunks():
    assert chunk_body("") == []
    assert chunk_body("   \n ") == []


def test_offsets_point_into_the_body():
    body = _body(3, 150)
    for chunk in chunk_body(body):
        assert body[chunk.start : chunk.end] == chunk.text


def test_chunks_are_bounded_and_overlap():
    body = " ".join(f"w{i}" for i in range(1000))
    chunks = chunk_body(body)
    assert all(len(c.text.split()) <= MAX_WORDS for c in chunks)
    assert [c.seq for c in chunks] == list(range(len(chunks)))
    first, second = chunks[0].text.split(), chunks[1].text.split()
    assert first[-OVERLAP_WORDS:] == second[:OVERLAP_WORDS]
    assert chunks[-1].text.endswith("w999")


def test_a_section_heading_starts_a_new_chunk_and_is_kept():
    chunks = chunk_body(_body(3, 60))
    assert [c.heading for c in chunks] == ["SEC. 1. HEADING 1.", "SEC. 2. HEADING 2.", "SEC. 3. HEADING 3."]
    assert chunks[1].text.startswith("SEC. 2. HEADING 2.")


def test_markdown_headings_are_headings():
    body = "# Report\n\nIntro words here.\n\n## Background\n\n" + "word " * 50
    chunks = chunk_body(body)
    assert chunks[-1].heading in ("Background", "Report")
    assert chunk_body("## Background\n\n" + "word " * 10)[0].heading == "Background"


def test_embed_input_carries_title_and_heading():
    chunk = chunk_body(_body(1, 10))[0]
    assert chunk.embed_input("Kids Online Safety Act").splitlines()[:2] == [
        "Kids Online Safety Act",
        "SEC. 1. HEADING 1.",
    ]


def test_content_hash_depends_on_text_and_model():
    assert content_hash("a", "m1") == content_hash("a", "m1")
    assert content_hash("a", "m1") != content_hash("a", "m2")
    assert content_hash("a", "m1") != content_hash("b", "m1")
