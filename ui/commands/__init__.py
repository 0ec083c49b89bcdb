"""Subcommands of ``fleetlab``, one module each.

Each module defines ``register(subparsers)``, which adds its subparser and sets ``func`` to a
function ``(argparse.Namespace) -> int``. ``ui.cli.COMMANDS`` lists them by
the command each adds, so that a command imports only its own module.
"""
