"""A small OpenAI-compatible HTTP server on 127.0.0.1 for tests: the network edge, not a mock of
our code. It answers POST /v1/responses from a script of replies and records every request."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def response_body(text: str, model: str, n: int) -> dict:
    return {
        "id": f"resp_{n:04d}",
        "object": "response",
        "created_at": 1_700_000_000,
        "model": model,
        "status": "completed",
        "output": [
            {
                "type": "message",
                "id": f"msg_{n}",
                "status": "completed",
                "role": "assistant",
                "content": [{"type": "output_text", "text": text, "annotations": []}],
            }
        ],
        "usage": {
            "input_tokens": 120,
            "output_tokens": 20,
            "total_tokens": 140,
            "input_tokens_details": {"cached_tokens": 0},
            "output_tokens_details": {"reasoning_tokens": 0},
        },
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": [],
    }


class FakeOpenAI:
    """script: a list of replies, used in order (the last one repeats): an int is an HTTP error
    status, a str is the model's answer text."""

    def __init__(self, script: list[int | str]):
        self.script = list(script)
        self.requests: list[bytes] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                outer.requests.append(body)
                reply = outer.script[min(len(outer.requests), len(outer.script)) - 1]
                if isinstance(reply, int):
                    payload = json.dumps(
                        {"error": {"message": f"status {reply}", "type": "server_error"}}
                    ).encode()
                    self.send_response(reply)
                else:
                    model = json.loads(body)["model"]
                    payload = json.dumps(response_body(reply, model, len(outer.requests))).encode()
                    self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
