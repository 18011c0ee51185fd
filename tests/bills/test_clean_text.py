"""CRS summary HTML arrives escaped (v3 ``cdata/text``: ``&lt;p&gt;...&amp;nbsp;``) or in CDATA."""

import pytest

from apps.bills.parsing.common import clean_html_text


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        # as lxml hands it over from <cdata><text>&lt;p&gt;...&amp;nbsp;...</text></cdata>
        (
            "<p>nullifies the rule titled&nbsp;<em>Energy&nbsp;</em>and</p>",
            "nullifies the rule titled Energy and",
        ),
        # the raw file bytes, escaped twice
        ("&lt;p&gt;A&amp;nbsp;B&lt;/p&gt;&lt;p&gt;C &amp;amp; D&lt;/p&gt;", "A B\nC & D"),
        (" <p><b>Act</b></p> <ul><li>one</li><li>two</li></ul>", "Act\n- one\n- two"),
        ("plain text &amp; more", "plain text & more"),
        ("", ""),
    ],
)
def test_clean_html_text(raw, clean):
    assert clean_html_text(raw) == clean
