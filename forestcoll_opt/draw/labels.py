"""Labels that never cover each other: a link's load or weight is offered at a few places
along its line, and each label takes the first of them where it covers no label placed
before it, no node and no node or box name, and stays inside the axes; a label with no
free place is left out. A
point's label (a scatter plot's, :meth:`add_around`) is offered on every side of its
point, and where none is free takes the side it covers least of. The
places are chosen when the figure is drawn, in its final size (after the layout engine has
sized the axes), so a figure saved at any resolution keeps them apart; the choice is pure
geometry, so the same figure gives the same bytes.

Every text here and every node and box name (:func:`halo`) has a white halo: a line that
crosses it does not make it unreadable."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

HALO = 2.4              # points: the white outline around a text, over the lines below it
ALONG = (0.5, 0.38, 0.62, 0.28, 0.72)
"""Where along its line a link's label may go (0: its start, 1: its end), in that order."""
GAP = 1.0               # pixels kept free around each label


def halo(width: float = HALO) -> list[Any]:
    """matplotlib path effects drawing a text with a white outline."""
    from matplotlib import patheffects

    return [patheffects.withStroke(linewidth=width, foreground="white")]


def along(a: tuple[float, float], b: tuple[float, float], rad: float, t: float
          ) -> tuple[float, float]:
    """The point at parameter ``t`` of the arc3 curve of curvature ``rad`` from ``a`` to
    ``b`` (the quadratic Bézier matplotlib draws an arrow along; t = 1/2 is
    :func:`~forestcoll_opt.draw.network.midpoint`)."""
    (x1, y1), (x2, y2) = a, b
    cx = (x1 + x2) / 2 + rad * (y2 - y1)
    cy = (y1 + y2) / 2 - rad * (x2 - x1)
    s = 1 - t
    return (s * s * x1 + 2 * s * t * cx + t * t * x2, s * s * y1 + 2 * s * t * cy + t * t * y2)


AROUND = ((1, 0, "left", "center"), (1, 1, "left", "bottom"), (1, -1, "left", "top"),
          (0, 1, "center", "bottom"), (0, -1, "center", "top"), (-1, 0, "right", "center"),
          (-1, 1, "right", "bottom"), (-1, -1, "right", "top"))
"""Where a point's label may go (:meth:`add_around`): right, upper right, lower right,
above, below, left, upper left, lower left, as (x, y) directions and the text's
alignment."""

Place = tuple[float, float, float, float, str, str]
"""(x, y) in data coordinates, (dx, dy) an offset in points, and the text's horizontal
and vertical alignment there."""


@dataclass
class _Label:
    places: list[Place]
    text: str
    color: str
    size: float
    gid: str | None = None
    required: bool = False


@dataclass
class Placed:
    """A label as drawn: its text, where (data coordinates) and its box (pixels).

    :ivar text: the label
    :ivar at: its centre, in data coordinates
    :ivar box: its extent on the canvas when it was drawn (a matplotlib Bbox)
    """

    text: str
    at: tuple[float, float]
    box: Any


def label_layer(ax: Any, *, markers: Sequence[tuple[float, float]] = (),
                marker_size: float = 0.0) -> Any:
    """A new layer of labels on ``ax`` (drawn above everything else of the view).

    :param ax: the Axes
    :param markers: the nodes' positions (data coordinates), which no label may cover
    :param marker_size: their marker area in points² (as ``scatter``'s ``s``)
    :returns: the layer; :meth:`add` puts a label on it
    """
    from matplotlib.artist import Artist

    class LabelLayer(Artist):
        """The labels of one view (module docstring): ``shown`` and ``dropped`` say what
        the last drawing placed and left out."""

        def __init__(self) -> None:
            super().__init__()
            self.set_zorder(7)
            self.labels: list[_Label] = []
            self.markers = list(markers)
            self.marker_size = marker_size
            self.shown: list[Placed] = []
            self.dropped: list[str] = []

        def add(self, places: Sequence[tuple[float, float]], text: str, *,
                color: str = "#222222", size: float = 6.5, gid: str | None = None) -> None:
            """Offer ``text`` centred at ``places`` (data coordinates), the first free one
            taken, none if none is free; labels added earlier are placed first."""
            self.labels.append(_Label([(x, y, 0.0, 0.0, "center", "center")
                                       for x, y in places], text, color, size, gid))

        def add_around(self, point: tuple[float, float], text: str, *, gap: float = 4.0,
                       color: str = "#222222", size: float = 6.5) -> None:
            """Offer ``text`` beside ``point`` (data coordinates), ``gap`` points away in
            each direction of :data:`AROUND` in turn, then three times as far; where every
            one is taken, the one it covers least of (a point's label is never left
            out)."""
            x, y = point
            places = [(x, y, ux * far, uy * far, ha, va) for far in (gap, 3 * gap)
                      for ux, uy, ha, va in AROUND]
            self.labels.append(_Label(places, text, color, size, None, required=True))

        def draw(self, renderer: Any) -> None:
            if not self.get_visible():
                return
            self.shown, self.dropped = [], []
            taken = self._obstacles(renderer)
            frame = ax.get_window_extent(renderer)
            for item in self.labels:
                text = self._text(item)
                best = None
                for place in item.places:
                    box = self._put(text, place, renderer)
                    # what it covers, and what of it would stick out of the axes
                    covered = sum(_area(box, other) for other in taken) + \
                        box.width * box.height - _area(box, frame)
                    if not covered:
                        best = (0.0, place, box)
                        break
                    if item.required and (best is None or covered < best[0]):
                        best = (covered, place, box)
                if best is None:
                    self.dropped.append(item.text)
                    continue
                _, place, box = best
                self._put(text, place, renderer)
                taken.append(box)
                text.draw(renderer)
                self.shown.append(Placed(item.text, (place[0], place[1]), box))
            self.stale = False

        def _put(self, text: Any, place: Place, renderer: Any) -> Any:
            """Move ``text`` to ``place``; its box on the canvas, ``GAP`` wider."""
            from matplotlib.transforms import ScaledTranslation

            x, y, dx, dy, ha, va = place
            shift = ScaledTranslation(dx / 72, dy / 72, ax.figure.dpi_scale_trans)
            text.set_transform(ax.transData + shift)
            text.set_position((x, y))
            text.set_ha(ha)
            text.set_va(va)
            return text.get_window_extent(renderer).padded(GAP)

        def _text(self, item: _Label) -> Any:
            from matplotlib.text import Text

            text = Text(0, 0, item.text, fontsize=item.size, color=item.color, zorder=7)
            text.set_figure(ax.figure)
            text.set_path_effects(halo())
            if item.gid:
                text.set_gid(item.gid)
            return text

        def _obstacles(self, renderer: Any) -> list[Any]:
            """What no label may cover: the axes' texts (node and box names), its legend
            and the node markers, as boxes on the canvas."""
            from matplotlib.transforms import Bbox

            boxes = [t.get_window_extent(renderer) for t in ax.texts
                     if t.get_visible() and t.get_text()]
            legend = ax.get_legend()
            if legend is not None and legend.get_visible():
                boxes.append(legend.get_window_extent(renderer))
            half = renderer.points_to_pixels(math.sqrt(self.marker_size)) / 2 * 0.9
            for x, y in ax.transData.transform(self.markers) if self.markers else ():
                boxes.append(Bbox([[x - half, y - half], [x + half, y + half]]))
            return boxes

    layer = LabelLayer()
    ax.add_artist(layer)
    return layer


def _area(a: Any, b: Any) -> float:
    """The area two boxes share (0 when they do not overlap)."""
    w = min(a.x1, b.x1) - max(a.x0, b.x0)
    h = min(a.y1, b.y1) - max(a.y0, b.y0)
    return w * h if w > 0 and h > 0 else 0.0
