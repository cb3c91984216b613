"""Labels that never cover each other: a link's load or weight is offered at a few places
along its line, and each label takes the first of them where it covers no label placed
before it, no node and no node or box name; a label with no free place is left out. The
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


@dataclass
class _Label:
    places: list[tuple[float, float]]
    text: str
    color: str
    size: float
    gid: str | None = None


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
            """Offer ``text`` at ``places`` (data coordinates), the first free one taken;
            labels added earlier are placed first."""
            self.labels.append(_Label(list(places), text, color, size, gid))

        def draw(self, renderer: Any) -> None:
            if not self.get_visible():
                return
            self.shown, self.dropped = [], []
            taken = self._obstacles(renderer)
            for item in self.labels:
                text = self._text(item)
                for at in item.places:
                    text.set_position(at)
                    box = text.get_window_extent(renderer).padded(GAP)
                    if not any(box.overlaps(other) for other in taken):
                        taken.append(box)
                        text.draw(renderer)
                        self.shown.append(Placed(item.text, at, box))
                        break
                else:
                    self.dropped.append(item.text)
            self.stale = False

        def _text(self, item: _Label) -> Any:
            from matplotlib.text import Text

            text = Text(0, 0, item.text, ha="center", va="center", fontsize=item.size,
                        color=item.color, zorder=7)
            text.set_figure(ax.figure)
            text.set_transform(ax.transData)
            text.set_path_effects(halo())
            if item.gid:
                text.set_gid(item.gid)
            return text

        def _obstacles(self, renderer: Any) -> list[Any]:
            """What no label may cover: the axes' texts (node and box names) and the node
            markers, as boxes on the canvas."""
            from matplotlib.transforms import Bbox

            boxes = [t.get_window_extent(renderer) for t in ax.texts
                     if t.get_visible() and t.get_text()]
            half = renderer.points_to_pixels(math.sqrt(self.marker_size)) / 2 * 0.9
            for x, y in ax.transData.transform(self.markers) if self.markers else ():
                boxes.append(Bbox([[x - half, y - half], [x + half, y + half]]))
            return boxes

    layer = LabelLayer()
    ax.add_artist(layer)
    return layer
