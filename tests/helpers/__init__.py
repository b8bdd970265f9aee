"""What the tests share: the oracles written apart from the package (``equity_brute``, ``strength_oracle``,
``variant_brute``), the Dask tasks (``cluster_tasks``) and the process table (``process_table``)."""
