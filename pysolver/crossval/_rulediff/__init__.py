"""Rule diffs: what a change of rules does, for hold'em rule books and for games."""

__all__ = ()
