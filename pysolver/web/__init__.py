"""The web app: ``pysolver serve``, the solver in a browser (the ``web`` extra).

Three pages, as players and rule writers work: **equity** (players as hole
cards, ranges built on a clickable 13x13 grid, or random; a board picker;
equity, its breakdown by class and what each range makes on the board),
**showdown** (each player's best five, the winners and the ASP explanation of
why, street by street, outs and runouts) and the **rules lab** (a rule book's
text edited in the page, checked against the contract, its category counts and
its diff against another rule book). Every page's inputs live in its link. One
JSON API serves them, answering with the same ``to_dict()`` as the command
line's ``--json``.

:func:`create_app` is the ASGI app (Starlette); :func:`serve` runs it on
uvicorn, bound to 127.0.0.1 unless told otherwise.
"""

from ._app import create_app
from ._serve import serve

__all__ = ["create_app", "serve"]
