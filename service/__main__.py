"""``city-games`` / ``python -m service``: serve the API, check the configuration, print the contract."""

from __future__ import annotations

import sys

import click

from .config import ConfigError, describe, parse_bind, settings_from_env
from .version import SERVICE_VERSION


def _settings():
    try:
        return settings_from_env()
    except ConfigError as exc:
        raise click.ClickException(f"configuration: {exc}") from None


@click.group(invoke_without_command=True)
@click.version_option(SERVICE_VERSION, "--version", "-V", prog_name="city-games")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """The city games rules service."""
    if ctx.invoked_subcommand is None:
        ctx.invoke(serve)


@cli.command()
@click.option(
    "--bind",
    "bind",
    metavar="HOST:PORT",
    help="Address to listen on, over HOST and PORT (e.g. 127.0.0.1:8080 or [::1]:8080).",
)
def serve(bind: str | None) -> None:
    """Serve the API with gunicorn on HOST:PORT (default 0.0.0.0:8080) with WORKERS workers."""
    from .serving import serve as run

    settings = _settings()
    if bind:
        try:
            host, port = parse_bind(bind)
        except ConfigError as exc:
            raise click.BadParameter(str(exc), param_hint="--bind") from None
        settings = settings.with_overrides({"host": host, "port": port})
    run(settings)


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
