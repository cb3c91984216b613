"""Hardened XML reading for the runtimes' file readers (MSCCL algorithm files, NCCL topology
dumps): ``defusedxml`` with DTDs, entity declarations and external references forbidden (a
"billion laughs" file is refused before anything expands), and limits on the number of
elements, their nesting depth and the length of attribute values enforced while the parser
runs, so a hostile file never becomes a full tree.

Two forms share one parser: :func:`stream` calls ``start(tag, attrib, line)`` and ``end(tag)`` for
every element (the reader keeps what it needs), :func:`read_tree` builds a light
:class:`XmlElement` tree. Every failure is one :class:`XmlReadError` whose ``kind`` says what
went wrong; each reader turns it into its own typed error and message.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser, ParseError

__all__ = ["XmlReadError", "XmlElement", "stream", "read_tree"]


class XmlReadError(Exception):
    """The XML could not be read. ``kind`` is one of

    - ``"hostile"``: a DTD, entity or external reference (``detail``: the ``defusedxml``
      exception's class name, e.g. ``DTDForbidden``);
    - ``"malformed"``: not well-formed (``detail``: the parser's message);
    - ``"unreadable"``: the parser cannot decode it, e.g. an unknown declared encoding
      (``detail``: ``"ExceptionName: message"``);
    - ``"elements"``, ``"depth"``, ``"value"``: a limit passed (``limit``: the limit;
      ``detail``: for ``"value"`` the attribute's name, with ``size`` its length).

    ``line`` is the line the parser was at (0 when unknown).

    Internal to the runtimes: each reader turns it into its own error
    (:class:`~forestcoll_opt.errors.XmlCheckError`, :class:`~forestcoll_opt.errors.NcclImportError`)
    with the file's name, so it never reaches a caller of the package.
    """

    def __init__(self, kind: str, detail: str = "", *, line: int = 0, limit: int = 0,
                 size: int = 0) -> None:
        super().__init__(f"{kind}: {detail}" if detail else kind)
        self.kind, self.detail, self.line, self.limit, self.size = kind, detail, line, limit, size


@dataclass(eq=False)
class XmlElement:
    """One element of a tree read by :func:`read_tree`: tag, attributes, parent, the line
    it starts on, and its children in document order (text is dropped)."""

    tag: str
    attrib: dict[str, str]
    parent: "XmlElement | None" = None
    line: int = 0
    children: list["XmlElement"] = field(default_factory=list)

    def iter(self) -> Iterator["XmlElement"]:
        """This element and every descendant, in document order."""
        pending = [self]
        while pending:
            elem = pending.pop()
            yield elem
            pending.extend(reversed(elem.children))

    def ancestors(self) -> Iterator["XmlElement"]:
        """The parent, its parent, ... up to the root."""
        elem = self.parent
        while elem is not None:
            yield elem
            elem = elem.parent


class _CallbackFailed(Exception):
    """Carries an exception a callback raised past the parser's own exception handling."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(error)
        self.error = error


class _LimitedTarget:
    """Parser target that enforces the limits before handing each element on."""

    def __init__(self, start: Callable[[str, dict[str, str], int], None],
                 end: Callable[[str], None] | None, max_elements: int | None,
                 max_depth: int | None, max_value_length: int | None) -> None:
        self._start, self._end = start, end
        self.max_elements, self.max_depth = max_elements, max_depth
        self.max_value_length = max_value_length
        self.count = self.depth = 0
        self.expat: Any = None

    def line(self) -> int:
        return getattr(self.expat, "CurrentLineNumber", 0)

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        self.count += 1
        if self.max_elements is not None and self.count > self.max_elements:
            raise XmlReadError("elements", line=self.line(), limit=self.max_elements)
        if self.max_depth is not None and self.depth >= self.max_depth:
            raise XmlReadError("depth", line=self.line(), limit=self.max_depth)
        if self.max_value_length is not None:
            for key, value in attrib.items():
                if len(value) > self.max_value_length:
                    raise XmlReadError("value", key, line=self.line(),
                                       limit=self.max_value_length, size=len(value))
        self.depth += 1
        try:
            self._start(tag, attrib, self.line())
        except Exception as exc:
            raise _CallbackFailed(exc) from None

    def end(self, tag: str) -> None:
        self.depth -= 1
        if self._end is not None:
            try:
                self._end(tag)
            except Exception as exc:
                raise _CallbackFailed(exc) from None

    def data(self, text: str) -> None:
        pass

    def close(self) -> None:
        return None


def stream(data: str | bytes, start: Callable[[str, dict[str, str], int], None],
           end: Callable[[str], None] | None = None, *, max_elements: int | None = None,
           max_depth: int | None = None, max_value_length: int | None = None) -> None:
    """Parse ``data`` safely, calling ``start(tag, attrib, line)`` as each element opens and
    ``end(tag)`` as it closes. Exceptions the callbacks raise propagate unchanged.

    :param data: the document (bytes, or text already decoded).
    :param start: called for every element, in document order, with its attributes and
        the line it starts on.
    :param end: called when an element closes (optional).
    :param max_elements: most elements read (None: no limit).
    :param max_depth: deepest nesting read, the root at depth 1 (None: no limit).
    :param max_value_length: longest attribute value read (None: no limit).
    :raises XmlReadError: hostile, malformed or unreadable XML, or a limit passed.
    """
    target = _LimitedTarget(start, end, max_elements, max_depth, max_value_length)
    parser = DefusedXMLParser(target=target, forbid_dtd=True, forbid_entities=True,
                              forbid_external=True)
    target.expat = getattr(parser, "parser", None)
    try:
        parser.feed(data)
        parser.close()
    except _CallbackFailed as failed:
        raise failed.error from None
    except DefusedXmlException as exc:
        raise XmlReadError("hostile", type(exc).__name__, line=target.line()) from None
    except ParseError as exc:
        raise XmlReadError("malformed", str(exc), line=target.line()) from None
    except (ValueError, LookupError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else ""
        raise XmlReadError("unreadable", f"{type(exc).__name__}: {first}",
                           line=target.line()) from None


def read_tree(data: str | bytes, *, max_elements: int | None = None,
              max_depth: int | None = None,
              max_value_length: int | None = None) -> XmlElement | None:
    """Parse ``data`` safely into a light tree (see :func:`stream` for the limits).

    :param data: the document (bytes, or text already decoded).
    :returns: the root element, or None when the document holds no element.
    :raises XmlReadError: hostile, malformed or unreadable XML, or a limit passed.
    """
    root: list[XmlElement] = []
    open_elements: list[XmlElement] = []

    def start(tag: str, attrib: dict[str, str], line: int) -> None:
        parent = open_elements[-1] if open_elements else None
        elem = XmlElement(tag, dict(attrib), parent, line)
        if parent is None:
            root.append(elem)
        else:
            parent.children.append(elem)
        open_elements.append(elem)

    def end(tag: str) -> None:
        open_elements.pop()

    stream(data, start, end, max_elements=max_elements, max_depth=max_depth,
           max_value_length=max_value_length)
    return root[0] if root else None
