"""``city-games`` / ``python -m service``: serve the API, check the configuration, print the contract."""
from __future__ import annotations

import sys

import click

from .config import ConfigError, describe, settings_from_env


def _settings():
    try:
        return settings_from_env()
    except ConfigError as exc:
        raise click.ClickException(f"configuration: {exc}") from None


@click.group(invoke_without_command=True)
@click.pass_context
def cli(ctx: click.Context) -> None:
    """The city games rules service."""
    if ctx.invoked_subcommand is None:
        ctx.invoke(serve)


@cli.command()
def serve() -> None:
    """Serve the API with gunicorn on PORT (default 8080) with WORKERS workers."""
    from .serving import serve as run

    run(_settings())


@cli.command("check-config")
def check_config() -> None:
    """Validate the environment variables and print the settings in force."""
    settings = _settings()
    for name, value in describe(settings).items():
        click.echo(f"{name}={value}")


@cli.command()
@click.option("--format", "fmt", type=click.Choice(["yaml", "json"]), default="yaml")
def contract(fmt: str) -> None:
    """Print the OpenAPI contract."""
    from .api.operations import contract_texts

    text = contract_texts()[0 if fmt == "yaml" else 1]
    sys.stdout.write(text.decode())


def main() -> None:
    cli()


if __name__ == "__main__":
    main()
