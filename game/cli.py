"""`holdem` command line: dispatches `holdem NAME ...` to ``game.commands.NAME``.

Each command module defines ``add_arguments(parser)`` and ``run(args) -> int``. Exit
status follows ARCHITECTURE.md: 0 when the command ran, 2 for bad arguments or unreadable
files with a one-line message naming the problem.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

#: Command name -> one-line help. The module is ``game.commands.<name>``.
COMMANDS: dict[str, str] = {
    "play": "open the game window",
    "replay": "replay PHH hand histories through the engine",
    "simulate": "run a headless bot table",
    "say": "resolve one spoken phrase against an unfinished PHH hand",
    "listen": "recognize a 16 kHz mono WAV and resolve it like `say`",
    "models": "list or download speech models",
}


class _Parser(argparse.ArgumentParser):
    """argparse exits with 2 on bad arguments already; keep its message to one line."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser; with ``only`` just that command's module is imported (fast start-up)."""
    parser = _Parser(prog="holdem", description="Table Talk Hold'em")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    for name, help_text in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        if only is not None and name != only:
            continue
        p.add_argument("--json", action="store_true", help="print JSON (the default for data)")
        try:
            module = importlib.import_module(f"game.commands.{name}")
        except ImportError as exc:  # a missing optional part must not break the others
            p.set_defaults(_unavailable=f"holdem {name} is unavailable: {exc}")
            p.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
            continue
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or (args_list[0].startswith("-") and args_list[0] not in ("-h", "--help")):
        args_list.insert(0, "play")
    only = args_list[0] if args_list[0] in COMMANDS else None
    parser = build_parser(only)
    args = parser.parse_args(args_list)
    if getattr(args, "_unavailable", None):
        print(args._unavailable, file=sys.stderr)
        return 2
    if not hasattr(args, "_run"):
        parser.print_help()
        return 2
    try:
        status = int(args._run(args) or 0)
        sys.stdout.flush()  # a short output reaches a reader that went away only here
        return status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return _reader_gone()


#: What a shell reports for a command ended by SIGPIPE (128 + 13), as ``head`` leaves ``yes``.
EXIT_BROKEN_PIPE = 141


def _reader_gone() -> int:
    """The reader of stdout went away (``holdem simulate --json | head -c 100``): end
    quietly, as Unix tools do.  Stdout is pointed at /dev/null so the interpreter's last
    flush of what is still buffered does not print a traceback of its own."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # stdout is not a file (captured by a caller): nothing to do
        pass
    return EXIT_BROKEN_PIPE


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
