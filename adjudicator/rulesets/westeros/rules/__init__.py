"""The rules of westeros, one module per chapter of the rulebook."""
