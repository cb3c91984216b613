"""The hardened XML reader shared by the runtimes' file readers (forestcoll_opt.runtimes.xmlread)."""

import pytest

from forestcoll_opt.runtimes.xmlread import XmlReadError, read_tree, stream


def test_read_tree_keeps_tags_attributes_lines_and_order():
    root = read_tree(b'<a x="1">\n  <b/>\n  <c y="2"><d/></c>\n</a>')
    assert [(e.tag, e.attrib, e.line) for e in root.iter()] == [
        ("a", {"x": "1"}, 1), ("b", {}, 2), ("c", {"y": "2"}, 3), ("d", {}, 3)]
    d = root.children[1].children[0]
    assert [e.tag for e in d.ancestors()] == ["c", "a"]


@pytest.mark.parametrize("data, limits, kind, limit, line", [
    (b"<a><b/><b/><b/></a>", {"max_elements": 3}, "elements", 3, 1),
    (b"<a>\n<b>\n<c/></b></a>", {"max_depth": 2}, "depth", 2, 3),
    (b'<a v="12345"/>', {"max_value_length": 4}, "value", 4, 1),
])
def test_limits_stop_the_parser_at_the_offending_element(data, limits, kind, limit, line):
    with pytest.raises(XmlReadError) as info:
        read_tree(data, **limits)
    assert (info.value.kind, info.value.limit, info.value.line) == (kind, limit, line)
    if kind == "value":
        assert (info.value.detail, info.value.size) == ("v", 5)


def test_hostile_malformed_and_unreadable_xml_are_told_apart():
    bomb = b'<!DOCTYPE a [<!ENTITY x "xx"><!ENTITY y "&x;&x;">]><a>&y;</a>'
    with pytest.raises(XmlReadError) as info:
        read_tree(bomb)
    assert (info.value.kind, info.value.detail) == ("hostile", "DTDForbidden")
    with pytest.raises(XmlReadError) as info:
        read_tree(b"<a><b></a>")
    assert info.value.kind == "malformed" and "mismatched tag" in info.value.detail
    with pytest.raises(XmlReadError) as info:
        read_tree(b'<?xml version="1.0" encoding="foo"?><a/>')
    assert (info.value.kind, info.value.detail) == ("unreadable",
                                                    "LookupError: unknown encoding: foo")


def test_stream_passes_callback_errors_through_and_ends_in_order():
    seen = []
    stream(b"<a><b/></a>", lambda tag, attrib, line: seen.append(("start", tag)),
           lambda tag: seen.append(("end", tag)))
    assert seen == [("start", "a"), ("start", "b"), ("end", "b"), ("end", "a")]

    def refuse(tag, attrib, line):
        raise KeyError(tag)

    with pytest.raises(KeyError):
        stream(b"<a/>", refuse)
