"""`vpcharts serve`: preview the built site on localhost with the standard library's server."""

import functools
import http.server
from pathlib import Path

from ..errors import ContentError


def serve(folder: Path, port: int = 8000) -> int:
    if not (folder / "index.html").is_file():
        raise ContentError(folder, None, None, "a built site: run `vpcharts build` first")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"Serving {folder}/ at http://127.0.0.1:{server.server_address[1]}/ "
              f"(Ctrl-C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0
