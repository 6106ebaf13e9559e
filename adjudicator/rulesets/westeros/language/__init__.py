"""The order language of westeros: the lines players write, read and written back."""
