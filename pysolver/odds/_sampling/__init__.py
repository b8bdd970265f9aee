"""Monte Carlo equity: the sampler, its plan, blocks, draws and compiled loop (see docs/design/sampling.md)."""

__all__ = ()
