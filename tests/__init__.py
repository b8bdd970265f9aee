"""The test suite, laid out as the package is: ``tests/core``, ``tests/asp``, ``tests/evaluator``,
``tests/odds``, ``tests/crossval``, ``tests/cli``; the oracles and tools they share in ``tests/helpers``."""
