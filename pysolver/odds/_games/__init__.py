"""Equity in any game a rule book declares: the seats, the deals and the front (see docs/guide/games.md)."""

__all__ = ()
