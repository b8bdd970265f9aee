"""Conformance: judging anyone's evaluator against the rule book, its hands and findings."""

__all__ = ()
