"""The hardened XML reader of the NCCL topology import: an ``NCCL_TOPO_DUMP_FILE`` dump or an
``NCCL_TOPO_FILE`` comes from another machine, so it is read through :mod:`forestcoll_opt.files`
(bounded size, gzip) and parsed by defusedxml with no DTD, no entities, and bounded depth,
element count and value length, into a light tree of :class:`Elem`.

The error every part of the import raises, :class:`NcclImportError`, lives here, at the
bottom of the ``forestcoll_opt.runtimes.nccl`` modules.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Iterator, Union

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser, ParseError

from ...errors import TopologyError, UsageError
from ...files import display_path, gunzip, read_bytes


class NcclImportError(TopologyError):
    """An NCCL topology file cannot be read or lacks what the import needs (one line that
    says what is missing and what to do)."""


# --- limits of the hardened reader ---------------------------------------------------------
# A real dump is a few tens of kB with a few hundred elements (NCCL's own reader holds at
# most NCCL_TOPO_XML_MAX_NODES = 256 elements per host, src/graph/topo.h) nested about ten
# deep, with values of at most MAX_STR_LEN = 255 characters (src/graph/xml.h).
MAX_BYTES = 16 * 2**20
MAX_ELEMENTS = 100_000
MAX_DEPTH = 64
MAX_VALUE_LENGTH = 255



@dataclass(eq=False)
class Elem:
    tag: str
    attrs: dict[str, str]
    parent: "Elem | None"
    line: int
    children: list["Elem"] = field(default_factory=list)

    def iter(self) -> Iterator["Elem"]:
        stack = [self]
        while stack:
            elem = stack.pop()
            yield elem
            stack.extend(reversed(elem.children))

    def ancestors(self) -> Iterator["Elem"]:
        elem = self.parent
        while elem is not None:
            yield elem
            elem = elem.parent


class _Refused(Exception):
    pass


class _Builder:
    """Parser target that builds a light tree and enforces the element and depth limits
    while the parser runs (a hostile file never becomes a full tree)."""

    def __init__(self) -> None:
        self.root: Elem | None = None
        self.stack: list[Elem] = []
        self.count = 0
        self.expat: Any = None

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        self.count += 1
        line = getattr(self.expat, "CurrentLineNumber", 0)
        if self.count > MAX_ELEMENTS:
            raise _Refused(f"more than {MAX_ELEMENTS} elements (line {line}); an NCCL topology "
                           f"has a few hundred")
        if len(self.stack) >= MAX_DEPTH:
            raise _Refused(f"elements nested more than {MAX_DEPTH} deep (line {line}); an NCCL "
                           f"topology nests about ten deep")
        for key, value in attrib.items():
            if len(value) > MAX_VALUE_LENGTH:
                raise _Refused(f"attribute {short(key)} on line {line} is {len(value)} characters "
                               f"long; NCCL accepts at most {MAX_VALUE_LENGTH}")
        parent = self.stack[-1] if self.stack else None
        elem = Elem(tag, dict(attrib), parent, line)
        if parent is None:
            self.root = elem
        else:
            parent.children.append(elem)
        self.stack.append(elem)

    def end(self, tag: str) -> None:
        self.stack.pop()

    def data(self, text: str) -> None:
        pass

    def close(self) -> "Elem | None":
        return self.root


def short(value: Any, limit: int = 40) -> str:
    """The ``repr`` of ``value`` cut to ``limit`` characters, for messages."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 4] + "...'"


def load_xml(source: "str | bytes | os.PathLike[str]") -> tuple[Union[str, bytes], str]:
    """The raw document and a label for messages. A ``str`` that starts with ``<`` (after
    blanks) is the XML text itself; any other ``str`` or path-like is a file name.

    :param source: a file name or path (plain or gzip), the XML text (a ``str``
        starting with ``<``) or its bytes
    :returns: the document (text or bytes) and the label messages name it by
    :raises NcclImportError: for an empty, unreadable or oversized input
    """
    if isinstance(source, (bytes, bytearray)):
        data = bytes(source)
        label = "NCCL topology"
    elif isinstance(source, str) and not source.strip():
        raise NcclImportError("NCCL topology: empty input; give the dump's file name or its "
                              "XML text")
    elif isinstance(source, str) and source.lstrip().startswith("<"):
        if len(source) > MAX_BYTES or len(source.encode("utf-8", "surrogatepass")) > MAX_BYTES:
            raise NcclImportError(f"NCCL topology: the text is larger than {MAX_BYTES >> 20} MiB; "
                                  f"an NCCL topology dump is a few tens of kB")
        return source, "NCCL topology"
    elif isinstance(source, (str, os.PathLike)):
        label = display_path(source)
        data = read_bytes(source, NcclImportError, "the NCCL topology", limit=MAX_BYTES)
    else:
        raise UsageError(f"import_nccl needs a file name, a path or the XML text, got "
                         f"{type(source).__name__}")
    if len(data) > MAX_BYTES:
        raise NcclImportError(f"{label}: larger than {MAX_BYTES >> 20} MiB; an NCCL topology "
                              f"dump is a few tens of kB, so this is not one")
    if data[:2] == b"\x1f\x8b":
        data = gunzip(data, NcclImportError, label, limit=MAX_BYTES,
                      what="an NCCL topology dump is a few tens of kB")
    return data, label


def parse_xml(data: Union[str, bytes], label: str) -> Elem:
    """The tree of an NCCL topology document, parsed by defusedxml within the reader's limits.

    :param data: the document, as :func:`load_xml` returns it
    :param label: the name messages use for it
    :returns: the root element
    :raises NcclImportError: for a hostile, oversized or malformed document
    """
    builder = _Builder()
    parser = DefusedXMLParser(target=builder, forbid_dtd=True, forbid_entities=True,
                              forbid_external=True)
    builder.expat = getattr(parser, "parser", None)
    try:
        parser.feed(data)
        root = parser.close()
    except _Refused as exc:
        raise NcclImportError(f"{label}: refused: {exc}") from None
    except DefusedXmlException as exc:
        raise NcclImportError(
            f"{label}: refused: the file declares a DTD, an entity or an external reference "
            f"({type(exc).__name__}); NCCL topology files have none, and expanding them is how "
            f"XML bombs work") from None
    except ParseError as exc:
        detail = str(exc).splitlines()[0][:120] if str(exc) else "syntax error"
        hint = ("; the file looks truncated, copy the whole dump" if "no element found" in detail
                or "unclosed token" in detail else "")
        raise NcclImportError(f"{label}: not well-formed XML ({detail}){hint}") from None
    except (ValueError, LookupError) as exc:      # e.g. an unknown declared encoding
        raise NcclImportError(f"{label}: cannot read the XML ({type(exc).__name__}: "
                              f"{str(exc).splitlines()[0][:100] if str(exc) else ''})") from None
    if root is None:
        raise NcclImportError(f"{label}: no XML element found")
    return root
