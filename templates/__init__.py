"""Jinja2 report templates, one folder per game plus common/; shipped in the wheel."""
