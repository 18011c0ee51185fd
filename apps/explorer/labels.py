"""Human labels for the explorer's filters and columns: the one owner of that text.

A label is the field's declared ``title`` where the pydantic model (the resource's params or hit schema)
sets one; otherwise the field name read as words, with the abbreviations a reader knows spelled the way
they are printed (``cfr_title`` -> "CFR title", ``bill_id`` -> "Bill ID"). A flattened export column
(``sponsor.name``) is labelled part by part, each part through the model it names. Names, not a per-field
hand list: a new field gets a readable label without a change here.
"""

import types
import typing

from pydantic import BaseModel

# How an abbreviation or code word in a field name is printed; every other word stays lower case.
WORDS = {
    "id": "ID",
    "ids": "IDs",
    "q": "name or words",
    "cfr": "CFR",
    "fr": "FR",
    "rin": "RIN",
    "lda": "LDA",
    "lis": "LIS",
    "url": "URL",
    "doc": "document",
    "num": "number",
    "bioguide": "Bioguide",
    "sap": "SAP",
    "crs": "CRS",
    "gao": "GAO",
    "is": "",  # is_current -> "Current"
}
# Paging fields: what they do, not what they are called.
PAGING = {"limit": "page size", "cursor": "page cursor"}


def words(name: str) -> str:
    """``policy_area`` -> "Policy area": the name as words, abbreviations as printed, first letter up."""
    if name in PAGING:
        text = PAGING[name]
    else:
        text = " ".join(w for w in (WORDS.get(part, part) for part in name.split("_") if part) if w)
    return text[:1].upper() + text[1:] if text else name


def _model_of(annotation) -> type[BaseModel] | None:
    """The pydantic model inside ``annotation`` (``Sponsor | None``, ``list[Law]``), if any."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is not None:
        for arg in typing.get_args(annotation):
            found = _model_of(arg)
            if found is not None:
                return found
    return None


def field_label(model: type[BaseModel] | None, name: str) -> str:
    """The label of ``model``'s field ``name``: its declared title, else its name as words."""
    info = model.model_fields.get(name) if model is not None else None
    if info is not None and info.title:
        return info.title
    return words(name)


def inline(label: str) -> str:
    """A label as it reads mid-sentence: lower case first, unless its first word is printed as it is
    (ID, CFR, Bioguide)."""
    first = label.split(" ", 1)[0]
    return label if first.isupper() or first in WORDS.values() else label[:1].lower() + label[1:]


def column_label(model: type[BaseModel] | None, column: str) -> str:
    """The label of an export column, ``latest_action.date`` -> "Latest action date"."""
    parts = []
    for part in column.split("."):
        label = part if part.isdigit() else field_label(model, part)
        parts.append(inline(label) if parts else label)
        info = model.model_fields.get(part) if model is not None else None
        model = _model_of(info.annotation) if info is not None else None
    return " ".join(parts)
