"""Rule books of one's own for the tests: a shipped file with some of its facts replaced."""

from pathlib import Path

from pysolver import load_rules


def own_rule_book(folder: Path, base: str, *changes: tuple[str, str]) -> str:
    """The path of a copy of the shipped rule book ``base`` in ``folder``, each (old, new) text of
    ``changes`` replaced (each old text must be there)."""
    text = Path(load_rules(base).path).read_text()
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new)
    path = folder / f"own_{base}.lp"
    path.write_text(text)
    return str(path)
