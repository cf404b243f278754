"""The default deck for tests: loaded once per test process by the real loader, then put back by its
rows (a few bulk inserts) wherever a test asks for it again.

`manage.py load_default_deck` saves 100 models one by one, each with its history row and its
approval, and was a quarter of the suite's CPU outside the browser tests, for the same rows every
time. The first load in a process runs the loader itself and keeps every row it wrote, table by
table; later loads insert those rows as they were, unless the database already holds content of its
own (then the loader runs as always). tests/content/test_deck_for_tests.py checks that both ways
give the same rows.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management.color import no_style
from django.db import connection, models, transaction

from content.default_deck import SYSTEM_REVIEWER_EMAIL
from content.loading import load_default_deck
from content.models import Card, Deck, Story


@dataclass(frozen=True)
class _Rows:
    """The rows the loader wrote to one table: each a dict of column (attname) to value."""

    model: type[models.Model]
    rows: tuple[dict, ...]


_kept: tuple[_Rows, ...] | None = None


def _highest_keys() -> dict[type[models.Model], int]:
    numbered = (models.AutoField, models.BigAutoField, models.SmallAutoField)
    return {
        model: model._base_manager.aggregate(top=models.Max("pk"))["top"] or 0
        for model in apps.get_models()
        if model._meta.managed and not model._meta.proxy and isinstance(model._meta.pk, numbered)
    }


def _empty() -> bool:
    """No deck, story or card yet, nor the system reviewer: what the loader finds on a new site."""
    return not (
        Deck.objects.exists()
        or Story.objects.exists()
        or Card.objects.exists()
        or get_user_model()._base_manager.filter(email=SYSTEM_REVIEWER_EMAIL).exists()
    )


def _load_and_keep() -> None:
    """The real loader, noting the rows it added to every table."""
    global _kept
    if not _empty():  # what it would write here is not what it writes on a new site
        load_default_deck()
        return
    before = _highest_keys()
    load_default_deck()
    after = _highest_keys()
    kept = []
    for model, top in after.items():
        if top > before[model]:
            rows = model._base_manager.filter(pk__gt=before[model]).order_by("pk").values()
            kept.append(_Rows(model, tuple(dict(row) for row in rows)))
    _kept = tuple(kept)


def _can_put_back() -> bool:
    """Only into a database with none of the deck's content yet (users aside: their keys move)."""
    user_model = get_user_model()
    for table in _kept or ():
        if table.model is user_model:
            emails = [row["email"] for row in table.rows]
            if user_model._base_manager.filter(email__in=emails).exists():
                return False
        elif table.model._base_manager.exists():
            return False
    return True


def _put_back() -> None:
    """Insert the kept rows; users get new keys, and every column that names one follows."""
    kept, user_model = _kept or (), get_user_model()
    new_user_keys: dict[int, int] = {}
    for table in kept:
        if table.model is user_model:
            for row in table.rows:
                fresh = {k: v for k, v in row.items() if k != "id"}
                new_user_keys[row["id"]] = user_model._base_manager.create(**fresh).pk
    for table in kept:
        if table.model is user_model:
            continue
        user_columns = [
            field.attname
            for field in table.model._meta.concrete_fields
            if field.is_relation and field.related_model is user_model
        ]
        rows = []
        for row in table.rows:
            row = dict(row)
            for column in user_columns:
                if row[column] is not None:
                    row[column] = new_user_keys.get(row[column], row[column])
            rows.append(table.model(**row))
        table.model._base_manager.bulk_create(rows)
    # PostgreSQL's sequences do not move for rows inserted with their keys.
    reset = connection.ops.sequence_reset_sql(no_style(), [t.model for t in kept])
    if reset:
        with connection.cursor() as cursor:
            for statement in reset:
                cursor.execute(statement)


@transaction.atomic
def load_deck() -> None:
    """The default deck of twenty approved stories, as `manage.py load_default_deck` makes it."""
    if _kept is None:
        _load_and_keep()
    elif _can_put_back():
        _put_back()
    else:
        load_default_deck()
