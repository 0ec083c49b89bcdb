"""Subcommands of ``fleetlab``, one module each.

Each module defines ``register(subparsers)``, which adds its subparser and sets ``func`` to a
function ``(argparse.Namespace) -> int``. ``ui.cli.COMMAND_MODULES`` lists them.
"""
