"""mkdocs hooks: the command-line reference is generated from the parser itself.

In a page, the line ``<!-- pysolver-help -->`` is replaced by the ``--help``
text of ``pysolver``, of each of its commands and of a command's own actions
(``pysolver rules diff``), so the reference cannot drift from the code.
"""

from __future__ import annotations

import argparse
import os

MARKER = "<!-- pysolver-help -->"


def _help_text() -> str:
    os.environ["COLUMNS"] = "88"  # argparse wraps to the terminal's width: fix it
    from pysolver.cli import build_parser

    parser = build_parser()
    sections = ["## pysolver", "", "```text", parser.format_help().rstrip(), "```", ""]
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, command in commands.choices.items():
        sections += [f"## pysolver {name}", "", "```text", command.format_help().rstrip(), "```", ""]
        actions = [a for a in command._actions if isinstance(a, argparse._SubParsersAction)]
        for action in actions:  # a command's own actions: pysolver rules diff
            for sub, parser in action.choices.items():
                sections += [f"### pysolver {name} {sub}", "", "```text", parser.format_help().rstrip(), "```", ""]
    return "\n".join(sections)


def on_page_markdown(markdown: str, page, config, files) -> str:
    if MARKER in markdown:
        markdown = markdown.replace(MARKER, _help_text())
    return markdown
