"""MkDocs hook: the command-line reference is generated from the argparse parser itself,
so it can never drift from what ``forestcoll --help`` prints."""

from __future__ import annotations

import argparse
import os

MARKER = "<!-- cli-reference -->"


def _subcommands(parser: argparse.ArgumentParser) -> list[tuple[str, str, argparse.ArgumentParser]]:
    for action in parser._actions:  # argparse offers no public accessor for subparsers
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help for a in action._choices_actions}
            return [(name, helps.get(name, ""), sub) for name, sub in action.choices.items()]
    return []


def cli_reference() -> str:
    from forestcoll_opt.cli import build_parser

    os.environ["COLUMNS"] = "100"          # argparse wraps to the terminal width
    parser = build_parser()
    parts = ["```text", parser.format_help().rstrip(), "```", ""]
    for name, summary, sub in sorted(_subcommands(parser)):
        parts += [f"## forestcoll {name}", "", f"{summary[0].upper()}{summary[1:]}." if summary else "",
                  "", "```text", sub.format_help().rstrip(), "```", ""]
    return "\n".join(parts)


def on_page_markdown(markdown: str, page, config, files) -> str:  # noqa: ARG001
    if MARKER in markdown:
        return markdown.replace(MARKER, cli_reference())
    return markdown
