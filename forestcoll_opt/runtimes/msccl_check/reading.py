"""Reading an MSCCL algorithm file the way the runtimes do (``docs/msccl.md`` section 1):
bounded input (:data:`MAX_BYTES`, UTF-8), hardened XML parsing through
:mod:`forestcoll_opt.runtimes.xmlread` (no DTD, no entities, at most :data:`MAX_ELEMENTS`
elements) into the document model, and a scan of the raw text for what the runtime's own
hand-written parser (``mscclXmlGetNode`` / ``xmlGetNode``) cannot read."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Mapping

from ...files import display_path, read_bytes
from .. import xmlread
from .document import Document, Gpu, Step, ThreadBlock, int_attr
from .limits import BUFFER_NAMES, EXECUTOR, FUSED, LEGACY, RULES, STEP_TYPES, RuntimeRules
from .verdict import Reasons, XmlCheckError, snippet

MAX_BYTES = 64 * 2**20
"""Largest file read (a 64-GPU algorithm with thousands of steps per GPU is a few MiB)."""
MAX_ELEMENTS = 2_000_000
"""Most elements read (a 64 MiB file of real ``<step>`` lines holds about 500,000)."""


# --- reading --------------------------------------------------------------------------------

def read_input(xml: str | bytes | os.PathLike) -> tuple[bytes, str]:
    """The file's bytes and a label for messages. ``bytes`` are the content; a ``str``
    whose first non-blank character is ``<`` is the content; any other ``str`` or a
    path-like object names a file."""
    if isinstance(xml, (bytes, bytearray, memoryview)):
        data = bytes(xml)
        label = "the MSCCL XML text"
    elif isinstance(xml, str) and xml.lstrip(" \t\r\n\ufeff")[:1] == "<":
        data = xml.encode("utf-8", "surrogatepass")
        label = "the MSCCL XML text"
    elif isinstance(xml, (str, os.PathLike)):
        label = display_path(xml)
        try:
            directory = Path(xml).is_dir()
        except (OSError, ValueError):
            directory = False
        if directory:
            raise XmlCheckError(f"{label}: is a directory, not an MSCCL XML file")
        data = read_bytes(xml, XmlCheckError, "the MSCCL XML", limit=MAX_BYTES)
    else:
        hint = ("; pass export_msccl's result as result.xml"
                if isinstance(getattr(xml, "xml", None), str) else "")
        raise XmlCheckError(f"expected MSCCL XML as text, bytes or a path, got "
                            f"{type(xml).__name__}{hint}")
    if len(data) > MAX_BYTES:
        raise XmlCheckError(f"{label} is larger than {MAX_BYTES // 2**20} MiB; an MSCCL "
                            f"algorithm file is at most a few MiB (refused unread)")
    if not data.strip():
        raise XmlCheckError(f"{label} is empty; expected an <algo> element")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise XmlCheckError(f"{label} is not UTF-8 text (byte {exc.start}); an MSCCL "
                            f"XML file is plain ASCII") from None
    return data, label


_HEADER = re.compile(r"<algo\s([^<>]*)>")
_LENIENT_ATTRIBUTE = re.compile(r'([A-Za-z_][A-Za-z0-9_.:-]*)\s*=\s*"([^"]*)"')


def read_header(xml: str | bytes | os.PathLike) -> dict[str, str]:
    """The attributes of the file's first ``<algo ...>`` tag, read leniently with nothing
    else parsed ({} when there is none): what a caller decides before the check and its
    inputs' work (``ngpus``, ``coll``). Only a first look; :func:`read_document` and the
    checks read the file as the runtime does.

    :raises XmlCheckError: for input :func:`read_input` refuses
    """
    data, _ = read_input(xml)
    found = _HEADER.search(data.decode("utf-8"))
    return dict(_LENIENT_ATTRIBUTE.findall(found.group(1))) if found else {}




# --- the runtime parser's syntax (docs/msccl.md section 1) ---------------------------------

_NAME = r"[A-Za-z_][A-Za-z0-9_.:-]*"
_OPEN_TAG = re.compile(rf'<({_NAME})((?: {_NAME}="[^"<&\t\r\n]*")*)( ?)(/?)>')
_CLOSE_TAG = re.compile(rf"</({_NAME})>")
_ATTRIBUTE = re.compile(rf' ({_NAME})="([^"]*)"')
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_BLANK = re.compile(r"[ \r\n]+")
_ANY_TAG = re.compile(r"""<[^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>""")
_PARSER = "the runtime's XML parser (msccl_parser.cc mscclXmlGetNode, legacy xml.cc xmlGetNode)"


def _line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1



def scan_runtime_syntax(text: str, rules: RuntimeRules, out: Reasons) -> None:
    """Report what the runtime's hand-written parser cannot read (docs/msccl.md section 1).
    Each kind of problem is reported once, at its first line, with how often it recurs."""
    found: dict[str, list] = {}

    def problem(kind: str, pos: int, message: str) -> None:
        if kind in found:
            found[kind][1] += 1
        else:
            found[kind] = [(pos, message), 1]

    pos, n = 0, len(text)
    if text.startswith("\ufeff"):
        problem("bom", 0, "the file starts with a byte-order mark; " + _PARSER +
                " expects '<' as the first character; save it without BOM")
        pos = 1
    tab = text.find("\t")
    if tab >= 0:
        count = text.count("\t")
        more = f" (and {count - 1} more)" if count > 1 else ""
        out.add(f"line {_line_of(text, tab)}: tab character{more}; {_PARSER} accepts only "
                f"spaces, \\n and \\r between elements ('expecting '<'') and fails on a tab "
                f"inside a tag ('expected >'); indent with spaces")
    first_element = True
    while pos < n:
        blank = _BLANK.match(text, pos)
        if blank:
            pos = blank.end()
            continue
        if text[pos] != "<":
            end = text.find("<", pos)
            end = n if end < 0 else end
            chunk = text[pos:end]
            if chunk.strip(" \t\r\n"):
                problem("text", pos, f"text {snippet(chunk.strip())} between elements; "
                        f"{_PARSER} expects only tags there ('expecting '<''); remove it")
            pos = end
            continue
        if text.startswith("<!--", pos):
            comment = _COMMENT.match(text, pos)
            pos = comment.end() if comment else n
            continue
        if text.startswith("<?", pos):
            end = text.find("?>", pos)
            end = n if end < 0 else end + 2
            if text.startswith("<?xml", pos) and text[pos + 5:pos + 6] in " ?":
                problem("declaration", pos, "an XML declaration <?xml ...?>; the runtime's "
                        "first node must be <algo ...> (its metadata pass reads only the "
                        "first node, and the parser reads '<?xml' as an element that never "
                        "closes); remove the declaration")
            else:
                problem("pi", pos, f"a processing instruction {snippet(text[pos:end])}; "
                        f"{_PARSER} reads it as an element that never closes; remove it")
            pos = end
            continue
        if text.startswith("<![CDATA[", pos):
            end = text.find("]]>", pos)
            end = n if end < 0 else end + 3
            problem("cdata", pos, f"a CDATA section; {_PARSER} expects only tags between "
                    f"elements; remove it")
            pos = end
            continue
        if text.startswith("</", pos):
            close = _CLOSE_TAG.match(text, pos)
            if close:
                pos = close.end()
                continue
            tag = _ANY_TAG.match(text, pos)
            end = tag.end() if tag else n
            problem("close", pos, f"closing tag {snippet(text[pos:end])} is not written "
                    f"</name> (the runtime fails with 'unexpected trailing ... in closing "
                    f"tag'); write it without spaces")
            pos = end
            continue
        tag = _OPEN_TAG.match(text, pos)
        if tag:
            name = tag.group(1)
            attributes = _ATTRIBUTE.findall(tag.group(2))
            count = len(attributes) + (1 if tag.group(3) else 0)
            if first_element and name != "algo":
                problem("first", pos, f"the first element is <{name}>; the runtime's "
                        f"metadata pass (mscclGetAlgoMetaFromXmlFile) reads only the first "
                        f"node and needs <algo ...>")
            first_element = False
            if count > rules.max_attrs:
                extra = " (the space before '>' or '/>' counts as one)" if tag.group(3) else ""
                problem("attrs", pos, f"<{name}> has {count} attributes{extra}; {_PARSER} "
                        f"keeps the first {rules.max_attrs} (MSCCL_MAX_ATTR_COUNT) and "
                        f"ignores the rest; drop unused attributes")
            longest = max([len(name)] + [max(len(k), len(v)) for k, v in attributes])
            if longest > rules.max_str:
                problem("long", pos, f"<{name}> has a name or value of {longest} "
                        f"characters; {_PARSER} holds at most {rules.max_str} "
                        f"(MSCCL_MAX_STR_LEN); shorten it")
            pos = tag.end()
            continue
        whole = _ANY_TAG.match(text, pos)
        end = whole.end() if whole else n
        raw = text[pos:end]
        first_element = False
        if "\n" in raw or "\r" in raw:
            problem("multiline", pos, f"the tag {snippet(raw)} spans several lines; "
                    f"{_PARSER} needs every tag on one line (a newline inside a tag fails "
                    f"with 'expected >')")
        elif "\t" in raw:
            pass  # reported with every other tab above
        elif re.search(r"=\s*'", raw):
            problem("quote", pos, f"single-quoted attribute value in {snippet(raw)}; "
                    f"{_PARSER} reads a value up to the next double quote; use double "
                    f"quotes")
        elif re.search(r"\s=|=\s", raw):
            problem("equals", pos, f"spaces around '=' in {snippet(raw)}; {_PARSER} "
                    f"reads a name up to the next space and then expects a quote; write "
                    f"name=\"value\"")
        elif "&" in raw:
            problem("reference", pos, f"a character or entity reference in {snippet(raw)}"
                    f"; {_PARSER} does not decode references and reads the text as is")
        elif "  " in raw:
            problem("spaces", pos, f"several spaces in the tag {snippet(raw)}; "
                    f"{_PARSER} reads every extra space as an empty attribute (counted "
                    f"against its {rules.max_attrs}); separate attributes by one space")
        else:
            problem("tag", pos, f"the tag {snippet(raw)} is not in the form {_PARSER} "
                    f"reads: <name attr=\"value\" ...> or <name .../> on one line, double "
                    f"quotes, one space between attributes")
        pos = end
    for (where, message), count in found.values():
        more = f" ({count - 1} more like it)" if count > 1 else ""
        out.add(f"line {_line_of(text, where)}: {message}{more}")


def _flavour_of(attrs: Mapping[str, str], flavour: str | None) -> RuntimeRules:
    if flavour is not None:
        return RULES[flavour]
    if attrs.get("coll") == "reduce_scatter":
        return LEGACY
    return EXECUTOR


def read_document(data: bytes, label: str, flavour: str | None,
                  out: Reasons) -> tuple[Document, RuntimeRules]:
    """Parse with defusedxml and build the model, reading every attribute as the runtime
    does. Hostile or malformed XML raises :class:`XmlCheckError`."""
    doc = Document()
    rules = RULES[flavour] if flavour is not None else EXECUTOR
    stack: list[str] = []
    gpu: Gpu | None = None
    tb: ThreadBlock | None = None
    def start(tag: str, attrs: dict[str, str], line: int) -> None:
        nonlocal rules, gpu, tb
        doc.elements += 1
        depth = len(stack)
        stack.append(tag)
        if depth == 0:
            if tag != "algo":
                out.add(f"the root element is <{tag}>; an MSCCL algorithm file holds one "
                        f"<algo> element", fatal=True)
                return
            doc.algo = dict(attrs)
            rules = _flavour_of(attrs, flavour)
        elif doc.algo is None:
            return
        elif depth == 1:
            if tag == "gpu":
                gpu = Gpu(attrs, len(doc.gpus), out)
                doc.gpus.append(gpu)
            else:
                out.add(f"<algo> contains <{tag}>, which the runtime ignores ('Ignoring "
                        f"element'); remove it")
        elif depth == 2 and gpu is not None:
            if tag == "tb":
                tb = ThreadBlock(gpu.rank, attrs, len(gpu.tbs), out)
                gpu.tbs.append(tb)
            else:
                out.add(f"{gpu.where}: <gpu> contains <{tag}>, which the runtime "
                        f"ignores; remove it")
        elif depth == 3 and tb is not None:
            if tag == "step":
                tb.steps.append(_read_step(tb, attrs, len(tb.steps), rules, out))
            else:
                out.add(f"{tb.where}: <tb> contains <{tag}>, which the runtime ignores; "
                        f"remove it")
        elif depth == 4 and tb is not None:
            out.add(f"{tb.where} step {len(tb.steps) - 1}: a <step> has a child <{tag}>; "
                    f"write every step as one self-closing <step .../>")

    def end(tag: str) -> None:
        nonlocal gpu, tb
        stack.pop()
        if tag == "tb" and len(stack) == 2:
            tb = None
        elif tag == "gpu" and len(stack) == 1:
            gpu = None

    try:
        xmlread.stream(data, start, end, max_elements=MAX_ELEMENTS)
    except xmlread.XmlReadError as exc:
        raise _unreadable(exc, label) from None
    if doc.algo is None and not out.fatal:
        out.add("no <algo> element; an MSCCL algorithm file holds one", fatal=True)
    return doc, rules


def _read_step(tb: ThreadBlock, attrs: Mapping[str, str], pos: int, rules: RuntimeRules,
               out: Reasons) -> Step:
    kind = attrs.get("type", "?")
    where = f"{tb.where} step {pos} ({kind})"
    values = {}
    for name in ("s", "srcoff", "dstoff", "cnt", "depid", "deps", "hasdep"):
        value = int_attr(attrs, name, where, "step", out, fatal=True)
        values[name] = -1 if value is None else value
    for name in ("srcbuf", "dstbuf", "type"):
        if name not in attrs:
            out.add(f"{where}: attribute {name} is missing; the runtime refuses the file "
                    f"('Attribute {name} of node step not found')", fatal=True)
    if kind == "ra":
        refused = ("" if "ra" in rules.step_types else "; msccl-executor/RCCL refuses it "
                   "('type of transfer is not supported')")
        out.add(f"{where}: step type ra (residual add) exists only in the legacy runtime"
                f"{refused}; check-xml does not simulate it", fatal=True)
        tb.broken = True
    elif kind in FUSED and not rules.fused_ops:
        out.add(f"{where}: step type {kind} receives and computes in one step; {rules.runtime} "
                f"refuses to run a file with rcs, rrs, rrc or rrcs steps ('MSCCL: this version "
                f"of MSCCL build doesn't support full Ops', mscclSetupKernel in "
                f"src/misc/msccl/msccl_setup.cc); write a receive (r) and a local reduction "
                f"(re) or copy instead (export with flavour rccl does)")
    elif kind not in rules.step_types:
        out.add(f"{where}: unknown step type {kind!r}; the runtime refuses the file "
                f"('type of transfer is not supported'); use one of "
                f"{' '.join(sorted(STEP_TYPES))}", fatal=True)
        tb.broken = True
    buffers = []
    for name in ("srcbuf", "dstbuf"):
        value = attrs.get(name, "i")
        if value not in BUFFER_NAMES:
            out.add(f"{where}: {name}={value!r}; the runtime refuses the file ('type of "
                    f"buffer is not supported'); use i, o or s (unused fields too)",
                    fatal=True)
            value = "i"
        buffers.append(value)
    return Step(pos=pos, s=values["s"], type=kind, srcbuf=buffers[0],
                srcoff=values["srcoff"], dstbuf=buffers[1], dstoff=values["dstoff"],
                cnt=values["cnt"], depid=values["depid"], deps=values["deps"],
                hasdep=values["hasdep"])



def _unreadable(exc: xmlread.XmlReadError, label: str) -> XmlCheckError:
    """The one-line error for XML the hardened reader refused."""
    if exc.kind == "elements":
        return XmlCheckError(f"{label} has more than {MAX_ELEMENTS:,} elements; an MSCCL "
                             f"algorithm file has far fewer (refused)")
    if exc.kind == "hostile":
        return XmlCheckError(f"{label}: refused: the XML declares a DTD or entities "
                             f"({exc.detail}); an MSCCL algorithm file has none, and entity "
                             f"expansion is how hostile XML exhausts memory")
    if exc.kind == "malformed":
        return XmlCheckError(f"{label}: not well-formed XML ({exc.detail})")
    return XmlCheckError(f"{label}: cannot read the XML ({exc.detail}); an MSCCL algorithm "
                         f"file is plain ASCII, remove the XML declaration")
