"""adjudicator: run board games by e-mail and on forums."""

__version__ = "0.1.0"
