"""``scorekeeper serve``: bring the schema up to date with the migrations, then serve.

``--lan`` serves the phones at the table: it listens on every interface and prints the address
the other phones open, with its QR code, found from this machine's own interfaces (no request
leaves the machine).
"""

from __future__ import annotations

import ipaddress
import socket
import sys
from typing import TextIO

from flask import Flask
from flask_migrate import upgrade

from . import MIGRATIONS, create_app
from .logs import MaskedRequestHandler
from .qr import terminal

ALL_INTERFACES = "0.0.0.0"
# A private address nobody answers. Connecting a UDP socket sends nothing: it only asks the
# kernel which interface and address it would route through, which is the one the table's
# Wi-Fi sees.
PROBE = ("10.255.255.255", 1)


def upgrade_database(app: Flask) -> None:
    """Run every migration not yet applied: a fresh database file needs no other step."""
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))


def lan_address(probe: tuple[str, int] = PROBE) -> str | None:
    """This machine's address on the local network (IPv4), or None when it has none (no network,
    or only the loopback)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe_socket:
            probe_socket.connect(probe)
            address = str(probe_socket.getsockname()[0])
    except OSError:
        return None
    parsed = ipaddress.ip_address(address)
    return None if parsed.is_loopback or parsed.is_unspecified else address


def lan_banner(port: int, address: str | None) -> str:
    """What ``serve --lan`` prints: the address to open on the other phones and its QR code, or why there is none."""
    if address is None:
        return ("scorekeeper: this machine has no address on a local network (is the Wi-Fi on?); "
                f"listening on every interface, port {port}, all the same\n")
    url = f"http://{address}:{port}/"
    return (f"scorekeeper: on the other phones at the table (the same Wi-Fi), open {url}\n"
            f"or scan this code:\n{terminal(url)}")


def serve(host: str = "127.0.0.1", port: int = 5000, *, lan: bool = False, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    app = create_app()
    upgrade_database(app)
    if lan:
        host = ALL_INTERFACES
        out.write(lan_banner(port, lan_address()))
    print(f"scorekeeper: serving on http://{host}:{port}/ (database {app.config['SQLALCHEMY_DATABASE_URI']})",
          file=out, flush=True)
    app.run(host=host, port=port, threaded=True, request_handler=MaskedRequestHandler)  # no key in the log
    return 0
