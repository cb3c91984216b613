"""MkDocs hooks: the command-line reference is generated from the argparse parser itself,
so it can never drift from what ``forestcoll --help`` prints; and the tutorial's pictures
are drawn by the tutorial's own commands at every build, so they show what a reader who
types them gets."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import shlex
import tempfile
from pathlib import Path

MARKER = "<!-- cli-reference -->"
TUTORIAL = "tutorial.md"
# a picture the tutorial shows: ![...](tutorial/NAME.svg), written by a command `-o NAME.svg`
FIGURE = re.compile(r"\]\(tutorial/([\w.-]+\.svg)\)")
# the commands that make the files the drawings need (the others only print)
MAKES_FILES = ("forestcoll example ", "forestcoll import ", "forestcoll generate ",
               "forestcoll draw ")


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


def tutorial_figures(markdown: str, repo: Path) -> dict[str, bytes]:
    """Run the tutorial's example, import, generate and draw commands in order in an empty
    folder (``tests/data/`` read from the repository) and return the pictures it shows, by
    name."""
    from forestcoll_opt.cli import main

    lines = [line.strip() for block in re.findall(r"^```bash\n(.*?)^```", markdown, re.S | re.M)
             for line in block.splitlines()]
    commands = [line.partition("#")[0].strip() for line in lines if line.startswith(MAKES_FILES)]
    with tempfile.TemporaryDirectory() as folder:
        here = os.getcwd()
        os.chdir(folder)
        try:
            for command in commands:
                argv = [f"{repo}/{word}" if word.startswith("tests/data/") else word
                        for word in shlex.split(command)[1:]]
                err = io.StringIO()
                with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
                    status = main(argv)
                if status:
                    raise RuntimeError(f"docs/{TUTORIAL}: `{command}` exited {status}: "
                                       f"{err.getvalue().strip()}")
            return {name: Path(folder, name).read_bytes() for name in FIGURE.findall(markdown)}
        finally:
            os.chdir(here)


def on_files(files, config):
    from mkdocs.structure.files import File

    page = Path(config["docs_dir"], TUTORIAL)
    if page.is_file():
        repo = Path(config["config_file_path"]).resolve().parent
        for name, content in tutorial_figures(page.read_text(encoding="utf-8"), repo).items():
            files.append(File.generated(config, f"tutorial/{name}", content=content))
    return files
