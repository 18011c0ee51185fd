"""A vote page's member rows (``position_rows``) print what the template loop they replaced printed, byte for
byte: held members linked to their pages, others to the publisher or shown as text, the party-state badge
unless the name carries one, each member's own option in a mixed group, and every value escaped."""

from types import SimpleNamespace

import pytest
from django.template import Context, Template

from apps.explorer.services import PositionGroup
from apps.explorer.templatetags.explorer import position_rows

# The loop as templates/explorer/vote.html had it before the tag replaced it.
LOOP = Template(
    "{% load explorer %}{% for p in g.members %}\n"
    '      <li>{% record_link p.member_id p.name %}{% if "(" not in p.name %} <span class="badge party-{{ p.party }}'
    ' small">{{ p.party }}-{{ p.state }}</span>{% endif %}{% if g.mixed %} <span class="muted small">'
    "{{ p.position }}</span>{% endif %}</li>\n      {% endfor %}"
)


def member(member_id, name, party="D", state="VT", position="Yea"):
    return SimpleNamespace(member_id=member_id, name=name, party=party, state=state, position=position)


MEMBERS = [
    member("S000033", "Sanders", party="I"),  # held: its explorer page
    member("Z999999", "Nobody <script>alert(1)</script>", position="Aye"),  # not held: the publisher's page
    member("not an id", "Tom & Jerry", party='"><b>', state="<i>"),  # no id: text only
    member("S000033", "Sanders (I-VT)"),  # a Senate name already carries party and state
]


@pytest.mark.django_db
@pytest.mark.parametrize("mixed", [False, True])
def test_rows_are_what_the_template_loop_printed(mixed):
    group = PositionGroup(normalized="yes", label="Yes", members=MEMBERS, mixed=mixed)
    rows = position_rows(group)
    assert rows == LOOP.render(Context({"g": group}))
    assert rows.count("<li>") == 4
    assert '<a href="/legislators/S000033">Sanders</a> <span class="badge party-I small">I-VT</span>' in rows
    assert 'class="external"' in rows and "Nobody &lt;script&gt;alert(1)&lt;/script&gt;" in rows
    assert '<li>Tom &amp; Jerry <span class="badge party-&quot;&gt;&lt;b&gt; small">' in rows
    option = ' <span class="muted small">Yea</span>' if mixed else ""
    assert f'<a href="/legislators/S000033">Sanders (I-VT)</a>{option}</li>' in rows  # no badge
    assert ('<span class="muted small">Aye</span>' in rows) is mixed
