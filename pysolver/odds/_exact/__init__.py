"""Exact equity: the enumeration paths, one module each (see docs/design/enumeration.md)."""

__all__ = ()
