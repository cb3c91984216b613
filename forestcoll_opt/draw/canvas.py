"""Figures that look the same everywhere and files that are the same byte for byte: one
fixed style (matplotlib's defaults plus a few settings of ours, whatever the user's
matplotlibrc says), the Agg canvas (no display needed), a fixed SVG hash salt and no dates
or software versions in the files' metadata."""

from __future__ import annotations

import io
import os
import re
from contextlib import contextmanager
from typing import Any, Iterator

from ..errors import DrawError

FORMATS = ("svg", "png", "pdf")
DPI = 100
STYLE = {
    "svg.hashsalt": "forestcoll",      # ids in SVG files from a fixed salt, not a random one
    "svg.fonttype": "path",            # glyphs as paths: the file shows the same everywhere
    "font.family": "DejaVu Sans",      # the font matplotlib ships
    "font.size": 8,
    "axes.titlesize": 9,
    "figure.dpi": DPI,
    "savefig.dpi": DPI,
    "savefig.facecolor": "white",
    "path.simplify": False,
}
# no creation dates, no software version: the same drawing gives the same bytes
METADATA = {"svg": {"Date": None, "Creator": None},
            "png": {"Software": None},
            "pdf": {"CreationDate": None, "ModDate": None, "Creator": None, "Producer": None}}


def _matplotlib() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise DrawError("drawing needs matplotlib: pip install 'forestcoll-opt[draw]'") from None
    return matplotlib


@contextmanager
def style(**extra: Any) -> Iterator[None]:
    """matplotlib's default style and :data:`STYLE` (and ``extra``) for the block; the
    caller's settings come back afterwards.

    :raises DrawError: when matplotlib is not installed
    """
    mpl = _matplotlib()
    import matplotlib.style

    with matplotlib.style.context("default"), mpl.rc_context({**STYLE, **extra}):
        yield


def new_figure(width: float, height: float) -> Any:
    """A :class:`Drawing` of ``width`` × ``height`` inches on an Agg canvas, outside pyplot
    (so no pyplot window, and no second copy shown in a notebook).

    :param width: inches
    :param height: inches
    :returns: the figure
    """
    _matplotlib()
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    fig = _drawing_class()(figsize=(width, height), dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


_DRAWING = None


def _drawing_class() -> type:
    """The Figure subclass (made on first use: matplotlib loads only when drawing)."""
    global _DRAWING
    if _DRAWING is None:
        from matplotlib.figure import Figure

        class Drawing(Figure):
            """A matplotlib Figure that shows itself in Jupyter (as a PNG) and writes
            deterministic files (:func:`forestcoll_opt.draw.save_drawing`)."""

            def _repr_png_(self) -> bytes:
                return render(self, "png")

        _DRAWING = Drawing
    return _DRAWING


def render(fig: Any, fmt: str, *, dpi: int = DPI) -> bytes:
    """The figure as the bytes of an SVG, PNG or PDF file, deterministic for the same
    figure.

    :param fig: a matplotlib Figure
    :param fmt: ``"svg"``, ``"png"`` or ``"pdf"``
    :param dpi: dots per inch of a PNG
    :returns: the file's bytes
    :raises DrawError: for another format
    """
    if fmt not in FORMATS:
        raise DrawError(f"cannot write a {str(fmt)[:20]!r} drawing; use one of {', '.join(FORMATS)}")
    buf = io.BytesIO()
    with style():
        fig.savefig(buf, format=fmt, metadata=METADATA[fmt], dpi=dpi)
    return buf.getvalue()


def inline_svg_text(fig: Any) -> str:
    """The figure as an ``<svg>`` element to put inside an HTML page: text kept as text
    (small, searchable), no XML prolog, no metadata block, width that of its container.

    :param fig: a matplotlib Figure
    :returns: the element
    """
    with style(**{"svg.fonttype": "none"}):
        text = render(fig, "svg").decode("utf-8")
    svg = re.sub(r"<metadata>.*?</metadata>\s*", "", text[text.find("<svg"):], flags=re.S)
    return re.sub(r'<svg([^>]*?) width="[^"]*" height="[^"]*"', r'<svg\1 width="100%"', svg,
                  count=1)


def format_of(path: str | os.PathLike) -> str:
    """The file format a path's extension names.

    :param path: ``drawing.svg``, ``drawing.png`` or ``drawing.pdf``
    :returns: ``"svg"``, ``"png"`` or ``"pdf"``
    :raises DrawError: for any other extension
    """
    name = os.path.basename(os.fspath(path))      # ".png" too: a file named .png
    ext = name.rsplit(".", 1)[1].lower() if "." in name else ""
    if ext not in FORMATS:
        raise DrawError(f"{os.fspath(path)[:80]}: the file name must end in .svg, .png or .pdf")
    return ext
