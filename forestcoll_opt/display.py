"""How results show themselves in Jupyter: a compact HTML summary (``_repr_html_``) built
from plain strings, and, where a picture helps, a small inline SVG drawn by
:mod:`forestcoll_opt.draw`.

This module is in the base layer so that every layer's result classes can use it. The
drawing comes through a hook (:func:`set_drawer`) that the package's top level installs: a
result class never imports the drawing layer, which sits above it, and a missing
matplotlib only leaves the picture out."""

from __future__ import annotations

import html
import math
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping

_drawer: Callable[[Any], str] | None = None


def set_drawer(drawer: Callable[[Any], str] | None) -> None:
    """Install the function that turns a result into an inline SVG (``""``: no picture).

    :param drawer: called with the result; returns SVG text or ``""``; None removes it
    """
    global _drawer
    _drawer = drawer


def picture(obj: Any) -> str:
    """The inline SVG of ``obj`` from the installed drawer, or ``""`` when there is no
    drawer, nothing to draw for this object, or matplotlib is not installed.

    :param obj: a result (a topology, a simulation, a trade-off, ...)
    :returns: SVG text or ``""``
    """
    if _drawer is None:
        return ""
    try:
        return _drawer(obj) or ""
    except ImportError:          # matplotlib is an optional extra: the summary stands alone
        return ""


def html_summary(title: str, rows: Iterable[tuple[str, Any]], *, note: str = "",
                 svg: str = "", table: str = "") -> str:
    """A titled two-column table (field, value), an optional note, an optional HTML table
    below and an optional SVG beside it — every text escaped.

    :param title: the heading, e.g. ``"Schedule · allgather on dgx-a100-2"``
    :param rows: (field, value) pairs; a value is shown with ``str``
    :param note: a line of text under the table, or ``""``
    :param svg: an SVG drawing shown to the right, or ``""``
    :param table: an HTML table (already escaped, e.g. ``DataFrame.to_html()``), or ``""``
    :returns: the HTML fragment
    """
    cells = "".join(
        f"<tr><th style='text-align:left;padding-right:1em'>{html.escape(str(k))}</th>"
        f"<td style='text-align:left'>{html.escape(str(v))}</td></tr>" for k, v in rows)
    body = (f"<div><b>{html.escape(title)}</b><table>{cells}</table>"
            + (f"<div style='color:#555'>{html.escape(note)}</div>" if note else "")
            + table + "</div>")
    if svg:
        body = (f"<div style='display:flex;gap:1.5em;align-items:flex-start'>{body}"
                f"<div style='max-width:480px'>{svg}</div></div>")
    return body


EXACT = "_exact"
"""The suffix of the column that keeps a number's exact value (a Fraction) beside its float."""

KINDS = ("count", "number", "exact", "text", "flag")
"""What a column of :func:`data_frame` holds: a whole number (``int64``; ``float64`` with
NaN where some row has none), a number (``float64``, NaN for none), an exact value
(``object``: Fractions, None for none), text (str, None for none) or a yes/no flag
(``bool``)."""


def exact_cells(name: str, value: Fraction | None) -> dict[str, Any]:
    """A row's two cells for an exact number: ``name`` its float (NaN for None), which
    plots, and ``name`` + :data:`EXACT` the Fraction itself.

    :param name: the column name, e.g. ``"algbw"``
    :param value: the exact value, or None when there is none
    :returns: ``{name: float, name_exact: value}``
    """
    return {name: math.nan if value is None else float(value), name + EXACT: value}


def data_frame(rows: Iterable[Mapping[str, Any]], columns: Mapping[str, str]) -> Any:
    """A pandas DataFrame of ``rows`` with the columns given, in that order, each of the
    dtype of its kind (:data:`KINDS`) whatever the rows hold, so that every number column
    plots (``df.plot(y=name)``) even with no rows or a value missing.

    :param rows: dicts with (at least) every column
    :param columns: column name -> its kind, one of :data:`KINDS`
    :returns: the DataFrame
    :raises ImportError: when pandas is not installed
    """
    import pandas as pd

    rows = list(rows)
    data = {}
    for name, kind in columns.items():
        values = [row[name] for row in rows]
        if kind == "count":
            dtype: Any = "float64" if any(v is None for v in values) else "int64"
        elif kind == "number":
            dtype = "float64"
        elif kind == "flag":
            dtype = "bool"
        elif kind == "exact":
            dtype = object
        else:
            dtype = None if values else object      # text: pandas' own string dtype
        data[name] = pd.Series(values, dtype=dtype, index=range(len(values)))
    return pd.DataFrame(data, columns=list(columns))


def short_list(items: Iterable[Any], limit: int = 4) -> str:
    """``a, b, c, ... (12 in all)``: the first ``limit`` items and the count.

    :param items: the items, shown with ``str``
    :param limit: how many to show
    :returns: the text
    """
    items = list(items)
    head = ", ".join(str(i) for i in items[:limit])
    return head if len(items) <= limit else f"{head}, ... ({len(items)} in all)"


def article(word: Any) -> str:
    """``word`` after its indefinite article, for a message: ``an allgather``, ``an
    alltoall``, ``a reduce-scatter``, ``a broadcast``, ``an int``, ``an NCCL topology``,
    ``an MSCCL++ execution plan``. The article follows the first letter (a vowel takes
    ``an``), or for an acronym in capitals the sound of its first letter's name (``an
    NCCL``, ``an XML``, ``a GPU``): this holds for the collectives, kinds, type names and
    file kinds the package's messages put there.

    :param word: the word (a :class:`~forestcoll_opt.model.collective.Collective` gives
        its value)
    :returns: ``"a word"`` or ``"an word"``
    """
    text = str(word)
    first = text.split(" ", 1)[0].rstrip("+")
    if len(first) > 1 and first.isupper():
        vowel = first[0] in "AEFHILMNORSX"
    else:
        vowel = text[:1].lower() in tuple("aeiou")
    return f"{'an' if vowel else 'a'} {text}"
