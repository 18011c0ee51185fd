"""tests/constraint_checks.py: a test that wrote no row skips Django's end-of-test foreign-key check on SQLite;
a test that wrote one that dangles still fails, on either engine."""

import pytest
from django.db import IntegrityError, connection
from django.test import TestCase

from apps.bills.models import BillTitle

pytestmark = pytest.mark.django_db


def _set_up() -> TestCase:
    """A test case set up the way pytest-django sets one up (a class of its own, nested in this test's)."""

    class Case(TestCase):
        pass

    Case.setUpClass()
    case = Case(methodName="__init__")
    case._pre_setup()
    return case


def test_a_test_that_wrote_nothing_is_checked_only_on_postgresql():
    case = _set_up()
    try:
        BillTitle.objects.count()
        assert case._should_check_constraints(connection) is (connection.vendor == "postgresql")
        BillTitle.objects.filter(pk=-1).update(title="x")  # a write that changed no row is no write
        assert case._should_check_constraints(connection) is (connection.vendor == "postgresql")
    finally:
        case._post_teardown()
        type(case).tearDownClass()


def test_a_row_with_a_dangling_foreign_key_still_fails_the_test():
    case = _set_up()
    try:
        BillTitle.objects.create(bill_id=999_999_999, seq=1, title_type="Official Title", title="x")
        assert case._should_check_constraints(connection)
        with pytest.raises(IntegrityError, match="bill"):
            case._post_teardown()
    finally:
        type(case).tearDownClass()
