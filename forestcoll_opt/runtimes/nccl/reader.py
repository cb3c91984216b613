"""Reading the file of the NCCL topology import: an ``NCCL_TOPO_DUMP_FILE`` dump or an
``NCCL_TOPO_FILE`` comes from another machine, so it is read through :mod:`forestcoll_opt.files`
(bounded size, gzip) and parsed by the runtimes' hardened XML reader,
:mod:`forestcoll_opt.runtimes.xmlread` (no DTD, no entities, bounded depth, element count and
value length), into a light tree of :class:`~forestcoll_opt.runtimes.xmlread.XmlElement`;
its refusals become :class:`NcclImportError` messages here.

The error every part of the import raises, :class:`~forestcoll_opt.errors.NcclImportError`,
is in :mod:`forestcoll_opt.errors` with every other error class, and importable from here.
"""

from __future__ import annotations

import os
from typing import Any, Union

from ...errors import NcclImportError, UsageError
from ...files import display_path, gunzip, read_bytes
from ..xmlread import XmlElement, XmlReadError, read_tree


# --- limits of the hardened reader ---------------------------------------------------------
# A real dump is a few tens of kB with a few hundred elements (NCCL's own reader holds at
# most NCCL_TOPO_XML_MAX_NODES = 256 elements per host, src/graph/topo.h) nested about ten
# deep, with values of at most MAX_STR_LEN = 255 characters (src/graph/xml.h).
MAX_BYTES = 16 * 2**20
MAX_ELEMENTS = 100_000
MAX_DEPTH = 64
MAX_VALUE_LENGTH = 255



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


def parse_xml(data: Union[str, bytes], label: str) -> XmlElement:
    """The tree of an NCCL topology document, read by the hardened
    :func:`~forestcoll_opt.runtimes.xmlread.read_tree` within the limits above.

    :param data: the document, as :func:`load_xml` returns it
    :param label: the name messages use for it
    :returns: the root element
    :raises NcclImportError: for a hostile, oversized or malformed document
    """
    try:
        root = read_tree(data, max_elements=MAX_ELEMENTS, max_depth=MAX_DEPTH,
                         max_value_length=MAX_VALUE_LENGTH)
    except XmlReadError as exc:
        raise NcclImportError(f"{label}: {_unreadable(exc)}") from None
    if root is None:
        raise NcclImportError(f"{label}: no XML element found")
    return root


def _unreadable(exc: XmlReadError) -> str:
    """What is wrong with a document the hardened reader refused (after the label)."""
    if exc.kind == "elements":
        return (f"refused: more than {exc.limit} elements (line {exc.line}); an NCCL topology "
                f"has a few hundred")
    if exc.kind == "depth":
        return (f"refused: elements nested more than {exc.limit} deep (line {exc.line}); an NCCL "
                f"topology nests about ten deep")
    if exc.kind == "value":
        return (f"refused: attribute {short(exc.detail)} on line {exc.line} is {exc.size} "
                f"characters long; NCCL accepts at most {exc.limit}")
    if exc.kind == "hostile":
        return (f"refused: the file declares a DTD, an entity or an external reference "
                f"({exc.detail}); NCCL topology files have none, and expanding them is how XML "
                f"bombs work")
    if exc.kind == "malformed":
        detail = exc.detail.splitlines()[0][:120] if exc.detail else "syntax error"
        hint = ("; the file looks truncated, copy the whole dump" if "no element found" in detail
                or "unclosed token" in detail else "")
        return f"not well-formed XML ({detail}){hint}"
    name, _, message = exc.detail.partition(": ")       # e.g. an unknown declared encoding
    return f"cannot read the XML ({name}: {message[:100]})"
