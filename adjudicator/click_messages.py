"""click's own messages (usage errors, «Error:», «Usage:») in the GM's language.

click writes its messages in English and passes each through the standard library's
module-level ``gettext``/``ngettext``, which it imports into its modules as ``_`` and
``ngettext``. The stdlib's only public way to translate those is process-wide: .mo files on
disk found through the LANGUAGE environment variable, which every child process inherits
(git would start speaking Russian). So `speaking` routes the two names click looks up to
our catalog, for the length of one command line, and puts click's own back afterwards.

NOTE: this relies on click calling ``_``/``ngettext`` through its modules' globals (click
8.x); tests/cli/test_click_messages.py fails if an upgrade renames a message we translate
or stops reading them so, and the GM then reads click's English, as before.

`MESSAGES` lists the click messages a GM meets on our commands (a wrong option, a missing
argument, a value out of range, a file that is not there), marked for the catalog test;
their translations are in ``adjudicator/locale/<lang>/cli.po``, placeholders in click's
``{name}`` style. Help pages (``--help``) stay English: they are our English docstrings.
"""

from __future__ import annotations

import contextlib
import gettext
import sys
from collections.abc import Iterator

from adjudicator.text import N_


def Nn_(singular: str, plural: str) -> tuple[str, str]:  # gettext's style of marker
    """Marks a click message with plural forms, for the catalog test; returns the pair."""
    return singular, plural


MESSAGES = (
    N_("Usage:"),
    N_("Try '{command} {option}' for help."),
    N_("Error: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Option {name!r} does not take a value."),
    N_("{value} is not in the range {range}."),
    N_("{value!r} is not a valid {number_type}."),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a file."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."),
    N_("Could not open file {filename!r}: {message}"),
    N_("Repeat for confirmation"),
    N_("Error: The two entered values do not match."),
    N_("Aborted!"),
    Nn_("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    Nn_("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
    Nn_("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    Nn_("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
)
"""The click messages we translate, as click (8.x) writes them."""


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[None]:
    """click's messages in `lang` ('en', 'ru', 'pt_BR') inside the block: English is
    click's own; a message our catalog lacks stays English."""
    if lang == "en":
        said = (gettext.gettext, gettext.ngettext)
    else:
        from adjudicator.i18n import translations

        catalog = translations(lang)
        said = (catalog.gettext, catalog.ngettext)
    saved = []
    for module in _click_modules():
        for name, function in zip(("_", "ngettext"), said, strict=True):
            if callable(module.__dict__.get(name)):
                saved.append((module, name, module.__dict__[name]))
                setattr(module, name, function)
    try:
        yield
    finally:
        for module, name, original in reversed(saved):
            setattr(module, name, original)


def _click_modules() -> list:
    """click's modules loaded now (its messages live in several)."""
    return [m for n, m in list(sys.modules.items()) if n == "click" or n.startswith("click.")]
