"""`vpcharts serve`: preview the built site on localhost with the standard library's server."""

import functools
import http.server
from pathlib import Path

from ..core.errors import EnvironmentProblem
from .output import checked_site


def serve(folder: Path, port: int = 8000) -> int:
    checked_site(folder)  # only a site vpcharts wrote: never a folder of the user's
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as exc:
        raise EnvironmentProblem(f"127.0.0.1:{port}: {exc.strerror or exc}: expected a free port "
                                 "(give another with --port N, or --port 0 for any)") from None
    with server:
        print(f"Serving {folder}/ at http://127.0.0.1:{server.server_address[1]}/ "
              f"(Ctrl-C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0
